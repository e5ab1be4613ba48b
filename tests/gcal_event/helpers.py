"""Helpers for the gcal.event tests: one pass over a page built by the fixture builder."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone
from typing import Any

from observers.run import PassInput, run_pass
from tests.fixture_builders.gcal_pages import GcalPage, render

READ_AT = datetime(2026, 11, 30, 18, 0, tzinfo=timezone.utc)
ZONE = "America/Los_Angeles"


def posted_for(html: str, *, instant: datetime = READ_AT, zone: str = ZONE,
               state: dict[str, Any] | None = None) -> dict[str, Any]:
    facts = PassInput("https://calendar.google.com/calendar/u/0/r/week/2026/11/30", zone, instant, dict(state or {}))
    return run_pass(html, "gcal.event", facts).posted()


def posted_page(page: GcalPage, **kw: Any) -> dict[str, Any]:
    return posted_for(render(page), **kw)


def variant(page: GcalPage, **changes: Any) -> GcalPage:
    return replace(page, **changes)
