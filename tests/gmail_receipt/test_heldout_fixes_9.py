"""gmail.receipt: total lines a held-out audit of 2026-12-01 found misread (spec §8.2: the generic parser needs "an
unambiguous amount on a total line"; spec §1: only the view the page draws).

- Text hidden inside a shown total line (a responsive mail's hidden copy or currency code) was read: "$62.50" with
  a hidden " CAD" posted CAD, and a Shopify amount cell holding a hidden copy of its amount read as two amounts.
- Total lines of two labels that disagree ("Total $50.00" and "Amount charged $40.00") posted the first label's
  amount: for the generic parser the amount is ambiguous. A platform still reads the first of its labels present
  (its list is in the order its layout weighs them).
"""

from __future__ import annotations

import pytest

from observers.gmail_receipt.amounts import AMBIGUOUS, Money
from observers.gmail_receipt.totals import find_total
from observers.shared.dom import ShownRule
from tests.gmail_receipt.test_heldout_fixes_5 import _body

GENERIC = ["Order total", "Grand total", "Total", "Total paid", "Amount paid", "Total charged", "Amount charged"]
HIDDEN = 'style="display:none"'


@pytest.mark.parametrize("html, expected", [
    (f"<table><tr><td>Total</td><td>$62.50<span {HIDDEN}> CAD</span></td></tr></table>", Money(6250, "USD")),
    (f"<table><tr><td>Total</td><td>$62.50</td><td {HIDDEN}>CAD</td></tr></table>", Money(6250, "USD")),
    (f"<table><tr><td>Total</td><td>$63.18<span {HIDDEN}>$63.18</span></td></tr></table>", Money(6318, "USD")),
    (f"<p><b>Total:</b> $62.50<span {HIDDEN}> CAD</span></p>", Money(6250, "USD")),
    (f"<table><tr><td>Total<span {HIDDEN}> due later</span></td><td>$9.00</td></tr></table>", Money(900, "USD")),
])
def test_text_the_page_does_not_draw_is_not_part_of_a_total_line(html: str, expected: Money) -> None:
    assert find_total(_body(html), GENERIC, ShownRule()) == expected


@pytest.mark.parametrize("rows", [
    [("Total", "$50.00"), ("Amount charged", "$40.00")],
    [("Total", "\u20ac20.00"), ("Total charged", "US$22.10")],
    [("Total", "$50.00"), ("Tip", "$10.00"), ("Total charged", "$60.00")],
])
def test_total_lines_of_two_labels_that_disagree_are_ambiguous(rows: list[tuple[str, str]]) -> None:
    html = "<table>" + "".join(f"<tr><td>{label}</td><td>{amount}</td></tr>" for label, amount in rows) + "</table>"
    assert find_total(_body(html), GENERIC, ShownRule()) is AMBIGUOUS


def test_total_lines_of_two_labels_that_agree_read() -> None:
    html = "<table><tr><td>Total</td><td>$50.00</td></tr><tr><td>Amount paid</td><td>$50.00</td></tr></table>"
    assert find_total(_body(html), GENERIC, ShownRule()) == Money(5000, "USD")


def test_a_platform_reads_the_first_of_its_labels_present() -> None:
    # a platform lists its labels in the order its layout weighs them (Stripe's "Amount paid" first)
    html = "<table><tr><td>Total</td><td>$48.00</td></tr><tr><td>Amount paid</td><td>$52.00</td></tr></table>"
    stripe = ["Amount paid", "Amount charged", "Total"]
    assert find_total(_body(html), stripe, ShownRule(), first_label_decides=True) == Money(5200, "USD")
    facebook = ["Total", "Amount paid", "Listing price", "Price"]
    both = "<table><tr><td>Price</td><td>$10.00</td></tr><tr><td>Total</td><td>$12.00</td></tr></table>"
    assert find_total(_body(both), facebook, ShownRule(), first_label_decides=True) == Money(1200, "USD")
