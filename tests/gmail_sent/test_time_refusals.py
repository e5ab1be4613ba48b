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


# A held-out audit (selectors 1.2.4): a text with no date but a day word, a weekday or a relative note
# in days was read as today at that clock, a wrong minute posted silently (a row, and a window over
# the real send). With no date, nothing but the clock (and its AM/PM word) may name the day, or the
# English "Today"/"Yesterday" (the spec's vendor-relative text, resolved against the pass instant).
@pytest.mark.parametrize("text", [
    "Tomorrow, 9:00 AM", "Sat 2:03 PM", "at 2:03 PM", "Sat at 2:03 PM", "Yesterday 2:03 PM Sat", "Yesterday, 2:03 PM (1 day ago)",
    "Gestern, 14:03", "hier 14:03", "ayer, 14:03", "вчера, 14:03", "dün 14:03",
    "昨日 14:03", "今日 14:03", "周三 14:03", "어제 오후 2:03", "昨天 下午2:03",
    "2:03 PM (1 day ago)", "2:03 PM (2 days ago)", "14:03 (vor 1 Tag)", "2:03 PM (1 week ago)",
    "14:03 (il y a 1 an)", "Yesterday, 2:03 PM (5 minutes ago)",
])
def test_a_day_named_by_a_word_is_refused_not_taken_for_today(text):
    assert read_minute(text, NOW, LA) is None


@pytest.mark.parametrize("text, expected", [
    ("2:03 PM (27 minutes ago)", "2026-11-30T22:03:00+00:00"),
    ("2:03 PM (1 minute ago)", "2026-11-30T22:03:00+00:00"),
    ("8:03 AM (6 hours ago)", "2026-11-30T16:03:00+00:00"),
    ("14:03 (vor 27 Minuten)", "2026-11-30T22:03:00+00:00"),
    ("14:03 (il y a 27 minutes)", "2026-11-30T22:03:00+00:00"),
    ("14:03 (hace 6 horas)", "2026-11-30T22:03:00+00:00"),
    ("14:03 (il y a quelques minutes)", "2026-11-30T22:03:00+00:00"),
    ("14:03 (vor 1 Std.)", "2026-11-30T22:03:00+00:00"),
    ("2:03 PM (ha\u0301 5 minutos)", "2026-11-30T22:03:00+00:00"),
    ("午後2:03", "2026-11-30T22:03:00+00:00"),
    ("下午2:03", "2026-11-30T22:03:00+00:00"),
    ("오후 2:03", "2026-11-30T22:03:00+00:00"),
    ("14:03（27 分前）", "2026-11-30T22:03:00+00:00"),
    ("14:03", "2026-11-30T22:03:00+00:00"),
    ("2:03 p. m.", "2026-11-30T22:03:00+00:00"),
])
def test_a_clock_alone_or_with_minutes_or_hours_ago_is_still_today(text, expected):
    minute = read_minute(text, NOW, LA)
    assert minute is not None and minute.isoformat() == expected


@pytest.mark.parametrize("text, expected", [
    ("Yesterday, 2:03 PM", "2026-11-29T22:03:00+00:00"),
    ("yesterday 11:59 PM", "2026-11-30T07:59:00+00:00"),
    ("Today, 2:03 PM", "2026-11-30T22:03:00+00:00"),
    ("Yesterday at 2:03 PM", "2026-11-29T22:03:00+00:00"),
])
def test_today_and_yesterday_are_read_against_the_pass_instant(text, expected):
    minute = read_minute(text, NOW, LA)
    assert minute is not None and minute.isoformat() == expected


def test_yesterday_across_a_clock_change_is_the_day_before_in_the_zone():
    # 2 November 2026 in Los Angeles: "yesterday" is 1 November, whose 1:30 AM is repeated (refused)
    now = datetime(2026, 11, 2, 18, 0, tzinfo=timezone.utc)
    assert read_minute("Yesterday, 1:30 AM", now, LA) is None
    assert read_minute("Yesterday, 3:00 AM", now, LA).isoformat() == "2026-11-01T11:00:00+00:00"
