"""Two clock forms a held-out simulation of 2026-12-01 found (observers/shared/gmail_time.py, 1.2.29).

- A Latin AM/PM word written before the clock, as current CLDR writes Korean ("2026년 12월 3일 (목)
  PM 3:20"): it was dropped with the date's other words and the clock read as 24-hour, a row
  twelve hours early on an OK page. It is the clock's meridiem, as 오후 is.
- Canadian French writes "11 h 20" (spaces around the h): the row was time.unreadable, every Sent
  page of such a user DEGRADED.

A lower-case "am"/"pm" before a clock that could be a 12-hour one is not read as either (German
"am" is a preposition): refused, never read as a 24-hour clock.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from observers.shared.gmail_time import names_a_day_or_time, read_minute

NOW = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)
SEOUL = ZoneInfo("Asia/Seoul")
TORONTO = ZoneInfo("America/Toronto")


def _local(text: str, tz: ZoneInfo) -> str | None:
    minute = read_minute(text, NOW, tz)
    return None if minute is None else minute.astimezone(tz).strftime("%Y-%m-%d %H:%M")


@pytest.mark.parametrize("text, expected", [
    ("2026년 12월 3일 (목) PM 3:20", "2026-12-03 15:20"),
    ("2026년 12월 3일 (목) AM 3:20", "2026-12-03 03:20"),
    ("2026년 12월 1일 (화) PM 12:05", "2026-12-01 12:05"),
    ("2026년 12월 1일 (화) AM 12:05", "2026-12-01 00:05"),
    ("2026년 12월 3일 (목) P.M. 3:20", "2026-12-03 15:20"),
    ("PM 1:05", "2026-12-04 13:05"),  # today's short form
])
def test_a_latin_am_pm_word_before_the_clock_is_its_meridiem(text: str, expected: str) -> None:
    assert _local(text, SEOUL) == expected


@pytest.mark.parametrize("text", [
    "2026년 12월 3일 (목) PM 13:20",  # a 12-hour word before a 24-hour clock: no minute
    "2026년 12월 3일 (목) PM 3:20 PM",  # two words for one clock
    "2026년 12월 3일 (목) pm 3:20",  # lower case before a 12-hour clock: never read as 24-hour
    "Do., 3. Dez. 2026 am 3:20",
])
def test_a_clock_an_am_pm_word_before_it_does_not_tell_is_refused(text: str) -> None:
    assert _local(text, SEOUL) is None


def test_a_lower_case_am_before_a_24_hour_clock_is_no_meridiem() -> None:
    assert _local("Do., 3. Dez. 2026 am 15:20", SEOUL) == "2026-12-03 15:20"


@pytest.mark.parametrize("text, expected", [
    ("jeu. 3 déc. 2026, 11 h 20", "2026-12-03 11:20"),
    ("lun. 30 nov. 2026, 08 h 05", "2026-11-30 08:05"),
    ("jeu. 3 déc. 2026, 23\u00a0h\u00a020", "2026-12-03 23:20"),
    ("6 h 20", "2026-12-04 06:20"),  # today's short form
    ("jeu. 3 déc. 2026, 14h03", "2026-12-03 14:03"),  # the form read before
])
def test_a_canadian_french_clock_reads(text: str, expected: str) -> None:
    assert _local(text, TORONTO) == expected


def test_a_spaced_h_clock_names_a_time() -> None:
    assert names_a_day_or_time("11 h 20")


@pytest.mark.parametrize("text", [
    "Thursday, December 3, 2026 at 3:20:00 PM GMT-05:00",  # CLDR's full form: seconds, then a zone offset
    "3. Dezember 2026 um 15:20:00 GMT+01:00",
])
def test_a_zone_offset_is_never_the_clock(text: str) -> None:
    """The clock with seconds is no clock this reader reads, and the offset after it ("-05:00") was read
    in its place: 05:00, a row hours off. A number right after a sign is an offset."""
    assert _local(text, TORONTO) is None


def test_a_word_after_a_clock_its_latin_word_before_already_told_is_refused() -> None:
    """"AM 9:14 PTG": the clock has an AM/PM word before it and an unknown word after it, which may say the
    other half of the day; refused as "9:14 PTG" is (an end-of-day review)."""
    assert _local("2026년 12월 3일 (목) AM 9:14 PTG", SEOUL) is None
