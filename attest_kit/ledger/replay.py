"""Replaying a scenario through the ledger: one JSON object a line,
``{"at": "<instant>", "tab": "...", "message": {...}}``. The ledger's clock reads each line's
``at`` when it handles that line, so a scenario can move the clock back and forth.

Every line is checked before any is handled, so a malformed line stores nothing, from it or any
other. A message that fails its schema is not malformed here: the ledger refuses it with
invalid_input, which is what a scenario may want to show.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from attest_kit.errors import BadInput
from attest_kit.fsio import read_fault
from attest_kit.instants import InvalidInstant, parse_instant
from attest_kit.ledger.calendar import CalendarStep
from attest_kit.ledger.core import Ledger

MAX_SCENARIO_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Step:
    line: int
    at: datetime
    tab: str | None
    message: Any


def read_scenario(path: Path) -> list[Step]:
    """Parse a scenario file; BadInput naming the file and line for the first malformed line."""
    try:
        if path.stat().st_size > MAX_SCENARIO_BYTES:
            raise BadInput(path, f"larger than {MAX_SCENARIO_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise read_fault(path, exc) from None
    except UnicodeDecodeError as exc:
        raise BadInput(path, f"is not UTF-8 (byte {exc.start})") from None
    steps: list[Step] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except (json.JSONDecodeError, RecursionError):  # nested past the parser's depth is no message either
            raise BadInput(path, f"line {number}: not JSON") from None
        if not isinstance(item, dict) or set(item) - {"at", "tab", "message"} or "at" not in item \
                or "message" not in item:
            raise BadInput(path, f'line {number}: expected an object with "at", "message" and, when a tab sent it, '
                                 '"tab" (no other key)')
        tab = item.get("tab")
        if tab is not None and (not isinstance(tab, str) or len(tab) > 128):
            raise BadInput(path, f"line {number}: tab must be a short string")
        try:
            at = parse_instant(item["at"])
        except InvalidInstant:
            raise BadInput(path, f"line {number}: at is not an ISO 8601 instant") from None
        steps.append(Step(number, at, tab, item["message"]))
    return steps


class _ScenarioClock:
    def __init__(self) -> None:
        self.now: datetime | None = None

    def __call__(self) -> datetime:
        assert self.now is not None
        return self.now


def replay(steps: list[Step], db: str, step_fn: CalendarStep | None) -> tuple[list[dict[str, Any]], Ledger]:
    """Feed every step to a ledger; one record per line (its number, type, tab and ack)."""
    clock = _ScenarioClock()
    try:
        ledger = Ledger(db, clock=clock, step=step_fn)
    except (sqlite3.Error, OSError) as exc:
        raise BadInput(db, f"cannot open as a ledger database: {exc}") from None
    out = []
    for item in steps:
        clock.now = item.at
        ack = ledger.handle(item.message, tab=item.tab)
        kind = item.message.get("type") if isinstance(item.message, dict) else None
        out.append({"line": item.line, "type": kind if isinstance(kind, str) else "?", "tab": item.tab,
                    "ack": ack.model_dump(by_alias=True)})
    return out, ledger


def summary_lines(ledger: Ledger) -> list[str]:
    """Counts, health rows and log events: never a row's fields or a snapshot's content."""
    lines = ["counts: " + " ".join(f"{k}={v}" for k, v in sorted(ledger.counts().items()))]
    for row in ledger.health_list():
        reasons = ",".join(row["reasons"]) or "-"  # type: ignore[arg-type]
        lines.append(f"health: {row['adapterId']}@{row['version']} {row['status']} [{reasons}]"
                     f" checkedAt={row['checkedAt']} tab={row['tab'] or '-'}")
    for event in ledger.events:
        rest = " ".join(f"{k}={v}" for k, v in event.items() if k != "event")
        lines.append(f"log: {event['event']} {rest}".rstrip())
    return lines
