"""Values the page's own structure carries are never faked by a value rule (a sanitise-then-observe
parity audit of 2026-12-01). Invented values.

Calendar keys each day by a day number (``data-datekey="29057"``, about 29,000 to 29,400 in 2026). A
chip titled "Pick up order 29057" labelled that number an order number, and the labelled-value rule
fakes a labelled value wherever it stands alone, attributes included: the day key was written over,
and the sanitised page read as another range (OK raw, DEGRADED ``range.too_long`` sanitised).
"""

from __future__ import annotations

import re

import pytest

from sanitize.faker import Faker
from sanitize.pipeline import Options
from sanitize.pipeline import clean as one_pass

from .conftest import KEY, clean

CALENDAR = "https://calendar.google.com/calendar/u/0/r/week/2026/11/30"
DAYS = '<div role="gridcell" data-datekey="29056"></div><div role="gridcell" data-datekey="29057"></div>'


def test_a_day_key_equal_to_a_labelled_order_number_is_kept() -> None:
    out = clean(DAYS + '<div role="button">Pick up order 29057</div>', page_url=CALENDAR)
    assert 'data-datekey="29057"' in out and 'data-datekey="29056"' in out
    assert not re.search(r"order 29057", out)  # the text's order number is still faked


@pytest.mark.parametrize("page_url, key", [
    ("https://mail.google.com/mail/u/0/#inbox", "29057"),  # not a Calendar page: no day keys there
    (CALENDAR, "555123"),  # no day Calendar draws (year 3054): a passcode, not a key
    (CALENDAR, "29024"),  # month 0: no date at all
    (CALENDAR, "104577"),  # a six-digit code naming the year 2174: no day Calendar draws
    (CALENDAR, "029057"),  # no key Calendar writes (a leading zero)
])
def test_a_number_that_is_no_calendar_day_key_is_still_faked(page_url: str, key: str) -> None:
    out = clean(f'<div data-datekey="{key}"></div><p>Order {key}</p>', page_url=page_url)
    assert key not in out


def test_a_day_key_holding_more_than_a_number_is_read_by_the_value_rules() -> None:
    out = clean('<div data-datekey="ada.quorn@corp.example.io"></div>', page_url=CALENDAR)
    assert "ada.quorn" not in out


def test_refake_keeps_a_day_key_too() -> None:
    """``refake`` runs the value rules alone over a committed page (``Options.values_only``)."""
    page = f"<html><body>{DAYS}<div role=\"button\">Pick up order 29057</div></body></html>"
    out = one_pass(page, Faker(KEY), Options(page_host="calendar.google.com", values_only=True)).html
    assert 'data-datekey="29057"' in out and "order 29057" not in out


def test_a_day_key_past_any_year_is_read_as_any_value() -> None:
    """20 digits name a year past 9999: reading it as a day raised OverflowError, and the capture stopped
    with a traceback (exit 1) where it is a number like any other."""
    key = "9" * 20
    out = clean(f'<div data-datekey="{key}"></div><p>Order {key}</p>', page_url=CALENDAR)
    assert "data-datekey" in out and key not in out
