"""A second traceability review of gcal.event against the spec (selectors 1.3.21).

1. The side panel's lists fill in seconds after the grid, and until then the page reads as still
   drawing (spec §8.3 known limits). A chip whose calendar's name holds a comma and a day word
   ("Rota, May 2026") reads only once the lists name that calendar; before, it was taken for a chip
   in another language and the pass was DEGRADED event.unreadable for those seconds.
"""

from __future__ import annotations

from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_gcal_heldout_fixes_3 import GERMAN_CHIP
from tests.gcal_event.test_gcal_review_fixes import MINE, REVIEW, grid, health, page, row

ROTA_LISTS = MINE.replace("Team Rota", "Rota, May 2026")
SHIFT = ('<div role="button" data-eventid="c2hp"><div>9am to 5pm, Shift, Calendar: Rota, May 2026, No location, '
         'December 1, 2026</div><div aria-hidden="true">Shift</div></div>')


def test_a_chip_whose_calendar_name_holds_a_comma_and_a_day_word_reads_once_the_lists_name_it():
    posted = posted_for(page(grid(row({"29054": REVIEW, "29057": SHIFT})), panel=ROTA_LISTS))
    assert health(posted) == ("OK", []) and posted["windows"]


def test_before_the_lists_fill_in_such_a_chip_is_a_page_still_drawing():
    posted = posted_for(page(grid(row({"29054": REVIEW, "29057": SHIFT})), panel=""))
    assert health(posted) == ("OK", [])
    assert posted["windows"] == [] and posted.get("snapshot") is None and posted["observations"] == []


def test_before_the_lists_fill_in_a_chip_no_calendar_name_explains_is_still_unreadable():
    german = page(grid(row({"29054": GERMAN_CHIP})), panel="")
    assert health(posted_for(german)) == ("DEGRADED", ["event.unreadable"])
    # the calendar's parts explain a day word; one outside them still refuses the chip
    ranged = SHIFT.replace("December 1, 2026", "Monday, November 30 – Tuesday, December 1, 2026")
    assert health(posted_for(page(grid(row({"29057": ranged})), panel=""))) == ("DEGRADED", ["event.unreadable"])


# 2. A selector that stops matching shows up as DEGRADED, never as a silent zero (spec §7). A review
#    renamed the chips' data-eventid: the week read OK with no event, a window over all of it, and the
#    ledger derived every event deleted. A button in a day cell whose sentence reads as an event is a
#    chip, with its id or not.

from tests.gcal_event.test_gcal_review_fixes import HOLIDAY, two_grids, whole  # noqa: E402


def test_a_chip_that_lost_its_event_id_is_unreadable_not_an_empty_day():
    lost = REVIEW.replace(' data-eventid="ZXYx"', "")
    assert 'data-eventid' not in lost
    posted = posted_for(two_grids(timed={"29054": lost}))
    assert health(posted) == ("DEGRADED", ["event.unreadable"]) and posted["windows"] == []
    # a button in a day cell that reads as no event (a control, "Create") is no chip
    posted = posted_for(two_grids(timed={"29054": REVIEW + '<div role="button" aria-label="Create event">+</div>'}))
    assert health(posted) == ("OK", []) and all(whole(posted))


def test_a_bare_plus_count_in_a_day_cell_hides_its_day():
    """Real pages draw the control as "+2" with the words only in its aria-label; without the label (or
    with it reworded) the day was read whole over events it hides."""
    for control in ('<div role="button">+2</div>', "<span>+12</span>"):
        posted = posted_for(two_grids(all_day={"29057": HOLIDAY + control}))
        assert whole(posted) == [True, True, False, True, True, True, True], control
    inside = HOLIDAY.replace("<div aria-hidden=\"true\">Holiday</div>", "<div aria-hidden=\"true\">Holiday +2</div>")
    assert all(whole(posted_for(two_grids(all_day={"29057": inside}))))


def test_a_month_chip_that_lost_its_event_id_is_unreadable_in_a_cell_or_outside_them():
    """Spec §8.3 known limits: "A month view that shows an event is DEGRADED event.unreadable for now"; §7: a
    selector that stops matching is never a silent zero. A month chip with no data-eventid, drawn in the week
    row's layer or in a day cell, read as no event: the month was OK with a window over it all (an audit)."""
    import re

    from tests.fixture_builders.gcal_pages import NOVEMBER, REVIEW as REVIEW_CHIP, GcalPage, _chip, render
    from tests.fixture_builders.gmail_shell import Classes

    def without_ids(page: GcalPage) -> str:
        html = re.sub(r' data-eventid="[^"]*"', "", render(page))
        assert "data-eventid" not in html
        return html

    floating = GcalPage("m.html", "Google Calendar - November 2026", view="month", days=NOVEMBER, zone="",
                        month_floating=[REVIEW_CHIP])
    assert health(posted_for(without_ids(floating))) == ("DEGRADED", ["event.unreadable"])
    empty = GcalPage("m.html", "Google Calendar - November 2026", view="month", days=NOVEMBER, zone="")
    assert health(posted_for(render(empty))) == ("OK", [])
    # the chip drawn inside the 30 November cell, after its day-number button
    chip = re.sub(r' data-eventid="[^"]*"', "", _chip(Classes("m"), REVIEW_CHIP))
    day_button = re.search(r'aria-label="November 30"[^>]*>30</div>', render(empty))
    assert day_button is not None
    in_cell = render(empty).replace(day_button.group(0), day_button.group(0) + chip)
    assert health(posted_for(in_cell)) == ("DEGRADED", ["event.unreadable"])


def test_a_month_whose_day_heading_counts_events_no_chip_draws_is_unreadable():
    """A month cell's h2 names its events ("3 events, Monday, December 1", REAL-PAGES.md). A month whose
    headings count events while no chip is drawn (the chips' markup changed, or not drawn yet) read as an
    empty month with a window over it all: a silent zero (spec §7); a month showing an event is
    event.unreadable (spec §8.3 known limits)."""
    from tests.fixture_builders.gcal_pages import NOVEMBER, GcalPage, render

    empty = render(GcalPage("m.html", "Google Calendar - November 2026", view="month", days=NOVEMBER, zone=""))
    assert "No events, Monday, November 30" in empty
    for heading in ("2 events, Monday, November 30", "1 event, Monday, November 30"):
        posted = posted_for(empty.replace("No events, Monday, November 30", heading))
        assert health(posted) == ("DEGRADED", ["event.unreadable"]) and posted["windows"] == []
    assert health(posted_for(empty)) == ("OK", [])
