"""Shared test fixtures: the repository, a writable copy of it, and the CLI runner."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

REPO = Path(__file__).resolve().parents[1]
GMAIL_FOLDER = REPO / "fixtures/pages/gmail/2026-11-30"


@pytest.fixture
def repo_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the fixtures, bench files and RESULTS.md that the tools may write to."""
    root = tmp_path / "repo"
    shutil.copytree(REPO / "fixtures", root / "fixtures")
    (root / "bench/results").mkdir(parents=True)
    for path in (REPO / "bench/results").glob("*.json"):
        shutil.copy(path, root / "bench/results" / path.name)
    if (REPO / "bench/floors.json").exists():
        shutil.copy(REPO / "bench/floors.json", root / "bench/floors.json")
    shutil.copy(REPO / "RESULTS.md", root / "RESULTS.md")
    monkeypatch.setenv("ATTEST_KIT_ROOT", str(root))
    return root


@pytest.fixture
def cli() -> CliRunner:
    return CliRunner()
