"""Minimal pages of a held-out audit of the shown rule (selectors 1.2.4 / 1.3.4), one per defect, for all
three observers; each expectation was written from the spec before any observer ran on the page.

F1: visibility:visible inside a visibility:hidden ancestor is drawn (a Newer button, a message count, a
recipient, a chip, a "2 more", a zone hint, a progressbar, a main). F2: the hidden attribute beside an
inline computed display that draws the element. F3/F4: text inside a hidden element is not what the
page shows (a trimmed "not a receipt" line, a hidden word in a subject). F5: <noscript> content. F6: a
closed <details>. Each failed before its fix.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from observers.run import PassInput, run_pass

HERE = Path(__file__).with_name("shown_pages")
CASES = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["page"] for c in CASES])
def test_shown_page(case: dict) -> None:
    html = (HERE / case["page"]).read_text(encoding="utf-8")
    instant = datetime.fromisoformat(case["readAt"].replace("Z", "+00:00"))
    posted = run_pass(html, case["observer"], PassInput(case["url"], case["timeZone"], instant, {})).posted()
    want = case["expected"]
    assert posted["health"]["status"] == want["status"]
    assert sorted(posted["health"]["reasons"]) == sorted(want["reasons"])
    assert sorted((o["fields"] for o in posted["observations"]), key=json.dumps) == sorted(want["obs"], key=json.dumps)
    assert [[w["windowStart"], w["windowEnd"]] for w in posted["windows"]] == want["windows"]
    if case["observer"] == "gcal.event" and want.get("events") is not None:
        snapshot = posted["snapshot"]
        assert sorted([e["title"], e["start"], e["end"]] for e in snapshot["events"]) == sorted(want["events"])
        if "whole" in want:
            assert [d["whole"] for d in snapshot["days"]] == want["whole"]
            assert snapshot["allCalendars"] == want["allCalendars"]
