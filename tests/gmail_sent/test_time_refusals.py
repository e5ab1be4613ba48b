"""Times the shared reader must refuse rather than read (an audit against spec §8.1, selectors 1.2.0).

A clock with no date is today's, as the pass instant sees it in the browser's zone. Two texts broke
that: a numeric date with a two-digit year (``10/6/25, 2:03 PM``: Gmail's short form for older years)
named no month word or four-digit year, so it read as today; and a time with no date later than the
pass instant (a tab left open since yesterday) read as a send in the future.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from observers.shared.gmail_time import read_minute

LA = ZoneInfo("America/Los_Angeles")
NOW = datetime(2026, 11, 30, 22, 30, 20, tzinfo=timezone.utc)  # 2:30:20 PM in Los Angeles


@pytest.mark.parametrize("text", ["10/6/25, 2:03 PM", "10/6/25 14:03", "6.10.25 14:03", "2025-10-06 14:03",
                                  "06/10/2025 14:03"])
def test_a_numeric_date_it_cannot_read_is_refused_not_taken_for_today(text):
    assert read_minute(text, NOW, LA) is None


@pytest.mark.parametrize("text", ["11:58 PM", "2:31 PM", "23:58"])
def test_a_time_with_no_date_after_the_pass_is_refused(text):
    assert read_minute(text, NOW, LA) is None


@pytest.mark.parametrize("text, expected", [
    ("2:30 PM", "2026-11-30T22:30:00+00:00"),  # the pass's own minute
    ("2:03 PM", "2026-11-30T22:03:00+00:00"),
    ("7:15 AM (7 hours ago)", "2026-11-30T15:15:00+00:00"),
])
def test_a_time_with_no_date_up_to_the_pass_is_today(text, expected):
    minute = read_minute(text, NOW, LA)
    assert minute is not None and minute.isoformat() == expected


def test_a_relative_note_in_full_width_brackets_is_no_date():
    tokyo = ZoneInfo("Asia/Tokyo")
    now = datetime(2026, 10, 7, 3, 0, tzinfo=timezone.utc)  # 12:00 in Tokyo
    assert read_minute("11:59（1 分前）", now, tokyo).isoformat() == "2026-10-07T02:59:00+00:00"
