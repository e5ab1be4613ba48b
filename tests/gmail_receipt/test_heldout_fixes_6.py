"""Defects a sixth held-out audit found (gmail.receipt 1.2.12, gmail.sent 1.2.11, gcal.event 1.3.12).

1. An email's own markup can carry roles (spec §8.2: "part of that message, never a message of its
   own"): a ``role="main"`` wrapper in a mail body, inside the one main Gmail shows, was counted as a
   second main, and the pass was DEGRADED ``selector.ambiguous.main`` with its receipts lost. A main
   inside another shown main is part of it, in every observer.
2. Gmail's "(no subject)" placeholder (spec §8.1: no subject for an empty subject or (no subject)) was
   read as the subject: a generic receipt posted subjectHint "(no subject)". The placeholder words now
   live in one shared file both Gmail observers read.
"""

from __future__ import annotations

import pytest

from tests.fixture_builders.gmail_receipt_pages import generic_table_body, msg
from tests.gmail_receipt.test_page import page, stripe_msg

BODY_START = 'dir="ltr" style="display:block;visibility:visible">'


@pytest.mark.parametrize("wrapper", ['<div role="main">', '<table role="main"><tr><td>'])
def test_a_main_in_a_mail_body_is_part_of_gmails_main(run, wrapper) -> None:
    closing = "</div>" if wrapper.startswith("<div") else "</td></tr></table>"
    control = run(page(stripe_msg()))
    html = page(stripe_msg()).replace(BODY_START, BODY_START + wrapper + '<p>Thanks for your order.</p>' + closing, 1)
    assert wrapper in html
    result = run(html)
    assert result.health.status == "OK", result.health
    assert result.posted()["windows"] == control.posted()["windows"] != []
    assert [o.fields["merchant"] for o in result.observations] == ["Fernhill Ceramics"]


def test_two_sibling_mains_are_still_ambiguous(run) -> None:
    html = page(stripe_msg()).replace("</body>", '<div role="main"><p>Another view</p></div></body>', 1)
    result = run(html)
    assert result.health.status == "DEGRADED" and "selector.ambiguous.main" in result.health.reasons


@pytest.mark.parametrize("placeholder", ["(no subject)", "(No Subject)", "(kein Betreff)"])
def test_the_no_subject_placeholder_is_no_subject(run, placeholder) -> None:
    generic = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000002",
                  generic_table_body([("Total", "$41.04")]))
    control = run(page(generic, subject="Your order receipt"))
    assert [o.fields.get("subjectHint") for o in control.observations] == ["Your order receipt"]
    result = run(page(generic, subject=placeholder))
    assert result.health.status == "OK"
    assert result.observations == []  # the generic parser needs a subject a row can carry (§8.2)
