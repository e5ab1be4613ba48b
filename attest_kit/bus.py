"""The bus message models (spec §3.3, §3.4, §9): what an observer posts and what the ledger answers.

Every message is one member of a closed union discriminated by ``type``: strict objects (an
unknown key is refused), every string and list capped (``SCHEMA_LIMITS``), instants in the wire
format, reason codes from ``attest_kit/reasons.py``. The ledger parses each message on receipt and
answers a ``BusAck``: ``{ok: true}`` once it stored what the message carries, or ``{ok: false, code}``
with one closed code. ``docs/bus-schema.json`` is generated from these models
(``attest-kit ledger schema``; a test keeps it fresh).

An observer never sends ``sightedAt`` (rows) or ``changesSince`` (pings): only the ledger sets them,
so the models refuse both as unknown keys.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter
from pydantic.alias_generators import to_camel

from attest_kit.instants import is_wire_instant
from attest_kit.reasons import BY_CODE

#: Every cap of the bus, in one place (SCHEMA_LIMITS in src/core/schema.ts).
SCHEMA_LIMITS: dict[str, int] = {
    "id": 64,  # a SHA-256 hex digest
    "observer": 64,  # adapter / observer id, source
    "version": 32,  # semver
    "reason": 64,  # one reason code
    "reasons": 32,  # reason codes per report
    "type": 64,  # a row type
    "fieldText": 254,  # any allowlisted text value (an address is the longest)
    "observations": 500,  # rows per observer.observations message (spec §3.3)
    "days": 42,  # six weeks: a longer range is DEGRADED range.too_long before it is posted
    "eventDays": 43,  # an event's days in the range (42 at most; 43 took the eve 1.3.10 to 1.3.88 wrote first)
    "calendars": 200,
    "events": 2000,
    "guests": 200,  # guest addresses per event
    "title": 1024,  # an event title as the page shows it
    "instant": 24,  # 2026-10-06T21:03:00.000Z
    "date": 10,  # 2026-10-06
}

_HEX64 = r"^[0-9a-f]{64}$"
_SEMVER = r"^\d+\.\d+\.\d+$"
_DATE = r"^\d{4}-\d{2}-\d{2}$"


def _wire_instant(value: str) -> str:
    if not is_wire_instant(value):
        raise ValueError("not a wire instant (UTC ISO 8601 with milliseconds and Z)")
    return value


def _known_reason(value: str) -> str:
    if value not in BY_CODE:
        raise ValueError("reason code not in the catalogue")
    return value


def _observer_reasons(values: list[str]) -> list[str]:
    # ledger.* reasons are the service worker's own (spec §4.5): an observer never posts them.
    if any(v.startswith("ledger.") for v in values):
        raise ValueError("ledger.* reasons are set by the ledger, never posted by an observer")
    if len(set(values)) != len(values):
        raise ValueError("reason codes repeat")
    return values


Instant = Annotated[str, StringConstraints(max_length=SCHEMA_LIMITS["instant"]), AfterValidator(_wire_instant)]
Hex64 = Annotated[str, StringConstraints(pattern=_HEX64, max_length=SCHEMA_LIMITS["id"])]
ObserverId = Annotated[str, StringConstraints(min_length=1, max_length=SCHEMA_LIMITS["observer"],
                                              pattern=r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")]
Version = Annotated[str, StringConstraints(max_length=SCHEMA_LIMITS["version"], pattern=_SEMVER)]
ReasonCode = Annotated[str, StringConstraints(max_length=SCHEMA_LIMITS["reason"]), AfterValidator(_known_reason)]
DateKey = Annotated[str, StringConstraints(max_length=SCHEMA_LIMITS["date"], pattern=_DATE)]
FieldText = Annotated[str, StringConstraints(max_length=SCHEMA_LIMITS["fieldText"])]
RowType = Annotated[str, StringConstraints(min_length=1, max_length=SCHEMA_LIMITS["type"])]


class BusModel(BaseModel):
    """Strict: unknown keys refused, camelCase on the wire, no coercion of types."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, alias_generator=to_camel,
                              strict=True)


# --- adapter.health -------------------------------------------------------------------------


class AdapterHealth(BusModel):
    """One pass's health report, stamped with the observer's id, version and the pass instant."""

    type: Literal["adapter.health"]
    adapter_id: ObserverId
    version: Version
    status: Literal["OK", "IDLE", "DEGRADED"]
    reasons: Annotated[list[ReasonCode], Field(max_length=SCHEMA_LIMITS["reasons"]),
                       AfterValidator(_observer_reasons)]
    checked_at: Instant


# --- observer.observations ------------------------------------------------------------------


class RowFields(BusModel):
    """The union of every allowlisted field; the ledger checks which a source may carry (policy)."""

    counterparty: FieldText | None = None
    subject_hint: FieldText | None = None
    occurred_at: Instant | None = None
    merchant: FieldText | None = None
    amount_cents: int | None = None
    currency: Annotated[str, StringConstraints(max_length=3)] | None = None


class WireObservation(BusModel):
    """One projected row as project() returns it (spec §2.1); never sightedAt."""

    id: Hex64
    source: ObserverId
    type: RowType
    observed_at: Instant
    row_key_hash: Hex64 | None = None
    content_hash: Hex64
    fields: RowFields

    def field_dict(self) -> dict[str, Any]:
        """The fields as project() keeps them: camelCase keys, absent fields left out."""
        return self.fields.model_dump(by_alias=True, exclude_none=True)


class ObserverObservations(BusModel):
    """The accepted rows of one pass, at most 500 per message."""

    type: Literal["observer.observations"]
    observer: ObserverId
    version: Version
    observations: Annotated[list[WireObservation], Field(min_length=1, max_length=SCHEMA_LIMITS["observations"])]


# --- coverage.ping --------------------------------------------------------------------------


class CoveragePing(BusModel):
    """One window a pass saw; lastSyncAt is the pass instant. Never changesSince."""

    type: Literal["coverage.ping"]
    source: ObserverId
    account_hash: Hex64 | None
    last_sync_at: Instant
    window_start: Instant
    window_end: Instant
    all_calendars: bool | None = None
    user_active: bool


# --- calendar.snapshot ----------------------------------------------------------------------


class SnapshotDay(BusModel):
    """One visible day: its date key, its local midnights as instants, whether it was seen whole."""

    date: DateKey
    start: Instant
    end: Instant
    whole: bool


class SnapshotCalendar(BusModel):
    """A calendar of the side panel: SHA-256 of its name, and whether it is shown. A calendar the page
    draws with no name (a checkbox without a label, or a labelled list drawn empty: shown false) has no
    key: it keeps the view incomplete (spec §8.3), and is still posted."""

    key: Hex64 | None
    shown: bool


class SnapshotEvent(BusModel):
    """One event chip: SHA-256 of its data-eventid, its calendar's key, what it says."""

    key: Hex64
    calendar_key: Hex64 | None = None
    title: Annotated[str, StringConstraints(max_length=SCHEMA_LIMITS["title"])] | None
    start: Instant
    end: Instant
    all_day: bool
    days: Annotated[list[DateKey], Field(max_length=SCHEMA_LIMITS["eventDays"])]
    #: whether it began before the visible range (its days are the shown days of the range it touches)
    began_before: bool = False
    guests: Annotated[list[FieldText], Field(max_length=SCHEMA_LIMITS["guests"])] = []
    guest_count: Annotated[int, Field(ge=0, le=100_000)] = 0


class Snapshot(BusModel):
    """The snapshot of the visible range one clean Calendar pass read (spec §8.3)."""

    all_calendars: bool
    days: Annotated[list[SnapshotDay], Field(min_length=1, max_length=SCHEMA_LIMITS["days"])]
    calendars: Annotated[list[SnapshotCalendar], Field(max_length=SCHEMA_LIMITS["calendars"])] = []
    events: Annotated[list[SnapshotEvent], Field(max_length=SCHEMA_LIMITS["events"])] = []


class CalendarSnapshot(BusModel):
    """After the coverage of a clean pass whose account is known (the content script adds the hash)."""

    type: Literal["calendar.snapshot"]
    observer: Literal["gcal.event"]
    version: Version
    account_hash: Hex64
    read_at: Instant
    snapshot: Snapshot


BusMessage = Annotated[
    Union[AdapterHealth, ObserverObservations, CoveragePing, CalendarSnapshot],
    Field(discriminator="type"),
]
MESSAGE_ADAPTER: TypeAdapter[Any] = TypeAdapter(BusMessage)

# --- BusAck ---------------------------------------------------------------------------------

#: The closed refusal codes. invalid_input: the message or a row fails its schema or the policy,
#: or a Calendar pass's pings disagree with its snapshot. id_conflict: a row id stored with other
#: content. late_sighting: a row sighted before its stored sighting, or a Calendar snapshot read at
#: or before the stored one of its range. clock_behind: the message is stamped after the ledger's
#: clock (the clock went back after the page read it).
AckCode = Literal["invalid_input", "id_conflict", "late_sighting", "clock_behind"]
ACK_CODES: tuple[str, ...] = ("invalid_input", "id_conflict", "late_sighting", "clock_behind")
#: The worst first, for a Gmail message with several refusals (spec §3.4).
GMAIL_SEVERITY: tuple[str, ...] = ("invalid_input", "id_conflict", "late_sighting")


class AckOk(BusModel):
    ok: Literal[True]


class AckRefused(BusModel):
    ok: Literal[False]
    code: AckCode


BusAck = Annotated[Union[AckOk, AckRefused], Field(discriminator="ok")]
ACK_ADAPTER: TypeAdapter[Any] = TypeAdapter(BusAck)

ACK_OK = AckOk(ok=True)


def is_version(value: str) -> bool:
    """Whether ``value`` is a version the bus carries (``Version``)."""
    return len(value) <= SCHEMA_LIMITS["version"] and re.fullmatch(_SEMVER, value) is not None


def refused(code: str) -> AckRefused:
    """An ``{ok: false, code}`` answer; ValueError for a code outside the closed set."""
    return AckRefused(ok=False, code=code)  # type: ignore[arg-type]


def parse_message(raw: object) -> AdapterHealth | ObserverObservations | CoveragePing | CalendarSnapshot:
    """Parse one message (a dict from JSON); pydantic's ValidationError on anything else."""
    # strict=True refuses Python-side coercions; JSON-shaped input is what the bus carries.
    return MESSAGE_ADAPTER.validate_python(raw)


def ack_json(ack: AckOk | AckRefused) -> dict[str, Any]:
    return ack.model_dump(by_alias=True)


def _json_discriminators(node: Any) -> Any:
    """Write a boolean discriminator's mapping keys as JSON writes the values (true/false).

    pydantic names them "True"/"False" from 2.14 on and "true"/"false" before; the extension reads
    the JSON values, and the generated file must not change with the pydantic release installed.
    """
    if isinstance(node, dict):
        out = {k: _json_discriminators(v) for k, v in node.items()}
        mapping = out.get("discriminator", {}).get("mapping") if isinstance(out.get("discriminator"), dict) else None
        if isinstance(mapping, dict):
            out["discriminator"]["mapping"] = {
                {"True": "true", "False": "false"}.get(k, k): v for k, v in mapping.items()}
        return out
    if isinstance(node, list):
        return [_json_discriminators(v) for v in node]
    return node


def render_schema() -> str:
    """The JSON Schema of every bus message and of the ack, as docs/bus-schema.json holds it."""
    doc = {
        "title": "attest-kit bus messages",
        "description": "Generated from attest_kit/bus.py by `attest-kit ledger schema`; do not edit by hand.",
        "schemaLimits": SCHEMA_LIMITS,
        "message": MESSAGE_ADAPTER.json_schema(by_alias=True),
        "ack": ACK_ADAPTER.json_schema(by_alias=True),
    }
    return json.dumps(_json_discriminators(doc), indent=2, sort_keys=True) + "\n"
