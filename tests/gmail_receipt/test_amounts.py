"""The amount grammar: every rule with a case that fails without it."""

from __future__ import annotations

import pytest

from observers.gmail_receipt.amounts import AMBIGUOUS, Money, parse_amount


@pytest.mark.parametrize("text, cents, currency", [
    ("$12.34", 1234, "USD"),                 # a bare $ is USD
    ("$1,234.56", 123456, "USD"),            # thousands separator
    ("$1,234", 123400, "USD"),               # grouped integer with a comma
    ("USD 12.34", 1234, "USD"),              # code before
    ("12,34 €", 1234, "EUR"),                # decimal comma, symbol after
    ("1.234,56 €", 123456, "EUR"),           # dot groups with a comma decimal
    ("1\u00a0234,56\u00a0€", 123456, "EUR"),  # no-break space groups
    ("$63.18 USD", 6318, "USD"),             # symbol and the same code
    ("$12.34 CAD", 1234, "CAD"),             # a bare $ takes the dollar the code names
    ("CA$ 12.00", 1200, "CAD"),
    ("US$12.00", 1200, "USD"),
    ("JPY 1,200", 1200, "JPY"),              # no minor digits: yen are the unit
    ("₩1,200", 1200, "KRW"),
    ("KWD 1,234.500", 1234500, "KWD"),       # three minor digits
    ("$0.00", 0, "USD"),
    ("zł 12,00", 1200, "PLN"),               # a letter symbol standing as a word
])
def test_reads(text: str, cents: int, currency: str) -> None:
    assert parse_amount(text) == Money(cents, currency)


@pytest.mark.parametrize("text", [
    "Rs. 1,499.00",  # the rupee of five countries
    "Rs 500",
    "¥1,200",        # JPY or CNY
    "$1.234",        # a thousands dot or three decimals
    "KWD 1,234",     # 1.234 or 1234 in a three-digit currency
    "$12.34 EUR",    # symbol and code disagree
    "USD 12.00 EUR",  # two codes
])
def test_ambiguous_is_never_read(text: str) -> None:
    assert parse_amount(text) is AMBIGUOUS


@pytest.mark.parametrize("text", [
    "$12.34 $5.00",  # two amounts: not exactly one
    "Total $12",     # words besides the amount
    "12.34",         # no currency
    "-$5.00",        # a negative total is a refund
    "($5.00)",
    "$12.3",         # decimals must be the currency's minor digits
    "12.3456 USD",
    "$12.",
    "$1,23,456.00",  # groups of three only
    "ABC 12.00",     # not an ISO 4217 code
    "XXX 12.00",     # a code that is not money
    "",
    "Visa - 4242",
])
def test_not_an_amount(text: str) -> None:
    assert parse_amount(text) is None


def test_price_parser_would_guess() -> None:
    """Why the grammar is ours: price-parser reads these, and each reading is a guess."""
    from price_parser import Price

    assert Price.fromstring("$12.34 $5.00").amount is not None
    assert Price.fromstring("Total: $1.234").amount is not None
    assert Price.fromstring("Rs. 1,234.00").currency == "Rs"  # a symbol, not an ISO code
    assert parse_amount("$12.34 $5.00") is None and parse_amount("$1.234") is AMBIGUOUS


@pytest.mark.parametrize("text, cents, currency", [
    ("RUB 1,500.00", 150000, "RUB"),   # an ISO code starting with R is not the rand's R
    ("RON 150.00", 15000, "RON"),
    ("150.00 RSD", 15000, "RSD"),
    ("RWF 1,500", 1500, "RWF"),
    ("KRW 1,200", 1200, "KRW"),        # not kr
    ("₹1,49,999.00", 14999900, "INR"),  # Indian lakh grouping, unambiguous under ₹
    ("INR 12,34,567.00", 123456700, "INR"),
    ("₹1,00,000", 10000000, "INR"),
    ("₹1,499.00", 149900, "INR"),
])
def test_reads_1_1(text: str, cents: int, currency: str) -> None:
    assert parse_amount(text) == Money(cents, currency)


@pytest.mark.parametrize("text", [
    "R 150.00", "R150.00", "Rs. 1,49,999.00", "Rs 1,499.00",
])
def test_ambiguous_1_1(text: str) -> None:
    assert parse_amount(text) is AMBIGUOUS


@pytest.mark.parametrize("text", [
    "$1,49,999.00",    # lakh grouping is Indian only
    "₹1,4,999.00",     # a one-digit group
    "₹14,9999.00",
])
def test_not_read_1_1(text: str) -> None:
    assert parse_amount(text) is None


@pytest.mark.parametrize("text, cents", [
    ("HUF 1 234", 123400),  # ISO 4217 gives the forint 2 minor digits; CLDR's default 0
    ("HUF 1 234,50", 123450),
    ("IDR 150.000,00", 15000000),
    ("COP 45.000,00", 4500000),
    ("IQD 12,500.000", 12500000),  # the dinar of Iraq: 3 minor digits in ISO 4217, 0 in CLDR
    ("JPY 1,200", 1200),
])
def test_minor_units_are_iso_4217s_not_cldrs_display_digits(text, cents):
    amount = parse_amount(text)
    assert isinstance(amount, Money) and amount.cents == cents, amount


def test_the_iso_table_lists_only_currencies_where_cldr_differs():
    from babel.numbers import get_currency_precision

    from observers.gmail_receipt.amounts import ISO_MINOR_UNITS_WHERE_CLDR_DIFFERS
    assert all(get_currency_precision(code) != digits for code, digits in ISO_MINOR_UNITS_WHERE_CLDR_DIFFERS.items())
