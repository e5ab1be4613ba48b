"""Loading selectors.json files: strict, and loud on a bad file (spec §5).

Each observer defines a pydantic model that extends ``SelectorsFile`` with its own sections and
loads its file once when its module is imported, so a bad file fails at import, never mid-pass.
Every CSS selector lives under the ``selectors`` key, so a test can reject class selectors there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from selectolax.lexbor import LexborHTMLParser, SelectolaxError
from pydantic.alias_generators import to_camel

from attest_kit.errors import AttestKitError

SEMVER = r"^\d+\.\d+\.\d+$"
#: How a label names the selectors version it was checked against: "gmail.sent@1.2.17".
VERSION_TOKEN = re.compile(r"[a-z]+\.[a-z]+@\d+\.\d+\.\d+")


class Strict(BaseModel):
    """A frozen model that refuses unknown keys; JSON keys are the camelCase of the field names."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, alias_generator=to_camel)


class SelectorsFile(Strict):
    observer: str
    version: str = Field(pattern=SEMVER)
    fixtures: list[str] = Field(description="fixture folders (vendor/yyyy-mm-dd) this version was checked against")


class SelectorsError(AttestKitError):
    """A selectors.json that does not load: raised at import (or when the registry reads it), and shown
    by the CLI as one line, exit 3, like any bad input."""


def _one_line(exc: Exception) -> str:
    """A load error in one line: pydantic's first fault (where and what), else the error itself."""
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ())) or "(top)"
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        return f"{where}: {first.get('msg', 'invalid')}{more}"
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


def read_selectors_json(path: Path) -> dict:
    """The raw JSON object of one selectors.json; SelectorsError naming the file and the fault."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise SelectorsError(f"{path}: invalid selectors file: {_one_line(exc)}") from exc
    if not isinstance(raw, dict):
        raise SelectorsError(f"{path}: invalid selectors file: not a JSON object")
    return raw


M = TypeVar("M", bound=SelectorsFile)


def load_selectors(path: Path, model: type[M], observer: str) -> M:
    """Load and validate one selectors.json; raise SelectorsError naming the file and the fault."""
    raw = read_selectors_json(path)
    try:
        loaded = model.model_validate(raw)
    except ValidationError as exc:
        raise SelectorsError(f"{path}: invalid selectors file: {_one_line(exc)}") from exc
    except re.error as exc:  # a model's own validator compiles a pattern
        raise SelectorsError(f"{path}: invalid selectors file: a pattern does not compile: {exc}") from exc
    if loaded.observer != observer:
        raise SelectorsError(f"{path}: names observer {loaded.observer!r}, expected {observer!r}")
    for where, selector in _strings(raw.get("selectors", {}), "selectors"):
        if not _css_reads(selector):
            raise SelectorsError(f"{path}: invalid selectors file: {where}: not a CSS selector lexbor reads: {selector!r}")
    return loaded


def _strings(value: object, where: str) -> list[tuple[str, str]]:
    """Every string under ``value`` with its dotted place (lists and objects walked)."""
    if isinstance(value, str):
        return [(where, value)]
    if isinstance(value, dict):
        return [pair for key, item in value.items() for pair in _strings(item, f"{where}.{key}")]
    if isinstance(value, list):
        return [pair for i, item in enumerate(value) for pair in _strings(item, f"{where}[{i}]")]
    return []


def _css_reads(selector: str) -> bool:
    """Whether lexbor parses ``selector`` (a selector it cannot read made every pass throw)."""
    try:
        LexborHTMLParser("<p></p>").css(selector)
    except SelectolaxError:
        return False
    return True
