"""gmail.sent: pages a mutation fuzzer (2026-12-03) made from the shipped fixtures on which the observer raised.

The planner turns an exception into ``health.threw``, a reason that means a bug (docs/reasons.md): a page must get a
reason that names what it lacks. lexbor's ``node.css(…)`` matches the node itself, so a row that is also a cell
(``<td role="row">``, or a grid row marked with a cell's role) was its own cell, and the walk from its parent up to
the row ran past the document's root, whose ``attrs`` raise.
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_layouts import DANIEL, LENA, T1, T2, observe, page, row

BUG_CODES = {"health.threw", "extract.threw", "extract.invalid", "window.threw", "window.invalid", "account.threw"}


@pytest.mark.parametrize("inner", ['<td role="row">x</td>', '<td role="row"><span>x</span></td>',
                                   '<td role="row gridcell">x</td>'])
def test_a_row_that_is_also_a_cell_is_a_reason_not_a_crash(inner: str) -> None:
    html = page(row([DANIEL], "Alpha", T1, "a" * 16) + f'<tr role="row">{inner}</tr>' + row([LENA], "Beta", T2, "b" * 16))
    posted = observe(html)
    assert not set(posted["health"]["reasons"]) & BUG_CODES, posted["health"]
    assert posted["health"]["status"] == "DEGRADED" and posted["windows"] == []
