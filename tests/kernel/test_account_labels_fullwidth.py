"""The shared account reader in a display language that writes full-width brackets (spec §8.1: "the last
(<address>) in a banner label, in any display language"). The label's colon was read full-width (`：`), its
brackets were not: a zh-CN label "Google 帐号：Name" then "（address）" had no account, and gmail.sent, which
requires one, was DEGRADED `selector.missing.account` on every such page."""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from observers.gcal_event.page import ACCOUNT_LABELS as GCAL
from observers.gmail_receipt.page import ACCOUNT_LABELS as RECEIPT
from observers.gmail_sent.page import ACCOUNT_LABELS as SENT
from observers.shared.account import read_account


def _banner(label: str) -> LexborHTMLParser:
    return LexborHTMLParser(f'<header role="banner"><a role="button" aria-label="{label}" href="#"></a></header>'
                            '<div role="main"></div>')


@pytest.mark.parametrize("labels", [SENT, RECEIPT, GCAL], ids=["gmail.sent", "gmail.receipt", "gcal.event"])
@pytest.mark.parametrize("label", ["Google 帐号：Dana Whitfield\n（dana.whitfield@example.com）",
                                   "Google 帳戶：Dana Whitfield  \n(dana.whitfield@example.com)",
                                   "Google Account: Dana Whitfield\n(dana.whitfield@example.com)"])
def test_an_address_in_full_width_brackets_is_read(labels, label):
    read = read_account(_banner(label), labels)
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@pytest.mark.parametrize("labels", [SENT, RECEIPT, GCAL], ids=["gmail.sent", "gmail.receipt", "gcal.event"])
def test_two_addresses_in_mixed_brackets_are_still_two(labels):
    tree = LexborHTMLParser('<header role="banner">'
                            '<a role="button" aria-label="Google 帐号：A\n（ada@example.com）"></a>'
                            '<a role="button" aria-label="Google Account: B\n(bo@example.com)"></a></header>')
    assert read_account(tree, labels).status == "ambiguous"


def _plain_header(label: str) -> LexborHTMLParser:
    return LexborHTMLParser(f'<header><a role="button" aria-label="{label}" href="#"></a></header>'
                            '<div role="main"></div>')


@pytest.mark.parametrize("labels", [SENT, RECEIPT, GCAL], ids=["gmail.sent", "gmail.receipt", "gcal.event"])
@pytest.mark.parametrize("label", ["គណនី Google៖ Dana Whitfield\n(dana.whitfield@example.com)",  # Khmer
                                   "Google հաշիվ՝ Dana Whitfield\n(dana.whitfield@example.com)",  # Armenian
                                   "የGoogle መለያ፦ Dana Whitfield\n(dana.whitfield@example.com)",  # Amharic
                                   "Compte Google : Dana Whitfield\n(dana.whitfield@example.com)"])
def test_a_plain_header_label_ending_in_its_script_s_colon_is_read(labels, label):
    """A banner drawn as a plain <header> counts only with an account label's start ("Google …" and a
    colon); "any display language" writes that colon in its own script's form (Khmer ៖, Armenian ՝,
    Ethiopic ፦): read only the ASCII and full-width colons, such a page had no account."""
    read = read_account(_plain_header(label), labels)
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@pytest.mark.parametrize("labels", [SENT, RECEIPT, GCAL], ids=["gmail.sent", "gmail.receipt", "gcal.event"])
def test_a_plain_header_naming_google_without_a_label_colon_stays_unread(labels):
    """The start still has to be a label's: a card's "Google Calendar - invitation from Ada (ada@…)" or
    "Google Docs, shared by …" is no account label."""
    for label in ("Google Calendar - invitation from Dana\n(dana.whitfield@example.com)",
                  "Google Docs, shared by Dana\n(dana.whitfield@example.com)"):
        assert read_account(_plain_header(label), labels).address is None
