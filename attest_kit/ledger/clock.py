"""The clock guard (spec §3.6, clock-guard.ts).

Before anything is stored the ledger compares its clock with its high water, the latest instant
it stored (every new row's sighting, every window's sync, every snapshot record's read, every
health report's check). A clock below it went back (a jump forward that came back, or a step back
for good), and the ledger repairs itself in one transaction, logged once as
``ledger.clock_regressed`` with counts only. It deletes exactly what §3.6 lists:

- every coverage window and marker synced after the clock;
- every latest ping synced after the clock;
- an observer's own health report checked after the clock (a DEGRADED the ledger set is stamped
  again at the clock, its reasons kept);
- every Calendar snapshot record read after the clock (its range's chain restarts);
- every Calendar row first seen after the clock that no grading batch has read.

Gmail rows are not on that list and stay. The clock floor becomes the old high water, and the
high water becomes the clock, so the repair runs once per regression. Every row it keeps with a
sighting after the clock (a Gmail row, or a Calendar row a batch read) is marked ``kept_ahead``: an
earlier re-sighting of that row is a no-op. A row first stored after the repair is not marked, though
its sighting may lie inside the old jump: it was seen then, and an earlier sighting of it is late.
"""

from __future__ import annotations

import json
import sqlite3

from attest_kit.ledger.store import get_meta, set_meta, transaction


def _delete(conn: sqlite3.Connection, sql: str, args: tuple[object, ...]) -> int:
    return conn.execute(sql, args).rowcount


def repair_if_regressed(conn: sqlite3.Connection, now: str) -> dict[str, int] | None:
    """Run the repair when ``now`` is below the high water; the counts it logs, or None."""
    high_water = get_meta(conn, "high_water")
    if high_water is None or now >= high_water:
        return None
    with transaction(conn):
        counts = {
            "coverage": _delete(conn, "DELETE FROM coverage WHERE synced_at > ? AND kind = 'window'", (now,)),
            "markers": _delete(conn, "DELETE FROM coverage WHERE synced_at > ? AND kind = 'marker'", (now,)),
            "latestPings": _delete(conn, "DELETE FROM latest_pings WHERE last_sync_at > ?", (now,)),
            "snapshotRecords": _delete(conn, "DELETE FROM snapshot_records WHERE read_at > ?", (now,)),
            "calendarRows": _delete(conn, "DELETE FROM rows WHERE source = 'gcal.event' AND sighted_at > ?"
                                    " AND batch_read = 0", (now,)),
            "healthReports": 0,
            "healthRestamped": 0,
        }
        for row in conn.execute("SELECT * FROM adapter_health").fetchall():
            has_ledger = bool(json.loads(row["ledger_reasons"]))
            own_after = row["own_checked_at"] is not None and row["own_checked_at"] > now
            if own_after and not has_ledger:
                conn.execute("DELETE FROM adapter_health WHERE adapter_id = ?", (row["adapter_id"],))
                counts["healthReports"] += 1
                continue
            if own_after:
                conn.execute("UPDATE adapter_health SET own_status = NULL, own_reasons = '[]', own_checked_at = NULL,"
                             " tab = NULL, session = NULL WHERE adapter_id = ?", (row["adapter_id"],))
                counts["healthReports"] += 1
            if has_ledger and (row["ledger_set_at"] or "") > now:
                conn.execute("UPDATE adapter_health SET ledger_set_at = ?, ledger_pass_at = MIN(ledger_pass_at, ?)"
                             " WHERE adapter_id = ?", (now, now, row["adapter_id"]))
                counts["healthRestamped"] += 1
        set_meta(conn, "floor", max(high_water, get_meta(conn, "floor") or high_water))
        conn.execute("UPDATE rows SET kept_ahead = 1 WHERE sighted_at > ?", (now,))
        set_meta(conn, "high_water", now)
    return counts
