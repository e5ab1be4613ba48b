"""The windows a run of whole days asserts (days.ts). The days come from their ``data-datekey``, read by
``attest_kit.day_keys`` (shared with the sanitiser)."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

from attest_kit.contract import Window
from observers.gcal_event.sentence import local_midnight


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
