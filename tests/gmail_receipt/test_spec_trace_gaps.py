"""Rules of spec §8.2 (gmail.receipt) that the observer implements and no earlier test pinned.

A trace of the spec against the tests found each rule below removable without any test failing.
Every expectation is written from the spec's sentence quoted beside it, on a page built for it with
invented names and example addresses (registry senders keep their domains, as the builder's do);
each test was seen to fail with its rule removed (the mutation is named in the test's docstring).
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from selectolax.lexbor import LexborHTMLParser

from attest_kit.contract import PassContext, Window
from observers.gmail_receipt.amounts import Money
from observers.gmail_receipt.observer import OBSERVER
from observers.gmail_receipt.selectors import SELECTORS
from observers.gmail_receipt.totals import find_total
from observers.shared.dom import ShownRule
from tests.fixture_builders.gmail_receipt_pages import (
    INSTACART, STRIPE, Conversation, build_conversation, instacart_body, msg, stripe_body,
)

ROUTE = "inbox/18d3a1c0de000001"


def page(*messages, subject: str) -> str:
    return build_conversation(Conversation("trace", ROUTE, subject, "18d3a1c0de000001", list(messages)))


def stripe(merchant: str = "Fernhill Ceramics", legacy: str = "18d3a1c0de000001", **kw):
    return msg(merchant, STRIPE, "Mon, Nov 30, 2026", "9:41 AM", legacy,
               stripe_body(merchant, "1043-2291", "$48.00", [("Mug", "$48.00")]), **kw)


STRIPE_SUBJECT = "Your receipt from Fernhill Ceramics #1043-2291"


# --- rows -------------------------------------------------------------------------------------

def test_the_subject_hint_is_cut_at_80_code_points_never_inside_a_surrogate_pair(run) -> None:
    """§8.2 Rows: "... with merchant, amountCents, currency, subjectHint and occurredAt"; §2.1: "A
    subject hint is cut to its first 80 Unicode code points (...; a surrogate pair is one code point
    and is never split)". The 80th code point is an astral character (two UTF-16 units).
    Mutations: the clamp removed from page.Receipt.fields (the row is then refused); a cut at 80
    UTF-16 code units instead (the hint loses its last character)."""
    head = "Your receipt from Wickerby Loom & Dye Works of the Northern Marsh Trading Co-op"  # 79 code points
    merchant = head[len("Your receipt from "):] + "\U0001F9F6 Studio"
    subject = f"Your receipt from {merchant} #1043-2291"
    expected = head + "\U0001F9F6"
    assert len(expected) == 80 and len(subject) > 80
    result = run(page(stripe(merchant), subject=subject))
    assert result.health.status == "OK", result.health
    [obs] = result.observations
    assert obs.fields["subjectHint"] == expected
    assert obs.fields["merchant"] == merchant


def _instacart(legacy: str):
    return msg("Instacart", INSTACART, "Tue, Nov 24, 2026", "5:07 PM", legacy,
               instacart_body([("Oat milk, 64 oz", "$4.49")], "$12.80"))


def test_two_identical_receipts_threaded_together_stay_two(run) -> None:
    """§8.2 Rows: "rowKey is data-legacy-message-id, so two receipts threaded together stay two".
    Same sender, subject, minute and total; two message ids.
    Mutation: RawRow posted with no rowKey in observer.extract."""
    result = run(page(_instacart("18d3a1c0de0000b1"), _instacart("18d3a1c0de0000b2"),
                      subject="Your Instacart order receipt"))
    assert result.health.status == "OK"
    assert [o.fields["amountCents"] for o in result.observations] == [1280, 1280]
    assert [o.row_key_hash for o in result.observations] == [
        hashlib.sha256(f"gmail.receipt\x00{mid}".encode()).hexdigest()
        for mid in ("18d3a1c0de0000b1", "18d3a1c0de0000b2")]


def test_two_receipts_dated_in_the_same_minute_give_one_ping(run) -> None:
    """§8.2 Coverage: "One window per message a platform parser read (...), the single instant of
    its date. (...) Two receipts dated in the same minute give one ping." Pinned on the observer's
    own windows and on what the pass posts (plan_pass also drops a repeated window).
    Mutation: one window per receipt in observer.visible_windows (the pass-level assertion then
    fails only with the kernel's set() in plan_pass removed as well)."""
    html = page(_instacart("18d3a1c0de0000b1"), _instacart("18d3a1c0de0000b2"), subject="Your Instacart order receipt")
    point = datetime(2026, 11, 24, 22, 7, tzinfo=timezone.utc)
    ctx = PassContext(html=html, url="https://mail.google.com/mail/u/0/#" + ROUTE,
                      tz=ZoneInfo("America/New_York"), instant=datetime(2026, 11, 30, 20, 0, tzinfo=timezone.utc))
    assert OBSERVER.visible_windows(ctx) == [Window(point, point)]
    assert run(html).posted()["windows"] == [
        {"windowStart": "2026-11-24T22:07:00.000Z", "windowEnd": "2026-11-24T22:07:00.000Z"}]


# --- message items ----------------------------------------------------------------------------

def _without_key(html: str, legacy: str) -> str:
    out = html.replace(f'data-message-id="#msg-f:1781234567890123456" data-legacy-message-id="{legacy}"', "")
    assert out != html and f'"{legacy}"' not in out.split('role="list"', 1)[1]
    return out


def test_a_collapsed_message_item_is_recognised_by_aria_expanded_alone(run) -> None:
    """§8.2: "A message item is a role="listitem" with a message key (...) on it or (...) on an
    element inside it, or with aria-expanded"; "Only expanded messages" are read; §3.5: an opened
    conversation in which nothing parsed is OK. Its one message is collapsed and draws no key.
    Mutation: aria-expanded dropped from page._is_item (the pass says selector.missing.message)."""
    html = _without_key(page(stripe(expanded=False, snippet="Amount paid $48.00"), subject=STRIPE_SUBJECT),
                        "18d3a1c0de000001")
    result = run(html)
    assert result.health.status == "OK", result.health
    assert result.observations == [] and result.windows == []


def test_an_expanded_item_with_no_key_is_still_a_message(read) -> None:
    """§8.2, as above: aria-expanded alone makes the item a message, so it is read (its sender
    chooses a parser) even though it carries no key. Mutation: as above."""
    r = read(_without_key(page(stripe(), subject=STRIPE_SUBJECT), "18d3a1c0de000001"))
    assert [c.parser for c in r.choices] == ["stripe"]
    assert "selector.missing.message" not in r.reasons


def test_a_message_item_is_recognised_by_a_key_inside_it(run) -> None:
    """§8.2: "... with a message key (data-legacy-message-id) on it or, as real Gmail draws it, on an
    element inside it". The item has no aria-expanded; the key is on an inner element.
    Mutation: the inner-key test removed from page._is_item."""
    html = page(stripe(), subject=STRIPE_SUBJECT)
    assert html.count('role="listitem" aria-expanded="true"') == 1
    result = run(html.replace('role="listitem" aria-expanded="true"', 'role="listitem"'))
    assert result.health.status == "OK", result.health
    assert [o.fields["amountCents"] for o in result.observations] == [4800]


# --- total lines ------------------------------------------------------------------------------

GENERIC_LABELS = SELECTORS.generic.total_labels


def total(body: str, labels=GENERIC_LABELS):
    tree = LexborHTMLParser(f"<html><body><div id='b'>{body}</div></body></html>")
    return find_total(tree.css_first("#b"), labels, ShownRule())


def test_a_one_cell_line_reads_the_whole_label_it_starts_with() -> None:
    """§8.2 Total lines: "... or a one-cell line <label>[:] <amount>". "Total paid" is a label of
    the generic parser; that "Total" (an earlier label) also starts the text does not make the
    line "Total" followed by "paid: $41.04". Mutation: the first label that starts the text wins,
    not the longest (totals._one_cell_line)."""
    assert {"Total", "Total paid"} <= set(GENERIC_LABELS)
    assert total("<p>Total paid: $41.04</p>") == Money(4104, "USD")
    assert total("<table><tr><td>Total paid $41.04</td></tr></table>") == Money(4104, "USD")


@pytest.mark.parametrize("text", [
    "Totally $5.00",      # the word is not the label (a guard: the rest is no amount either)
    "TotalUSD 5.00",      # "Total" run into a currency code: one word, not "<label> <amount>"
    "TotalCHF 5.00",
])
def test_a_word_that_merely_starts_with_a_label_is_not_the_label(text: str) -> None:
    """§8.2 Total lines: "a one-cell line <label>[:] <amount>": the label is followed by a colon or
    a space. Mutation: the check of the character after the label removed (totals._one_cell_line):
    "TotalUSD 5.00" then read as Total + "USD 5.00"."""
    assert total(f"<p>{text}</p>") is None
    assert total(f"<table><tr><td>{text}</td></tr></table>") is None
