"""gcal.event step: a randomized audit of pass sequences (2026-12-01, 500 sequences through the ledger) found a
change to an event coming back from a pending deletion derived as a timely `calendar.updated`.

Seen at 18:00, absent from a complete week at 18:05, back retitled at 18:05:30: the base (18:05) was read 30 s
before, so the change was taken as made in that half minute. But the base did not see the event; the state it was
compared with is the one last seen at 18:00, and the retitle may have been made at any time since. Spec §8.3: "A
change noticed late is one too: a creation or an update compared with a stored snapshot read more than two minutes
... before this pass ... It may have been made at any time since that snapshot". Such a change is a first
sighting (`calendar.created`, firstSighting) when the event was last seen more than two minutes before.
"""

from __future__ import annotations

from tests.gcal_event.test_gcal_step import at, event, kinds, record, snap, step


def _back_changed(last_seen: str, absent: str, back: str) -> list[tuple[str, bool]]:
    seen = record(snap(last_seen, [event()]))
    absent_record = step(seen, snap(absent, [])).record
    return kinds(step(absent_record, snap(back, [event(title="Design review v2")])))


def test_a_change_to_an_event_back_from_a_pending_deletion_last_seen_long_ago_is_a_first_sighting() -> None:
    assert _back_changed(at(0), at(5), at(5, 30)) == [("calendar.created", True)]
    assert _back_changed(at(0), at(1, 30), at(3)) == [("calendar.created", True)]  # last seen 180 s before


def test_one_last_seen_within_two_minutes_is_still_a_timely_update() -> None:
    assert _back_changed(at(0), at(1), at(1, 30)) == [("calendar.updated", False)]


def test_an_event_back_unchanged_from_a_pending_deletion_gives_no_row() -> None:
    seen = record(snap(at(0), [event()]))
    absent_record = step(seen, snap(at(5), [])).record
    assert step(absent_record, snap(at(5, 30), [event()])).rows == []


# A structural audit of pages (2026-12-01, 2,100 pages): two forms of the "N more" control were no control, so
# a day hiding events read whole and a window vouched for it (spec §1: "A day that hides events behind 'N more'
# is not covered").

def test_show_n_more_and_n_more_broken_over_two_lines_hide_their_day() -> None:
    from tests.gcal_event.test_gcal_review_fixes import HOLIDAY, posted_for, two_grids, whole
    for control in ("<div>Show 2 more</div>", "<div>2<br>more</div>", '<div role="button">Show 3 more events</div>'):
        posted = posted_for(two_grids(all_day={"29057": HOLIDAY + control}))
        assert whole(posted) == [True, True, False, True, True, True, True], control


def test_a_calendar_checkbox_named_by_aria_labelledby_or_a_label_has_its_name() -> None:
    """REAL-PAGES draws an aria-label; an entry named the other standard ways had no name, so the snapshot named
    an unnamed calendar and was never complete (deletions lost), or a chip naming it was unreadable."""
    from attest_kit.hashing import sha256_hex
    from tests.gcal_event.test_gcal_review_fixes import posted_for, two_grids
    named_by = [
        '<li><input type="checkbox" aria-labelledby="c2" checked><span id="c2">Team Rota</span></li>',
        '<li><label><input type="checkbox" checked><span>Team Rota</span></label></li>',
        '<li><input type="checkbox" id="cal2" checked><label for="cal2">Team Rota</label></li>',
    ]
    for entry in named_by:
        panel = ('<ul role="list" aria-label="My calendars"><li><input type="checkbox" aria-label="Dana Whitfield" '
                 f'checked></li>{entry}</ul>')
        calendars = posted_for(two_grids(panel=panel))["snapshot"]["calendars"]
        assert [c["key"] for c in calendars] == [sha256_hex("Dana Whitfield"), sha256_hex("Team Rota")], entry


def test_the_looser_forms_outside_every_day_cell_hide_no_day() -> None:
    """A review: "Show 2 more" outside every day's cell (a dialog's "Show 2 more guests" in main) hid every day
    and removed the pass's windows. The looser forms count only in a day's cell; "2 more" anywhere still does."""
    from tests.gcal_event.test_gcal_review_fixes import HOLIDAY, grid, page, posted_for, row, whole
    for words in ("<div>Show 2 more</div>", "<span>2</span><span>more</span>"):
        posted = posted_for(page(grid(row({"29057": HOLIDAY}), label="All-day events"), grid(row({})), words))
        assert all(whole(posted)), words
