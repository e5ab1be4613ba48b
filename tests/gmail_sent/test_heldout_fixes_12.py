"""gmail.sent: a held-out-style audit of 2026-12-02 (128 Sent pages) found the nav's selected folder missed in two
common ARIA forms (spec §8.1: "the nav's selected folder and the document title can only refuse it (DEGRADED
view.mismatch)"). Only ``aria-current="page"`` or ``aria-selected="true"`` on the link itself was read, so a
tree whose selected entry holds the link (``role=treeitem aria-selected=true``) or a link marked
``aria-current="true"`` let the Sent route stand beside another folder's selection, and the pass posted rows
and a window. A review of the first cut then found genuine Sent lists refused: an entry names a folder only by a
Gmail link (its own, or the shown ones of a tree item or option), only a mail folder refuses, and of
``aria-current``'s values only ``page`` and ``true`` (``step``, ``date``, ``location`` mean other things).
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_layouts import DANIEL, T1, observe, page, row

SENT = "https://mail.google.com/mail/u/0/#sent"
INBOX = "https://mail.google.com/mail/u/0/#inbox"


def _with_nav(nav: str) -> dict:
    html = page(row([DANIEL], "Alpha", T1, "a" * 16)).replace("<header", nav + "<header")
    return observe(html)


def _tree(inbox: str, sent: str) -> str:
    return (f'<div role="navigation"><div role="tree"><div role="treeitem" {inbox}><a href="{INBOX}">Inbox</a></div>'
            f'<div role="treeitem" {sent}><a href="{SENT}">Sent</a></div></div></div>')


@pytest.mark.parametrize("mark", ['aria-selected="true"', 'aria-current="page"', 'aria-current="true"'])
def test_a_selected_entry_holding_another_folders_link_refuses(mark: str) -> None:
    posted = _with_nav(_tree(mark, 'aria-selected="false"'))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}
    assert posted["observations"] == [] and posted["windows"] == []


@pytest.mark.parametrize("value", ["true", "page", "TRUE"])
def test_a_link_marked_current_page_or_true_refuses(value: str) -> None:
    nav = f'<div role="navigation"><a href="{INBOX}" aria-current="{value}">Inbox</a><a href="{SENT}">Sent</a></div>'
    assert _with_nav(nav)["health"]["reasons"] == ["view.mismatch"]


@pytest.mark.parametrize("inbox", ['aria-current="false"', 'aria-current=""', 'aria-selected="false"', ""])
def test_an_entry_marked_not_current_refuses_nothing(inbox: str) -> None:
    posted = _with_nav(_tree(inbox, 'aria-selected="true"'))
    assert posted["health"]["status"] == "OK" and len(posted["observations"]) == 1


def test_a_selected_parent_of_several_folders_names_none() -> None:
    nav = (f'<div role="navigation"><div role="tree"><div role="treeitem" aria-selected="true">'
           f'<a href="{INBOX}">Inbox</a><div role="group"><a href="https://mail.google.com/mail/u/0/#starred">Starred</a>'
           f'</div></div><div role="treeitem"><a href="{SENT}">Sent</a></div></div></div>')
    assert _with_nav(nav)["health"]["status"] == "OK"


# A review of the first cut (each refused a genuine Sent list): aria-current's other meanings, a selected app-rail
# tab or chat holding its link, a hidden link, another site's link, a value with spaces.
@pytest.mark.parametrize("entry", [
    '<li aria-current="step"><a href="https://mail.google.com/mail/u/0/#settings/general">Set up</a></li>',
    '<div aria-current="date"><a href="https://calendar.google.com/calendar/r#main">1</a></div>',
    '<a href="#:1b" aria-current="location">Skip</a>',
    f'<div role="tab" aria-selected="true"><a href="{INBOX}">Mail</a></div>',
    '<div role="treeitem" aria-selected="true"><a href="https://mail.google.com/mail/u/0/#chat/dm/AAAAbbbbCCCC">Lena</a></div>',
    f'<div role="treeitem" aria-selected="true"><a href="{INBOX}" style="display:none">Inbox</a></div>',
    '<div role="treeitem" aria-selected="true"><a href="https://support.example.com/help#inbox">Help</a></div>',
    f'<a href="{INBOX}" aria-current=" false">Inbox</a>',
    f'<a href="{INBOX}" aria-current="undefined">Inbox</a>',
    '<a href="https://mail.google.com/mail/u/0/#settings/labels" aria-current="page">Manage labels</a>',
])
def test_an_entry_that_selects_no_other_mail_folder_refuses_nothing(entry: str) -> None:
    nav = f'<div role="navigation">{entry}<a href="{SENT}">Sent</a></div>'
    posted = _with_nav(nav)
    assert posted["health"]["status"] == "OK" and len(posted["observations"]) == 1


def test_a_selected_label_refuses() -> None:
    nav = (f'<div role="navigation"><div role="treeitem" aria-selected="true">'
           f'<a href="https://mail.google.com/mail/u/0/#label/Receipts">Receipts</a></div><a href="{SENT}">Sent</a></div>')
    assert _with_nav(nav)["health"]["reasons"] == ["view.mismatch"]
