"""Independent reference readers: re-read a label's facts from its page with html5lib.

They share no code with the observers (different parser, different logic), so a label that drifts
from its page, or an observer bug copied into a label, shows up as a disagreement. Each module is
named after an observer package and exposes ``check_page(html: str, entry) -> list[str]``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

ReferenceCheck = Callable[[str, Any], list[str]]


def reference_for(observer_id: str) -> ReferenceCheck | None:
    """The reference reader of an observer, or None when it has none."""
    name = observer_id.replace(".", "_")
    try:
        module = importlib.import_module(f"labels.reference.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"labels.reference.{name}":
            return None
        raise
    return getattr(module, "check_page", None)
