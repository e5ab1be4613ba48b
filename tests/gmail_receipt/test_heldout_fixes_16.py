"""gmail.receipt: an audit of 2026-12-02 (e), status mail from an order sender written from §8.2 and REAL-PAGES.md.

The generic parser needs "no refusal marker in the subject (reply or forward, promotions, cart reminders, unpaid or
pending, shipping, refunds, returns, cancellations, updates)". Everyday phrasings of three of those categories held
no marker word, so a failed charge ("We couldn't charge your card", "Your payment was not processed") posted a
purchase that never happened, and a shipping notice ("is almost here", "Your parcel is with …", "delivery
scheduled") a second purchase for an order already receipted. Each category's list is widened by the phrasings, read
as status phrases only; the ones a confirmation may also state (when it comes, that it is packed) are refused only
in a subject that names no receipt, confirmation or thanks for the order, as ``shippingEstimate`` already was. A
problem with an order, an action asked for, a layaway (not yet paid off), an order awaiting stock and a replacement
order (sent again for one already bought) are refused too.
"""

from __future__ import annotations

import pytest

from observers.gmail_receipt.classify import choose

ME = "wren.halloway@example.com"
SENDER = ("orders@lindqvist-ceramics.example", "Lindqvist Ceramics")


@pytest.mark.parametrize("subject", [
    # unpaid or failed
    "We couldn't charge your card for order #7302", "We were unable to charge your card for order #7302",
    "Your payment was not processed", "Your order #7302 was not processed", "Order #7302 not processed",
    "Order #7302: payment issue", "Order #7302 payment problem", "Order #7302 payment error",
    "There was a problem with your payment for order #7302", "Pay now to confirm order #7302",
    "Your order #7302 payment did not succeed",
    # shipping
    "Your order #7302 is almost here", "Your order #7302 is almost there", "Your order #7302 is coming",
    "Your order #7302 will be with you tomorrow", "Your parcel is with the post", "Your order has been handed to the post",
    "Your order #7302 has been handed over to the post", "Your order #7302 has been received by the carrier",
    "Your delivery is scheduled for Friday", "Your delivery has been booked for Monday 8-10am", "Order #7302 packed",
    "Your order #7302 has been split",
    # updates
    "Order #7302: change of delivery address",
    # cart reminders
    "Order #7302 abandoned",
    # a problem, an action asked for, an order not yet paid off, waiting to be collected, or sent again
    "There was a problem with your order #7302", "Problem with your order #7302", "Issue with your order #7302",
    "Action needed: order #7302", "Your order #7302 is waiting for you", "Your layaway order #7302",
    "Collection ready: order #7302", "Order #7302 is awaiting stock", "Your replacement order #7302",
])
def test_a_status_mail_in_everyday_words_is_no_receipt(subject: str) -> None:
    assert choose(*SENDER, subject, ME).refusal.startswith("generic_marker_")


@pytest.mark.parametrize("subject", [
    # a confirmation or thanks that says when the order comes, or that it is packed, is still one
    "Thanks for your order - it's almost here!", "Order confirmation: your order is coming soon",
    "Order #7302 confirmed - delivery scheduled for Friday", "Receipt for order #7302 - packed and ready",
    "Thanks for your order! It will be with you in 3 days",
    # the new words naming things
    "Order confirmation: Coming Home (DVD)", "Your order: Parcel Tape (6 rolls)", "Your order: Handed Down (novel)",
    "Order confirmation: Change of Heart (paperback)", "Your order: Abandoned Places photo book",
    "Your order receipt (Pay Now plan)", "Your order #7302 has been processed", "Receipt: payment processed",
    "Order #7302: Pet Carrier (medium)", "Your order from Problem Solved Hardware",
    # a review of the first cut: a confirmation in other words, a delivery booked for a named order, a food order
    # coming, a product or a shop named with the words
    "Order #9910 placed - delivery scheduled for Monday", "Thanks for ordering! Delivery scheduled for Thursday 8-10am",
    "Your Hollins Sofas order: delivery scheduled for 3 March", "Your grocery order - delivery booked for Sat 9-10am",
    "Order #7302: delivery scheduled", "Your pizza order - it's coming in 30 minutes",
    "Order accepted - your food will be with you in 35 minutes", "Order #7302: Winter Is Coming Mug",
    "Your order #7302: your tickets are waiting for you", "Order #7302 - Autumn Collection Ready-to-Wear Blazer",
    "Your order #7302: your package is ready to use", "Order #7302 - items packed with care",
    "Order confirmation - no action needed", "Receipt for order #7302 - no further action needed",
    "Order #7302: Action Needed (graphic novel)", "Order confirmation: Change of Address cards (50 pack)",
    "Receipt for your change of plan - Pro annual", "Order #7302 split payment confirmed",
    "Your group order split - you paid $14.20", "Your layaway is paid in full - receipt",
    "Your replacement order confirmation - contact lenses", "Pre-order #7302 confirmed - awaiting stock",
    "Your order was handed to you at the counter - receipt", "Order #7302: Payment Issue Resolved (memoir)",
    "Order #7302: Collection Ready Meals (7 days)", "Order #7302 - your parcel will be with you in 3-5 days",
    "Order confirmation: Replacement Filter (2-pack)", "Your order: The Issue with Time (paperback)",
    "Order confirmation - collection ready from Friday",
])
def test_a_receipt_holding_the_new_words_elsewhere_still_reads(subject: str) -> None:
    assert choose(*SENDER, subject, ME).refusal is None
