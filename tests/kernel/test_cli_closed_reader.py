"""A reader that stops reading never stops a command (attest_kit/pipes.py).

``attest-kit bench | head -1`` exited 1 (DESIGN.md: "found something") and wrote nothing: click turns a
broken pipe into exit 1 at the first write after the reader closed, and the command stopped there. The
reader here is closed before the command starts, so its first write finds the pipe broken."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "fixtures/pages/gmail/2026-11-30/synthetic-sent-head.html"


def _with_closed_reader(*args: str) -> subprocess.CompletedProcess[bytes]:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-c", "from attest_kit.cli import main; main()", *args], cwd=ROOT,
                              stdout=write_end, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write_end)


def test_a_command_whose_reader_closed_finishes_with_its_own_exit_code() -> None:
    done = _with_closed_reader("reasons")
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr


def test_observe_whose_reader_closed_still_reads_the_page() -> None:
    done = _with_closed_reader("observe", "--observer", "gmail.sent", "--json", str(PAGE))
    assert done.returncode == 0, done.stderr.decode()


def test_the_exit_code_of_a_finding_is_kept() -> None:
    done = _with_closed_reader("observe", "--observer", "no.such.observer", str(PAGE))
    assert done.returncode == 2


def test_progress_to_a_closed_reader_stops_nothing() -> None:
    """``2>&1 | head``: the progress lines on stderr meet the closed reader too."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-c", "from attest_kit.cli import main; main()", "observe", "--observer",
                               "no.such.observer", str(PAGE)], cwd=ROOT, stdout=write_end, stderr=write_end, timeout=120)
    finally:
        os.close(write_end)
    assert done.returncode == 2


def test_help_version_and_a_usage_error_keep_their_exit_codes() -> None:
    """These run before the group's own code (a review): click's broken-pipe handling answered 1 for each."""
    assert _with_closed_reader("--help").returncode == 0
    assert _with_closed_reader("--version").returncode == 0
    assert _with_closed_reader("no-such-command").returncode == 2
