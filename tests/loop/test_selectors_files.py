"""Every selectors.json: strict, named, and free of class selectors (spec §5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from attest_kit.selectors import SelectorsError, SelectorsFile, load_selectors
from observers.registry import ROOT, observer_ids, selectors_path

FILES = sorted(ROOT.glob("*/selectors.json"))
# A class selector: a dot that starts an identifier outside brackets and quotes, or [class...].
_CLASS_SELECTOR = re.compile(r"(^|[\s>+~,(])[\w\-*]*\.-?[_a-zA-Z]|\[\s*class\s*[~|^$*]?=")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _without_brackets(selector: str) -> str:
    return re.sub(r"\[[^\]]*\]", "[]", selector)


def test_the_class_rule_catches_a_class_selector():
    assert _CLASS_SELECTOR.search(_without_brackets("div.zA > span"))
    assert _CLASS_SELECTOR.search(".gD")
    assert _CLASS_SELECTOR.search("[class~=xY]")
    assert not _CLASS_SELECTOR.search(_without_brackets("[role=button][aria-label='Google Account: a.b']"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.parent.name)
def test_no_class_selector_in_any_selectors_json(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    for selector in _strings(data.get("selectors", {})):
        assert not _CLASS_SELECTOR.search(_without_brackets(selector)), f"{path}: class selector {selector!r}"
        assert not re.search(r"\[\s*class", selector), selector


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
