"""The shared account reader: a hidden account label, and an address in angle brackets or bare (a structural audit
of gcal.event pages, 2026-12-01, applying to all three observers).

- A second signed-in account's label inside a switcher the page keeps hidden (display:none) made the page
  `selector.ambiguous.account`, though a hidden view is never read (spec §1).
- `Google Account: Dana Whitfield <dana.whitfield@example.com>` and `Google Account: dana.whitfield@example.com`
  read no address: `account.invalid`. The address is read from angle brackets too, or bare after the label.
"""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from observers.gcal_event.page import ACCOUNT_LABELS as GCAL
from observers.gmail_receipt.page import ACCOUNT_LABELS as RECEIPT
from observers.gmail_sent.page import ACCOUNT_LABELS as SENT
from observers.shared.account import read_account
from observers.shared.dom import ShownRule

OBSERVERS = pytest.mark.parametrize("labels", [SENT, RECEIPT, GCAL], ids=["gmail.sent", "gmail.receipt", "gcal.event"])
ME = 'aria-label="Google Account: Dana Whitfield\n(dana.whitfield@example.com)"'


def _tree(banner: str) -> LexborHTMLParser:
    return LexborHTMLParser(f'<header role="banner">{banner}</header><div role="main"></div>')


@OBSERVERS
def test_a_hidden_second_account_label_is_never_read(labels) -> None:
    tree = _tree(f'<a role="button" {ME}></a><div style="display:none"><a role="button" '
                 'aria-label="Google Account: Bo Lind\n(bo.lind@example.org)"></a></div>')
    read = read_account(tree, labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
def test_two_shown_account_labels_are_still_ambiguous(labels) -> None:
    tree = _tree(f'<a role="button" {ME}></a><a role="button" aria-label="Google Account: Bo Lind\n(bo.lind@example.org)"></a>')
    assert read_account(tree, labels, ShownRule()).status == "ambiguous"


@OBSERVERS
@pytest.mark.parametrize("label", ["Google Account: Dana Whitfield <dana.whitfield@example.com>",
                                   "Google Account: dana.whitfield@example.com",
                                   "Google Account: Dana Whitfield\n\uff1cdana.whitfield@example.com\uff1e"])
def test_an_address_in_angle_brackets_or_bare_is_read(labels, label: str) -> None:
    read = read_account(_tree(f'<a role="button" aria-label="{label}"></a>'), labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
def test_a_label_with_no_address_is_still_invalid(labels) -> None:
    read = read_account(_tree('<a role="button" aria-label="Google Account: Dana Whitfield"></a>'), labels, ShownRule())
    assert read.status == "invalid"


# A review of the first draft: angle brackets and bare addresses made other banner labels account labels, a
# sentence's full stop joined the address, and the only account label, hidden, was no account.

@OBSERVERS
@pytest.mark.parametrize("other", ["Notifications: Lena Ortiz <lena.ortiz@example.org> shared a file",
                                   "Support: write to <support@example.org>",
                                   "Google Chat: new message from lena.ortiz@example.org",
                                   "Google Workspace: managed by admin@example.org"])
def test_another_banner_label_naming_an_address_is_not_the_account(labels, other: str) -> None:
    tree = _tree(f'<a role="button" {ME}></a><a role="button" aria-label="{other}"></a>')
    read = read_account(tree, labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
def test_a_full_stop_after_a_bare_address_is_not_part_of_it(labels) -> None:
    tree = _tree('<a role="button" aria-label="Google Account: Dana Whitfield dana.whitfield@example.com."></a>')
    read = read_account(tree, labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
def test_the_only_account_label_hidden_is_still_read(labels) -> None:
    tree = _tree(f'<div style="display:none"><a role="button" {ME}></a></div>')
    read = read_account(tree, labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
def test_a_bare_address_in_direction_marks_is_read_without_them_and_two_bare_are_none(labels) -> None:
    rtl = _tree('<a role="button" aria-label="\u062d\u0633\u0627\u0628 Google: Dana Whitfield\n'
                '\u200edana.whitfield@example.com\u200e"></a>')
    read = read_account(rtl, labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")
    two = _tree('<a role="button" aria-label="Google Account: Dana dana.whitfield@example.com bo.lind@example.org"></a>')
    assert read_account(two, labels, ShownRule()).status == "invalid"
