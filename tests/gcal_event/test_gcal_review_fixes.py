"""The reader's second round (selectors 1.1.0), each rule on a small page built here (spec §3.5, §4.4, §8.3).

The pages copy the shape of REAL-PAGES.md at its smallest: a banner with the account, a side panel
with the labelled lists, one shown main with a GMT gutter and the grids. Days are 29 Nov – 5 Dec 2026
(keys 29053, 29054, 29057 … 29061); the browser is in America/Los_Angeles (GMT-08).
"""

from __future__ import annotations

from datetime import timedelta

from observers.gcal_event.step import chain, is_complete, step
from tests.gcal_event.helpers import READ_AT, posted_for
from tests.gcal_event.test_gcal_step import CAL, OTHER, at, event, snap

KEYS = ["29053", "29054", "29057", "29058", "29059", "29060", "29061"]
WEEK_WINDOW = {"windowStart": "2026-11-29T08:00:00.000Z", "windowEnd": "2026-12-06T08:00:00.000Z"}
BANNER = ('<header role="banner"><a role="button" aria-label="Google Account: Dana Whitfield\n'
          '(dana.whitfield@example.com)" href="#">D</a></header>')
MINE = ('<ul role="list" aria-label="My calendars"><li><input type="checkbox" aria-label="Dana Whitfield" checked></li>'
        '<li><input type="checkbox" aria-label="Team Rota" checked></li></ul>')
REVIEW = ('<div role="button" data-eventid="ZXYx"><div>3pm to 3:30pm, Design review, Dana Whitfield, Accepted, '
          'No location, November 30, 2026</div><div aria-hidden="true">Design review</div></div>')
HOLIDAY = ('<div data-eventid="aG9s"><div role="button"><div>All day, Holiday, Calendar: Holidays, No location, '
           'December 1, 2026</div><div aria-hidden="true">Holiday</div></div></div>')


def row(cells: dict[str, str] | None = None) -> str:
    cells = cells or {}
    return ('<div role="row">' + "".join(f'<div role="gridcell" data-datekey="{k}">{cells.get(k, "")}</div>' for k in KEYS)
            + "</div>")


def grid(*rows: str, label: str = "") -> str:
    aria = f' aria-label="{label}"' if label else ""
    return f'<div role="grid"{aria}>{"".join(rows)}</div>'


def page(*grids: str, panel: str = MINE, zone: str = "GMT-08") -> str:
    return (f'<!doctype html><html><body>{BANNER}<div role="complementary">{panel}</div>'
            f'<div role="main"><div><div>{zone}</div></div>{"".join(grids)}</div></body></html>')


def two_grids(all_day: dict[str, str] | None = None, timed: dict[str, str] | None = None, **kw) -> str:
    timed = {"29054": REVIEW} if timed is None else timed
    return page(grid(row(all_day or {}), label="All-day events"), grid(row(timed)), **kw)


def health(posted):
    return posted["health"]["status"], posted["health"]["reasons"]


def whole(posted):
    return [d["whole"] for d in posted["snapshot"]["days"]]


# --- 1. one grid or several, read together ---------------------------------------------------------

def test_a_week_drawn_as_one_grid_is_read():
    one = posted_for(page(grid(row({"29054": REVIEW, "29057": HOLIDAY}))))
    assert health(one) == ("OK", []) and one["windows"] == [WEEK_WINDOW]
    assert len(one["snapshot"]["events"]) == 2


def test_a_day_key_in_two_rows_of_one_grid_is_the_same_day():
    posted = posted_for(page(grid(row({"29057": HOLIDAY}), row({"29054": REVIEW}))))
    assert health(posted) == ("OK", []) and posted["windows"] == [WEEK_WINDOW]
    assert [d["date"] for d in posted["snapshot"]["days"]][:2] == ["2026-11-29", "2026-11-30"]


def test_a_range_with_a_gap_or_a_key_that_is_no_date_is_range_invalid():
    gap = page(grid(row()).replace('data-datekey="29058"', 'data-datekey="29062"'))  # 2 Dec → 6 Dec: 2 Dec missing
    assert health(posted_for(gap)) == ("DEGRADED", ["range.invalid"])
    bad = page(grid(row()).replace('data-datekey="29058"', 'data-datekey="29024"'))
    assert "range.invalid" in health(posted_for(bad))[1]


# --- 2. "N more" whatever its role -------------------------------------------------------------

def test_n_more_without_a_button_role_hides_its_day():
    for control in ('<div tabindex="0">2 more</div>', "<span>3 more</span>",
                    '<div role="button" aria-label="2 more events">+2</div>',
                    '<div role="button"><span>2</span> more</div>'):
        posted = posted_for(two_grids(all_day={"29057": HOLIDAY + control}))
        assert whole(posted) == [True, True, False, True, True, True, True], control
        assert posted["windows"] == [
            {"windowStart": "2026-11-29T08:00:00.000Z", "windowEnd": "2026-12-01T08:00:00.000Z"},
            {"windowStart": "2026-12-02T08:00:00.000Z", "windowEnd": "2026-12-06T08:00:00.000Z"}], control


def test_n_more_in_the_timed_grid_hides_its_day_and_a_hidden_one_does_not():
    posted = posted_for(two_grids(timed={"29054": REVIEW + "<span>3 more</span>"}))
    assert whole(posted) == [True, False, True, True, True, True, True]
    hidden = posted_for(two_grids(timed={"29054": REVIEW + '<span style="display:none">3 more</span>'}))
    assert all(whole(hidden))


def test_text_that_only_contains_n_more_is_no_control():
    posted = posted_for(two_grids(timed={"29054": REVIEW + "<span>Ask for 2 more chairs</span>"}))
    assert all(whole(posted))


# --- 3. hidden calendar entries and lists --------------------------------------------------------

def test_a_hidden_unticked_calendar_entry_or_list_turns_all_calendars_false():
    hidden_list = MINE + ('<div style="display:none"><ul role="list" aria-label="Other calendars">'
                          '<li><input type="checkbox" aria-label="Holidays"></li></ul></div>')
    hidden_entry = MINE.replace('<li><input type="checkbox" aria-label="Team Rota" checked></li>',
                                '<li style="display:none"><input type="checkbox" aria-label="Team Rota"></li>')
    for panel in (hidden_list, hidden_entry):
        posted = posted_for(two_grids(panel=panel))
        assert posted["allCalendars"] is False and posted["snapshot"]["allCalendars"] is False
        assert False in [c["shown"] for c in posted["snapshot"]["calendars"]]
    assert posted_for(two_grids())["allCalendars"] is True


# --- 4. no calendar list yet: still drawing --------------------------------------------------------

def test_no_labelled_calendar_list_reads_as_still_drawing_and_the_busy_clock_applies():
    html = two_grids(panel="")
    posted = posted_for(html)
    assert health(posted) == ("OK", [])
    assert posted["windows"] == [] and posted["snapshot"] is None and posted["observations"] == []
    assert posted["allCalendars"] is None
    since = {"busySince": (READ_AT - timedelta(minutes=5)).isoformat().replace("+00:00", ".000Z")}
    assert health(posted_for(html, state=since)) == ("DEGRADED", ["page.busy"])
    unlabelled = two_grids(panel=MINE.replace("My calendars", "Something else"))
    assert posted_for(unlabelled)["snapshot"] is None


# --- 5. the sentence in the button's aria-label ----------------------------------------------------

def test_a_chip_sentence_in_the_buttons_aria_label_is_read():
    chip = ('<div role="button" data-eventid="ZXYx" aria-label="3pm to 3:30pm, Design review, Dana Whitfield, Accepted, '
            'No location, November 30, 2026"><div aria-hidden="true">Design review</div></div>')
    posted = posted_for(two_grids(timed={"29054": chip}))
    assert health(posted) == ("OK", [])
    assert [(e["title"], e["start"]) for e in posted["snapshot"]["events"]] == [("Design review", "2026-11-30T23:00:00.000Z")]


# --- 6. zone hints with one-digit hours -------------------------------------------------------------

def test_a_zone_hint_with_one_digit_hours_reads():
    assert health(posted_for(two_grids(zone="GMT-8"))) == ("OK", [])
    assert health(posted_for(two_grids(zone="GMT-8:00"))) == ("OK", [])
    assert health(posted_for(two_grids(zone="GMT+5"))) == ("DEGRADED", ["time_zone.mismatch"])
    assert health(posted_for(two_grids(zone="GMT-123"))) == ("DEGRADED", ["time_zone.ambiguous"])


# --- 7. an all-day sentence that names no date -------------------------------------------------------

def test_an_all_day_sentence_with_no_date_is_placed_on_its_day_cell():
    chip = HOLIDAY.replace(" December 1, 2026", "")
    posted = posted_for(two_grids(all_day={"29057": chip}))
    assert health(posted) == ("OK", [])
    holiday = next(e for e in posted["snapshot"]["events"] if e["allDay"])
    assert (holiday["start"], holiday["end"], holiday["days"]) == (
        "2026-12-01T08:00:00.000Z", "2026-12-02T08:00:00.000Z", ["2026-12-01"])


def test_an_undated_all_day_chip_outside_a_day_cell_or_spanning_two_is_unreadable():
    chip = HOLIDAY.replace(" December 1, 2026", "")
    outside = page(grid(row(), label="All-day events") + chip, grid(row({"29054": REVIEW})))
    assert health(posted_for(outside)) == ("DEGRADED", ["event.unreadable"])
    spanning = posted_for(two_grids(all_day={"29057": chip, "29058": chip}))
    assert health(spanning) == ("DEGRADED", ["event.unreadable"])


def test_an_undated_timed_sentence_stays_unreadable():
    chip = REVIEW.replace(" November 30, 2026", "")
    assert health(posted_for(two_grids(timed={"29054": chip}))) == ("DEGRADED", ["event.unreadable"])


# --- 9. completeness and consecutive absences --------------------------------------------------------

def test_an_empty_labelled_list_never_makes_a_snapshot_complete():
    posted = posted_for(two_grids(panel=MINE + '<ul role="list" aria-label="Other calendars"></ul>'))
    assert posted["allCalendars"] is False and not is_complete(posted["snapshot"])
    assert is_complete(posted_for(two_grids())["snapshot"])
    assert not is_complete(snap(at(0), [], cals=()))  # a view that names no calendar at all


def test_an_incomplete_snapshot_between_two_absences_breaks_the_run():
    hidden = ("2026-12-01",)
    results, last = chain([snap(at(0), [event(), event("e2")]), snap(at(1), [event("e2")]),
                           snap(at(2), [event("e2")], hidden=hidden), snap(at(3), [event("e2")]),
                           snap(at(4), [event("e2")])])
    assert [r.rows for r in results[1:4]] == [[], [], []]
    assert results[3].record["pending"]  # kept through the break, counted again from at(3)
    deleted = results[4].rows
    # last seen at at(0), first vouched absence (again) at at(3): three minutes, past the late-change limit
    assert [(r.type, r.first_sighting, r.seen_at) for r in deleted] == [("calendar.deleted", True, at(3))]
    assert last["pending"] == {}


def test_a_snapshot_with_the_events_calendar_switched_off_also_breaks_the_run():
    off = ((CAL, False), (OTHER, True))
    results, _ = chain([snap(at(0), [event(), event("e2", cal=OTHER)]), snap(at(1), [event("e2", cal=OTHER)]),
                        snap(at(2), [event("e2", cal=OTHER)], cals=off), snap(at(3), [event("e2", cal=OTHER)])])
    assert [r.rows for r in results[1:]] == [[], [], []]
    final = step(results[3].record, snap(at(4), [event("e2", cal=OTHER)]))
    assert [(r.type, r.seen_at) for r in final.rows] == [("calendar.deleted", at(3))]


# --- 6. a section's toggle or a wrapper labelled like its list -------------------------------------

def test_a_toggle_or_wrapper_labelled_like_the_list_is_not_a_second_list():
    """The side panel's section toggle may carry the list's name; a wrapper may be labelled as its list.
    Neither is a list of its own: the calendars are read once and every one shown is every one shown."""
    alone = posted_for(two_grids(panel=MINE))
    toggle = '<div role="button" aria-expanded="true" aria-label="My calendars">My calendars</div>'
    native = '<button aria-label="My calendars">My calendars</button>'  # a toggle by its tag alone
    summary = '<details open><summary aria-label="My calendars">My calendars</summary></details>'
    wrapped = f'<div aria-label="My calendars">{MINE}</div>'
    for panel in (toggle + MINE, MINE + toggle, native + MINE, summary + MINE, wrapped):
        posted = posted_for(two_grids(panel=panel))
        assert posted["allCalendars"] is True, panel
        assert posted["snapshot"]["calendars"] == alone["snapshot"]["calendars"], panel
    # a toggle that is the only element of its label stands for a list the page does not show: never
    # every calendar shown (the list may sit unlabelled beside it, a calendar in it switched off)
    unlabelled = MINE.replace(' aria-label="My calendars"', "").replace(
        '<input type="checkbox" aria-label="Team Rota" checked>', '<input type="checkbox" aria-label="Team Rota">')
    for alone_toggle in (toggle, native, summary):
        posted = posted_for(two_grids(panel=alone_toggle + unlabelled))
        assert posted["allCalendars"] is False, alone_toggle
    # beside a hidden copy of its list only, a toggle that does not say its section is collapsed stands
    # for the list the page does not show (a review: the copy's ticks read every calendar shown)
    stale = f'<div style="display:none">{MINE.replace(" checked></li></ul>", "></li></ul>")}</div>'
    for shown_toggle in (native, summary, toggle):
        posted = posted_for(two_grids(panel=shown_toggle + f'<div style="display:none">{MINE}</div>'))
        assert posted["allCalendars"] is False, shown_toggle
    # a section its toggle says is collapsed: the hidden list is the section's, read with its ticks
    collapsed = toggle.replace('aria-expanded="true"', 'aria-expanded="false"')
    assert posted_for(two_grids(panel=collapsed + f'<div style="display:none">{MINE}</div>'))["allCalendars"] is True
    assert posted_for(two_grids(panel=collapsed + stale))["allCalendars"] is False
    # collapsed with its list gone from the page, beside another list: the calendars in it are unknown
    other = MINE.replace("My calendars", "Other calendars")
    assert posted_for(two_grids(panel=collapsed + other))["allCalendars"] is False
    # (a third review) toggles left while every list is gone: the lists have not filled in (still drawing)
    unmounted = posted_for(two_grids(panel=toggle + toggle.replace("My calendars", "Other calendars")))
    assert health(unmounted) == ("OK", []) and unmounted["windows"] == [] and unmounted["snapshot"] is None
    # the whole side panel hidden, toggles and lists alike: the lists are as current as their toggles
    assert posted_for(two_grids(panel=f'<div style="display:none">{toggle}{MINE}</div>'))["allCalendars"] is True
    # a heading is never a list, whatever is beside it (1.3.1)
    heading = '<h2 aria-label="My calendars">My calendars</h2>'
    assert posted_for(two_grids(panel=heading + f'<div style="display:none">{MINE}</div>'))["allCalendars"] is True
    # a list drawn empty still never says every calendar is shown: alone, or beside a hidden stale copy
    # of itself that holds entries (the copy's ticks are not the list's now)
    empty = '<ul role="list" aria-label="My calendars"></ul>'
    for panel in (empty, f'<div style="display:none">{MINE}</div>{empty}', f'{empty}<div style="display:none">{MINE}</div>'):
        posted = posted_for(two_grids(panel=panel))
        assert posted["snapshot"]["allCalendars"] is False, panel
        assert {"key": None, "shown": False} in posted["snapshot"]["calendars"], panel


# --- 7. the account judged only on a pass that posts ------------------------------------------------

def test_an_account_is_not_judged_on_a_pass_that_posts_nothing():
    """Spec §2.2: account() is read only when the pass has a window or a snapshot to post; a pass
    DEGRADED for the page itself posts neither, so a half-drawn switcher adds no reason to it."""
    no_address = BANNER.replace("\n(dana.whitfield@example.com)", "")
    zone_off = two_grids(zone="GMT-05").replace(BANNER, no_address)
    assert health(posted_for(zone_off)) == ("DEGRADED", ["time_zone.mismatch"])
    # on a page read whole, the same switcher is a fault of its own
    assert health(posted_for(two_grids().replace(BANNER, no_address))) == ("DEGRADED", ["account.invalid"])


def test_grids_that_share_no_day_never_vouch_for_each_other():
    """A day is whole only when every day-drawing grid shows it. Grids that share no day are read as a range
    half drawn, never as one range split between them: an all-day grid still on last week beside a timed
    grid on this week (a view half redrawn) would vouch for two weeks neither drew whole (a review of 1.3.2;
    a month drawn one grid per week, which this also refuses, is not a layout any page is known to use)."""
    last_week = [str(k) for k in (29046, 29047, 29048, 29049, 29050, 29051, 29052)]  # 22-28 Nov 2026
    stale = '<div role="row">' + "".join(f'<div role="gridcell" data-datekey="{k}"></div>' for k in last_week) + "</div>"
    redrawn = posted_for(page(grid(stale, label="All-day events"), grid(row())))
    assert redrawn["windows"] == [] and not any(whole(redrawn))
    # grids that share no day but draw no whole week each are a range half drawn, not split: an
    # all-day grid that has drawn Sunday only beside a timed grid that has drawn the rest
    sunday = row().split('<div role="gridcell" data-datekey="29054">')[0] + "</div>"
    rest = '<div role="row">' + row().split('<div role="gridcell" data-datekey="29053"></div>')[1]
    half = posted_for(page(grid(sunday, label="All-day events"), grid(rest)))
    assert half["windows"] == [] and not any(whole(half))
    # a timed grid that draws five of the all-day grid's seven days: the other two are not whole
    short = grid(row()).replace('<div role="gridcell" data-datekey="29060"></div>', "").replace(
        '<div role="gridcell" data-datekey="29061"></div>', "")
    partial = posted_for(page(grid(row(), label="All-day events"), short))
    assert whole(partial) == [True] * 5 + [False] * 2
