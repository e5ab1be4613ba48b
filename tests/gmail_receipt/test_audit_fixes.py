"""Defects an audit of §8.2 found (selectors 1.2.0), each with the page that showed it."""

from __future__ import annotations

import re

from tests.fixture_builders.gmail_receipt_pages import STRIPE, Conversation, build_conversation, msg, table, td, tr

ROUTE = "inbox/18d3a1c0de000001"
DAY = "Mon, Nov 30, 2026"


def page(*messages, subject: str) -> str:
    return build_conversation(Conversation("unit", ROUTE, subject, "18d3a1c0de000001", list(messages)))


def generic(name: str, body, clock: str = "10:00 AM", legacy: str = "18d3a1c0de000002"):
    return msg(name, "hello@example.com", DAY, clock, legacy, body)


def rows_body(*cells_per_row: tuple[str, ...]):
    return lambda c: table(c, *[tr(c, *[td(c, text) for text in cells]) for cells in cells_per_row])


def amounts(result) -> list[tuple[int, str]]:
    return [(o.fields["amountCents"], o.fields["currency"]) for o in result.observations]


def test_a_currency_code_in_a_cell_beside_the_amount_is_read_with_it(run) -> None:
    assert amounts(run(page(generic("Larkspur Bakery", rows_body(("Total", "CAD", "$63.18"))),
                            subject="Your receipt"))) == [(6318, "CAD")]


def test_a_currency_code_beside_an_amount_in_another_currency_is_no_amount(run) -> None:
    assert amounts(run(page(generic("Larkspur Bakery", rows_body(("Total", "$41.04", "EUR"))),
                            subject="Your receipt"))) == []


def test_a_total_line_of_inline_parts_is_read(run) -> None:
    body = lambda c: '<p style="display:block;visibility:visible"><span>Total:</span> <span>$23.45</span></p>'  # noqa: E731
    assert amounts(run(page(generic("Larkspur Bakery", body), subject="Your receipt"))) == [(2345, "USD")]


def test_a_brand_written_with_an_accent_is_still_a_brand(run) -> None:
    for name in ("Amazön Outlet", "ÀMAZON", "Fácebook Pay", "Stripé Receipts", "Ubér Rides"):
        result = run(page(generic(name, rows_body(("Total", "$41.04"))), subject="Your receipt"))
        assert result.observations == [], name


def test_a_stranger_amount_no_row_could_carry_is_ignored_not_degraded(run) -> None:
    huge = generic("Larkspur Bakery", rows_body(("Total", "$9,999,999,999.99")), clock="9:00 AM")
    result = run(page(huge, subject="Your receipt"))
    assert result.health.status == "OK" and result.observations == []


def test_a_date_in_the_body_is_never_the_message_date(run) -> None:
    body = lambda c: ('<div style="display:block;visibility:visible"><span title="Sat, Nov 28, 2026, 8:00 AM">'  # noqa: E731
                      'Nov 28</span></div>' + table(c, tr(c, td(c, "Total"), td(c, "$12.00"))))
    html = page(msg("Quillfeather Press", STRIPE, DAY, "9:41 AM", "18d3a1c0de000001", body),
                subject="Your receipt from Quillfeather Press #2210-0087")
    # the header has neither a "to" line nor a date: drop both, keep the body's date
    html = re.sub(r'<div class="[^"]*" style="[^"]*"><span style="[^"]*">to </span>.*?</div>', "", html, count=1)
    html = re.sub(r'(title|aria-label)="[^"]*9:41[^"]*"', "", html)
    html = re.sub(r">9:41[^<]*<", "><", html)
    assert ">to <" not in html and "9:41" not in html
    assert run(html).health.reasons == ("selector.missing.time",)
