"""The observer contract (spec §2): raw rows, observations, health, windows, the pass context.

An observer is pure over the page and read-only. Each pass reads the clock once (the pass
instant) and hands the observer a ``PassContext``: the parsed page, its address, the browser's
zone, the instant, and any state kept from earlier passes (Calendar's busy clock). Observers
memoise their one read of the page in ``ctx.memo`` so health, extract and windows agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar, Literal
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field
from selectolax.lexbor import LexborHTMLParser

from attest_kit.reasons import BY_CODE

HealthStatus = Literal["OK", "IDLE", "DEGRADED"]


@dataclass(frozen=True)
class RawRow:
    """What an extractor read: a type the policy knows, the vendor's row id, and the fields."""

    type: str
    fields: dict[str, Any]
    row_key: str | None = None


class Observation(BaseModel):
    """A projected row: only allowlisted fields, with ids and hashes project() computed."""

    model_config = ConfigDict(populate_by_name=True, frozen=True, extra="forbid")
    id: str
    source: str
    type: str
    observed_at: str = Field(alias="observedAt")
    row_key_hash: str | None = Field(default=None, alias="rowKeyHash")
    content_hash: str = Field(alias="contentHash")
    fields: dict[str, Any]


@dataclass(frozen=True)
class Health:
    """OK, IDLE or DEGRADED with reason codes from the catalogue (kept sorted, unique)."""

    status: HealthStatus
    reasons: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        unknown = [r for r in self.reasons if r not in BY_CODE]
        if unknown:
            raise ValueError(f"reason codes not in the catalogue: {unknown}")
        object.__setattr__(self, "reasons", tuple(sorted(set(self.reasons))))

    @classmethod
    def ok(cls) -> "Health":
        return cls("OK")

    @classmethod
    def idle(cls, *reasons: str) -> "Health":
        return cls("IDLE", reasons)

    @classmethod
    def degraded(cls, *reasons: str) -> "Health":
        return cls("DEGRADED", reasons)

    @classmethod
    def of(cls, idle: str | None, reasons: Iterable[str]) -> "Health":
        """IDLE with ``idle`` when the view is not one read; else DEGRADED with ``reasons``, or OK."""
        if idle:
            return cls.idle(idle)
        reasons = tuple(reasons)
        return cls.degraded(*reasons) if reasons else cls.ok()


@dataclass(frozen=True, order=True)
class Window:
    """A span of coverage: windowStart to windowEnd, both aware datetimes (UTC)."""

    start: datetime
    end: datetime


@dataclass
class PassContext:
    """Everything one pass may read: the page, its address, the zone, the instant, earlier state."""

    html: str
    url: str
    tz: ZoneInfo
    instant: datetime
    state: dict[str, Any] = field(default_factory=dict)
    memo: dict[str, Any] = field(default_factory=dict)
    _tree: LexborHTMLParser | None = None

    @property
    def tree(self) -> LexborHTMLParser:
        """The page parsed once with lexbor, as a browser that runs scripts parses it (the extension reads a live
        tab): a ``<noscript>``'s content is text, and one in ``<head>`` moves nothing into ``<body>``."""
        if self._tree is None:
            self._tree = LexborHTMLParser(self.html, scripting=True)
        return self._tree


class Observer:
    """Base of the three observers. Subclasses set the class attributes and override the readers.

    Every reader is pure over ``ctx``; ``plan_pass`` calls them in the spec's order and turns any
    exception into a reason code.
    """

    id: ClassVar[str]
    source: ClassVar[str]
    version: ClassVar[str]
    #: Whether a DEGRADED health still lets extract() post the rows it could read (they are
    #: evidence; coverage is void either way). Calendar says no: one unreadable chip, no rows.
    rows_survive_degraded_health: ClassVar[bool] = False
    #: Whether a window may end after the pass instant (a Calendar week ends at a future midnight).
    windows_may_end_after_instant: ClassVar[bool] = False
    #: Whether the observer reads state kept from earlier passes (Calendar's busy clock). A label's
    #: passState is handed only to an observer that does: a Calendar page's busy clock is no Gmail
    #: observer's state, and Gmail observers read every page they are run on.
    keeps_pass_state: ClassVar[bool] = False

    def health(self, ctx: PassContext) -> Health:
        raise NotImplementedError

    def extract(self, ctx: PassContext) -> list[RawRow]:
        raise NotImplementedError

    def visible_windows(self, ctx: PassContext) -> list[Window] | None:
        """Windows the pass vouches for; [] by design, None when it should know and cannot."""
        raise NotImplementedError

    def rows_derived_later(self, ctx: PassContext) -> list[RawRow]:
        """Rows the pass does not post but the service worker will derive from what it posts (Calendar
        with an account: every row comes from its snapshot, spec §8.3). ``plan_pass`` runs them through
        project() as it does the posted rows, so one it would refuse voids the pass's coverage here,
        naming the field, rather than the ledger refusing the whole pass, again on every pass."""
        return []

    def account(self, ctx: PassContext) -> str | None:
        """The signed-in address as the page shows it, or None."""
        return None

    def all_calendars(self, ctx: PassContext) -> bool | None:
        """Calendar only: whether every calendar is shown."""
        return None

    def snapshot(self, ctx: PassContext) -> dict[str, Any] | None:
        """Calendar only: the snapshot of the range read."""
        return None

    def posts_snapshot(self) -> bool:
        return False

    def state_problem(self, state: dict[str, Any]) -> str | None:
        """Why ``state`` (kept from earlier passes) is not one this observer reads, or None.

        Observers that keep no state accept only an empty one.
        """
        return None if not state else f"{self.id} keeps no pass state"
