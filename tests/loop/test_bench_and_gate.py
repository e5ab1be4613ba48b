"""The bench and the gate, run as CI runs them, and the gate itself tested."""

from __future__ import annotations

import json

from attest_kit.cli import main
from bench.gate import judge, load_floors, raised_floors
from bench.runner import run_bench
from attest_kit.paths import gate_file


def _assert_not_pinned(pinned: bytes, output: str) -> None:
    """``gate --update`` over a corpus the gate cannot pass whole (a page it does not measure) re-pinned the floors
    and said "pinned floors", then failed (a usability review, session 39): it writes nothing and says so."""
    assert gate_file().read_bytes() == pinned
    assert "pinned floors" not in output


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


def test_bench_check_compares_bytes(repo_copy, cli):
    """DESIGN: bench --check compares byte for byte. It read the files as text, which turns CRLF into LF,
    so a RESULTS.md (or a results file) rewritten with CRLF line endings was "up to date"."""
    for path in (repo_copy / "RESULTS.md", repo_copy / "bench/results/gmail.sent.json"):
        original = path.read_bytes()
        path.write_bytes(original.replace(b"\n", b"\r\n"))
        result = cli.invoke(main, ["bench", "--check", "-q"])
        assert result.exit_code == 1 and f"stale: {path}" in result.output, result.output
        path.write_bytes(original)
    assert cli.invoke(main, ["bench", "--check", "-q"]).exit_code == 0


def test_bench_is_deterministic(repo_copy, cli):
    cli.invoke(main, ["bench", "-q"])
    first = (repo_copy / "RESULTS.md").read_bytes()
    cli.invoke(main, ["bench", "-q"])
    assert (repo_copy / "RESULTS.md").read_bytes() == first


def test_bench_says_which_files_it_changed(repo_copy, cli):
    """bench printed "wrote" for files it left byte for byte as they were, and never named the timing report it
    writes (a usability review, session 39)."""
    first = cli.invoke(main, ["bench", "-q"])
    assert first.exit_code == 0, first.output
    again = cli.invoke(main, ["bench", "-q"])
    assert f"up to date: {repo_copy / 'RESULTS.md'}" in again.output and "wrote " + str(repo_copy / "RESULTS.md") not in again.output
    assert f"wrote {repo_copy / 'reports/bench-timings.json'} (timings, not committed)" in again.output, again.output
    (repo_copy / "RESULTS.md").write_text("hand edited\n", encoding="utf-8")
    changed = cli.invoke(main, ["bench", "-q"])
    assert f"wrote {repo_copy / 'RESULTS.md'}" in changed.output, changed.output


def test_gate_fails_on_a_regression_and_names_the_figure(repo_copy, cli):
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["expected"][0]["health"]["status"] = "DEGRADED"
    labels.write_text(json.dumps(data), encoding="utf-8")
    result = cli.invoke(main, ["gate", "-q"])
    assert result.exit_code == 1
    assert "healthAgreement" in result.output and "attest-kit gate --update" in result.output
    # and the page that fell: a user-journey review had to diff RESULTS.md to find it
    assert "gmail.sent: gmail/2026-11-30/synthetic-sent-head.html: health: expected DEGRADED" in result.output


def test_a_missing_floors_file_is_named_and_gate_update_creates_it(repo_copy, cli):
    """With bench/floors.json gone the gate failed with "no floors pinned" per observer and never said the file was
    missing (a usability review, session 39)."""
    gate_file().unlink()
    result = cli.invoke(main, ["gate", "-q"])
    assert result.exit_code == 1
    assert f"FAIL {gate_file()}: no such file: pin the floors with `attest-kit gate --update`" in result.output, result.output
    assert cli.invoke(main, ["gate", "--update", "-q"]).exit_code == 0
    assert gate_file().exists() and cli.invoke(main, ["gate", "-q"]).exit_code == 0


def test_gate_update_refused_over_a_missing_floors_file_does_not_advise_itself(repo_copy, cli):
    """A review: `gate --update` refused (an unlabelled page) and then advised `gate --update` for the missing file."""
    gate_file().unlink()
    folder = repo_copy / "fixtures/pages/gmail/2026-11-30"
    (folder / "synthetic-sent-head-unlabelled.html").write_bytes((folder / "synthetic-sent-head.html").read_bytes())
    result = cli.invoke(main, ["gate", "--update", "-q"])
    assert result.exit_code == 1 and "not pinned" in result.output and "no such file" not in result.output, result.output
    assert not gate_file().exists()


def test_update_floors_refuses_a_run_it_must_not_pin(repo_copy):
    import pytest

    from bench.gate import update_floors

    folder = repo_copy / "fixtures/pages/gmail/2026-11-30"
    (folder / "synthetic-sent-head-unlabelled.html").write_bytes((folder / "synthetic-sent-head.html").read_bytes())
    pinned = gate_file().read_bytes()
    with pytest.raises(ValueError, match="unpinnable"):
        update_floors(gate_file(), run_bench())
    assert gate_file().read_bytes() == pinned


def test_floors_only_move_up(repo_copy, cli):
    """DESIGN: floors only move up. `gate --update --allow-lower` lowered one with a flag; no flag may."""
    floors = gate_file().read_bytes()
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["expected"][0]["observations"].pop()
    labels.write_text(json.dumps(data), encoding="utf-8")
    result = cli.invoke(main, ["gate", "--update", "-q"])
    assert result.exit_code == 1 and "would lower: gmail.sent.rowsPrecision" in result.output
    assert "--allow-lower" not in result.output
    assert gate_file().read_bytes() == floors  # nothing written
    lower = cli.invoke(main, ["gate", "--update", "--allow-lower", "-q"])
    assert lower.exit_code == 2 and "No such option" in lower.output
    assert gate_file().read_bytes() == floors


def test_a_floor_taken_out_of_floors_json_fails_the_gate(repo_copy, cli):
    """judge() held only the figures floors.json named: deleting a floor lowered it to nothing, silently."""
    path = gate_file()
    floors = json.loads(path.read_text(encoding="utf-8"))
    del floors["observers"]["gmail.sent"]["rowsRecall"]
    path.write_text(json.dumps(floors), encoding="utf-8")
    result = cli.invoke(main, ["gate", "-q"])
    assert result.exit_code == 1 and "gmail.sent: no floor for rowsRecall" in result.output, result.output
    assert cli.invoke(main, ["gate", "--update", "-q"]).exit_code == 0  # re-pinned at the current figure
    assert json.loads(path.read_text(encoding="utf-8"))["observers"]["gmail.sent"]["rowsRecall"] == 1.0


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
    new, _ = raised_floors(run, load_floors(gate_file()))
    verdict = judge(run, new)  # even floors pinned on this very run do not excuse it
    assert any("unsound" in f for f in verdict.failures)


def _labelled_copy(repo_copy, folder: str, name: str, edit=None) -> None:
    """A copy of synthetic-sent-head.html as ``folder/name``, labelled like the original (``edit`` changes the entry)."""
    source = repo_copy / "fixtures/pages/gmail/2026-11-30"
    target = repo_copy / "fixtures/pages" / folder
    target.mkdir(parents=True, exist_ok=True)
    (target / name).write_bytes((source / "synthetic-sent-head.html").read_bytes())
    entry = json.loads((source / "labels.json").read_text(encoding="utf-8"))["synthetic-sent-head.html"]
    entry["capturedAt"] = folder.rsplit("/", 1)[-1]
    if edit:
        edit(entry)
    labels = target / "labels.json"
    data = json.loads(labels.read_text(encoding="utf-8")) if labels.exists() else {}
    labels.write_text(json.dumps({**data, name: entry}), encoding="utf-8")


def test_a_labelled_folder_no_selectors_json_lists_fails_the_gate(repo_copy, cli):
    """bench reads the folders each selectors.json lists under "fixtures": a new dated folder, labelled
    and checked, was left out of the figures and the gate said "gate passed" with a warning. The gate
    fails naming it; the bench still writes its figures and names it."""
    _labelled_copy(repo_copy, "gmail/2026-12-01", "synthetic-sent-head.html",
                   lambda e: e.update(selectorsVersion=None))
    pinned = gate_file().read_bytes()
    for command in (["gate", "-q"], ["gate", "--update", "-q"]):
        result = cli.invoke(main, command)
        assert result.exit_code == 1, (command, result.output)
        assert "FAIL fixtures/pages/gmail/2026-12-01: labelled, but no observer's selectors.json lists it" in result.output
        _assert_not_pinned(pinned, result.output)
    result = cli.invoke(main, ["bench", "-q"])
    assert result.exit_code == 0
    assert "warning: fixtures/pages/gmail/2026-12-01: labelled, but no observer's selectors.json lists it" in result.output
    # check passes the folder (the loop labels and checks one before an observer lists it) and says the gate will not
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 0, result.output
    assert "warning: fixtures/pages/gmail/2026-12-01: labelled, but no observer's selectors.json lists it" in result.output


def test_a_page_with_no_expectation_for_an_observer_reading_its_folder_fails_the_gate(repo_copy, cli):
    """Both Gmail observers read every Gmail page (spec §5): a page labelled for gmail.sent alone was
    measured by gmail.sent, skipped by gmail.receipt without a word, and `gate --update` re-pinned."""
    _labelled_copy(repo_copy, "gmail/2026-11-30", "synthetic-sent-head-copy.html",
                   lambda e: e.update(expected=[x for x in e["expected"] if x["observer"] == "gmail.sent"]))
    pinned = gate_file().read_bytes()
    for command in (["gate", "-q"], ["gate", "--update", "-q"]):
        result = cli.invoke(main, command)
        assert result.exit_code == 1, (command, result.output)
        assert ("FAIL gmail/2026-11-30/synthetic-sent-head-copy.html: no gmail.receipt expectation" in result.output), \
            result.output
        _assert_not_pinned(pinned, result.output)


def test_a_page_with_no_label_entry_fails_the_gate(repo_copy, cli):
    """A page copied into a measured folder without a label: check said "page has no label entry" and the gate
    passed, its page unmeasured (a first-use walkthrough)."""
    folder = repo_copy / "fixtures/pages/gmail/2026-11-30"
    (folder / "synthetic-sent-head-unlabelled.html").write_bytes((folder / "synthetic-sent-head.html").read_bytes())
    pinned = gate_file().read_bytes()
    for command in (["gate", "-q"], ["gate", "--update", "-q"]):
        result = cli.invoke(main, command)
        assert result.exit_code == 1, (command, result.output)
        assert "gmail/2026-11-30/synthetic-sent-head-unlabelled.html: a page with no label entry" in result.output
        _assert_not_pinned(pinned, result.output)


def test_an_expectation_for_an_observer_that_does_not_read_the_folder_fails_the_gate(repo_copy, cli):
    """A gmail.sent expectation on a Calendar page is a label no bench ever measures."""
    labels = repo_copy / "fixtures/pages/gcal/2026-11-30/labels.json"
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-week.html"]["expected"].append(
        {"observer": "gmail.sent", "health": {"status": "IDLE", "reasons": []}, "observations": [], "windows": []})
    labels.write_text(json.dumps(data), encoding="utf-8")
    pinned = gate_file().read_bytes()
    result = cli.invoke(main, ["gate", "--update", "-q"])
    assert result.exit_code == 1, result.output
    assert "FAIL gcal/2026-11-30/synthetic-week.html: a gmail.sent expectation" in result.output, result.output
    _assert_not_pinned(pinned, result.output)


def test_a_folder_one_observer_of_its_vendor_lists_and_another_does_not_fails_the_gate(repo_copy, cli, monkeypatch):
    """A user-journey review listed a new Gmail folder in gmail.sent's selectors.json only: check, bench and gate
    passed, and gmail.receipt never read its pages, though both Gmail observers read every Gmail page (spec §5)."""
    import bench.runner
    import labels.check
    import labels.corpus
    from observers.registry import fixture_folders

    _labelled_copy(repo_copy, "gmail/2026-12-01", "synthetic-sent-head.html",
                   lambda e: e.update(selectorsVersion=None,
                                      expected=[x for x in e["expected"] if x["observer"] == "gmail.sent"]))

    def listed(observer: str) -> list[str]:  # gmail.sent's selectors.json lists the new folder, gmail.receipt's not
        return fixture_folders(observer) + (["gmail/2026-12-01"] if observer == "gmail.sent" else [])
    for module in (bench.runner, labels.check, labels.corpus):
        monkeypatch.setattr(module, "fixture_folders", listed)
    line = "fixtures/pages/gmail/2026-12-01: listed by gmail.sent but not gmail.receipt"
    result = cli.invoke(main, ["gate", "-q"])
    assert result.exit_code == 1 and f"FAIL {line}" in result.output, result.output
    pinned = gate_file().read_bytes()
    result = cli.invoke(main, ["gate", "--update", "-q"])
    assert result.exit_code == 1 and f"FAIL {line}" in result.output, result.output
    _assert_not_pinned(pinned, result.output)
    checked = cli.invoke(main, ["check", "-q"])
    assert f"warning: {line}" in checked.output, checked.output


def test_observe_says_when_a_label_holds_no_expectation_for_the_observer(repo_copy, cli):
    """A label with no expectation for the observer printed no `label:` line at all (a first-use walkthrough)."""
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    page = repo_copy / "fixtures/pages/gmail/2026-11-30/synthetic-sent-head.html"
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["expected"] = [
        e for e in data["synthetic-sent-head.html"]["expected"] if e["observer"] != "gmail.sent"]
    labels.write_text(json.dumps(data), encoding="utf-8")
    result = cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"])
    assert result.exit_code == 0 and "label: no gmail.sent expectation yet" in result.output, result.output


def test_observe_bench_and_check_say_where_a_label_disagrees(repo_copy, cli):
    """A second user-journey review: observe never compared its output with the page's label, bench named no page
    that disagreed, and check listed 42 stale versions without naming the command that moves them."""
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    page = repo_copy / "fixtures/pages/gmail/2026-11-30/synthetic-sent-head.html"
    agrees = cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"])
    assert agrees.exit_code == 0 and "label: agrees" in agrees.output
    data = json.loads(labels.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["expected"][0]["health"]["status"] = "DEGRADED"
    data["synthetic-sent-head.html"]["selectorsVersion"] = "gmail.receipt@0.0.1 gmail.sent@0.0.1"
    labels.write_text(json.dumps(data), encoding="utf-8")
    observed = cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"])
    assert "label: disagrees: health: expected DEGRADED" in observed.output, observed.output
    # a check that found something: exit 1, so a script can test a page (it said 0; a usability review, session 39)
    assert observed.exit_code == 1
    overridden = cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent", "--now", "2026-11-30T23:00:00Z"])
    assert "label:" not in overridden.output  # other facts than the label's: its expectation does not apply
    assert overridden.exit_code == 0
    benched = cli.invoke(main, ["bench", "-q"])
    assert "disagrees: gmail/2026-11-30/synthetic-sent-head.html: health: expected DEGRADED" in benched.output
    checked = cli.invoke(main, ["check", "-q"])
    assert checked.exit_code == 1 and "attest-kit check --update-versions" in checked.output
