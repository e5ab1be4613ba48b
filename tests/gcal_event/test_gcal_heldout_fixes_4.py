"""Defects a fourth held-out set found (selectors 1.3.4).

An invitation's sentence leaves its calendar part empty (``2pm to 2:15pm, Lunch, , Needs RSVP, ...``).
An empty part was taken as explained anywhere, so with a comma in the title and no shown title
line (a chip caught before its lines were drawn, or one drawn as a single line) ``Lunch, then walk,
, Needs RSVP`` read as the title "Lunch" on a calendar "then walk": a title no claim matches, posted
silently. An empty part is the empty calendar (first) or a trailing comma (last), nothing else.
Likewise ``Location:`` runs to the end only when no response status or ``No location`` follows it:
one before them is a comma inside the title.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from observers.gcal_event.sentence import parse_sentence

TZ = ZoneInfo("America/Los_Angeles")


@pytest.mark.parametrize("sentence", [
    "2pm to 2:15pm, Lunch, then walk, , Needs RSVP, No location, December 2, 2026",
    "2pm to 2:15pm, Lunch, then walk, , No location, December 2, 2026",
    "3pm to 3:15pm, Site visit, Location: TBD, Corin Vasquez, Accepted, No location, December 2, 2026",
    "3pm to 3:15pm, Site visit, Location: TBD, , Needs RSVP, No location, December 2, 2026",
    "3pm to 3:30pm, Lunch, then walk, , December 2, 2026",  # a review: the empty part last is no trailing comma
])
def test_a_comma_title_with_no_line_is_unreadable_not_cut(sentence):
    assert parse_sentence(sentence, TZ, ()) is None


@pytest.mark.parametrize("sentence, title, calendar", [
    ("2pm to 2:15pm, Lunch, , Needs RSVP, No location, December 2, 2026", "Lunch", None),
    ("2pm to 2:15pm, Lunch, Team Rota, Accepted, No location, December 2, 2026", "Lunch", "Team Rota"),
    ("2pm to 2:15pm, Lunch, Team Rota, Accepted, Location: Pier 4, Dock B, December 2, 2026", "Lunch", "Team Rota"),
    ("2pm to 2:15pm, Lunch, , Needs RSVP, Location: Pier 4, Dock B, December 2, 2026", "Lunch", None),
])
def test_the_forms_the_sentence_explains_still_read(sentence, title, calendar):
    read = parse_sentence(sentence, TZ, ())
    assert read is not None and (read.title, read.calendar) == (title, calendar)


def test_a_comma_title_line_is_read_when_nothing_follows_the_title():
    # a review: the line was matched only when a comma followed it, and the trailing one is cut
    read = parse_sentence("January 4, 2026 at 10pm to January 5, 2026 at 1:15am, Lunch, then walk, ,", TZ,
                          ("Lunch, then walk", "10pm – 1:15am"))
    assert read is not None and (read.title, read.calendar) == ("Lunch, then walk", None)


def test_a_comma_title_with_its_shown_line_still_reads_whole():
    read = parse_sentence("2pm to 2:15pm, Lunch, then walk, , Needs RSVP, No location, December 2, 2026", TZ,
                          ("Lunch, then walk", "2 – 2:15pm"))
    assert read is not None and (read.title, read.calendar) == ("Lunch, then walk", None)
