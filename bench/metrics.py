"""How one pass is scored against its label (DESIGN.md, Metrics).

Rows match when their type and every field agree (a multiset: two identical sends stay two).
Windows are exact when the pass's list equals the label's. A window is *unsound* when it asserts
a span the labels do not allow, i.e. it is not inside any window the label permits: that is what
turns "we could not see" into a false NOT FOUND, so the gate always requires 0.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from labels.schema import Expected


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Tally:
    """True positives, false positives, false negatives of one multiset comparison."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, other: "Tally") -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    @property
    def precision(self) -> float:
        return 1.0 if self.tp + self.fp == 0 else self.tp / (self.tp + self.fp)

    @property
    def recall(self) -> float:
        return 1.0 if self.tp + self.fn == 0 else self.tp / (self.tp + self.fn)


def compare_multisets(expected: list[Any], got: list[Any]) -> Tally:
    """Score ``got`` against ``expected`` as multisets of canonical JSON."""
    want, have = Counter(map(_canon, expected)), Counter(map(_canon, got))
    tp = sum((want & have).values())
    return Tally(tp, sum(have.values()) - tp, sum(want.values()) - tp)


@dataclass
class PageScore:
    """One observer on one page."""

    page: str
    health_agrees: bool
    rows: Tally
    windows_exact: bool
    unsound_windows: int
    events: Tally | None = None
    step_rows: Tally | None = None
    disagreements: list[str] = field(default_factory=list)


def _window_pairs(windows: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return sorted((w["windowStart"], w["windowEnd"]) for w in windows)


def unsound_count(allowed: list[tuple[str, str]], got: list[tuple[str, str]]) -> int:
    """Windows in ``got`` that no allowed window contains (instants compare as wire strings)."""
    return sum(1 for s, e in got if not any(a <= s and e <= b for a, b in allowed))


#: Every fact of a snapshot event the ledger's step compares or stores (spec §8.3): an event read with the
#: right times but the wrong guests, days or calendar is derived as an update that never happened.
_EVENT_FACTS = ("key", "calendarKey", "title", "start", "end", "allDay", "days", "beganBefore", "guests", "guestCount")


def _event_view(event: dict[str, Any]) -> dict[str, Any]:
    """An event's facts as compared. Its guests are a set: spec §8.3 gives them no order (only the
    counterparty is chosen in ASCII-lowercase order), so a label may list them as the chip names them."""
    view = {k: event.get(k) for k in _EVENT_FACTS}
    if isinstance(view["guests"], list):
        view["guests"] = sorted(view["guests"], key=lambda address: (address.lower(), address))
    return view


def _snapshot_frame(snapshot: dict[str, Any] | None) -> tuple[Any, Any]:
    """A snapshot's days (each with its whole flag) and calendars (each with its shown flag): what it
    vouches for, beside its events."""
    if snapshot is None:
        return None, None
    return snapshot.get("days"), snapshot.get("calendars")


def score_page(page: str, expected: Expected, posted: dict[str, Any]) -> PageScore:
    """Score what a pass posted against the label's expectation for that observer."""
    disagreements: list[str] = []
    want_health = (expected.health.status, sorted(set(expected.health.reasons)))
    got_health = (posted["health"]["status"], sorted(posted["health"]["reasons"]))
    health_agrees = want_health == got_health
    if not health_agrees:
        disagreements.append(f"health: expected {want_health[0]} {want_health[1]}, got {got_health[0]} {got_health[1]}")

    rows = compare_multisets(
        [{"type": o.type, "fields": o.fields} for o in expected.observations],
        [{"type": o["type"], "fields": o["fields"]} for o in posted["observations"]],
    )
    if rows.fp or rows.fn:
        disagreements.append(f"rows: {rows.fn} missing, {rows.fp} unexpected")

    want_windows = sorted((w.window_start, w.window_end) for w in expected.windows)
    got_windows = _window_pairs(posted["windows"])
    windows_exact = want_windows == got_windows
    unsound = unsound_count(want_windows, got_windows)
    if not windows_exact:
        disagreements.append(f"windows: expected {len(want_windows)}, got {len(got_windows)} ({unsound} unsound)")

    events = None
    if expected.snapshot is not None or posted.get("snapshot") is not None:
        labelled = expected.snapshot.events if expected.snapshot is not None else []
        want_events = [_event_view(e.model_dump(by_alias=True, mode="json")) for e in labelled]
        got_events = [_event_view(e) for e in (posted.get("snapshot") or {}).get("events", [])]
        events = compare_multisets(want_events, got_events)
        if events.fp or events.fn:
            disagreements.append(f"snapshot events: {events.fn} missing, {events.fp} unexpected")
        want_frame = _snapshot_frame(expected.snapshot.model_dump(by_alias=True, mode="json") if expected.snapshot else None)
        if want_frame != _snapshot_frame(posted.get("snapshot")):
            # the days it saw whole and the calendars it saw shown vouch for absences, as windows do
            disagreements.append("snapshot days or calendars differ")
            windows_exact = False
    if expected.all_calendars is not None and posted.get("allCalendars") != expected.all_calendars:
        disagreements.append("allCalendars differs")
        windows_exact = False
    return PageScore(page, health_agrees, rows, windows_exact, unsound, events, None, disagreements)
