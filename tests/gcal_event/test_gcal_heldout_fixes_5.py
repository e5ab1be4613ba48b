"""Defects a fifth held-out set found (selectors 1.3.9).

An event's detail bubble (``role=dialog``) drawn inside the main region names its event's id, and
holds buttons of its own (Close, Edit event). A chip is a button with the id, or an element with the
id around its button (REAL-PAGES: all-day chips), so the bubble was read as a chip whose sentence is
"Close": every pass while it stayed open was DEGRADED ``event.unreadable`` with no snapshot, though
the grid's chip reads the event. In a dialog, an id whose button does not read is no chip: it only names
the id, which a chip must read (spec §8.3 known limits: an event id the page shows that no chip reads
makes the pass DEGRADED). A chip in a dialog that reads (a day's "N more" popover lists chips) is read.
"""

from __future__ import annotations

import pytest

from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_gcal_review_fixes import REVIEW, grid, health, page, row

ID = 'data-eventid="ZXYx"'
OTHER_ID = 'data-eventid="b3RoZXI"'
BUBBLES = {
    "id on the dialog": f'<div role="dialog" aria-label="Event details" {ID}><div role="button" aria-label="Close"></div>'
                        '<span>Design review</span></div>',
    "id inside the dialog": f'<div role="dialog"><div {ID}><div role="button" aria-label="Edit event"></div>'
                            '<div role="button" aria-label="Delete event"></div></div><span>Design review</span></div>',
    "an alertdialog": f'<div role="alertdialog" {ID}><div role="button" aria-label="Close"></div></div>',
    "a native dialog": f'<dialog open {ID}><div role="button" aria-label="Options"></div></dialog>',
    "a button with the id inside": f'<div role="dialog"><div role="button" {ID} aria-label="Edit event"></div></div>',
}


def _with_bubble(bubble: str) -> str:
    return page(grid(row({"29054": REVIEW})) + bubble)


@pytest.mark.parametrize("name", BUBBLES)
def test_an_open_bubble_over_its_chip_leaves_the_pass_ok(name):
    control = posted_for(page(grid(row({"29054": REVIEW}))))
    posted = posted_for(_with_bubble(BUBBLES[name]))
    assert health(control) == ("OK", [])
    assert health(posted) == ("OK", [])
    assert posted["windows"] == control["windows"] and posted["snapshot"] == control["snapshot"]


def test_a_bubble_for_an_event_no_chip_reads_still_degrades():
    bubble = BUBBLES["id on the dialog"].replace(ID, OTHER_ID)
    assert health(posted_for(_with_bubble(bubble))) == ("DEGRADED", ["event.unreadable"])


def test_a_chip_around_its_button_outside_any_dialog_is_still_read():
    holiday = ('<div data-eventid="aG9s"><div role="button"><div>All day, Holiday, Calendar: Holidays, No location, '
               'December 1, 2026</div><div aria-hidden="true">Holiday</div></div></div>')
    posted = posted_for(page(grid(row({"29057": holiday}))))
    assert health(posted) == ("OK", []) and len(posted["snapshot"]["events"]) == 1


def test_a_chip_that_reads_inside_a_dialog_is_still_a_chip():
    popover = ('<div role="dialog" aria-label="Tuesday, December 1"><div role="button" data-eventid="cG9w">'
               '<div>11am to 12pm, Vendor call, Dana Whitfield, Accepted, No location, December 1, 2026</div>'
               '<div aria-hidden="true">Vendor call</div></div><div role="button" aria-label="Close"></div></div>')
    posted = posted_for(_with_bubble(popover))
    assert health(posted) == ("OK", [])
    assert sorted(e["title"] for e in posted["snapshot"]["events"]) == ["Design review", "Vendor call"]
