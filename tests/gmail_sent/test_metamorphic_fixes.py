"""gmail.sent: a metamorphic audit of 2026-12-02 (c) (11,636 variants of 34 Sent pages) found one transformation a
page can undergo without changing what it shows that voided the pass: an ``aria-hidden`` icon beside the people
(``<span aria-hidden="true">★</span>``, an icon font's private-use glyph) was read as something drawn in place of a
person, so the row was "drawn short" (DEGRADED ``selector.missing.recipients``, no window). An element hidden from
assistive technology whose text is symbols only is decoration; one holding a letter, a digit or punctuation (an
elision ".." or "+3", "and 2 more") still makes the row unreadable: a recipient Gmail does not draw is in no attribute.
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_layouts import DANIEL, LENA, T1, observe, page, row


def _with_icon(icon: str) -> dict:
    html = page(row([DANIEL, LENA], "Alpha", T1, "a" * 16))
    last = html.index("</span>", html.rindex('email="lena@example.org"')) + len("</span>")
    return observe(html[:last] + icon + html[last:])


@pytest.mark.parametrize("icon", [
    '<span aria-hidden="true">★</span>', '<i aria-hidden="true">\ue838</i>', '<span aria-hidden="TRUE"> ⭐ </span>',
    '<span aria-hidden="true"><svg></svg></span>',
])
def test_a_hidden_symbol_beside_the_people_is_decoration(icon: str) -> None:
    posted = _with_icon(icon)
    assert posted["health"] == {"status": "OK", "reasons": []} and len(posted["observations"]) == 2


@pytest.mark.parametrize("icon", [
    '<span aria-hidden="true">+3</span>', '<span aria-hidden="true"> .. </span>',
    '<span aria-hidden="true">and 2 more</span>', '<span aria-hidden="true">label_important</span>',
    '<span>★</span>',
])
def test_anything_else_beside_the_people_still_says_the_row_is_drawn_short(icon: str) -> None:
    assert _with_icon(icon)["health"]["status"] == "DEGRADED"
