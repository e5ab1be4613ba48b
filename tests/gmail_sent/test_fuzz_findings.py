"""gmail.sent: pages a mutation fuzzer (2026-12-03) made from the shipped fixtures on which the observer raised.

The planner turns an exception into ``health.threw``, a reason that means a bug (docs/reasons.md): a page must get a
reason that names what it lacks. lexbor's ``node.css(…)`` matches the node itself, so a row that is also a cell
(``<td role="row">``, or a grid row marked with a cell's role) was its own cell, and the walk from its parent up to
the row ran past the document's root, whose ``attrs`` raise.
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_layouts import DANIEL, LENA, T1, T2, S, ids, observe, page, people, row

BUG_CODES = {"health.threw", "extract.threw", "extract.invalid", "window.threw", "window.invalid", "account.threw"}


@pytest.mark.parametrize("inner", ['<td role="row">x</td>', '<td role="row"><span>x</span></td>',
                                   '<td role="row gridcell">x</td>'])
def test_a_row_that_is_also_a_cell_is_a_reason_not_a_crash(inner: str) -> None:
    html = page(row([DANIEL], "Alpha", T1, "a" * 16) + f'<tr role="row">{inner}</tr>' + row([LENA], "Beta", T2, "b" * 16))
    posted = observe(html)
    assert not set(posted["health"]["reasons"]) & BUG_CODES, posted["health"]
    assert posted["health"]["status"] == "DEGRADED" and posted["windows"] == []


def test_a_recipient_nested_deep_is_read_not_a_crash() -> None:
    # the fuzzer's page: a person element inside about 1,000 wrappers met Python's recursion limit in the
    # reader of what a people cell draws (``page.only_people``, recursive until 1.2.77)
    deep = "<span>" * 1200 + people([LENA]) + "</span>" * 1200
    html = page(row([DANIEL], "Alpha", T1, "a" * 16).replace(people([DANIEL]), people([DANIEL]) + ", " + deep))
    posted = observe(html)
    assert not set(posted["health"]["reasons"]) & BUG_CODES, posted["health"]
    assert posted["health"]["status"] == "OK", posted["health"]
    assert sorted(o["fields"]["counterparty"] for o in posted["observations"]) == ["daniel@example.com", "lena@example.org"]


def test_a_row_with_two_different_subject_anchors_is_ambiguous_not_its_first_read() -> None:
    # the fuzzer's page: a row drawing two subject anchors with different ids posted the first and, its window
    # covering the row, vouched that the second send was not there (spec §4.2: a landmark found twice is
    # selector.ambiguous.<landmark>, and a DEGRADED pass writes no coverage)
    posted = observe(page(_beside_subject(f'<span {ids("c" * 16)} {S}>Gamma</span>') + row([LENA], "Beta", T2, "b" * 16)))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.ambiguous.subject"]}
    assert posted["windows"] == []


def test_a_subject_anchor_repeated_with_the_same_ids_is_still_one() -> None:
    posted = observe(page(_beside_subject(f'<span {ids("a" * 16)} {S}>Alpha</span>') + row([LENA], "Beta", T2, "b" * 16)))
    assert posted["health"] == {"status": "OK", "reasons": []}


def _beside_subject(element: str) -> str:
    """Daniel's row with ``element`` after the subject anchor, in the subject's cell."""
    cells = row([DANIEL], "Alpha", T1, "a" * 16).split("</td>")
    cells[2] += element
    return "</td>".join(cells)
