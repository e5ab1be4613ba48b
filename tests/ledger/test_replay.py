"""attest-kit ledger replay: each ack and a compact state summary; a malformed line is exit 3."""

from __future__ import annotations

import json

from click.testing import CliRunner

from attest_kit.ledger.commands import ledger


def _write(path, items):
    path.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")


def test_replay_prints_each_ack_and_a_summary_without_page_content(tmp_path, b):
    row = b.sent_row("ana@example.com", "2026-10-06T08:00:00.000Z", b.T0, subject="Secret plan")
    scenario = tmp_path / "scenario.jsonl"
    _write(scenario, [
        {"at": b.T0, "tab": "sent", "message": b.health("gmail.sent", "OK", b.T0)},
        {"at": b.T0, "tab": "sent", "message": b.observations("gmail.sent", [row])},
        {"at": b.T0, "tab": "sent", "message": b.ping("gmail.sent", b.at(b.T0, hours=-1), b.T0, b.T0)},
        {"at": b.T0, "tab": "inbox", "message": {"type": "observer.unknown"}},
    ])
    db = tmp_path / "ledger.sqlite"
    result = CliRunner().invoke(ledger, ["replay", str(scenario), "--db", str(db)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == [
        'line 1: adapter.health tab=sent -> {"ok":true}',
        'line 2: observer.observations tab=sent -> {"ok":true}',
        'line 3: coverage.ping tab=sent -> {"ok":true}',
        'line 4: observer.unknown tab=inbox -> {"ok":false,"code":"invalid_input"}',
    ]
    assert "counts: adapter_health=1 heldPings=0 latest_pings=1 markers=0 rows=1 snapshot_records=0 windows=1" in lines
    assert f"health: gmail.sent@1.0.0 OK [-] checkedAt={b.T0} tab=sent" in lines
    assert "Secret plan" not in result.output and "ana@example.com" not in result.output
    assert db.exists()


def test_replay_logs_what_the_ledger_did_with_a_refused_calendar_pass(tmp_path, b):
    scenario = tmp_path / "scenario.jsonl"
    _write(scenario, [
        {"at": b.T0, "tab": "cal", "message": b.week_ping(b.T0, account=b.OTHER_ACCOUNT)},
        {"at": b.T0, "tab": "cal", "message": b.snapshot(b.T0, [])},
    ])
    result = CliRunner().invoke(ledger, ["replay", str(scenario)])
    assert result.exit_code == 0, result.output
    assert 'line 2: calendar.snapshot tab=cal -> {"ok":false,"code":"invalid_input"}' in result.output
    assert "log: observer.calendar_restarted reason=refused code=invalid_input dropped=0" in result.output
    assert "health: gcal.event@1.0.0 DEGRADED [ledger.invalid_input]" in result.output


def test_a_malformed_line_exits_3_naming_file_and_line_and_stores_nothing(tmp_path, b):
    scenario = tmp_path / "scenario.jsonl"
    good = json.dumps({"at": b.T0, "tab": "sent", "message": b.health("gmail.sent", "OK", b.T0)})
    scenario.write_text(good + "\n" + '{"at": "yesterday", "message": {}}\n', encoding="utf-8")
    db = tmp_path / "ledger.sqlite"
    result = CliRunner().invoke(ledger, ["replay", str(scenario), "--db", str(db)])
    assert result.exit_code == 3
    assert result.output.strip() == f"error: {scenario}: line 2: at is not an ISO 8601 instant"
    assert not db.exists()
    scenario.write_text("{not json\n", encoding="utf-8")
    result = CliRunner().invoke(ledger, ["replay", str(scenario)])
    assert result.exit_code == 3 and "line 1: not JSON" in result.output


def test_a_missing_scenario_is_bad_input(tmp_path):
    result = CliRunner().invoke(ledger, ["replay", str(tmp_path / "none.jsonl")])
    assert result.exit_code == 3 and "none.jsonl" in result.output
