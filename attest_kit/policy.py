"""The redaction policy and ``project()``: a raw row becomes an Observation or is refused (spec §2.1).

The policy file (``policy.json`` beside this module) is the one place that says which types a
source may post, which fields leave the content script, and what each field must look like.
``project`` keeps only the allowlisted fields and refuses a row whose allowlisted value fails its
schema: it never cuts or drops a value, because a cut address would name someone else.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from attest_kit.contract import Observation, RawRow
from attest_kit.hashing import sha256_hex
from attest_kit.instants import format_instant, is_wire_instant
from attest_kit.text import has_control_character

POLICY_PATH = Path(__file__).with_name("policy.json")

_EMAIL = re.compile(r"^[^\s@<>()\",;]+@[^\s@<>()\",;]+\.[^\s@<>()\",;]+$")
_CURRENCY = re.compile(r"^[A-Z]{3}$")


class FieldSchema(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["email", "line", "instant", "integer", "currency"]
    max_length: int | None = Field(default=None, alias="maxLength")
    minimum: int | None = None
    maximum: int | None = None


class Policy(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    sources_by_type: dict[str, str] = Field(alias="sourcesByType")
    allowlisted_fields: dict[str, list[str]] = Field(alias="allowlistedFields")
    required_fields: dict[str, list[str]] = Field(alias="requiredFields")
    field_schemas: dict[str, FieldSchema] = Field(alias="fieldSchemas")

    def types_of(self, source: str) -> list[str]:
        """The row types a source may post."""
        return sorted(t for t, s in self.sources_by_type.items() if s == source)


@lru_cache(maxsize=1)
def load_policy(path: str | None = None) -> Policy:
    """The shipped policy (validated strictly; a bad file fails loudly)."""
    raw = json.loads(Path(path or POLICY_PATH).read_text(encoding="utf-8"))
    return Policy.model_validate(raw)


@dataclass(frozen=True)
class Refusal:
    """Why project() refused a row: one reason code from the catalogue."""

    reason: str
    field: str | None = None


def field_is_valid(schema: FieldSchema, value: Any) -> bool:
    """True when ``value`` satisfies ``schema``; never coerces."""
    if schema.kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        if schema.minimum is not None and value < schema.minimum:
            return False
        return schema.maximum is None or value <= schema.maximum
    if not isinstance(value, str):
        return False
    if schema.kind == "instant":
        return is_wire_instant(value)
    if schema.kind == "currency":
        return _CURRENCY.match(value) is not None
    # One line: not empty, no line break or other control character, no leading white space and no
    # run of it (one_line would have collapsed those). A trailing space is allowed: a subject hint
    # cut at its 80th code point can end in one, and the cut is kept exactly (spec §2.1).
    if value.strip() == "" or has_control_character(value) or value[0].isspace() or "  " in value:
        return False
    if schema.max_length is not None and len(value) > schema.max_length:
        return False
    if schema.kind == "email":
        return _EMAIL.match(value) is not None
    return True


def content_hash(type_: str, fields: dict[str, Any]) -> str:
    """SHA-256 of the row's type and allowlisted fields, canonical JSON."""
    return sha256_hex(json.dumps([type_, fields], sort_keys=True, ensure_ascii=False, separators=(",", ":")))


def observation_id(source: str, type_: str, row_key_hash: str | None, chash: str) -> str:
    """The id project() gives a row: its source, type, row key hash and content hash, hashed together. The ledger
    computes it again, so a row carrying any other id is one project() could not have returned."""
    return sha256_hex(f"{source}\x00{type_}\x00{row_key_hash or ''}\x00{chash}")


def project(
    row: RawRow, source: str, observed_at: datetime, policy: Policy | None = None
) -> Observation | Refusal:
    """Turn a raw row into an Observation, or refuse it with a reason code.

    The row's type must be one the policy reads from ``source`` (else ``extract.foreign_type``).
    Only allowlisted fields are kept; a kept field that fails its schema refuses the row
    (``redact.invalid_field``); a missing ``occurredAt`` is ``redact.missing_occurred_at``.
    """
    pol = policy or load_policy()
    if pol.sources_by_type.get(row.type) != source:
        return Refusal("extract.foreign_type")
    if not isinstance(row.fields, dict):
        return Refusal("redact.invalid_field")
    allowed = pol.allowlisted_fields.get(source, [])
    kept: dict[str, Any] = {}
    for name in allowed:
        if name not in row.fields or row.fields[name] is None:
            continue
        value = row.fields[name]
        if not field_is_valid(pol.field_schemas[name], value):
            return Refusal("redact.invalid_field", name)
        kept[name] = value
    for name in pol.required_fields.get(source, []):
        if name not in kept:
            if name == "occurredAt":
                return Refusal("redact.missing_occurred_at", name)
            return Refusal("redact.missing_field", name)
    if row.row_key is not None and (not isinstance(row.row_key, str) or not row.row_key):
        return Refusal("redact.invalid_field", "rowKey")
    row_key_hash = sha256_hex(f"{source}\x00{row.row_key}") if row.row_key else None
    chash = content_hash(row.type, kept)
    return Observation(
        id=observation_id(source, row.type, row_key_hash, chash),
        source=source,
        type=row.type,
        observed_at=format_instant(observed_at),
        row_key_hash=row_key_hash,
        content_hash=chash,
        fields=kept,
    )
