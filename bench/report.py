"""Write bench/results/<observer>.json and regenerate RESULTS.md (deterministic, atomic)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from attest_kit.fsio import atomic_write_json, atomic_write_text
from attest_kit.paths import reports_dir, results_dir, results_md
from bench.runner import BenchRun

TEMPLATES = Path(__file__).with_name("templates")

_SUMMARY_COLUMNS = {
    "pages": "pages",
    "healthAgreement": "health agreement",
    "rowsLabelled": "rows labelled",
    "rowsPrecision": "rows precision",
    "rowsRecall": "rows recall",
    "windowsExact": "windows exact",
    "unsoundWindows": "unsound windows",
    "eventsPrecision": "events precision",
    "eventsRecall": "events recall",
    "stepRowsPrecision": "step rows precision",
    "stepRowsRecall": "step rows recall",
}


def _markdown(frame: pd.DataFrame) -> str:
    # Format every cell as text first: figures with four decimals, a missing figure as blank.
    def cell(value: object) -> str:
        if value is None or (isinstance(value, float) and pd.isna(value)):
            return ""
        return f"{value:.4f}" if isinstance(value, float) else str(value)

    return frame.astype(object).map(cell).to_markdown(index=False, disable_numparse=True)


def render_results(run: BenchRun) -> str:
    """RESULTS.md for a bench run."""
    summary = pd.DataFrame(
        [{"observer": o.observer, "version": o.version, **o.summary()} for o in run.observers]
    ).rename(columns=_SUMMARY_COLUMNS)
    observers = []
    for o in run.observers:
        table = pd.DataFrame(
            [{"page": s.page, "health": "agrees" if s.health_agrees else "DIFFERS",
              "rows tp/fp/fn": f"{s.rows.tp}/{s.rows.fp}/{s.rows.fn}",
              "windows": "exact" if s.windows_exact else "DIFFER", "unsound": s.unsound_windows}
             for s in o.scores],
            columns=["page", "health", "rows tp/fp/fn", "windows", "unsound"],
        )
        disagreements = [f"`{s.page}`: {'; '.join(s.disagreements)}" for s in o.scores if s.disagreements]
        observers.append({"observer": o.observer, "version": o.version, "folders": o.folders,
                          "table": _markdown(table), "disagreements": disagreements})
    env = Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined, keep_trailing_newline=True)
    text = env.get_template("results.md.j2").render(
        fingerprint=run.fingerprint, summary_table=_markdown(summary), observers=observers
    )
    return text.rstrip("\n") + "\n"


def results_json(run: BenchRun) -> dict[str, str]:
    """File name → JSON text of every bench/results file."""
    return {f"{o.observer}.json": json.dumps(o.to_json(run.fingerprint), indent=2, ensure_ascii=False) + "\n"
            for o in run.observers}


def _differs(path: Path, text: str) -> bool:
    """Whether ``path`` does not hold exactly the bytes ``write_outputs`` would write for ``text``.

    Bytes, not text: reading as text turns CRLF into LF, so a file rewritten with other line endings
    (or a BOM) passed as fresh; DESIGN promises a byte-for-byte comparison.
    """
    return not path.is_file() or path.read_bytes() != text.encode("utf-8")


def stale_outputs(run: BenchRun) -> list[Path]:
    """The generated files whose bytes on disk differ from this run's."""
    stale = []
    if _differs(results_md(), render_results(run)):
        stale.append(results_md())
    for name, text in results_json(run).items():
        if _differs(results_dir() / name, text):
            stale.append(results_dir() / name)
    return stale


def write_outputs(run: BenchRun) -> tuple[list[tuple[Path, bool]], Path]:
    """Write the results files and RESULTS.md where their bytes changed, and the timing report (not committed:
    timings differ every run); return each committed output with whether it was written, and the report's path."""
    outputs = [*((results_dir() / name, text) for name, text in results_json(run).items()),
               (results_md(), render_results(run))]
    done = []
    for path, text in outputs:
        changed = _differs(path, text)
        if changed:
            atomic_write_text(path, text)
        done.append((path, changed))
    timings = reports_dir() / "bench-timings.json"
    atomic_write_json(timings, {o.observer: o.timings_ms for o in run.observers})
    return done, timings
