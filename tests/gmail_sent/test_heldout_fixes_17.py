"""gmail.sent: an audit of 2026-12-02 (f), 93 Sent pages from §8.1 and REAL-PAGES.md (overlays, row chips,
recipients, subjects, window arithmetic, routes, banners).

- A send drawn outside every row of the grid (a ``<tr>`` whose ``role="row"`` is gone, with its cells, its people and
  all three ids) was never looked at: the page read OK, its other rows posted, and the window vouched for the
  skipped send's minute, so a claim about it would grade NOT FOUND. Spec §4.2: "A row that cannot be read
  structurally makes the whole page DEGRADED: skipping it would report its send as absent"; §7: never "skip a row
  that does not read". A shown subject anchor in the grid that no shown row holds is ``selector.missing.row``. A
  review of the first cut: a toolbar or select-all box carrying a thread id alone is no send (it made read pages
  DEGRADED), and a row not drawn whose cells are drawn again (``visibility:hidden`` on the row) still hid its send, so
  a send is told by its last message id in legacy form, and only shown rows hold one.
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_layouts import DANIEL, LENA, S, T1, T2, observe, page, row


def _page_with_a_row_unmarked(marked: bool = False) -> str:
    first = row([DANIEL], "Alpha", T1, "a" * 16)
    if not marked:
        first = first.replace('<tr role="row"', "<tr", 1)
    return page(first + row([LENA], "Beta", T2, "b" * 16))


def test_a_send_in_no_row_makes_the_page_degraded_not_a_silent_gap() -> None:
    posted = observe(_page_with_a_row_unmarked())
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.row"]}
    assert posted["windows"] == []
    # the row that reads is still evidence (spec §3.2)
    assert [o["fields"]["counterparty"] for o in posted["observations"]] == [LENA[1]]


def test_the_same_page_with_every_row_marked_reads() -> None:
    posted = observe(_page_with_a_row_unmarked(marked=True))
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert len(posted["windows"]) == 1


def test_a_grid_whose_only_send_sits_in_no_row_is_degraded() -> None:
    """No row at all around a send is not an empty list's notice."""
    posted = observe(page(row([DANIEL], "Alpha", T1, "a" * 16).replace('<tr role="row"', "<tr", 1)))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.row"]}
    assert posted["observations"] == [] and posted["windows"] == []


def test_a_hidden_send_outside_the_rows_is_not_read() -> None:
    """A send kept hidden in the grid (display:none) is not drawn: nothing to refuse."""
    hidden = row([DANIEL], "Alpha", T1, "a" * 16).replace('<tr role="row"', "<tr", 1).replace(
        f"<tr {S}", '<tr style="display:none"', 1)
    posted = observe(page(hidden + row([LENA], "Beta", T2, "b" * 16)))
    assert posted["health"] == {"status": "OK", "reasons": []}


_TOOLBAR = (f'<div role="toolbar" {S}><div role="button" aria-label="Archive" data-legacy-thread-id="{"a" * 16}" {S}>'
            f'</div><div role="button" aria-label="Delete" data-legacy-thread-id="{"a" * 16}" {S}></div></div>')


@pytest.mark.parametrize("shape", ["toolbar after the rows", "select-all box in the head"])
def test_an_element_carrying_a_thread_id_alone_outside_the_rows_is_no_send(shape: str) -> None:
    """A shared hover toolbar drawn once after the rows, or a select-all box with an empty thread id: read pages."""
    if shape == "toolbar after the rows":
        html = page(row([DANIEL], "Alpha", T1, "a" * 16, wrap=True) + row([LENA], "Beta", T2, "b" * 16, wrap=True)
                    + _TOOLBAR, grid="div")
    else:
        head = f'<thead><tr {S}><th {S}><div role="checkbox" data-legacy-thread-id="" {S}></div></th></tr></thead>'
        html = _page_with_a_row_unmarked(marked=True).replace("<tbody>", head + "<tbody>", 1)
    posted = observe(html)
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert len(posted["observations"]) == 2 and len(posted["windows"]) == 1


def test_a_send_in_a_row_not_drawn_whose_cells_are_drawn_again_is_no_silent_gap() -> None:
    """The row sets visibility:hidden and its cells set it back: the send is drawn, the row is not shown."""
    first = row([DANIEL], "Alpha", T1, "a" * 16).replace(
        f'<tr role="row" {S}>', '<tr role="row" style="display:table-row;visibility:hidden">', 1)
    posted = observe(page(first + row([LENA], "Beta", T2, "b" * 16)))
    assert posted["health"]["status"] == "DEGRADED" and "selector.missing.row" in posted["health"]["reasons"]
    assert posted["windows"] == []


def test_a_copy_of_a_read_rows_ids_outside_the_rows_adds_no_send() -> None:
    """A drag ghost (or a live region) repeating a row's three ids: that send is read in its row."""
    from tests.gmail_sent.test_layouts import ids

    ghost = f'<div {S} aria-hidden="true"><span {ids("a" * 16)} {S}>1 conversation</span></div>'
    html = page(row([DANIEL], "Alpha", T1, "a" * 16, wrap=True) + row([LENA], "Beta", T2, "b" * 16, wrap=True) + ghost,
                grid="div")
    posted = observe(html)
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert len(posted["observations"]) == 2 and len(posted["windows"]) == 1


@pytest.mark.parametrize("role", ["ROW", "row ", "Row"])
def test_a_row_role_in_another_case_or_with_a_space_is_a_row(role: str) -> None:
    """A role is a list of tokens, compared ignoring case (as the nav's roles are read): such a row is read."""
    html = _page_with_a_row_unmarked(marked=True).replace('role="row"', f'role="{role}"', 1)
    posted = observe(html)
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert len(posted["observations"]) == 2 and len(posted["windows"]) == 1


@pytest.mark.parametrize("last", ["", "#msg-f:1781234567890123456", "A" * 16])
def test_an_element_outside_the_rows_whose_last_id_is_not_in_legacy_form_is_no_send(last: str) -> None:
    """Only a last message id in Gmail's legacy form says "a send" (a code review: a mere value passed no test)."""
    extra = f'<div role="toolbar" {S}><span data-legacy-last-message-id="{last}" {S}>x</span></div>'
    html = page(row([DANIEL], "Alpha", T1, "a" * 16, wrap=True) + row([LENA], "Beta", T2, "b" * 16, wrap=True) + extra,
                grid="div")
    posted = observe(html)
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert len(posted["windows"]) == 1


def test_an_emoji_drawn_as_an_image_is_not_in_the_subject_hint() -> None:
    """DECISIONS, "A subject is its text": Gmail may draw an emoji as ``<img alt>``; the hint is the anchor's text."""
    html = page(row([DANIEL], 'Party <img alt="🎉" style="display:inline"> time', T1, "a" * 16)
                + row([LENA], '<img alt="🎉" style="display:inline">', T2, "b" * 16))
    posted = observe(html)
    assert [o["fields"].get("subjectHint") for o in posted["observations"]] == ["Party time", None]
