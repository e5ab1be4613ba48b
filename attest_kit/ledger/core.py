"""The reference ledger: handles each bus message as the service worker does and answers a BusAck.

One message at a time, in arrival order (spec §3.6). Every message first passes the clock guard
(``clock.py``), then its schema; what it carries is then stored in one transaction or not at all.
Which tab sent a message comes with it (the sender), never inside it.

Handlers, by type:
- ``adapter.health``: the precedence rules of ``health.py``.
- ``observer.observations``: Gmail rows per row (refusals decided before the write, the worst code
  answered); a Calendar page with no account all or none, each row with an account-less marker.
- ``coverage.ping``: a coverage interval and the latest ping; a Calendar ping with an account is
  held until its pass's snapshot arrives.
- ``calendar.snapshot``: the held pings are checked against it, the step derives the rows, and
  rows, markers, record, windows and latest pings are stored all or none.
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pydantic import ValidationError

from attest_kit.bus import (ACK_OK, GMAIL_SEVERITY, AckOk, AckRefused, AdapterHealth, CalendarSnapshot,
                            CoveragePing, ObserverObservations, is_version, parse_message, refused)
from attest_kit.instants import format_instant, parse_instant
from attest_kit.ledger import calendar as cal
from attest_kit.ledger import coverage, health, refusals, rows
from attest_kit.ledger.clock import repair_if_regressed
from attest_kit.ledger.store import connect, counts, get_meta, raise_high_water, transaction
from attest_kit.policy import Policy, load_policy

log = logging.getLogger("attest_kit.ledger")

CALENDAR = "gcal.event"
#: CALENDAR_PASS_HOLD_MS: how long a Calendar pass's pings wait for its snapshot.
CALENDAR_PASS_HOLD = timedelta(seconds=10)

Ack = AckOk | AckRefused
#: Called at named points inside the Calendar transaction; tests raise from it to stop a worker
#: half way.
FaultHook = Callable[[str], None]


class _Refused(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass
class _Held:
    ping: CoveragePing
    held_at: str


class Ledger:
    """The ledger over SQLite (a file, or ``:memory:``), with an injectable clock and Calendar step."""

    def __init__(self, path: str = ":memory:", *, clock: Callable[[], datetime],
                 step: cal.CalendarStep | None = None, policy: Policy | None = None,
                 fault: FaultHook | None = None) -> None:
        self.conn: sqlite3.Connection = connect(path)
        self.clock = clock
        self.step = step
        self.policy = policy or load_policy()
        self.fault = fault
        self.session = uuid.uuid4().hex  # tabs are known within one session only
        self.events: list[dict[str, Any]] = []
        self._held: dict[tuple[str | None, str], list[_Held]] = {}
        # (observer, tab) → the tab's latest own report this session, written or not: an IDLE never
        # replaces a report another tab still gives, and a pass is clean by its own report
        self._tab_reports: dict[tuple[str, str | None], health.TabReport] = {}

    def close(self) -> None:
        self.conn.close()

    # --- entry point ---------------------------------------------------------------------

    def handle(self, message: object, *, tab: str | None = None) -> Ack:
        """Handle one bus message from ``tab``; never raises on bad input (invalid_input)."""
        now = format_instant(self.clock())
        repaired = repair_if_regressed(self.conn, now)
        if repaired is not None:
            self._log("ledger.clock_regressed", **repaired)
            self._held = {k: [h for h in v if h.ping.last_sync_at <= now] for k, v in self._held.items()}
            # the reports the repair deleted no longer stand, in the store or here
            self._tab_reports = {k: v for k, v in self._tab_reports.items() if v.checked_at <= now}
        self._expire_held(now)
        try:
            parsed = parse_message(message)
        except ValidationError:
            self._refuse_malformed_rows(message, tab, now)
            return refused("invalid_input")
        if isinstance(parsed, AdapterHealth):
            return self._health(parsed, tab, now)
        if isinstance(parsed, ObserverObservations):
            return self._observations(parsed, tab, now)
        if isinstance(parsed, CoveragePing):
            return self._ping(parsed, tab, now)
        return self._snapshot(parsed, tab, now)

    # --- adapter.health ------------------------------------------------------------------

    def _health(self, report: AdapterHealth, tab: str | None, now: str) -> Ack:
        if report.checked_at > now:
            return refused("clock_behind")
        live_elsewhere = [seen.checked_at for (adapter, other), seen in self._tab_reports.items()
                          if adapter == report.adapter_id and other != tab and seen.status != "IDLE"]
        previous = self._tab_reports.get((report.adapter_id, tab))
        self._tab_reports[(report.adapter_id, tab)] = health.TabReport.of(report)
        with transaction(self.conn):
            if health.store_report(self.conn, report, tab, self.session, previous, live_elsewhere):
                raise_high_water(self.conn, report.checked_at)
        return ACK_OK

    def _clean(self, adapter: str, tab: str | None, pass_at: str) -> bool | None:
        """Whether the pass of ``tab`` at ``pass_at`` reported itself OK (None: its report was not seen)."""
        seen = self._tab_reports.get((adapter, tab))
        return None if seen is None or seen.checked_at != pass_at else seen.status == "OK"

    def _unclean(self, adapter: str, tab: str | None, pass_at: str) -> bool:
        """Whether the pass reported itself DEGRADED or IDLE: it posts no coverage and no snapshot (§3.3, §4)."""
        return self._clean(adapter, tab, pass_at) is False

    # --- observer.observations -----------------------------------------------------------

    def _refuse_malformed_rows(self, message: object, tab: str | None, now: str) -> None:
        """A rows message that fails the schema still refuses its pass when its observer and pass instant can be
        told (§3.3: coverage never follows rows that were not stored): a ping of that pass is then not recorded."""
        if not isinstance(message, dict) or message.get("type") != "observer.observations":
            return
        observer, listed = message.get("observer"), message.get("observations")
        if not isinstance(observer, str) or not isinstance(listed, list):
            return
        if observer not in self.policy.allowlisted_fields:
            return
        instants = []
        for row in listed:
            stamp = row.get("observedAt") if isinstance(row, dict) else None
            try:
                instants.append(format_instant(parse_instant(stamp)))
            except (TypeError, ValueError):
                continue
        if not instants or max(instants) > now:
            return
        pass_at = max(instants)
        version = message.get("version")
        if not isinstance(version, str) or not is_version(version):
            version = self._version(observer, tab)
        with transaction(self.conn):
            refusals.remember(self.conn, observer, tab, self.session, pass_at, "invalid_input")
        self._degrade(observer, version, "invalid_input", pass_at, now)

    def _observations(self, msg: ObserverObservations, tab: str | None, now: str) -> Ack:
        if msg.observer not in self.policy.allowlisted_fields:
            return refused("invalid_input")  # no observer to degrade: nothing could ever clear it
        pass_at = max(o.observed_at for o in msg.observations)
        if pass_at > now:
            # not DEGRADED (nothing is wrong with the page), but the pass ends here: its pings are not
            # recorded, however late they come (§3.3: coverage never follows rows that were not stored)
            with transaction(self.conn):
                refusals.remember(self.conn, msg.observer, tab, self.session, pass_at, "clock_behind")
            return refused("clock_behind")
        if msg.observer == CALENDAR:
            return self._accountless_rows(msg, tab, pass_at, now)
        codes: set[str] = set()
        with transaction(self.conn):
            for obs in msg.observations:
                decision = rows.decide(self.conn, obs, msg.observer, self.policy, obs.observed_at)
                if decision == "insert":
                    rows.insert(self.conn, obs, obs.observed_at)
                    raise_high_water(self.conn, obs.observed_at)
                elif decision != "noop":
                    codes.add(decision)
            code = next((c for c in GMAIL_SEVERITY if c in codes), None)
            if code is not None:
                health.set_ledger_degraded(self.conn, msg.observer, msg.version, codes, pass_at, now)
                refusals.remember(self.conn, msg.observer, tab, self.session, pass_at, code)
                raise_high_water(self.conn, now)
            else:
                health.pass_stored(self.conn, msg.observer, pass_at, self._clean(msg.observer, tab, pass_at))
                refusals.release_older(self.conn, msg.observer, tab, pass_at)
        return ACK_OK if code is None else refused(code)

    def _accountless_rows(self, msg: ObserverObservations, tab: str | None, pass_at: str, now: str) -> Ack:
        """A Calendar page with no account: every row a first sighting, all or none (spec §3.6)."""
        try:
            with transaction(self.conn):
                for obs in msg.observations:
                    decision = rows.decide(self.conn, obs, CALENDAR, self.policy, obs.observed_at)
                    if decision not in ("insert", "noop"):
                        raise _Refused(decision)
                    if decision == "insert":
                        rows.insert(self.conn, obs, obs.observed_at)
                        coverage.store_marker(self.conn, None, obs.id, obs.field_dict()["occurredAt"],
                                              obs.observed_at)
                        raise_high_water(self.conn, obs.observed_at)
                    self._fault("accountless.row")
                health.pass_stored(self.conn, CALENDAR, pass_at, self._clean(CALENDAR, tab, pass_at))
        except _Refused as refusal:
            with transaction(self.conn):
                refusals.remember(self.conn, CALENDAR, tab, self.session, pass_at, refusal.code)
            self._degrade(CALENDAR, msg.version, refusal.code, pass_at, now)
            return refused(refusal.code)
        return ACK_OK

    # --- coverage.ping -------------------------------------------------------------------

    def _ping_is_valid(self, ping: CoveragePing) -> bool:
        if ping.source not in self.policy.allowlisted_fields or ping.window_start > ping.window_end:
            return False
        if (ping.source == CALENDAR) != (ping.all_calendars is not None):
            return False  # allCalendars is Calendar's, and Calendar's always names it
        if ping.source == "gmail.sent" and ping.window_end != ping.last_sync_at:
            return False  # the head's window ends at the pass instant (spec §8.1)
        if ping.source == "gmail.receipt" and ping.window_start != ping.window_end:
            return False  # a receipt vouches for its own instant only (spec §8.2)
        return ping.source == CALENDAR or ping.window_end <= ping.last_sync_at

    def _ping(self, ping: CoveragePing, tab: str | None, now: str) -> Ack:
        if ping.last_sync_at > now:
            return refused("clock_behind")
        if not self._ping_is_valid(ping):
            # a refusal turns the observer DEGRADED (§3.4); only the ping is refused (the content script ends
            # the pass itself), and a later message of this pass does not clear it (§4.5: a later pass)
            # (a source the policy does not know has no observer to degrade: nothing could ever clear it)
            if ping.source in self.policy.allowlisted_fields:
                self._degrade(ping.source, self._version(ping.source, tab), "invalid_input", ping.last_sync_at, now)
            return refused("invalid_input")
        if self._unclean(ping.source, tab, ping.last_sync_at):
            # a DEGRADED or IDLE pass posts no coverage (§4): a ping of one is a message no pass sends
            self._degrade(ping.source, self._version(ping.source, tab), "invalid_input", ping.last_sync_at, now)
            return refused("invalid_input")
        code = refusals.code_for(self.conn, ping.source, tab, self.session, ping.last_sync_at)
        if code is not None:
            return refused(code)  # recorded only if the pass's rows were stored
        if ping.source == CALENDAR and ping.account_hash is not None:
            self._held.setdefault((tab, ping.last_sync_at), []).append(_Held(ping, now))
            return ACK_OK
        with transaction(self.conn):
            self._record_ping(ping, None)
            health.pass_stored(self.conn, ping.source, ping.last_sync_at,
                               self._clean(ping.source, tab, ping.last_sync_at))
        return ACK_OK

    def _record_ping(self, ping: CoveragePing, changes_since: str | None) -> None:
        span = coverage.Span(ping.window_start, ping.window_end, ping.last_sync_at, ping.all_calendars, changes_since)
        span = coverage.raise_since_to_floor(span, get_meta(self.conn, "floor"))
        coverage.store_window(self.conn, ping.source, ping.account_hash, span)
        coverage.store_latest_ping(self.conn, ping.source, ping.account_hash, span, ping.user_active)
        raise_high_water(self.conn, ping.last_sync_at)

    def _expire_held(self, now: str) -> None:
        limit = format_instant(parse_instant(now) - CALENDAR_PASS_HOLD)
        self._held = {k: [h for h in v if h.held_at >= limit] for k, v in self._held.items()}
        self._held = {k: v for k, v in self._held.items() if v}

    # --- calendar.snapshot ---------------------------------------------------------------

    def _snapshot(self, snap: CalendarSnapshot, tab: str | None, now: str) -> Ack:
        pings = [h.ping for h in self._held.pop((tab, snap.read_at), [])]
        if snap.read_at > now:
            return refused("clock_behind")
        key = cal.range_key(snap)
        if (not cal.snapshot_is_consistent(snap) or not all(cal.ping_fits(p, snap) for p in pings)
                or self.step is None or self._unclean(CALENDAR, tab, snap.read_at)):  # a snapshot only of a clean pass
            if self.step is None:
                self._log("ledger.no_calendar_step")
            return self._refuse_pass(key, snap, "invalid_input", now)
        stored = cal.load_record(self.conn, key)
        if stored is not None and stored["read_at"] >= snap.read_at:
            self._log("observer.calendar_late", reason="late_sighting")
            return refused("late_sighting")  # another tab's pass that landed late: not DEGRADED
        base = stored if stored is not None and stored["version"] == snap.version else None
        try:
            result = self.step(cal.as_record(base) if base is not None else None, snap, parse_instant(snap.read_at),
                               others=cal.other_records(self.conn, key))
            derived = [(cal.to_wire(r), r.first_sighting) for r in result.rows]
        except Exception as exc:  # noqa: BLE001 - a step that fails is refused, and the ledger answers on
            # logged as an event with the error's type only (its text may quote the snapshot), never a traceback
            self._log("ledger.calendar_step_failed", error=type(exc).__name__)
            log.debug("calendar step failed", exc_info=True)
            return self._refuse_pass(key, snap, "invalid_input", now)
        try:
            with transaction(self.conn):
                self._store_pass(snap, base, derived, result, pings,
                                 self._clean(CALENDAR, tab, snap.read_at))
        except _Refused as refusal:
            return self._refuse_pass(key, snap, refusal.code, now)
        return ACK_OK

    def _store_pass(self, snap: CalendarSnapshot, base: sqlite3.Row | None,
                    derived: list[tuple[Any, bool]], result: cal.StepResult, pings: list[CoveragePing],
                    clean: bool | None) -> None:
        """Rows with their markers, the record, the windows and latest pings: inCalendarPass."""
        for obs, _first_sighting in derived:  # the row's own word; every inserted row gets a marker (below)
            decision = rows.decide(self.conn, obs, CALENDAR, self.policy, obs.observed_at)
            if decision not in ("insert", "noop"):
                raise _Refused(decision)  # the first refusal aborts the transaction
            if decision == "insert":
                rows.insert(self.conn, obs, obs.observed_at)
                raise_high_water(self.conn, obs.observed_at)
                # Every Calendar row the ledger inserts gets its first-look marker, a change as well as a
                # first sighting: "since v1.12 every Calendar change is stored as a first sighting with
                # its marker, so no Calendar row is UNASKED" (spec §8.3 known limits). The row itself
                # (its type and firstSighting) stays as the step derived it.
                coverage.store_marker(self.conn, snap.account_hash, obs.id, obs.field_dict()["occurredAt"],
                                      obs.observed_at)
            self._fault("calendar.row")
        since = cal.day_since(base, snap, result.unsettled_days)
        cal.save_record(self.conn, snap, since, result.record)
        raise_high_water(self.conn, snap.read_at)
        self._fault("calendar.record")
        for ping in pings:
            self._record_ping(ping, cal.window_since(ping, snap, since))
            self._fault("calendar.window")
        health.pass_stored(self.conn, CALENDAR, snap.read_at, clean)

    def _refuse_pass(self, key: str, snap: CalendarSnapshot, code: str, now: str) -> Ack:
        """Nothing of the pass is stored; the range's record is dropped (a chain restart)."""
        with transaction(self.conn):
            dropped = self.conn.execute("DELETE FROM snapshot_records WHERE range_key = ?", (key,)).rowcount
        self._log("observer.calendar_restarted", reason="refused", code=code, dropped=dropped)
        self._degrade(CALENDAR, snap.version, code, snap.read_at, now)
        return refused(code)

    # --- shared --------------------------------------------------------------------------

    def _version(self, adapter_id: str, tab: str | None) -> str:
        """The observer version a message without one (a ping) came from: its tab's report, else the stored one."""
        seen = self._tab_reports.get((adapter_id, tab))
        if seen is not None:
            return seen.version
        stored = self.conn.execute("SELECT version FROM adapter_health WHERE adapter_id = ?", (adapter_id,)).fetchone()
        return stored["version"] if stored is not None else "unknown"

    def _degrade(self, adapter_id: str, version: str, code: str, pass_at: str, now: str) -> None:
        with transaction(self.conn):
            health.set_ledger_degraded(self.conn, adapter_id, version, {code}, pass_at, now)
            raise_high_water(self.conn, now)

    def _fault(self, point: str) -> None:
        if self.fault is not None:
            self.fault(point)

    def _log(self, event: str, **fields: Any) -> None:
        self.events.append({"event": event, **fields})
        log.info("%s %s", event, fields)

    # --- reading the state (never page content) -------------------------------------------

    def counts(self) -> dict[str, int]:
        out = counts(self.conn)
        out["heldPings"] = sum(len(v) for v in self._held.values())
        return out

    def health_list(self) -> list[dict[str, object]]:
        return health.health_list(self.conn)

    def mark_batch_read(self, row_ids: list[str]) -> None:
        """What a grading batch does to the rows it read (replay needs them kept)."""
        with transaction(self.conn):
            self.conn.executemany("UPDATE rows SET batch_read = 1 WHERE id = ?", [(i,) for i in row_ids])
