"""What one pass posts, as bus messages in the order of spec §3.3, and the check that they fit the bus.

A content script's ``send()`` refuses an invalid message before it leaves (spec §9), and "if any
message of the pass fails its bus schema (a bug), the pass posts only a DEGRADED message.invalid
health report" (§3.3): ``plan_pass`` asks ``fits_the_bus`` before it returns, so ``observe`` prints,
and the ledger receives, only what would really be sent.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from pydantic import ValidationError

from attest_kit.bus import SCHEMA_LIMITS, parse_message
from attest_kit.instants import format_instant

if TYPE_CHECKING:
    from attest_kit.plan import PassResult


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


def fits_the_bus(result: PassResult, tz: ZoneInfo) -> bool:
    """Whether every message ``result`` posts parses as its bus schema."""
    try:
        for message in pass_messages(result, tz):
            parse_message(message)
    except (ValidationError, LookupError, TypeError, ValueError, ArithmeticError):
        return False  # a snapshot no message can be built from (a day past 9999-12-31 has no next midnight)
    return True
