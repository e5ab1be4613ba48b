"""gmail.receipt: the generic parser's refusal markers (spec §8.2: "no refusal marker in the subject (reply or forward,
promotions, cart reminders, unpaid or pending, shipping, refunds, returns, cancellations, updates)").

A generic-receipt audit of 2026-12-02 (c) (262 conversation pages of invented shops, rendered as WooCommerce,
Magento, Square, airlines, food delivery… render them) found no wrong amount, currency or date: every wrong row came
from a subject in one of those categories written in words the markers did not hold. Each repeated the order's total
and posted a purchase (``REFUSED``, each seen read as a receipt first). Four review rounds then ran genuine receipt
subjects through each cut of the markers and turned each into its status phrase with named exceptions
(``RECEIPTS``, each seen refused by one cut). "Order confirmed! Fresh flowers headed your way" stays refused:
"headed your way" is a shipping notice's phrase as "on its way" is, and a review of 1.2.92 found "Order #1234
confirmed and headed your way" read as a purchase behind the guard it had been given.
"""

from __future__ import annotations

import pytest

from observers.gmail_receipt.classify import refusal_marker

#: Status and marketing subjects, by category, and those a review of a narrowing found let through.
REFUSED = {
    "unpaidOrPending": [
        "Your order #1234 is waiting for payment", "Order #1234 – waiting for your payment",
        "Payment needed for order #1234", "Please complete your payment", "Finish paying for your order",
        "Your order #1234 hasn't been paid yet", "Order #1234 not yet paid", "Reminder: order #1234 is not paid",
        "Pay for your order #1234", "Order #1234 - bank transfer instructions", "Your order awaits payment",
        "Incomplete payment for order #1234", "Order #1234: payment incomplete", "Order #1234: payment by check",
        "Here's your payment link for order #1234", "Order #1234 payment in progress",
        "Your order #1234 requires action", "Your order is reserved – pay within 24 hours",
    ],
    "promotion": [
        "$10 off your next order", "Enjoy €10 off your next order",
        "Thanks for your order – enjoy $10 off next time", "Take 20 percent off your next order",
        "Free gift with your next order", "Black Friday: order now", "Cyber Monday – order by midnight",
        "Your order could be free – enter our giveaway", "Your next order is on us",
        "Treat yourself: order again and save", "Your saved items are back in stock – order now",
    ],
    "cartReminder": [
        "You forgot to check out", "Come back and finish your order", "Your order is incomplete",
        "Checkout incomplete – order #1234", "Your Order Is Almost Complete", "Still thinking about your order?",
        "You left items in your bag",
    ],
    "shipping": [
        "Your order #1234 has left our warehouse", "Your order is headed your way", "Your order #1234 is en route",
        "Your order is with the carrier", "Your order #1234 arrived", "Delivery complete – order #1234",
        "Order #1234 collected",
    ],
    "refund": [
        "Order #1234: credit issued", "A credit has been applied to order #1234", "Credit for order #1234",
        "Partial credit on order #1234", "Your RMA for order #1234", "Money back for order #1234",
    ],
    "cancellation": [
        "We couldn't fulfill your order #1234", "We were unable to process your order #1234",
        "Unfortunately we cannot fulfil your order #1234", "Your order #1234 has been withdrawn",
    ],
    "update": [
        "Changes to order #1234", "Order #1234 modification", "Order #1234 — an item was substituted",
        "Order #1234: substitutions", "Order #1234 rescheduled", "Adjustment to order #1234",
        "Order #1234 has a new total", "Order #1234 — item unavailable",
    ],
    # a review of 1.2.92: cutting the markers to phrases let these through as purchases (1.2.93)
    "narrowing review": [
        "Complete payment for order #1234", "Finish payment for your order #1234", "Please pay your order #1234",
        "Please pay your balance – order #1234", "Time to pay for your order #1234",
        "Don't forget to pay for your order #1234", "Money back on your order #1234",
        "Money back issued for order #1234", "Credit for your order #1234", "Credit on your order #1234",
        "We couldn't ship your order #1234", "Cannot ship order #1234", "Order #1234 confirmed and headed your way",
        "Thanks for your order #1234 – it has left our warehouse",
    ],
}

#: Genuine receipt subjects, by the round that found each refused.
RECEIPTS = {
    # 1.2.87
    "pinned with the audit": [
        "Order #1234 confirmed", "Your order receipt", "Thanks for your order!", "Order confirmation #1234",
        "We've received your order #1234", "Receipt for your payment", "Payment received – order #1234",
        "Your order is confirmed", "Order #1234 placed", "Thanks for your order today",
        "Your Larkspur order receipt", "Payment confirmation for order #1234", "Your receipt from Larkspur Bakery",
        "Order #1234: payment received", "Thank you for your payment", "Your order from Larkspur Bakery",
        "Your Larkspur Bakery order confirmation", "Order confirmation – Click & Collect",
        "Your pre-order confirmation", "Order #1234 paid in full", "Your order has been paid",
        "Receipt: order #1234 (paid by card)", "Your order of a Free Spirit tote",
        "Order confirmed: The Collected Works", "Order confirmation: Come Back Coffee beans",
        "Your order receipt – Greenway Delivery Co.",
    ],
    # 553 of 964 genuine subjects were refused by a word taken alone; each marker became its status phrase (1.2.88)
    "first-cut review": [
        "Thanks for your Black Friday order!", "Your Cyber Monday order confirmation #10293",
        "Receipt: $10 off applied to order #4410", "Order confirmation - 10 percent off applied",
        "Order confirmation: free delivery on us!", "Your Subscribe and Save order confirmation",
        "Order confirmation — free gift included!", "Order confirmation – you've been entered into our giveaway!",
        "Order confirmation – BOGO applied", "Your receipt – gift card credit applied",
        "Your order receipt – 60-day money back guarantee", "Your payment link receipt from Larkspur Bakery",
        "Receipt for order #2231 – payment by bank transfer received",
        "Your receipt – thanks, come back and visit again", "The Incomplete Manual – order confirmation",
        "Order confirmation: Collected Vintage tee", "Order confirmation: Arrived Home candle",
        "Your en route purchase receipt – Skyway Air", "Your monthly donation has been withdrawn – receipt",
        "Order confirmation: The Eras Tour (Rescheduled Date)", "Payment receipt: flight modification fee",
        "Your receipt: adjustment to lower back",
    ],
    # 1.2.84 against 1.2.91 on 1,173 pages: refused by a marker of 1.2.87/1.2.88 (1.2.92)
    "differential review": [
        "Order confirmation: complete payment received, thank you", "Your receipt – 30-day money back promise",
        "Order confirmation – no payment needed", "Order receipt: a $5 credit for your order",
        "Order confirmation – we cannot ship to PO boxes", "Receipt: Apple Pay for your order",
        "Your receipt – please pay your driver a tip",
    ],
    # a final receipt naming its fulfilment: fulfilmentStatus refuses only a subject naming no receipt (1.2.94, 1.2.95)
    "fulfilment receipts": [
        "Order #1234 collected – here's your receipt", "Your grocery receipt – 2 items substituted",
        "Receipt: order #2231 (1 item unavailable, not charged)",
        "Final receipt for order #2231 (substitutions included)",
    ],
    # refused by a status phrase they only mention; each phrase names these exceptions (1.2.95)
    "exceptions review": [
        "Receipt – 30-day money back policy", "You chose to pay for your order with Klarna",
        "Receipt: you used PayPal to pay for your order", "Order confirmed – we can't ship alcohol outside CA",
        "Receipt – loyalty credit on your order", "Order confirmed – your treats are headed your way soon",
        "Receipt: complete payment for order #1234",
    ],
}


@pytest.mark.parametrize("subject", [s for subjects in REFUSED.values() for s in subjects])
def test_a_subject_in_a_refusal_category_is_refused(subject: str) -> None:
    assert refusal_marker(subject) is not None


@pytest.mark.parametrize("subject", [s for subjects in RECEIPTS.values() for s in subjects])
def test_a_receipt_subject_stays_unrefused(subject: str) -> None:
    assert refusal_marker(subject) is None


@pytest.mark.parametrize("subject", [
    "Order #1234 collected – confirmation", "2 items substituted in your order #1234 – confirmation",
    "Item unavailable – order #1234 confirmation", "Order #1234 – substitutions confirmed",
    "Order #1234 collected",
])
def test_a_fulfilment_status_naming_no_receipt_is_refused_as_one(subject: str) -> None:
    """A review of 1.2.94: the fulfilment guard let "confirmation" through; only a subject naming a receipt is one."""
    assert refusal_marker(subject) == "fulfilmentStatus"
