"""gmail.sent: a clause-coverage audit of 2026-12-02 (c), about 240 Sent pages written from §8.1 and REAL-PAGES.md.

A nav entry marked ``aria-current="page"`` on a wrapper around its link (a ``<div>``, an ``<li>``, a
list item, a menu item) named no folder: only the link's own mark, or a tree item or option, was read, so a Sent
route beside a nav whose current page is Inbox posted rows and a window (spec §8.1: "the nav's selected folder and
the document title can only refuse it (DEGRADED view.mismatch)"). ``aria-current="page"`` says "the current page"
on any element; ``aria-selected`` and ``aria-current="true"`` (the current item of a set) stay a tree item's or an
option's, and a tab (an app rail's Mail, holding an Inbox link) never speaks for the folder.
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_heldout_fixes_12 import INBOX, SENT, _with_nav

_CHAT_TAB = '<div role="tab"><a href="https://chat.google.com/">Chat</a></div>'


@pytest.mark.parametrize("wrapper", [
    '<div aria-current="page">{link}</div>',
    '<ul><li aria-current="page">{link}</li></ul>',
    '<div role="list"><div role="listitem" aria-current="page">{link}</div></div>',
    '<div role="menu"><div role="menuitem" aria-current="page"><span>{link}</span></div></div>',
])
def test_a_wrapper_marked_current_around_another_folders_link_refuses(wrapper: str) -> None:
    entry = wrapper.format(link=f'<a href="{INBOX}">Inbox</a>')
    posted = _with_nav(f'<div role="navigation">{entry}<a href="{SENT}">Sent</a></div>')
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}
    assert posted["observations"] == [] and posted["windows"] == []


@pytest.mark.parametrize("entry", [
    f'<div aria-current="page"><a href="{SENT}">Sent</a></div>',  # the Sent entry itself
    # an app rail's tab (1.2.71: a rail holds Chat or Meet beside Mail; a lone tab may be a folder list's)
    f'<div><div role="tab" aria-current="page"><a href="{INBOX}">Mail</a></div>{_CHAT_TAB}</div>',
    f'<div aria-selected="true"><a href="{INBOX}">Inbox</a></div>',  # selected, not current, and no tree item
    f'<div aria-current="page"><a href="{INBOX}">Inbox</a><a href="https://mail.google.com/mail/u/0/#starred">S</a></div>',
    f'<div aria-current="page"><a href="{INBOX}" style="display:none">Inbox</a></div>',
    # a review of the first cut: "true" is the current item of a set (the signed-in account of a list), not the
    # page; a tab around or inside the marked wrapper is an app rail's
    f'<ul><li aria-current="true"><a href="{INBOX}">ada@example.com</a></li></ul>',
    f'<div role="tablist"><div role="tab"><div aria-current="page"><a href="{INBOX}">Mail</a></div></div>{_CHAT_TAB}'
    '</div>',
    f'<div aria-current="page"><div role="tab"><a href="{INBOX}">Mail</a></div>{_CHAT_TAB}</div>',
])
def test_a_wrapper_that_names_no_other_mail_folder_refuses_nothing(entry: str) -> None:
    posted = _with_nav(f'<div role="navigation">{entry}<a href="{SENT}">Sent</a></div>')
    assert posted["health"]["status"] == "OK" and len(posted["observations"]) == 1


def test_a_tab_elsewhere_on_the_page_does_not_silence_the_wrapper() -> None:
    """A review of 1.2.59: the "sits in a tab" test asked each ancestor ``css_matches``, which lexbor answers true
    when anything inside the node matches, so one tab anywhere (Inbox category tabs, a hidden earlier view's)
    made every wrapper "in a tab" up to <body>, and a nav whose current page is Inbox refused nothing."""
    entry = f'<div aria-current="page"><a href="{INBOX}">Inbox</a></div>'
    tabs = '<div style="display:none"><div role="tablist"><div role="tab">Primary</div></div></div>'
    posted = _with_nav(f'{tabs}<div role="navigation">{entry}<a href="{SENT}">Sent</a></div>')
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}


def test_a_selected_wrapper_is_no_tree_item_because_it_holds_one() -> None:
    """lexbor's ``css_matches`` answers for a node's whole subtree: a plain wrapper marked ``aria-selected`` (which
    ARIA gives no meaning off an item role) was read as the tree item it holds, and refused the Sent list."""
    entry = f'<div aria-selected="true"><div role="treeitem"><a href="{INBOX}">Inbox</a></div></div>'
    posted = _with_nav(f'<div role="navigation">{entry}<a href="{SENT}">Sent</a></div>')
    assert posted["health"]["status"] == "OK" and len(posted["observations"]) == 1



def test_a_nav_element_is_a_navigation_region_by_its_implicit_role() -> None:
    """A differential review of 1.2.57 against 1.2.63: ``<nav>`` has the navigation role implicitly (HTML-AAM), as
    ``<header>`` is a banner; only ``[role=navigation]`` was read, so its Inbox entry marked current refused nothing."""
    entry = f'<ul><li aria-current="page"><a href="{INBOX}">Inbox</a></li><li><a href="{SENT}">Sent</a></li></ul>'
    assert _with_nav(f"<nav>{entry}</nav>")["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}
    assert _with_nav(f'<nav role="none">{entry}</nav>')["health"]["status"] == "OK"


@pytest.mark.parametrize("outer", ["nav", 'div role="navigation"'])
def test_an_entry_speaks_only_for_its_nearest_navigation_region(outer: str) -> None:
    """A review of 1.2.64: an outer navigation region around the app rail's and the folders' held the Sent link
    through the folders', so the rail's current "Mail" (an Inbox link) refused a genuine Sent list. An entry speaks
    for its nearest region, which must hold the Sent link itself."""
    rail = f'<nav aria-label="Apps"><a href="{INBOX}" aria-current="page">Mail</a><a href="https://chat.google.com/">Chat</a></nav>'
    folders = f'<nav aria-label="Folders"><a href="{INBOX}">Inbox</a><a href="{SENT}" aria-current="page">Sent</a></nav>'
    tag = outer.split()[0]
    posted = _with_nav(f"<{outer}>{rail}{folders}</{tag}>")
    assert posted["health"]["status"] == "OK" and len(posted["observations"]) == 1



@pytest.mark.parametrize("navs", [
    f'<div role="navigation"><nav><a href="{INBOX}" aria-current="page">Inbox</a></nav><nav><a href="{SENT}">Sent</a></nav></div>',
    f'<nav><a href="{INBOX}">Inbox</a><a href="{SENT}">Sent</a><nav aria-label="Labels">'
    f'<a href="https://mail.google.com/mail/u/0/#label/Work" aria-current="page">Work</a></nav></nav>',
])
def test_a_folder_list_split_into_regions_still_speaks(navs: str) -> None:
    """A review of 1.2.65: "the nearest region must hold the Sent link" silenced a folder list split into sibling
    regions (Inbox in one, Sent in another, under one outer region); the nearest region holding it speaks, unless a
    nearer one on the way is an app rail (``selectors.navAppLink``: a Chat or Meet link)."""
    assert _with_nav(navs)["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}
