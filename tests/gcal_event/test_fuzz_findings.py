"""gcal.event: a mutation fuzzer (2026-12-03) over the shipped fixtures found "N more" wordings read as no control.

Spec §1: "A day that hides events behind 'N more' is not covered." A control whose text carried a direction mark
("\u200e2 more"), brackets, "+ 2", a closing mark or a full stop was no control, so its day read whole and was covered:
a window over hidden events, which a later pass could derive as deleted. Such marks are taken off before the wording
is matched (1.3.98); a wording that names no count ("Show more") is still no control.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from attest_kit.cli import main

_PAGE = """<!DOCTYPE html><html lang="en"><head><title>Google Calendar</title></head><body>
<header role="banner"><a role="button" aria-label="Google Account: Dana Whitfield (dana.whitfield@example.com)" href="#">D</a></header>
<ul role="list" aria-label="My calendars"><li><input type="checkbox" aria-label="Dana Whitfield" checked></li></ul>
<div role="main"><div>GMT-08</div><div role="grid"><div role="row">
<div role="gridcell" data-datekey="29057">
 <div role="button" data-eventid="ZXZ0MSBkYW5hLndoaXRmaWVsZEBleGFtcGxlLmNvbQ"><div>9am to 10am, Planning, Dana Whitfield, Accepted, No location, December 1, 2026</div></div>
 CONTROL
</div></div></div></div></body></html>"""


def _windows(tmp_path, control: str) -> list:
    page = tmp_path / "day.html"
    page.write_text(_PAGE.replace("CONTROL", control), encoding="utf-8")
    result = CliRunner().invoke(main, ["observe", str(page), "--observer", "gcal.event", "--json", "--url",
                                       "https://calendar.google.com/calendar/u/0/r/day/2026/12/1", "--tz",
                                       "America/Los_Angeles", "--now", "2026-11-30T18:00:00.000Z"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["windows"]


def test_the_page_without_a_control_covers_its_day_and_with_one_does_not(tmp_path) -> None:
    assert _windows(tmp_path, "") != []
    assert _windows(tmp_path, '<div role="button" tabindex="0">2 more</div>') == []


@pytest.mark.parametrize("wording", ["\u200e2 more", "(2 more)", "+ 2 more", "2 more \u203a", "2 more events.", "2 more\u200b",
                                     "\u20682 more\u2069"])
def test_a_more_control_with_marks_around_its_words_leaves_its_day_uncovered(tmp_path, wording: str) -> None:
    assert _windows(tmp_path, f'<div role="button" tabindex="0">{wording}</div>') == []
    assert _windows(tmp_path, f'<div role="button" tabindex="0" aria-label="{wording}"></div>') == []


def test_a_bare_count_in_brackets_drawn_in_a_day_is_a_control(tmp_path) -> None:
    assert _windows(tmp_path, '<div role="button" tabindex="0">[+2]</div>') == []


def _observe(tmp_path, page_html: str) -> dict:
    page = tmp_path / "day.html"
    page.write_text(page_html, encoding="utf-8")
    result = CliRunner().invoke(main, ["observe", str(page), "--observer", "gcal.event", "--json", "--url",
                                       "https://calendar.google.com/calendar/u/0/r/day/2026/12/1", "--tz",
                                       "America/Los_Angeles", "--now", "2026-11-30T18:00:00.000Z"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_list_repeating_one_calendar_past_the_bus_cap_is_read_not_refused(tmp_path) -> None:
    # the fuzzer's page: 250 copies of one entry made a snapshot of 250 calendars, over the bus schema's 200, and
    # the pass was message.invalid (a bug code). A third copy says nothing a second does not (a calendar named
    # twice is never named once: step._named_once), so the snapshot keeps two
    entry = '<li><input type="checkbox" aria-label="Dana Whitfield" checked></li>'
    html = _PAGE.replace("CONTROL", "").replace(entry, entry * 250)
    posted = _observe(tmp_path, html)
    assert posted["health"] == {"status": "OK", "reasons": []}, posted["health"]
    keys = [c["key"] for c in posted["snapshot"]["calendars"]]
    assert len(keys) == 2 and len(set(keys)) == 1


def test_a_calendar_listed_twice_still_makes_the_snapshot_incomplete(tmp_path) -> None:
    entry = '<li><input type="checkbox" aria-label="Dana Whitfield" checked></li>'
    posted = _observe(tmp_path, _PAGE.replace("CONTROL", "").replace(entry, entry * 2))
    assert len(posted["snapshot"]["calendars"]) == 2
