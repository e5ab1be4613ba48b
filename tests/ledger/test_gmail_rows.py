"""Gmail rows: stored per message in one transaction, refusals decided before the write."""

from __future__ import annotations

import pytest

OCC = "2026-10-06T08:00:00.000Z"


def _ack(ack):
    return ack.model_dump(by_alias=True)


def test_gmail_rows_are_stored_per_message(ledger, b):
    rows = [b.sent_row("ana@example.com", OCC, b.T0), b.sent_row("bo@example.net", OCC, b.T0)]
    assert _ack(ledger.handle(b.observations("gmail.sent", rows), tab="sent")) == {"ok": True}
    assert ledger.counts()["rows"] == 2
    sighted = {r["sighted_at"] for r in ledger.conn.execute("SELECT sighted_at FROM rows")}
    assert sighted == {b.T0}


def test_a_resighting_later_changes_nothing(ledger, b, clock):
    ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, b.T0)]))
    later = b.at(b.T0, minutes=3)
    clock.set(later)
    assert _ack(ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, later)]))) == {"ok": True}
    assert [r[0] for r in ledger.conn.execute("SELECT sighted_at FROM rows")] == [b.T0]


def test_gmail_refusals_answer_the_worst_code_and_store_the_rest(ledger, b, clock):
    clock.set(b.at(b.T0, minutes=10))
    late_at = b.at(b.T0, minutes=5)
    ledger.handle(b.observations("gmail.sent", [b.sent_row("late@example.com", OCC, late_at)]))
    conflicting = b.sent_row("con@example.com", OCC, b.T0)
    ledger.conn.execute("INSERT INTO rows (id, source, type, content_hash, fields, observed_at, sighted_at)"
                        " VALUES (?, 'gmail.sent', 'email.sent', ?, '{}', ?, ?)",
                        (conflicting["id"], "0" * 64, b.T0, b.T0))
    bad = b.sent_row("bad@example.com", OCC, b.T0)
    bad["contentHash"] = "f" * 64  # a row project() could not have returned
    good = b.sent_row("good@example.com", OCC, b.T0)
    late = b.sent_row("late@example.com", OCC, b.T0)

    ack = ledger.handle(b.observations("gmail.sent", [late, conflicting, good, bad]), tab="sent")
    assert _ack(ack) == {"ok": False, "code": "invalid_input"}
    stored = {r[0] for r in ledger.conn.execute("SELECT id FROM rows")}
    assert good["id"] in stored and bad["id"] not in stored
    [row] = ledger.health_list()
    assert row["status"] == "DEGRADED"
    assert row["reasons"] == ["ledger.id_conflict", "ledger.invalid_input", "ledger.late_sighting"]

    ack = ledger.handle(b.observations("gmail.sent", [late, conflicting]), tab="sent")
    assert _ack(ack) == {"ok": False, "code": "id_conflict"}
    assert _ack(ledger.handle(b.observations("gmail.sent", [late]), tab="sent")) == {
        "ok": False, "code": "late_sighting"}


@pytest.mark.parametrize("field,value", [("counterparty", "two\nlines@example.com"), ("merchant", "Shop")])
def test_a_row_with_a_field_project_would_refuse_is_invalid_input(ledger, b, field, value):
    row = b.sent_row("ana@example.com", OCC, b.T0)
    row["fields"][field] = value
    ack = ledger.handle(b.observations("gmail.sent", [row]))
    assert _ack(ack) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["rows"] == 0


def test_a_row_of_another_source_is_invalid_input(ledger, b):
    row = b.sent_row("ana@example.com", OCC, b.T0)
    assert _ack(ledger.handle(b.observations("gmail.receipt", [row]))) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["rows"] == 0


@pytest.mark.parametrize("message", [
    {"type": "observer.unknown"},
    {"type": "adapter.health"},
    "not an object",
    None,
    {"type": "coverage.ping", "source": "gmail.sent", "accountHash": None, "lastSyncAt": "yesterday",
     "windowStart": "x", "windowEnd": "y", "userActive": False},
])
def test_bad_input_is_refused_nothing_stored_and_the_next_message_answered(ledger, b, message):
    assert _ack(ledger.handle(message)) == {"ok": False, "code": "invalid_input"}
    assert all(v == 0 for v in ledger.counts().values())
    assert ledger.health_list() == []
    ok = ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, b.T0)]))
    assert _ack(ok) == {"ok": True}


def test_a_refused_row_stops_that_passs_coverage(ledger, b, clock):
    # spec §3.6: "one refused row does not stop the rest, but it does stop that pass's coverage" (the content
    # script stops after a refused post; a ping of that pass that arrives anyway is not recorded).
    # A held-out audit found the ping of such a pass stored as a window.
    clock.set(b.at(b.T0, minutes=1))
    bad = b.sent_row("bad@example.com", OCC, b.T0)
    bad["contentHash"] = "f" * 64
    good = b.sent_row("good@example.com", OCC, b.T0)
    assert _ack(ledger.handle(b.observations("gmail.sent", [good, bad]), tab="sent"))["code"] == "invalid_input"
    ping = b.ping("gmail.sent", b.at(b.T0, hours=-1), b.T0, b.T0)
    assert _ack(ledger.handle(ping, tab="sent")) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["windows"] == 0 and ledger.counts()["latest_pings"] == 0
    # another tab's pass at the same instant, and the next pass of this tab, are not that pass
    assert _ack(ledger.handle(ping, tab="other")) == {"ok": True}
    later = b.at(b.T0, seconds=30)
    assert _ack(ledger.handle(b.ping("gmail.sent", b.at(later, hours=-1), later, later), tab="sent")) == {"ok": True}
    assert ledger.counts()["windows"] >= 1


def test_a_ping_of_a_refused_pass_is_refused_however_late_it_comes(ledger, b, clock):
    bad = b.sent_row("bad@example.com", OCC, b.T0)
    bad["contentHash"] = "f" * 64
    ledger.handle(b.observations("gmail.sent", [bad]), tab="sent")
    clock.set(b.at(b.T0, minutes=5))
    ping = b.ping("gmail.sent", b.at(b.T0, hours=-1), b.T0, b.T0)
    assert _ack(ledger.handle(ping, tab="sent")) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["windows"] == 0


def test_a_ping_after_its_rows_were_answered_clock_behind_is_not_recorded(ledger, b, clock):
    # spec §3.3/§3.6: a rejected post ends the pass, so coverage never follows rows that were not stored. A
    # ledger audit found the ping of a pass whose rows were clock_behind recorded once the clock caught up.
    ahead = b.at(b.T0, seconds=30)
    rows = b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, ahead)])
    assert _ack(ledger.handle(rows, tab="sent")) == {"ok": False, "code": "clock_behind"}
    clock.set(b.at(b.T0, minutes=1))
    ping = b.ping("gmail.sent", b.at(ahead, hours=-1), ahead, ahead)
    assert _ack(ledger.handle(ping, tab="sent")) == {"ok": False, "code": "clock_behind"}
    assert ledger.counts()["windows"] == 0 and ledger.counts()["latest_pings"] == 0
    assert ledger.health_list() == []  # clock_behind is not DEGRADED: nothing is wrong with the page


def test_a_clean_second_message_of_a_refused_pass_does_not_release_its_coverage(ledger, b):
    # A pass of more than 500 rows posts several messages; a refusal in the first stops that pass's coverage
    # however the next message fares. A ledger audit found the second message's success releasing the ping.
    bad = b.sent_row("bad@example.com", OCC, b.T0)
    bad["contentHash"] = "f" * 64
    assert _ack(ledger.handle(b.observations("gmail.sent", [bad]), tab="sent"))["code"] == "invalid_input"
    good = b.sent_row("good@example.com", OCC, b.T0)
    assert _ack(ledger.handle(b.observations("gmail.sent", [good]), tab="sent")) == {"ok": True}
    ping = b.ping("gmail.sent", b.at(b.T0, hours=-1), b.T0, b.T0)
    assert _ack(ledger.handle(ping, tab="sent")) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["windows"] == 0


@pytest.mark.parametrize("refusal", ["invalid_input", "clock_behind"])
def test_a_refused_pass_keeps_its_pings_out_across_a_restart(tmp_path, b, clock, refusal):
    # A review: the refused pass was remembered in memory only, so after a service-worker restart its ping
    # was recorded as a window over rows that were never stored.
    from attest_kit.ledger import Ledger

    db = str(tmp_path / "ledger.sqlite")
    first = Ledger(db, clock=clock)
    row = b.sent_row("ana@example.com", OCC, b.T0)
    if refusal == "invalid_input":
        row["contentHash"] = "f" * 64
    else:
        clock.set(b.at(b.T0, seconds=-30))
    assert _ack(first.handle(b.observations("gmail.sent", [row]), tab="sent"))["code"] == refusal
    first.close()
    clock.set(b.at(b.T0, minutes=1))
    second = Ledger(db, clock=clock)
    ping = b.ping("gmail.sent", b.at(b.T0, hours=-1), b.T0, b.T0)
    assert _ack(second.handle(ping, tab="sent")) == {"ok": False, "code": refusal}
    assert second.counts()["windows"] == 0
    later = b.at(b.T0, seconds=30)  # the next pass is not that pass
    assert _ack(second.handle(b.ping("gmail.sent", b.at(later, hours=-1), later, later), tab="sent")) == {"ok": True}
    second.close()
