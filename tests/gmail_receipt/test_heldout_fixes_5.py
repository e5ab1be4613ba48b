"""Defects a held-out audit of receipt reading found (selectors 1.2.8), each a wrong row posted silently;
each test failed before its fix.

1. Uber's "This is not a payment receipt" broken by a <br>, two blocks or two cells was not found (the
   text was joined with no break: "not apayment"), so the charge summary posted a purchase.
2. A reply or forward whose subject carries a tag first ("[Fernhill Support] Re: …", "[EXTERNAL] RE:")
   passed the generic parser's reply marker, which read only the subject's start.
3. Cents written raised ("$48<sup>00</sup>") read as $4800.
4. A minus sign in a cell of its own before the amount was dropped: a refund's total read as a purchase.
Also: the Swiss grouping with a typographic apostrophe (CHF 1’234.50), which CLDR writes, is read.
"""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from observers.gmail_receipt.amounts import AMBIGUOUS, Money, parse_amount
from observers.gmail_receipt.classify import refusal_marker
from observers.gmail_receipt.totals import find_total, says_no_receipt
from observers.shared.dom import ShownRule

LABELS = ["Amount paid", "Total"]
REFUSE = ["This is not a payment receipt"]


def _body(html: str):
    return LexborHTMLParser(f"<html><body><div id='b'>{html}</div></body></html>").css_first("#b")


@pytest.mark.parametrize("html", [
    "<p>This is not a<br>payment receipt.</p>",
    "<div>This is not a</div><div>payment receipt.</div>",
    "<table><tr><td>This is not a</td><td>payment receipt.</td></tr></table>",
    "<p>This is\u00a0not a payment receipt.</p>",
])
def test_the_refuse_text_is_found_across_line_breaks_blocks_and_cells(html: str) -> None:
    assert says_no_receipt(_body(html), REFUSE, ShownRule())


def test_the_refuse_text_in_a_hidden_block_still_says_nothing() -> None:
    assert not says_no_receipt(_body("<div style='display:none'>This is not a payment receipt.</div>"), REFUSE,
                               ShownRule())


@pytest.mark.parametrize("subject", [
    "[Fernhill Support] Re: Your order confirmation", "[Ticket #5521] Fwd: Order receipt",
    "[EXTERNAL] RE: Order confirmation #1047", "[EXTERNAL] [Shop] Fw: Your receipt",
])
def test_a_tagged_reply_or_forward_is_refused(subject: str) -> None:
    assert refusal_marker(subject) == "replyOrForward"


def test_a_tag_without_a_reply_is_no_reply() -> None:
    assert refusal_marker("[Fernhill] Your order confirmation") is None


@pytest.mark.parametrize("html", [
    "<table><tr><td>Amount paid</td><td>$48<sup>00</sup></td></tr></table>",
    "<table><tr><td>Amount paid</td><td>$48<span style='vertical-align:super'>00</span></td></tr></table>",
    "<table><tr><td>Amount paid $48<sup>00</sup></td></tr></table>",
    "<table><tr><td>Total</td><td>\u2212</td><td>$63.18</td></tr></table>",
    "<table><tr><td>Total</td><td>-</td><td>$63.18</td></tr></table>",
])
def test_raised_cents_and_a_sign_in_a_cell_of_its_own_are_not_read(html: str) -> None:
    assert find_total(_body(html), LABELS, ShownRule()) is AMBIGUOUS


def test_a_plain_total_still_reads() -> None:
    assert find_total(_body("<table><tr><td>Total</td><td>$63.18</td></tr></table>"), LABELS, ShownRule()) == (
        Money(6318, "USD"))


def test_the_swiss_grouping_with_a_typographic_apostrophe_reads() -> None:
    assert parse_amount("CHF 1\u2019234.50") == Money(123450, "CHF")
    assert parse_amount("CHF 1'234.50") == Money(123450, "CHF")


# A review of the fixes above (old against new on 1,301 pages and 149 targeted inputs).
@pytest.mark.parametrize("html, expected", [
    ("<table><tr><td>Total</td><td>\u2014</td><td>$63.18</td></tr></table>", Money(6318, "USD")),  # an empty Qty
    ("<table><tr><td>Total</td><td>\u2013</td><td>$63.18</td></tr></table>", Money(6318, "USD")),
    ("<table><tr><td>Total</td><td>$63.18</td><td>-</td></tr></table>", Money(6318, "USD")),
    ("<table><tr><td>Total</td><td>-</td><td>1</td><td>$63.18</td></tr></table>", Money(6318, "USD")),
    ("<table><tr><td>Total</td><td>$63.18</td><td><sup>2</sup></td></tr></table>", Money(6318, "USD")),  # a footnote
])
def test_a_dash_for_nothing_and_a_footnote_beside_the_total_still_read(html: str, expected: Money) -> None:
    assert find_total(_body(html), LABELS, ShownRule()) == expected
