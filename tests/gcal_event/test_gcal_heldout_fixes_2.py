"""Defects a second independent held-out set found (selectors 1.3.0).

1. English chip labels written day-first ("1 December 2026", as en-GB Calendar writes them) are
   English: read, never DEGRADED as another language. The day-first form is unambiguous (a month
   name stands between day and year), so reading it guesses nothing.
2. A week in which the browser's zone changes its offset (the clocks go back on 1 November 2026 at
   2am in Los Angeles): a hint naming the offset the zone has at noon of the visible days is read; one
   naming the offset it has only in the first hours of the range may be Calendar's label for that
   week or a neighbouring zone's (Denver is GMT-07 that week), so it is `time_zone.ambiguous`, not a
   mismatch and never read: an hour off for every event would be a wrong reading.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from observers.gcal_event.sentence import parse_sentence
from tests.fixture_builders.gcal_pages import PAGES, Chip
from tests.gcal_event.helpers import posted_page, variant

TZ = ZoneInfo("America/Los_Angeles")
WEEK_PAGE = next(p for p in PAGES if p.name == "synthetic-week.html")


def _health(posted):
    return posted["health"]["status"], posted["health"]["reasons"]


def test_a_day_first_english_date_reads_like_the_month_first_one():
    gb = parse_sentence("3pm to 3:30pm, Design review, Dana Whitfield, No location, 30 November 2026", TZ)
    us = parse_sentence("3pm to 3:30pm, Design review, Dana Whitfield, No location, November 30, 2026", TZ)
    assert gb is not None and gb == us
    span = parse_sentence("All day, Offsite, Team Rota, No location, 1 December 2026 to 2 December 2026", TZ)
    assert span is not None and (span.first_day, span.last_day) == (date(2026, 12, 1), date(2026, 12, 2))
    timed = parse_sentence("2 December 2026 at 10pm to 3 December 2026 at 1:15am, Night deploy, Team Rota, No location,", TZ)
    assert timed is not None and timed.start == datetime(2026, 12, 3, 6, 0, tzinfo=timezone.utc)


def test_a_page_of_day_first_english_chips_is_read():
    week = [date(2026, 11, 29) + timedelta(days=i) for i in range(7)]
    chip = Chip("gbreview01", "3pm to 3:30pm, Design review, Dana Whitfield, Accepted, No location, 30 November 2026",
                [week[1]])
    posted = posted_page(variant(WEEK_PAGE, chips=[chip]))
    assert _health(posted) == ("OK", [])
    assert [(e["title"], e["start"]) for e in posted["snapshot"]["events"]] == [("Design review", "2026-11-30T23:00:00.000Z")]


def test_a_day_first_date_that_names_no_real_day_is_unreadable():
    assert parse_sentence("3pm to 3:30pm, Design review, Dana Whitfield, No location, 31 November 2026", TZ) is None


FALL_WEEK = [date(2026, 11, 1) + timedelta(days=i) for i in range(7)]  # the clocks go back on its first day


def _fall_week(zone_hint: str):
    return variant(WEEK_PAGE, days=FALL_WEEK, chips=[], zone=zone_hint)


def test_the_week_the_clocks_go_back_reads_its_noon_offset_and_calls_the_other_ambiguous():
    instant = datetime(2026, 11, 3, 18, 0, tzinfo=timezone.utc)
    assert _health(posted_page(_fall_week("GMT-08"), instant=instant)) == ("OK", [])
    assert _health(posted_page(_fall_week("GMT-07"), instant=instant)) == ("DEGRADED", ["time_zone.ambiguous"])
    assert _health(posted_page(_fall_week("GMT-05"), instant=instant))[1] == ["time_zone.mismatch"]


def test_a_week_with_no_change_still_refuses_the_other_offset():
    assert _health(posted_page(variant(WEEK_PAGE, zone="GMT-07")))[1] == ["time_zone.mismatch"]


# --- an audit of §8.3 ------------------------------------------------------------------------------

def test_a_wall_time_the_zone_repeats_or_skips_is_unreadable():
    assert parse_sentence("1:30am to 2:30am, Early, Dana Whitfield, No location, November 1, 2026", TZ) is None
    assert parse_sentence("2:30am to 3:30am, Early, Dana Whitfield, No location, March 8, 2026", TZ) is None
    ok = parse_sentence("3am to 4am, Early, Dana Whitfield, No location, November 1, 2026", TZ)
    assert ok is not None and ok.start == datetime(2026, 11, 1, 11, 0, tzinfo=timezone.utc)


def test_an_event_ending_when_it_starts_is_not_a_day_long():
    s = parse_sentence("3pm to 3pm, Reminder, Dana Whitfield, No location, December 2, 2026", TZ)
    assert s is not None and s.end == s.start and s.days() == [date(2026, 12, 2)]
    late = parse_sentence("11pm to 12am, Late, Dana Whitfield, No location, December 2, 2026", TZ)
    assert late is not None and late.end == datetime(2026, 12, 3, 8, 0, tzinfo=timezone.utc)


def test_a_month_drawn_without_weekends_is_read_one_window_per_week():
    from tests.fixture_builders.gcal_pages import GcalPage
    days = [date(2026, 11, 30) + timedelta(days=i) for i in range(35)]
    weekdays = [d for d in days if d.weekday() < 5]
    posted = posted_page(GcalPage("x.html", "Google Calendar - December 2026", view="month", days=weekdays, zone=""))
    assert _health(posted) == ("OK", [])
    assert len(posted["windows"]) == 5 and posted["windows"][0] == {
        "windowStart": "2026-11-30T08:00:00.000Z", "windowEnd": "2026-12-05T08:00:00.000Z"}


def test_any_other_gap_is_still_range_invalid():
    from tests.fixture_builders.gcal_pages import GcalPage
    days = [date(2026, 11, 30) + timedelta(days=i) for i in range(35)]
    no_wednesdays = [d for d in days if d.weekday() != 2]
    posted = posted_page(GcalPage("x.html", "Google Calendar - December 2026", view="month", days=no_wednesdays, zone=""))
    assert _health(posted) == ("DEGRADED", ["range.invalid"])


def test_a_calendar_name_holding_a_comma_is_read_whole_when_the_side_panel_lists_it():
    text = "3pm to 4pm, Sync, Calendar: Ops, Berlin, No location, December 2, 2026"
    assert parse_sentence(text, TZ, ("Sync",), calendars=("Ops, Berlin", "Ops, Paris")).calendar == "Ops, Berlin"
    own = "3pm to 4pm, Sync, Ops, Berlin, Accepted, No location, December 2, 2026"
    assert parse_sentence(own, TZ, ("Sync",), calendars=("Ops, Berlin",)).calendar == "Ops, Berlin"
    assert parse_sentence(text, TZ, ("Sync",), calendars=("Ops",)).calendar == "Ops"


def test_the_calendar_key_of_a_chip_matches_its_side_panel_entry():
    from attest_kit.hashing import sha256_hex
    from tests.fixture_builders.gcal_pages import Calendar
    chip = Chip("opsberlin1", "3pm to 4pm, Sync, Calendar: Ops,  Berlin, No location, November 30, 2026",
                [date(2026, 11, 30)], lines=("Sync",))
    page = variant(WEEK_PAGE, chips=[chip], other=[Calendar("Ops,  Berlin", native=False)])
    posted = posted_page(page)
    assert _health(posted) == ("OK", [])
    event = posted["snapshot"]["events"][0]
    assert event["calendarKey"] == sha256_hex("Ops, Berlin")
    assert sha256_hex("Ops, Berlin") in [c["key"] for c in posted["snapshot"]["calendars"]]
