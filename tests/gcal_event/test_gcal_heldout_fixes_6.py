"""Defects a sixth held-out set found (selectors 1.3.12).

A date range written with weekdays ("Monday, November 30 – Wednesday, December 2, 2026") left its
first date in the parts before the tail's date, and a shown title line let those parts through: the
event was read as its last day only, under a window over its real days (spec §8.3: start and days;
Hard Rule 5: never guess a time). Now a part the form does not explain that names a weekday or a date
in a form not read makes the sentence unreadable, whatever the chip, unless it is the tail date's own
weekday just before it ("Monday, November 30, 2026").

A ``Guests:`` list (the reader's own guess at the form: real week sentences name none) that holds an
entry other than an address ("Ola Nowak", "and 5 more") was cut at that entry, a partial guest set
and count posted as whole; now the sentence is unreadable.
"""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from observers.gcal_event.sentence import parse_sentence

TZ = ZoneInfo("America/Los_Angeles")
LINE = ("Ski week",)
WHERE = "Ski week, Dana Whitfield, Accepted, No location"


@pytest.mark.parametrize("sentence", [
    # (an all-day range naming its days' own weekdays, "Monday, November 30 – Wednesday, December 2, 2026", is read
    # since 1.3.94, whole: tests/gcal_event/test_gcal_heldout_fixes_10.py)
    f"All day, {WHERE}, until Wednesday, December 2, 2026",
    f"8pm to 10am, {WHERE}, Saturday, December 5 – Monday, December 7, 2026",
    f"3pm to 4pm, {WHERE}, December 1, 2026, Weekly on Tuesday, until Tuesday, December 22, 2026",
    f"3pm to 4pm, {WHERE}, Monday, December 22, 2026",  # the 22nd is a Tuesday: which day is meant?
])
def test_a_sentence_whose_parts_name_another_day_is_unreadable(sentence):
    for cell in (None, date(2026, 11, 30)):
        assert parse_sentence(sentence, TZ, title_lines=LINE, all_day_cell=cell) is None


@pytest.mark.parametrize("sentence, days", [
    (f"All day, {WHERE}, Monday, November 30, 2026", [date(2026, 11, 30)]),
    (f"3pm to 4pm, {WHERE}, Tuesday, December 1, 2026", [date(2026, 12, 1)]),
    (f"All day, {WHERE}, November 30, 2026 to December 2, 2026",
     [date(2026, 11, 30), date(2026, 12, 1), date(2026, 12, 2)]),
])
def test_the_tail_dates_own_weekday_before_it_reads(sentence, days):
    for lines in (LINE, ()):
        read = parse_sentence(sentence, TZ, title_lines=lines)
        assert read is not None and read.days() == days and read.title == "Ski week"


@pytest.mark.parametrize("guests", [
    "Guests: Ola Nowak, bob.ko@example.net",
    "Guests: bob.ko@example.net, and 5 more",
    "Guests: bob.ko@example.net, Ola Nowak",
])
def test_a_guest_list_holding_a_name_or_a_count_is_unreadable(guests):
    sentence = f"3pm to 4pm, Budget sync, Dana Whitfield, Accepted, {guests}, No location, December 1, 2026"
    for lines in (("Budget sync",), ()):
        assert parse_sentence(sentence, TZ, title_lines=lines) is None


def test_a_guest_list_of_addresses_reads_whole():
    sentence = ("3pm to 4pm, Budget sync, Dana Whitfield, Accepted, Guests: ada@example.org, bob.ko@example.net, "
                "No location, December 1, 2026")
    read = parse_sentence(sentence, TZ)
    assert read is not None and read.guests == ("ada@example.org", "bob.ko@example.net")


def test_a_main_inside_the_main_is_part_of_it_and_a_sibling_main_is_a_second_view():
    # the shared rule of gmail.receipt 1.2.12 (an email's own role=main), held by every observer
    from tests.gcal_event.helpers import posted_for
    from tests.gcal_event.test_gcal_review_fixes import REVIEW, grid, health, page, row

    nested = page(grid(row({"29054": REVIEW})) + '<div role="main"><p>Notes</p></div>')
    assert health(posted_for(nested)) == ("OK", [])
    sibling = nested.replace("</body>", '<div role="main"><p>Another view</p></div></body>', 1)
    assert sibling != nested and health(posted_for(sibling)) == ("DEGRADED", ["selector.ambiguous.main"])


# A review of 1.3.12 (selectors 1.3.14): a listed calendar name holding a comma is the calendar's, never a
# day; the tail's own weekday is cut from the parts, never from the title; a location runs to the end, so
# only the part right before the tail's date is held to it; an unread date refuses every chip.
@pytest.mark.parametrize("sentence, calendars, calendar", [
    ("3pm to 4pm, Shift, Calendar: Rota, May 2026, No location, May 4, 2026", ("Rota, May 2026",), "Rota, May 2026"),
    ("3pm to 4pm, Shift, Calendar: Kids, Sunday League, No location, May 4, 2026", ("Kids, Sunday League",),
     "Kids, Sunday League"),
    ("All day, Match, Sunday League, December 6, 2026", (), "Sunday League"),
])
def test_a_calendar_name_holding_a_day_word_reads(sentence, calendars, calendar):
    read = parse_sentence(sentence, TZ, title_lines=("Shift", "Match"), calendars=calendars)
    assert read is not None and read.calendar == calendar


def test_the_own_weekday_is_never_cut_from_a_title_line():
    read = parse_sentence("All day, Pay day, Friday, December 4, 2026", TZ, title_lines=("Pay day, Friday",))
    assert read is not None and read.title == "Pay day, Friday" and read.days() == [date(2026, 12, 4)]


@pytest.mark.parametrize("sentence", [
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall, December 1, 2026, Weekly on Tuesday, until Tuesday, "
    "December 22, 2026",
    f"All day, {WHERE}, Nov 30, 2026, December 2, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall, every Tuesday, December 1, 2026",
    # a review of the place rule: a range or a recurrence written with digits, dashes, abbreviations, other words
    "All day, Offsite, Team Rota, Location: Lodge, Tuesday 1 – Thursday, December 3, 2026",
    "All day, Offsite, Team Rota, Location: Lodge, from Tuesday 1 to Thursday, December 3, 2026",
    "All day, Offsite, Team Rota, Location: Lodge, Tuesday thru Thursday, December 3, 2026",
    "All day, Offsite, Team Rota, Location: Lodge, Tuesday till Thursday, December 3, 2026",
    "All day, Offsite, Team Rota, Location: Lodge, Tuesday 12/1 – Thursday, December 3, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Every 2 weeks on Tuesday, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Every other Tuesday, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Biweekly on Tuesday, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Monthly on the 1st Tuesday, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Every weekday (Monday to Friday), December 1, 2026",
    # a second review
    "All day, Offsite, Team Rota, Location: Lodge, Tuesday plus Wednesday, December 3, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Tuesdays and Thursdays, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Every Tuesday in December, December 1, 2026",
    # a third review: clock times, nights, check-in
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Every Tuesday at 10, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Tuesday from 3pm, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Weekly on Tuesday at 9, December 1, 2026",
    "All day, Offsite, Team Rota, Location: Lodge, Friday to Sunday (2 nights), December 6, 2026",
    "All day, Offsite, Team Rota, Location: Lodge, 3 nights Friday to Sunday, December 6, 2026",
    "All day, Offsite, Team Rota, Location: Lodge, Friday check-in, December 6, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Every two weeks on Monday, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Tuesdays only, December 1, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, then Thursday, December 3, 2026",
    "3pm to 4pm, Offsite, Team Rota, Accepted, Location: Hall B, Next Tuesday, December 1, 2026",
])
def test_a_location_or_an_unread_date_does_not_hide_another_day(sentence):
    assert parse_sentence(sentence, TZ, title_lines=("Offsite", "Ski week")) is None


@pytest.mark.parametrize("location", ["Location: Friday Harbor, WA", "Location: 1 Monday St", "Location: 3 March Street",
                                      # a place named with a day word, right before the date
                                      "Location: Ferry Terminal, Friday Harbor", "Location: Lodge, Sunday River",
                                      "Location: Room 4B, Monday.com HQ",
                                      # a second review: street numbers, postcodes, dashes and short words in a place
                                      "Location: Warehouse, 12 Friday Street", "Location: Ferry Terminal, Friday Harbor 98250",
                                      "Location: Lodge, Sunday River \u2013 Jordan Hotel", "Location: Lodge, Sunday River - North Peak",
                                      "Location: Reception, Monday.com HQ 6th floor", "Location: Lobby, 100 Sunday Drive",
                                      "Location: Lobby, Friday Harbor Ferry Terminal/Dock B", "Location: Inn, Friday Harbor Sun Inn",
                                      "Location: Lot, Sunday River Sat Lot",
                                      # a third review: short day names beside a dash in a place
                                      "Location: Press, Chicago Sun-Times Building",
                                      "Location: Hotel, Hilton Garden Inn - Sun Valley", "Location: Villa, Marriott \u2014 Mon Repos",
                                      "Location: Cafe, Mon-Ami", "Location: Office, Sat-Nav House",
                                      "Location: Harbor, Westin \u2013 Friday Harbor", "Location: Market, Unit 3 - Sunday Market",
                                      # a fourth review: a store, a bar, a market and a cafe named with day words
                                      "Location: Store, Tuesday Morning", "Location: Bar, Friday Night",
                                      "Location: Market, Saturday & Sunday Farmers Market",
                                      "Location: Cafe, Monday to Friday Cafe", "Location: Lodge, Friday Harbor Sunday Inn",
                                      # the day's last review: short day names are a place's words (a doubt is a place:
                                      # real chip sentences write no recurrence, and a refused chip voids the pass)
                                      "Location: Market Hall, Sat", "Location: London, The Sun", "Location: Building 2, Mon",
                                      "Location: Front desk, Mon\u2013Fri", "Location: Hotel, Sun 6",
                                      "Location: Kensington, Thurs", "Location: Hall, Sat & Sun only",
                                      "Location: Lodge, Tue \u2013 Thursday", "Location: Lodge, Mon-Fri"])
def test_a_location_holding_a_day_word_reads(location):
    read = parse_sentence(f"3pm to 4pm, Offsite, Team Rota, Accepted, {location}, December 4, 2026", TZ,
                          title_lines=("Offsite",))
    assert read is not None and read.days() == [date(2026, 12, 4)]
