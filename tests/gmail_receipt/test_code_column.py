"""An invoice's currency-code column beside a bare number (selectors 1.2.45, a held-out simulation of
2026-12-01): ``Labour | AUD | 120.00`` … ``Total | AUD | 165.50`` was no total line, the receipt
lost, though a currency alone in a cell is read with the amount beside it (1.2.0) and
``Total | AUD | $165.50`` read. The code and the number are one amount, read in their order; what
else would make the row no line, or an ambiguous one, still does.
"""

from __future__ import annotations

import pytest

from observers.gmail_receipt.amounts import AMBIGUOUS, Money

from .test_totals import total


def _rows(*rows: tuple[str, ...]) -> str:
    return "<table>" + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows) + "</table>"


@pytest.mark.parametrize("row, cents, currency", [
    (("Total", "AUD", "165.50"), 16550, "AUD"),
    (("Total", "165.50", "AUD"), 16550, "AUD"),
    (("Total", "EUR", "1.249,90"), 124990, "EUR"),
    (("Total", "JPY", "3,480"), 3480, "JPY"),
])
def test_a_code_cell_beside_a_bare_number_is_one_amount(row: tuple[str, ...], cents: int, currency: str) -> None:
    assert total(_rows(("Labour", "AUD", "120.00"), row)) == Money(cents, currency)


@pytest.mark.parametrize("row", [
    ("Total", "AUD", "165.50", "12.00"),  # two numbers beside one code: which is the total?
    ("Total", "AUD", "USD", "165.50"),  # two codes
    ("Total", "AUD", "165.5"),  # not the currency's minor digits
    ("Total", "2", "AUD", "165.50 (incl. GST)"),  # a quantity is no amount: the total is the cell with a note
    ("Total", "2", "AUD", "165.50*"),
    ("Total", "1", "EUR", "63.18-"),
    ("Total", "USD", "63.18 CR", "1"),
    ("Total", "12", "AUD", "1,650.00 inc GST"),
    ("Total", "EUR", "10", "%"),
    ("Total", "USD", "2", "x"),
    ("Total", "USD", "63.18", "CR"),  # a credit: the row holds more than the code and the number
    ("Total", "165.50", "AUD", "\u2212"),
    ("Total", "USD", "3"),  # a dollar amount written without its cents in a code column: a count, a quantity?
])
def test_a_code_cell_that_does_not_tell_one_amount_is_no_amount(row: tuple[str, ...]) -> None:
    assert total(_rows(row)) in (None, AMBIGUOUS)


def test_a_minus_before_the_code_cell_is_a_refund_sign() -> None:
    """A minus alone right before the amount's cells (its code and its amount) signs it, as one right
    before the amount does; beside a bare number the row holds more than a code and a number: no line."""
    assert total(_rows(("Total", "-", "USD", "$63.18"))) is AMBIGUOUS
    assert total(_rows(("Total", "\u2212", "USD", "63.18"))) is None


def test_a_bare_number_with_no_code_is_still_no_amount() -> None:
    assert total(_rows(("Total", "165.50"))) is None
