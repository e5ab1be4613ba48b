"""One gmail.receipt pass over a conversation of ten expanded receipts, against an html5lib read.

Run with ``python -m pytest tests/bench_gmail_receipt --benchmark-enable``; the suite runs with
--benchmark-disable. The baseline is html5lib parsing the same page and collecting the reference
reader's facts, in the same run: compare the two means, never an absolute time.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from attest_kit.contract import PassContext
from attest_kit.plan import plan_pass
from labels.reference.gmail_receipt import _page_facts
from observers.gmail_receipt.observer import OBSERVER
from tests.fixture_builders.gmail_receipt_pages import STRIPE, Conversation, build_conversation, msg, stripe_body

ZONE = ZoneInfo("America/New_York")
INSTANT = datetime(2026, 11, 30, 20, 0, tzinfo=timezone.utc)
URL = "https://mail.google.com/mail/u/0/#inbox/18d3a1c0de000001"


@pytest.fixture(scope="module")
def ten_receipts() -> str:
    messages = [
        msg("Fernhill Ceramics", STRIPE, "Mon, Nov 30, 2026", f"{9 + i // 6}:{(i * 7) % 60:02d} AM",
            f"18d3a1c0de0001{i:02x}",
            stripe_body("Fernhill Ceramics", "1043-2291", f"${10 + i}.00",
                        [(f"Item {j}", f"${j}.00") for j in range(1, 6)]))
        for i in range(10)
    ]
    return build_conversation(Conversation("bench", "inbox/18d3a1c0de000001",
                                           "Your receipt from Fernhill Ceramics #1043-2291", "18d3a1c0de000001",
                                           messages))


def _pass(html: str):
    return plan_pass(OBSERVER, PassContext(html=html, url=URL, tz=ZONE, instant=INSTANT))


@pytest.mark.benchmark(group="gmail.receipt ten receipts")
def test_observer_pass(benchmark, ten_receipts: str) -> None:
    result = benchmark(_pass, ten_receipts)
    assert result.health.status == "OK" and len(result.observations) == 10


@pytest.mark.benchmark(group="gmail.receipt ten receipts")
def test_html5lib_reference_read(benchmark, ten_receipts: str) -> None:
    facts = benchmark(_page_facts, ten_receipts, ZONE)
    assert len(facts["keys"]) >= 10
