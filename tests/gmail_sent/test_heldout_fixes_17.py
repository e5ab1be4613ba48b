"""gmail.sent: an audit of 2026-12-02 (f), 93 Sent pages from §8.1 and REAL-PAGES.md (overlays, row chips,
recipients, subjects, window arithmetic, routes, banners).

- A send drawn outside every row of the grid (a ``<tr>`` whose ``role="row"`` is gone, with its cells, its people and
  all three ids) was never looked at: the page read OK, its other rows posted, and the window vouched for the
  skipped send's minute, so a claim about it would grade NOT FOUND. Spec §4.2: "A row that cannot be read
  structurally makes the whole page DEGRADED: skipping it would report its send as absent"; §7: never "skip a row
  that does not read". A shown subject anchor in the grid that no row holds is ``selector.missing.row``.
"""

from __future__ import annotations

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
