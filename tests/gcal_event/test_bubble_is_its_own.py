"""A chip is in a bubble only when it, or an element above it, is a dialog (gcal.event 1.3.45; found reading
the whole change once more). selectolax's ``css_matches`` answers whether any element of a node's subtree
matches, not the node itself: every element around both the grid and an open event bubble "was" a dialog,
so a chip whose id the selector no longer finds was taken for a bubble's button and left out, and its day
read whole with the event absent (the ledger would derive a deletion).
"""

from __future__ import annotations

from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_gcal_review_fixes import REVIEW, grid, health, page, row

NO_ID = ('<div role="button"><div>3pm to 3:30pm, Design review, Dana Whitfield, Accepted, No location, '
         'November 30, 2026</div><div aria-hidden="true">Design review</div></div>')
BUBBLE = '<div role="dialog"><div role="button" aria-label="Close">x</div>Design review</div>'


def test_a_chip_without_its_id_beside_an_open_bubble_is_unreadable() -> None:
    wrapped = "<div>" + grid(row(), label="All-day events") + grid(row({"29054": NO_ID})) + BUBBLE + "</div>"
    assert health(posted_for(page(wrapped))) == ("DEGRADED", ["event.unreadable"])


def test_a_bubble_beside_the_grids_still_keeps_its_own_buttons_out() -> None:
    wrapped = "<div>" + grid(row(), label="All-day events") + grid(row({"29054": REVIEW})) + BUBBLE + "</div>"
    assert health(posted_for(page(wrapped))) == ("OK", [])
