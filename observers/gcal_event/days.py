"""Calendar's day keys and the windows a run of whole days asserts (days.ts).

``data-datekey`` is an integer: ``(year − 1970) × 512 + month × 32 + day`` (8 Oct 2026 is 29000).

>>> decode_date_key("29000")
datetime.date(2026, 10, 8)
>>> encode_date_key(date(2026, 11, 30))
29054
>>> decode_date_key("29024") is None
True
"""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

from attest_kit.contract import Window
from observers.gcal_event.sentence import local_midnight


def decode_date_key(value: str | None) -> date | None:
    """The date a ``data-datekey`` names, or None when it is not one."""
    if value is None or not value.strip().isascii() or not value.strip().isdigit():
        return None  # isdigit alone takes "²" and other digits int() does not read
    key = int(value)
    try:
        return date(1970 + key // 512, (key % 512) // 32, key % 32)
    except ValueError:
        return None


def encode_date_key(day: date) -> int:
    """The ``data-datekey`` of ``day``."""
    return (day.year - 1970) * 512 + day.month * 32 + day.day


def runs(days: list[date]) -> list[tuple[date, date]]:
    """Runs of consecutive days, each as (first, last), from sorted unique ``days``."""
    out: list[tuple[date, date]] = []
    for day in days:
        if out and day == out[-1][1] + timedelta(days=1):
            out[-1] = (out[-1][0], day)
        else:
            out.append((day, day))
    return out


def whole_day_windows(whole_days: list[date], tz: ZoneInfo) -> list[Window]:
    """One window per run of whole days: local midnight of its first day to local midnight after its last."""
    return [Window(local_midnight(first, tz), local_midnight(last + timedelta(days=1), tz))
            for first, last in runs(sorted(set(whole_days)))]
