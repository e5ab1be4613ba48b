"""gmail.sent: a clause-by-clause audit of 2026-12-02 (d), about 100 Sent pages written from §8.1 and REAL-PAGES.md.

REAL-PAGES.md: "The row also holds a hidden screen-reader summary (sender, subject, time, snippet) that repeats the
ids". A summary that names its people in plain text, written inside the very element that wraps the drawn people
spans, made that wrapper the lowest element holding an id element and a person, so the wrapper was taken for the
summary and the drawn people inside it were never read: every row ``selector.missing.recipients``, no observation and
no window, on the whole page. The summary is the element on the ids' side of the wrapper when it holds no person of
its own and names one of the wrapper's people in its text (it repeats the recipients); the people beside it are
drawn.
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_layouts import DANIEL, LENA, S, SR, T1, T2, ids, observe, page, pairs, people, row

MIA = ("Mia Chen", "mia.chen@example.org")


def _plain(who, subject: str, mid: str, tag: str = "div") -> str:
    names = ", ".join(n for n, _ in who)
    return f'<{tag} {SR}>To: {names}, <span {ids(mid)}>{subject}</span>, 2:03 PM, snippet</{tag}>'


def _row(who, subject: str, title: str, mid: str, shape: str) -> str:
    summ = _plain(who, subject, mid, "span" if shape == "span wrapper" else "div")
    drawn = f'To: {people(who)}'
    inner = {
        "after": f'<div {S}>{drawn}{summ}</div>',
        "before": f'<div {S}>{summ}{drawn}</div>',
        "span wrapper": f'<div {S}><span {S}>{drawn}{summ}</span></div>',
    }[shape]
    cells = row(who, subject, title, mid).split("</td>")
    cells[1] = f'<td role="gridcell" {S}>{inner}'
    return "</td>".join(cells)


@pytest.mark.parametrize("shape", ["after", "before", "span wrapper"])
def test_a_plain_text_summary_inside_the_people_wrapper_leaves_the_people_read(shape: str) -> None:
    rows = _row([DANIEL], "Alpha", T1, "a" * 16, shape) + _row([LENA, MIA], "Beta", T2, "b" * 16, shape)
    posted = observe(page(rows))
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert pairs(posted) == [("daniel@example.com", "Alpha"), ("lena@example.org", "Beta"), ("mia.chen@example.org", "Beta")]
    assert posted["windows"] == [{"windowStart": "2026-11-29T22:04:00.000Z", "windowEnd": "2026-11-30T22:30:00.000Z"}]


def test_a_summary_with_its_ids_in_a_block_of_their_own_is_still_the_summary() -> None:
    """The summary names its people with person spans and keeps the ids in a block of their own: the block holds no
    person and names none, so the summary (the lowest element holding both) is still the one left out, and its
    people are not read as drawn ones beside the cell's."""
    mid = "c" * 16
    summ = f'<div {SR}>To: {people([DANIEL])}, <div {S}><span {ids(mid)}>Gamma</span></div>, 2:03 PM, snippet</div>'
    cells = row([DANIEL], "Gamma", T1, mid).split("</td>")
    cells[1] = f'<td role="gridcell" {S}>{summ}<div {S}>To: {people([DANIEL])}</div>'
    posted = observe(page("</td>".join(cells)))
    assert posted["health"]["status"] == "OK"
    assert pairs(posted) == [("daniel@example.com", "Gamma")]


def test_a_short_list_beside_a_plain_text_summary_in_its_wrapper_is_still_refused() -> None:
    """The drawn list ends in an elision and the summary beside it, in the same wrapper, names all three in plain
    text: the summary is left out of the drawn-short check, the elision is not, and the row is refused."""
    mid = "d" * 16
    dario, kai = ("Dario", "dario@example.net"), ("Kai", "kai@example.com")
    summ = f'<div {SR}>To: Dario, Kai, Ivo, <span {ids(mid)}>Venue options</span>, 2:03 PM, snippet</div>'
    cells = row([DANIEL], "Venue options", T1, mid).split("</td>")
    cells[1] = f'<td role="gridcell" {S}><div {S}>To: {people([dario, kai])}, <span {S}>\u2026</span>{summ}</div>'
    posted = observe(page("</td>".join(cells)))
    assert posted["observations"] == [] and posted["windows"] == []
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.recipients"]}


# A review of the first cut (81 pages, old against new): the element on the ids' side was taken for the summary
# whenever any of its text named a person, so a summary drawing its people as person elements, whose ids sit in a
# subject block with a snippet ("Alpha - Hi Daniel, …"), lost its own standing and its people were read as drawn
# (a sender alias posted as a recipient), and a name inside a word ("Ann" in "Annual") counted. Only the text
# before the ids counts, word by word, and a person is named by name, drawn text or address.
def _summary_with_spans(block: str, who=(DANIEL,), sender=("Priya", "priya@alias.example.net")) -> str:
    return f'<div {SR}>{people([sender])} to {people(list(who))}, {block}, 2:03 PM</div>'


@pytest.mark.parametrize("block", [
    '<div {S}><span {ids}>Alpha</span><span {S}> - Hi Daniel, the notes</span></div>',
    '<div {S}>Annual: <span {ids}>Alpha</span></div>',
], ids=["snippet-names-the-recipient", "a-name-inside-a-word"])
def test_a_summary_drawing_its_people_stays_the_summary_whatever_its_subject_block_says(block: str) -> None:
    mid = "e" * 16
    ann = ("Ann", "ann@example.net")
    summ = _summary_with_spans(block.replace("{S}", S).replace("{ids}", ids(mid)), who=(DANIEL, ann))
    cells = row([DANIEL], "Alpha", T1, mid).split("</td>")
    cells[1] = f'<td role="gridcell" {S}><div {S}>To: {people([DANIEL])}{summ}</div>'
    posted = observe(page("</td>".join(cells)))
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert pairs(posted) == [("daniel@example.com", "Alpha")]


def test_a_plain_summary_naming_a_person_as_drawn_is_read() -> None:
    """Gmail draws a first name ("Lena") over the full name attribute: the summary repeats what is drawn."""
    mid = "f" * 16
    drawn = f'<span email="lena@example.org" name="Lena Park" {S}>Lena</span>'
    summ = f'<div {SR}>To: Lena, <span {ids(mid)}>Alpha</span>, 2:03 PM, snippet</div>'
    cells = row([LENA], "Alpha", T1, mid).split("</td>")
    cells[1] = f'<td role="gridcell" {S}><div {S}>To: {drawn}{summ}</div>'
    posted = observe(page("</td>".join(cells)))
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert pairs(posted) == [("lena@example.org", "Alpha")]


# An audit of 35 full Gmail pages (2026-12-02 (d)): an app rail drawn inside the folders' navigation, its Mail entry a
# link that is itself the selected tab (``<a role="tab" aria-selected="true" href="#inbox">Mail</a>``), refused a
# genuine Sent list (``view.mismatch``): a link's own folder was read before asking whether it is a tab, as a wrapper
# tab's already was not (1.2.58). A tab is an app's, never a folder's.
CHAT = '<a role="tab" aria-selected="false" href="https://chat.google.com/">Chat</a>'


@pytest.mark.parametrize("rail", [
    '<div role="tablist"><a role="tab" aria-selected="true" href="{inbox}">Mail</a>' + CHAT + '</div>',
    '<div role="tablist"><div role="presentation"><a role="tab" aria-current="page" href="{inbox}">Mail</a></div>'
    '<div role="presentation">' + CHAT + '</div></div>',
    '<div><div role="tab" aria-selected="true"><a aria-current="page" href="{inbox}">Mail</a></div>'
    '<div role="tab"><a href="https://meet.google.com/">Meet</a></div></div>',
])
def test_a_selected_app_rail_tab_linking_to_the_inbox_refuses_nothing(rail: str) -> None:
    from tests.gmail_sent.test_heldout_fixes_12 import INBOX, SENT, _with_nav

    nav = (f'<div role="navigation">{rail.format(inbox=INBOX)}'
           f'<div role="list"><a href="{INBOX}">Inbox</a><a href="{SENT}" aria-current="page">Sent</a></div></div>')
    posted = _with_nav(nav)
    assert posted["health"] == {"status": "OK", "reasons": []} and len(posted["observations"]) == 1


def test_a_folder_link_marked_selected_beside_a_rail_still_refuses() -> None:
    from tests.gmail_sent.test_heldout_fixes_12 import INBOX, SENT, _with_nav

    nav = (f'<div role="navigation"><div role="tablist"><a role="tab" href="{INBOX}">Mail</a></div>'
           f'<a href="{INBOX}" aria-current="page">Inbox</a><a href="{SENT}">Sent</a></div>')
    assert _with_nav(nav)["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}


# A review of 1.2.69 (82 nav shapes, old against new; 50 fell silent): every tab was taken for the rail's, so a folder
# list drawn as tabs, a tree or a whole nav inside a tab, or a rail's tab list beside a second tab list of folders
# no longer refused a page whose nav selects another folder. A tab is the rail's only in a tab list (else beside
# tabs under one parent) holding a Chat or Meet link.
@pytest.mark.parametrize("nav", [
    '<div role="navigation"><div role="tablist"><a role="tab" aria-selected="true" href="{starred}">Starred</a>'
    '<a role="tab" href="{sent}">Sent</a></div></div>',
    '<div role="navigation"><div role="tablist"><a role="tab" aria-current="page" href="{inbox}">Inbox</a>'
    '<a role="tab" href="{sent}">Sent</a></div></div>',
    '<div role="navigation"><div role="tab"><a aria-current="page" href="{starred}">Starred</a></div>'
    '<a href="{sent}">Sent</a></div>',
    '<div role="navigation"><div role="tab"><div role="tree"><a role="treeitem" aria-selected="true" href="{starred}">'
    'Starred</a><a role="treeitem" href="{sent}">Sent</a></div></div></div>',
    '<div role="navigation"><div role="tablist"><div role="tab" aria-selected="true">Mail<div><a aria-current="page" '
    'href="{starred}">Starred</a><a href="{sent}">Sent</a></div></div>' + CHAT + '</div></div>',
    '<div role="navigation"><div role="tablist"><a role="tab" href="{inbox}">Mail</a>' + CHAT + '</div>'
    '<div role="tablist"><a role="tab" aria-selected="true" href="{starred}">Starred</a><a role="tab" href="{sent}">Sent'
    '</a></div></div>',
])
def test_a_folder_selected_as_a_tab_outside_an_app_rail_still_refuses(nav: str) -> None:
    from tests.gmail_sent.test_heldout_fixes_12 import INBOX, SENT, _with_nav

    starred = "https://mail.google.com/mail/u/0/#starred"
    posted = _with_nav(nav.format(inbox=INBOX, sent=SENT, starred=starred))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}


# A review of the day's changes: the wrapper marked current (1.2.58) and the link (1.2.69, 1.2.70) asked two different
# questions of a tab, so the same rail tab refused written one way and not the other, and a folder list drawn as
# tabs around its links (``<li role="tab" aria-current="page"><a href="#starred">``) refused nothing. One rule now
# (``nav._an_app_rails_tab``): a tab is the rail's only beside a Chat or Meet link.
@pytest.mark.parametrize("entry, refuses", [
    ('<ul role="tablist"><li role="tab" aria-current="page"><a href="{starred}">Starred</a></li>'
     '<li role="tab"><a href="{sent}">Sent</a></li></ul>', True),
    ('<div role="tab" aria-current="page"><a href="{inbox}">Mail</a></div><a href="{sent}">Sent</a>', True),
    ('<a role="tab" aria-current="page" href="{inbox}">Mail</a><a href="{sent}">Sent</a>', True),
    ('<div><div role="tab" aria-current="page"><a href="{inbox}">Mail</a></div>' + CHAT + '</div>'
     '<a href="{sent}">Sent</a>', False),
    ('<div><a role="tab" aria-current="page" href="{inbox}">Mail</a>' + CHAT + '</div><a href="{sent}">Sent</a>', False),
])
def test_a_tab_wrapper_and_a_tab_link_are_read_alike(entry: str, refuses: bool) -> None:
    from tests.gmail_sent.test_heldout_fixes_12 import INBOX, SENT, _with_nav

    starred = "https://mail.google.com/mail/u/0/#starred"
    posted = _with_nav('<div role="navigation">' + entry.format(inbox=INBOX, sent=SENT, starred=starred) + "</div>")
    assert (posted["health"]["reasons"] == ["view.mismatch"]) is refuses
