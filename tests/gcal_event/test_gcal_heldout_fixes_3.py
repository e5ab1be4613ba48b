"""Defects a third independent held-out set found (selectors 1.3.2).

1. An all-day sentence whose date part the reader cannot read ("December 1 – 3, 2026", an en dash
   between two dates, an abbreviated month) was placed on the one day cell its chip sits in, as if
   it named no date: a three-day event read as one day, silently. A sentence that names no date is
   still placed on its cell; one that names a date the form does not read is unreadable.
2. A page whose side-panel lists are labelled in another language ("Meine Kalender") read as lists
   not filled in (OK, nothing posted, and page.busy only after five minutes), though its chips
   were drawn in German: chip labels not in English are DEGRADED, not guessed (spec §1). With the
   lists missing the chips are still read for that: a chip that does not read is event.unreadable.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from observers.gcal_event.sentence import parse_sentence
from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_gcal_review_fixes import BANNER, HOLIDAY, REVIEW, grid, health, page, row, two_grids

TZ = ZoneInfo("America/Los_Angeles")
UNDATED = "All day, Offsite, Calendar: Team Rota, No location,"


def test_a_sentence_naming_no_date_is_still_placed_on_its_cell():
    from datetime import date
    read = parse_sentence(UNDATED, TZ, all_day_cell=date(2026, 12, 2))
    assert read is not None and read.days() == [date(2026, 12, 2)]


@pytest.mark.parametrize("dates", [  # ranges with a dash and a year are read since 1.3.81 (test_gcal_heldout_fixes_9)
    "Dec 1, 2026", "1 Dec 2026", "December 1–3", "Dec 1 – 3, 2026", "1 – 3 Dec 2026", "2026",
])
def test_an_all_day_sentence_naming_a_date_it_cannot_read_is_unreadable(dates):
    from datetime import date
    assert parse_sentence(f"{UNDATED} {dates}", TZ, all_day_cell=date(2026, 12, 2)) is None
    assert parse_sentence(f"All day, Offsite, Team Rota, Accepted, No location, {dates}", TZ, ("Offsite",),
                          all_day_cell=date(2026, 12, 2)) is None


def test_an_en_dash_span_on_a_page_is_never_one_day():
    short = HOLIDAY.replace("December 1, 2026", "Dec 1 – 3, 2026")  # a form not read: unreadable
    assert health(posted_for(two_grids(all_day={"29058": short}))) == ("DEGRADED", ["event.unreadable"])
    chip = HOLIDAY.replace("December 1, 2026", "December 1 – 3, 2026")  # read as its three days (1.3.81)
    posted = posted_for(two_grids(all_day={"29057": chip}))
    assert health(posted) == ("OK", [])
    holiday = next(e for e in posted["snapshot"]["events"] if e["title"] == "Holiday")
    assert holiday["days"] == ["2026-12-01", "2026-12-02", "2026-12-03"] and holiday["allDay"] is True


GERMAN_LISTS = ('<div aria-label="Meine Kalender"><input type="checkbox" aria-label="Dana Whitfield" checked></div>'
                '<div aria-label="Weitere Kalender"><input type="checkbox" aria-label="Feiertage" checked></div>')
GERMAN_CHIP = ('<div role="button" data-eventid="ZGUx"><div>15:00 bis 15:30, Designprüfung, Dana Whitfield, Zugesagt, '
               'Kein Ort, 30. November 2026</div><div aria-hidden="true">Designprüfung</div></div>')


def test_a_page_in_another_language_is_degraded_not_read_as_still_drawing():
    german = page(grid(row({"29054": GERMAN_CHIP})), panel=GERMAN_LISTS)
    assert health(posted_for(german)) == ("DEGRADED", ["event.unreadable"])


def test_lists_not_filled_in_beside_chips_that_read_is_still_drawing():
    english = page(grid(row({"29054": REVIEW})), panel="")
    posted = posted_for(english)
    assert health(posted) == ("OK", []) and posted["windows"] == [] and posted.get("snapshot") is None
    empty = page(grid(row()), panel=GERMAN_LISTS)  # another language, but nothing drawn to misread
    assert health(posted_for(empty)) == ("OK", [])
    assert BANNER in english


@pytest.mark.parametrize("sentence", [  # a review of 1.3.3: the calendar, location and guests are not the date
    "All day, Offsite, Calendar: May 2026 rota, No location,",
    "All day, Offsite, Calendar: Team Rota, Location: 3 March Street,",
    "All day, Offsite, Team Rota, Location: Pier 39, 2026,",
    "All day, Offsite, Team Rota, Location: Unit 5, Sydney NSW, 2000,",
    "All day, Offsite, Team Rota, Guests: may2@example.com, dec10@example.org, No location,",
    "All day, Offsite, Mar 3 cohort, Accepted, No location,",
    "All day, Offsite, Marc 2nd, No location,",
])
def test_month_words_and_numbers_where_the_form_explains_them_do_not_refuse_an_undated_chip(sentence):
    from datetime import date
    read = parse_sentence(sentence, TZ, all_day_cell=date(2026, 12, 2))
    assert read is not None and read.days() == [date(2026, 12, 2)]


def test_with_the_lists_missing_a_month_or_a_chip_without_its_sentence_is_still_drawing():
    # a review of 1.3.3: only a written sentence that does not read says "another language"
    no_sentence = REVIEW.replace("3pm to 3:30pm, Design review, Dana Whitfield, Accepted, No location, November 30, 2026", "")
    assert health(posted_for(page(grid(row({"29054": no_sentence})), panel=""))) == ("OK", [])
    from datetime import date, timedelta
    from tests.fixture_builders.gcal_pages import datekey
    month_keys = [str(datekey(date(2026, 11, 1) + timedelta(days=i))) for i in range(35)]
    weeks = "".join('<div role="row">' + "".join(f'<div role="gridcell" data-datekey="{k}"></div>' for k in month_keys[i:i + 7])
                    + "</div>" for i in range(0, 35, 7))
    month = page(f'<div role="grid">{weeks}{REVIEW}</div>', panel="", zone="")
    assert health(posted_for(month)) == ("OK", [])
