"""Chip sentences, day keys, and the two plan_pass rules Calendar needs (window end, no-account snapshot)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from attest_kit.contract import Health, Observer, PassContext, RawRow, Window
from attest_kit.plan import plan_pass
from attest_kit.day_keys import decode_date_key, encode_date_key
from observers.gcal_event.days import whole_day_windows
from observers.gcal_event.sentence import parse_sentence, read_clock

LA = ZoneInfo("America/Los_Angeles")
UTC = timezone.utc


def test_date_keys():
    assert decode_date_key("29000") == date(2026, 10, 8)
    assert encode_date_key(date(2026, 11, 30)) == 29054
    assert all(decode_date_key(v) is None for v in ("29024", "abc", "", None, "-3", "29055"))


def test_a_day_key_past_any_year_is_no_day():
    """A key of 20 digits names a year past 9999: date() raised OverflowError, which only ValueError was
    caught for, and the pass said health.threw (a bug) where the page has a key that names no day
    (range.invalid); the sanitiser, which keeps day keys, stopped on it with a traceback."""
    assert decode_date_key("9" * 20) is None
    assert decode_date_key(str(512 * 8030 + 32 + 1)) is None  # year 10000
    assert decode_date_key("1" * 5000) is None  # past the digits int() reads from a string (review of 1.3.76)


def test_windows_span_local_midnights_per_run_across_a_dst_change():
    days = [date(2026, 10, 31), date(2026, 11, 1), date(2026, 11, 3)]
    assert whole_day_windows(days, LA) == [
        Window(datetime(2026, 10, 31, 7, tzinfo=UTC), datetime(2026, 11, 2, 8, tzinfo=UTC)),
        Window(datetime(2026, 11, 3, 8, tzinfo=UTC), datetime(2026, 11, 4, 8, tzinfo=UTC))]


@pytest.mark.parametrize("text, start, end, all_day, title, calendar", [
    ("3pm to 3:30pm, Design review, Dana Whitfield, Accepted, No location, September 9, 2026",
     "2026-09-09T22:00", "2026-09-09T22:30", False, "Design review", "Dana Whitfield"),
    ("9:30am to 10am, Stand-up , Dana Whitfield, Accepted, Location: 1 Example St, October 11, 2026",
     "2026-10-11T16:30", "2026-10-11T17:00", False, "Stand-up", "Dana Whitfield"),
    ("January 4, 2026 at 10pm to January 5, 2026 at 1:15am, Title, Team Rota, No location,",
     "2026-01-05T06:00", "2026-01-05T09:15", False, "Title", "Team Rota"),
    ("All day, Holiday, Calendar: Holidays, No location, December 25, 2026",
     "2026-12-25T08:00", "2026-12-26T08:00", True, "Holiday", "Holidays"),
    ("2pm to 2:30pm, Invite test, , Needs RSVP, No location, October 8, 2026",
     "2026-10-08T21:00", "2026-10-08T21:30", False, "Invite test", None),
    ("11pm to 12am, Late one, Dana Whitfield, No location, December 1, 2026",
     "2026-12-02T07:00", "2026-12-02T08:00", False, "Late one", "Dana Whitfield"),
    ("15:00 to 15:30, Tea, Dana Whitfield, No location, December 1, 2026",
     "2026-12-01T23:00", "2026-12-01T23:30", False, "Tea", "Dana Whitfield"),
    ("3\u202fpm to 4\u202fpm, Narrow, Dana Whitfield, No location, December 1, 2026",
     "2026-12-01T23:00", "2026-12-02T00:00", False, "Narrow", "Dana Whitfield"),
    ("December 1, 2026 to December 3, 2026, Trip, Calendar: Travel, No location,",
     "2026-12-01T08:00", "2026-12-04T08:00", True, "Trip", "Travel"),
    ("All day, (No title), Dana Whitfield, No location, December 1, 2026",
     "2026-12-01T08:00", "2026-12-02T08:00", True, None, "Dana Whitfield"),
])
def test_sentence_forms(text, start, end, all_day, title, calendar):
    read = parse_sentence(text, LA)
    assert read is not None
    assert (read.start, read.end) == (datetime.fromisoformat(start + "+00:00"), datetime.fromisoformat(end + "+00:00"))
    assert (read.all_day, read.title, read.calendar) == (all_day, title, calendar)


@pytest.mark.parametrize("text", [
    "", "Design review", "15:00–15:30 Uhr, Besprechung, 30. November 2026",
    "3pm to 3:30pm, Design review, Dana Whitfield, No location,",  # a timed sentence that names no day
    "13pm to 3:30pm, X, Y, No location, December 1, 2026", "3pm to 3:75pm, X, Y, No location, December 1, 2026",
    "3pm to 4pm, X, Y, No location, Smarch 1, 2026", "3pm to 4pm, X, Y, No location, February 30, 2026",
    "January 5, 2026 at 10pm to January 4, 2026 at 1am, Backwards, Y, No location,",
    "Toute la journée, Férié, 1 décembre 2026",
    # one side on a 12-hour clock and the other without am/pm: "3:30" is not 03:30 beside "4pm" (never guess)
    "3:30 to 4pm, X, Y, No location, December 1, 2026", "1:30 to 2:30pm, X, Y, No location, December 1, 2026",
    "3pm to 15:30, X, Y, No location, December 1, 2026",
    "December 1, 2026 at 10:30 to December 2, 2026 at 1am, X, Y, No location,",
])
def test_unreadable_sentences(text):
    assert parse_sentence(text, LA) is None


def test_guests_follow_the_guests_part_and_stop_at_the_first_non_address():
    read = parse_sentence("10am to 11am, Sync, Dana Whitfield, Guests: b@example.com, a@example.org, No location, "
                          "December 1, 2026", LA)
    assert read is not None and read.guests == ("b@example.com", "a@example.org")


def test_clock_tokens():
    assert [read_clock(t) for t in ("12am", "12pm", "9:05 AM", "23:59")] == [
        datetime(2000, 1, 1, 0).time(), datetime(2000, 1, 1, 12).time(), datetime(2000, 1, 1, 9, 5).time(),
        datetime(2000, 1, 1, 23, 59).time()]
    assert read_clock("24:00") is None and read_clock("0pm") is None


# --- plan_pass ----------------------------------------------------------------------------------------

class _Fake(Observer):
    id = "gcal.event"
    source = "gcal.event"
    version = "0.0.0"

    def __init__(self, address, future_ok):
        self._address = address
        self.windows_may_end_after_instant = future_ok

    def health(self, ctx):
        return Health.ok()

    def extract(self, ctx):
        return [RawRow("calendar.created", {"occurredAt": "2026-11-30T23:00:00.000Z"})]

    def visible_windows(self, ctx):
        return [Window(ctx.instant - timedelta(days=1), ctx.instant + timedelta(days=1))]

    def all_calendars(self, ctx):
        return True

    def snapshot(self, ctx):
        return {"selectorsVersion": "gcal.event@0.0.0", "accountHash": "a" * 64, "readAt": "2026-11-30T18:00:00.000Z",
                "allCalendars": True, "days": [{"date": "2026-11-30", "whole": True}], "calendars": [], "events": []}

    def account(self, ctx):
        return self._address

    def posts_snapshot(self):
        return True


def _ctx():
    return PassContext("<html></html>", "https://calendar.google.com/", LA, datetime(2026, 11, 30, 18, tzinfo=UTC))


def test_a_window_ending_after_the_pass_is_future_unless_the_observer_says_it_may():
    refused = plan_pass(_Fake("dana@example.com", False), _ctx())
    assert refused.health.reasons == ("window.future",) and refused.windows == []
    allowed = plan_pass(_Fake("dana@example.com", True), _ctx())
    assert allowed.health.status == "OK" and len(allowed.windows) == 1 and allowed.snapshot["events"] == []


class _Malformed(_Fake):
    def snapshot(self, ctx):
        return {"events": []}  # no days, no instant: no calendar.snapshot message can be built from it


def test_a_snapshot_no_message_can_carry_is_one_degraded_health_report_never_a_raise():
    result = plan_pass(_Malformed("dana@example.com", True), _ctx())
    assert result.health.status == "DEGRADED" and result.health.reasons == ("message.invalid",)
    assert result.observations == [] and result.windows == [] and result.snapshot is None


def test_no_account_drops_the_snapshot_and_keeps_rows_and_windows():
    result = plan_pass(_Fake(None, True), _ctx())
    posted = result.posted()
    assert posted["snapshot"] is None and posted["accountHash"] is None
    assert len(posted["windows"]) == 1 and len(posted["observations"]) == 1 and posted["allCalendars"] is True
