"""The adapterHealth table and its precedence rules (spec §4, §4.5; src/ledger/health.ts).

One row per observer holds two things side by side: the observer's own latest report (status,
reasons, checkedAt, the tab that sent it) and the ledger.* reasons the ledger set when it refused
what a pass sent. What the popup shows is DEGRADED while any ledger.* reason stands, with the
reasons of both; otherwise the observer's own report.

- IDLE is stored where nothing is stored, over an IDLE, and over the report of its own tab (that
  tab moved off the page it reported), unless another tab's latest report, not IDLE, is as new as
  the stored one (the one-minute repeat rule kept it from being written). A tab whose latest report
  repeated the stored one gives it too. Never over another tab's report, never over a DEGRADED the
  ledger set. Tabs are known only within one ledger session: after a restart no tab is known, and an
  IDLE replaces nothing but an IDLE until the tab the stored report names reports again (a repeat that
  is not written still counts).
- OK and DEGRADED reports are stored over anything; ledger.* reasons stay beside them.
- A report repeating the stored one is rewritten only once the stored one is a minute old.
- ledger.* reasons stay until a later pass of that observer has a message stored in full; a pass
  that posts only its health clears nothing.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import timedelta

from attest_kit.bus import AdapterHealth
from attest_kit.instants import parse_instant

#: OBSERVER_HEALTH_REFRESH_MS: a repeated report is written again only after this.
HEALTH_REFRESH = timedelta(minutes=1)


def _row(conn: sqlite3.Connection, adapter_id: str) -> sqlite3.Row | None:
    return conn.execute("SELECT * FROM adapter_health WHERE adapter_id = ?", (adapter_id,)).fetchone()


@dataclass(frozen=True)
class TabReport:
    """A tab's latest own report this ledger session, written or not."""

    checked_at: str
    status: str
    reasons: tuple[str, ...]
    version: str

    @classmethod
    def of(cls, report: AdapterHealth) -> TabReport:
        return cls(report.checked_at, report.status, tuple(sorted(report.reasons)), report.version)


def _says(row: sqlite3.Row, report: TabReport) -> bool:
    """The stored report says what ``report`` says (a repeat the one-minute rule did not write)."""
    return (row["version"], row["own_status"], json.loads(row["own_reasons"])) == (
        report.version, report.status, list(report.reasons)) and report.checked_at >= row["own_checked_at"]


def _idle_may_replace(row: sqlite3.Row | None, tab: str | None, session: str, previous: TabReport | None,
                      live_elsewhere: list[str]) -> bool:
    if row is None:
        return True
    if json.loads(row["ledger_reasons"]):
        return False  # never over a DEGRADED the ledger set
    if row["own_status"] in (None, "IDLE"):
        return True
    if tab is None or row["session"] != session:
        return False  # after a restart no tab is known until the tab the report names reports again
    # The report is this tab's when it wrote it, or when its latest report repeated it (not written).
    if row["tab"] != tab and (previous is None or not _says(row, previous)):
        return False  # never over another tab's report
    # ... unless another tab still gives a status at least as new: that tab's report would be the stored
    # one, had the one-minute repeat rule written it.
    return not any(checked >= row["own_checked_at"] for checked in live_elsewhere)


def _repeats(row: sqlite3.Row | None, report: AdapterHealth) -> bool:
    """True when the stored report says the same and is less than a minute old."""
    if row is None or row["own_checked_at"] is None:
        return False
    same = (row["version"], row["own_status"], json.loads(row["own_reasons"])) == (
        report.version, report.status, sorted(report.reasons))
    age = parse_instant(report.checked_at) - parse_instant(row["own_checked_at"])
    return same and age < HEALTH_REFRESH


def store_report(conn: sqlite3.Connection, report: AdapterHealth, tab: str | None, session: str,
                 previous: TabReport | None = None, live_elsewhere: list[str] | None = None) -> bool:
    """Apply the precedence rules to one report; True when it was written. ``previous``: this tab's report
    before this one (this session); ``live_elsewhere``: when the other tabs whose latest report this session
    is not IDLE gave it (their checkedAt)."""
    row = _row(conn, report.adapter_id)
    if report.status == "IDLE" and not _idle_may_replace(row, tab, session, previous, live_elsewhere or []):
        return False
    if _repeats(row, report):
        assert row is not None
        if row["session"] != session and row["tab"] == tab:
            # after a restart, the tab the stored report names is known again once it reports (not another
            # tab: whether the named one still gives the report is unknown)
            conn.execute("UPDATE adapter_health SET session = ? WHERE adapter_id = ?", (session, report.adapter_id))
        return False
    reasons = json.dumps(sorted(report.reasons))
    conn.execute(
        "INSERT INTO adapter_health (adapter_id, version, own_status, own_reasons, own_checked_at, tab, session)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(adapter_id) DO UPDATE SET version = excluded.version,"
        " own_status = excluded.own_status, own_reasons = excluded.own_reasons,"
        " own_checked_at = excluded.own_checked_at, tab = excluded.tab, session = excluded.session",
        (report.adapter_id, report.version, report.status, reasons, report.checked_at, tab, session))
    return True


def set_ledger_degraded(conn: sqlite3.Connection, adapter_id: str, version: str, codes: set[str],
                        pass_at: str, now: str) -> None:
    """Turn an observer DEGRADED with ledger.<code> reasons, kept beside its own (spec §4.5)."""
    row = _row(conn, adapter_id)
    added = {f"ledger.{code}" for code in codes}
    if row is None:
        conn.execute("INSERT INTO adapter_health (adapter_id, version, ledger_reasons, ledger_set_at, ledger_pass_at)"
                     " VALUES (?, ?, ?, ?, ?)", (adapter_id, version, json.dumps(sorted(added)), now, pass_at))
        return
    reasons = sorted(set(json.loads(row["ledger_reasons"])) | added)
    last_pass = max(pass_at, row["ledger_pass_at"] or pass_at)
    conn.execute("UPDATE adapter_health SET ledger_reasons = ?, ledger_set_at = ?, ledger_pass_at = ?"
                 " WHERE adapter_id = ?", (json.dumps(reasons), now, last_pass, adapter_id))


def pass_stored(conn: sqlite3.Connection, adapter_id: str, pass_at: str, clean: bool | None = None) -> None:
    """A message of a pass was stored in full: clear ledger.* reasons set by an earlier pass, if that pass
    is clean. §4.5 asks for "a message fully stored with no refusal" and §9 for "a later clean pass ...
    fully accepted": both must hold, so a pass that reported itself DEGRADED
    clears nothing, though its rows are stored. ``clean``: that pass's own report said OK (the caller
    knows it by tab and instant); None when the report was not seen, then the latest own report stands in."""
    row = _row(conn, adapter_id)
    if row is None or not json.loads(row["ledger_reasons"]) or pass_at <= (row["ledger_pass_at"] or ""):
        return
    if clean is False or (clean is None and row["own_status"] not in (None, "OK")):
        return
    if row["own_status"] is None:
        conn.execute("DELETE FROM adapter_health WHERE adapter_id = ?", (adapter_id,))
    else:
        conn.execute("UPDATE adapter_health SET ledger_reasons = '[]', ledger_set_at = NULL, ledger_pass_at = NULL"
                     " WHERE adapter_id = ?", (adapter_id,))


def shown(row: sqlite3.Row) -> dict[str, object]:
    """One health row as ui.query health.list would show it: status, reasons, checkedAt, tab."""
    own = json.loads(row["own_reasons"])
    ledger = json.loads(row["ledger_reasons"])
    status = "DEGRADED" if ledger else row["own_status"]
    return {
        "adapterId": row["adapter_id"],
        "version": row["version"],
        "status": status,
        "reasons": sorted(set(own) | set(ledger)),
        "checkedAt": row["own_checked_at"] or row["ledger_set_at"],
        "tab": row["tab"],
    }


def health_list(conn: sqlite3.Connection) -> list[dict[str, object]]:
    return [shown(r) for r in conn.execute("SELECT * FROM adapter_health ORDER BY adapter_id")]
