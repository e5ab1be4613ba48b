"""What a pass may post, enforced where it lands: an audit of 2026-12-02 (e), 37 scenarios from §3.3–§3.6, §4 and §9.

- A rows message that failed the bus schema was answered ``invalid_input`` and forgotten, so a ping of the same pass
  was then recorded: coverage after rows that were not stored (§3.3: "coverage never follows rows that were not
  stored"; §3.6: a refusal "does stop that pass's coverage"). A malformed rows message whose observer and pass
  instant can still be told is now a refused pass like any other.
- A pass that reported itself DEGRADED or IDLE had its pings (and Calendar snapshot) stored as a clean pass's (§4: "A
  DEGRADED pass writes no coverage"; §3.3: "an IDLE pass posts nothing else", the snapshot "only for a clean pass").
  Such a ping or snapshot is a message no pass sends: refused ``invalid_input``.
- A rows message for an observer the policy does not know left a DEGRADED health row nothing could ever clear (the
  ping path already degrades nothing for one).
"""

from __future__ import annotations


def _ack(ack) -> dict:
    return ack.model_dump(by_alias=True)


def _malformed(b, observer: str = "gmail.sent") -> dict:
    row = b.sent_row("dana@example.com", b.at(b.T0, minutes=-19), b.T0)
    bad = dict(row, fields={**row["fields"], "counterparty": "a" * 300 + "@example.com"})
    return b.observations(observer, [row, bad])


def test_a_ping_after_a_malformed_rows_message_of_its_pass_is_not_recorded(ledger, b):
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="t1")
    assert _ack(ledger.handle(_malformed(b), tab="t1")) == {"ok": False, "code": "invalid_input"}
    ack = ledger.handle(b.ping("gmail.sent", b.at(b.T0, minutes=-30), b.T0, b.T0), tab="t1")
    assert _ack(ack) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["windows"] == 0
    assert "ledger.invalid_input" in ledger.conn.execute(
        "SELECT ledger_reasons FROM adapter_health WHERE adapter_id = 'gmail.sent'").fetchone()[0]


def test_the_next_pass_of_the_tab_records_again(ledger, b, clock):
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="t1")
    ledger.handle(_malformed(b), tab="t1")
    later = b.at(b.T0, minutes=2)
    clock.set(later)
    ledger.handle(b.health("gmail.sent", "OK", later), tab="t1")
    ledger.handle(b.observations("gmail.sent", [b.sent_row("dana@example.com", b.at(b.T0, minutes=-19), later)]),
                  tab="t1")
    assert _ack(ledger.handle(b.ping("gmail.sent", b.at(later, minutes=-30), later, later), tab="t1")) == {"ok": True}


def test_a_ping_of_a_pass_that_reported_itself_degraded_or_idle_is_refused(ledger, b, clock):
    for minutes, (status, reason) in enumerate([("DEGRADED", "window.unknown"), ("IDLE", "not_sent_folder")]):
        now = b.at(b.T0, minutes=minutes)
        clock.set(now)
        ledger.handle(b.health("gmail.sent", status, now, reason), tab="t1")
        ack = ledger.handle(b.ping("gmail.sent", b.at(now, minutes=-30), now, now), tab="t1")
        assert _ack(ack) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["windows"] == 0


def test_a_ping_of_an_ok_pass_or_of_a_pass_whose_report_was_not_seen_is_recorded(ledger, b):
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="t1")
    assert _ack(ledger.handle(b.ping("gmail.sent", b.at(b.T0, minutes=-30), b.T0, b.T0), tab="t1")) == {"ok": True}
    # another tab's pass at the same instant, with no report seen (a restart in between): as before
    assert _ack(ledger.handle(b.ping("gmail.sent", b.at(b.T0, minutes=-40), b.T0, b.T0), tab="t2")) == {"ok": True}


def test_a_calendar_snapshot_of_a_degraded_pass_is_refused_and_stores_nothing(ledger, b):
    ledger.handle(b.health("gcal.event", "DEGRADED", b.T0, "event.unreadable"), tab="cal")
    ledger.handle(b.week_ping(b.T0), tab="cal")
    ack = ledger.handle(b.snapshot(b.T0, [b.event("a", "Standup", "2026-10-06T10:00:00.000Z")]), tab="cal")
    assert _ack(ack)["ok"] is False
    counts = ledger.counts()
    assert counts["windows"] == 0 and counts["rows"] == 0


def test_a_rows_message_for_an_unknown_observer_degrades_nothing(ledger, b):
    assert _ack(ledger.handle(_malformed(b, "gmail.drafts"))) == {"ok": False, "code": "invalid_input"}
    row = b.sent_row("dana@example.com", b.at(b.T0, minutes=-19), b.T0)
    assert _ack(ledger.handle(b.observations("gmail.drafts", [row]))) == {"ok": False, "code": "invalid_input"}
    assert ledger.conn.execute("SELECT COUNT(*) FROM adapter_health WHERE adapter_id = 'gmail.drafts'").fetchone()[0] == 0


def test_a_row_under_an_id_project_could_not_have_given_is_refused(ledger, b, clock):
    """The same send posted under another id was stored twice (§3.6: upsertObservation "refuses any row project()
    could not have returned"; project() computes the id from the row's source, type, row key and content)."""
    row = b.sent_row("dana@example.com", b.at(b.T0, minutes=-19), b.T0)
    assert _ack(ledger.handle(b.observations("gmail.sent", [row]))) == {"ok": True}
    later = b.at(b.T0, minutes=5)
    clock.set(later)
    forged = dict(row, id="f" * 64, observedAt=later)
    assert _ack(ledger.handle(b.observations("gmail.sent", [forged]))) == {"ok": False, "code": "invalid_input"}
    assert ledger.counts()["rows"] == 1


def test_a_malformed_rows_message_naming_no_observer_string_is_refused_not_raised(ledger, b):
    """A review of the malformed-rows rule: an observer written as a list or an object raised (unhashable) where
    the ledger must answer every message."""
    for observer in (["gmail.sent"], {"a": 1}, 7, None):
        msg = {"type": "observer.observations", "observer": observer, "version": "1.0.0",
               "observations": [{"observedAt": b.T0}]}
        assert _ack(ledger.handle(msg, tab="t1")) == {"ok": False, "code": "invalid_input"}
