"""Every selectors.json: strict, named, and free of class selectors (spec §5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from attest_kit.selectors import SelectorsError, SelectorsFile, load_selectors
from observers.registry import ROOT, observer_ids, selectors_path

FILES = sorted(ROOT.glob("*/selectors.json"))


def _string_end(selector: str, i: int) -> int:
    """The index after the quoted string that opens at ``i`` (escapes honoured; an open string runs to the end)."""
    quote, i = selector[i], i + 1
    while i < len(selector) and selector[i] != quote:
        i += 2 if selector[i] == "\\" else 1
    return i + 1


def _bracket_end(selector: str, i: int) -> int:
    """The index of the ``]`` that closes the attribute selector opening at ``i`` (quotes and escapes skipped)."""
    i += 1
    while i < len(selector) and selector[i] != "]":
        if selector[i] in "'\"":
            i = _string_end(selector, i)
        else:
            i += 2 if selector[i] == "\\" else 1
    return i


#: An attribute selector on the class attribute, in any case, with or without a namespace or a value.
_CLASS_ATTRIBUTE = re.compile(r"\s*(?:[-\w*]*\|)?class\s*(?:[~|^$*]?=|$)", re.IGNORECASE)


def _has_class_selector(selector: str) -> bool:
    """Whether ``selector`` anchors on a class anywhere: a ``.name`` or an attribute selector on ``class``.

    Read the way CSS tokenises it, not by a pattern over the whole text: a dot inside a quoted string,
    inside an attribute selector's value or after a backslash is text, and outside those a dot can
    only start a class selector, whatever it follows (a type, an id, ``]``, a pseudo-class, ``(``).
    """
    i = 0
    while i < len(selector):
        char = selector[i]
        if char == "\\":
            i += 2
        elif char in "'\"":
            i = _string_end(selector, i)
        elif char == "[":
            end = _bracket_end(selector, i)
            if _CLASS_ATTRIBUTE.match(selector[i + 1:end]):
                return True
            i = end + 1
        elif char == ".":
            return True
        else:
            i += 1
    return False


def _css_strings(value, css: bool = False):
    """Every string of a selectors.json that is a CSS selector: all under ``selectors``, and any kept
    elsewhere under a key named for a selector (``rowSelector``), so moving one out of ``selectors``
    does not hide it. Patterns, words and domains ("stripe.com") are not CSS and are not scanned."""
    if isinstance(value, str):
        if css:
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _css_strings(item, css or key == "selectors" or key.lower().endswith(("selector", "selectors")))
    elif isinstance(value, list):
        for item in value:
            yield from _css_strings(item, css)


#: A class selector wherever CSS allows a compound: after a type, an id, an attribute, a pseudo-class,
#: inside :is()/:not()/:has(), in any member of a list; and [class] attribute selectors in any case.
CLASS_SELECTORS = [
    "div.zA > span", ".gD", "*.zA", "[role=main].zA", "#x.zA", "td:first-child.zA", ":is(.zA)",
    ":is([role=row]).zA", ":not(.zA)", "div:has(> .zA)", "[data-x].y, [role=grid]", "[role=grid], .y",
    "[data-x='a'].zA", '[title="]"].zA', "a[href*='#sent'].zA", "[class~=xY]", "[ class ]", "[CLASS=x]",
    "[class|=x]", ":is([role=row], [class])",
]
#: Dots that are no class selector: inside attribute values (quoted or not), inside strings, escaped.
NOT_CLASS_SELECTORS = [
    "a[href*='#sent']", '[title*="."]', "[role=button][aria-label='Google Account: a.b']", "[data-version='1.2']",
    ":is([title], [aria-label]):not([role=button], [role=checkbox], [role=toolbar] *)", "[title*='\\'.']",
    "#a\\.b", "[data-class=x]", "[aria-label*='.class']", "[role=main]",
]


def test_the_examples_are_selectors_lexbor_reads():
    """So the rule is proved on CSS an observer could ship, not on strings no selector engine takes."""
    tree = LexborHTMLParser("<p></p>")
    for selector in CLASS_SELECTORS + NOT_CLASS_SELECTORS:
        tree.css(selector)


@pytest.mark.parametrize("selector", CLASS_SELECTORS)
def test_the_class_rule_catches_a_class_selector_anywhere(selector):
    assert _has_class_selector(selector), selector


@pytest.mark.parametrize("selector", NOT_CLASS_SELECTORS)
def test_the_class_rule_passes_dots_inside_values_and_strings(selector):
    assert not _has_class_selector(selector), selector


def test_every_css_string_of_a_selectors_file_is_scanned():
    """A selector kept beside the others (a nested group, a key named for a selector) is still CSS."""
    data = {"selectors": {"main": "[role=main]", "group": {"row": "[role=main].zA"}, "list": ["#x.zA"]},
            "registry": {"rowSelector": "td:first-child.zA"}, "patterns": {"amazon": "Amazon\\.com"},
            "labels": {"domain": "stripe.com"}}
    found = [s for s in _css_strings(data) if _has_class_selector(s)]
    assert found == ["[role=main].zA", "#x.zA", "td:first-child.zA"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.parent.name)
def test_no_class_selector_in_any_selectors_json(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    scanned = list(_css_strings(data))
    assert scanned, f"{path}: no CSS selector found to scan"
    for selector in scanned:
        assert not _has_class_selector(selector), f"{path}: class selector {selector!r}"
    # An attribute the reader reads by name is an anchor too: never the class attribute.
    attributes = data.get("attributes", {})
    assert all(str(name).strip().lower() != "class" for name in attributes.values()), f"{path}: reads the class attribute"


def test_every_registered_observer_has_a_strict_file_naming_it():
    assert "gmail.sent" in observer_ids()
    for observer_id in observer_ids():
        data = json.loads(selectors_path(observer_id).read_text(encoding="utf-8"))
        assert data["observer"] == observer_id and re.match(r"^\d+\.\d+\.\d+$", data["version"])
        assert data["fixtures"], f"{observer_id} lists no fixture folder"


def test_a_bad_selectors_file_fails_loudly(tmp_path: Path):
    bad = tmp_path / "selectors.json"
    bad.write_text(json.dumps({"observer": "gmail.sent", "version": "1.0", "fixtures": []}))
    with pytest.raises(SelectorsError, match="version"):
        load_selectors(bad, SelectorsFile, "gmail.sent")
    bad.write_text(json.dumps({"observer": "gmail.sent", "version": "1.0.0", "fixtures": [], "typo": 1}))
    with pytest.raises(SelectorsError, match="typo"):
        load_selectors(bad, SelectorsFile, "gmail.sent")
    bad.write_text("{")
    with pytest.raises(SelectorsError):
        load_selectors(bad, SelectorsFile, "gmail.sent")


_MODELS = {
    "gmail.sent": ("observers.gmail_sent.selectors", "SentSelectorsFile", "legacyId"),
    "gmail.receipt": ("observers.gmail_receipt.selectors", "ReceiptSelectorsFile", "legacyId"),
    "gcal.event": ("observers.gcal_event.selectors", "GcalSelectorsFile", "zoneHint"),
}


@pytest.mark.parametrize("observer_id", sorted(_MODELS))
def test_a_selector_lexbor_cannot_read_or_a_pattern_re_cannot_compile_fails_at_load(observer_id, tmp_path):
    """A mistyped selector ("[[role=grid]]") loaded and every pass said health.threw, the selector
    never named; a bad pattern was a re.error traceback. Both are a bad selectors.json: one line, named."""
    import importlib

    module, model_name, pattern_key = _MODELS[observer_id]
    model = getattr(importlib.import_module(module), model_name)
    good = json.loads(selectors_path(observer_id).read_text(encoding="utf-8"))
    bad = tmp_path / "selectors.json"
    key = sorted(good["selectors"])[0]
    bad.write_text(json.dumps({**good, "selectors": {**good["selectors"], key: "[[role=grid]]"}}), encoding="utf-8")
    with pytest.raises(SelectorsError, match=rf"selectors\.{key}.*\[\[role=grid\]\]"):
        load_selectors(bad, model, observer_id)
    bad.write_text(json.dumps({**good, "patterns": {**good["patterns"], pattern_key: "(unclosed"}}), encoding="utf-8")
    with pytest.raises(SelectorsError, match="pattern"):
        load_selectors(bad, model, observer_id)


@pytest.mark.parametrize("observer", observer_ids())
def test_every_selectors_version_is_recorded_with_the_folder_it_was_checked_against(observer):
    """The spec's Decisions.md rule: every selectors version has a row naming the fixture folder it was checked
    against (one the observer lists), and the observer's doc names the version it describes. A user-journey review
    bumped a version with neither and nothing said so."""
    from observers.registry import fixture_folders, version_of

    version = version_of(observer)
    decisions = (ROOT.parent / "DECISIONS.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| \d{{4}}-\d{{2}}-\d{{2}} \| {re.escape(observer)} \| {re.escape(version)} \| ([^|]+) \|",
                    decisions, re.M)
    assert row, f"DECISIONS.md has no row for {observer} {version}"
    checked = [f.strip() for f in row.group(1).split(",")]
    assert set(checked) <= set(fixture_folders(observer)), (checked, fixture_folders(observer))
    doc = (ROOT.parent / "docs" / f"{observer.replace('.', '_')}.md").read_text(encoding="utf-8")
    head = doc.split("\n## ", 1)[0]
    assert re.search(rf"(?<![\d.]){re.escape(version)}(?![\d])", head), f"docs for {observer} do not name {version}"
