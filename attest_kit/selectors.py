"""Loading selectors.json files: strict, and loud on a bad file (spec §5).

Each observer defines a pydantic model that extends ``SelectorsFile`` with its own sections and
loads its file once when its module is imported, so a bad file fails at import, never mid-pass.
Every CSS selector lives under the ``selectors`` key, so a test can reject class selectors there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.alias_generators import to_camel

SEMVER = r"^\d+\.\d+\.\d+$"


class Strict(BaseModel):
    """A frozen model that refuses unknown keys; JSON keys are the camelCase of the field names."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, alias_generator=to_camel)


class SelectorsFile(Strict):
    observer: str
    version: str = Field(pattern=SEMVER)
    fixtures: list[str] = Field(description="fixture folders (vendor/yyyy-mm-dd) this version was checked against")


class SelectorsError(RuntimeError):
    """A selectors.json that does not load: a developer error, raised at import."""


M = TypeVar("M", bound=SelectorsFile)


def load_selectors(path: Path, model: type[M], observer: str) -> M:
    """Load and validate one selectors.json; raise SelectorsError naming the file and the fault."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        loaded = model.model_validate(raw)
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise SelectorsError(f"{path}: invalid selectors file: {exc}") from exc
    if loaded.observer != observer:
        raise SelectorsError(f"{path}: names observer {loaded.observer!r}, expected {observer!r}")
    return loaded
