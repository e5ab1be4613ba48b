"""The one registry of observers, shared by ``observe``, the bench and the gate.

An observer is a sub-package of ``observers`` with a ``selectors.json`` and an ``observer.py``
whose module-level ``OBSERVER`` implements the contract. Discovery keeps the list in one place:
the folders themselves.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from attest_kit.contract import Observer
from attest_kit.selectors import SelectorsError, read_selectors_json

ROOT = Path(__file__).resolve().parent


def _field(path: Path, name: str) -> Any:
    """One top-level field of a selectors.json; SelectorsError (one line, exit 3) when it does not read."""
    raw = read_selectors_json(path)
    if name not in raw:
        raise SelectorsError(f"{path}: invalid selectors file: no {name!r}")
    return raw[name]


@lru_cache(maxsize=1)
def _packages() -> dict[str, str]:
    found: dict[str, str] = {}
    for folder in sorted(ROOT.iterdir()):
        if (folder / "selectors.json").is_file() and (folder / "observer.py").is_file():
            observer_id = _field(folder / "selectors.json", "observer")
            found[observer_id] = f"observers.{folder.name}"
    return found


def observer_ids() -> list[str]:
    """Every registered observer id, sorted."""
    return sorted(_packages())


def get_observer(observer_id: str) -> Observer:
    """The observer with ``observer_id``; KeyError naming the known ones if there is none."""
    packages = _packages()
    if observer_id not in packages:
        raise KeyError(f"unknown observer {observer_id!r} (known: {', '.join(sorted(packages))})")
    module = importlib.import_module(f"{packages[observer_id]}.observer")
    return module.OBSERVER


def selectors_path(observer_id: str) -> Path:
    """The selectors.json of an observer."""
    return ROOT / _packages()[observer_id].split(".", 1)[1] / "selectors.json"


def fixture_folders(observer_id: str) -> list[str]:
    """The fixture folders (vendor/yyyy-mm-dd) the observer's selectors.json lists."""
    return list(_field(selectors_path(observer_id), "fixtures"))


def version_of(observer_id: str) -> str:
    return str(_field(selectors_path(observer_id), "version"))
