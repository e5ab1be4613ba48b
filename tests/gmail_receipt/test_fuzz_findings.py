"""gmail.receipt: a page a mutation fuzzer (2026-12-03) made from the shipped fixtures.

A message body with thousands of nested wrappers (``<span><span>…</span></span>``) took seconds: every wrapper was
a line block read whole (``totals._leaf_lines``), each reading the whole subtree below it again (n^2). A wrapper
whose one child is a line block draws the same line as that child, so only the innermost is read. Counted in calls,
not timed (a timing on a shared machine is no test).
"""

from __future__ import annotations

import pytest

import observers.gmail_receipt.totals as totals
from tests.fixture_builders.gmail_receipt_pages import generic_table_body, msg
from tests.gmail_receipt.test_page import page

GENERIC = ("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000002")


def _page(wrappers: int, inner: str = "") -> str:
    table = generic_table_body([("Total", "$41.04")])
    return page(msg(*GENERIC, lambda c: table(c) + "<span>" * wrappers + inner + "</span>" * wrappers))


@pytest.mark.parametrize("inner", ["", "Total $41.04", "\n<span>Total $41.04</span>\n"])
def test_nested_wrappers_are_read_once_each_not_once_per_level(run, monkeypatch, inner: str) -> None:
    reads = []
    real = totals.block_text_of
    monkeypatch.setattr(totals, "block_text_of", lambda node, shown: reads.append(node.mem_id) or real(node, shown))
    result = run(_page(2000, inner))
    assert result.health.status == "OK", result.health
    assert [(o.fields["amountCents"], o.fields["currency"]) for o in result.observations] == [(4104, "USD")]
    assert len(reads) < 100, len(reads)


def test_a_wrapper_with_text_of_its_own_beside_its_block_is_still_read(run) -> None:
    # "Total" in the wrapper, the amount in the span inside it: one line, read from the wrapper
    result = run(page(msg(*GENERIC[:4], GENERIC[4], lambda c: "<div><span>Total <span>$41.04</span></span></div>")))
    assert result.health.status == "OK", result.health
    assert [o.fields["amountCents"] for o in result.observations] == [4104]
