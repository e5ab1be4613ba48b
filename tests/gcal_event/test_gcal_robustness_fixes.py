"""What a robustness fuzz of the shipped Calendar pages found (1.3.76): mutations a vendor's markup change
or a deep page makes, each failing before its fix. Pages are the shipped week, changed in one way.

1. A week whose timed chips lost both their ``data-eventid`` and their button role read OK over the
   whole week with the all-day event alone: no chip the selectors know was
   left to say "unreadable". Each day cell's heading still counts its events ("1 event, Monday,
   November 30"), as the month check reads them: a whole day whose heading counts events and that no
   read event touches is a selector that stopped matching (spec §7: never a silent zero).
2. Main's content inside thousands of nested elements: the "N more" search read each ancestor's whole
   text afresh on the way up (n^2: 10,000 deep, about ten minutes).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import observers.gcal_event.page as gcal_page
from tests.gcal_event.helpers import posted_for

WEEK = (Path(__file__).parents[2] / "fixtures/pages/gcal/2026-11-30/synthetic-week.html").read_text(encoding="utf-8")


def _unmark_timed_chips(html: str) -> str:
    """Every timed chip (one whose sentence starts with a clock) without its id and its button role."""
    def unmark(m: re.Match[str]) -> str:
        return m.group(0).replace("data-eventid=", "data-event-ref=").replace('role="button"', 'role="link"')
    return re.sub(r'<div[^>]*data-eventid="[^"]*"[^>]*>(?=<div[^>]*>\d{1,2}(?::\d\d)?[ap]m to )', unmark, html)


def test_the_shipped_week_reads_its_timed_events():
    posted = posted_for(WEEK)
    assert posted["health"]["status"] == "OK"
    assert len(posted["snapshot"]["events"]) >= 2


def test_timed_chips_that_lost_their_id_and_role_are_unreadable_not_absent():
    changed = _unmark_timed_chips(WEEK)
    assert changed != WEEK and changed.count("data-event-ref=") >= 2
    posted = posted_for(changed)
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["event.unreadable"]}
    assert posted["windows"] == []


def test_a_heading_that_counts_no_event_asks_nothing():
    """The check reads only a heading that counts one event or more: "No events" days stay whole."""
    posted = posted_for(WEEK.replace("1 event, ", "No events, "))
    assert posted["health"]["status"] == "OK"


def _nested(depth: int, wrapper: str = "<div>") -> str:
    """The week with a short text ("x") inside ``depth`` nested elements at the start of main: every
    ancestor's text is short, so the "N more" search climbs through all of them."""
    at = WEEK.index('role="main"')
    body_start = WEEK.index(">", at) + 1
    return WEEK[:body_start] + wrapper * depth + "x" + "</div>" * depth + WEEK[body_start:]


@pytest.mark.parametrize("wrapper", ["<div>", '<div style="display:block;visibility:visible">'],
                         ids=["bare", "as-captured"])
def test_main_inside_deep_nesting_reads_each_ancestor_once(monkeypatch, wrapper):
    """A count of the work, not a timing: the texts read while climbing from "N more" candidates grow with
    the elements read, not with the elements times the depth."""
    calls: list[int] = []
    real = gcal_page.accessible_text_within

    def counted(node, *args, **kwargs):
        calls.append(1)
        return real(node, *args, **kwargs)

    monkeypatch.setattr(gcal_page, "accessible_text_within", counted)
    flat = posted_for(WEEK)
    flat_calls = len(calls)
    calls.clear()
    deep = posted_for(_nested(300, wrapper))
    assert deep["health"] == flat["health"] and deep["snapshot"]["events"] == flat["snapshot"]["events"]
    assert len(calls) <= flat_calls + 10, (flat_calls, len(calls))


def test_a_wrapper_reads_its_one_child_only_where_the_child_hides_nothing_of_its_own():
    """Review of 1.3.76: a shown button whose one child is visibility:hidden with its words set visible again
    reads "2 more" (the button's reading sees the visible words), while the child read on its own starts
    from its own hidden state and reads the hidden "▾" too: taken over from the child, the control was lost
    and Friday, which hides two events, counted whole."""
    control = ('<div role="button" tabindex="0" style="display:block;visibility:visible"><span style="display:inline;'
               'visibility:hidden">▾<span style="display:inline;visibility:visible">2</span><span style="display:'
               'inline;visibility:visible"> more</span></span></div>')
    empty_friday = 'data-datekey="29060" style="display:block;visibility:visible"></div>'
    assert empty_friday in WEEK
    posted = posted_for(WEEK.replace(empty_friday, empty_friday[:-6] + control + "</div>", 1))
    days = {d["date"]: d["whole"] for d in posted["snapshot"]["days"]}
    assert days["2026-12-04"] is False and days["2026-12-03"] is True


def _with_third_list(entry: str) -> str:
    at = WEEK.index('<ul class="jm Jf" role="list" aria-label="Other calendars"')
    return WEEK[:at] + f'<div aria-labelledby="shared-h"><h3 id="shared-h">Shared calendars</h3>{entry}</div>' + WEEK[at:]


def test_an_unticked_calendar_outside_the_named_lists_says_not_every_calendar_is_shown():
    """A calendar-list audit: a list labelled another way (aria-labelledby, a third list) holding a calendar
    switched off read allCalendars true, as if every calendar were shown (spec §1: "A calendar switched off
    hides its events, and coverage then says so (allCalendars: false)")."""
    plain = posted_for(WEEK)
    assert plain["allCalendars"] is True
    off = posted_for(_with_third_list('<input type="checkbox" aria-label="Ops Rota">'))
    assert off["health"]["status"] == "OK" and off["allCalendars"] is False
    assert off["snapshot"]["allCalendars"] is False
    on = posted_for(_with_third_list('<input type="checkbox" aria-label="Ops Rota" checked>'))
    assert on["allCalendars"] is True
    # a checkbox in a dialog (settings), hidden, or in no region named as calendars (a task's) is no calendar
    in_dialog = _with_third_list('<div role="dialog"><input type="checkbox" aria-label="Show weekends"></div>')
    assert posted_for(in_dialog)["allCalendars"] is True
    hidden = _with_third_list('<input type="checkbox" aria-label="Ops Rota" style="display:none">')
    assert posted_for(hidden)["allCalendars"] is True
    at = WEEK.index('<ul class="jm Jf" role="list" aria-label="Other calendars"')
    task = WEEK[:at] + '<div aria-label="Tasks"><div role="checkbox" aria-checked="false" aria-label="Mark complete"></div></div>' + WEEK[at:]
    assert posted_for(task)["allCalendars"] is True


def test_a_dialog_s_copy_of_a_list_is_no_list_of_the_side_panel():
    """A calendar-list audit: a dialog holding its own "My calendars" list was read beside the panel's (every
    calendar named twice, so no snapshot was ever complete, and a collapsed panel section read as filled)."""
    at = WEEK.index('<ul class="jm Jf" role="list" aria-label="Other calendars"')
    dialog = ('<div role="dialog"><div aria-label="My calendars"><input type="checkbox" aria-label="Dana Whitfield" '
              'checked><input type="checkbox" aria-label="Team Rota" checked></div></div>')
    posted = posted_for(WEEK[:at] + dialog + WEEK[at:])
    assert posted["snapshot"]["calendars"] == posted_for(WEEK)["snapshot"]["calendars"]


def test_a_calendar_name_a_comma_may_cut_and_no_list_names_is_unreadable():
    """A calendar-list audit: with "Other calendars" not filled in yet, "Calendar: Smith, Jones" read as the
    calendar "Smith" (the rest a leftover part); once the list named "Smith, Jones", the step derived a
    calendar.updated that never happened. A name no list settles is not guessed (spec §1: DEGRADED, not
    guessed): the chip is unreadable until a list names it."""
    chip = "Calendar: Holidays in Testland"
    assert chip in WEEK
    posted = posted_for(WEEK.replace(chip, "Calendar: Smith, Jones"))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["event.unreadable"]}
    # listed, it reads whole
    listed = WEEK.replace(chip, "Calendar: Smith, Jones").replace('aria-label="Holidays in Testland"',
                                                                  'aria-label="Smith, Jones"')
    read = posted_for(listed)
    assert read["health"]["status"] == "OK"


def test_an_unlisted_calendar_before_the_date_still_reads():
    """A review of 1.3.79: the guard counted the sentence's trailing date as part of a possible name, and every
    chip of a calendar no list names whose sentence says no status and no place was unreadable; an invitation
    whose title starts "Calendar:" (its calendar part empty) was too."""
    unlisted = WEEK.replace("Calendar: Holidays in Testland, No location,", "Calendar: Ops,")
    assert unlisted != WEEK
    posted = posted_for(unlisted)
    assert posted["health"]["status"] == "OK", posted["health"]


def test_a_drawer_s_lists_stay_the_lists_beside_a_hidden_stale_copy():
    """A review of 1.3.79: with the live lists in a drawer drawn as a dialog and a hidden stale copy outside, the
    copy's ticks were read and a live calendar switched off was missed (allCalendars true)."""
    start = WEEK.rindex("<", 0, WEEK.index('aria-label="My calendars"'))
    end = WEEK.index("</ul>", WEEK.index('aria-label="Other calendars"')) + len("</ul>")
    lists = WEEK[start:end]
    live = lists.replace('aria-label="Team Rota" checked', 'aria-label="Team Rota"')
    assert live != lists
    page = WEEK[:start] + f'<div style="display:none">{lists}</div><div role="dialog">{live}</div>' + WEEK[end:]
    assert posted_for(page)["allCalendars"] is False
