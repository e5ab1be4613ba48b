"""Run every registered observer over every labelled page its selectors.json lists.

One runner serves ``bench`` and ``gate`` (trafilatura's eval model): both call ``run_bench`` and
read the same figures, so the gate can never measure something the report does not show.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from attest_kit.errors import BadInput
from attest_kit.fsio import read_html
from attest_kit.instants import parse_instant
from bench.metrics import PageScore, Tally, compare_multisets, score_page
from labels.corpus import (
    LabelledPage,
    all_folders,
    expectation_gaps,
    fingerprint,
    folder_pages,
    folder_gaps,
    reading_observers,
    unlabelled_pages,
)
from observers.registry import fixture_folders, get_observer, observer_ids, version_of
from observers.run import PassInput, run_pass


@dataclass
class ObserverBench:
    """Every page score of one observer, and its summary figures."""

    observer: str
    version: str
    folders: list[str]
    scores: list[PageScore] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        rows, events, steps = Tally(), Tally(), Tally()
        has_events = has_steps = False
        for s in self.scores:
            rows.add(s.rows)
            if s.events is not None:
                events.add(s.events)
                has_events = True
            if s.step_rows is not None:
                steps.add(s.step_rows)
                has_steps = True
        pages = len(self.scores)
        out: dict[str, Any] = {
            "pages": pages,
            "healthAgreement": _ratio(sum(s.health_agrees for s in self.scores), pages),
            "rowsLabelled": rows.tp + rows.fn,
            "rowsPrecision": round(rows.precision, 4),
            "rowsRecall": round(rows.recall, 4),
            "windowsExact": _ratio(sum(s.windows_exact for s in self.scores), pages),
            "unsoundWindows": sum(s.unsound_windows for s in self.scores),
        }
        if has_events:
            out["eventsPrecision"] = round(events.precision, 4)
            out["eventsRecall"] = round(events.recall, 4)
        if has_steps:
            out["stepRowsPrecision"] = round(steps.precision, 4)
            out["stepRowsRecall"] = round(steps.recall, 4)
        return out

    def to_json(self, corpus_fingerprint: str) -> dict[str, Any]:
        return {
            "observer": self.observer,
            "version": self.version,
            "folders": self.folders,
            "corpusFingerprint": corpus_fingerprint,
            "summary": self.summary(),
            "pages": [
                {"page": s.page, "healthAgrees": s.health_agrees, "rowsTp": s.rows.tp, "rowsFp": s.rows.fp,
                 "rowsFn": s.rows.fn, "windowsExact": s.windows_exact, "unsoundWindows": s.unsound_windows,
                 "disagreements": s.disagreements}
                for s in self.scores
            ],
        }


def _ratio(n: int, d: int) -> float:
    return 1.0 if d == 0 else round(n / d, 4)


def pass_input(page: LabelledPage, observer_id: str) -> PassInput:
    """The facts of one pass of ``observer_id`` over a labelled page, as ``observe`` takes them: the
    label's passState goes only to an observer that keeps pass state (Calendar's busy clock)."""
    facts = page.entry.page
    if facts is None:
        raise BadInput(page.path, "label has no page facts (view, url, timeZone, readAt)")
    observer = get_observer(observer_id)
    state = dict(facts.pass_state or {}) if observer.keeps_pass_state else {}
    problem = observer.state_problem(state)
    if problem is not None:  # as observe refuses it: read as "not busy", a bad busy clock scored silently
        raise BadInput(page.path.parent / "labels.json", f"{page.name}: pass state: {problem}")
    return PassInput(facts.url, facts.time_zone, parse_instant(facts.read_at), state)


StepScorer = Callable[[LabelledPage, dict[str, Any], dict[str, LabelledPage], dict[str, Any]], Tally | None]


def _step_scorer(observer_id: str) -> StepScorer | None:
    """An observer may score the step between two labelled snapshots (Calendar's rows)."""
    return getattr(get_observer(observer_id), "bench_step", None)


def bench_observer(observer_id: str, root: Path | None = None,
                   progress: Callable[[str], None] | None = None) -> tuple[ObserverBench, list[LabelledPage]]:
    """Run one observer over its labelled corpus."""
    folders = fixture_folders(observer_id)
    result = ObserverBench(observer_id, version_of(observer_id), folders)
    pages: list[LabelledPage] = []
    for folder in folders:
        pages.extend(folder_pages(folder, root))
    by_name = {f"{p.folder}/{p.name}": p for p in pages}
    step = _step_scorer(observer_id)
    posted_by_page: dict[str, dict[str, Any]] = {}
    for number, page in enumerate(pages, 1):
        expected = page.entry.expected_for(observer_id)
        if expected is None:
            continue  # nothing to score against: unmeasured_labels names the page, and the gate fails on it
        html = read_html(page.path)
        started = time.perf_counter()
        posted = run_pass(html, observer_id, pass_input(page, observer_id)).posted()
        result.timings_ms[f"{page.folder}/{page.name}"] = round((time.perf_counter() - started) * 1000, 3)
        posted_by_page[f"{page.folder}/{page.name}"] = posted
        score = score_page(f"{page.folder}/{page.name}", expected, posted)
        result.scores.append(score)
        if progress:
            progress(f"[{number}/{len(pages)}] {observer_id} {page.folder}/{page.name}")
    if step is not None:
        for score in result.scores:
            page = by_name[score.page]
            expected = page.entry.expected_for(observer_id)
            if expected is not None and expected.step is not None:
                tally = step(page, posted_by_page[score.page], by_name, posted_by_page)
                score.step_rows = tally
                if tally is not None and (tally.fp or tally.fn):
                    score.disagreements.append(f"step rows: {tally.fn} missing, {tally.fp} unexpected")
    return result, pages


@dataclass
class BenchRun:
    observers: list[ObserverBench]
    fingerprint: str
    #: What is labelled but no observer measures, one line each: a labelled folder no selectors.json
    #: lists, a page with no expectation for an observer that reads its folder, an expectation for an
    #: observer that does not. The bench names them; the gate fails on them.
    unmeasured: list[str] = field(default_factory=list)


def unmeasured_labels(pages: list[LabelledPage], root: Path | None = None) -> list[str]:
    """Every labelled folder no observer lists, and every gap of the pages of the listed ones."""
    out = folder_gaps(root) + unlabelled_pages(root)
    readers = {folder: reading_observers(folder) for folder in all_folders(root)}
    for page in sorted(pages, key=lambda p: (p.folder, p.name)):
        out += [f"{page.folder}/{page.name}: {gap}"
                for gap in expectation_gaps(page.folder, page.entry, readers.get(page.folder))]
    return out


def run_bench(root: Path | None = None, progress: Callable[[str], None] | None = None) -> BenchRun:
    """Every registered observer over its corpus, and the fingerprint of the whole corpus."""
    results: list[ObserverBench] = []
    every_page: dict[str, LabelledPage] = {}
    for observer_id in observer_ids():
        bench, pages = bench_observer(observer_id, root, progress)
        results.append(bench)
        every_page.update({f"{p.folder}/{p.name}": p for p in pages})
    pages = list(every_page.values())
    return BenchRun(results, fingerprint(pages), unmeasured_labels(pages, root))


__all__ = ["BenchRun", "ObserverBench", "run_bench", "bench_observer", "compare_multisets", "pass_input", "unmeasured_labels"]
