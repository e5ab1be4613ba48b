"""Calendar passes: held pings, checks against the snapshot, all or none, chain restarts."""

from __future__ import annotations

import json

import pytest

from attest_kit.ledger import Ledger, StepResult
from attest_kit.ledger.coverage import stored_spans

MON, TUE = "2026-10-05T10:00:00.000Z", "2026-10-06T15:00:00.000Z"
WEEK_START, WEEK_END = "2026-10-05T00:00:00.000Z", "2026-10-08T00:00:00.000Z"


def _state(ledger):
    """Everything stored (health aside), to compare before and after a refused pass."""
    tables = ("rows", "coverage", "latest_pings", "snapshot_records")
    return {t: [tuple(r) for r in ledger.conn.execute(f"SELECT * FROM {t} ORDER BY 1")] for t in tables}


def _health(ledger):
    return {r["adapterId"]: (r["status"], r["reasons"]) for r in ledger.health_list()}


def test_a_first_look_stores_rows_with_markers_record_windows_and_latest_ping(ledger, b):
    acks = b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON), b.event("b", None, TUE)])
    assert acks == [{"ok": True}] * 3
    counts = ledger.counts()
    assert (counts["rows"], counts["markers"], counts["windows"], counts["snapshot_records"],
            counts["latest_pings"]) == (2, 2, 1, 1, 1)
    assert stored_spans(ledger.conn, "gcal.event", kind="marker")[0].synced == b.T0
    [window] = stored_spans(ledger.conn, "gcal.event")
    assert (window.start, window.end, window.changes_since, window.all_calendars) == (WEEK_START, WEEK_END, b.T0, True)
    assert _health(ledger)["gcal.event"] == ("OK", [])


def test_calendar_pings_are_held_until_their_snapshot_arrives(ledger, b):
    assert ledger.handle(b.week_ping(b.T0), tab="cal").ok
    assert ledger.counts()["windows"] == 0 and ledger.counts()["heldPings"] == 1
    ledger.handle(b.snapshot(b.T0, []), tab="cal")
    assert ledger.counts()["windows"] == 1 and ledger.counts()["heldPings"] == 0


def test_a_later_pass_stores_its_changes_with_markers_and_keeps_changes_since(ledger, b, clock):
    b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON)])
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    acks = b.calendar_pass(ledger, later, [b.event("a", "Standup moved", MON), b.event("c", "New", TUE)])
    assert acks[-1] == {"ok": True}
    types = sorted(r[0] for r in ledger.conn.execute("SELECT type FROM rows"))
    assert types == ["calendar.created", "calendar.created", "calendar.updated"]
    # since v1.12 every Calendar change is stored with its marker (spec §8.3 known limits): no row is UNASKED
    assert ledger.counts()["markers"] == 3
    marked = {r[0] for r in ledger.conn.execute("SELECT row_id FROM coverage WHERE kind = 'marker'")}
    assert marked == {r[0] for r in ledger.conn.execute("SELECT id FROM rows")}
    [window] = stored_spans(ledger.conn, "gcal.event")
    assert (window.synced, window.changes_since) == (later, b.T0)


def test_a_day_hidden_before_follows_changes_only_from_this_pass(ledger, b, clock):
    days = [b.day("2026-10-05"), b.day("2026-10-06", whole=False), b.day("2026-10-07")]
    mon = b.week_ping(b.T0, "2026-10-05", "2026-10-05")
    wed = b.week_ping(b.T0, "2026-10-07", "2026-10-07")
    b.calendar_pass(ledger, b.T0, [], pings=[mon, wed], days=days)
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    b.calendar_pass(ledger, later, [], pings=[b.week_ping(later)])
    newest = max(stored_spans(ledger.conn, "gcal.event"), key=lambda s: s.synced)
    assert newest.changes_since == later  # Tuesday was hidden at the base


@pytest.mark.parametrize("bad_ping", [
    lambda b: b.week_ping(b.T0, account=b.OTHER_ACCOUNT),                                  # another account
    lambda b: b.ping("gcal.event", "2026-10-04T00:00:00.000Z", WEEK_END, b.T0, all_calendars=True),  # outside
    lambda b: b.week_ping(b.T0, "2026-10-06", "2026-10-06"),                               # reaches a hidden day
])
def test_a_ping_that_disagrees_with_its_snapshot_refuses_the_whole_pass(ledger, b, clock, bad_ping):
    b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON)])
    before = _state(ledger)
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    days = [b.day("2026-10-05"), b.day("2026-10-06", whole=False), b.day("2026-10-07")]
    ping = bad_ping(b)
    ping["lastSyncAt"] = later
    acks = b.calendar_pass(ledger, later, [b.event("c", "New", TUE)], pings=[b.week_ping(later, "2026-10-05",
                                                                                          "2026-10-05"), ping],
                           days=days)
    assert acks[-1] == {"ok": False, "code": "invalid_input"}
    after = _state(ledger)
    assert after["rows"] == before["rows"] and after["coverage"] == before["coverage"]
    assert after["snapshot_records"] == []  # the chain restarts
    assert _health(ledger)["gcal.event"] == ("DEGRADED", ["ledger.invalid_input"])
    assert {"event": "observer.calendar_restarted", "reason": "refused", "code": "invalid_input",
            "dropped": 1} in ledger.events


def test_a_calendar_pass_with_a_refused_row_stores_nothing_and_restarts_the_chain(b, clock):
    def tampering_step(stored, snap, instant, *, others):
        result = b.simple_step(stored, snap, instant, others=others)
        rows = list(result.rows)
        if stored is not None:  # the second pass derives one row project() could not have returned
            wire = b.wire(rows[-1].observation)
            wire["contentHash"] = "0" * 64
            rows[-1] = type(rows[-1])(type(rows[-1].observation).model_validate(wire), True)
        return StepResult(rows, result.record)

    ledger = Ledger(":memory:", clock=clock, step=tampering_step)
    b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON)])
    before = _state(ledger)
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    acks = b.calendar_pass(ledger, later, [b.event("a", "Standup", MON), b.event("c", "New", TUE),
                                           b.event("d", "Other", TUE)])
    assert acks[-1] == {"ok": False, "code": "invalid_input"}
    after = _state(ledger)
    assert (after["rows"], after["coverage"], after["latest_pings"]) == (
        before["rows"], before["coverage"], before["latest_pings"])
    assert after["snapshot_records"] == []
    # the next pass is a first look: every event a first sighting with a marker
    ledger.step = b.simple_step
    clock.set(b.at(later, minutes=1))
    assert b.calendar_pass(ledger, b.at(later, minutes=1), [b.event("c", "New", TUE)])[-1] == {"ok": True}
    assert ledger.counts()["markers"] == 2
    [window] = [s for s in stored_spans(ledger.conn, "gcal.event") if s.synced == b.at(later, minutes=1)]
    assert window.changes_since == b.at(later, minutes=1)


@pytest.mark.parametrize("point", ["calendar.row", "calendar.record", "calendar.window"])
def test_a_fault_in_the_middle_of_the_calendar_transaction_leaves_nothing_stored(b, clock, point):
    armed = {"on": False}

    def fault(at_point):
        if armed["on"] and at_point == point:
            raise RuntimeError("worker stopped")

    ledger = Ledger(":memory:", clock=clock, step=b.simple_step, fault=fault)
    b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON)])
    before = _state(ledger)
    armed["on"] = True
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    with pytest.raises(RuntimeError):
        b.calendar_pass(ledger, later, [b.event("a", "Standup", MON), b.event("c", "New", TUE)])
    assert _state(ledger) == before
    armed["on"] = False
    assert ledger.handle(b.health("gmail.sent", "OK", later)).ok  # the ledger still answers


def test_a_late_snapshot_is_skipped_without_coverage_and_not_degraded(ledger, b, clock):
    clock.set(b.at(b.T0, minutes=2))
    b.calendar_pass(ledger, b.at(b.T0, minutes=1), [b.event("a", "Standup", MON)], tab="one")
    before = _state(ledger)
    acks = b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON)], tab="two")
    assert acks[-1] == {"ok": False, "code": "late_sighting"}
    assert _state(ledger) == before
    assert _health(ledger)["gcal.event"][0] == "OK"
    assert ledger.counts()["snapshot_records"] == 1  # no restart


def test_a_snapshot_of_another_selectors_version_is_never_compared(ledger, b, clock):
    b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON)])
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    b.calendar_pass(ledger, later, [b.event("a", "Standup moved", MON)], version="1.1.0")
    types = sorted(r[0] for r in ledger.conn.execute("SELECT type FROM rows"))
    assert types == ["calendar.created", "calendar.created"]  # a first look, not an update
    assert ledger.counts()["markers"] == 2


def test_a_calendar_page_with_no_account_stores_rows_all_or_none_with_accountless_markers(ledger, b, clock):
    rows = [b.wire(b.observation("gcal.event", "calendar.created", {"occurredAt": MON, "subjectHint": "A"},
                                 b.T0, "ev1")),
            b.wire(b.observation("gcal.event", "calendar.created", {"occurredAt": TUE}, b.T0, "ev2"))]
    assert ledger.handle(b.observations("gcal.event", rows), tab="cal").ok
    markers = ledger.conn.execute("SELECT account_hash, synced_at FROM coverage WHERE kind = 'marker'").fetchall()
    assert [tuple(m) for m in markers] == [(None, b.T0), (None, b.T0)]
    assert ledger.handle(b.week_ping(b.T0, account=None), tab="cal").ok
    assert ledger.counts()["windows"] == 1

    later = b.at(b.T0, minutes=1)
    clock.set(later)
    good = b.wire(b.observation("gcal.event", "calendar.created", {"occurredAt": TUE, "subjectHint": "B"},
                                later, "ev3"))
    bad = dict(good, contentHash="0" * 64)
    before = _state(ledger)
    ack = ledger.handle(b.observations("gcal.event", [good, bad]), tab="cal")
    assert ack.model_dump(by_alias=True) == {"ok": False, "code": "invalid_input"}
    assert _state(ledger) == before
    # its pings come after the rows and are recorded only if the rows were stored
    ack = ledger.handle(b.week_ping(later, account=None), tab="cal")
    assert ack.model_dump(by_alias=True) == {"ok": False, "code": "invalid_input"}
    assert _state(ledger) == before


def test_a_resighting_of_a_stored_row_gets_no_marker(ledger, b, clock):
    b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON)])
    ledger.conn.execute("DELETE FROM snapshot_records")  # a restart: the next pass is a first look
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    b.calendar_pass(ledger, later, [b.event("a", "Standup", MON)])
    assert ledger.counts()["rows"] == 1 and ledger.counts()["markers"] == 1


def test_without_a_step_a_snapshot_is_refused_and_the_ledger_says_why(b, clock):
    ledger = Ledger(":memory:", clock=clock, step=None)
    assert b.calendar_pass(ledger, b.T0, [])[-1] == {"ok": False, "code": "invalid_input"}
    assert any(e["event"] == "ledger.no_calendar_step" for e in ledger.events)
    assert json.dumps(ledger.counts())


def test_an_unnamed_calendar_switched_on_restarts_changes_since(b, clock):
    # a review: calendars with no name (now posted, key null) were left out of the shown set, so ticking
    # one kept the earlier changesSince, though its events were never followed before
    from attest_kit.hashing import sha256_hex
    from attest_kit.ledger import Ledger
    from attest_kit.ledger.commands import load_calendar_step

    named, off = sha256_hex("Dana Whitfield"), sha256_hex("Team Rota")
    led = Ledger(":memory:", clock=clock, step=load_calendar_step())

    def one_pass(t, unnamed_shown):
        clock.set(t)
        led.handle(b.health("gcal.event", "OK", t, version="1.3.11"), tab="c")
        led.handle(b.week_ping(t, all_calendars=False), tab="c")
        snap = b.snapshot(t, [], all_calendars=False, version="1.3.11")
        snap["snapshot"]["calendars"] = [{"key": named, "shown": True}, {"key": off, "shown": False},
                                         {"key": None, "shown": unnamed_shown}]
        assert led.handle(snap, tab="c").ok

    one_pass(b.T0, False)
    one_pass(b.at(b.T0, minutes=1), False)
    assert led.conn.execute("SELECT changes_since FROM coverage WHERE kind = 'window' ORDER BY synced_at DESC"
                            " LIMIT 1").fetchone()[0] == b.T0  # followed without a break
    one_pass(b.at(b.T0, minutes=2), True)
    def latest_since():
        return led.conn.execute("SELECT changes_since FROM coverage WHERE kind = 'window' ORDER BY synced_at DESC"
                                " LIMIT 1").fetchone()[0]

    assert latest_since() == b.at(b.T0, minutes=2)


# Calendar with "Show weekends" off draws Friday then Monday (observer 1.3.0 reads such a view: one
# window per run of weekdays). Fri 2026-10-09, Mon 2026-10-12.
GAP_DAYS = ["2026-10-09", "2026-10-12"]


def test_a_snapshot_with_a_weekend_gap_is_stored(ledger, b):
    """Spec §8.3 refuses a pass only for a ping of another account, a window outside the range or one
    reaching a day the snapshot hid; days that are not drawn at all refuse nothing (every such pass
    was refused invalid_input, and the chain restarted on every pass)."""
    pings = [b.week_ping(b.T0, d, d) for d in GAP_DAYS]
    acks = b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", "2026-10-12T10:00:00.000Z")], pings=pings,
                           days=[b.day(d) for d in GAP_DAYS])
    assert acks == [{"ok": True}] * 4
    assert ledger.counts()["windows"] == 2 and ledger.counts()["snapshot_records"] == 1
    assert _health(ledger)["gcal.event"] == ("OK", [])


def test_a_window_over_the_gap_refuses_the_pass(ledger, b):
    """A window from Friday through Monday vouches for the weekend no day of the snapshot saw."""
    acks = b.calendar_pass(ledger, b.T0, [], pings=[b.week_ping(b.T0, GAP_DAYS[0], GAP_DAYS[-1])],
                           days=[b.day(d) for d in GAP_DAYS])
    assert acks[-1] == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["windows"] == 0


@pytest.mark.parametrize("days", [
    lambda b: [b.day("2026-10-09"), b.day("2026-10-09")],                       # a day repeated
    lambda b: [b.day("2026-10-12"), b.day("2026-10-09")],                       # out of order
    lambda b: [b.day("2026-10-09"), {**b.day("2026-10-12"), "start": "2026-10-09T12:00:00.000Z"}],  # overlapping
])
def test_days_out_of_order_or_overlapping_still_refuse(ledger, b, days):
    acks = b.calendar_pass(ledger, b.T0, [], pings=[], days=days(b))
    assert acks[-1] == {"ok": False, "code": "invalid_input"}


def _real_step_pass(led, b, clock, t, days, pings, events=()):
    clock.set(t)
    led.handle(b.health("gcal.event", "OK", t, version="1.3.16"), tab="c")
    for p in pings:
        led.handle(p, tab="c")
    snap = b.snapshot(t, list(events), days=days, version="1.3.16")
    snap["snapshot"]["calendars"] = [{"key": "c" * 64, "shown": True}]
    assert led.handle(snap, tab="c").ok


def _window_since(led, day_start):
    return led.conn.execute("SELECT changes_since FROM coverage WHERE kind = 'window' AND window_start = ?"
                            " ORDER BY synced_at DESC LIMIT 1", (day_start,)).fetchone()[0]


@pytest.mark.parametrize("shape", ["weekend hidden", "a day behind N more"])
def test_a_range_that_can_never_confirm_a_deletion_follows_no_change_from_before_its_pass(b, clock, shape):
    """A held-out sequence audit: spec §8.3 confirms a deletion only over two consecutive complete snapshots
    ("a snapshot that is not complete vouches for no absence"). On a range never seen complete (weekends
    hidden; a short window with "N more" on one day), a deleted event is never reported, yet its day's
    window kept changesSince from the first look: a deletion claim there was fully covered with no row, a
    false NOT FOUND. Such a pass follows changes only from its own instant."""
    from attest_kit.ledger import Ledger
    from attest_kit.ledger.commands import load_calendar_step

    led = Ledger(":memory:", clock=clock, step=load_calendar_step())
    if shape == "weekend hidden":
        days = [b.day(d) for d in GAP_DAYS]
    else:
        days = [b.day("2026-10-09"), b.day("2026-10-10", whole=False), b.day("2026-10-11")]
    friday = b.week_ping(b.T0, "2026-10-09", "2026-10-09")
    event = b.event("a", "Standup", "2026-10-09T10:00:00.000Z")
    for n, events in enumerate([[event], [], []]):
        t = b.at(b.T0, minutes=n)
        _real_step_pass(led, b, clock, t, days, [b.week_ping(t, "2026-10-09", "2026-10-09")], events)
        assert _window_since(led, friday["windowStart"]) == t
    assert [r[0] for r in led.conn.execute("SELECT type FROM rows")] == ["calendar.created"]


def test_a_range_seen_complete_twice_in_a_row_keeps_following_changes(b, clock):
    from attest_kit.ledger import Ledger
    from attest_kit.ledger.commands import load_calendar_step

    led = Ledger(":memory:", clock=clock, step=load_calendar_step())
    days = [b.day(d) for d in ("2026-10-09", "2026-10-10", "2026-10-11")]
    for n in range(3):
        t = b.at(b.T0, minutes=n)
        _real_step_pass(led, b, clock, t, days, [b.week_ping(t, "2026-10-09", "2026-10-11")])
        assert _window_since(led, "2026-10-09T00:00:00.000Z") == b.T0


def test_a_day_waiting_for_a_deletion_to_be_confirmed_follows_changes_only_from_this_pass(b, clock):
    """A review: after a first complete absence, the day's window kept following changes from the base; if no
    second complete snapshot ever comes (the tab closed, a day behind "N more" from then on), the deletion is
    never reported and a deletion claim there grades fully covered with no row. The other days keep following
    changes (their changes are all reported); once the deletion is stored, the day follows changes from the
    last pass that waited for it (the row itself is first seen at the first absence)."""
    from attest_kit.ledger import Ledger
    from attest_kit.ledger.commands import load_calendar_step

    led = Ledger(":memory:", clock=clock, step=load_calendar_step())
    days = [b.day(d) for d in ("2026-10-09", "2026-10-10", "2026-10-11")]
    fri, sun = "2026-10-09T00:00:00.000Z", "2026-10-11T00:00:00.000Z"

    def one_pass(n, events):
        t = b.at(b.T0, minutes=n)
        _real_step_pass(led, b, clock, t, days, [b.week_ping(t, d, d) for d in ("2026-10-09", "2026-10-11")], events)
        return t

    event = b.event("a", "Standup", "2026-10-09T10:00:00.000Z")
    one_pass(0, [event])
    first_absence = one_pass(1, [])
    assert _window_since(led, fri) == first_absence and _window_since(led, sun) == b.T0
    one_pass(2, [])  # the second complete absence: the deletion is stored, first seen at the first absence
    assert [r[0] for r in led.conn.execute("SELECT type FROM rows ORDER BY type")] == [
        "calendar.created", "calendar.deleted"]
    assert _window_since(led, fri) == first_absence and _window_since(led, sun) == b.T0


def test_a_range_whose_day_list_changed_under_the_same_key_follows_changes_from_its_first_look(b, clock):
    """A review: a view of Fri-Mon, then the same range with the weekend hidden (one range key, first and last
    day alike): the step compared no base (its days differ) and dropped the pending deletion, but the ledger
    kept Monday's instant from before the deletion, so Monday's window followed it with no row."""
    from attest_kit.ledger import Ledger
    from attest_kit.ledger.commands import load_calendar_step

    led = Ledger(":memory:", clock=clock, step=load_calendar_step())
    whole = [b.day(d) for d in ("2026-10-09", "2026-10-10", "2026-10-11", "2026-10-12")]
    gap = [b.day(d) for d in ("2026-10-09", "2026-10-12")]
    mon = "2026-10-12T00:00:00.000Z"
    event = b.event("a", "Standup", "2026-10-12T10:00:00.000Z")
    for n, days, events in ((0, whole, [event]), (1, whole, []), (2, gap, []), (3, gap, [])):
        t = b.at(b.T0, minutes=n)
        _real_step_pass(led, b, clock, t, days, [b.week_ping(t, "2026-10-12", "2026-10-12")], events)
    assert _window_since(led, mon) == b.at(b.T0, minutes=2)


def test_a_deletion_waiting_in_another_range_of_the_account_unsettles_the_day_here_too(b, clock):
    """A review: a day tab saw an event created and then missing once, and closed; the week tab never held it
    (created and deleted between its passes), so its window over that day followed changes from before both."""
    from attest_kit.ledger import Ledger
    from attest_kit.ledger.commands import load_calendar_step

    led = Ledger(":memory:", clock=clock, step=load_calendar_step())
    week = [b.day(d) for d in ("2026-10-09", "2026-10-10", "2026-10-11")]
    friday = [b.day("2026-10-09")]
    fri = "2026-10-09T00:00:00.000Z"
    event = b.event("a", "Vendor demo", "2026-10-09T10:00:00.000Z")
    _real_step_pass(led, b, clock, b.T0, week, [b.week_ping(b.T0, "2026-10-09", "2026-10-11")])
    for seconds, events in ((10, []), (60, [event]), (120, [])):
        t = b.at(b.T0, seconds=seconds)
        _real_step_pass(led, b, clock, t, friday, [b.week_ping(t, "2026-10-09", "2026-10-09")], events)
    later = b.at(b.T0, minutes=6)
    _real_step_pass(led, b, clock, later, week, [b.week_ping(later, "2026-10-09", "2026-10-11")])
    assert _window_since(led, fri) == later
