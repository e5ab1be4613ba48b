"""plan_pass: one pass of one observer over one read of the page (spec §3.2). It never raises.

Order: health → extract → project each row (and each row the service worker will derive from what
the pass posts, ``Observer.rows_derived_later``) → windows → allCalendars and snapshot → account →
every message checked against the bus (``messages.fits_the_bus``; else only DEGRADED message.invalid).
Every failure becomes a reason code from the catalogue. A refused row does not stop the accepted
rows (they are evidence) but voids the pass's coverage, because a refused row is not evidence of
absence; the windows are still read so the report names every reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from attest_kit.contract import Health, Observation, Observer, PassContext, RawRow, Window
from attest_kit.hashing import account_hash
from attest_kit.instants import format_instant
from attest_kit.messages import fits_the_bus
from attest_kit.policy import Policy, Refusal, load_policy, project


@dataclass
class PassResult:
    """What a pass decided; ``posted()`` is what it sends to the service worker (spec §3.3)."""

    observer: str
    version: str
    instant: datetime | None
    health: Health
    observations: list[Observation] = field(default_factory=list)
    refused: int = 0
    windows: list[Window] = field(default_factory=list)
    account_hash: str | None = None
    all_calendars: bool | None = None
    snapshot: dict[str, Any] | None = None

    def posted(self) -> dict[str, Any]:
        """The pass as ``attest-kit observe --json`` prints it: only what it posts.

        An IDLE pass posts its health only; coverage, account and snapshot go only with a window
        or snapshot to post.
        """
        idle = self.health.status == "IDLE"
        return {
            "observer": self.observer,
            "version": self.version,
            "instant": format_instant(self.instant) if self.instant else None,
            "health": {"status": self.health.status, "reasons": list(self.health.reasons)},
            "observations": [] if idle else [
                {"type": o.type, "fields": o.fields, "rowKeyHash": o.row_key_hash, "id": o.id}
                for o in self.observations
            ],
            "windows": [] if idle else [
                {"windowStart": format_instant(w.start), "windowEnd": format_instant(w.end)}
                for w in self.windows
            ],
            "allCalendars": None if idle or not self.windows else self.all_calendars,
            "accountHash": None if idle else self.account_hash,
            "snapshot": None if idle else self.snapshot,
        }


def _call(fn: Any, ctx: PassContext, threw: str, reasons: list[str]) -> tuple[bool, Any]:
    try:
        return True, fn(ctx)
    except Exception:  # noqa: BLE001 - the planner's contract: every failure is a reason
        reasons.append(threw)
        return False, None


def _windows_valid(windows: Any) -> bool:
    """A list of windows whose bounds are aware datetimes in order (an observer's answer is checked,
    never trusted: a naive bound or a string would raise in the comparison)."""
    return isinstance(windows, list) and all(
        isinstance(w, Window) and _aware(w.start) and _aware(w.end) and w.start <= w.end for w in windows
    )


def _aware(value: Any) -> bool:
    return isinstance(value, datetime) and value.tzinfo is not None and value.utcoffset() is not None


def _rows_valid(rows: Any) -> bool:
    """A list of RawRows with a string type and a dict of fields: what project() can read at all
    (a value inside that fails its schema is project()'s refusal, a reason of its own)."""
    return isinstance(rows, list) and all(
        isinstance(r, RawRow) and isinstance(r.type, str) and isinstance(r.fields, dict) for r in rows
    )


def plan_pass(observer: Observer, ctx: PassContext, policy: Policy | None = None) -> PassResult:
    """Run one pass of ``observer`` over ``ctx``; never raises."""
    pol = policy or load_policy()
    result = PassResult(observer.id, observer.version, ctx.instant, Health.ok())
    if not isinstance(ctx.instant, datetime) or ctx.instant.tzinfo is None:
        result.instant = None
        result.health = Health.degraded("clock.invalid")
        return result

    threw: list[str] = []
    ok, health = _call(observer.health, ctx, "health.threw", threw)
    if not ok or not isinstance(health, Health):
        result.health = Health.degraded("health.threw")
        return result
    if health.status == "IDLE" or (health.status == "DEGRADED" and not observer.rows_survive_degraded_health):
        result.health = health
        return result
    # A DEGRADED health voids coverage; an observer whose unreadable parts do not taint the rows it
    # did read still posts those rows: they are evidence (spec §3.2).
    reasons: list[str] = list(health.reasons)
    coverage_void_by_health = health.status == "DEGRADED"

    ok, rows = _call(observer.extract, ctx, "extract.threw", reasons)
    if ok and not _rows_valid(rows):
        reasons.append("extract.invalid")
        rows = []
    coverage_void = coverage_void_by_health or not ok or "extract.invalid" in reasons
    seen: set[str] = set()
    for row in rows or []:
        projected = project(row, observer.source, ctx.instant, pol)
        if isinstance(projected, Refusal):
            reasons.append(projected.reason)
            result.refused += 1
            coverage_void = True
        elif projected.id not in seen:  # a row the page shows twice is one observation
            seen.add(projected.id)
            result.observations.append(projected)

    # Rows the service worker will derive from what this pass posts: checked the same way, never posted.
    ok_later, later = _call(observer.rows_derived_later, ctx, "extract.threw", reasons)
    if ok_later and not _rows_valid(later):
        reasons.append("extract.invalid")
        ok_later = False
    for row in later if ok_later else []:
        projected = project(row, observer.source, ctx.instant, pol)
        if isinstance(projected, Refusal):
            reasons.append(projected.reason)
            coverage_void = True
    coverage_void = coverage_void or not ok_later

    ok, windows = (True, []) if coverage_void_by_health else _call(observer.visible_windows, ctx, "window.threw", reasons)
    if ok and windows is None:
        reasons.append("window.unknown")
        windows = []
    elif ok and not _windows_valid(windows):
        reasons.append("window.invalid")
        windows = []
    # Calendar's windows end at local midnight after the last visible day, which may be after the
    # pass (gcal.event sets windows_may_end_after_instant); every other such window is refused.
    elif ok and not observer.windows_may_end_after_instant and any(
        w.end > ctx.instant for w in windows
    ):
        reasons.append("window.future")
        windows = []
    windows = windows or []

    snapshot = None
    all_calendars = None
    if observer.posts_snapshot():
        ok_a, all_calendars = _call(observer.all_calendars, ctx, "snapshot.threw", reasons)
        ok_s, snapshot = _call(observer.snapshot, ctx, "snapshot.threw", reasons)
        if not (ok_a and ok_s):
            snapshot, all_calendars = None, None

    if reasons or coverage_void:
        windows, snapshot = [], None

    if windows or snapshot is not None:
        ok, address = _call(observer.account, ctx, "account.threw", reasons)
        if ok and address is not None:
            try:
                if not isinstance(address, str):
                    raise TypeError("an account is a string")
                result.account_hash = account_hash(address)
            except (ValueError, TypeError):
                reasons.append("account.invalid")
        elif ok:
            snapshot = None  # a page with no account stores no snapshot (spec §3.3, §8.3)
        if not ok or "account.invalid" in reasons:
            windows, snapshot = [], None
            result.account_hash = None

    result.windows = sorted(set(windows))
    result.all_calendars = all_calendars if result.windows else None
    result.snapshot = snapshot
    result.health = Health.degraded(*reasons) if reasons else Health.ok()
    if not fits_the_bus(result, ctx.tz):
        # a message the bus would refuse (a bug, or a page past a cap): only this report is posted (§3.3)
        return PassResult(observer.id, observer.version, ctx.instant, Health.degraded("message.invalid"))
    return result
