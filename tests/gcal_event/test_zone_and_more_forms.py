"""Zone hints and "N more" controls in forms REAL-PAGES.md leaves open (gcal.event 1.3.42; a tolerance audit
of 2026-12-01 varied each fact the page description calls a guess).

- A zone hint written ``UTC+01:00`` was no hint at all, and no hint is not checked: a page drawn in Berlin
  time read OK in Los Angeles, every event nine hours off. ``UTC`` followed by a sign and a digit reads as
  ``GMT±…`` does; ``UTC`` alone is a word (1.3.44).
- ``GMT−08`` (U+2212 minus) and ``GMT+0530`` (no colon) are hints, read; they were ``time_zone.ambiguous``.
  ``GMT`` alone stays unreadable (1.3.44: read as zero, it hid an offset drawn in another node).
- A day's "more" control labelled ``View 2 more events`` (no drawn text) left its day whole: coverage of
  events the page does not show. ``View N more`` and ``See N more`` are read as ``Show N more`` is, in a
  day's cell only (the side panel's "Show 2 more" names calendars).
"""

from __future__ import annotations

import pytest

from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_gcal_review_fixes import MINE, REVIEW, health, two_grids, whole


@pytest.mark.parametrize("zone_text, browser", [
    ("UTC-08:00", "America/Los_Angeles"),
    ("UTC+00:00", "Europe/London"),
    ("GMT+00", "Europe/London"),
    ("GMT\u221208", "America/Los_Angeles"),
    ("GMT+0530", "Asia/Kolkata"),
])
def test_a_zone_hint_in_another_form_reads(zone_text: str, browser: str) -> None:
    posted = posted_for(two_grids(zone=zone_text), zone=browser)
    assert health(posted) == ("OK", []) and posted["windows"]


@pytest.mark.parametrize("zone_text", ["UTC+01:00", "GMT\u221205"])
def test_a_zone_hint_in_another_form_that_is_not_the_browsers_is_a_mismatch(zone_text: str) -> None:
    posted = posted_for(two_grids(zone=zone_text))  # the browser in Los Angeles
    assert health(posted) == ("DEGRADED", ["time_zone.mismatch"])


@pytest.mark.parametrize("label", ["View 2 more events", "See 3 more", "view 2 more"])
def test_a_more_control_labelled_view_or_see_in_a_day_hides_the_day(label: str) -> None:
    control = f'<div role="button" aria-label="{label}"><i aria-hidden="true">expand_more</i></div>'
    posted = posted_for(two_grids(timed={"29054": REVIEW + control}))
    assert whole(posted)[1] is False  # 30 November
    assert whole(posted)[0] is True


def test_view_n_more_outside_any_day_hides_nothing() -> None:
    """Loose forms are read in a day's cell only: in the side panel they name calendars."""
    control = '<div role="button" aria-label="View 2 more">x</div>'
    assert all(whole(posted_for(two_grids(panel=MINE + control))))


# --- a chip's hidden sentence not its first child ------------------------------------------------------

SENTENCE = '<div>3pm to 3:30pm, Design review, Dana Whitfield, Accepted, No location, November 30, 2026</div>'
LINES = '<div aria-hidden="true">Design review</div>'


@pytest.mark.parametrize("inside", [LINES + SENTENCE, '<div class="bar"></div>' + SENTENCE + LINES])
def test_a_chip_sentence_after_its_drawn_lines_or_an_empty_bar_reads(inside: str) -> None:
    """REAL-PAGES has the sentence first; a colour bar (empty) or the aria-hidden lines before it said
    ``event.unreadable`` and the whole pass was lost. The first child that is not aria-hidden and writes
    text is the sentence."""
    chip = f'<div role="button" data-eventid="ZXYx">{inside}</div>'
    posted = posted_for(two_grids(timed={"29054": chip}))
    assert health(posted) == ("OK", [])
    assert [e["title"] for e in posted["snapshot"]["events"]] == ["Design review"]


def test_a_chip_with_only_drawn_lines_still_does_not_read() -> None:
    chip = f'<div role="button" data-eventid="ZXYx">{LINES}<div aria-hidden="true">3pm</div></div>'
    assert health(posted_for(two_grids(timed={"29054": chip}))) == ("DEGRADED", ["event.unreadable"])


# --- a review of 1.3.42 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("gutter", ["GMT", "<span>GMT</span> <span>-05</span>", "<span>GMT</span><span> -05</span>",
                                    "GMT<br>-05", "<div>GMT</div><div>-05</div>",
                                    "<div>GMT</div></div><div><div>-05</div><div>1 AM</div><div>2 AM</div>"])
def test_gmt_alone_is_never_zero(gutter: str) -> None:
    """GMT alone is unreadable: read as zero (1.3.42, 1.3.43), beside an offset drawn in another node it made
    a page drawn at GMT-05 read OK in London with every event five hours off."""
    posted = posted_for(two_grids(zone=gutter), zone="Europe/London")
    assert health(posted) == ("DEGRADED", ["time_zone.ambiguous"])


@pytest.mark.parametrize("extra", ['<p>Times shown in <b>UTC</b> for this calendar</p>',
                                   '<div role="dialog"><h2>UTC-sync</h2><span>UTC</span> and more</div>',
                                   '<div>(<span>UTC</span>) Coordinated Universal Time</div>',
                                   '<div role="dialog"><div>UTC</div></div>', '<ul><li>UTC</li></ul>'])
def test_utc_alone_is_no_hint(extra: str) -> None:
    html = two_grids().replace('<div role="grid"', extra + '<div role="grid"', 1)
    assert health(posted_for(html)) == ("OK", [])


def test_a_chip_still_drawing_its_sentence_leaves_the_page_still_drawing() -> None:
    """With the lists not filled in, a chip whose sentence child is still empty is a page still drawing, as
    before 1.3.42, whatever its drawn title line says."""
    chip = '<div role="button" data-eventid="ZXYx"><div></div><div>Design review</div></div>'
    posted = posted_for(two_grids(timed={"29054": chip}, panel=""))
    assert health(posted) == ("OK", []) and posted["windows"] == [] and posted["snapshot"] is None


@pytest.mark.parametrize("text", ["2 more\u2026", "2 more...", "and 2 more", "More (2)", "more (12)"])
def test_a_more_control_in_another_wording_in_a_day_hides_the_day(text: str) -> None:
    """A randomized page-level audit of 2026-12-01 (gcal.event 1.3.51): "2 more…", "and 2 more" and "More (2)"
    in a day's cell were no control, and the day was covered over the events they hide. REAL-PAGES leaves the
    wording open; a control read where there is none only makes a day not whole (the safe side), so in a
    day's cell these are read too."""
    control = f'<div role="button">{text}</div>'
    posted = posted_for(two_grids(timed={"29054": REVIEW + control}))
    assert whole(posted)[1] is False and whole(posted)[0] is True
