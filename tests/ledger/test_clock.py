"""The clock guard (spec §3.6): clock_behind, the high water, the repair, the floor."""

from __future__ import annotations

import pytest

from attest_kit.ledger.coverage import stored_spans

MON = "2026-10-05T10:00:00.000Z"
OCC = "2026-10-06T08:00:00.000Z"


def _ack(ack):
    return ack.model_dump(by_alias=True)


@pytest.mark.parametrize("make", [
    lambda b, t: b.health("gmail.sent", "OK", t),
    lambda b, t: b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, t)]),
    lambda b, t: b.ping("gmail.sent", b.at(t, hours=-1), t, t),
    lambda b, t: b.snapshot(t, []),
])
def test_a_message_stamped_after_the_ledgers_clock_is_clock_behind(ledger, b, make):
    ahead = b.at(b.T0, seconds=1)
    assert _ack(ledger.handle(make(b, ahead), tab="t")) == {"ok": False, "code": "clock_behind"}
    assert all(v == 0 for v in ledger.counts().values())
    assert ledger.health_list() == []  # not DEGRADED: nothing is wrong with the page


def test_a_calendar_pass_stamped_after_the_clock_stores_nothing(ledger, b):
    ahead = b.at(b.T0, seconds=1)
    ledger.handle(b.week_ping(ahead), tab="cal")
    assert _ack(ledger.handle(b.snapshot(ahead, [b.event("a", "A", MON)]), tab="cal"))["code"] == "clock_behind"
    assert all(v == 0 for v in ledger.counts().values())


def test_a_clock_that_jumps_forward_and_comes_back_deletes_exactly_what_the_spec_lists(ledger, b, clock):
    # Before the jump: a Gmail pass, a Calendar pass, a health report. All of it must stay.
    b.calendar_pass(ledger, b.T0, [b.event("a", "Standup", MON)])
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="sent")
    ledger.handle(b.observations("gmail.sent", [b.sent_row("early@example.com", OCC, b.T0)]), tab="sent")
    ledger.handle(b.ping("gmail.sent", b.at(b.T0, hours=-1), b.T0, b.T0), tab="sent")
    kept_before = {t: [tuple(r) for r in ledger.conn.execute(f"SELECT * FROM {t} ORDER BY 1")]
                   for t in ("rows", "coverage")}

    # The jump: two hours ahead, a second Calendar range, Gmail rows, a ledger DEGRADED.
    ahead = b.at(b.T0, hours=2)
    clock.set(ahead)
    b.calendar_pass(ledger, ahead, [b.event("b", "Review", "2026-10-13T10:00:00.000Z"),
                                    b.event("c", "Read", "2026-10-13T12:00:00.000Z")],
                    pings=[b.week_ping(ahead, "2026-10-12", "2026-10-14")],
                    days=[b.day(d) for d in ("2026-10-12", "2026-10-13", "2026-10-14")])
    ledger.handle(b.health("gmail.sent", "OK", ahead), tab="sent")
    ledger.handle(b.observations("gmail.sent", [b.sent_row("late@example.com", OCC, ahead)]), tab="sent")
    bad = b.sent_row("bad@example.com", OCC, ahead)
    bad["contentHash"] = "0" * 64
    ledger.handle(b.observations("gmail.receipt", [bad]), tab="sent")
    ledger.handle(b.ping("gmail.sent", b.at(ahead, hours=-1), ahead, ahead), tab="sent")
    read_row = ledger.conn.execute("SELECT id FROM rows WHERE source = 'gcal.event' AND sighted_at = ?"
                                   " ORDER BY id LIMIT 1", (ahead,)).fetchone()[0]
    ledger.mark_batch_read([read_row])

    # The clock comes back.
    back = b.at(b.T0, minutes=5)
    clock.set(back)
    ledger.handle(b.health("gmail.sent", "OK", back), tab="sent")
    ledger.handle(b.health("gmail.sent", "OK", back), tab="sent")

    regressed = [e for e in ledger.events if e["event"] == "ledger.clock_regressed"]
    assert regressed == [{"event": "ledger.clock_regressed", "coverage": 2, "markers": 2, "latestPings": 2,
                          "snapshotRecords": 1, "calendarRows": 1, "healthReports": 2, "healthRestamped": 1}]
    assert set(regressed[0]) - {"event"} <= {"coverage", "markers", "latestPings", "snapshotRecords",
                                             "calendarRows", "healthReports", "healthRestamped"}  # counts only
    rows_now = {tuple(r) for r in ledger.conn.execute("SELECT * FROM rows ORDER BY 1")}
    assert set(kept_before["rows"]) <= rows_now
    left = {r[0] for r in ledger.conn.execute("SELECT id FROM rows WHERE sighted_at = ?", (ahead,))}
    gmail_late = {r[0] for r in ledger.conn.execute("SELECT id FROM rows WHERE source = 'gmail.sent'"
                                                    " AND sighted_at = ?", (ahead,))}
    assert left == gmail_late | {read_row} and len(gmail_late) == 1  # Gmail rows are not on the list
    assert [tuple(r) for r in ledger.conn.execute("SELECT * FROM coverage ORDER BY 1")] == kept_before["coverage"]
    # the jump's pings had replaced the earlier latest pings of their streams: none is left
    assert ledger.conn.execute("SELECT COUNT(*) FROM latest_pings").fetchone()[0] == 0
    assert [r[0] for r in ledger.conn.execute("SELECT read_at FROM snapshot_records")] == [b.T0]
    health = {r["adapterId"]: r for r in ledger.health_list()}
    assert "gcal.event" not in health  # its own report of the jump ahead is deleted
    assert health["gmail.sent"]["checkedAt"] == back
    assert health["gmail.receipt"]["status"] == "DEGRADED"
    assert health["gmail.receipt"]["checkedAt"] == back  # stamped again at the clock, reasons kept
    assert health["gmail.receipt"]["reasons"] == ["ledger.invalid_input"]


def test_after_a_regression_no_window_follows_changes_from_before_the_floor(ledger, b, clock):
    ahead = b.at(b.T0, hours=1)
    clock.set(ahead)
    ledger.handle(b.health("gmail.sent", "OK", ahead))  # the high water reaches an hour ahead
    back = b.at(b.T0, minutes=1)
    clock.set(back)
    b.calendar_pass(ledger, back, [b.event("a", "Standup", MON)])  # read before the floor
    [window] = stored_spans(ledger.conn, "gcal.event")
    assert window.changes_since is None
    after = b.at(ahead, minutes=1)
    clock.set(after)
    b.calendar_pass(ledger, after, [b.event("a", "Standup", MON)])
    newest = max(stored_spans(ledger.conn, "gcal.event"), key=lambda s: s.synced)
    assert newest.changes_since == ahead  # raised to the floor, not the chain's start at `back`


def test_a_row_a_batch_read_keeps_its_sighting_and_an_earlier_resighting_is_a_noop(ledger, b, clock):
    ahead = b.at(b.T0, hours=1)
    clock.set(ahead)
    ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, ahead)]))
    back = b.at(b.T0, minutes=1)
    clock.set(back)
    ack = ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, back)]))
    assert _ack(ack) == {"ok": True}
    assert [r[0] for r in ledger.conn.execute("SELECT sighted_at FROM rows")] == [ahead]


def test_the_repair_runs_once_per_regression(ledger, b, clock):
    clock.set(b.at(b.T0, hours=1))
    ledger.handle(b.health("gmail.sent", "OK", b.at(b.T0, hours=1)))
    clock.set(b.T0)
    for _ in range(3):
        ledger.handle(b.health("gmail.sent", "OK", b.T0))
    assert sum(e["event"] == "ledger.clock_regressed" for e in ledger.events) == 1


def test_a_row_first_stored_after_a_repair_still_refuses_an_earlier_sighting(ledger, b, clock):
    # The no-op of §3.6 is for a row kept from the jump ahead. A row first stored after the repair, at an
    # instant that lies inside the old jump, was seen then: another tab's earlier sighting of it is late.
    clock.set(b.at(b.T0, hours=2))
    ledger.handle(b.health("gmail.sent", "OK", b.at(b.T0, hours=2)), tab="a")
    clock.set(b.at(b.T0, minutes=5))
    ledger.handle(b.health("gmail.sent", "OK", b.at(b.T0, minutes=5)), tab="a")  # the repair runs here
    stored_at = b.at(b.T0, minutes=30)
    clock.set(stored_at)
    ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, stored_at)]), tab="a")
    earlier = b.at(b.T0, minutes=20)
    ack = ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, earlier)]), tab="b")
    assert _ack(ack) == {"ok": False, "code": "late_sighting"}
