"""A ``<header>`` is a banner without a role attribute: HTML-AAM gives it the banner role when it is not inside
an article, aside, main, nav or section element (or an element with one of those landmark roles). An audit that
built Calendar pages from REAL-PAGES.md (2026-12-02) wrote the banner as a plain ``<header>`` and every page read as
one with no account (no snapshot, every event a first sighting). The account reader, shared by the three
observers, reads a banner's labels by the role the element has, written or implicit.
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
ME = '<a role="button" aria-label="Google Account: Dana Whitfield\n(dana.whitfield@example.com)"></a>'


@OBSERVERS
@pytest.mark.parametrize("page", [
    f"<body><header>{ME}</header><div role='main'></div></body>",
    f"<body><div class='gb'><header class='x1'><div>{ME}</div></header></div><div role='main'></div></body>",
], ids=["body-child", "wrapped"])
def test_a_header_outside_every_section_is_the_banner(labels, page: str) -> None:
    read = read_account(LexborHTMLParser(page), labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
@pytest.mark.parametrize("wrapper", ["article", "aside", "main", "nav", "section",
                                     "div role='article'", "div role='complementary'", "div role='navigation'",
                                     "div role='region'"])
def test_a_header_inside_a_section_or_landmark_is_no_banner(labels, wrapper: str) -> None:
    tag = wrapper.split()[0]
    page = f"<body><{wrapper}><header>{ME}</header></{tag}><div role='main'></div></body>"
    assert read_account(LexborHTMLParser(page), labels, ShownRule()).status == "missing"


@OBSERVERS
def test_a_header_with_another_role_is_no_banner(labels) -> None:
    page = f"<body><header role='presentation'>{ME}</header><div role='main'></div></body>"
    assert read_account(LexborHTMLParser(page), labels, ShownRule()).status == "missing"


@OBSERVERS
def test_a_plain_header_is_not_read_beside_a_role_banner(labels) -> None:
    """A fifth review: with a ``[role=banner]`` on the page (its account button hidden), another ``<header>``'s
    second account was read as the account. A header is a banner by its implicit role only on a page whose
    banners label nothing."""
    other = '<a aria-label="Google Account: Bo Lind\n(bo.lind@example.org)"></a>'
    hidden_me = ME.replace("<a ", "<a style='display:none' ")
    for me in (ME, hidden_me):
        page = f"<body><header>{other}</header><div role='banner'>{me}</div><div role='main'></div></body>"
        read = read_account(LexborHTMLParser(page), labels, ShownRule())
        assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
@pytest.mark.parametrize("page", [
    # a page-level dialog's or card's header naming a person: no account label's start
    "<body><header role='banner'></header><div role='dialog'><header><div aria-label='Organizer: Ada Stone"
    " (ada.stone@example.com)'></div></header></div><div role='main'></div></body>",
    "<body><header><div aria-label='Organizer: Ada Stone (ada.stone@example.com)'></div></header>"
    "<div role='main'></div></body>",
    f"<body><dialog open><header>{ME}</header></dialog><div role='main'></div></body>",
], ids=["dialog-organizer", "plain-header-organizer", "dialog-account"])
def test_a_header_that_is_no_page_banner_names_no_account(labels, page: str) -> None:
    """A review of the first cut: a Calendar event dialog's ``<header>`` labelled "Organizer: Ada Stone (ada@…)"
    was read as the account (its bracketed address alone made it an account label): a page with no account
    posted under Ada's hash, and one with an account became ``selector.ambiguous.account``. A header that is a
    banner only by its implicit role counts with an account label's start, and none inside a dialog does."""
    assert read_account(LexborHTMLParser(page), labels, ShownRule()).status == "missing"


@OBSERVERS
def test_an_explicit_banner_still_reads_a_label_by_its_bracketed_address(labels) -> None:
    page = ("<body><div role='banner'><a aria-label='Dana Whitfield\n(dana.whitfield@example.com)'></a></div>"
            "<div role='main'></div></body>")
    read = read_account(LexborHTMLParser(page), labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
@pytest.mark.parametrize("popup", ["<div role='Menu'>{}</div>", "<div role='menu listbox'>{}</div>",
                                   "<div role='combobox'>{}</div>", "<div aria-modal='true'>{}</div>"],
                         ids=["menu-case", "two-roles", "combobox", "modal"])
def test_an_account_chooser_inside_a_plain_header_names_no_second_account(labels, popup: str) -> None:
    """A third review: a chooser listing another account inside a plain ``<header>`` (a menu in any case, two
    role tokens, a combobox, a modal) made the page ``selector.ambiguous.account``."""
    other = '<a aria-label="Google Account: Bo Lind\n(bo.lind@example.org)"></a>'
    page = f"<body><header>{ME}{popup.format(other)}</header><div role='main'></div></body>"
    read = read_account(LexborHTMLParser(page), labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
@pytest.mark.parametrize("wrapper", ["div aria-hidden='true'", "blockquote", "footer", "form", "div role='group'",
                                     "div role='toolbar'"])
def test_a_header_inside_a_hidden_or_roled_wrapper_names_no_second_account(labels, wrapper: str) -> None:
    """A fourth review: a second account's label in a ``<header>`` wrapped in an aria-hidden element (no part of
    the accessibility tree), a blockquote, a footer, a form or any element with a role made a page
    ``selector.ambiguous.account``. Only a header no such element holds is a banner by its implicit role."""
    other = '<a aria-label="Google Account: Bo Lind\n(bo.lind@example.org)"></a>'
    tag = wrapper.split()[0]
    page = (f"<body><div role='banner'>{ME}</div><{wrapper}><header>{other}</header></{tag}>"
            "<div role='main'></div></body>")
    read = read_account(LexborHTMLParser(page), labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")


@OBSERVERS
def test_a_mails_own_banner_inside_main_leaves_the_pages_header_read(labels) -> None:
    """Found reading the change once more: a mail's own ``role=banner`` inside the main region counted as the
    page's banner, so the page's plain ``<header>`` was never read and the account was missing."""
    page = (f"<body><header>{ME}</header><div role='main'><div role='banner'><a aria-label='Shop menu'></a></div>"
            "</div></body>")
    read = read_account(LexborHTMLParser(page), labels, ShownRule())
    assert (read.status, read.address) == ("ok", "dana.whitfield@example.com")
