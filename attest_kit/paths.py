"""Where the repository's working data lives: fixtures, secrets, bench results, RESULTS.md.

The root is the checkout this package was installed from; ``ATTEST_KIT_ROOT`` points the tools at
another tree (the tests use it to work on a copy).
"""

from __future__ import annotations

import os
from pathlib import Path


def repo_root() -> Path:
    """The repository root: ``$ATTEST_KIT_ROOT`` if set, else the checkout holding this package."""
    env = os.environ.get("ATTEST_KIT_ROOT")
    return Path(env).resolve() if env else Path(__file__).resolve().parents[1]


def fixtures_dir() -> Path:
    return repo_root() / "fixtures" / "pages"


def seeded_secrets_path() -> Path:
    return repo_root() / "fixtures" / "secrets" / "seeded.json"


def results_dir() -> Path:
    return repo_root() / "bench" / "results"


def results_md() -> Path:
    return repo_root() / "RESULTS.md"


def gate_file() -> Path:
    return repo_root() / "bench" / "floors.json"


def reports_dir() -> Path:
    return repo_root() / "reports"
