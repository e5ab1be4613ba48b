"""Rows: upsertObservation (spec §3.6). A refusal is decided before the write.

The ledger refuses any row project() could not have returned: a type its source may not post, a
field the policy does not allowlist for that source, a value that fails its field schema, a
missing required field, or a content hash that is not the hash of its type and fields. Then the
row's id decides: a stored id with other content is ``id_conflict``; a sighting earlier than the
stored one is ``late_sighting``; a later or equal re-sighting changes nothing.

The id is project()'s (``policy.observation_id``) and is computed again here: a row carrying another id is one
project() could not have returned (spec §3.6), and taken as given, the same send posted under two ids was stored
twice (§8.1: "the same row read on two pages is one observation"; an audit of 2026-12-02 (e)). A stored id with other
content is still refused loudly (id_conflict), never overwritten.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Literal

from attest_kit.bus import WireObservation
from attest_kit.policy import Policy, content_hash, field_is_valid, observation_id

Decision = Literal["insert", "noop", "invalid_input", "id_conflict", "late_sighting"]


def row_is_valid(row: WireObservation, source: str, policy: Policy) -> bool:
    """True when ``row`` is one project() could have returned for ``source``."""
    if row.source != source or policy.sources_by_type.get(row.type) != source:
        return False
    fields = row.field_dict()
    allowed = set(policy.allowlisted_fields.get(source, []))
    if not set(fields) <= allowed:
        return False
    if any(not field_is_valid(policy.field_schemas[name], value) for name, value in fields.items()):
        return False
    if any(name not in fields for name in policy.required_fields.get(source, [])):
        return False
    if row.content_hash != content_hash(row.type, fields):
        return False
    return row.id == observation_id(source, row.type, row.row_key_hash, row.content_hash)


@dataclass(frozen=True)
class StoredRow:
    source: str
    type: str
    row_key_hash: str | None
    content_hash: str
    sighted_at: str
    kept_ahead: bool


def _stored(conn: sqlite3.Connection, row_id: str) -> StoredRow | None:
    found = conn.execute("SELECT source, type, row_key_hash, content_hash, sighted_at, kept_ahead FROM rows WHERE id = ?",
                         (row_id,)).fetchone()
    return None if found is None else StoredRow(*tuple(found[:5]), kept_ahead=bool(found[5]))


def decide(conn: sqlite3.Connection, row: WireObservation, source: str, policy: Policy, sighting: str) -> Decision:
    """What storing ``row`` sighted at ``sighting`` would do; nothing is written."""
    if not row_is_valid(row, source, policy):
        return "invalid_input"
    stored = _stored(conn, row.id)
    if stored is None:
        return "insert"
    if (stored.source, stored.type, stored.row_key_hash, stored.content_hash) != (
            row.source, row.type, row.row_key_hash, row.content_hash):
        return "id_conflict"
    if sighting < stored.sighted_at:
        # After a clock repair a row a batch read keeps its sighting from the jump ahead; an
        # earlier re-sighting is then a no-op, so the jump never locks the row out (spec §3.6).
        return "noop" if stored.kept_ahead else "late_sighting"
    return "noop"


def insert(conn: sqlite3.Connection, row: WireObservation, sighting: str) -> None:
    conn.execute(
        "INSERT INTO rows (id, source, type, row_key_hash, content_hash, fields, observed_at, sighted_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (row.id, row.source, row.type, row.row_key_hash, row.content_hash,
         json.dumps(row.field_dict(), sort_keys=True, ensure_ascii=False), row.observed_at, sighting),
    )
