"""gcal.event: a clause-coverage audit of 2026-12-02 (c), about 130 Calendar pages written from §8.3 and REAL-PAGES.md.

A sentence that names a bare name after the title and then ``Calendar: <name>`` ("3pm to 4pm, Sync, Sam Lee,
Calendar: Team Rota, Accepted, …") was read as on the calendar "Sam Lee", a name no list carries: posted OK on the
wrong calendar. REAL-PAGES.md: "Another calendar's event names it as `Calendar: <name>`"; the explicit part names
the calendar wherever it stands before the status and the place.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from observers.gcal_event.sentence import parse_sentence

NY = ZoneInfo("America/New_York")


@pytest.mark.parametrize("text, lines, calendar", [
    ("3pm to 4pm, Sync, Sam Lee, Calendar: Team Rota, Accepted, No location, October 6, 2026", ("Sync",),
     "Team Rota"),
    ("3pm to 4pm, Sync, Sam Lee, Calendar: Monday rota, Accepted, No location, October 6, 2026", ("Sync",),
     "Monday rota"),
    # the form real pages show is unchanged
    ("3pm to 4pm, Sync, Calendar: Team Rota, Accepted, No location, October 6, 2026", ("Sync",), "Team Rota"),
    ("3pm to 4pm, Sync, Sam Lee, Accepted, No location, October 6, 2026", ("Sync",), "Sam Lee"),
    # a place that says "Calendar:" is the place's
    ("3pm to 4pm, Sync, Sam Lee, Accepted, Location: Calendar: Hall, October 6, 2026", ("Sync",), "Sam Lee"),
])
def test_an_explicit_calendar_part_names_the_calendar_wherever_it_stands(text: str, lines: tuple[str, ...],
                                                                        calendar: str) -> None:
    read = parse_sentence(text, NY, lines)
    assert read is not None and read.calendar == calendar and read.title == "Sync"


def test_with_no_title_line_a_bare_name_before_the_calendar_part_leaves_the_title_untold() -> None:
    """"Sync, Sam Lee" may be the title (the calendar right after it, as real pages write): never guessed."""
    assert parse_sentence("3pm to 4pm, Sync, Sam Lee, Calendar: Team Rota, Accepted, No location, October 6, 2026",
                          NY) is None


# The same audit: a multi-day all-day sentence whose days are written with a dash ("October 2 – 12, 2026",
# "October 2, 2026 – October 12, 2026") voided the whole week (event.unreadable, 1.3.3 refused what it could not
# read rather than place it on one day). Each form names its first and last day in full once the year and month
# the writer left out are taken from the other side, so it is read; a range whose sides then run backwards, a
# short month, or no year still is not.
@pytest.mark.parametrize("dates, first, last", [
    ("October 2 – 12, 2026", (2026, 10, 2), (2026, 10, 12)),
    ("October 2, 2026 – October 12, 2026", (2026, 10, 2), (2026, 10, 12)),
    ("October 28 – November 2, 2026", (2026, 10, 28), (2026, 11, 2)),
    ("December 30, 2026 – January 2, 2027", (2026, 12, 30), (2027, 1, 2)),
    ("October 2–12, 2026", (2026, 10, 2), (2026, 10, 12)),
    ("October 2 - 12, 2026", (2026, 10, 2), (2026, 10, 12)),
    ("October 2 — October 12, 2026", (2026, 10, 2), (2026, 10, 12)),
    ("October 2 to 12, 2026", (2026, 10, 2), (2026, 10, 12)),
    ("2 – 12 October 2026", (2026, 10, 2), (2026, 10, 12)),
    ("28 October – 2 November 2026", (2026, 10, 28), (2026, 11, 2)),
    ("30 December 2026 – 2 January 2027", (2026, 12, 30), (2027, 1, 2)),
    # a differential review: a New Year week's range written short takes the year before for its later month
    ("December 30 – January 2, 2027", (2026, 12, 30), (2027, 1, 2)),
    ("30 December – 2 January 2027", (2026, 12, 30), (2027, 1, 2)),
])
def test_an_all_day_range_written_with_a_dash_is_read(dates: str, first: tuple, last: tuple) -> None:
    from datetime import date
    for text, lines in ((f"All day, Team offsite, Priya Raman, Accepted, No location, {dates}", ("Team offsite",)),
                        (f"All day, Team offsite, Calendar: Team Rota, No location, {dates}", ())):
        read = parse_sentence(text, NY, lines, all_day_cell=date(*first))
        assert read is not None, text
        assert (read.first_day, read.last_day, read.all_day, read.title) == (date(*first), date(*last), True,
                                                                           "Team offsite")


@pytest.mark.parametrize("dates", [
    "Oct 2 – 12, 2026", "October 2 – 12", "October 12 – 2, 2026", "October 2 – 2, 2026", "2 – 12 Oct 2026",
    "October 2 – 32, 2026",
])
def test_a_dash_range_that_does_not_name_two_days_in_order_stays_unreadable(dates: str) -> None:
    from datetime import date
    text = f"All day, Team offsite, Calendar: Team Rota, No location, {dates}"
    assert parse_sentence(text, NY, ("Team offsite",), all_day_cell=date(2026, 10, 2)) is None


def test_a_timed_sentence_with_a_dash_range_stays_unreadable() -> None:
    assert parse_sentence("3pm to 4pm, Sync, Calendar: Team Rota, No location, October 2 – 12, 2026", NY,
                          ("Sync",)) is None


# A review of the first cut (1.3.81).
def test_a_part_before_a_later_calendar_part_is_still_held_to_the_date_rules() -> None:
    from datetime import date
    for middle in ("December 1 – 3", "Weekly on Tuesday"):
        text = f"All day, Offsite, {middle}, Calendar: Team Rota, No location,"
        assert parse_sentence(text, NY, ("Offsite",), all_day_cell=date(2026, 12, 2),
                              calendars=("Team Rota", "Dana Whitfield")) is None, middle


@pytest.mark.parametrize("text", [
    "3pm to 4pm, Sync, Priya Raman, Accepted, Calendar: Hall, No location, October 6, 2026",
    "3pm to 4pm, Sync, Accepted, Calendar: Team Rota, No location, October 6, 2026",
    "3pm to 4pm, Sync, , Needs RSVP, Calendar: Team Rota, No location, October 6, 2026",
])
def test_a_calendar_part_after_the_status_is_unreadable(text: str) -> None:
    """The form's order is title, calendar, status, place: a calendar named after the status is a form no page
    shows, never read as the bare name before it or as no calendar (a review of 1.3.82)."""
    assert parse_sentence(text, NY, ("Sync",)) is None


def test_a_place_holding_calendar_is_still_the_place() -> None:
    read = parse_sentence("3pm to 4pm, Sync, Sam Lee, Accepted, Location: Calendar: Hall, October 6, 2026", NY, ("Sync",))
    assert read is not None and read.calendar == "Sam Lee"


def test_a_range_the_shown_title_line_holds_is_the_titles() -> None:
    from datetime import date
    read = parse_sentence("All day, Planning, December 1 – 3, 2026", NY, ("Planning, December 1 – 3, 2026",),
                          all_day_cell=date(2026, 12, 2))
    assert read is None or read.title == "Planning, December 1 – 3, 2026"


def test_a_whole_first_date_then_a_day_with_no_month_is_unreadable() -> None:
    from datetime import date
    text = "All day, Offsite, Calendar: Team Rota, No location, October 2, 2025 – 12, 2026"
    assert parse_sentence(text, NY, ("Offsite",), all_day_cell=date(2025, 10, 2)) is None


@pytest.mark.parametrize("text, lines", [
    ("All day, Offsite, Calendar: Team Rota, No location, October 2 – 12, 2026", ("Offsite", "October 2 – 12, 2026")),
    ("All day, Offsite, Calendar: Team Rota, No location, 2 – 12 October 2026", ("Offsite", "2 – 12 October 2026")),
    ("All day, Offsite October 2 – 12, 2026, Calendar: Team Rota, No location, October 2 – 12, 2026",
     ("Offsite October 2 – 12, 2026",)),
])
def test_a_line_that_only_shows_the_range_leaves_it_the_events_days(text: str, lines: tuple[str, ...]) -> None:
    """A review of 1.3.82: any shown line ending with the range's words (a time line showing it, a title that
    ends with the same words) made the range the title's, and the week was voided; only the title line that starts
    the sentence and runs into the range does."""
    from datetime import date
    read = parse_sentence(text, NY, lines, all_day_cell=date(2026, 10, 2))
    assert read is not None and (read.first_day, read.last_day) == (date(2026, 10, 2), date(2026, 10, 12))
