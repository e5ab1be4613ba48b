"""Absolute times in more display languages (observers/shared/gmail_time.py, selectors 1.2.0).

An independent held-out set found Japanese, Chinese, Korean, Polish, Russian and Turkish titles
unread (`time.unreadable`). A reader that cannot tell a time must refuse it, never misread it: a
12-hour clock whose AM/PM word it does not know is unreadable, not read as a 24-hour one.
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
    ("2026년 11월 27일 (금) 오전 8:15", "2026-11-27 08:15"),  # Korean
    ("2026년 11월 27일 (금) 오후 8:15", "2026-11-27 20:15"),
    ("pt., 27 lis 2026, 08:15", "2026-11-27 08:15"),  # Polish
    ("27 listopada 2026, 20:15", "2026-11-27 20:15"),
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
    "2026年11月27日 午後13:15",  # PM with a 24-hour hour
    "2026年13月27日 8:15",  # no such month
    "2026年11月31日 8:15",  # no such day
])
def test_what_cannot_be_told_is_refused(text):
    assert _local(text) is None


def test_english_and_german_still_read():
    assert _local("Fri, Nov 27, 2026, 8:15\u202fPM") == "2026-11-27 20:15"
    assert _local("Fr., 27. Nov. 2026, 20:15") == "2026-11-27 20:15"
