"""Coverage intervals, the merge rule and the latest pings (coverage.ts, coverage-merge.ts).

The merge rule: two windows of one stream (source and account) are united only when they synced
at one instant, or the earlier-synced lies inside the later-synced one. A union that carried a
newer sync over an older span would say a day was seen later than it was: a false NOT FOUND for
an event created there in between (spec §8.3). A first-look marker is a merge group of its own:
it is never united with anything.

Two refinements keep a merge from losing what a window said: an earlier window is absorbed into a
later one only when the later says at least as much (allCalendars not weaker, changesSince not
later, unless the earlier follows no change from before its own sync: a day waiting for a deletion
to be confirmed follows changes only from each pass, and a range never seen complete would otherwise
keep a window per pass for ever); and a same-instant union keeps the weaker allCalendars and the later changesSince. The rule
is applied to every source: a Gmail head window is inside the next head's window whenever that one
reaches as far back, and a receipt's instant repeats exactly.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Span:
    """One coverage window: wire-instant strings (text order is time order)."""

    start: str
    end: str
    synced: str
    all_calendars: bool | None = None
    changes_since: str | None = None


def _touch(a: Span, b: Span) -> bool:
    return a.start <= b.end and b.start <= a.end


def _inside(inner: Span, outer: Span) -> bool:
    return outer.start <= inner.start and inner.end <= outer.end


def _says_at_least(later: Span, earlier: Span) -> bool:
    if earlier.all_calendars and not later.all_calendars:
        return False
    if earlier.changes_since is None or earlier.changes_since >= earlier.synced:
        return True  # the earlier follows no change before its own sync: the later, over its span, says more
    return later.changes_since is not None and later.changes_since <= earlier.changes_since


def mergeable(a: Span, b: Span) -> bool:
    """True when the rule lets ``a`` and ``b`` be united."""
    if a.synced == b.synced:
        return _touch(a, b)
    earlier, later = (a, b) if a.synced < b.synced else (b, a)
    return _inside(earlier, later) and _says_at_least(later, earlier)


def _weaker_calendars(a: bool | None, b: bool | None) -> bool | None:
    if a is None and b is None:
        return None
    return bool(a) and bool(b)


def _later_since(a: str | None, b: str | None) -> str | None:
    return None if a is None or b is None else max(a, b)


def merge(a: Span, b: Span) -> Span:
    """The union of two mergeable spans; it never says more than either did."""
    if a.synced == b.synced:
        return Span(min(a.start, b.start), max(a.end, b.end), a.synced,
                    _weaker_calendars(a.all_calendars, b.all_calendars),
                    _later_since(a.changes_since, b.changes_since))
    return a if a.synced > b.synced else b


def merge_into(stored: list[Span], new: Span) -> tuple[list[Span], Span]:
    """Unite ``new`` with every stored span the rule allows, repeatedly.

    Returns (the stored spans it absorbed, the resulting span).
    """
    absorbed: list[Span] = []
    current = new
    pending = list(stored)
    changed = True
    while changed:
        changed = False
        for span in pending:
            if mergeable(current, span):
                current = merge(current, span)
                absorbed.append(span)
                pending.remove(span)
                changed = True
                break
    return absorbed, current


# --- storage ---------------------------------------------------------------------------------


def _bool(value: object) -> bool | None:
    return None if value is None else bool(value)


def _int(value: bool | None) -> int | None:
    return None if value is None else int(value)


def store_window(conn: sqlite3.Connection, source: str, account: str | None, span: Span) -> None:
    """Record one window of a stream, merged by the rule with the stream's stored windows."""
    found = conn.execute(
        "SELECT id, window_start, window_end, synced_at, all_calendars, changes_since FROM coverage"
        " WHERE source = ? AND account_hash IS ? AND kind = 'window'", (source, account)).fetchall()
    by_span = {Span(r["window_start"], r["window_end"], r["synced_at"], _bool(r["all_calendars"]),
                    r["changes_since"]): r["id"] for r in found}
    absorbed, result = merge_into(list(by_span), span)
    for old in absorbed:
        conn.execute("DELETE FROM coverage WHERE id = ?", (by_span[old],))
    conn.execute(
        "INSERT INTO coverage (source, account_hash, kind, window_start, window_end, synced_at, all_calendars,"
        " changes_since) VALUES (?, ?, 'window', ?, ?, ?, ?, ?)",
        (source, account, result.start, result.end, result.synced, _int(result.all_calendars), result.changes_since))


def store_marker(conn: sqlite3.Connection, account: str | None, row_id: str, instant: str, sighting: str) -> None:
    """A first-look marker: a gcal.event coverage entry of one instant, never merged."""
    conn.execute(
        "INSERT INTO coverage (source, account_hash, kind, window_start, window_end, synced_at, row_id)"
        " VALUES ('gcal.event', ?, 'marker', ?, ?, ?, ?)", (account, instant, instant, sighting, row_id))


def store_latest_ping(conn: sqlite3.Connection, source: str, account: str | None, span: Span,
                      user_active: bool) -> None:
    """Keep the ping as the latest of its observer and account unless a later one is stored."""
    conn.execute(
        "INSERT INTO latest_pings (source, account_key, account_hash, last_sync_at, window_start, window_end,"
        " all_calendars, user_active) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(source, account_key) DO UPDATE SET last_sync_at = excluded.last_sync_at,"
        " window_start = excluded.window_start, window_end = excluded.window_end,"
        " all_calendars = excluded.all_calendars, user_active = excluded.user_active"
        " WHERE excluded.last_sync_at >= latest_pings.last_sync_at",
        (source, account or "", account, span.synced, span.start, span.end, _int(span.all_calendars),
         int(user_active)))


def stored_spans(conn: sqlite3.Connection, source: str | None = None, kind: str = "window") -> list[Span]:
    """Every stored span of a kind (optionally one source), for tests and the summary."""
    query = "SELECT * FROM coverage WHERE kind = ?" + (" AND source = ?" if source else "")
    args = (kind, source) if source else (kind,)
    return [Span(r["window_start"], r["window_end"], r["synced_at"], _bool(r["all_calendars"]), r["changes_since"])
            for r in conn.execute(query, args)]


def raise_since_to_floor(span: Span, floor: str | None) -> Span:
    """No window follows changes from before the clock floor (spec §3.6)."""
    if floor is None or span.changes_since is None or span.changes_since >= floor:
        return span
    return replace(span, changes_since=floor if span.synced >= floor else None)
