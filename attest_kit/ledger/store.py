"""The ledger's SQLite store: the tables, the meta values, and one transaction at a time.

stdlib ``sqlite3`` is enough: the ledger needs explicit transactions (BEGIN IMMEDIATE ... COMMIT,
ROLLBACK on any exception, so a pass stored "all or none" really is) and a handful of indexed
queries. sqlite-utils would add a dependency for table creation we do in ten lines.

Instants are stored as wire strings (``2026-10-06T21:03:00.000Z``): fixed width, UTC, so text
order is time order and SQL compares them directly.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT
);
-- Observations as project() returned them, with the sighting the ledger set (grading.md §10).
CREATE TABLE IF NOT EXISTS rows (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  type TEXT NOT NULL,
  row_key_hash TEXT,
  content_hash TEXT NOT NULL,
  fields TEXT NOT NULL,
  observed_at TEXT NOT NULL,
  sighted_at TEXT NOT NULL,
  batch_read INTEGER NOT NULL DEFAULT 0,
  -- 1 when a clock repair kept this row with a sighting from the jump ahead (§3.6): an earlier
  -- re-sighting of it is then a no-op, never late_sighting. Rows stored after the repair are 0.
  kept_ahead INTEGER NOT NULL DEFAULT 0
);
-- The last refused pass of each observer and tab ('' for no tab): its pings are not recorded (refusals.py).
CREATE TABLE IF NOT EXISTS refused_passes (
  source TEXT NOT NULL,
  tab_key TEXT NOT NULL,
  session TEXT NOT NULL,
  pass_at TEXT NOT NULL,
  code TEXT NOT NULL,
  PRIMARY KEY (source, tab_key)
);
-- Coverage: a pass's windows (kind 'window') and first-look markers (kind 'marker', one instant).
CREATE TABLE IF NOT EXISTS coverage (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  source TEXT NOT NULL,
  account_hash TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('window', 'marker')),
  window_start TEXT NOT NULL,
  window_end TEXT NOT NULL,
  synced_at TEXT NOT NULL,
  all_calendars INTEGER,
  changes_since TEXT,
  row_id TEXT
);
CREATE INDEX IF NOT EXISTS coverage_by_stream ON coverage (source, account_hash, kind);
-- The latest ping of each observer and account ('' stands for no account).
CREATE TABLE IF NOT EXISTS latest_pings (
  source TEXT NOT NULL,
  account_key TEXT NOT NULL,
  account_hash TEXT,
  last_sync_at TEXT NOT NULL,
  window_start TEXT NOT NULL,
  window_end TEXT NOT NULL,
  all_calendars INTEGER,
  user_active INTEGER NOT NULL,
  PRIMARY KEY (source, account_key)
);
-- One row per observer (spec §4): its own latest report and the ledger.* reasons the ledger set.
CREATE TABLE IF NOT EXISTS adapter_health (
  adapter_id TEXT PRIMARY KEY,
  version TEXT NOT NULL,
  own_status TEXT,
  own_reasons TEXT NOT NULL DEFAULT '[]',
  own_checked_at TEXT,
  tab TEXT,
  session TEXT,
  ledger_reasons TEXT NOT NULL DEFAULT '[]',
  ledger_set_at TEXT,
  ledger_pass_at TEXT
);
-- The stored snapshot record of each Calendar range and account (the chain's comparison base).
CREATE TABLE IF NOT EXISTS snapshot_records (
  range_key TEXT PRIMARY KEY,
  account_hash TEXT NOT NULL,
  first_day TEXT NOT NULL,
  last_day TEXT NOT NULL,
  read_at TEXT NOT NULL,
  version TEXT NOT NULL,
  all_calendars INTEGER NOT NULL,
  shown_calendars TEXT NOT NULL,
  day_since TEXT NOT NULL,
  body TEXT NOT NULL
);
"""

TABLES = ("rows", "coverage", "latest_pings", "adapter_health", "snapshot_records")


def _objects(conn: sqlite3.Connection) -> dict[str, str]:
    """Every table, index, view and trigger of a database, by name, as the statement that made it
    (white space collapsed: a layout change of ``SCHEMA`` is the same shape)."""
    return {name: " ".join(sql.split()) for name, sql in conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'view', 'trigger') AND sql IS NOT NULL")}


def _ledger_objects() -> dict[str, str]:
    fresh = sqlite3.connect(":memory:")
    try:
        fresh.executescript(SCHEMA)
        return _objects(fresh)
    finally:
        fresh.close()


def connect(path: str) -> sqlite3.Connection:
    """Open (and create) the ledger database; autocommit mode, transactions are explicit.

    An empty database gets the ledger's tables; one holding exactly them is opened; any other (another
    program's file, or an older ledger's tables) is refused with ``sqlite3.DatabaseError`` and left as
    it was: the ledger never adds its tables beside someone else's, nor stores half a scenario in a
    table of another shape."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        found = _objects(conn)
        if found and found != _ledger_objects():
            raise sqlite3.DatabaseError("not a ledger database (it holds other tables, or an older shape)")
        conn.row_factory = sqlite3.Row
        if not found:  # in one transaction: a run stopped half way leaves an empty file, not half a ledger
            conn.executescript(f"BEGIN IMMEDIATE;\n{SCHEMA}\nCOMMIT;")
    except BaseException:
        conn.close()
        raise
    return conn


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One readwrite transaction: committed when the block ends, rolled back on any exception."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def get_meta(conn: sqlite3.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else row["value"]


def set_meta(conn: sqlite3.Connection, key: str, value: str | None) -> None:
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                 (key, value))


def raise_high_water(conn: sqlite3.Connection, instant: str) -> None:
    """Keep the latest instant the ledger stored (spec §3.6, the clock guard's high water)."""
    current = get_meta(conn, "high_water")
    if current is None or instant > current:
        set_meta(conn, "high_water", instant)


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """How many of each thing is stored (never the content)."""
    out = {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}  # noqa: S608 - fixed names
    out["windows"] = conn.execute("SELECT COUNT(*) FROM coverage WHERE kind = 'window'").fetchone()[0]
    out["markers"] = conn.execute("SELECT COUNT(*) FROM coverage WHERE kind = 'marker'").fetchone()[0]
    del out["coverage"]
    return out
