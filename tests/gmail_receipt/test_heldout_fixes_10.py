"""gmail.receipt: generic mail a held-out-style audit of 2026-12-01 found refused or unread (spec §8.2).

- The brand check read a token across words: "Acme Tackle" holds "meta" once its space is dropped, so a shop
  with no registry brand in its name or domain was refused (`generic_brand`). A token now counts at the start or
  the end of a word, a domain label or a run-together part ("Amazon.com", "shop-amazon", "MyAmazonDeals",
  "myamazon"), never across two words or inside one ("Exuberant", "thymetavern").
- A display name in Danish, Polish or Romanian was "not plain Latin": only eight accents were allowed. A letter
  with a stroke, breve, ogonek, dot above, double acute, macron, comma below or horn is plainly not an ASCII
  letter; a dot below and the dotless i still are refused (they can pass for one).
- An ambiguous symbol with the ISO code it may name beside it ("¥1,200 JPY", "Rs. 1,499.00 INR") was
  AMBIGUOUS: the code says which currency it is, as it does for "$63.18 CAD". eBay's "US $27.50" was no money.
- Any subject naming an invoice was a bill, "Receipt for invoice #4410" too: one the subject calls paid or a
  receipt is read; "not paid" and "not yet paid" stay bills.
"""

from __future__ import annotations

import pytest

from observers.gmail_receipt.amounts import AMBIGUOUS, Money, parse_amount
from observers.gmail_receipt.classify import choose, names_brand, plain_latin_name

ME = "wren.halloway@example.com"
SUBJECT = "Your order receipt"


@pytest.mark.parametrize("name, address", [
    ("Acme Tackle Shop", "orders@tackle-shop.example"),
    ("Thyme Tavern", "orders@thymetavern.example"),
    ("Home Table", "orders@hometable.example"),
    ("Exuberant Bakery", "orders@exuberant.example"),
    ("Lime Tart", "orders@limetart.example"),
    ("Helmet Armory", "orders@helmet-armory.example"),
])
def test_a_token_across_words_or_inside_one_is_no_brand(name: str, address: str) -> None:
    assert not names_brand(name, address)
    assert choose(address, name, SUBJECT, ME).refusal is None


@pytest.mark.parametrize("name, address", [
    ("MyAmazonDeals", "orders@example.com"),
    ("A m a z o n Outlet", "orders@example.com"),
    ("Amazon.com Seller", "orders@example.com"),
    ("UberEats Partner", "orders@example.com"),
    ("Amaz\u00f8n Outlet", "orders@example.com"),  # o with a stroke, folded like an accent
    ("Larkspur Bakery", "orders@myamazon.example"),
    ("Larkspur Bakery", "orders@amazonsupport.example"),
    ("Larkspur Bakery", "orders@mail.stripe-billing.example"),
])
def test_a_token_starting_or_ending_a_word_is_a_brand(name: str, address: str) -> None:
    assert names_brand(name, address)
    assert choose(address, name, SUBJECT, ME).refusal == "generic_brand"


@pytest.mark.parametrize("name", ["Bj\u00f8rn & Datter Keramik", "We\u0142na i Len", "Libr\u0103ria Nou\u0103",
                                  "\u017babka Sklep", "Gy\u0151ri Pint\u00e9r", "\u0218coala Veche", "\u0100ina Kai",
                                  "\u00deor\u00f0ur Verslun", "Ph\u01a1 Saigon", "\u0110\u00e0 Lat Co"])
def test_latin_letters_with_visible_marks_are_plain(name: str) -> None:
    assert plain_latin_name(name), name


@pytest.mark.parametrize("name", ["Ca\u0323fe Ami", "Kr\u0131stal Shop", "C\u0251fe Ami"])
def test_letters_that_pass_for_ascii_are_still_refused(name: str) -> None:
    assert not plain_latin_name(name)


@pytest.mark.parametrize("text, money", [
    ("\u00a51,200 JPY", Money(1200, "JPY")),
    ("JPY \u00a51,200", Money(1200, "JPY")),
    ("\u00a588.00 CNY", Money(8800, "CNY")),
    ("Rs. 1,499.00 INR", Money(149900, "INR")),
    ("kr 349,00 DKK", Money(34900, "DKK")),
])
def test_an_ambiguous_symbol_with_a_code_it_may_name_reads(text: str, money: Money) -> None:
    assert parse_amount(text) == money


@pytest.mark.parametrize("text", ["\u00a51,200", "\u00a51,200 USD", "Rs. 1,499.00 EUR", "kr 349,00 JPY"])
def test_an_ambiguous_symbol_alone_or_with_another_code_is_not_read(text: str) -> None:
    assert parse_amount(text) is AMBIGUOUS


@pytest.mark.parametrize("subject", ["Receipt for invoice #4410", "Invoice #4410 paid: your receipt",
                                     "Your order receipt (invoice INV-4410)"])
def test_an_invoice_the_subject_says_is_paid_is_read(subject: str) -> None:
    assert choose("billing@lanternworks.example", "Lanternworks Studio", subject, ME).refusal is None


@pytest.mark.parametrize("subject", ["Invoice for order #4410", "Your order invoice #4410 is due",
                                     "Order #4410: invoice not paid", "Order #4410 invoice not yet paid"])
def test_any_other_invoice_is_a_bill(subject: str) -> None:
    assert choose("orders@lanternworks.example", "Lanternworks Studio", subject, ME).refusal.startswith("generic_marker_")


def test_an_eBay_style_us_dollar_reads() -> None:
    assert parse_amount("US $27.50") == Money(2750, "USD")
