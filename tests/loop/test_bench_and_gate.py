"""The bench and the gate, run as CI runs them, and the gate itself tested."""

from __future__ import annotations

import json

from attest_kit.cli import main
from bench.gate import judge, load_floors, raised_floors
from bench.runner import run_bench
from attest_kit.paths import gate_file


def test_results_md_is_fresh(cli):
    result = cli.invoke(main, ["bench", "--check", "-q"])
    assert result.exit_code == 0, result.output


def test_the_gate_passes_on_main(cli):
    result = cli.invoke(main, ["gate", "-q"])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output  # every labelled folder is listed by a selectors.json


def test_bench_check_fails_when_results_md_is_stale(repo_copy, cli):
    (repo_copy / "RESULTS.md").write_text("hand edited\n", encoding="utf-8")
    assert cli.invoke(main, ["bench", "--check", "-q"]).exit_code == 1
    assert cli.invoke(main, ["bench", "-q"]).exit_code == 0
    assert cli.invoke(main, ["bench", "--check", "-q"]).exit_code == 0


def test_bench_is_deterministic(repo_copy, cli):
    cli.invoke(main, ["bench", "-q"])
    first = (repo_copy / "RESULTS.md").read_bytes()
    cli.invoke(main, ["bench", "-q"])
    assert (repo_copy / "RESULTS.md").read_bytes() == first


def test_gate_fails_on_a_regression_and_names_the_figure(repo_copy, cli):
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["expected"][0]["health"]["status"] = "DEGRADED"
    labels.write_text(json.dumps(data), encoding="utf-8")
    result = cli.invoke(main, ["gate", "-q"])
    assert result.exit_code == 1
    assert "healthAgreement" in result.output and "attest-kit gate --update" in result.output


def test_floors_only_move_up_without_the_explicit_flag(repo_copy, cli):
    floors = json.loads(gate_file().read_text(encoding="utf-8"))
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["expected"][0]["observations"].pop()
    labels.write_text(json.dumps(data), encoding="utf-8")
    result = cli.invoke(main, ["gate", "--update", "-q"])
    assert result.exit_code == 1 and "would lower" in result.output
    assert json.loads(gate_file().read_text(encoding="utf-8")) == floors  # nothing written
    assert cli.invoke(main, ["gate", "--update", "--allow-lower", "-q"]).exit_code == 0
    assert json.loads(gate_file().read_text(encoding="utf-8"))["observers"]["gmail.sent"]["rowsPrecision"] < 1.0


def test_a_changed_corpus_fails_until_re_pinned(repo_copy, cli):
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["notes"] += " (edited)"
    labels.write_text(json.dumps(data), encoding="utf-8")
    result = cli.invoke(main, ["gate", "-q"])
    assert result.exit_code == 1 and "corpus changed" in result.output
    assert cli.invoke(main, ["gate", "--update", "-q"]).exit_code == 0
    assert cli.invoke(main, ["gate", "-q"]).exit_code == 0


def test_an_unsound_window_always_fails(repo_copy):
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["expected"][0]["windows"][0]["windowStart"] = "2026-11-30T21:20:00.000Z"
    labels.write_text(json.dumps(data), encoding="utf-8")
    run = run_bench()
    new, _ = raised_floors(run, load_floors(gate_file()), allow_lower=True)
    verdict = judge(run, new)  # even floors pinned on this very run do not excuse it
    assert any("unsound" in f for f in verdict.failures)


def test_a_labelled_folder_no_selectors_json_lists_is_named_every_run(repo_copy, cli):
    """bench reads the folders each selectors.json lists under "fixtures": a new dated folder,
    labelled and checked, was silently left out of the figures and the gate ("gate passed")."""
    extra = repo_copy / "fixtures/pages/gmail/2026-12-02"
    extra.mkdir()
    (extra / "labels.json").write_text("{}\n", encoding="utf-8")
    for command in (["gate", "-q"], ["bench", "--check", "-q"]):
        result = cli.invoke(main, command)
        assert "warning: fixtures/pages/gmail/2026-12-02 is labelled but no observer's selectors.json" in result.output
