"""Every shipped page read again with its inline hiding moved into a ``<style>`` rule must read the same.

Each element whose inline style hides it (display:none, visibility:hidden or collapse) gets a class of its own
and loses that declaration; one ``<style>`` element in the head hides the class. A browser computes the same
styles for both pages, so every observer must post the same pass (health, rows, windows, snapshot). Without
``observers/shared/stylesheet.py`` the Gmail pages with stored views are ``selector.ambiguous.main``.
"""

from __future__ import annotations

import re

import pytest
from selectolax.lexbor import LexborHTMLParser

from attest_kit.fsio import read_html
from bench.runner import pass_input
from labels.corpus import folder_pages
from observers.registry import fixture_folders, observer_ids
from observers.run import run_pass

_HIDING = re.compile(r"(?:^|;)\s*(display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?=;|$)", re.I)


def _cases() -> list[tuple[str, object]]:
    cases, seen = [], set()
    for observer_id in observer_ids():
        for folder in fixture_folders(observer_id):
            for page in folder_pages(folder):
                if page.entry.expected_for(observer_id) is not None and (observer_id, page.path) not in seen:
                    seen.add((observer_id, page.path))
                    cases.append((observer_id, page))
    return cases


def moved_to_a_stylesheet(html: str) -> tuple[str, int]:
    """``html`` with each inline hiding declaration moved into a class rule, and how many were moved."""
    tree = LexborHTMLParser(html)
    rules: list[str] = []
    for element in tree.css("[style]"):
        style = element.attrs.get("style") or ""
        hiding = _HIDING.findall(style)
        if not hiding:
            continue
        name = f"h{len(rules)}"
        element.attrs["style"] = _HIDING.sub("", style).strip("; ")
        element.attrs["class"] = f"{element.attrs.get('class') or ''} {name}".strip()
        rules.append(f".{name}{{{';'.join(hiding)}}}")
    head = tree.head
    if rules and head is not None:
        head.insert_child(LexborHTMLParser(f"<style>{' '.join(rules)}</style>").head.css_first("style"))
    return tree.html or "", len(rules)


#: The (observer, page) cases whose page hides something inline (a stored view, a summary, a switcher).
CASES = [(observer_id, page) for observer_id, page in _cases() if moved_to_a_stylesheet(read_html(page.path))[1]]


@pytest.mark.parametrize(("observer_id", "page"), CASES, ids=[f"{o}:{p.name}" for o, p in CASES])
def test_hiding_by_a_style_rule_reads_as_hiding_inline(observer_id: str, page) -> None:
    html = read_html(page.path)
    moved, _ = moved_to_a_stylesheet(html)
    facts = pass_input(page, observer_id)
    assert run_pass(moved, observer_id, facts).posted() == run_pass(html, observer_id, facts).posted()


def test_the_pages_hide_something() -> None:
    """The test above reads something: 43 of the 111 (observer, page) cases hide something inline."""
    assert len(CASES) >= 40
