"""Where the Calendar observer plugs into the ledger, without the kernel importing it.

- ``adapt_observer_step``: wraps the observer's step (``observers/gcal_event/step.py``:
  ``step(record, snapshot, others) -> StepResult(rows, record, skipped, unsettled_days)``, rows with ``raw()``,
  ``first_sighting`` and ``seen_at``) as the ledger's ``CalendarStep``. Each row goes through
  project(), observed at its first sighting (a deletion is first seen at its first absence).

``pass_messages`` and ``calendar_snapshot_message`` (what a pass posts, as bus messages) are the
kernel's (``attest_kit/messages.py``: the pass checks them against the bus before it posts); they are
re-exported here for the ledger's callers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from attest_kit.bus import CalendarSnapshot
from attest_kit.instants import parse_instant
from attest_kit.messages import calendar_snapshot_message, pass_messages
from attest_kit.ledger.calendar import CalendarStep, DerivedRow, StepResult, StoredRecord
from attest_kit.policy import Refusal, project


def _observer_form(snap: CalendarSnapshot) -> dict[str, Any]:
    body = snap.snapshot.model_dump(by_alias=True)
    body["days"] = [{"date": d["date"], "whole": d["whole"]} for d in body["days"]]
    return {"selectorsVersion": f"{snap.observer}@{snap.version}", "accountHash": snap.account_hash, "readAt": snap.read_at, **body}


def adapt_observer_step(fn: Callable[..., Any]) -> CalendarStep:
    """The observer's step as a ``CalendarStep``."""

    def call(stored: StoredRecord | None, snap: CalendarSnapshot, pass_instant: datetime, *,
             others: Sequence[StoredRecord]) -> StepResult:
        result = fn(stored.body if stored else None, _observer_form(snap), [o.body for o in others])
        rows = []
        for row in result.rows:
            made = project(row.raw(), "gcal.event", parse_instant(row.seen_at))
            if isinstance(made, Refusal):
                raise ValueError(f"the step derived a row project() refuses: {made.reason}")
            rows.append(DerivedRow(made, bool(row.first_sighting)))
        return StepResult(rows, result.record or {}, frozenset(getattr(result, "unsettled_days", ())))

    return call


__all__ = ["adapt_observer_step", "calendar_snapshot_message", "pass_messages"]
