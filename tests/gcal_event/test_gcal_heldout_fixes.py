"""Defects an independent held-out set found (selectors 1.2.0).

1. Real day and week views label each timed column with a visually hidden ``h2``; a day cell's
   heading is therefore no sign of a month view. A month-like layout is one whose days are drawn in
   several week rows (rows with disjoint day keys) or more than seven days.
2. A title holding commas is settled by the chip's shown title line, which real chips draw inside
   ONE ``aria-hidden`` wrapper; with no matching line and parts the form cannot explain, the chip
   is unreadable rather than cut at its first comma.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from observers.gcal_event.sentence import parse_sentence
from tests.fixture_builders.gcal_pages import FOUNDERS, LUNCH, PAGES, REVIEW, SUPPLIES, WEEK, Chip, GcalPage, render
from tests.gcal_event.helpers import posted_for, posted_page, variant

TZ = ZoneInfo("America/Los_Angeles")
WEEK_PAGE = next(p for p in PAGES if p.name == "synthetic-week.html")
DAY_PAGE = next(p for p in PAGES if p.name == "synthetic-day.html")
D = {d.day: d for d in WEEK}
NOVEMBER = [date(2026, 11, 1) + timedelta(days=i) for i in range(35)]


def _health(posted):
    return posted["health"]["status"], posted["health"]["reasons"]


def _titles(posted):
    return sorted(e["title"] or "" for e in posted["snapshot"]["events"])


# --- 1. the month layout ---------------------------------------------------------------------------

@pytest.mark.parametrize("page", [WEEK_PAGE, DAY_PAGE, variant(WEEK_PAGE, one_grid=True)], ids=["week", "day", "one-grid"])
def test_a_timed_column_labelled_by_a_hidden_h2_is_not_a_month(page):
    html = render(page)
    assert re.search(r'role="gridcell" aria-labelledby="tsc-0" data-column-index="0" data-datekey="\d+"[^>]*><h2 id="tsc-0"', html)
    posted = posted_page(page)
    assert _health(posted) == ("OK", []) and len(posted["windows"]) == 1
    assert posted["snapshot"]["events"]


def test_a_week_whose_every_cell_holds_a_shown_heading_is_still_a_week():
    html = render(WEEK_PAGE).replace('<h2 id="tsc-', '<h2 style="display:block;visibility:visible" id="tsc-')
    html = re.sub(r'(data-datekey="\d+" style="[^"]*">)(?!<h2)', r'\1<h2>Day</h2>', html)
    assert _health(posted_for(html)) == ("OK", [])


def test_a_month_without_headings_is_still_a_month():
    """Week rows of disjoint days make a month, heading or none: its chips float outside the cells."""
    html = render(GcalPage("m.html", "Nov", view="month", days=NOVEMBER, zone="", month_floating=[FOUNDERS]))
    html = re.sub(r"<h2[^>]*>[^<]*</h2>", "", html)
    assert "<h2" not in html
    assert _health(posted_for(html)) == ("DEGRADED", ["event.unreadable"])


def test_two_week_rows_make_a_month_layout_and_a_month_without_events_is_read():
    days = [date(2026, 11, 29) + timedelta(days=i) for i in range(14)]
    shown = posted_page(GcalPage("m.html", "Two weeks", view="month", days=days, zone="", month_floating=[REVIEW]))
    assert _health(shown) == ("DEGRADED", ["event.unreadable"]) and shown["windows"] == []
    empty = posted_page(GcalPage("m.html", "Nov", view="month", days=NOVEMBER, zone=""))
    assert _health(empty) == ("OK", []) and len(empty["windows"]) == 1


# --- 2. titles holding commas ----------------------------------------------------------------------

LUNCH_SENTENCE = "12pm to 1pm, Lunch, then walk, Dana Whitfield, Accepted, No location, December 2, 2026"


def test_sentence_title_from_a_matching_line_else_unreadable_when_parts_are_unexplained():
    assert parse_sentence(LUNCH_SENTENCE, TZ, ("Lunch, then walk", "12 – 1pm")).title == "Lunch, then walk"
    assert parse_sentence(LUNCH_SENTENCE, TZ, ()) is None  # no line: "then walk" or "Dana Whitfield" is unexplained
    assert parse_sentence(LUNCH_SENTENCE, TZ, ("Dinner", "12 – 1pm")) is None
    # the form explains every part: calendar, status, guests, location (which may hold commas)
    plain = "9:30am to 10am, Stand-up, Dana Whitfield, Accepted, Guests: a@example.org, b@example.net, " \
            "Location: 1 Example St, Springfield, December 4, 2026"
    assert parse_sentence(plain, TZ, ()).title == "Stand-up"
    assert parse_sentence("11am to 12pm, Dentist, , No location, December 5, 2026", TZ, ()).title == "Dentist"


@pytest.mark.parametrize("chip", [LUNCH, SUPPLIES], ids=["one-wrapper", "each-line-hidden"])
def test_a_comma_title_is_read_whole_from_its_shown_line(chip):
    html = render(GcalPage("c.html", "Week", chips=[REVIEW, chip]))
    title = re.escape(chip.lines[0])
    wrapped = rf'aria-hidden="true" style="[^"]*"><div class="[^"]*" style="[^"]*"><span class="[^"]*" style="[^"]*">{title}<'
    each = rf'aria-hidden="true" style="[^"]*">{title}<'
    assert (bool(re.search(wrapped, html)), bool(re.search(each, html))) == (not chip.each_line_hidden, chip.each_line_hidden)
    posted = posted_for(html)
    assert _health(posted) == ("OK", []) and _titles(posted) == sorted(["Design review", chip.lines[0]])


def test_a_comma_title_with_no_shown_line_is_unreadable_not_cut():
    page = GcalPage("c.html", "Week", chips=[REVIEW, LUNCH])
    html = render(page).replace(">Lunch, then walk</span>", "></span>")
    assert ">Lunch, then walk<" not in html
    posted = posted_for(html)
    assert _health(posted) == ("DEGRADED", ["event.unreadable"]) and posted["snapshot"] is None


def test_a_chip_with_no_lines_at_all_and_a_comma_title_is_unreadable():
    bare = Chip("lunch0walk22", LUNCH_SENTENCE, [D[2]], lines=("Lunch, then walk",))
    html = render(GcalPage("c.html", "Week", chips=[bare]))
    html = re.sub(r'<div class="[^"]*" aria-hidden="true" style="[^"]*">.*?</div></div>', "", html)
    assert 'aria-hidden="true"' not in html
    assert _health(posted_for(html)) == ("DEGRADED", ["event.unreadable"])
