"""Where the Calendar observer plugs into the ledger, without the kernel importing it.

- ``calendar_snapshot_message``: the snapshot a gcal.event pass posts (``PassResult.posted()``)
  as the bus's calendar.snapshot message. The bus carries each day's local midnights as instants,
  because the service worker checks windows against days and does not know the page's zone.
- ``adapt_observer_step``: wraps the observer's step (``observers/gcal_event/step.py``:
  ``step(record, snapshot, others) -> StepResult(rows, record, skipped)``, rows with ``raw()``,
  ``first_sighting`` and ``seen_at``) as the ledger's ``CalendarStep``. Each row goes through
  project(), observed at its first sighting (a deletion is first seen at its first absence).
- ``pass_messages``: every message one pass posts, in the order of spec §3.3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from attest_kit.bus import SCHEMA_LIMITS, CalendarSnapshot
from attest_kit.instants import format_instant, parse_instant
from attest_kit.plan import PassResult
from attest_kit.ledger.calendar import CalendarStep, DerivedRow, StepResult, StoredRecord
from attest_kit.policy import Refusal, project


def _midnight(day: str, tz: ZoneInfo) -> str:
    return format_instant(datetime.combine(date.fromisoformat(day), time(0), tzinfo=tz))


def calendar_snapshot_message(snapshot: dict[str, Any], tz: ZoneInfo) -> dict[str, Any]:
    """The observer's snapshot dict as a calendar.snapshot bus message."""
    days = [{"date": d["date"], "whole": d["whole"], "start": _midnight(d["date"], tz),
             "end": _midnight((date.fromisoformat(d["date"]) + timedelta(days=1)).isoformat(), tz)}
            for d in snapshot["days"]]
    version = str(snapshot["selectorsVersion"]).rpartition("@")[2]  # "gcal.event@1.0.0"
    return {"type": "calendar.snapshot", "observer": "gcal.event", "version": version,
            "accountHash": snapshot["accountHash"], "readAt": snapshot["readAt"],
            "snapshot": {"allCalendars": snapshot["allCalendars"], "days": days,
                         "calendars": snapshot.get("calendars", []), "events": snapshot.get("events", [])}}


def _observer_form(snap: CalendarSnapshot) -> dict[str, Any]:
    body = snap.snapshot.model_dump(by_alias=True)
    body["days"] = [{"date": d["date"], "whole": d["whole"]} for d in body["days"]]
    return {"selectorsVersion": f"{snap.observer}@{snap.version}", "accountHash": snap.account_hash, "readAt": snap.read_at, **body}


def adapt_observer_step(fn: Callable[..., Any]) -> CalendarStep:
    """The observer's step as a ``CalendarStep``."""

    def call(stored: StoredRecord | None, snap: CalendarSnapshot, pass_instant: datetime, *,
             others: Sequence[StoredRecord]) -> StepResult:
        result = fn(stored.body if stored else None, _observer_form(snap), [o.body for o in others])
        rows = []
        for row in result.rows:
            made = project(row.raw(), "gcal.event", parse_instant(row.seen_at))
            if isinstance(made, Refusal):
                raise ValueError(f"the step derived a row project() refuses: {made.reason}")
            rows.append(DerivedRow(made, bool(row.first_sighting)))
        return StepResult(rows, result.record or {})

    return call


def pass_messages(result: PassResult, tz: ZoneInfo, user_active: bool = False) -> list[dict[str, Any]]:
    """What one pass posts (``PassResult.posted()``), as bus messages in order (spec §3.3)."""
    posted = result.posted()
    instant = posted["instant"]
    out: list[dict[str, Any]] = [{"type": "adapter.health", "adapterId": posted["observer"],
                                  "version": posted["version"], "status": posted["health"]["status"],
                                  "reasons": posted["health"]["reasons"], "checkedAt": instant}]
    if posted["health"]["status"] == "IDLE":
        return out
    # posted() leaves contentHash out of its print; the bus carries the Observation whole.
    rows = [o.model_dump(by_alias=True) for o in result.observations] if posted["observations"] else []
    cap = SCHEMA_LIMITS["observations"]
    for i in range(0, len(rows), cap):
        out.append({"type": "observer.observations", "observer": posted["observer"], "version": posted["version"],
                    "observations": [{k: v for k, v in r.items() if v is not None} for r in rows[i:i + cap]]})
    for window in posted["windows"]:
        ping = {"type": "coverage.ping", "source": posted["observer"], "accountHash": posted["accountHash"],
                "lastSyncAt": instant, "windowStart": window["windowStart"], "windowEnd": window["windowEnd"],
                "userActive": user_active}
        if posted["observer"] == "gcal.event":
            ping["allCalendars"] = bool(posted.get("allCalendars"))
        out.append(ping)
    if posted.get("snapshot") is not None and posted.get("accountHash"):
        out.append(calendar_snapshot_message(posted["snapshot"], tz))
    return out
