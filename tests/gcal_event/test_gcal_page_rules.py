"""gcal.event's page rules, each on a page built for it (spec §3.5, §4.4, §8.3)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from observers.gcal_event.selectors import SELECTORS
from observers.gcal_event.state import next_pass_state
from tests.fixture_builders.gcal_pages import (ACCOUNT_LABEL, DEPLOY, FOUNDERS, ME, NOTITLE, PAGES, REVIEW, WEEK, Calendar,
                                               Chip, GcalPage, render)
from tests.gcal_event.helpers import READ_AT, posted_for, posted_page, variant

WEEK_PAGE = next(p for p in PAGES if p.name == "synthetic-week.html")
WEEK_WINDOW = {"windowStart": "2026-11-29T08:00:00.000Z", "windowEnd": "2026-12-06T08:00:00.000Z"}
D = {d.day: d for d in WEEK}


def _health(posted):
    return posted["health"]["status"], posted["health"]["reasons"]


def test_week_window_ends_after_the_pass_instant_and_is_posted():
    posted = posted_page(WEEK_PAGE)
    assert posted["windows"] == [WEEK_WINDOW]
    assert posted["windows"][0]["windowEnd"] > posted["instant"]


def test_account_known_posts_no_rows_and_its_snapshot_with_the_account_hash():
    posted = posted_page(WEEK_PAGE)
    assert posted["observations"] == []
    assert posted["snapshot"]["accountHash"] == posted["accountHash"] is not None
    assert posted["snapshot"]["selectorsVersion"] == f"gcal.event@{SELECTORS.version}"
    assert "eventid" not in str(posted) and all(len(e["key"]) == 64 for e in posted["snapshot"]["events"])


# --- drawing -------------------------------------------------------------------------------------

def test_busy_main_or_grid_or_ancestor_or_progressbar_reads_nothing():
    for page in (variant(WEEK_PAGE, main_busy=True), variant(WEEK_PAGE, grid_busy=True),
                 variant(WEEK_PAGE, main_progress=True)):
        posted = posted_page(page)
        assert _health(posted) == ("OK", [])
        assert posted["windows"] == [] and posted["snapshot"] is None and posted["observations"] == []
        assert posted["accountHash"] is None
    html = render(WEEK_PAGE).replace('<body class="', '<body aria-busy="true" class="', 1)
    assert posted_for(html)["snapshot"] is None


def test_busy_page_with_no_account_posts_no_rows():
    posted = posted_page(variant(WEEK_PAGE, grid_busy=True, account_labels=[]))
    assert posted["observations"] == [] and posted["windows"] == []


def test_a_progressbar_in_the_side_panel_or_hidden_in_main_is_not_busy():
    assert posted_page(variant(WEEK_PAGE, panel_progress=True))["windows"] == [WEEK_WINDOW]
    html = render(WEEK_PAGE)
    hidden_bar = html.replace("</div></div></body>", '<div role="progressbar" style="display:none"></div></div></div></body>', 1)
    shown_bar = html.replace("</div></div></body>", '<div role="progressbar"></div></div></div></body>', 1)
    assert posted_for(hidden_bar)["windows"] == [WEEK_WINDOW]
    assert posted_for(shown_bar)["windows"] == [] and posted_for(shown_bar)["snapshot"] is None


def test_page_busy_after_five_minutes_of_passes_chained_through_the_state():
    page = render(variant(WEEK_PAGE, grid_busy=True))
    state: dict = {}
    instant = READ_AT
    statuses = []
    for minute in range(7):
        at = instant + timedelta(minutes=minute)
        statuses.append(_health(posted_for(page, instant=at, state=state))[0])
        state = next_pass_state(state, True, at)
    assert statuses == ["OK"] * 5 + ["DEGRADED", "DEGRADED"]
    assert posted_for(page, instant=instant + timedelta(minutes=5), state=state)["health"]["reasons"] == ["page.busy"]
    drawn = next_pass_state(state, False, instant + timedelta(minutes=8))
    assert "busySince" not in drawn
    assert _health(posted_for(render(WEEK_PAGE), instant=instant + timedelta(minutes=8), state=state)) == ("OK", [])


def test_state_advance_is_pure_and_keeps_the_first_busy_instant():
    start = datetime(2026, 11, 30, 18, tzinfo=timezone.utc)
    first = next_pass_state({}, True, start)
    second = next_pass_state(first, True, start + timedelta(minutes=1))
    assert first == {"busySince": "2026-11-30T18:00:00.000Z"} and second == first
    assert next_pass_state(second, None, start + timedelta(minutes=2)) == second
    assert next_pass_state({"busySince": "garbage"}, True, start) == first
    assert next_pass_state(second, False, start) == {}


# --- days, range, more -------------------------------------------------------------------------

def test_a_day_behind_n_more_is_not_whole_and_splits_the_windows():
    posted = posted_page(variant(WEEK_PAGE, more={D[3]: 1}))
    assert [d["whole"] for d in posted["snapshot"]["days"]] == [True, True, True, True, False, True, True]
    assert posted["windows"] == [
        {"windowStart": "2026-11-29T08:00:00.000Z", "windowEnd": "2026-12-03T08:00:00.000Z"},
        {"windowStart": "2026-12-04T08:00:00.000Z", "windowEnd": "2026-12-06T08:00:00.000Z"}]


def test_every_day_hidden_posts_no_window_but_its_snapshot():
    page = variant(WEEK_PAGE, chips=[REVIEW], more={d: 1 for d in WEEK})
    posted = posted_page(page)
    assert _health(posted) == ("OK", []) and posted["windows"] == []
    assert posted["snapshot"] is not None and not any(d["whole"] for d in posted["snapshot"]["days"])
    assert posted["allCalendars"] is None  # only posted with a window


def test_a_more_control_outside_any_day_hides_every_day():
    html = render(WEEK_PAGE).replace('<div role="row"', '<div role="row"', 1)
    html = html.replace("</div></div></body>", '<div role="button">3 more</div></div></div></body>', 1)
    posted = posted_for(html)
    assert posted["windows"] == [] and posted["snapshot"] is not None


def test_range_over_six_weeks_is_too_long():
    days = [date(2026, 11, 1) + timedelta(days=i) for i in range(49)]
    posted = posted_page(GcalPage("x.html", "Custom", view="month", days=days, zone=""))
    assert _health(posted) == ("DEGRADED", ["range.too_long"]) and posted["windows"] == []


def test_a_gap_in_the_days_or_an_unreadable_day_key_is_range_invalid():
    html = render(WEEK_PAGE)
    # 1 December's cells say 30 November: the same day twice is no fault, but 1 December is then a gap
    # (and, since 1.3.48, its chips naming 1 December sit in a cell of another day: unreadable too)
    assert "range.invalid" in _health(posted_for(html.replace('data-datekey="29057"', 'data-datekey="29054"')))[1]
    assert "range.invalid" in _health(posted_for(html.replace('data-datekey="29057"', 'data-datekey="29024"')))[1]


def test_no_day_cells_is_missing_days():
    html = render(WEEK_PAGE).replace("data-datekey=", "data-other=")
    assert _health(posted_for(html)) == ("DEGRADED", ["selector.missing.days"])


def test_a_month_with_no_event_is_read_and_one_with_an_event_is_unreadable():
    days = [date(2026, 11, 1) + timedelta(days=i) for i in range(35)]
    empty = posted_page(GcalPage("m.html", "Nov", view="month", days=days, zone=""))
    assert _health(empty) == ("OK", []) and len(empty["windows"]) == 1
    shown = posted_page(GcalPage("m.html", "Nov", view="month", days=days, zone="", month_floating=[FOUNDERS]))
    assert _health(shown) == ("DEGRADED", ["event.unreadable"]) and shown["windows"] == []


# --- time zone -----------------------------------------------------------------------------------

def test_zone_hints():
    assert _health(posted_page(variant(WEEK_PAGE, zone="GMT-05")))[1] == ["time_zone.mismatch"]
    assert _health(posted_page(variant(WEEK_PAGE, zone="GMT+5")))[1] == ["time_zone.mismatch"]  # one-digit hours read
    assert _health(posted_page(variant(WEEK_PAGE, zone="GMT+5:3")))[1] == ["time_zone.ambiguous"]
    assert _health(posted_page(variant(WEEK_PAGE, zone="GMT-08:00")))[0] == "OK"
    two = render(WEEK_PAGE).replace("</div></div></body>", "<div>GMT+01</div></div></div></body>", 1)
    assert _health(posted_for(two))[1] == ["time_zone.ambiguous"]


def test_a_half_hour_zone_reads_with_minutes():
    page = variant(WEEK_PAGE, zone="GMT+05:30", chips=[])
    assert _health(posted_page(page, zone="Asia/Kolkata")) == ("OK", [])
    assert _health(posted_page(page))[1] == ["time_zone.mismatch"]


def test_a_zone_hint_inside_a_chip_is_the_events_not_the_pages():
    chip = Chip("gmtchip01", "3pm to 3:30pm, GMT+02, Dana Whitfield, No location, November 30, 2026", [D[30]],
                lines=("GMT+02",))
    assert _health(posted_page(variant(WEEK_PAGE, chips=[chip])))[0] == "OK"


# --- chips -----------------------------------------------------------------------------------------

def test_one_unreadable_chip_makes_the_whole_pass_degraded_with_no_rows():
    bad = Chip("de0000chip", "15:00–15:30 Uhr, Besprechung, 30. November 2026", [D[30]])
    for labels in ([ACCOUNT_LABEL], []):
        posted = posted_page(variant(WEEK_PAGE, chips=[REVIEW, bad, NOTITLE], account_labels=labels))
        assert _health(posted) == ("DEGRADED", ["event.unreadable"])
        assert posted["observations"] == [] and posted["windows"] == [] and posted["snapshot"] is None


def test_an_event_id_no_chip_reads_is_unreadable():
    html = render(WEEK_PAGE).replace("</div></div></body>", '<div data-eventid="bG9uZWx5"><span>Lonely</span></div></div></div></body>', 1)
    assert _health(posted_for(html)) == ("DEGRADED", ["event.unreadable"])


def test_a_chip_whose_first_child_is_aria_hidden_is_unreadable():
    html = render(variant(WEEK_PAGE, chips=[REVIEW])).replace(
        'style="display:block;visibility:visible;position:absolute', 'aria-hidden="true" style="display:block;visibility:visible;position:absolute')
    assert _health(posted_for(html)) == ("DEGRADED", ["event.unreadable"])


def test_chips_of_one_event_that_disagree_are_unreadable():
    twin = Chip(REVIEW.token, REVIEW.sentence.replace("3pm to 3:30pm", "4pm to 4:30pm"), [D[1]])
    assert _health(posted_page(variant(WEEK_PAGE, chips=[REVIEW, twin]))) == ("DEGRADED", ["event.unreadable"])


def test_a_multi_day_chip_drawn_twice_is_one_event():
    posted = posted_page(variant(WEEK_PAGE, chips=[DEPLOY]))
    assert len(posted["snapshot"]["events"]) == 1
    assert posted["snapshot"]["events"][0]["days"] == ["2026-12-02", "2026-12-03"]


def test_a_title_with_commas_is_settled_by_its_title_line():
    chip = Chip("c0mma0001", "3pm to 3:30pm, Lunch, coffee, and notes, Dana Whitfield, No location, November 30, 2026",
                [D[30]], lines=("Lunch, coffee, and notes", "3 – 3:30pm"))
    event = posted_page(variant(WEEK_PAGE, chips=[chip]))["snapshot"]["events"][0]
    assert event["title"] == "Lunch, coffee, and notes"
    assert event["calendarKey"] == posted_page(variant(WEEK_PAGE, chips=[REVIEW]))["snapshot"]["events"][0]["calendarKey"]


def test_location_conference_and_status_are_never_read_into_a_field():
    chip = Chip("l0c4tion1", "3pm to 3:30pm, Review, Dana Whitfield, Declined, Location: meet.example.com/abc-defg-hij, "
                "November 30, 2026", [D[30]])
    posted = posted_page(variant(WEEK_PAGE, chips=[chip], account_labels=[]))
    text = str(posted)
    assert "Declined" not in text and "meet.example" not in text and "Location" not in text


def test_guests_leave_the_account_out_in_any_case_or_tag_and_are_ordered():
    chip = Chip("gu3sts0001", "3pm to 3:30pm, Review, Dana Whitfield, Guests: zed@example.org, Dana.Whitfield+cal@Example.com, "
                "Amy@example.net, No location, November 30, 2026", [D[30]])
    event = posted_page(variant(WEEK_PAGE, chips=[chip]))["snapshot"]["events"][0]
    assert event["guests"] == ["Amy@example.net", "zed@example.org"] and event["guestCount"] == 3
    assert ME not in str(event).lower()


def test_a_hidden_chip_is_not_read():
    html = render(variant(WEEK_PAGE, chips=[REVIEW, NOTITLE]))
    stale, rest = html.split('tabindex="0" data-eventid', 1)  # the first chip is the hidden earlier view's
    hidden = stale + 'tabindex="0" data-eventid' + rest.replace('tabindex="0" data-eventid', 'tabindex="0" hidden data-eventid', 1)
    # a capture writes the computed display beside the attribute: none where the attribute hid the chip
    head, _, tail = hidden.partition(' hidden data-eventid')
    tail = tail.replace('style="display:block;', 'style="display:none;', 1)
    assert len(posted_for(head + ' hidden data-eventid' + tail)["snapshot"]["events"]) == 1
    # with no display written (a page saved without computed styles) the attribute alone hides it
    bare = head + ' hidden data-eventid' + tail.replace('style="display:none;', 'style="', 1)
    assert len(posted_for(bare)["snapshot"]["events"]) == 1
    # and where page CSS drew it anyway (display:block written beside the attribute) it is read
    assert len(posted_for(hidden)["snapshot"]["events"]) == 2


# --- calendars and accounts ----------------------------------------------------------------------

def test_a_calendar_switched_off_and_the_checkbox_forms():
    off_native = posted_page(variant(WEEK_PAGE, mine=[Calendar("Dana Whitfield"), Calendar("Team Rota", shown=False)]))
    off_aria = posted_page(variant(WEEK_PAGE, other=[Calendar("Holidays in Testland", shown=False, native=False)]))
    assert off_native["allCalendars"] is False and off_aria["allCalendars"] is False
    assert posted_page(WEEK_PAGE)["allCalendars"] is True


def test_an_empty_labelled_list_never_makes_all_calendars_true():
    posted = posted_page(variant(WEEK_PAGE, other=[]))
    assert posted["allCalendars"] is False and posted["windows"] == [WEEK_WINDOW]
    html = render(WEEK_PAGE).replace('aria-label="My calendars"', 'aria-label="Something else"').replace(
        'aria-label="Other calendars"', 'aria-label="Also else"')
    no_list = posted_for(html)  # no labelled list at all: the side panel is still drawing
    assert no_list["allCalendars"] is None and no_list["snapshot"] is None and no_list["windows"] == []


def test_no_account_posts_first_sightings_without_counterparty_and_no_snapshot():
    chip = Chip("gu3sts0002", "3pm to 3:30pm, Review, Dana Whitfield, Guests: zed@example.org, No location, November 30, 2026", [D[30]])
    posted = posted_page(variant(WEEK_PAGE, chips=[chip, NOTITLE], account_labels=[]))
    assert posted["snapshot"] is None and posted["accountHash"] is None and posted["windows"] == [WEEK_WINDOW]
    assert [o["fields"] for o in posted["observations"]] == [
        {"subjectHint": "Review", "occurredAt": "2026-11-30T23:00:00.000Z"}, {"occurredAt": "2026-12-05T19:00:00.000Z"}]
    assert all(o["type"] == "calendar.created" and o["rowKeyHash"] for o in posted["observations"])


def test_two_accounts_and_an_account_label_with_no_address():
    two = posted_page(variant(WEEK_PAGE, account_labels=[ACCOUNT_LABEL, "Google Account: Someone Else\n(someone@example.org)"]))
    assert _health(two) == ("DEGRADED", ["selector.ambiguous.account"])
    same_twice = posted_page(variant(WEEK_PAGE, account_labels=[ACCOUNT_LABEL, ACCOUNT_LABEL.upper()]))
    assert _health(same_twice) == ("OK", [])
    cut = posted_page(variant(WEEK_PAGE, account_labels=["Google Account: Dana Whitfield"]))
    assert _health(cut) == ("DEGRADED", ["account.invalid"]) and cut["windows"] == []


@pytest.mark.parametrize("label", ["Google-Konto: Dana Whitfield", "Compte Google : Dana Whitfield",
                                   "Cuenta de Google: Dana Whitfield", "Google アカウント: Dana Whitfield",
                                   "Google 帐号：Dana Whitfield", "Аккаунт Google: Dana Whitfield"])
def test_an_account_label_with_no_address_is_read_in_any_display_language(label):
    """§8.1 reads the account label "in any display language", and §4 makes a Calendar account label
    that ends with no address account.invalid: a German one was passed over as no label at all (OK,
    account-less rows and windows) because only the English "Google Account:" was known."""
    cut = posted_page(variant(WEEK_PAGE, account_labels=[label]))
    assert _health(cut) == ("DEGRADED", ["account.invalid"]) and cut["windows"] == []


@pytest.mark.parametrize("label", ["Google apps", "Main menu", "Support", "Search: Google Calendar",
                                   "Google Calendar is offline: changes will sync later"])
def test_other_banner_labels_are_not_account_labels(label):
    page = posted_page(variant(WEEK_PAGE, account_labels=[ACCOUNT_LABEL, label]))
    assert _health(page) == ("OK", []) and page["accountHash"]


def test_a_native_progress_element_in_main_is_a_progressbar():
    """``<progress>`` has the progressbar role implicitly (HTML-AAM), as a ``div[role=progressbar]`` has it written
    (a day-view audit of 2026-12-02 (c): it was read as a page drawn whole)."""
    html = render(WEEK_PAGE)
    shown = html.replace("</div></div></body>", '<progress max="100" value="40"></progress></div></div></body>', 1)
    hidden = html.replace("</div></div></body>", '<progress style="display:none"></progress></div></div></body>', 1)
    assert posted_for(shown)["windows"] == [] and posted_for(shown)["snapshot"] is None
    assert posted_for(hidden)["windows"] == [WEEK_WINDOW]
