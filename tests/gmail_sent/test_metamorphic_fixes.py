"""gmail.sent: a metamorphic audit of 2026-12-02 (c) (11,636 variants of 34 Sent pages) found one transformation a
page can undergo without changing what it shows that voided the pass: an ``aria-hidden`` icon beside the people
(``<span aria-hidden="true">★</span>``) was read as something drawn in place of a person, so the row was "drawn
short" (DEGRADED ``selector.missing.recipients``, no window). A star mark hidden from assistive technology is an
ornament; a review of the first cut (any symbol or private-use glyph) found "+", "⋯" and an icon font's "more_horiz"
let through, a row posted as a send to fewer people under a window: aria-hidden hides nothing from the eye, so only
the stars ``labels.iconOrnaments`` lists are ornaments, and never around a person.
"""

from __future__ import annotations

import pytest

from tests.gmail_sent.test_layouts import DANIEL, LENA, T1, observe, page, row


def _with_icon(icon: str) -> dict:
    html = page(row([DANIEL, LENA], "Alpha", T1, "a" * 16))
    last = html.index("</span>", html.rindex('email="lena@example.org"')) + len("</span>")
    return observe(html[:last] + icon + html[last:])


@pytest.mark.parametrize("icon", [
    '<span aria-hidden="true">★</span>', '<span aria-hidden="TRUE"> ⭐\ufe0f </span>', '<span aria-hidden="true">☆</span>',
    '<span aria-hidden="true"><svg></svg></span>',
])
def test_a_hidden_symbol_beside_the_people_is_decoration(icon: str) -> None:
    posted = _with_icon(icon)
    assert posted["health"] == {"status": "OK", "reasons": []} and len(posted["observations"]) == 2


@pytest.mark.parametrize("icon", [
    '<span aria-hidden="true">+3</span>', '<span aria-hidden="true"> .. </span>',
    '<span aria-hidden="true">and 2 more</span>', '<span aria-hidden="true">label_important</span>',
    '<span>★</span>',
    # a review of the first cut: glyphs that say "more"
    '<span aria-hidden="true">+</span>', '<span aria-hidden="true">⋯</span>', '<i aria-hidden="true">\ue5d3</i>',
    '<span aria-hidden="true">➕</span>', '<span aria-hidden="true">⋮</span>',
])
def test_anything_else_beside_the_people_still_says_the_row_is_drawn_short(icon: str) -> None:
    assert _with_icon(icon)["health"]["status"] == "DEGRADED"


def test_a_person_inside_an_ornament_is_still_read_as_a_person() -> None:
    """A review of the first cut: a person wrapped in an aria-hidden ornament was skipped with it, so "and 2 more"
    after it was never held to the separator rule."""
    html = page(row([DANIEL], "Alpha", T1, "a" * 16))
    at = html.rindex('<span email="daniel@example.com"')
    end = html.index("</span>", at) + len("</span>")
    person = html[at:end].replace(">Daniel</span>", ">★</span>")  # a name drawn as a star: an ornament's text
    wrapped = html[:at] + '<span aria-hidden="true">' + person + "</span> and 2 more" + html[end:]
    assert observe(wrapped)["health"]["status"] == "DEGRADED"
