"""gmail.sent: an audit of 2026-12-02 (e), Sent pages in other page states, written from §8.1 and REAL-PAGES.md.

- A folder nav whose links are written relative to the site (``/mail/u/0/#inbox``, ``?ui=2#inbox``) was the folder
  nav (its Sent link matched) but its selected entry named no folder, so a page showing the Inbox under a ``#sent``
  address posted the Inbox's rows and a window (spec §8.1: "the nav's selected folder and the document title can
  only refuse it (DEGRADED view.mismatch)"). A link with no scheme and no host is the page's own, Gmail's.
- An enabled Newer drawn as a native ``<button>`` (no role) was no paging control, so a page past the head of the
  list posted a window ("Only the head of the list (route page 1, no shown enabled Newer control) asserts a
  window"); a native button's ``disabled`` is its disabled state.
- A form control with a ``name`` (a row's checkbox ``<input name=…>``, a hidden input) was taken for a person with
  no address: every row ``selector.missing.recipients``. A person is never a form control.
- A closed ``[popover]`` is ``display:none`` by the browser's own rule, as a closed ``<dialog>`` is; a stale view
  inside one was read as shown (``selector.ambiguous.main``).
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_layouts import DANIEL, LENA, S, T1, T2, observe, page, pairs, row

WINDOW = [{"windowStart": "2026-11-29T22:04:00.000Z", "windowEnd": "2026-11-30T22:30:00.000Z"}]


def _rows() -> str:
    return row([DANIEL], "Alpha", T1, "a" * 16) + row([LENA], "Beta", T2, "b" * 16)


def _with_nav(html: str, inbox_href: str) -> str:
    nav = (f'<div role="navigation" {S}><a href="/mail/u/0/#sent" {S}>Sent</a>'
           f'<a href="{inbox_href}" aria-current="page" {S}>Inbox</a></div>')
    return html.replace('<div role="main"', nav + '<div role="main"', 1)


@pytest.mark.parametrize("href", ["/mail/u/0/#inbox", "mail/u/0/#inbox", "./#inbox", "?ui=2#inbox", "/mail/u/1/#inbox",
                                  "#inbox", "https://mail.google.com/mail/u/0/#inbox"])
def test_a_selected_inbox_link_written_relative_to_the_site_refuses_the_view(href: str) -> None:
    posted = observe(_with_nav(page(_rows()), href))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}
    assert posted["observations"] == [] and posted["windows"] == []


@pytest.mark.parametrize("href", ["/mail/u/0/#sent", "?ui=2#sent"])
def test_a_selected_sent_link_written_relative_to_the_site_reads(href: str) -> None:
    html = page(_rows()).replace('<div role="main"', f'<div role="navigation" {S}><a href="{href}" aria-current="page" {S}>'
                                 f'Sent</a><a href="/mail/u/0/#inbox" {S}>Inbox</a></div><div role="main"', 1)
    posted = observe(html)
    assert posted["health"]["status"] == "OK" and posted["windows"] == WINDOW


def _native_paging(newer: str, older: str) -> str:
    html = page(_rows())
    html = html.replace(f'<div role="button" aria-label="Newer" aria-disabled="true" {S}></div>', newer, 1)
    return html.replace(f'<div role="button" aria-label="Older" aria-disabled="false" {S}></div>', older, 1)


def test_an_enabled_newer_drawn_as_a_native_button_is_past_the_head() -> None:
    html = _native_paging(f'<button type="button" aria-label="Newer" {S}></button>',
                          f'<button type="button" aria-label="Older" {S}></button>')
    posted = observe(html)
    assert posted["health"]["status"] == "OK" and len(posted["observations"]) == 2
    assert posted["windows"] == []


def test_disabled_native_paging_buttons_are_the_whole_list() -> None:
    html = _native_paging(f'<button type="button" aria-label="Newer" disabled {S}></button>',
                          f'<button type="button" aria-label="Older" disabled {S}></button>')
    posted = observe(html)
    # Older disabled: the list ends on this page, so the window starts at the oldest row's minute itself.
    assert posted["windows"] == [{"windowStart": "2026-11-29T22:03:00.000Z", "windowEnd": "2026-11-30T22:30:00.000Z"}]


@pytest.mark.parametrize("control", ['<input type="checkbox" name="selected-row">', '<input type="hidden" name="t">',
                                     '<button type="button" name="star">*</button>', '<select name="m"></select>'])
def test_a_named_form_control_in_a_row_is_no_person(control: str) -> None:
    html = page(_rows()).replace('<td role="gridcell"', f'<td role="gridcell" {S}>{control}</td><td role="gridcell"')
    posted = observe(html)
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert pairs(posted) == [("daniel@example.com", "Alpha"), ("lena@example.org", "Beta")]


def test_a_stale_view_inside_a_closed_popover_is_not_shown() -> None:
    html = page(_rows())
    stale = f'<div popover><div role="main" {S}><table role="grid" {S}></table></div></div>'
    posted = observe(html.replace("</body>", stale + "</body>"))
    assert posted["health"] == {"status": "OK", "reasons": []} and posted["windows"] == WINDOW


def test_an_open_popover_drawn_shown_still_counts() -> None:
    """A capture writes an open popover's computed display inline: its view is shown, and two shown mains are
    ambiguous."""
    html = page(_rows())
    stale = f'<div popover style="display:block"><div role="main" {S}><table role="grid" {S}></table></div></div>'
    posted = observe(html.replace("</body>", stale + "</body>"))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.ambiguous.main"]}
