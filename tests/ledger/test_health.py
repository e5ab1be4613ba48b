"""The adapterHealth table and its precedence rules (spec §4, §4.5)."""

from __future__ import annotations

from attest_kit.ledger import Ledger

OCC = "2026-10-06T08:00:00.000Z"


def _status(ledger, adapter="gmail.sent"):
    row = next(r for r in ledger.health_list() if r["adapterId"] == adapter)
    return row["status"], row["reasons"], row["tab"], row["checkedAt"]


def test_idle_is_stored_where_nothing_is(ledger, b):
    ledger.handle(b.health("gmail.sent", "IDLE", b.T0, "not_sent_folder"), tab="inbox")
    assert _status(ledger) == ("IDLE", ["not_sent_folder"], "inbox", b.T0)


def test_idle_replaces_an_idle(ledger, b, clock):
    ledger.handle(b.health("gmail.sent", "IDLE", b.T0, "not_sent_folder"), tab="a")
    clock.set(b.at(b.T0, seconds=5))
    ledger.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=5), "not_sent_list"), tab="b")
    assert _status(ledger)[:3] == ("IDLE", ["not_sent_list"], "b")


def test_a_second_tabs_idle_never_replaces_the_sent_tabs_status(ledger, b, clock):
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="sent")
    clock.set(b.at(b.T0, seconds=5))
    ledger.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=5), "not_sent_folder"), tab="inbox")
    assert _status(ledger) == ("OK", [], "sent", b.T0)
    ledger.handle(b.health("gmail.sent", "DEGRADED", b.at(b.T0, seconds=5), "view.mismatch"), tab="sent")
    ledger.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=5), "not_sent_folder"), tab="inbox")
    assert _status(ledger)[:3] == ("DEGRADED", ["view.mismatch"], "sent")


def test_idle_replaces_its_own_tabs_report(ledger, b, clock):
    ledger.handle(b.health("gmail.sent", "DEGRADED", b.T0, "view.mismatch"), tab="sent")
    clock.set(b.at(b.T0, seconds=5))
    ledger.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=5), "not_sent_folder"), tab="sent")
    assert _status(ledger)[:3] == ("IDLE", ["not_sent_folder"], "sent")


def test_after_a_restart_no_tab_is_known(tmp_path, b, clock):
    db = str(tmp_path / "ledger.sqlite")
    first = Ledger(db, clock=clock)
    first.handle(b.health("gmail.sent", "OK", b.T0), tab="sent")
    first.close()
    clock.set(b.at(b.T0, seconds=5))
    second = Ledger(db, clock=clock)
    second.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=5), "not_sent_folder"), tab="sent")
    assert _status(second)[0] == "OK"
    second.close()


def test_idle_never_replaces_a_degraded_the_ledger_set(ledger, b):
    bad = b.sent_row("ana@example.com", OCC, b.T0)
    bad["contentHash"] = "0" * 64
    ledger.handle(b.observations("gmail.sent", [bad]), tab="sent")
    ledger.handle(b.health("gmail.sent", "IDLE", b.T0, "not_sent_folder"), tab="sent")
    assert _status(ledger)[:2] == ("DEGRADED", ["ledger.invalid_input"])


def test_a_repeated_report_is_rewritten_only_once_the_stored_one_is_a_minute_old(ledger, b, clock):
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="sent")
    clock.set(b.at(b.T0, seconds=59))
    ledger.handle(b.health("gmail.sent", "OK", b.at(b.T0, seconds=59)), tab="sent")
    assert _status(ledger)[3] == b.T0
    clock.set(b.at(b.T0, seconds=60))
    ledger.handle(b.health("gmail.sent", "OK", b.at(b.T0, seconds=60)), tab="sent")
    assert _status(ledger)[3] == b.at(b.T0, seconds=60)
    # a different report is written at once
    clock.set(b.at(b.T0, seconds=61))
    ledger.handle(b.health("gmail.sent", "DEGRADED", b.at(b.T0, seconds=61), "time.unreadable"), tab="sent")
    assert _status(ledger)[:2] == ("DEGRADED", ["time.unreadable"])


def test_ledger_reasons_stay_until_a_later_pass_is_stored_in_full(ledger, b, clock):
    bad = b.sent_row("ana@example.com", OCC, b.T0)
    bad["contentHash"] = "0" * 64
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="sent")
    ledger.handle(b.observations("gmail.sent", [bad]), tab="sent")
    assert _status(ledger)[:2] == ("DEGRADED", ["ledger.invalid_input"])

    later = b.at(b.T0, minutes=2)
    clock.set(later)
    ledger.handle(b.health("gmail.sent", "OK", later), tab="sent")  # a pass posting only health
    assert _status(ledger)[:2] == ("DEGRADED", ["ledger.invalid_input"])

    ledger.handle(b.health("gmail.sent", "DEGRADED", later, "time.unreadable"), tab="sent")
    assert _status(ledger)[:2] == ("DEGRADED", ["ledger.invalid_input", "time.unreadable"])

    # a pass that is not clean clears nothing though its rows are stored (§9: "until a later clean pass
    # ... is fully accepted"; §4.5: "a message fully stored with no refusal": both must hold)
    ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, later)]), tab="sent")
    assert _status(ledger)[:2] == ("DEGRADED", ["ledger.invalid_input", "time.unreadable"])
    clean = b.at(later, minutes=1)
    clock.set(clean)
    ledger.handle(b.health("gmail.sent", "OK", clean), tab="sent")  # a pass posting only health
    assert _status(ledger)[:2] == ("DEGRADED", ["ledger.invalid_input"])

    cleaner = b.at(clean, seconds=10)
    clock.set(cleaner)
    ledger.handle(b.health("gmail.sent", "OK", cleaner), tab="sent")
    ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, cleaner)]), tab="sent")
    assert _status(ledger)[:2] == ("OK", [])


def test_an_ok_report_does_not_clear_the_ledgers_degraded(ledger, b, clock):
    bad = b.sent_row("ana@example.com", OCC, b.T0)
    bad["contentHash"] = "0" * 64
    ledger.handle(b.observations("gmail.sent", [bad]), tab="sent")
    later = b.at(b.T0, minutes=1)
    clock.set(later)
    ledger.handle(b.health("gmail.sent", "OK", later), tab="sent")
    assert _status(ledger)[:2] == ("DEGRADED", ["ledger.invalid_input"])
    # a later pass's ping stored in full clears it; the observer's own OK shows again
    ledger.handle(b.ping("gmail.sent", b.at(later, hours=-1), later, later), tab="sent")
    assert _status(ledger)[:2] == ("OK", [])


def test_a_message_of_the_refused_pass_itself_clears_nothing(ledger, b):
    bad = b.sent_row("ana@example.com", OCC, b.T0)
    bad["contentHash"] = "0" * 64
    ledger.handle(b.observations("gmail.sent", [bad]), tab="sent")
    ledger.handle(b.ping("gmail.sent", b.at(b.T0, hours=-1), b.T0, b.T0), tab="sent")
    assert _status(ledger)[0] == "DEGRADED"


def test_a_skipped_repeat_from_another_tab_still_keeps_the_first_tabs_idle_out(ledger, b, clock):
    # A held-out audit: tab A reported OK, tab B the same OK 30 s later (skipped by the one-minute
    # repeat rule, so the stored report still names A), then A went to another folder and its IDLE
    # replaced "its own" report while B still showed Sent (spec §4: never over another tab's report).
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="a")
    clock.set(b.at(b.T0, seconds=30))
    ledger.handle(b.health("gmail.sent", "OK", b.at(b.T0, seconds=30)), tab="b")
    clock.set(b.at(b.T0, seconds=40))
    ledger.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=40), "not_sent_folder"), tab="a")
    assert _status(ledger) == ("OK", [], "a", b.T0)


def test_a_repeat_from_the_same_tab_within_a_minute_is_still_not_written(ledger, b, clock):
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="a")
    clock.set(b.at(b.T0, seconds=30))
    ledger.handle(b.health("gmail.sent", "OK", b.at(b.T0, seconds=30)), tab="a")
    assert _status(ledger) == ("OK", [], "a", b.T0)


def test_an_idle_never_replaces_a_status_another_tab_still_gives_whichever_tab_leaves_first(ledger, b, clock):
    # a review: with the stored row naming one tab, the IDLE of whichever tab it did not name replaced nothing,
    # but the IDLE of the tab it named replaced a status the other tab still gave
    for leaving in ("a", "b"):
        ledger.conn.execute("DELETE FROM adapter_health")
        ledger._tab_reports.clear()
        t = b.at(b.T0, minutes=5 if leaving == "b" else 0)
        clock.set(t)
        ledger.handle(b.health("gmail.sent", "OK", t), tab="a")
        clock.set(b.at(t, seconds=30))
        ledger.handle(b.health("gmail.sent", "OK", b.at(t, seconds=30)), tab="b")
        clock.set(b.at(t, seconds=40))
        ledger.handle(b.health("gmail.sent", "IDLE", b.at(t, seconds=40), "not_sent_folder"), tab=leaving)
        assert _status(ledger)[0] == "OK", leaving


def test_a_clean_pass_clears_the_ledgers_degraded_though_another_tab_reported_degraded_in_between(ledger, b, clock):
    bad = b.sent_row("ana@example.com", OCC, b.T0)
    bad["contentHash"] = "0" * 64
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="sent")
    ledger.handle(b.observations("gmail.sent", [bad]), tab="sent")
    later = b.at(b.T0, minutes=2)
    clock.set(later)
    ledger.handle(b.health("gmail.sent", "OK", later), tab="sent")
    ledger.handle(b.health("gmail.sent", "DEGRADED", later, "time.unreadable"), tab="other")
    ledger.handle(b.observations("gmail.sent", [b.sent_row("ana@example.com", OCC, later)]), tab="sent")
    # the sent tab's pass was clean and fully stored: the ledger's reason goes; the other tab's own report stays
    assert _status(ledger)[:2] == ("DEGRADED", ["time.unreadable"])


def test_a_one_pass_view_mismatch_clears_when_its_tab_moves_on(ledger, b, clock):
    # spec §4: IDLE is stored "over the report of its own tab ... and a one-pass view.mismatch clears when its
    # tab moves on". A ledger audit found it kept because another tab had reported OK before it.
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="a")
    clock.set(b.at(b.T0, seconds=10))
    ledger.handle(b.health("gmail.sent", "DEGRADED", b.at(b.T0, seconds=10), "view.mismatch"), tab="b")
    clock.set(b.at(b.T0, seconds=20))
    ledger.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=20), "not_sent_folder"), tab="b")
    assert _status(ledger) == ("IDLE", ["not_sent_folder"], "b", b.at(b.T0, seconds=20))


def test_an_idle_is_stored_where_a_clock_repair_deleted_the_report(ledger, b, clock):
    # spec §4: "an IDLE report where nothing is stored"; §3.6: the repair deletes a report checked after the
    # clock. The report the repair deleted must not keep another tab's IDLE out.
    ahead = b.at(b.T0, hours=2)
    clock.set(ahead)
    ledger.handle(b.health("gmail.sent", "OK", ahead), tab="a")
    back = b.at(b.T0, minutes=5)
    clock.set(back)
    ledger.handle(b.health("gmail.sent", "IDLE", back, "not_sent_folder"), tab="b")
    assert _status(ledger) == ("IDLE", ["not_sent_folder"], "b", back)


def test_after_a_restart_a_tab_that_reports_again_is_known_though_its_repeat_was_not_written(tmp_path, b, clock):
    # spec §4: after a restart "an IDLE replaces nothing but an IDLE until one reports". A tab whose report
    # repeats the stored one (not written, by the one-minute rule) has reported: its IDLE then replaces it.
    db = str(tmp_path / "ledger.sqlite")
    first = Ledger(db, clock=clock)
    first.handle(b.health("gmail.sent", "OK", b.T0), tab="sent")
    first.close()
    second = Ledger(db, clock=clock)
    clock.set(b.at(b.T0, seconds=20))
    second.handle(b.health("gmail.sent", "OK", b.at(b.T0, seconds=20)), tab="sent")
    clock.set(b.at(b.T0, seconds=40))
    second.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=40), "not_sent_folder"), tab="sent")
    assert _status(second)[:3] == ("IDLE", ["not_sent_folder"], "sent")
    second.close()


def test_a_refused_ping_turns_its_observer_degraded(ledger, b):
    # spec §3.4: a refusal turns the observer DEGRADED with ledger.<code>; only a late Calendar snapshot and
    # clock_behind do not. A ledger audit found an invalid ping leaving the observer OK.
    ledger.handle(b.health("gmail.sent", "OK", b.T0), tab="g")
    backwards = b.ping("gmail.sent", b.at(b.T0, hours=-1), b.at(b.T0, minutes=-1), b.T0)
    assert ledger.handle(backwards, tab="g").model_dump(by_alias=True) == {"ok": False, "code": "invalid_input"}
    assert _status(ledger)[:2] == ("DEGRADED", ["ledger.invalid_input"])
    ledger.handle(b.health("gcal.event", "OK", b.T0), tab="c")
    inverted = b.ping("gcal.event", "2026-10-07T00:00:00.000Z", "2026-10-05T00:00:00.000Z", b.T0, account=None,
                      all_calendars=True)
    assert ledger.handle(inverted, tab="c").model_dump(by_alias=True)["code"] == "invalid_input"
    assert _status(ledger, "gcal.event")[:2] == ("DEGRADED", ["ledger.invalid_input"])


def test_a_tab_that_repeated_the_stored_report_clears_it_when_it_moves_on_last(ledger, b, clock):
    # A review of the rule above: tab b's repeat of a's report is not written, so the stored report named a;
    # a's IDLE was kept out by b, and b's IDLE by the row naming a. Both tabs moved on; the status stood.
    ledger.handle(b.health("gmail.sent", "DEGRADED", b.T0, "view.mismatch"), tab="a")
    clock.set(b.at(b.T0, seconds=10))
    ledger.handle(b.health("gmail.sent", "DEGRADED", b.at(b.T0, seconds=10), "view.mismatch"), tab="b")
    clock.set(b.at(b.T0, seconds=20))
    ledger.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=20), "not_sent_folder"), tab="a")
    assert _status(ledger)[0] == "DEGRADED"  # b still gives it
    clock.set(b.at(b.T0, seconds=30))
    ledger.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=30), "not_sent_folder"), tab="b")
    assert _status(ledger)[:3] == ("IDLE", ["not_sent_folder"], "b")


def test_after_a_restart_another_tabs_repeat_does_not_make_it_the_reports_owner(tmp_path, b, clock):
    # A review: after a restart the ledger cannot know whether the tab that gave the stored report is still on
    # Sent, so another tab repeating it does not let that tab's IDLE replace it.
    db = str(tmp_path / "ledger.sqlite")
    first = Ledger(db, clock=clock)
    first.handle(b.health("gmail.sent", "OK", b.T0), tab="a")
    first.close()
    second = Ledger(db, clock=clock)
    clock.set(b.at(b.T0, seconds=20))
    second.handle(b.health("gmail.sent", "OK", b.at(b.T0, seconds=20)), tab="b")
    clock.set(b.at(b.T0, seconds=30))
    second.handle(b.health("gmail.sent", "IDLE", b.at(b.T0, seconds=30), "not_sent_folder"), tab="b")
    assert _status(second)[:3] == ("OK", [], "a")
    second.close()


def test_a_refused_ping_of_a_source_with_no_observer_degrades_nothing(ledger, b):
    # A review: a source the policy does not know can never store a message, so its DEGRADED could never clear.
    ping = b.ping("muse.chat", b.at(b.T0, hours=-1), b.T0, b.T0)
    assert ledger.handle(ping, tab="g").model_dump(by_alias=True) == {"ok": False, "code": "invalid_input"}
    assert ledger.health_list() == []
