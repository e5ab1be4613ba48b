"""gmail.sent: a held-out-style audit of 2026-12-02 (128 Sent pages) found the nav's selected folder missed in two
common ARIA forms (spec §8.1: "the nav's selected folder and the document title can only refuse it (DEGRADED
view.mismatch)"). Only ``aria-current="page"`` or ``aria-selected="true"`` on the link itself was read, so a
tree whose selected entry holds the link (``role=treeitem aria-selected=true``) or a link marked
``aria-current="true"`` (ARIA: any value but "false" marks the current item) let the Sent route stand beside
another folder's selection, and the pass posted rows and a window. A selected entry holding links to several
folders (a parent with its sub-folders) names none and refuses nothing.
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


@pytest.mark.parametrize("value", ["true", "location", "TRUE"])
def test_any_current_value_but_false_marks_the_link(value: str) -> None:
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
