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
