"""Every message a pass posts fits its bus schema, or the pass posts only DEGRADED message.invalid
(spec §3.3: "If any message of the pass fails its bus schema (a bug), the pass posts only a DEGRADED
message.invalid health report"; §9: send() refuses an invalid message before it leaves).

A held-out audit found the rule missing: a week showing an event longer than six weeks (a secondment,
"October 19, 2026 at 9am to December 18, 2026 at 5pm") posted OK, a window and a snapshot whose
event listed 61 days, over the bus's cap; the ledger refused the snapshot, stored nothing, and the
health stayed OK on every pass. An event's days are now the days it touches in the visible range, and
``beganBefore`` says whether it began before it (all the step reads; 1.3.10 wrote the range's eve first
in its days instead, a day the range does not show, 1.3.89), and a message that still fails its schema
turns the pass into the one health report.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from attest_kit.bus import SCHEMA_LIMITS, parse_message
from attest_kit.ledger.plug import pass_messages
from observers.gcal_event.step import chain
from observers.run import PassInput, run_pass
from tests.gcal_event.helpers import READ_AT, ZONE, posted_for
from tests.gcal_event.test_gcal_review_fixes import REVIEW, grid, health, page, row

URL = "https://calendar.google.com/calendar/u/0/r/week/2026/11/30"


def _chip(event_id: str, sentence: str, line: str) -> str:
    return (f'<div role="button" data-eventid="{event_id}"><div>{sentence}</div>'
            f'<div aria-hidden="true">{line}</div></div>')


LONG = _chip("c2Vj", "October 19, 2026 at 9am to December 18, 2026 at 5pm, Secondment, Dana Whitfield, Accepted, "
             "No location,", "Secondment")
LEAVE = ('<div data-eventid="bGVhdmU"><div role="button"><div>All day, Parental leave, Dana Whitfield, No location, '
         'September 1, 2026 to February 26, 2027</div><div aria-hidden="true">Parental leave</div></div></div>')


def _messages(html: str) -> list[dict]:
    result = run_pass(html, "gcal.event", PassInput(URL, ZONE, READ_AT, {}))
    return pass_messages(result, ZoneInfo(ZONE))


def test_an_event_longer_than_six_weeks_is_read_and_every_message_fits_the_bus():
    html = page(grid(row({"29054": REVIEW, "29057": LEAVE})), grid(row({"29054": LONG})))
    posted = posted_for(html)
    assert health(posted) == ("OK", [])
    by_title = {e["title"]: e for e in posted["snapshot"]["events"]}
    week = ["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"]
    # began before the range: every day of the range it touches, and the flag
    assert by_title["Secondment"]["days"] == week and by_title["Secondment"]["beganBefore"] is True
    assert by_title["Parental leave"]["days"] == week and by_title["Parental leave"]["beganBefore"] is True
    assert by_title["Design review"]["days"] == ["2026-11-30"] and by_title["Design review"]["beganBefore"] is False
    assert by_title["Secondment"]["start"] == "2026-10-19T16:00:00.000Z"  # the event itself is unchanged
    for message in _messages(html):
        parse_message(message)


def test_the_step_still_tells_an_event_that_began_before_the_range_from_a_new_one():
    before = posted_for(page(grid(row({"29054": REVIEW})), grid(row())))["snapshot"]
    new_chip = _chip("bmV3", "10am to 11am, Kickoff, Dana Whitfield, Accepted, No location, November 29, 2026", "Kickoff")
    after = posted_for(page(grid(row({"29054": REVIEW})), grid(row({"29053": new_chip, "29054": LONG}))),
                       instant=READ_AT.replace(minute=1))["snapshot"]
    results, _ = chain([before, after])
    rows = {r.fields.get("subjectHint"): (r.type, bool(r.first_sighting)) for r in results[1].rows}
    # one that began before the range could not have been seen by the stored view: a first sighting;
    # one new on the range's first day is a creation the stored view would have shown
    assert rows == {"Secondment": ("calendar.created", True), "Kickoff": ("calendar.created", False)}


def test_a_message_over_its_cap_turns_the_pass_into_one_degraded_health_report():
    title = "Planning " * (SCHEMA_LIMITS["title"] // 9 + 5)  # longer than the bus carries
    chip = _chip("dGl0", f"3pm to 3:30pm, {title.strip()}, Dana Whitfield, Accepted, No location, December 2, 2026",
                 title.strip())
    posted = posted_for(page(grid(row({"29054": REVIEW, "29058": chip}))))
    assert health(posted) == ("DEGRADED", ["message.invalid"])
    assert posted["observations"] == [] and posted["windows"] == [] and posted["snapshot"] is None
    assert posted["accountHash"] is None
    messages = _messages(page(grid(row({"29054": REVIEW, "29058": chip}))))
    assert [m["type"] for m in messages] == ["adapter.health"]
    parse_message(messages[0])


def _stored(html: str, tmp_path) -> tuple[list[bool], dict]:
    from attest_kit.ledger import Ledger
    from attest_kit.ledger.commands import load_calendar_step

    ledger = Ledger(str(tmp_path / "ledger.sqlite"), clock=lambda: READ_AT.replace(minute=5), step=load_calendar_step())
    acks = [ledger.handle(m, tab="t1").ok for m in _messages(html)]
    counts = ledger.counts()
    ledger.close()
    return acks, counts


def test_a_list_drawn_empty_or_a_calendar_with_no_name_is_posted_and_stored(tmp_path):
    # The same check found this one: such a calendar is in the snapshot with no key (it keeps
    # allCalendars false and the view incomplete), and the bus refused a calendar without a key,
    # so the ledger refused every such pass (invalid_input) while the page read fine.
    empty = page(grid(row({"29054": REVIEW})), panel='<ul role="list" aria-label="My calendars"></ul>'
                 '<ul role="list" aria-label="Other calendars"><li><input type="checkbox" aria-label="Holidays" checked>'
                 '</li></ul>')
    unnamed = page(grid(row({"29054": REVIEW})), panel='<ul role="list" aria-label="My calendars">'
                   '<li><input type="checkbox" aria-label="Dana Whitfield" checked></li>'
                   '<li><input type="checkbox" checked></li></ul>')
    for i, html in enumerate((empty, unnamed)):
        posted = posted_for(html)
        assert health(posted) == ("OK", []) and posted["snapshot"] is not None
        assert None in [c["key"] for c in posted["snapshot"]["calendars"]]
        sub = tmp_path / str(i)
        sub.mkdir()
        acks, counts = _stored(html, sub)
        assert all(acks) and counts["snapshot_records"] == 1 and counts["windows"] >= 1


def test_a_range_ending_on_the_last_calendar_day_never_raises():
    # a review: the last day's next midnight overflowed while the messages were built, and the pass raised
    from datetime import date

    from attest_kit.contract import PassContext
    from attest_kit.plan import plan_pass
    from observers.registry import get_observer

    last = date(9999, 12, 31)
    key = (last.year - 1970) * 512 + last.month * 32 + last.day
    # the day hidden behind "N more": no window, but a snapshot whose day's next midnight is past the calendar
    html = page(grid('<div role="row">' + f'<div role="gridcell" data-datekey="{key}"><div role="button">2 more</div>'
                     "</div></div>"))
    ctx = PassContext(html, URL, ZoneInfo(ZONE), READ_AT, {})
    result = plan_pass(get_observer("gcal.event"), ctx)
    assert result.health.status == "DEGRADED"
