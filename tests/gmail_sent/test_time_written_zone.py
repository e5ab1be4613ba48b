"""A time that writes its own zone (a held-out time-boundary simulation of 2026-12-01).

Gmail writes its times in the browser's zone and names no zone (REAL-PAGES.md); the reader resolves
every time there (spec §8.1). A text that writes a zone after its clock ("2:03 PM UTC", "14:03
GMT+01:00", "2:03 PM (GMT+05:30)") was read in the browser's zone all the same: on a Los Angeles
browser "2:03 PM UTC" was 22:03Z, a row eight hours off on an OK page. A written zone is now read as
an offset and must be the browser zone's at that time; any other, or a zone named by a word this
reader cannot turn into one offset (EST, IST, "Pacific Time"), refuses the time.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from observers.shared.gmail_time import read_minute

NOW = datetime(2026, 11, 30, 23, 30, tzinfo=timezone.utc)
LA = ZoneInfo("America/Los_Angeles")
LONDON = ZoneInfo("Europe/London")
KOLKATA = ZoneInfo("Asia/Kolkata")


def _utc(text: str, tz: ZoneInfo) -> str | None:
    minute = read_minute(text, NOW, tz)
    return None if minute is None else minute.strftime("%Y-%m-%dT%H:%MZ")


@pytest.mark.parametrize("text", [
    "Mon, Nov 30, 2026, 2:03\u202fPM UTC",
    "Mon, Nov 30, 2026, 2:03 PM GMT",
    "Mon, Nov 30, 2026, 2:03 PM GMT+05:30",
    "Mon, Nov 30, 2026, 2:03 PM (GMT+05:30)",
    "Mon, Nov 30, 2026 at 2:03 PM GMT-5",
    "Mon, Nov 30, 2026, 14:03 GMT+01:00",
    "Mon, Nov 30, 2026, 14:03 UTC+1",
    "Mon, Nov 30, 2026, 14:03 +0100",
    "Mon, Nov 30, 2026, 14:03 \u221205:00",
    "Mon, Nov 30, 2026, 14:03Z",
    "Mon, Nov 30, 2026, 2:03 PM EST",  # a word: which zone it names is no fact of the page
    "Mon, Nov 30, 2026, 2:03 PM IST",
    "Mon, Nov 30, 2026, 2:03 PM Pacific Time",  # even the browser's: a long name is no offset
    "Mon, Nov 30, 2026, 2:03 PM Eastern Standard Time",
    "2:03 PM UTC",  # today's short form
    "Mon, Nov 30, 2026, 14:03 GMT+100",  # no offset form: not GMT
])
def test_a_zone_the_browser_is_not_in_refuses_the_time(text: str) -> None:
    assert _utc(text, LA) is None


@pytest.mark.parametrize("text, tz, expected", [
    ("Mon, Nov 30, 2026, 2:03 PM GMT-08:00", LA, "2026-11-30T22:03Z"),
    ("Mon, Nov 30, 2026, 2:03 PM (GMT-8)", LA, "2026-11-30T22:03Z"),
    ("Mon, Nov 30, 2026, 14:03 UTC\u221208:00", LA, "2026-11-30T22:03Z"),
    ("Mon, Nov 30, 2026, 2:03 PM GMT", LONDON, "2026-11-30T14:03Z"),
    ("Mon, Nov 30, 2026, 14:03 UTC", LONDON, "2026-11-30T14:03Z"),
    ("Mon, Nov 30, 2026, 14:03 +0530", KOLKATA, "2026-11-30T08:33Z"),
    ("Mon, Nov 30, 2026, 2:03 PM GMT+5:30", KOLKATA, "2026-11-30T08:33Z"),
])
def test_the_browser_zone_written_out_reads(text: str, tz: ZoneInfo, expected: str) -> None:
    assert _utc(text, tz) == expected


def test_summer_time_is_the_offset_of_that_day() -> None:
    """Los Angeles is GMT-7 in July and GMT-8 in November: the offset is compared on the day read."""
    july = datetime(2026, 7, 30, 23, 30, tzinfo=timezone.utc)
    assert read_minute("Thu, Jul 30, 2026, 2:03 PM GMT-07:00", july, LA) == datetime(2026, 7, 30, 21, 3,
                                                                                      tzinfo=timezone.utc)
    assert read_minute("Thu, Jul 30, 2026, 2:03 PM GMT-08:00", july, LA) is None


@pytest.mark.parametrize("text, expected", [
    ("Mon, Nov 30, 2026, 2:03 PM (5 minutes ago)", "2026-11-30T22:03Z"),  # a note, no zone
    ("Mon, Nov 30, 2026, 2:03\u202fPM", "2026-11-30T22:03Z"),
    ("Mo., 30. Nov. 2026, 14:03 Uhr", "2026-11-30T22:03Z"),  # a word, no zone
])
def test_words_after_the_clock_that_name_no_zone_still_read(text: str, expected: str) -> None:
    assert _utc(text, LA) == expected


@pytest.mark.parametrize("text, tz", [
    ("04:00-05:00", ZoneInfo("America/New_York")),  # a range: its second clock is no offset
    ("14:03 ut", LONDON),  # "ut" is a word, not UT
])
def test_what_only_looks_like_a_zone_is_no_zone_and_names_no_minute(text: str, tz: ZoneInfo) -> None:
    """A review of 1.2.32: "04:00-05:00" read the range's end as the browser's offset, and "ut" as UTC,
    each a minute the text does not name; both refused again, as before 1.2.32."""
    assert _utc(text, tz) is None


def _sent(rows, now: datetime) -> dict:
    from observers.run import PassInput, run_pass
    from tests.fixture_builders.gmail_sent_pages import ListPage, build
    page = ListPage("synthetic-test.html", "#sent", rows, older_disabled=True)
    return run_pass(build(page), "gmail.sent", PassInput("https://mail.google.com/mail/u/0/#sent",
                                                          "America/Los_Angeles", now)).posted()


def test_a_title_in_another_zone_is_never_undone_by_the_short_text_beside_it() -> None:
    """A randomized Sent-list audit of 2026-12-01: the title "…, 2:03 PM UTC" was refused (1.2.32), and the
    span's own text "2:03 PM", today's short form of the same UTC clock, was read in the browser's zone:
    22:03Z on an OK page. A time element whose title or aria-label names another zone is untold (1.2.34)."""
    from tests.fixture_builders.gmail_sent_pages import DANIEL, NNBSP, Row
    now = datetime(2026, 11, 30, 23, 30, tzinfo=timezone.utc)
    utc = Row([DANIEL], "Subject", f"Mon, Nov 30, 2026, 2:03{NNBSP}PM UTC", f"2:03{NNBSP}PM", "a" * 16)
    posted = _sent([utc], now)
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["time.unreadable"]} and posted["windows"] == []
    same = Row([DANIEL], "Subject", f"Mon, Nov 30, 2026, 2:03{NNBSP}PM GMT-08:00", f"2:03{NNBSP}PM", "a" * 16)
    assert [o["fields"]["occurredAt"] for o in _sent([same], now)["observations"]] == ["2026-11-30T22:03:00.000Z"]
