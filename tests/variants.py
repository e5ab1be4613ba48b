"""Page variants made by code from the fixtures (DESIGN.md): every observer's tests run them.

- every class attribute rewritten: the pass must be identical (no observer reads a class);
- a landmark removed or doubled: the pass must turn DEGRADED with the right selector.* reason;
- the shown view duplicated.
"""

from __future__ import annotations

import random
import re

from selectolax.lexbor import LexborHTMLParser

from observers.shared.dom import ShownRule

_CLASS = re.compile(r'\sclass="[^"]*"')


def rewrite_classes(html: str, seed: int = 7) -> str:
    """Give every class attribute a fresh random value."""
    rng = random.Random(seed)

    def fresh(_: re.Match[str]) -> str:
        return ' class="' + "".join(rng.choice("qwertyuiopasdfghjklzxcvbnm") for _ in range(5)) + '"'

    rewritten = _CLASS.sub(fresh, html)
    assert rewritten != html or ' class="' not in html
    return rewritten


def _shown_matches(tree: LexborHTMLParser, selector: str):
    rule = ShownRule()
    return [n for n in tree.css(selector) if rule.shown(n)]


def remove_landmark(html: str, selector: str) -> str:
    """Remove every shown element matching ``selector``."""
    tree = LexborHTMLParser(html)
    for node in _shown_matches(tree, selector):
        node.decompose()
    return tree.html or ""


def double_landmark(html: str, selector: str) -> str:
    """Insert a copy of the first shown element matching ``selector`` right after it."""
    tree = LexborHTMLParser(html)
    first = _shown_matches(tree, selector)[0]
    copy = LexborHTMLParser(first.html or "").body.child  # type: ignore[union-attr]
    first.insert_after(copy)
    return tree.html or ""


#: English interface words and what another display language writes instead (German here).
GERMAN = {
    'aria-label="Older"': 'aria-label="Ältere"', 'data-tooltip="Older"': 'data-tooltip="Ältere"',
    'aria-label="Newer"': 'aria-label="Neuere"', 'data-tooltip="Newer"': 'data-tooltip="Neuere"',
    "Google Account:": "Google-Konto:", "Sent Mail - ": "Gesendet - ", "(no subject)": "(kein Betreff)",
}


def change_language(html: str, words: dict[str, str] = GERMAN) -> str:
    """The interface words of a page in another display language."""
    for english, other in words.items():
        html = html.replace(english, other)
    return html
