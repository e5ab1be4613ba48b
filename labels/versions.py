"""Moving labels to the selectors versions their folders are checked against (README, "The loop", step 4).

After an observer's ``version`` is bumped, every label of a folder it lists names the old one: the entry's
``selectorsVersion`` and, for Calendar, the snapshot an expectation holds (its ``selectorsVersion`` is what the
observer posts). Only the version tokens move; whether the expectations still hold is the check's and the bench's
to say.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from attest_kit.fsio import atomic_write_all, json_bytes, read_json
from attest_kit.paths import fixtures_dir
from labels.check import expected_versions
from labels.corpus import all_folders
from labels.schema import load_labels
from observers.registry import observer_ids, version_of

_TOKEN = re.compile(r"([a-z][a-z0-9_.-]*)@([0-9][0-9A-Za-z.+-]*)")


def update_versions(root: Path | None = None, folders: list[str] | None = None) -> list[Path]:
    """Rewrite every labels.json (of ``folders``, else of every folder) whose version tokens are not the
    current ones; the files written.

    Every file is read and validated before any is written, so a labels.json that does not parse
    (BadInput) leaves every file as it was; and they are written as one change, so one that cannot be
    written (a read-only folder) leaves every file as it was too.
    """
    base = root or fixtures_dir()
    current = {o: version_of(o) for o in observer_ids()}
    plans: list[tuple[Path, Any]] = []
    for folder in all_folders(root) if folders is None else sorted(set(folders)):
        path = base / folder / "labels.json"
        load_labels(path)
        raw = read_json(path)
        new = {name: _entry(entry, expected_versions(folder), current) for name, entry in raw.items()}
        if new != raw:
            plans.append((path, new))
    atomic_write_all([(path, json_bytes(new), False) for path, new in plans])  # all of them, or none
    return [path for path, _ in plans]


def _entry(entry: dict[str, Any], folder_versions: str | None, current: dict[str, str]) -> dict[str, Any]:
    out = dict(entry)
    if out.get("expected") and folder_versions is not None:  # a capture's scaffold keeps its null until labelled
        out["selectorsVersion"] = folder_versions
    if "expected" in out:
        out["expected"] = [_tokens(e, current) for e in out["expected"]]
    return out


def _tokens(value: Any, current: dict[str, str]) -> Any:
    """``value`` with every ``selectorsVersion`` inside it naming each observer's current version."""
    if isinstance(value, list):
        return [_tokens(v, current) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _tokens(v, current) for k, v in value.items()}
    if isinstance(out.get("selectorsVersion"), str):
        out["selectorsVersion"] = _TOKEN.sub(
            lambda m: f"{m.group(1)}@{current.get(m.group(1), m.group(2))}", out["selectorsVersion"])
    return out
