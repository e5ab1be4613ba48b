"""Money amounts on a receipt's total line: symbol or ISO code, separators, decimals → minor units.

Why not a library: price-parser (installed) returns the symbol as written (``$``, ``Rs``, ``CA$``)
rather than an ISO 4217 code, silently takes the first of two amounts (``$12.34 $5.00`` → 12.34)
and guesses separators (``$1.234`` → 1234), which is exactly the guess Hard Rule 5 forbids. Babel
parses numbers per locale, so it needs the locale the receipt was written in, which the page does
not say. So the grammar is ours (small, tested) and babel supplies only what it knows for sure:
which codes are ISO 4217 currencies and how many minor digits each has (JPY 0, USD 2, KWD 3),
but for the few where CLDR's display digits differ from ISO 4217's minor units (a named table).

Rules (the currency table is selectors.json "amounts"):

* the whole text is one amount: an optional currency before the number (a symbol, a code, or a
  code then a symbol), the number, an optional currency after it (one or two marks: "15,90 € EUR");
  nothing else; an ISO code is read before a symbol, so ``RUB`` is never the rand's ``R``;
* a bare ``$`` is USD; ``$`` with a code (``$12.34 CAD``) takes the code when it is a dollar;
* an ambiguous symbol (``Rs.`` is the rupee of five countries, ``¥``, ``kr``) is AMBIGUOUS, never
  read, unless an ISO code it may stand for is written beside it (``¥1,200 JPY``); a symbol and a
  code that disagree are AMBIGUOUS too;
* decimals must have exactly the currency's minor digits; thousands are groups of three with one
  separator kind (``,`` ``.`` space or ``'``) that differs from the decimal separator (under ``₹``
  or ``INR`` also the Indian grouping ``1,49,999.00``); an integer
  grouped with ``.`` alone (``$1.234``) is AMBIGUOUS, and so is ``1,234`` in a three-digit currency;
* a sign or parentheses (a negative total is a refund) is not an amount.

>>> parse_amount("$1,234.56")
Money(cents=123456, currency='USD')
>>> parse_amount("18,90 €")
Money(cents=1890, currency='EUR')
>>> parse_amount("Rs. 1,499.00") is AMBIGUOUS
True
>>> parse_amount("$12.34 $5.00") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from babel.numbers import get_currency_precision, list_currencies

from attest_kit.text import one_line
from observers.gmail_receipt.selectors import SELECTORS


@dataclass(frozen=True)
class Money:
    """An amount in the currency's minor unit (cents for USD, yen for JPY) and its ISO 4217 code."""

    cents: int
    currency: str


class _Ambiguous:
    """An amount whose currency or number could be read two ways: never read (Hard Rule 5)."""

    _instance: "_Ambiguous | None" = None

    def __new__(cls) -> "_Ambiguous":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "AMBIGUOUS"


AMBIGUOUS: Final = _Ambiguous()

# Codes babel lists that are not money a shop charges in (test, none, metals).
_NOT_MONEY = frozenset({"XXX", "XTS", "XAU", "XAG", "XPT", "XPD", "XDR", "XSU", "XUA"})
_GROUP_SEPARATORS = ",. '"
# Written with the Indian grouping (1,49,999.00) only when the currency is known for sure: ₹ or
# the code INR. Rs. is the rupee of five countries and stays ambiguous before the number is read.
_LAKH_CURRENCIES = frozenset({"INR"})
#: ISO 4217 minor units where CLDR's display digits (what babel's ``get_currency_precision`` gives)
#: differ: CLDR drops the decimals people rarely write, ISO keeps the unit an amount is counted in.
#: amountCents is in ISO's minor units, so "HUF 1 234" is 123400, never 1234.
ISO_MINOR_UNITS_WHERE_CLDR_DIFFERS: dict[str, int] = {
    "ALL": 2, "COP": 2, "HUF": 2, "IDR": 2, "IQD": 3, "IRR": 2, "LAK": 2, "LBP": 2, "MGA": 2, "MMK": 2,
    "SOS": 2, "SYP": 2, "YER": 2,
}


@lru_cache(maxsize=1)
def _codes() -> frozenset[str]:
    return frozenset(c for c in list_currencies() if c not in _NOT_MONEY)


def _currency_alternatives() -> str:
    table = SELECTORS.amounts
    symbols = sorted({*table.symbols, *table.ambiguous_symbols}, key=len, reverse=True)
    # An ISO code is tried first, so RUB, RON or KRW are never read as the symbols R or kr; a
    # symbol that is letters (Rs, kr, CHF, zł) must stand as a word; $ € £ need no boundary.
    alternatives = [r"[A-Z]{3}(?![^\W\d_])"]
    alternatives += [re.escape(s) + (r"(?![^\W\d_])" if s[-1].isalpha() else "") for s in symbols]
    return "(?:" + "|".join(alternatives) + ")"


@lru_cache(maxsize=1)
def _grammar() -> re.Pattern[str]:
    cur = _currency_alternatives()
    number = r"\d[\d,.' ]*"
    # a currency before the number, after it, or both; two marks on one side too ("US$ USD 5",
    # Shopify's "15,90 € EUR"): every mark must name the one currency (``_currency``)
    return re.compile(rf"^(?P<pre>{cur}(?: ?{cur})?)? ?(?P<num>{number}) ?(?P<post>{cur}(?: ?{cur})?)?$")


@lru_cache(maxsize=1)
def _money_inside() -> re.Pattern[str]:
    # two marks on one side as the grammar reads them ("USD$37.40", "37.40 € EUR"): the code's letters
    # stand right before the symbol, so the symbol alone would find a word before it
    cur = _currency_alternatives()
    return re.compile(rf"(?<![^\W\d_]){cur}(?: ?{cur})? ?\d|\d ?{cur}(?: ?{cur})?(?![^\W\d_])")


@lru_cache(maxsize=1)
def _currency_only() -> re.Pattern[str]:
    cur = _currency_alternatives()
    return re.compile(rf"^{cur}(?: ?{cur})?$")


def names_currency(text: str) -> bool:
    """True when ``text`` is a currency alone (``CAD``, ``€``, ``US $``): no number."""
    return _currency_only().match(one_line(text).replace("\u00a0", " ")) is not None


def holds_amount(text: str) -> bool:
    """True when money is written anywhere in ``text`` (a currency beside a number), read or not."""
    return _money_inside().search(one_line(text).replace("\u00a0", " ")) is not None


def _currency_tokens(text: str) -> list[str]:
    """Split a currency part (``USD $``, ``CA$``) into its tokens: an ISO code first, then the
    longest symbol (so ``RUB`` is the rouble, never the rand's ``R`` and two letters)."""
    table = SELECTORS.amounts
    known = sorted({*table.symbols, *table.ambiguous_symbols}, key=len, reverse=True)
    tokens: list[str] = []
    rest = text.strip()
    while rest:
        head = rest[:3]
        if head in _codes() and not (rest[3:4].isalpha()):
            tokens.append(head)
            rest = rest[3:].lstrip()
            continue
        for symbol in known:
            if rest.startswith(symbol):
                tokens.append(symbol)
                rest = rest[len(symbol):].lstrip()
                break
        else:
            tokens.append(rest[:3])
            rest = rest[3:].lstrip()
    return tokens


def _currency(tokens: list[str]) -> str | _Ambiguous | None:
    """The one ISO code the tokens name; AMBIGUOUS when they could name two; None if not money."""
    table = SELECTORS.amounts
    codes: set[str] = set()
    symbol_codes: set[str] = set()
    may_name: list[list[str]] = []  # the codes each ambiguous symbol may stand for
    for token in tokens:
        if token in table.ambiguous_symbols:
            may_name.append(table.ambiguous_symbols[token])
        elif token in table.symbols:
            symbol_codes.add(table.symbols[token])
        elif token in _codes():
            codes.add(token)
        else:
            return None
    if len(codes) > 1 or len(symbol_codes) > 1:
        return AMBIGUOUS
    if may_name:
        # "¥1,200 JPY": the code says which of its currencies the symbol is; alone, it is none for sure
        if len(codes) != 1 or symbol_codes or any(next(iter(codes)) not in named for named in may_name):
            return AMBIGUOUS
    if codes:
        code = next(iter(codes))
        if symbol_codes and symbol_codes != {code}:
            # "$12.34 CAD": a bare $ names any dollar; the code says which one.
            if not (symbol_codes == {"USD"} and "$" in tokens and code in table.dollar_family):
                return AMBIGUOUS
        return code
    if symbol_codes:
        return next(iter(symbol_codes))
    return None


def _grouped(integer: str, separator: str, lakh: bool = False) -> bool:
    """Groups of three; with ``lakh`` also the Indian grouping (``1,49,999``: twos, then a three)."""
    groups = integer.split(separator)
    if not all(g.isdigit() for g in groups):
        return False
    if 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:]):
        return True
    return (lakh and separator == "," and len(groups) > 2 and 1 <= len(groups[0]) <= 2
            and all(len(g) == 2 for g in groups[1:-1]) and len(groups[-1]) == 3)


def minor_digits(currency: str) -> int:
    """The currency's ISO 4217 minor units (USD 2, JPY 0, KWD 3, HUF 2)."""
    return ISO_MINOR_UNITS_WHERE_CLDR_DIFFERS.get(currency, get_currency_precision(currency))


def _minor_units(number: str, digits: int, lakh: bool = False) -> int | _Ambiguous | None:
    """The number in minor units, given the currency's minor digits (``lakh``: Indian grouping too)."""
    seps = [ch for ch in number if not ch.isdigit()]
    if not seps:
        return int(number) * 10**digits
    last = max(number.rfind(ch) for ch in ",.")
    integer, fraction = number, ""
    if last >= 0 and digits > 0 and len(number) - last - 1 == digits and number[last] not in number[:last]:
        integer, fraction = number[:last], number[last + 1:]
        if digits == 3 and not any(ch in integer for ch in _GROUP_SEPARATORS) and 1 <= len(integer) <= 3:
            return AMBIGUOUS  # "1,234" in a three-digit currency: 1.234 or 1234
    kinds = {ch for ch in integer if not ch.isdigit()}
    if len(kinds) > 1:
        return None
    if kinds:
        separator = kinds.pop()
        if fraction and separator == number[last]:
            return None
        if not _grouped(integer, separator, lakh):
            return None
        if separator == "." and not fraction:
            return AMBIGUOUS  # "$1.234": a thousands dot or three decimals
        integer = integer.replace(separator, "")
    if not integer.isdigit() or (fraction and not fraction.isdigit()):
        return None
    return int(integer) * 10**digits + (int(fraction) if fraction else 0)


def parse_amount(text: str) -> Money | _Ambiguous | None:
    """Read ``text`` as exactly one amount; AMBIGUOUS when it is money that cannot be read for sure."""
    # the Swiss grouping is written with a typographic apostrophe too (CLDR: 1’234.50)
    flat = one_line(text).replace("\u00a0", " ").replace("\u2019", "'")
    if not flat or not any(ch.isdigit() for ch in flat):
        return None
    match = _grammar().match(flat)
    if match is None:
        return None
    pre, num, post = match.group("pre"), match.group("num"), match.group("post")
    if not pre and not post:
        return None  # a number with no currency is not money
    num = num.strip()
    if not num[-1].isdigit():
        return None
    currency = _currency(_currency_tokens(pre or "") + _currency_tokens(post or ""))
    if currency is None or currency is AMBIGUOUS:
        return currency
    assert isinstance(currency, str)
    minor = _minor_units(num, minor_digits(currency), currency in _LAKH_CURRENCIES)
    if minor is None or minor is AMBIGUOUS:
        return minor
    assert isinstance(minor, int)
    return Money(minor, currency)
