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


def test_lines_that_are_not_real_times_or_nest_too_deep_exit_3_with_one_line(tmp_path, b):
    # a held-out audit: each of these escaped as a traceback (exit 1)
    good = {"at": b.T0, "tab": "sent", "message": b.health("gmail.sent", "OK", b.T0)}
    cases = {
        "30 February": ({**good, "at": "2026-02-30T18:00:00.000Z"}, "line 1: at is not an ISO 8601 instant"),
        "year 0": ({**good, "at": "0000-01-01T00:00:00.000Z"}, "line 1: at is not an ISO 8601 instant"),
        "before year 1": ({**good, "at": "0001-01-01T00:30:00+01:00"}, "line 1: at is not an ISO 8601 instant"),
    }
    for name, (item, said) in cases.items():
        scenario = tmp_path / "s.jsonl"
        _write(scenario, [item])
        result = CliRunner().invoke(ledger, ["replay", str(scenario)])
        assert result.exit_code == 3, (name, result.output)
        assert result.output.strip() == f"error: {scenario}: {said}", name
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"at": "' + b.T0 + '", "message": ' + "[" * 100_000 + "]" * 100_000 + "}\n", encoding="utf-8")
    result = CliRunner().invoke(ledger, ["replay", str(deep)])
    assert result.exit_code == 3 and "line 1: not JSON" in result.output and "Traceback" not in result.output


def test_a_message_naming_a_day_that_does_not_exist_is_refused_not_a_traceback(tmp_path, b):
    scenario = tmp_path / "s.jsonl"
    _write(scenario, [{"at": b.T0, "tab": "sent", "message": b.health("gmail.sent", "OK", "2026-02-30T09:00:00.000Z")}])
    result = CliRunner().invoke(ledger, ["replay", str(scenario)])
    assert result.exit_code == 0, result.output
    assert 'line 1: adapter.health tab=sent -> {"ok":false,"code":"invalid_input"}' in result.output


def test_a_database_that_is_not_a_ledger_is_refused_and_left_as_it_was(tmp_path, b):
    import sqlite3

    scenario = tmp_path / "s.jsonl"
    _write(scenario, [{"at": b.T0, "tab": "sent", "message": b.health("gmail.sent", "OK", b.T0)}])
    for name, ddl in {"another program's": "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
                      "an older shape": "CREATE TABLE rows (id TEXT PRIMARY KEY, body TEXT)",
                      "a view alone": "CREATE VIEW answers AS SELECT 42 AS answer"}.items():
        db = tmp_path / f"{len(name)}.sqlite"
        conn = sqlite3.connect(db)
        conn.execute(ddl)
        conn.commit()
        conn.close()
        before = db.read_bytes()
        result = CliRunner().invoke(ledger, ["replay", str(scenario), "--db", str(db)])
        assert result.exit_code == 3, (name, result.output)
        assert "not a ledger database" in result.output and "Traceback" not in result.output
        assert db.read_bytes() == before, name
    # an empty file, or one the ledger wrote, is opened
    fresh = tmp_path / "fresh.sqlite"
    for _ in range(2):
        assert CliRunner().invoke(ledger, ["replay", str(scenario), "--db", str(fresh)]).exit_code == 0


def test_a_snapshot_the_step_cannot_take_is_refused_and_logged_without_a_traceback(tmp_path, b):
    # the bus takes a title with a line break; the row the step derives from it is one project()
    # refuses, so the step raises: the pass is refused, logged as an event, and nothing is printed
    # to stderr (the traceback quoted the step's own error)
    scenario = tmp_path / "s.jsonl"
    _write(scenario, [
        {"at": b.T0, "tab": "cal", "message": b.week_ping(b.T0)},
        {"at": b.T0, "tab": "cal", "message": b.snapshot(b.T0, [b.event("a", "Two\nlines", "2026-10-06T10:00:00.000Z")])},
    ])
    result = CliRunner().invoke(ledger, ["replay", str(scenario)])
    assert result.exit_code == 0, result.output
    assert 'line 2: calendar.snapshot tab=cal -> {"ok":false,"code":"invalid_input"}' in result.output
    assert "log: ledger.calendar_step_failed error=ValueError" in result.output
    assert "Traceback" not in result.stderr and "Two" not in result.stderr + result.output


def test_observe_messages_is_a_scenario_the_ledger_replays(tmp_path):
    """A user-journey review: `observe --json` prints the observe contract (no contentHash), so lines built from it
    were refused, and no command printed a pass's bus messages. `observe --messages` prints them as scenario lines
    (at the pass instant, from one tab), and the ledger stores every one: a Sent head and a Calendar week."""
    from attest_kit.cli import main
    from tests.conftest import REPO

    for observer, page in (("gmail.sent", "gmail/2026-11-30/synthetic-sent-head.html"),
                           ("gcal.event", "gcal/2026-11-30/synthetic-week.html")):
        out = CliRunner().invoke(main, ["observe", str(REPO / "fixtures/pages" / page), "--observer", observer,
                                        "--messages", "--tab", "t1"])
        assert out.exit_code == 0, out.output
        lines = [json.loads(line) for line in out.output.splitlines()]
        kinds = [line["message"]["type"] for line in lines]
        assert kinds[0] == "adapter.health" and "coverage.ping" in kinds and {line["tab"] for line in lines} == {"t1"}
        scenario = tmp_path / f"{observer}.jsonl"
        scenario.write_text(out.output, encoding="utf-8")
        replayed = CliRunner().invoke(ledger, ["replay", str(scenario)])
        assert replayed.exit_code == 0, replayed.output
        acks = [line for line in replayed.output.splitlines() if line.startswith("line ")]
        assert len(acks) == len(lines) and all(a.endswith('-> {"ok":true}') for a in acks), replayed.output


def test_observe_tab_goes_with_messages_only():
    from attest_kit.cli import main
    from tests.conftest import REPO

    page = str(REPO / "fixtures/pages/gmail/2026-11-30/synthetic-sent-head.html")
    for args in (["--tab", "t1"], ["--json", "--tab", "t1"], ["--messages", "--tab", " "], ["--json", "--messages"]):
        result = CliRunner().invoke(main, ["observe", page, "--observer", "gmail.sent", *args])
        assert result.exit_code == 2 and "Traceback" not in result.output, (args, result.output)
    default = CliRunner().invoke(main, ["observe", page, "--observer", "gmail.sent", "--messages"])
    assert default.exit_code == 0 and {json.loads(x)["tab"] for x in default.output.splitlines()} == {"tab-1"}
