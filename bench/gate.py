"""The CI accuracy gate: bench figures against floors that only move up (trafilatura's model).

``bench/floors.json`` is the one gate file: per observer a floor for every figure, and the corpus
fingerprint the floors were pinned on. The gate fails when a figure falls below its floor, when an
observer has no floors, when a labelled page is not measured (a folder no selectors.json lists, a
missing or stray expectation), when the corpus changed since the floors were pinned (it prints the exact
command to re-pin), when a figure the bench reports has no floor, and always on an unsound window.
``--update`` raises floors to the current figures and refuses, writing nothing, when one would go down:
floors only move up, and no option lowers one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from attest_kit.errors import BadInput
from attest_kit.fsio import atomic_write_json, read_json
from bench.runner import BenchRun

#: Figures where higher is better; each gets a floor.
FLOORED = ("healthAgreement", "rowsPrecision", "rowsRecall", "windowsExact",
           "eventsPrecision", "eventsRecall", "stepRowsPrecision", "stepRowsRecall")
REPIN_COMMAND = "attest-kit gate --update"


@dataclass
class GateVerdict:
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def load_floors(path: Path) -> dict[str, Any]:
    """The floors file, its shape checked: BadInput naming the file and the first fault.

    The gate compares and re-pins with these values, so a wrong shape must stop here as bad input
    (exit 3), never reach judge() as a traceback; and a figure name the bench does not report
    (a typo) would be a floor nothing is ever held to, so it is refused too.
    """
    if not path.exists():
        return {"fingerprint": None, "observers": {}}
    raw = read_json(path)
    shape = "({fingerprint, observers: {id: {figure: floor}}})"
    if not isinstance(raw, dict) or not isinstance(raw.get("observers"), dict):
        raise BadInput(path, f"is not a floors file {shape}")
    if raw.get("fingerprint") is not None and not isinstance(raw["fingerprint"], str):
        raise BadInput(path, f"fingerprint is not a string {shape}")
    for observer, mine in raw["observers"].items():
        if not isinstance(mine, dict):
            raise BadInput(path, f"observers.{observer} is not an object of figure → floor {shape}")
        for name, floor in mine.items():
            if name != "pages" and name not in FLOORED:
                raise BadInput(path, f"observers.{observer}.{name} is no figure the bench reports "
                                     f"(pages, {', '.join(FLOORED)})")
            # bool is an int to Python, but true is no floor
            if isinstance(floor, bool) or not isinstance(floor, int | float) or not math.isfinite(floor):
                raise BadInput(path, f"observers.{observer}.{name} is not a number: {floor!r}")
    return raw


def judge(run: BenchRun, floors: dict[str, Any]) -> GateVerdict:
    """Compare a bench run with the floors."""
    verdict = GateVerdict()
    # A labelled page no observer measures is a page the gate cannot vouch for: it fails, so CI never
    # reads "gate passed" over a corpus it did not see whole (DESIGN: every labelled page is measured).
    # The gate fails rather than the bench refusing: the bench is the engineer's measuring tool in the
    # middle of the loop (a new folder is labelled and checked before its observer lists it) and still
    # measures everything else, naming what it left out; the gate is what CI trusts, so it is where an
    # unmeasured page stops a change. Re-pinning (--update) does not excuse it.
    verdict.failures += unpinnable(run)
    for bench in run.observers:
        figures = bench.summary()
        mine = floors["observers"].get(bench.observer)
        if mine is None:
            verdict.failures.append(f"{bench.observer}: no floors pinned; run `{REPIN_COMMAND}`")
            continue
        for name in ("pages", *FLOORED):
            if name not in figures:
                continue
            if name not in mine:
                # A floor taken out of floors.json is a floor lowered to nothing: say so, never skip the figure.
                verdict.failures.append(f"{bench.observer}: no floor for {name}; run `{REPIN_COMMAND}`")
            elif figures[name] < mine[name]:
                verdict.failures.append(f"{bench.observer}: {name} {figures[name]} below floor {mine[name]}")
        if any(f.startswith(f"{bench.observer}: ") for f in verdict.failures):
            # the pages that disagree with their labels, so a failure names where to look
            verdict.notes += [f"{bench.observer}: {s.page}: {'; '.join(s.disagreements)}"
                              for s in bench.scores if s.disagreements]
    if floors.get("fingerprint") != run.fingerprint:
        verdict.failures.append(
            "the labelled corpus changed since the floors were pinned "
            f"(pinned {str(floors.get('fingerprint') or 'none')[:12]}, now {run.fingerprint[:12]}); "
            f"check the figures, then re-pin with `{REPIN_COMMAND}`"
        )
    return verdict


def unpinnable(run: BenchRun) -> list[str]:
    """What the gate fails whatever floors are pinned: the pages the bench does not measure, and unsound windows
    (the gate's figure for those is 0). ``update_floors`` pins nothing while one is left: it pinned such a corpus's
    fingerprint, said so, and the gate then failed on it (a usability review, session 39)."""
    unsound = [f"{bench.observer}: {n} unsound window(s); the gate is 0"
               for bench in run.observers if (n := bench.summary()["unsoundWindows"]) != 0]
    return [*run.unmeasured, *unsound]


def raised_floors(run: BenchRun, floors: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """New floors: each the current figure where that is at least the old floor.

    Returns the new floors and the floors that would go down. Floors only move up (DESIGN), so a
    figure below its floor keeps the old floor here, and ``update_floors`` writes nothing at all:
    there is no flag that lowers one. A regression is fixed, not re-pinned.
    """
    lowered: list[str] = []
    new = {"fingerprint": run.fingerprint, "observers": {}}
    for bench in run.observers:
        figures = bench.summary()
        old = floors["observers"].get(bench.observer, {})
        mine: dict[str, Any] = {"pages": max(figures["pages"], old.get("pages", 0))}
        if figures["pages"] < old.get("pages", 0):
            lowered.append(f"{bench.observer}.pages {old['pages']} → {figures['pages']}")
        for name in FLOORED:
            if name not in figures:
                continue
            if name in old and figures[name] < old[name]:
                lowered.append(f"{bench.observer}.{name} {old[name]} → {figures[name]}")
                mine[name] = old[name]
            else:
                mine[name] = figures[name]
        new["observers"][bench.observer] = mine
    return new, lowered


def update_floors(path: Path, run: BenchRun) -> list[str]:
    """Re-pin the floors file atomically, raising floors only; returns the floors that would go down,
    and when there is one writes nothing. A run ``unpinnable`` lists something for is never pinned: the
    caller reads that first, and a call that did not is refused here (ValueError), never taken for a pin."""
    if unpinnable(run):
        raise ValueError("update_floors on a run the gate fails whatever the floors: check unpinnable(run) first")
    floors = load_floors(path)
    new, lowered = raised_floors(run, floors)
    if lowered:
        return lowered
    atomic_write_json(path, new)
    return lowered
