"""gmail.receipt: refusal markers a held-out audit of 2026-11-30 found missing (spec §8.2: the generic
parser needs "no refusal marker in the subject (reply or forward, promotions, cart reminders, unpaid or
pending, shipping, refunds, returns, cancellations, updates)").

A forward from another mail client or language, or a shop's status mail that repeats the order's
table, was read as a new purchase from the forwarder or at the status mail's minute. Each subject
here was seen to read as a purchase before the markers grew. Last, a total line the reader refused.
"""

from __future__ import annotations

import pytest

from observers.gmail_receipt.amounts import Money
from observers.gmail_receipt.classify import refusal_marker
from observers.gmail_receipt.totals import find_total
from observers.shared.dom import ShownRule
from tests.gmail_receipt.test_heldout_fixes_5 import LABELS, _body


@pytest.mark.parametrize("subject", [
    # Finnish, Icelandic, Turkish, Italian, Indonesian
    "VL: Your order confirmation #4821", "FS: Your order confirmation", "YNT: Your order confirmation",
    "\u0130LT: Your order confirmation", "RIF: Your order confirmation", "BLS: Your order confirmation",
    "TRS: Your order confirmation",
    # Latvian, Lithuanian, Hungarian, Croatian
    "Atb: Your order confirmation", "P\u0101rs: Your order confirmation", "ATS: Your order confirmation",
    "PRSL: Your order confirmation", "V\u00e1: Your order confirmation", "Tov\u00e1bb\u00edt\u00e1s: Your order confirmation",
    "Odg: Your order confirmation",
    # Greek, Czech
    "\u0391\u03a0: Your order confirmation", "\u03a3\u03a7\u0395\u03a4: Your order confirmation",
    "\u03a0\u03a1\u0398: Your order confirmation", "P\u0158: Your order confirmation",
    # Chinese, Korean, Hebrew, Welsh (CJK clients write a full-width colon)
    "\u56de\u590d\uff1aYour order confirmation", "\u8f6c\u53d1\uff1aYour order confirmation",
    "\u7b54\u590d: Your order confirmation", "\u56de\u8986\uff1aYour order confirmation",
    "\u8f49\u5bc4: Your order confirmation", "\ud68c\uc2e0: Your order confirmation", "\uc804\ub2ec: Your order confirmation",
    "\u05d4\u05e9\u05d1: Your order confirmation", "\u05d4\u05d5\u05e2\u05d1\u05e8: Your order confirmation",
    "ATEB: Your order confirmation", "YML: Your order confirmation",
    # a known prefix with a full-width colon; the whole subject in brackets
    "Re\uff1aYour order confirmation", "Fwd\uff1a Your receipt", "[Fwd: Your order confirmation #4821]",
])
def test_a_reply_or_forward_of_any_client_is_refused(subject: str) -> None:
    assert refusal_marker(subject) == "replyOrForward"


@pytest.mark.parametrize("subject, marker", [
    ("Your order #4821 has been despatched", "shipping"),
    ("Your shipments are on their way", "shipping"),
    ("Your order #4821 has been sent", "shipping"),
    ("Your order has been posted", "shipping"),
    ("Your order has been packed", "shipping"),
    ("Your order has been fulfilled", "shipping"),
    ("Your order is ready for pickup", "shipping"),
    ("Your order is ready for collection", "shipping"),
    ("Your Fernhill Ceramics order is now complete", "shipping"),
    ("Note added to your Fernhill Ceramics order", "update"),
    ("Your order #4821 is delayed", "update"),
    ("Your order #4821 has been edited", "update"),
    ("Order #4821 status changed", "update"),
    ("Your order could not be processed", "unpaidOrPending"),
    ("Order #4821: card declined", "unpaidOrPending"),
    ("Your order is on hold", "unpaidOrPending"),
    ("Your order is on-hold", "unpaidOrPending"),
    ("Payment reminder for order #4821", "unpaidOrPending"),
])
def test_a_status_mail_that_repeats_the_order_is_refused(subject: str, marker: str) -> None:
    assert refusal_marker(subject) == marker


@pytest.mark.parametrize("subject", [
    "Your order confirmation #4821", "Your Fernhill Ceramics order has been received!", "Receipt for your order",
    "Order confirmed: #4821", "Thanks for your order", "Your order receipt from Fernhill Ceramics",
    "Irish linen order", "Vase order #4821", "Fish order receipt", "Atbara order confirmation",
])
def test_a_purchase_subject_stays_unrefused(subject: str) -> None:
    assert refusal_marker(subject) is None


# A total whose label and amount are two inline elements with no space between them ("Total" then a
# floated "$63.18", REAL-PAGES' Shopify total table) reads as one text "Total$63.18": it was refused
# as if "Totally" (receipt.amount_missing on a correct receipt). A letter right after the label is
# still another word.


@pytest.mark.parametrize("html", [
    "<table><tr><td><div><span>Total</span><span style='float:right'>$63.18</span></div></td></tr></table>",
    "<div><span>Total</span><span style='float:right'>$63.18</span></div>",
    "<table><tr><td>Total$<span>63.18</span></td></tr></table>",
])
def test_a_label_and_amount_run_together_read(html: str) -> None:
    assert find_total(_body(html), LABELS, ShownRule()) == Money(6318, "USD")


@pytest.mark.parametrize("html", [
    "<table><tr><td>Totally $63.18 saved</td></tr></table>",
    "<div><span>Totals</span><span>$63.18</span></div>",
])
def test_a_word_that_starts_with_a_label_is_no_label(html: str) -> None:
    assert find_total(_body(html), LABELS, ShownRule()) is None
