"""Scoring a labelled step (labels' ``step`` field) for the bench, through the pure ``step``.

A label's step names its base page (same folder) or null for a first look. The base's record is
the one the ledger would hold: the chain of steps from the first look through each base's own base,
over the snapshots the passes posted. Rows compare as ``{type, fields, firstSighting, seenAt}``.
Duck-typed on the bench's objects (observers never import the bench or labels): a label's step has
``base`` and ``rows``, each row a pydantic model (``labels.schema.StepRow``) dumped to its JSON.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from observers.gcal_event.step import step


@dataclass
class StepTally:
    """Same shape as bench.metrics.Tally (tp, fp, fn)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def record_for(name: str, folder: str, by_name: dict[str, Any], posted_by_page: dict[str, dict[str, Any]],
               observer_id: str = "gcal.event", depth: int = 0) -> dict[str, Any] | None:
    """The record stored after the labelled page ``name``'s pass (its chain of bases stepped in order)."""
    if depth > 64:
        raise ValueError("step bases form a cycle")
    key = f"{folder}/{name}"
    page = by_name[key]
    expected = page.entry.expected_for(observer_id)
    base_name = expected.step.base if expected is not None and expected.step is not None else None
    base_record = record_for(base_name, folder, by_name, posted_by_page, observer_id, depth + 1) if base_name else None
    snapshot = posted_by_page[key].get("snapshot")
    if snapshot is None:
        return base_record
    return step(base_record, snapshot).record


def step_rows_for(page: Any, posted: dict[str, Any], by_name: dict[str, Any],
                  posted_by_page: dict[str, dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The rows the step from the page's labelled base to its pass gives; None without a snapshot."""
    expected = page.entry.expected_for("gcal.event")
    base_name = expected.step.base
    base_record = record_for(base_name, page.folder, by_name, posted_by_page) if base_name else None
    snapshot = posted.get("snapshot")
    if snapshot is None:
        return None
    return [r.to_json() for r in step(base_record, snapshot).rows]


def bench_step(page: Any, posted: dict[str, Any], by_name: dict[str, Any],
               posted_by_page: dict[str, dict[str, Any]]) -> StepTally:
    want = Counter(_canon(r.model_dump(by_alias=True, mode="json"))
                   for r in page.entry.expected_for("gcal.event").step.rows)
    rows = step_rows_for(page, posted, by_name, posted_by_page) or []
    have = Counter(_canon(r) for r in rows)
    tp = sum((want & have).values())
    return StepTally(tp, sum(have.values()) - tp, sum(want.values()) - tp)
