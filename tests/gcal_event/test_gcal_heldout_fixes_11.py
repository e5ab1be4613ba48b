"""gcal.event: an audit of 2026-12-02 (e), chip sentences in every variation written from §8.3 and REAL-PAGES.md.

A shown title line holding a comma settles a title holding commas; it was taken whatever the sentence left after it.
A line that disagrees with the sentence (``Budget, Q4`` drawn over a sentence reading ``…, Budget, Q4, Orbit Crew,
Mira Castellanos, Accepted, …``, a line not yet redrawn after a rename) posted the title ``Budget, Q4`` and read the
title's last part as the calendar, the sentence's own calendar part left unread (spec §8.3: the chips' "accessible
labels (start, end, title, calendar, guests)" are read; §7: never guess). A line settles the title only when the
parts after it are ones the form names (the calendar first, a ``Calendar:`` part, a status, the place, the guests);
else the title cannot be told and the chip is unreadable.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from observers.gcal_event.sentence import parse_sentence

LA = ZoneInfo("America/Los_Angeles")
TAIL = "Accepted, No location, December 1, 2026"


@pytest.mark.parametrize("middle", [
    "Budget, Q4, Orbit Crew, Mira Castellanos",  # the rest of the title read as the calendar
    "Budget, Q4, final, Mira Castellanos",
])
def test_a_title_line_the_sentence_says_more_than_is_no_title(middle: str) -> None:
    assert parse_sentence(f"10am to 11am, {middle}, {TAIL}", LA, ("Budget, Q4",)) is None


@pytest.mark.parametrize("middle, lines, title, calendar", [
    ("Budget, Q4, Orbit Crew, Mira Castellanos", ("Budget, Q4, Orbit Crew",), "Budget, Q4, Orbit Crew",
     "Mira Castellanos"),
    ("Budget, Q4, Mira Castellanos", ("Budget, Q4",), "Budget, Q4", "Mira Castellanos"),
    ("Budget, Q4, Mira Castellanos, Calendar: Orbit Crew", ("Budget, Q4",), "Budget, Q4", "Orbit Crew"),
    ("Budget, Q4, Calendar: Orbit Crew", ("Budget, Q4",), "Budget, Q4", "Orbit Crew"),
    ("Budget, Q4, Mira Castellanos, Guests: ana@example.com, bo@example.com", ("Budget, Q4",), "Budget, Q4",
     "Mira Castellanos"),
])
def test_a_title_line_the_sentence_agrees_with_still_settles_it(middle: str, lines: tuple[str, ...], title: str,
                                                               calendar: str) -> None:
    read = parse_sentence(f"10am to 11am, {middle}, {TAIL}", LA, lines)
    assert read is not None and (read.title, read.calendar) == (title, calendar)


def test_a_place_with_commas_after_a_comma_title_still_reads() -> None:
    read = parse_sentence("10am to 11am, Budget, Q4, Mira Castellanos, Accepted, Location: Hall 2, Floor 3, "
                          "December 1, 2026", LA, ("Budget, Q4",))
    assert read is not None and (read.title, read.calendar) == ("Budget, Q4", "Mira Castellanos")


@pytest.mark.parametrize("middle, calendar", [
    ("Budget, Q4, Castellanos, Mira", "Castellanos, Mira"), ("Budget, Q4, Calendar: Renk, Tobias", "Renk, Tobias"),
])
def test_a_listed_calendar_name_holding_a_comma_after_a_comma_title_is_one_part(middle: str, calendar: str) -> None:
    """The first cut's own differential: the side panel's "Castellanos, Mira" is one calendar, not a name and a stray
    part. Unlisted, the name's second part is one the form does not name: unreadable (the chip reader already takes a
    name that reads whole with a longer unlisted one for a guess)."""
    read = parse_sentence(f"1pm to 2pm, {middle}, {TAIL}", LA, ("Budget, Q4",),
                          calendars=("Castellanos, Mira", "Renk, Tobias"))
    assert read is not None and (read.title, read.calendar) == ("Budget, Q4", calendar)
    assert parse_sentence(f"1pm to 2pm, {middle}, {TAIL}", LA, ("Budget, Q4",)) is None


@pytest.mark.parametrize("middle, calendars, calendar", [
    ("Budget, Q4, Lee, Sam, Calendar: Team Rota", ("Team Rota",), "Team Rota"),
    ("Budget, Q4, Okafor, Ade, M., Calendar: Team Rota", (), "Team Rota"),
    ("Budget, Q4, Priya Raman, Calendar: Renk, Tobias", ("Priya Raman", "Renk, Tobias"), "Renk, Tobias"),
])
def test_a_person_named_last_name_first_before_a_calendar_part_still_reads(middle: str, calendars: tuple[str, ...],
                                                                         calendar: str) -> None:
    """A review of the second cut (612,900 generated chips): a bare name holding a comma before a ``Calendar:`` part
    ("Lee, Sam", as Workspace directories write names) and a listed comma name in a ``Calendar:`` part after a bare
    name were refused; both are forms the reader names."""
    read = parse_sentence(f"3pm to 3:30pm, {middle}, {TAIL}", LA, ("Budget, Q4",), calendars=calendars)
    assert read is not None and (read.title, read.calendar) == ("Budget, Q4", calendar)


def test_parts_after_the_status_are_not_asked() -> None:
    """What follows the status (a place, a conference) was never asked of a line: still read."""
    read = parse_sentence("3pm to 3:30pm, Budget, Q4, Priya Raman, Accepted, No location, Google Meet, "
                          "December 1, 2026", LA, ("Budget, Q4",))
    assert read is not None and read.title == "Budget, Q4"



def test_a_stale_line_before_a_calendar_part_is_no_title():
    """A review of the third cut: parts before a ``Calendar:`` part were never asked, so a line not yet redrawn
    still settled the title there. A person there is one part, a listed name, or a name written surname first."""
    sentence = ("3pm to 3:30pm, Budget, Q4, Orbit Crew, Mira Castellanos, Calendar: Team Rota, " + TAIL)
    assert parse_sentence(sentence, LA, ("Budget, Q4",), calendars=("Team Rota",)) is None
    read = parse_sentence(sentence, LA, ("Budget, Q4, Orbit Crew",), calendars=("Team Rota",))
    assert read is not None and (read.title, read.calendar) == ("Budget, Q4, Orbit Crew", "Team Rota")
