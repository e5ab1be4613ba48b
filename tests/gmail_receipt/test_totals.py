"""Total lines (selectors 1.1.0): block-aware text, label rows with extra cells, leaf lines hold no rows."""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from observers.gmail_receipt.amounts import AMBIGUOUS, Money
from observers.gmail_receipt.totals import find_total
from observers.shared.dom import ShownRule, text_of
from observers.shared.layout import block_text_of

LABELS = ["Amount paid", "Total"]


def total(body: str, labels: list[str] = LABELS):
    tree = LexborHTMLParser(f"<html><body><div id='b'>{body}</div></body></html>")
    return find_total(tree.css_first("#b"), labels, ShownRule())


def test_block_text_of_joins_blocks_and_breaks_with_a_space() -> None:
    node = LexborHTMLParser("<div id='x'><div>Total</div><div>$12.34</div>paid<br>now <b>bold</b>er</div>")
    x = node.css_first("#x")
    assert text_of(x) == "Total$12.34paidnow bolder"  # the old reader stays as it was (gmail.sent reads it)
    assert block_text_of(x) == "Total $12.34 paid now bolder"


@pytest.mark.parametrize("body", [
    "<table><tr><td><div>Total</div><div>$12.34</div></td></tr></table>",  # minified label and amount divs
    "<table><tr><td>Amount paid<br>$12.34</td></tr></table>",              # Stripe's line break
    "<table><tr><td><p>Total</p><p>$12.34</p></td></tr></table>",
])
def test_label_and_amount_in_blocks_with_no_space_read(body: str) -> None:
    assert total(body) == Money(1234, "USD")


def test_row_with_a_label_and_one_amount_among_three_cells_reads() -> None:
    assert total("<table><tr><td>Total</td><td>1 item</td><td>$12.34</td></tr></table>") == Money(1234, "USD")


@pytest.mark.parametrize("body", [
    "<table><tr><td>Total</td><td>$15.00</td><td>$12.34</td></tr></table>",        # two amounts
    "<table><tr><td>Total</td><td>was $15.00</td><td>$12.34</td></tr></table>",    # another cell holds one
    "<table><tr><td>Subtotal</td><td>Total</td><td>$12.34</td></tr></table>",      # label not the first cell
])
def test_row_with_more_than_one_amount_or_a_later_label_is_not_a_line(body: str) -> None:
    assert total(body) is None


def test_an_element_holding_tables_is_never_a_one_cell_line() -> None:
    # The div's text is "Total: $99.00" across two tables; it is layout, not a line.
    body = ("<div><table><tr><td>Total:</td></tr></table><table><tr><td>$99.00</td></tr></table></div>"
            "<table><tr><td>Total</td><td>$12.34</td></tr></table>")
    assert total(body) == Money(1234, "USD")


def test_an_element_holding_only_a_row_is_not_a_line_either() -> None:
    assert total("<div><table><tr><td>Total:</td><td>:</td></tr></table>$99.00</div>") is None


def test_lines_that_disagree_stay_ambiguous() -> None:
    body = "<table><tr><td>Total</td><td>$12.34</td></tr></table><p>Total: $15.00</p>"
    assert total(body) is AMBIGUOUS


@pytest.mark.parametrize("platform, label", [("instacart", "Grand Total"), ("opentable", "Amount charged")])
def test_guessed_platforms_read_the_total_labels_their_kin_use(platform: str, label: str) -> None:
    """Instacart and OpenTable layouts are guesses (REAL-PAGES.md): their totals are read under the
    labels the other platforms' receipts use too (selectors 1.2.1)."""
    from observers.gmail_receipt.selectors import SELECTORS

    labels = SELECTORS.platforms[platform].total_labels
    assert total(f"<table><tr><td>{label}</td><td>$41.20</td></tr></table>", labels) == Money(4120, "USD")


def test_a_blockquote_is_read_like_any_block() -> None:
    # Gmail's "Indent more" writes a blockquote around the sender's own lines; a quoted reply is told
    # from it only by a class (gmail_quote), which selectors never read (spec §5): a known limit.
    indented = '<blockquote style="margin:0 0 0 40px;border:none;padding:0px">{}</blockquote>'
    assert total(indented.format("<table><tr><td>Total</td><td>$41.04</td></tr></table>")) == Money(4104, "USD")


@pytest.mark.parametrize(("cell", "money"), [
    ("<small>USD</small><strong>$37.40</strong>", Money(3740, "USD")),
    ("USD$37.40", Money(3740, "USD")),
    ("EUR\u20ac37.40", Money(3740, "EUR")),
    ("GBP\u00a337.40", Money(3740, "GBP")),
    ("CAD$37.40", Money(3740, "CAD")),
])
def test_a_code_written_right_before_its_symbol_reads(cell: str, money: Money) -> None:
    """A held-out-style audit (2026-12-02): ``USD$37.40`` (a code and a symbol run together, as minified
    ``<small>USD</small><strong>$37.40</strong>`` draws it) read as an amount but not as money written in the
    cell, so the line held "no amount" and a Shopify receipt was ``receipt.amount_missing``; ``$37.40USD`` read."""
    assert total(f"<table><tr><td>Total</td><td>{cell}</td></tr></table>") == money
    assert total(f"<table><tr><td>Total: {cell}</td></tr></table>") == money


def test_a_code_and_a_symbol_that_disagree_run_together_stay_ambiguous() -> None:
    assert total("<table><tr><td>Total</td><td>EUR$37.40</td></tr></table>") is AMBIGUOUS
