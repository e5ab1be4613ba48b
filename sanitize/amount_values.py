"""Amounts faked by value (spec §6.2, §6.3): one amount gets one fake amount whatever its format.

A receipt writes one total several ways ("$48.00", "USD 48.00"), and its lines must still agree after
sanitising, as a label's amountCents must after a re-fake. So the faker (capture and re-fake alike) reads the
value of each amount the value rule finds, fakes the value (keyed), and writes the fake into the
old text's own digits: the fake keeps the number of integer digits (so every grouping still fits)
and needs no more decimals than the old value did ($48 stays whole, $4.5 keeps one decimal), so it
can be written in every format the old value was written in. A label's amountCents goes through
the same value map, read in its currency's minor digits.

>>> canonical("$1,234.50")
'1234.5'
>>> canonical("18,90 €")
'18.9'
>>> render("USD 48.00", "73.1")
'USD 73.10'
>>> render("$1,234", "9876")
'$9,876'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from decimal import Decimal

from babel.numbers import get_currency_precision

from sanitize.scripts import in_script_of

_NUMBER = re.compile(r"\d(?:[\d,. \u00a0\u202f'’，．]*\d)?")  # ' and ’: Swiss groups; ，．: full-width input's
_FRACTION = re.compile(r"[.,，．](\d{1,2})$")


#: What the number pattern lets stand between digits: dropped to read the integer's digits.
_NOT_DIGITS = str.maketrans("", "", ",. \u00a0\u202f'’，．")
#: Each digit of a number's text, to write another number's digits into its places (``render``).
_DIGIT = re.compile(r"\d")


def _parts(amount: str) -> tuple[re.Match[str], str, str]:
    m = _NUMBER.search(amount)
    if m is None:
        raise ValueError(f"no number in an amount match: {amount!r}")
    number = m.group(0)
    f = _FRACTION.search(number)
    fraction = f.group(1) if f else ""
    integer = number[: f.start()] if f else number
    # a value is read in ASCII digits whatever the script it is written in ("１２００円" is 1200)
    return m, _ascii(integer.translate(_NOT_DIGITS)), _ascii(fraction)


def _ascii(digits: str) -> str:
    return digits if digits.isascii() else "".join(str(unicodedata.decimal(d)) for d in digits)


def _value(integer: str, fraction: str) -> str:
    whole = str(int(integer)) if integer else "0"
    frac = fraction.rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def canonical(amount: str) -> str:
    """The value of an amount the value rule matched: integer digits, a point and its decimals
    without trailing zeros ("48", "4.5", "0.99")."""
    _, integer, fraction = _parts(amount)
    return _value(integer, fraction)


def fake_amount(amount: str, fake_of_value: Callable[[str], str]) -> str:
    """``amount`` written with the fake ``fake_of_value`` gives its value: ``render(amount,
    fake_of_value(canonical(amount)))`` with the amount read once (the capture fakes every amount
    of a page this way)."""
    m, integer, fraction = _parts(amount)
    return _render(amount, m, integer, fraction, fake_of_value(_value(integer, fraction)))


def fake_value(value: str, draw: Callable[[int], bytes]) -> str:
    """A value of the same shape: as many integer digits (a leading non-zero when more than one) and
    as many significant decimals (the last one non-zero). A value that is not zero never fakes to zero
    (a one-digit whole value draws 1–9: "$3.00" faked to "$0.00" read as a purchase of nothing), and
    zero stays zero (a free order is not personal; a price would make it a purchase)."""
    if value == "0":
        return value
    whole, _, frac = value.partition(".")
    data = draw(len(whole) + len(frac) + 4)
    lead_non_zero = len(whole) > 1 or not frac
    digits = []
    for i in range(len(whole)):
        b = data[i]
        digits.append(str(1 + b % 9) if i == 0 and lead_non_zero else str(b % 10))
    out = "".join(digits)
    if frac:
        fd = [str(data[len(whole) + i] % 10) for i in range(len(frac) - 1)]
        fd.append(str(1 + data[len(whole) + len(frac) - 1] % 9))
        out += "." + "".join(fd)
    return out


def render(amount: str, value: str) -> str:
    """``amount`` with its number's digits replaced by ``value``'s (same grouping, same decimals)."""
    m, integer, fraction = _parts(amount)
    return _render(amount, m, integer, fraction, value)


def _render(amount: str, m: re.Match[str], integer: str, fraction: str, value: str) -> str:
    whole, _, frac = value.partition(".")
    int_digits = whole.zfill(len(integer))
    if len(int_digits) != len(integer) or len(frac) > len(fraction):
        raise ValueError("a fake amount must fit its old format")
    feed = iter(int_digits + frac.ljust(len(fraction), "0"))
    if m.group(0).isascii():
        number = _DIGIT.sub(lambda _d: next(feed), m.group(0))
    else:  # each digit in its script ("１，２００円")
        number = _DIGIT.sub(lambda d: in_script_of(d.group(), int(next(feed))), m.group(0))
    return amount[: m.start()] + number + amount[m.end() :]


def label_value(minor: int, currency: str) -> str:
    """A label's amountCents as a value in the canonical form, read in the currency's minor digits."""
    digits = get_currency_precision(currency)  # babel answers 2 for a code it does not know
    value = Decimal(minor).scaleb(-digits)
    text = f"{value:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def label_minor(value: str, currency: str) -> int:
    """A canonical value back in the currency's minor units."""
    return int(Decimal(value).scaleb(get_currency_precision(currency)))
