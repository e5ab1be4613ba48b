"""A chip drawn in a day's cell whose sentence names days that are not that day (a time-boundary
simulation of 2026-12-01; gcal.event 1.3.48).

Calendar draws a timed chip in the column of a day its event touches (an event crossing midnight in
both). A chip in the Dec 1 column whose sentence says December 2, or December 9, was read from its
sentence: the event was put on another day, or outside the range, while Dec 1's window said the day
was seen whole with every event read. The page contradicts itself: event.unreadable, never a guess which
to trust (spec §1). A chip in no day cell, and an all-day sentence placed by its cell, are as before.
"""

from __future__ import annotations

import pytest

from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_metamorphic_fixes import _chip, _page


def _health(sentence: str, title: str) -> tuple[str, list[str]]:
    posted = posted_for(_page(_chip(sentence, f'<div aria-hidden="true">{title}</div>')), state={})
    return posted["health"]["status"], list(posted["health"].get("reasons", []))


@pytest.mark.parametrize("sentence", [
    "1pm to 2pm, Budget sync, Dana Whitfield, Accepted, No location, December 2, 2026",
    "1pm to 2pm, Budget sync, Dana Whitfield, Accepted, No location, December 9, 2026",
    "1pm to 2pm, Budget sync, Dana Whitfield, Accepted, No location, November 30, 2026",
    "All day, Budget sync, Dana Whitfield, December 9, 2026",
])
def test_a_chip_whose_sentence_misses_its_cells_day_is_unreadable(sentence: str) -> None:
    assert _health(sentence, "Budget sync") == ("DEGRADED", ["event.unreadable"])


@pytest.mark.parametrize("sentence", [
    "1pm to 2pm, Budget sync, Dana Whitfield, Accepted, No location, December 1, 2026",
    "November 30, 2026 at 11pm to December 1, 2026 at 1am, Budget sync, Dana Whitfield, No location,",
    "December 1, 2026 at 11pm to December 2, 2026 at 1am, Budget sync, Dana Whitfield, No location,",
    "November 30, 2026 to December 2, 2026, Budget sync, Dana Whitfield, No location,",
])
def test_a_chip_whose_event_touches_its_cells_day_reads(sentence: str) -> None:
    assert _health(sentence, "Budget sync") == ("OK", [])
