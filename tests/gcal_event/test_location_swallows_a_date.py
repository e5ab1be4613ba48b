"""A date range written after a location in an all-day sentence (a randomized page-level audit of
2026-12-01, 6,000 Calendar pages against an oracle written from §8.3; gcal.event 1.3.50).

``All day, Offsite, Team Rota, Location: Room 4, December 1 – 3, 2026``: the range is a form the reader
does not read (1.3.3: read as one day, a three-day event was silently one), but after ``Location:`` it
was taken for the place, which runs to the end; the sentence then named no date, and an undated all-day
chip is placed on its own cell: one day, while the window vouched for the two others. A part after the
location that is a date in full (``December 1 – 3``, ``Dec 1``, ``1 Dec – 3 Dec``) makes an undated all-day
sentence unreadable; a place such as ``Location: Level 3, 12 March Street`` is still a place (a review of
1.3.50: any month word beside a number refused ten of twenty real addresses, 1.3.53).
"""

from __future__ import annotations

import pytest

from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_metamorphic_fixes import _chip, _page


def _read(sentence: str) -> tuple[str, list[str], list[tuple[str, str]]]:
    posted = posted_for(_page(_chip(sentence, '<div aria-hidden="true">Offsite</div>')), state={})
    events = [(e["start"], e["end"]) for e in (posted.get("snapshot") or {}).get("events", [])]
    return posted["health"]["status"], list(posted["health"].get("reasons", [])), events


@pytest.mark.parametrize("sentence", [
    "All day, Offsite, Dana Whitfield, Location: Room 4, Dec 1 – 3",
    "All day, Offsite, Dana Whitfield, Location: Room 4, December 1 – 3",  # no year
    "All day, Offsite, Dana Whitfield, Location: Room 4, 1 – 3 Dec 2026",
    # a review of 1.3.53: ranges in other forms were read as one day again (1.3.54)
    "All day, Offsite, Dana Whitfield, Location: Room 4, Dec 1st – 3rd",
    "All day, Offsite, Dana Whitfield, Location: Room 4, from December 1 – 3",
    "All day, Offsite, Dana Whitfield, Location: Room 4, December 1 ~ 3",
    # a review of 1.3.55 (1.3.56)
    "All day, Offsite, Dana Whitfield, Location: Suite 5, 12 March Rd, between December 1 and 3",
    "All day, Offsite, Dana Whitfield, Location: Level 1, 3 Sept St, the 1st – 3rd of December",
    "All day, Offsite, Dana Whitfield, Location: Room 4, Wednesday December 1 – 3",
])
def test_a_date_after_the_location_of_an_undated_all_day_sentence_is_unreadable(sentence: str) -> None:
    assert _read(sentence)[:2] == ("DEGRADED", ["event.unreadable"])


@pytest.mark.parametrize("sentence", [
    "All day, Offsite, Dana Whitfield, Location: 3 March Street",
    # a review of 1.3.50: addresses with a number before a month-named street, each a part of its own
    "All day, Offsite, Dana Whitfield, Location: Level 3, 12 March Street",
    "All day, Offsite, Dana Whitfield, Location: Suite 2, 1 May Road, Sydney NSW 2000",
    "All day, Offsite, Dana Whitfield, Location: Level 2, 10 May Street, Sydney NSW, 2000",
    "All day, Offsite, Dana Whitfield, Location: Building 5, June 4th Plaza",
    "All day, Offsite, Dana Whitfield, Location: Floor 7, 33 Oct Lane",
    "All day, Offsite, Dana Whitfield, Location: Gate B, Terminal 2 may change",
    # a review of 1.3.54: "St" and "Rd" were taken for ordinal endings, "May 2026" for a day (1.3.55)
    "All day, Offsite, Dana Whitfield, Location: Level 2, 44 May St",
    "All day, Offsite, Dana Whitfield, Location: Level 3, 12 March Rd",
    "All day, Offsite, Dana Whitfield, Location: Unit 4, 1 August St, Perth WA 6000",
    "All day, Offsite, Dana Whitfield, Location: Hall B, May 2026",
    "All day, Offsite, Dana Whitfield, Location: Room 4, North wing",
    "All day, Offsite, Dana Whitfield, Location: Room 4, December 1, 2026",  # the tail's date, read
])
def test_a_place_after_the_location_is_still_a_place(sentence: str) -> None:
    status, reasons, events = _read(sentence)
    assert (status, reasons) == ("OK", []) and events == [("2026-12-01T08:00:00.000Z", "2026-12-02T08:00:00.000Z")]


@pytest.mark.parametrize("sentence", [
    "All day, Offsite, Dana Whitfield, Location: Room 4, December 1 – 3, 2026",
    "All day, Offsite, Dana Whitfield, Location: Room 4, December 1 to 3, 2026",
    "All day, Offsite, Dana Whitfield, Location: Room 4, 1 – 3 December 2026",
])
def test_a_range_with_its_year_after_the_location_is_the_events_days(sentence: str) -> None:
    """Since 1.3.81 such a range is read as the sentence's days (the place is what stands before it), as a single
    date there always was: never one day on its cell."""
    status, reasons, events = _read(sentence)
    assert (status, reasons) == ("OK", [])
    assert [(start[:10], end[:10]) for start, end in events] == [("2026-12-01", "2026-12-04")]
