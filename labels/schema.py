"""The schema of a fixture folder's labels.json (spec §6.2, §6.5).

A labels.json maps each page's file name to its entry: when it was captured, the selectors
versions it was checked against, the seeded secrets it holds, the page facts (view, address, time
zone, read instant, account), and per observer what it must report. Labels are written from the
page, never from the observer's output: they are what the bench measures against.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, RootModel, StringConstraints, ValidationError,
                      field_validator, model_validator)
from pydantic.alias_generators import to_camel

from attest_kit.contract import RawRow
from attest_kit.errors import BadInput
from attest_kit.fsio import read_json, update_json_entry
from attest_kit.instants import is_day, is_wire_instant, load_zone
from attest_kit.policy import FieldSchema, Refusal, load_policy, project
from attest_kit.selectors import VERSION_TOKEN
from labels.page_address import label_address_problem


class LabelModel(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, alias_generator=to_camel)


def _instant(value: str) -> str:
    if not is_wire_instant(value):
        raise ValueError(f"not a wire instant (UTC, milliseconds, Z): {value!r}")
    return value


class PageFacts(LabelModel):
    """What the page is: read from the page and its capture, never from an observer."""

    view: str = Field(min_length=1, max_length=64)
    url: str = Field(min_length=1, max_length=2048)
    time_zone: str = Field(min_length=1, max_length=64)
    read_at: str
    account: str | None = None
    pass_state: dict[str, Any] | None = None

    _read_at = field_validator("read_at")(classmethod(lambda cls, v: _instant(v)))
    _time_zone = field_validator("time_zone")(classmethod(lambda cls, v: _zone(v)))
    _url = field_validator("url")(classmethod(lambda cls, v: _address(v)))


def _address(value: str) -> str:
    problem = label_address_problem(value)
    if problem is not None:  # the message never holds the address: it may be a live one, token and all
        raise ValueError(problem)
    return value


def _zone(value: str) -> str:
    load_zone(value)  # ValueError names the zone: a typo is a bad labels.json, never a traceback later
    return value


class ExpectedHealth(LabelModel):
    status: Literal["OK", "IDLE", "DEGRADED"]
    reasons: list[str] = Field(default_factory=list)


class ExpectedObservation(LabelModel):
    type: str
    fields: dict[str, Any]


class ExpectedWindow(LabelModel):
    window_start: str
    window_end: str

    _instants = field_validator("window_start", "window_end")(classmethod(lambda cls, v: _instant(v)))

    @model_validator(mode="after")
    def _ordered(self) -> ExpectedWindow:
        # wire instants are one fixed-width form, so their order is their strings' order; a receipt's window is
        # one instant (start = end)
        if self.window_start > self.window_end:
            raise ValueError("windowStart is after windowEnd")
        return self


# --- Rows: what project() could post -------------------------------------------------------------
# A label's row is one the observer's pass could post: its type is the observer's, its fields the policy's
# allowlist (attest_kit/policy.json), each value as its schema writes it. Checked here, not only by `check`:
# a row whose occurredAt was "soon" ended check's reference reader in a traceback and was scored by the bench
# as a disagreement, where it is a label no pass can agree with.

_KIND_WORDS = {
    "email": "one email address",
    "line": "one line of text (no control character, no leading or doubled white space)",
    "instant": "wire instant (UTC, milliseconds, Z)",
    "integer": "whole number",
    "currency": "ISO 4217 code (three capital letters)",
}


def _schema_words(schema: FieldSchema) -> str:
    words = _KIND_WORDS[schema.kind]
    if schema.max_length is not None:
        words += f", at most {schema.max_length} characters"
    if schema.minimum is not None or schema.maximum is not None:
        words += f" from {schema.minimum} to {schema.maximum}"
    return words


#: a row's fields do not depend on when it was observed: any instant serves project()
_ANY_INSTANT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def row_problem(observer: str, type_: str, fields: dict[str, Any]) -> str | None:
    """Why a label's row is not a fixed point of ``project()`` for ``observer`` (a row its pass could post), or
    None. An observer the policy does not name is left to ``check``, which names it."""
    policy = load_policy()
    allowed = policy.allowlisted_fields.get(observer)
    if allowed is None:
        return None
    unknown = sorted(set(fields) - set(allowed))
    if unknown:  # project() drops them; a misspelt name ("occuredAt") would read only as "occurredAt is missing"
        return f"unknown field(s) {', '.join(unknown)} (the policy allows {', '.join(allowed)})"
    projected = project(RawRow(type_, dict(fields)), observer, _ANY_INSTANT, policy)
    if not isinstance(projected, Refusal):
        # the allowlist's fields it dropped are those written null
        nulls = sorted(set(fields) - set(projected.fields))
        return f"{', '.join(nulls)} written null: leave a field out when the row has none" if nulls else None
    if projected.reason == "extract.foreign_type":
        return f"type {type_!r} is not one {observer} posts ({', '.join(policy.types_of(observer))})"
    if projected.field is None or projected.field not in policy.field_schemas:
        return f"project() refuses it ({projected.reason})"
    if projected.field not in fields:
        return f"lacks {projected.field}"
    if fields[projected.field] is None:
        return f"{projected.field} written null, and a {observer} row always has one"
    return f"{projected.field} is no {_schema_words(policy.field_schemas[projected.field])}"


# --- Calendar's snapshot and step ----------------------------------------------------------------
# The snapshot a gcal.event pass posts (observers/gcal_event/snapshot.py) and the rows its step gives
# from a labelled base (bench_step.py), as the labels hold them. They were free dicts: a misspelt key or
# a date that is no day passed the schema and broke check, bench and gate with a traceback. Strict, so
# nothing is coerced ("yes" is no boolean) and what a label says is what the bench compares.


def _day(value: str) -> str:
    if not is_day(value):
        raise ValueError(f"not a real day written yyyy-mm-dd: {value!r}")
    return value


def _version_token(value: str) -> str:
    if not VERSION_TOKEN.fullmatch(value):
        raise ValueError(f"not '<observer>@<version>': {value!r}")
    return value


Day = Annotated[str, AfterValidator(_day)]
WireInstant = Annotated[str, AfterValidator(_instant)]
Sha256 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]


class CalendarLabelModel(LabelModel):
    model_config = ConfigDict(strict=True)


class SnapshotDay(CalendarLabelModel):
    date: Day
    whole: bool


class SnapshotCalendar(CalendarLabelModel):
    key: Sha256 | None  # a calendar drawn with no name has no key
    shown: bool


class SnapshotEvent(CalendarLabelModel):
    key: Sha256
    calendar_key: Sha256 | None
    title: str | None
    start: WireInstant
    end: WireInstant
    all_day: bool
    days: list[Day]
    began_before: bool = False
    guests: list[str]
    guest_count: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> SnapshotEvent:
        if self.start > self.end:  # fixed-width wire instants: string order is time order
            raise ValueError("start is after end")
        return self


class ExpectedSnapshot(CalendarLabelModel):
    """The snapshot a clean gcal.event pass posts; the fields in the order the observer writes them."""

    selectors_version: Annotated[str, AfterValidator(_version_token)]
    account_hash: Sha256
    read_at: WireInstant
    all_calendars: bool
    days: list[SnapshotDay] = Field(min_length=1)
    calendars: list[SnapshotCalendar]
    events: list[SnapshotEvent]


class StepRow(CalendarLabelModel):
    """One row the step from the base's record to this page's snapshot gives (step.py's StepRow)."""

    type: str = Field(min_length=1)
    fields: dict[str, Any]
    first_sighting: bool
    seen_at: WireInstant


class ExpectedStep(CalendarLabelModel):
    """The step from a labelled base (a page of the same labels.json, or null for a first look)."""

    base: str | None
    rows: list[StepRow]


class Expected(LabelModel):
    """What one observer must report on the page."""

    observer: str
    health: ExpectedHealth
    observations: list[ExpectedObservation] = Field(default_factory=list)
    windows: list[ExpectedWindow] = Field(default_factory=list)
    all_calendars: bool | None = None
    snapshot: ExpectedSnapshot | None = None
    step: ExpectedStep | None = None

    @model_validator(mode="after")
    def _rows_project_could_post(self) -> Expected:
        rows = [(f"observation {n}", o.type, o.fields) for n, o in enumerate(self.observations, 1)]
        rows += [(f"step row {n}", r.type, r.fields) for n, r in enumerate(self.step.rows if self.step else [], 1)]
        for where, type_, fields in rows:  # counted as a person counts them
            problem = row_problem(self.observer, type_, fields)
            if problem is not None:
                raise ValueError(f"{self.observer} {where}: {problem}")
        return self


class LabelEntry(LabelModel):
    captured_at: str
    selectors_version: str | None
    seeded_secrets: list[str]
    page: PageFacts | None = None
    expected: list[Expected] = Field(default_factory=list)
    notes: str = ""

    @field_validator("captured_at")
    @classmethod
    def _date(cls, value: str) -> str:
        if not is_day(value):
            raise ValueError("capturedAt must be a real day written yyyy-mm-dd")
        return value

    @field_validator("selectors_version")
    @classmethod
    def _versions(cls, value: str | None) -> str | None:
        if value is None:
            return value
        pairs = value.split(" ")
        if any(not VERSION_TOKEN.fullmatch(p) for p in pairs) or pairs != sorted(pairs):
            raise ValueError("selectorsVersion is '<observer>@<version>' pairs, sorted, one space apart")
        return value

    @field_validator("expected")
    @classmethod
    def _one_per_observer(cls, value: list[Expected]) -> list[Expected]:
        # every reader takes the first expectation of an observer: a second one would be a label nothing holds
        seen: set[str] = set()
        for expected in value:
            if expected.observer in seen:
                raise ValueError(f"expected lists {expected.observer} twice: one expectation per observer")
            seen.add(expected.observer)
        return value

    def expected_for(self, observer: str) -> Expected | None:
        return next((e for e in self.expected if e.observer == observer), None)


class LabelsFile(RootModel[dict[str, LabelEntry]]):
    """A whole labels.json: page file name → entry."""


def load_labels(path: Path) -> dict[str, LabelEntry]:
    """Parse a labels.json; BadInput naming the file and the first fault."""
    return parse_labels(path, read_json(path))


def parse_labels(path: Path, raw: Any) -> dict[str, LabelEntry]:
    """Parse the content of a labels.json (read from ``path``, or about to be written there); BadInput naming
    the file and its first faults."""
    if not isinstance(raw, dict):
        raise BadInput(path, "is not a JSON object of page name → label entry")
    try:
        entries = LabelsFile.model_validate(raw).root
    except ValidationError as exc:
        raise BadInput(path, _invalid(exc)) from None
    problem = _step_base_problem(entries)
    if problem is not None:
        raise BadInput(path, problem)
    return entries


def parse_entry(path: Path, name: str, raw: Any) -> LabelEntry:
    """Parse one entry of the labels.json at ``path`` (``label`` checks the entry it writes, so that one entry
    can be repaired in a file whose other entries are refused); BadInput as ``parse_labels`` words it."""
    try:
        return LabelsFile.model_validate({name: raw}).root[name]
    except ValidationError as exc:
        raise BadInput(path, _invalid(exc)) from None


def _invalid(exc: ValidationError) -> str:
    # A misspelt key is two faults, the key it should be missing and the key it is unknown:
    # name the unknown one first, it is the one the author typed.
    errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
    # up to three on the one line, so a second fault is not found only after fixing the first
    shown = "; ".join(f"at {'.'.join(str(p) for p in e['loc'])}: {e['msg'].removeprefix('Value error, ')}"
                      for e in errors[:3])
    more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
    return f"invalid label {shown}{more}"


def _step_base_problem(entries: dict[str, LabelEntry]) -> str | None:
    """Why a step's base cannot be followed, or None.

    The bench builds a page's record by following each base through this labels.json to a first
    look: a base that names no entry, an entry with no expectation for the same observer, or a chain
    that comes back on itself broke it with a traceback, after check had passed the labels.
    """
    for name, entry in entries.items():
        for expected in entry.expected:
            seen = [name]
            here = expected.step
            while here is not None and here.base is not None:
                where = f"invalid label at {name}.expected[{expected.observer}].step.base"
                if here.base in seen:
                    return f"{where}: the bases form a cycle ({' → '.join([*seen, here.base])})"
                base = entries.get(here.base)
                if base is None:
                    return f"{where}: names {here.base}, which this labels.json has no entry for"
                below = base.expected_for(expected.observer)
                if below is None:
                    return f"{where}: names {here.base}, which has no {expected.observer} expectation"
                seen.append(here.base)
                here = below.step
    return None


def dump_entry(entry: LabelEntry) -> dict[str, Any]:
    """An entry as JSON, camelCase, leaving out unset optional Calendar parts."""
    return entry.model_dump(by_alias=True, exclude_none=False, exclude_defaults=False, mode="json")


def write_entry(path: Path, name: str, entry: dict[str, Any], force: bool = False) -> None:
    """Add or replace one entry, keeping every other entry as it was; atomic (refuses without ``force``)."""
    update_json_entry(path, name, entry, force=force)
