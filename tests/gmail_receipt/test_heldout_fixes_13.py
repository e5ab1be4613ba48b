"""gmail.receipt: a clause-coverage audit of 2026-12-02 (c), about 480 conversation pages written from §8.2 and
REAL-PAGES.md. No wrong row or window; three ways a receipt was missed:

1. An invisible format character in a total line (a zero-width space after "Total", a direction mark before
   "$23.45", a soft hyphen inside the label) lost the amount: a platform receipt was DEGRADED
   ``receipt.amount_missing``, a generic one silently no row. Such characters draw nothing (a spacer cell holding
   only one was already empty, 1.2.22; refuse texts were compared without them, 1.2.36).
2. A platform read only its own total labels, narrower than the generic parser's: a Facebook "Total charged", an
   Instacart "Amount charged", an Uber "Total paid" was ``receipt.amount_missing``. A platform now reads its own
   labels first, in their order, then the generic parser's.
3. Receipt subjects for the platforms REAL-PAGES.md calls guesses (Instacart, OpenTable, Facebook) and Amazon's
   "Order Confirmation" written with the brand were no kind: the receipt was ignored (OK, no row).
"""

from __future__ import annotations

import pytest

from observers.gmail_receipt.classify import choose
from tests.fixture_builders.gmail_receipt_pages import INSTACART, UBER, Conversation, build_conversation, msg, table, \
    td, tr

ROUTE = "inbox/18d3a1c0de000001"
DAY = "Mon, Nov 30, 2026"
FACEBOOK = "no-reply@facebookmail.com"


def _page(sender: str, name: str, subject: str, cells: tuple[str, ...]) -> str:
    body = lambda c: table(c, tr(c, td(c, "Subtotal"), td(c, "$20.00")), tr(c, *[td(c, x) for x in cells]))  # noqa: E731
    message = msg(name, sender, DAY, "9:41 AM", "18d3a1c0de000002", body)
    return build_conversation(Conversation("unit", ROUTE, subject, "18d3a1c0de000001", [message]))


def _rows(result) -> list[tuple[str, int, str]]:
    return [(o.fields["merchant"], o.fields["amountCents"], o.fields["currency"]) for o in result.observations]


TRIP = "Your Monday evening trip with Uber"


@pytest.mark.parametrize("cells", [
    ("Total\u200b", "$23.45"), ("Total", "\u200e$23.45"), ("Total", "$23.45\u200c"), ("To\u00adtal", "$23.45"),
    ("\ufeffTotal:", "$23.45"), ("Total: \u2060$23.45",),
])
def test_invisible_format_characters_in_a_total_line_draw_nothing(run, cells: tuple[str, ...]) -> None:
    result = run(_page(UBER, "Uber Receipts", TRIP, cells))
    assert result.health.status == "OK" and _rows(result) == [("Uber", 2345, "USD")]
    generic = run(_page("orders@larkspur.example", "Larkspur Bakery", "Your order receipt", cells))
    assert _rows(generic) == [("Larkspur Bakery", 2345, "USD")]


@pytest.mark.parametrize("sender, name, subject, label, merchant", [
    (FACEBOOK, "Facebook", "Your Meta Pay receipt", "Total charged", "Facebook"),
    (FACEBOOK, "Facebook", "Your Meta Pay receipt", "Amount charged", "Facebook"),
    (INSTACART, "Instacart", "Your Instacart receipt", "Amount charged", "Instacart"),
    (UBER, "Uber Receipts", TRIP, "Total paid", "Uber"),
])
def test_a_platform_reads_the_generic_labels_after_its_own(run, sender, name, subject, label, merchant) -> None:
    result = run(_page(sender, name, subject, (label, "$23.45")))
    assert result.health.status == "OK" and _rows(result) == [(merchant, 2345, "USD")]


def test_a_platforms_own_label_still_decides_before_a_generic_one(run) -> None:
    body = lambda c: table(c, tr(c, td(c, "Amount charged"), td(c, "$30.00")),  # noqa: E731
                           tr(c, td(c, "Total"), td(c, "$23.45")))
    message = msg("Facebook", FACEBOOK, DAY, "9:41 AM", "18d3a1c0de000002", body)
    html = build_conversation(Conversation("unit", ROUTE, "Your Meta Pay receipt", "18d3a1c0de000001", [message]))
    assert _rows(run(html)) == [("Facebook", 2345, "USD")]


@pytest.mark.parametrize("parser, address, subject", [
    ("amazon", "auto-confirm@amazon.com", "Your Amazon.com order confirmation"),
    ("amazon", "auto-confirm@amazon.com", "Amazon.com order confirmation"),
    ("amazon", "auto-confirm@amazon.com", "Your Amazon order #112-4829301-5520147"),
    ("instacart", INSTACART, "Your receipt from Instacart"),
    ("instacart", INSTACART, "Your order receipt from Instacart"),
    ("instacart", INSTACART, "Receipt for your Instacart order"),
    ("instacart", INSTACART, "Here's your Instacart receipt"),
    ("opentable", "receipts@opentable.com", "Your OpenTable payment receipt"),
    ("facebook", FACEBOOK, "Your Facebook Marketplace receipt"),
    ("facebook", FACEBOOK, "Your Meta receipt"),
    ("facebook", FACEBOOK, "Your receipt from Facebook"),
    ("shopify", "store+58213907@t.shopifyemail.com", "Order #1001 confirmation"),
])
def test_a_plain_receipt_subject_of_a_platform_is_a_purchase(parser: str, address: str, subject: str) -> None:
    choice = choose(address, "Sender", subject, "ada@example.com")
    assert (choice.parser, choice.kind) == (parser, "purchase.made")


@pytest.mark.parametrize("parser, address, subject", [
    ("instacart", INSTACART, "Your Instacart order from Greenway Market is on its way"),
    ("amazon", "auto-confirm@amazon.com", "Your Amazon.com order has shipped"),
    ("facebook", FACEBOOK, "Your Facebook Marketplace listing receipt"),
    ("opentable", "receipts@opentable.com", "Your OpenTable reservation confirmation"),
])
def test_other_mail_of_a_platform_stays_no_kind(parser: str, address: str, subject: str) -> None:
    choice = choose(address, "Sender", subject, "ada@example.com")
    assert (choice.parser, choice.kind, choice.refusal) == (None, None, "platform_other_mail")


# A review of the first cut (1.2.85).
@pytest.mark.parametrize("sender, name, subject, lines", [
    (UBER, "Uber Receipts", TRIP, [("Grand total", "$50.00"), ("Uber Cash", "-$10.00"), ("Amount paid", "$40.00")]),
    (FACEBOOK, "Facebook", "Your Meta Pay receipt", [("Order total", "$50.00"), ("Total charged", "$40.00")]),
    (INSTACART, "Instacart", "Your Instacart receipt", [("Total paid", "$50.00"), ("Amount charged", "$40.00")]),
])
def test_generic_labels_on_a_platform_receipt_that_disagree_are_ambiguous(run, sender, name, subject, lines) -> None:
    """With none of its own labels on the page, a platform reads the generic ones as the generic parser does: every
    line must agree ("first found decides" ranks a platform's own labels only, which its layout orders)."""
    body = lambda c: table(c, *[tr(c, td(c, label), td(c, amount)) for label, amount in lines])  # noqa: E731
    message = msg(name, sender, DAY, "9:41 AM", "18d3a1c0de000002", body)
    result = run(build_conversation(Conversation("unit", ROUTE, subject, "18d3a1c0de000001", [message])))
    assert result.observations == [] and "receipt.amount_missing" in result.health.reasons


@pytest.mark.parametrize("amount", ["\u202e54.32$\u202c", "$\u202e54\u202c.23", "$12\u200f.34", "\u2067$23.45\u2069"])
def test_a_bidi_control_in_an_amount_is_no_amount(run, amount: str) -> None:
    """A right-to-left override draws "\u202e54.32$" as "$23.45": what is stored is not what is drawn, so such a
    line reads no amount, as before 1.2.85 (only characters that neither draw nor reorder are taken out)."""
    assert _rows(run(_page(UBER, "Uber Receipts", TRIP, ("Total", amount)))) == []
    assert _rows(run(_page("orders@larkspur.example", "Larkspur Bakery", "Your order receipt", ("Total", amount)))) == []


@pytest.mark.parametrize("tag", ["Order cancelled", "Return", "Awaiting payment", "Draft order", "Payment pending",
                                 "Refund issued", "Shipping update"])
def test_a_shopify_tag_naming_a_status_is_no_store_name(tag: str) -> None:
    choice = choose("store+58213907@t.shopifyemail.com", "Shop", f"[{tag}] Order #1001 confirmation", "ada@example.com")
    assert choice.kind is None


def test_a_shopify_store_tag_still_reads() -> None:
    choice = choose("store+58213907@t.shopifyemail.com", "Shop", "[Tidewater Candle Co.] Order #1001 confirmed",
                    "ada@example.com")
    assert (choice.parser, choice.kind) == ("shopify", "purchase.made")


def test_an_opentable_receipt_whose_total_and_charge_disagree_is_ambiguous(run) -> None:
    """A platform audit of 2026-12-02 (c): a restaurant's receipt writes its total before the tip and the amount
    charged after it; OpenTable listed "Total" first, so the first label found read the bill before the tip. 1.2.89
    put "Amount charged" first; a review found that reads $0.00 for a prepaid meal, the rest after a gift card or a
    deposit, half a split check. OpenTable's layout is a guess (REAL-PAGES.md), so its lines must agree, as a
    stranger's must (1.2.90): disagreeing, the amount is not read (loud), and a receipt with a total alone reads it."""
    def page(lines):
        body = lambda c: table(c, *[tr(c, td(c, label), td(c, amount)) for label, amount in lines])  # noqa: E731
        message = msg("OpenTable", "receipts@opentable.com", DAY, "9:41 AM", "18d3a1c0de000002", body)
        return build_conversation(Conversation("unit", ROUTE, "Your receipt from Juniper Table", "18d3a1c0de000001",
                                               [message]))
    tipped = page([("Subtotal", "$84.00"), ("Tax", "$7.46"), ("Total", "$91.46"), ("Tip", "$16.80"),
                   ("Amount charged", "$108.26")])
    result = run(tipped)
    assert result.observations == [] and "receipt.amount_missing" in result.health.reasons
    prepaid = page([("Total", "$150.00"), ("Prepaid", "-$150.00"), ("Amount charged", "$0.00")])
    assert _rows(run(prepaid)) == []
    agreeing = page([("Total", "$91.46"), ("Amount charged", "$91.46")])
    assert _rows(run(agreeing)) == [("Juniper Table", 9146, "USD")]
    # a review of 1.2.90: a generic label after the tip disagrees as much as OpenTable's own
    for label in ("Total paid", "Grand total"):
        after_tip = run(page([("Total", "$91.46"), ("Tip", "$16.80"), (label, "$108.26")]))
        assert after_tip.observations == [] and "receipt.amount_missing" in after_tip.health.reasons, label
    assert _rows(run(page([("Subtotal", "$84.00"), ("Total", "$91.46")]))) == [("Juniper Table", 9146, "USD")]
