"""The pure step between a range's stored record and a new snapshot: one test per rule (spec §8.3)."""

from __future__ import annotations

import copy

from attest_kit.hashing import sha256_hex
from observers.gcal_event.snapshot import stored_form
from observers.gcal_event.step import chain, is_complete, step

ACC = sha256_hex("dana.whitfield@example.com")
CAL, OTHER = sha256_hex("Dana Whitfield"), sha256_hex("Team Rota")
DAYS = ["2026-11-29", "2026-11-30", "2026-12-01"]


def at(minute: int, second: int = 0) -> str:
    return f"2026-11-30T18:{minute:02d}:{second:02d}.000Z"


def event(key="e1", title="Design review", start="2026-11-30T23:00:00.000Z", end="2026-11-30T23:30:00.000Z",
          guests=(), cal=CAL, days=("2026-11-30",), all_day=False, count=None, began_before=False):
    return {"key": sha256_hex(key), "calendarKey": cal, "title": title, "start": start, "end": end, "allDay": all_day,
            "days": list(days), "beganBefore": began_before, "guests": list(guests),
            "guestCount": len(guests) if count is None else count}


def snap(read, events, hidden=(), cals=((CAL, True), (OTHER, True)), version="gcal.event@1.0.0", days=DAYS, account=ACC):
    return {"selectorsVersion": version, "accountHash": account, "readAt": read, "allCalendars": all(s for _, s in cals),
            "days": [{"date": d, "whole": d not in hidden} for d in days],
            "calendars": [{"key": k, "shown": s} for k, s in cals], "events": list(events)}


def record(snapshot):
    return step(None, snapshot).record


def kinds(result):
    return [(r.type, r.first_sighting) for r in result.rows]


def test_first_look_reports_every_event_as_a_first_sighting_with_its_first_guest():
    result = step(None, snap(at(0), [event(guests=["zed@example.org", "Amy@example.net"]), event("e2", title=None)]))
    assert kinds(result) == [("calendar.created", True)] * 2
    assert result.rows[0].fields == {"occurredAt": "2026-11-30T23:00:00.000Z", "subjectHint": "Design review",
                                     "counterparty": "Amy@example.net"}
    assert "subjectHint" not in result.rows[1].fields and result.rows[1].seen_at == at(0)


def test_a_new_event_on_a_complete_base_is_created():
    base = record(snap(at(0), [event()]))
    result = step(base, snap(at(1), [event(), event("e2", title="Vendor call")]))
    assert kinds(result) == [("calendar.created", False)]


def test_a_new_event_on_a_hidden_day_or_a_calendar_switched_on_is_a_first_sighting():
    hidden_base = record(snap(at(0), [event()], hidden=("2026-11-30",)))
    assert kinds(step(hidden_base, snap(at(1), [event(), event("e2")]))) == [("calendar.created", True)]
    off_base = record(snap(at(0), [event()], cals=((CAL, True), (OTHER, False))))
    result = step(off_base, snap(at(1), [event(), event("e2", cal=OTHER)]))
    assert kinds(result) == [("calendar.created", True)]
    unnamed = step(record(snap(at(0), [event()])), snap(at(1), [event(), event("e3", cal=None)]))
    assert kinds(unnamed) == [("calendar.created", True)]


def test_a_new_event_that_began_before_the_range_is_a_first_sighting():
    base = record(snap(at(0), [event()]))
    early = event("e2", start="2026-11-28T20:00:00.000Z", days=("2026-11-29",), began_before=True)
    assert kinds(step(base, snap(at(1), [event(), early]))) == [("calendar.created", True)]
    # a record stored before 1.3.89 wrote the range's eve first in the days instead: still read so
    eve = event("e3", start="2026-11-28T20:00:00.000Z", days=("2026-11-28", "2026-11-29"))
    assert kinds(step(base, snap(at(1), [event(), eve]))) == [("calendar.created", True)]


def test_an_incomplete_base_makes_every_new_event_a_first_sighting():
    base = record(snap(at(0), [event()], hidden=("2026-12-01",)))
    assert kinds(step(base, snap(at(1), [event(), event("e2")]))) == [("calendar.created", True)]


def test_updated_start_end_all_day_title_calendar_or_guests():
    base = record(snap(at(0), [event(guests=["omar@example.org"])]))
    changes = [dict(start="2026-11-30T22:00:00.000Z"), dict(end="2026-12-01T00:00:00.000Z"), dict(all_day=True),
               dict(title="Renamed"), dict(cal=OTHER), dict(guests=["omar@example.org", "ian@example.net"])]
    for change in changes:
        new = event(**{"guests": ["omar@example.org"], **change})
        result = step(base, snap(at(1), [new]))
        assert kinds(result) == [("calendar.updated", False)], change
    assert step(base, snap(at(1), [event(guests=["OMAR@example.org"])])).rows == []  # same guest, case folded
    assert step(base, snap(at(1), [event(guests=["omar@example.org"], count=5)])).rows == []  # count alone: no change


def test_an_update_that_added_guests_names_the_first_one_added():
    base = record(snap(at(0), [event(guests=["omar@example.org"])]))
    result = step(base, snap(at(1), [event(guests=["omar@example.org", "Zoe@example.net", "ian@example.net"])]))
    assert result.rows[0].fields["counterparty"] == "ian@example.net"
    removed = step(base, snap(at(1), [event(title="x", guests=["omar@example.org"])]))
    assert removed.rows[0].fields["counterparty"] == "omar@example.org"


def test_deleted_after_two_complete_absences_seen_at_the_first():
    results, last = chain([snap(at(0), [event(guests=["kemal@example.org"]), event("e2")]),
                           snap(at(1), [event("e2")]), snap(at(2), [event("e2")])])
    assert results[1].rows == [] and sha256_hex("e1") in results[1].record["pending"]
    assert kinds(results[2]) == [("calendar.deleted", False)]
    row = results[2].rows[0]
    assert row.seen_at == at(1) and row.fields["counterparty"] == "kemal@example.org"
    assert last["pending"] == {}


def test_an_event_coming_back_clears_its_pending_deletion():
    results, last = chain([snap(at(0), [event(), event("e2")]), snap(at(1), [event("e2")]),
                           snap(at(2), [event(), event("e2")]), snap(at(3), [event(), event("e2")])])
    assert [r.rows for r in results[1:]] == [[], [], []] and last["pending"] == {}


def test_an_incomplete_snapshot_vouches_for_no_absence_and_keeps_the_pending_one():
    first_absence = chain([snap(at(0), [event(), event("e2")]), snap(at(1), [event("e2")])])[1]
    incomplete = snap(at(2), [event("e2")], hidden=("2026-12-01",))
    middle = step(first_absence, incomplete)
    assert middle.rows == [] and sha256_hex("e1") in middle.record["pending"]
    # Not consecutive any more: the next complete absence is the first again, the one after confirms.
    again = step(middle.record, snap(at(3), [event("e2")]))
    assert again.rows == [] and again.record["pending"][sha256_hex("e1")]["firstAbsentAt"] == at(3)
    final = step(again.record, snap(at(4), [event("e2")]))
    # last seen at at(0): a first absence at at(3) is past the late-change limit, so a first sighting
    assert kinds(final) == [("calendar.deleted", True)] and final.rows[0].seen_at == at(3)
    never = chain([snap(at(0), [event()]), snap(at(1), [], hidden=("2026-12-01",)),
                   snap(at(2), [], hidden=("2026-12-01",))])[0]
    assert all(r.rows == [] for r in never[1:])


def test_an_absence_on_a_calendar_switched_off_is_no_absence():
    off = ((CAL, False), (OTHER, True))
    results, _ = chain([snap(at(0), [event()]), snap(at(1), [], cals=off), snap(at(2), [], cals=off)])
    assert [r.rows for r in results[1:]] == [[], []]


def test_a_change_noticed_late_is_a_first_sighting():
    base = record(snap(at(0), [event()]))
    late_update = step(base, snap(at(2, 1), [event(title="Renamed")]))
    assert kinds(late_update) == [("calendar.created", True)]
    on_time = step(base, snap(at(2), [event(title="Renamed")]))  # exactly two minutes: not late
    assert kinds(on_time) == [("calendar.updated", False)]
    late_new = step(base, snap(at(3), [event(), event("e2")]))
    assert kinds(late_new) == [("calendar.created", True)]


def test_a_deletion_whose_first_absence_was_late_is_a_first_sighting():
    results, _ = chain([snap(at(0), [event()]), snap(at(5), []), snap(at(6), [])])
    assert kinds(results[2]) == [("calendar.deleted", True)] and results[2].rows[0].seen_at == at(5)


def test_a_snapshot_of_another_selectors_version_starts_again():
    base = record(snap(at(0), [event()]))
    result = step(base, snap(at(1), [event(title="Renamed"), event("e2")], version="gcal.event@1.1.0"))
    assert kinds(result) == [("calendar.created", True)] * 2 and result.record["pending"] == {}


def test_another_range_or_account_is_no_base():
    base = record(snap(at(0), [event()]))
    other_range = snap(at(1), [event()], days=["2026-11-30", "2026-12-01"])
    assert kinds(step(base, other_range)) == [("calendar.created", True)]
    other_account = snap(at(1), [event()], account=sha256_hex("someone@example.org"))
    assert kinds(step(base, other_account)) == [("calendar.created", True)]


def test_a_snapshot_read_at_or_before_the_stored_one_is_skipped():
    base = record(snap(at(1), [event()]))
    result = step(base, snap(at(1), [event(title="Renamed")]))
    assert result.skipped and result.rows == [] and result.record is base


def test_a_change_another_range_already_held_is_a_first_sighting():
    base = record(snap(at(0), [event()]))
    month = record(snap(at(0, 30), [event(title="Renamed")], days=["2026-11-30"]))
    result = step(base, snap(at(1), [event(title="Renamed")]), others=[month])
    assert kinds(result) == [("calendar.created", True)]
    stale_month = record(snap(at(0), [event(title="Renamed")], days=["2026-11-30"]))
    assert kinds(step(base, snap(at(1), [event(title="Renamed")]), others=[stale_month])) == [("calendar.updated", False)]


def test_the_stored_form_keeps_the_first_guest_and_hashes_of_every_lowercased_guest():
    stored = stored_form(snap(at(0), [event(guests=["Amy@Example.net", "zed@example.org"])]))["events"][0]
    assert stored["firstGuest"] == "Amy@Example.net" and "guests" not in stored
    assert stored["guestHashes"] == sorted([sha256_hex("amy@example.net"), sha256_hex("zed@example.org")])


def test_complete_needs_every_day_whole_and_each_calendar_named_once():
    assert is_complete(snap(at(0), []))
    assert not is_complete(snap(at(0), [], hidden=("2026-11-29",)))
    assert not is_complete(snap(at(0), [], cals=((CAL, True), (CAL, True))))


def test_the_step_does_not_change_its_inputs():
    base = record(snap(at(0), [event(), event("e2")]))
    new = snap(at(1), [event("e2", title="x")])
    before = (copy.deepcopy(base), copy.deepcopy(new))
    step(base, new)
    assert (base, new) == before


# --- a second held-out set's findings (selectors 1.3.0) ---------------------------------------------

def test_an_event_first_missing_from_an_incomplete_snapshot_is_still_deleted_after_two_complete_absences():
    incomplete = snap(at(1), [event("e2")], hidden=("2026-12-01",))
    results, last = chain([snap(at(0), [event(), event("e2")]), incomplete,
                           snap(at(2), [event("e2")]), snap(at(3), [event("e2")])])
    assert [r.rows for r in results[1:3]] == [[], []]
    assert kinds(results[3]) == [("calendar.deleted", False)] and results[3].rows[0].seen_at == at(2)
    assert last["pending"] == {}


def test_an_event_back_after_an_incomplete_snapshot_is_no_new_sighting():
    incomplete = snap(at(1), [event("e2")], hidden=("2026-12-01",))
    results, last = chain([snap(at(0), [event(), event("e2")]), incomplete, snap(at(2), [event(), event("e2")])])
    assert [r.rows for r in results[1:]] == [[], []] and last["pending"] == {}


def test_a_creation_needs_its_own_calendar_named_once_not_every_calendar():
    twice = ((CAL, True), (OTHER, True), (OTHER, True))  # Team Rota listed under both lists
    base = record(snap(at(0), [event()], cals=twice))
    result = step(base, snap(at(1), [event(), event("e2"), event("e3", cal=OTHER)], cals=twice))
    by_key = {r.row_key: r.first_sighting for r in result.rows}
    assert by_key == {sha256_hex("e2"): False, sha256_hex("e3"): True}


def test_a_change_made_while_the_base_could_not_see_the_event_is_a_first_sighting():
    off = ((CAL, True), (OTHER, False))
    moved = event("e1", cal=OTHER, start="2026-12-01T01:00:00.000Z", end="2026-12-01T02:00:00.000Z")
    results, _ = chain([snap(at(0), [event("e1", cal=OTHER)]), snap(at(1), [], cals=off), snap(at(2), [], cals=off),
                        snap(at(3), [moved])])
    assert [r.rows for r in results[1:3]] == [[], []]
    assert kinds(results[3]) == [("calendar.created", True)]
    # back unchanged: a first sighting too (spec §8.3, "a calendar switched on"), which the ledger finds
    # stored already (the same row) when nothing changed since its last row
    same, _ = chain([snap(at(0), [event("e1", cal=OTHER)]), snap(at(1), [], cals=off), snap(at(2), [event("e1", cal=OTHER)])])
    assert kinds(same[2]) == [("calendar.created", True)]


def test_an_invitation_on_no_named_calendar_is_deleted_when_every_calendar_is_shown():
    invite = event("inv", cal=None)
    results, _ = chain([snap(at(0), [invite]), snap(at(1), []), snap(at(2), [])])
    assert kinds(results[2]) == [("calendar.deleted", False)] and results[2].rows[0].seen_at == at(1)
    off = ((CAL, True), (OTHER, False))
    hidden, _ = chain([snap(at(0), [invite]), snap(at(1), [], cals=off), snap(at(2), [], cals=off)])
    assert [r.rows for r in hidden[1:]] == [[], []]  # a calendar switched off might be the invitation's


def test_a_deletion_that_began_while_the_base_could_not_see_the_event_is_a_first_sighting():
    off = ((CAL, True), (OTHER, False))
    snaps = [snap(at(0), [event("e1", cal=OTHER)])] + [snap(at(i), [], cals=off) for i in (1, 2, 3)]
    snaps += [snap(at(4), []), snap(at(5), [])]
    results, _ = chain(snaps)
    assert kinds(results[5]) == [("calendar.deleted", True)]


def test_an_event_back_edited_after_one_complete_absence_is_an_update():
    results, _ = chain([snap(at(0), [event()]), snap(at(1), []), snap(at(2), [event(title="Design review v2")])])
    assert kinds(results[2]) == [("calendar.updated", False)]


# "Show weekends" off: Friday, then Monday (the ledger stores such a pass; its weekend is no day it saw).
GAP = ["2026-12-04", "2026-12-07"]


def test_a_range_with_days_not_drawn_is_not_complete():
    """Spec §8.3: "a complete snapshot saw every day of its range whole". Its weekend lies in its range
    and was not seen, so an event moved onto Saturday (invisible there) is no absence: it is never
    deleted on two such passes (it was, after two, as if it had been deleted)."""
    friday = event(start="2026-12-04T18:00:00.000Z", end="2026-12-04T18:30:00.000Z", days=("2026-12-04",))
    assert is_complete(snap(at(0), [], days=["2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07"]))
    assert not is_complete(snap(at(0), [], days=GAP))
    results, last = chain([snap(at(0), [friday], days=GAP), snap(at(1), [], days=GAP), snap(at(2), [], days=GAP)])
    assert [r.rows for r in results[1:]] == [[], []]
    assert sha256_hex("e1") in last["pending"] and last["pending"][sha256_hex("e1")]["firstAbsentAt"] is None


def test_an_event_a_calendar_switched_on_or_a_day_shown_again_shows_is_a_first_sighting_even_unchanged():
    """Spec §8.3: first sightings are "every event the stored snapshot could not have seen (the first look at a
    range, a calendar switched on, a day that was hidden behind "N more")". The base that held such an event
    only as pending (no vouched absence) did not see it; back unchanged, it used to give no row (an audit's
    sequence: updated, calendar off, calendar on, and the updated state never stored as a first sighting)."""
    off = ((CAL, False), (OTHER, True))
    results, _ = chain([snap(at(0), [event()]), snap(at(1), [], cals=off), snap(at(2), [event()])])
    assert kinds(results[2]) == [("calendar.created", True)] and results[2].rows[0].seen_at == at(2)
    hidden, _ = chain([snap(at(0), [event()]), snap(at(1), [], hidden=("2026-11-30",)), snap(at(2), [event()])])
    assert kinds(hidden[2]) == [("calendar.created", True)]
    # seen by the base, or absent once from a view that vouched for it: back unchanged, no row
    seen, _ = chain([snap(at(0), [event()]), snap(at(1), [event()])])
    assert seen[1].rows == []
    once, _ = chain([snap(at(0), [event()]), snap(at(1), []), snap(at(2), [event()])])
    assert once[2].rows == []


def test_a_deletion_pending_for_an_event_that_began_before_a_range_unsettles_the_days_before_it():
    """A review of 1.3.89: the range's eve, written first in an event's days until 1.3.88, was also what made another
    range's tab (a day view of that eve) unsettled while the event's deletion was pending; with the days cut to the
    range's, the eve was no longer held and that day's changesSince ran on over an unreported deletion. The days
    before the range back to the event's start are held now (the start's UTC date less one: a local day is within one
    of it; more days unsettled is the safe side)."""
    trip = event("trip", title="Trip", start="2026-11-27T08:00:00.000Z", end="2026-12-02T08:00:00.000Z", all_day=True,
                 days=DAYS, began_before=True)
    week = record(snap(at(1), [event(), trip]))
    week = step(week, snap(at(2), [event()])).record  # missing once: its deletion is pending
    assert week["pending"]

    def unsettled(day: str) -> list[str]:
        seen = record(snap(at(0), [], days=[day]))  # the day tab's earlier look: a base to compare with
        return step(seen, snap(at(3), [], days=[day]), others=[week]).unsettled_days

    assert unsettled("2026-11-28") == ["2026-11-28"]
    assert unsettled("2026-11-26") == ["2026-11-26"]  # the local day before the start is held too (safe side)
    assert unsettled("2026-11-20") == []


def test_a_pending_deletion_of_an_event_across_a_hidden_weekend_unsettles_the_weekend():
    """A review of 1.3.90's sequel: with weekends hidden, an event's days are the visible ones only (1.3.91), so the
    days it spans between them (the hidden Saturday and Sunday) are held as the eve is: a day tab on that Saturday
    follows its changes only from this pass while the deletion is pending."""
    days = ["2026-12-03", "2026-12-04", "2026-12-07"]
    trip = event("trip", title="Trip", start="2026-12-04T08:00:00.000Z", end="2026-12-08T08:00:00.000Z", all_day=True,
                 days=("2026-12-04", "2026-12-07"))
    week = record(snap(at(1), [trip], days=days))
    week = step(week, snap(at(2), [], days=days)).record
    assert week["pending"]
    seen = record(snap(at(0), [], days=["2026-12-05"]))
    assert step(seen, snap(at(3), [], days=["2026-12-05"]), others=[week]).unsettled_days == ["2026-12-05"]


def test_a_pending_deletion_holds_a_hidden_day_the_event_starts_or_ends_on():
    """A review of 1.3.91 (6,000 random sequences, old against new): an event starting or ending on a weekend the
    range hides (Trip, Saturday to Monday, drawn on Monday only) had that day left out of what its pending deletion
    held, which the days listed until 1.3.88 held. The whole span the event's instants give is held now (from the
    start's UTC date less one to the end's plus one: the safe side)."""
    days = ["2026-12-03", "2026-12-04", "2026-12-07", "2026-12-08"]
    trip = event("trip", title="Trip", start="2026-12-05T08:00:00.000Z", end="2026-12-08T08:00:00.000Z", all_day=True,
                 days=("2026-12-07",))
    week = record(snap(at(1), [trip], days=days))
    week = step(week, snap(at(2), [], days=days)).record
    for day in ("2026-12-05", "2026-12-06"):
        seen = record(snap(at(0), [], days=[day]))
        assert step(seen, snap(at(3), [], days=[day]), others=[week]).unsettled_days == [day]
