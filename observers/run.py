"""Run one observer over one page: build the pass context and plan the pass."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from attest_kit.contract import PassContext
from attest_kit.instants import load_zone
from attest_kit.plan import PassResult, plan_pass
from observers.registry import get_observer


@dataclass(frozen=True)
class PassInput:
    """What a pass needs besides the page: its address, the browser's zone, the instant, state."""

    url: str
    time_zone: str
    instant: datetime
    state: dict[str, Any] = field(default_factory=dict)


def run_pass(html: str, observer_id: str, facts: PassInput) -> PassResult:
    """One pass of ``observer_id`` over ``html``; KeyError for an unknown observer."""
    observer = get_observer(observer_id)
    ctx = PassContext(html=html, url=facts.url, tz=load_zone(facts.time_zone), instant=facts.instant,
                      state=dict(facts.state))
    return plan_pass(observer, ctx)
