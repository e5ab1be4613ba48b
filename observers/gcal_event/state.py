"""The busy clock kept between passes (spec §3.5, §4.4).

A page still drawing is OK and not read, until it has looked busy through five minutes of passes:
then it is DEGRADED ``page.busy`` until a pass finds it drawn. One pass cannot know how long the
page has looked busy, so the caller keeps ``state["busySince"]``: the wire instant of the first
busy pass of the current run. The observer only reads it; ``next_pass_state`` advances it after a
pass, so a caller (the bench, a test, a content-script loop) can chain passes.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from attest_kit.contract import PassContext
from attest_kit.instants import InvalidInstant, format_instant, parse_instant
from observers.gcal_event.page import read_gcal_page
from observers.gcal_event.selectors import SELECTORS

BUSY_SINCE = "busySince"
BUSY_LIMIT = timedelta(seconds=SELECTORS.limits.busy_degraded_after_seconds)


def busy_since(state: Mapping[str, Any]) -> datetime | None:
    """The first busy pass's instant, when the state holds a readable one."""
    value = state.get(BUSY_SINCE)
    if not isinstance(value, str):
        return None
    try:
        return parse_instant(value)
    except InvalidInstant:
        return None


def state_problem(state: Mapping[str, Any]) -> str | None:
    """Why ``state`` is not a Calendar pass state, or None: only ``busySince``, a wire instant."""
    unknown = sorted(set(state) - {BUSY_SINCE})
    if unknown:
        return f"unknown pass state keys {unknown} (Calendar keeps only {BUSY_SINCE!r})"
    if BUSY_SINCE in state and busy_since(state) is None:
        return f"{BUSY_SINCE} is not an ISO 8601 instant with a zone"
    return None


def busy_too_long(state: Mapping[str, Any], instant: datetime) -> bool:
    """True when the page has looked busy from ``busySince`` through at least five minutes to ``instant``."""
    since = busy_since(state)
    return since is not None and instant - since >= BUSY_LIMIT


def next_pass_state(state: Mapping[str, Any], busy: bool | None, instant: datetime) -> dict[str, Any]:
    """The state after a pass that found the page busy (True), drawn (False) or could not tell (None).

    Pure: returns a new dict. A busy pass keeps the first busy instant (or starts one now); a drawn
    pass clears it; a pass that stopped before the busy check (no single main) leaves it as it was.
    """
    out = dict(state)
    if busy is None:
        return out
    if busy:
        since = busy_since(state)
        out[BUSY_SINCE] = format_instant(since if since is not None and since <= instant else instant)
    else:
        out.pop(BUSY_SINCE, None)
    return out


def pass_state_after(ctx: PassContext) -> dict[str, Any]:
    """The state to hand the next pass, from this pass's own read of the page."""
    return next_pass_state(ctx.state, read_gcal_page(ctx).busy, ctx.instant)
