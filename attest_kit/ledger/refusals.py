"""Passes whose rows the ledger refused: their pings are not recorded, however late they come.

Spec §3.6: one refused row "does stop that pass's coverage", and a Calendar page's pings "are recorded
only if the rows were stored"; §3.3: "coverage never follows rows that were not stored". The content
script stops after a refused post, but a ping of that pass may still arrive (a foreign sender, a
replay, a post already in flight). So the ledger remembers, per observer and tab, the last pass it
refused and the code it answered, and answers that pass's pings with the same code.

The memo is stored (table ``refused_passes``), so a service-worker restart between the rows and the
ping does not release the pass. Tabs are known within one session only: a refusal remembered in an
earlier session holds the pass's pings from any tab (two tabs' passes at the same millisecond are the
price, and the safe side). The tab's next pass replaces its refusal; another message of the same pass
that stores cleanly (a pass of over 500 rows posts several) does not release it.
"""

from __future__ import annotations

import sqlite3


def _tab_key(tab: str | None) -> str:
    return "" if tab is None else tab


def remember(conn: sqlite3.Connection, source: str, tab: str | None, session: str, pass_at: str, code: str) -> None:
    """The pass of ``tab`` at ``pass_at`` was refused with ``code``."""
    conn.execute("INSERT INTO refused_passes (source, tab_key, session, pass_at, code) VALUES (?, ?, ?, ?, ?)"
                 " ON CONFLICT(source, tab_key) DO UPDATE SET session = excluded.session,"
                 " pass_at = excluded.pass_at, code = excluded.code",
                 (source, _tab_key(tab), session, pass_at, code))


def code_for(conn: sqlite3.Connection, source: str, tab: str | None, session: str, pass_at: str) -> str | None:
    """The code a ping of that pass is answered with, or None when its pass was not refused."""
    found = conn.execute("SELECT code FROM refused_passes WHERE source = ? AND pass_at = ? AND (tab_key = ? OR"
                         " session != ?) ORDER BY tab_key = ? DESC LIMIT 1",
                         (source, pass_at, _tab_key(tab), session, _tab_key(tab))).fetchone()
    return None if found is None else str(found[0])


def release_older(conn: sqlite3.Connection, source: str, tab: str | None, pass_at: str) -> None:
    """A message of the tab's pass at ``pass_at`` was stored in full: a refusal of another pass no longer holds."""
    conn.execute("DELETE FROM refused_passes WHERE source = ? AND tab_key = ? AND pass_at != ?",
                 (source, _tab_key(tab), pass_at))
