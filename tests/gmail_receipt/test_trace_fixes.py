"""Defects a sentence-by-sentence trace of spec §8.2 found (gmail.receipt 1.2.11).

The generic parser needs "no refusal marker in the subject (reply or forward, ... shipping ...)" and a
display name of "plain Latin text ... no letter that can pass for an ASCII one". A forward or reply
written by another mail client or in another language ("WG:", "AW:", "SV:", "TR:", "RV:", "ENC:") and a
shipping notice "on the way" were read as purchases by the forwarder or the shop; a KELVIN SIGN (U+212A),
which NFC turns into an ASCII K, passed the name check and was posted as the merchant.
"""

from __future__ import annotations

import pytest

from observers.gmail_receipt.classify import plain_latin_name, refusal_marker


@pytest.mark.parametrize("subject", [
    "WG: Your order confirmation #4821", "AW: Your order confirmation #4821", "SV: Order receipt",
    "VS: Order receipt", "VB: Order receipt", "TR: Votre confirmation de commande", "RV: Your order confirmation",
    "ENC: Your order confirmation", "RES: Your order confirmation", "Antw: Your order confirmation",
    "Doorst: Your order confirmation", "Odp: Your order confirmation", "PD: Your order confirmation",
    "R: Your order confirmation", "I: Your order confirmation", "Fwd: Your order confirmation",
    "[Shared] Re: Your order confirmation",
])
def test_a_reply_or_forward_in_another_client_or_language_is_refused(subject):
    assert refusal_marker(subject) == "replyOrForward"


@pytest.mark.parametrize("subject", ["Your order is on the way", "Your order is on its way"])
def test_a_shipping_notice_is_refused(subject):
    assert refusal_marker(subject) == "shipping"


@pytest.mark.parametrize("subject", ["Your order confirmation #4821", "Receipt for your order", "Irish linen order",
                                     "Red Fox Outfitters: order confirmation", "Wgt order receipt"])
def test_a_purchase_subject_is_not_a_reply(subject):
    assert refusal_marker(subject) is None


def test_a_letter_that_becomes_ascii_under_nfc_is_refused_in_a_name():
    assert not plain_latin_name("\u212aestrel Supply")  # KELVIN SIGN
    assert not plain_latin_name("\u212b Studio")  # ANGSTROM SIGN (NFC: Å)
    assert plain_latin_name("Kestrel Supply") and plain_latin_name("Caf\u00e9 Ami") and plain_latin_name("Cafe\u0301 Ami")
