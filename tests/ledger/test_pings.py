"""Pings: coverage intervals, the latest ping per observer and account, the merge rule."""

from __future__ import annotations

from attest_kit.ledger.coverage import Span, stored_spans


def _ack(ack):
    return ack.model_dump(by_alias=True)


def test_a_ping_is_a_coverage_interval_and_the_latest_ping_of_its_observer_and_account(ledger, b, clock):
    ledger.handle(b.ping("gmail.sent", b.at(b.T0, hours=-2), b.T0, b.T0))
    later = b.at(b.T0, minutes=5)
    clock.set(later)
    ledger.handle(b.ping("gmail.sent", b.at(b.T0, hours=-1), later, later))
    ledger.handle(b.ping("gmail.sent", b.at(b.T0, hours=-1), later, later, account=b.OTHER_ACCOUNT))
    latest = {(r["account_hash"], r["last_sync_at"]) for r in ledger.conn.execute("SELECT * FROM latest_pings")}
    assert latest == {(b.ACCOUNT, later), (b.OTHER_ACCOUNT, later)}
    # the first window is not inside the second (it reaches further back): both kept
    assert len(stored_spans(ledger.conn, "gmail.sent")) == 3


def test_a_gmail_sent_ping_whose_window_does_not_end_at_its_sync_is_refused(ledger, b):
    ack = ledger.handle(b.ping("gmail.sent", b.at(b.T0, hours=-2), b.at(b.T0, minutes=-1), b.T0))
    assert _ack(ack) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["windows"] == 0


def test_a_gmail_receipt_ping_wider_than_one_instant_is_refused(ledger, b):
    occ = b.at(b.T0, hours=-3)
    assert _ack(ledger.handle(b.ping("gmail.receipt", occ, b.at(occ, minutes=1), b.T0))) == {
        "ok": False, "code": "invalid_input"}
    assert _ack(ledger.handle(b.ping("gmail.receipt", occ, occ, b.T0))) == {"ok": True}
    assert ledger.counts()["windows"] == 1


def test_a_ping_reaching_past_its_sync_or_backwards_is_refused(ledger, b):
    assert _ack(ledger.handle(b.ping("gmail.receipt", b.at(b.T0, minutes=1), b.at(b.T0, minutes=1), b.T0)))[
        "ok"] is False
    assert _ack(ledger.handle(b.ping("gmail.sent", b.T0, b.at(b.T0, minutes=-5), b.T0)))["ok"] is False
    assert _ack(ledger.handle(b.ping("gmail.sent", b.T0, b.T0, b.T0, all_calendars=True)))["ok"] is False


def test_merge_unites_windows_synced_at_one_instant(ledger, b):
    sync = b.T0
    ledger.handle(b.ping("gcal.event", "2026-10-05T00:00:00.000Z", "2026-10-06T00:00:00.000Z", sync,
                         account=None, all_calendars=True))
    ledger.handle(b.ping("gcal.event", "2026-10-06T00:00:00.000Z", "2026-10-07T00:00:00.000Z", sync,
                         account=None, all_calendars=False))
    assert stored_spans(ledger.conn, "gcal.event") == [
        Span("2026-10-05T00:00:00.000Z", "2026-10-07T00:00:00.000Z", sync, False, None)]


def test_merge_absorbs_the_earlier_synced_window_only_when_it_lies_inside_the_later(ledger, b, clock):
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    ledger.handle(b.ping("gcal.event", "2026-10-05T00:00:00.000Z", "2026-10-06T00:00:00.000Z", b.T0,
                         account=None, all_calendars=True))
    ledger.handle(b.ping("gcal.event", "2026-10-05T00:00:00.000Z", "2026-10-08T00:00:00.000Z", later,
                         account=None, all_calendars=True))
    assert stored_spans(ledger.conn, "gcal.event") == [
        Span("2026-10-05T00:00:00.000Z", "2026-10-08T00:00:00.000Z", later, True, None)]
    # a newer week overlapping an older one is not united: the older part was seen earlier
    clock.set(b.at(later, minutes=1))
    ledger.handle(b.ping("gcal.event", "2026-10-07T00:00:00.000Z", "2026-10-10T00:00:00.000Z",
                         b.at(later, minutes=1), account=None, all_calendars=True))
    assert len(stored_spans(ledger.conn, "gcal.event")) == 2


def test_a_marker_is_a_merge_group_of_its_own(ledger, b, clock):
    start = "2026-10-06T10:00:00.000Z"
    row = b.wire(b.observation("gcal.event", "calendar.created", {"occurredAt": start}, b.T0, "ev1"))
    ledger.handle(b.observations("gcal.event", [row]))
    ledger.handle(b.ping("gcal.event", "2026-10-06T00:00:00.000Z", "2026-10-07T00:00:00.000Z", b.T0,
                         account=None, all_calendars=True))
    assert stored_spans(ledger.conn, "gcal.event", kind="marker") == [Span(start, start, b.T0)]
    assert len(stored_spans(ledger.conn, "gcal.event")) == 1


def test_an_earlier_window_that_follows_nothing_before_its_own_pass_is_absorbed_by_a_later_one():
    # A day waiting for a deletion to be confirmed follows changes only from each pass: its windows'
    # changesSince is their own sync. On a range never seen complete each pass would keep its own window (the later one, whose changesSince is
    # later, "says less"), though an earlier window that follows nothing before its sync says nothing the
    # later one does not.
    from attest_kit.ledger.coverage import mergeable

    day = ("2026-10-05T00:00:00.000Z", "2026-10-06T00:00:00.000Z")
    t1, t2 = "2026-10-06T09:00:00.000Z", "2026-10-06T09:01:00.000Z"
    assert mergeable(Span(*day, t1, True, t1), Span(*day, t2, True, t2))
    # one that followed changes from before its pass still is not: the later says less about them
    assert not mergeable(Span(*day, t1, True, "2026-10-06T08:00:00.000Z"), Span(*day, t2, True, t2))
    assert not mergeable(Span(*day, t1, True, t1), Span(*day, t2, False, t2))  # nor with fewer calendars
