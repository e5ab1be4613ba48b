"""Absolute times in more display languages (observers/shared/gmail_time.py, selectors 1.2.0).

An independent held-out set found Japanese, Chinese, Korean, Russian and Turkish titles unread
(`time.unreadable`). A reader that cannot tell a time must refuse it, never misread it: a 12-hour
clock whose AM/PM word it does not know is unreadable, not read as a 24-hour one, and a month word
another language Gmail offers gives another month (Polish and Croatian share lip and lis) is not
read at all.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from observers.shared.gmail_time import read_minute

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)
TOKYO = ZoneInfo("Asia/Tokyo")


def _local(text: str) -> str | None:
    minute = read_minute(text, NOW, TOKYO)
    return None if minute is None else minute.astimezone(TOKYO).strftime("%Y-%m-%d %H:%M")


@pytest.mark.parametrize("text, expected", [
    ("2026年11月27日(金) 8:15", "2026-11-27 08:15"),  # Japanese, 24-hour
    ("2026年11月27日 20:15", "2026-11-27 20:15"),
    ("2026年11月27日(金) 午後8:15", "2026-11-27 20:15"),
    ("2026年11月27日 周五 上午8:15", "2026-11-27 08:15"),  # Chinese
    ("2026年11月27日 周五 下午8:15", "2026-11-27 20:15"),
    ("2026年11月27日 下午12:05", "2026-11-27 12:05"),
    ("2026年11月27日 上午12:05", "2026-11-27 00:05"),
    ("2026年11月27日 周五 20:15", "2026-11-27 20:15"),  # a weekday word before a 24-hour clock
    ("2026年11月27日 星期五 20:15", "2026-11-27 20:15"),
    ("2026年11月27日(金) 午後0:15", "2026-11-27 12:15"),  # Japanese 12-hour clocks count 0 to 11
    ("2026年11月27日(金) 午前0:15", "2026-11-27 00:15"),
    ("2026년 11월 27일 금요일 오후 12:05", "2026-11-27 12:05"),
    ("2026년 11월 27일 (금) 오전 8:15", "2026-11-27 08:15"),  # Korean
    ("2026년 11월 27일 (금) 오후 8:15", "2026-11-27 20:15"),
    ("пт, 27 нояб. 2026 г., 08:15", "2026-11-27 08:15"),  # Russian
    ("27 мая 2026 г., 08:15", "2026-05-27 08:15"),
    ("27 Kas 2026 Cum 08:15", "2026-11-27 08:15"),  # Turkish
    ("5 Şub 2026 Per 08:15", "2026-02-05 08:15"),
    ("27 Ağu 2026 Per 08:15", "2026-08-27 08:15"),
])
def test_more_display_languages_read(text, expected):
    assert _local(text) == expected


@pytest.mark.parametrize("text", [
    "2026年11月27日 晚上8:15",  # an evening word it does not know: 8:15 or 20:15? never guess
    "2026年11月27日 晚上 8:15",  # the same word with a space before the clock
    "2026년 11월 27일 (금) 저녁 8:15",
    "2026年11月27日(金) 午後12:15",  # 午後12時: noon or midnight? Japanese usage differs
    "11月27日(金) 8:15",  # a date without its year is not today's
    "11월 27일 (금) 오후 8:15",
    "pt., 27 lis 2026, 08:15",  # lis: November in Polish, October in Croatian (lis, listopada)
    "27. listopada 2026. 20:15",
    "27. lipnja 2026. 20:15",  # Croatian June (lip is Polish July)
    "2026 ж. 28 қараша, сенбі 20:15",  # Kazakh: сенбі is Saturday, not September
    "pe 27. marraskuuta 2026 klo 8.15",  # Finnish November (its first letters are March's)
    "Dé hAoine 26 Meitheamh 2026 20:15",  # Irish June (its first letters are Dutch May's)
    "2026年11月27日 午後13:15",  # PM with a 24-hour hour
    "2026年13月27日 8:15",  # no such month
    "2026年11月31日 8:15",  # no such day
])
def test_what_cannot_be_told_is_refused(text):
    assert _local(text) is None


@pytest.mark.parametrize("text, expected", [
    ("Fri, Nov 27, 2026, 8:15\u202fPM", "2026-11-27 20:15"),
    ("Friday, November 27, 2026 at 8:15 PM", "2026-11-27 20:15"),
    ("Fr., 27. Nov. 2026, 20:15", "2026-11-27 20:15"),
    ("Freitag, 27. November 2026, 20:15", "2026-11-27 20:15"),
    ("Di., 6. Okt. 2026, 14:03", "2026-10-06 14:03"),
    ("ven. 27 nov. 2026, 20:15", "2026-11-27 20:15"),
    ("mar. 6 oct. 2026, 14:03", "2026-10-06 14:03"),  # mar: Tuesday here, the word nearest the year is the month
    ("vendredi 27 septembre 2026 à 20:15", "2026-09-27 20:15"),
    ("vie, 27 sept 2026, 20:15", "2026-09-27 20:15"),
    ("27 de septiembre de 2026, 20:15", "2026-09-27 20:15"),
    ("ven 27 set 2026, 20:15", "2026-09-27 20:15"),
    ("sex., 27 de nov. de 2026, 20:15", "2026-11-27 20:15"),
    ("vr 27 nov. 2026 20:15", "2026-11-27 20:15"),
    ("27 mrt. 2026 20:15", "2026-03-27 20:15"),
    ("fre 27 nov. 2026 20:15", "2026-11-27 20:15"),
    ("27 maj 2026 20:15", "2026-05-27 20:15"),
])
def test_the_languages_read_before_still_read(text, expected):
    assert _local(text) == expected


@pytest.mark.parametrize("text", [
    "Ahd, 29 Nov 2026, 9:14\u202fPTG",  # Malay: PTG is afternoon, PG morning
    "Κυρ, 29 Νοε 2026, 9:14 μ.μ.",  # Greek
    "Sun, Nov 29, 2026, 9:14 CH",  # a word this reader does not know, after the clock
    "29 Nov 2026 9:14 م",  # Arabic
    "29 Nov 2026 0:14 ptg",
    "9:14 PTG",  # a time of today, the same
    "Tue, Nov 24, 2026, 9:14\u2009PTG",  # after a thin space
    "Tue, Nov 24, 2026, 9:14 \u200bPM",  # after a zero-width space: the PM is not read, so neither is the clock
])
def test_a_clock_with_an_unknown_word_after_it_is_refused_not_read_as_24_hour(text):
    assert _local(text) is None


@pytest.mark.parametrize("text, expected", [
    ("29 Nov 2026 21:14 น.", "2026-11-29 21:14"),  # an hour past 12 is a 24-hour clock whatever follows
    ("29 Nov 2026, 9:14 (2 days ago)", "2026-11-29 09:14"),  # a bracket is not a word
    ("Sun, Nov 29, 2026, 9:14 p.m.", "2026-11-29 21:14"),
])
def test_what_follows_a_clock_that_still_reads(text, expected):
    assert _local(text) == expected
