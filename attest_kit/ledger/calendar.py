"""Calendar passes on the ledger side (calendar-pass.ts, calendar-rows.ts, first-look.ts).

A content script cannot read the ledger, so the rows of a Calendar page whose account is known are
derived here, by a *step* from the range's stored snapshot record to the new snapshot. The step
is the Calendar observer's (``observers/gcal_event/step.py``); the kernel never imports observers,
so the ledger takes it as an injected callable of the ``CalendarStep`` protocol. The CLI
(``attest_kit/ledger/commands.py``) plugs the real one in; the tests use a small one of their own.

This module holds what the ledger decides itself: the checks of a pass's pings against its
snapshot, the range key, and changesSince (per visible day, the instant since which that day has
been followed without a break in the range's chain).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from attest_kit.bus import CalendarSnapshot, CoveragePing, WireObservation
from attest_kit.contract import Observation


@dataclass(frozen=True)
class StoredRecord:
    """A range's stored snapshot record: what the step left, and when its snapshot was read."""

    range_key: str
    account_hash: str
    first_day: str
    last_day: str
    read_at: str
    version: str
    body: dict[str, Any]


@dataclass(frozen=True)
class DerivedRow:
    """One row the step derived, whether it is a first sighting. Since v1.12 every Calendar row the
    ledger inserts is stored with a first-look marker, a change as well (spec §8.3 known limits)."""

    observation: Observation | WireObservation
    first_sighting: bool


@dataclass(frozen=True)
class StepResult:
    """The rows a step derived and the record it leaves. ``unsettled_days``: days of the range whose changes
    the chain has not followed up to this pass (the step's word: a first look, or a day holding a deletion
    not reported yet): such a day follows changes only from this pass (``day_since``)."""

    rows: Sequence[DerivedRow]
    record: dict[str, Any] = field(default_factory=dict)
    unsettled_days: frozenset[str] = frozenset()


class CalendarStep(Protocol):
    """(stored record | None, new snapshot, pass instant, other ranges' records) -> rows and record.

    ``stored`` is None on a first look (no record, a restarted chain, or a record of another
    selectors version: never compared). ``others`` are the other stored records, so the step can
    tell a change another range's view already held (calendar-seen.ts). The step must be pure:
    the ledger stores its rows and record in one transaction, or nothing.
    """

    def __call__(self, stored: StoredRecord | None, snapshot: CalendarSnapshot, pass_instant: datetime, *,
                 others: Sequence[StoredRecord]) -> StepResult: ...


def range_key(snapshot: CalendarSnapshot) -> str:
    """Snapshots are stored per range and account."""
    days = snapshot.snapshot.days
    return f"{snapshot.account_hash}:{days[0].date}:{days[-1].date}"


def snapshot_is_consistent(snapshot: CalendarSnapshot) -> bool:
    """Days in order, each a positive span, none repeated or overlapping the next. Days need not touch:
    Calendar with weekends hidden draws Friday, then Monday (spec §8.3 refuses a pass for its pings,
    never for the days it did not draw; ``ping_fits`` keeps every window off such a gap)."""
    days = snapshot.snapshot.days
    if any(d.start >= d.end for d in days):
        return False
    return all(a.date < b.date and a.end <= b.start for a, b in zip(days, days[1:]))


def ping_fits(ping: CoveragePing, snapshot: CalendarSnapshot) -> bool:
    """The ping's account is the snapshot's, its window lies in the range, and the days it reaches are
    whole and cover it without a gap (a day hidden or not drawn at all is one the snapshot hid)."""
    if ping.account_hash != snapshot.account_hash or ping.all_calendars != snapshot.snapshot.all_calendars:
        return False
    days = snapshot.snapshot.days
    if ping.window_start >= ping.window_end or ping.window_start < days[0].start or ping.window_end > days[-1].end:
        return False
    reached = [d for d in days if d.start < ping.window_end and d.end > ping.window_start]
    if not reached or reached[0].start > ping.window_start or reached[-1].end < ping.window_end:
        return False
    return all(d.whole for d in reached) and all(a.end == b.start for a, b in zip(reached, reached[1:]))


def load_record(conn: sqlite3.Connection, key: str) -> sqlite3.Row | None:
    return conn.execute("SELECT * FROM snapshot_records WHERE range_key = ?", (key,)).fetchone()


def as_record(row: sqlite3.Row) -> StoredRecord:
    return StoredRecord(row["range_key"], row["account_hash"], row["first_day"], row["last_day"], row["read_at"],
                        row["version"], json.loads(row["body"]))


def other_records(conn: sqlite3.Connection, key: str) -> list[StoredRecord]:
    return [as_record(r) for r in conn.execute("SELECT * FROM snapshot_records WHERE range_key != ?"
                                                " ORDER BY read_at", (key,))]


def shown_keys(snap: Any) -> list[str]:
    """The keys of the shown calendars; one with no name is known by its place among the unnamed
    ("unnamed:0", ...), so ticking an unlabelled checkbox still reads as a calendar switched on."""
    keys, unnamed = [], 0
    for c in snap.calendars:
        if c.key is None:
            if c.shown:
                keys.append(f"unnamed:{unnamed}")
            unnamed += 1
        elif c.shown:
            keys.append(c.key)
    return keys


def day_since(base: sqlite3.Row | None, snapshot: CalendarSnapshot, unsettled: frozenset[str] = frozenset()
              ) -> dict[str, str]:
    """Per whole day: since when it has been followed without a break.

    A day the base saw whole, under the same calendars, keeps the base's instant; any other whole day (first
    look, a day that was hidden, a calendar switched on) starts at this pass, and so does a day the step
    names ``unsettled``: it compared no base (its rule for a base is stricter than the version this ledger
    checks: the same days too), or the day holds an event whose deletion is not reported yet. That deletion
    may never be reported (a range never seen complete, a tab closed after the first absence), and a window
    that followed changes from before it would grade a deletion claim as fully covered with no row (spec
    §8.3: "a snapshot that is not complete vouches for no absence").
    """
    snap = snapshot.snapshot
    read_at = snapshot.read_at
    kept: dict[str, str] = {}
    if base is not None:
        shown_before = set(json.loads(base["shown_calendars"]))
        shown_now = set(shown_keys(snap))
        switched_on = (snap.all_calendars and not base["all_calendars"]) or bool(shown_now - shown_before)
        if not switched_on:
            kept = json.loads(base["day_since"])
    return {d.date: read_at if d.date in unsettled else kept.get(d.date, read_at) for d in snap.days if d.whole}


def window_since(ping: CoveragePing, snapshot: CalendarSnapshot, since: dict[str, str]) -> str:
    """A window follows changes since the latest start among the days it covers."""
    days = [d for d in snapshot.snapshot.days if d.start < ping.window_end and d.end > ping.window_start]
    return max(since[d.date] for d in days)


def save_record(conn: sqlite3.Connection, snapshot: CalendarSnapshot, since: dict[str, str],
                body: dict[str, Any]) -> None:
    snap = snapshot.snapshot
    conn.execute(
        "INSERT OR REPLACE INTO snapshot_records (range_key, account_hash, first_day, last_day, read_at, version,"
        " all_calendars, shown_calendars, day_since, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (range_key(snapshot), snapshot.account_hash, snap.days[0].date, snap.days[-1].date, snapshot.read_at,
         snapshot.version, int(snap.all_calendars), json.dumps(sorted(shown_keys(snap))),
         json.dumps(since, sort_keys=True), json.dumps(body, sort_keys=True, ensure_ascii=False)))


def to_wire(row: DerivedRow) -> WireObservation:
    """A derived row as the bus would carry it (validated strictly; ValueError when it cannot be)."""
    obs = row.observation
    if isinstance(obs, WireObservation):
        return obs
    return WireObservation.model_validate(obs.model_dump(by_alias=True, exclude_none=True))
