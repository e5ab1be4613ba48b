"""Helpers for the gmail.receipt tests: run one pass over a page built from the fixture builder."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from attest_kit.contract import PassContext
from attest_kit.plan import PassResult, plan_pass
from observers.gmail_receipt.observer import OBSERVER
from observers.gmail_receipt.page import ReceiptRead, read_receipt_page

READ_AT = datetime(2026, 11, 30, 20, 0, tzinfo=timezone.utc)
NEW_YORK = ZoneInfo("America/New_York")
MAIL = "https://mail.google.com/mail/u/0/#"

Run = Callable[..., PassResult]


def context(html: str, route: str = "inbox/18d3a1c0de000001", instant: datetime = READ_AT) -> PassContext:
    return PassContext(html=html, url=MAIL + route, tz=NEW_YORK, instant=instant)


@pytest.fixture
def run() -> Run:
    def _run(html: str, route: str = "inbox/18d3a1c0de000001", instant: datetime = READ_AT) -> PassResult:
        return plan_pass(OBSERVER, context(html, route, instant))
    return _run


@pytest.fixture
def read() -> Callable[..., ReceiptRead]:
    def _read(html: str, route: str = "inbox/18d3a1c0de000001") -> ReceiptRead:
        return read_receipt_page(context(html, route))
    return _read
