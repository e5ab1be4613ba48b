"""Builders for the ledger tests: a settable clock, messages built from rows project() returns,
Calendar snapshots, and a small Calendar step (the real one is observers/gcal_event/step.py,
plugged in by the CLI; the ledger takes any callable of the CalendarStep protocol).

Tests reach the builders through the ``b`` fixture (this module), so no test imports conftest.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import pytest

from attest_kit.bus import CalendarSnapshot
from attest_kit.contract import Observation, RawRow
from attest_kit.hashing import account_hash, sha256_hex
from attest_kit.instants import format_instant, parse_instant
from attest_kit.ledger import DerivedRow, Ledger, StepResult, StoredRecord
from attest_kit.policy import Refusal, project

ACCOUNT = account_hash("owner@example.com")
OTHER_ACCOUNT = account_hash("someone@example.org")
T0 = "2026-10-06T09:00:00.000Z"


def at(base: str, **delta: float) -> str:
    """``base`` moved by a timedelta: at(T0, minutes=5)."""
    return format_instant(parse_instant(base) + timedelta(**delta))


class Clock:
    """The ledger's clock, driven by the test."""

    def __init__(self, now: str = T0) -> None:
        self.now = parse_instant(now)

    def __call__(self) -> datetime:
        return self.now

    def set(self, instant: str) -> None:
        self.now = parse_instant(instant)


def observation(source: str, type_: str, fields: dict[str, Any], observed_at: str,
                row_key: str | None = None) -> Observation:
    made = project(RawRow(type_, fields, row_key), source, parse_instant(observed_at))
    assert not isinstance(made, Refusal), made
    return made


def wire(obs: Observation) -> dict[str, Any]:
    return obs.model_dump(by_alias=True, exclude_none=True)


def sent_row(to: str, occurred: str, observed: str, subject: str | None = "Quarterly plan",
             key: str = "18c2f0a1b2c3d4e5") -> dict[str, Any]:
    fields = {"counterparty": to, "occurredAt": occurred}
    if subject is not None:
        fields["subjectHint"] = subject
    return wire(observation("gmail.sent", "email.sent", fields, observed, key))


def observations(observer: str, rows: list[dict[str, Any]], version: str = "1.0.0") -> dict[str, Any]:
    return {"type": "observer.observations", "observer": observer, "version": version, "observations": rows}


def health(adapter: str, status: str, checked: str, *reasons: str, version: str = "1.0.0") -> dict[str, Any]:
    return {"type": "adapter.health", "adapterId": adapter, "version": version, "status": status,
            "reasons": list(reasons), "checkedAt": checked}


def ping(source: str, start: str, end: str, sync: str, account: str | None = ACCOUNT,
         all_calendars: bool | None = None, user_active: bool = False) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "coverage.ping", "source": source, "accountHash": account, "lastSyncAt": sync,
                           "windowStart": start, "windowEnd": end, "userActive": user_active}
    if all_calendars is not None:
        msg["allCalendars"] = all_calendars
    return msg


def day(date: str, whole: bool = True) -> dict[str, Any]:
    start = f"{date}T00:00:00.000Z"  # the tests' browser zone is UTC
    return {"date": date, "start": start, "end": at(start, days=1), "whole": whole}


def event(name: str, title: str | None, start: str, minutes: int = 30) -> dict[str, Any]:
    return {"key": sha256_hex(f"event:{name}"), "title": title, "start": start, "end": at(start, minutes=minutes),
            "allDay": False, "days": [start[:10]]}


WEEK = ["2026-10-05", "2026-10-06", "2026-10-07"]


def snapshot(read_at: str, events: list[dict[str, Any]], days: list[dict[str, Any]] | None = None,
             account: str = ACCOUNT, all_calendars: bool = True, version: str = "1.0.0") -> dict[str, Any]:
    return {"type": "calendar.snapshot", "observer": "gcal.event", "version": version, "accountHash": account,
            "readAt": read_at, "snapshot": {"allCalendars": all_calendars,
                                            "days": days if days is not None else [day(d) for d in WEEK],
                                            "events": events}}


def week_ping(sync: str, start_day: str = WEEK[0], end_day: str = WEEK[-1], **kw: Any) -> dict[str, Any]:
    kw.setdefault("all_calendars", True)
    return ping("gcal.event", f"{start_day}T00:00:00.000Z", at(f"{end_day}T00:00:00.000Z", days=1), sync, **kw)


def calendar_pass(ledger: Ledger, read_at: str, events: list[dict[str, Any]], tab: str = "cal",
                  pings: list[dict[str, Any]] | None = None, **snap_kw: Any) -> list[dict[str, Any]]:
    """Post one Calendar pass (health, pings, snapshot) as the content script does; the acks."""
    acks = [ledger.handle(health("gcal.event", "OK", read_at), tab=tab)]
    for p in pings if pings is not None else [week_ping(read_at)]:
        acks.append(ledger.handle(p, tab=tab))
    acks.append(ledger.handle(snapshot(read_at, events, **snap_kw), tab=tab))
    return [a.model_dump(by_alias=True) for a in acks]


def simple_step(stored: StoredRecord | None, snap: CalendarSnapshot, pass_instant: datetime, *,
                others: Sequence[StoredRecord]) -> StepResult:
    """A small step: first look → every event created as a first sighting; else created / updated /
    deleted by comparing titles and starts. Rows name the event key as their row key."""
    now = {e.key: e for e in snap.snapshot.events}
    before: dict[str, dict[str, str | None]] = stored.body.get("events", {}) if stored else {}
    derived: list[DerivedRow] = []

    def row(type_: str, key: str, title: str | None, start: str, first: bool) -> None:
        fields: dict[str, Any] = {"occurredAt": start}
        if title:
            fields["subjectHint"] = title
        derived.append(DerivedRow(project(RawRow(type_, fields, key), "gcal.event", pass_instant), first))

    for key, ev in now.items():
        old = before.get(key)
        if old is None:
            row("calendar.created", key, ev.title, ev.start, stored is None)
        elif (old["title"], old["start"]) != (ev.title, ev.start):
            row("calendar.updated", key, ev.title, ev.start, False)
    for key, old in before.items():
        if key not in now:
            row("calendar.deleted", key, old["title"], str(old["start"]), False)
    record = {"events": {k: {"title": e.title, "start": e.start} for k, e in now.items()}}
    return StepResult(derived, record)  # it reports a deletion at once: no day waits for one


@pytest.fixture
def b() -> Any:
    return sys.modules[__name__]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def ledger(clock: Clock) -> Ledger:
    led = Ledger(":memory:", clock=clock, step=simple_step)
    yield led
    led.close()
