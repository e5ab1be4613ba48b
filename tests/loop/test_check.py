"""attest-kit check: labels agree with their pages, and a drifted label fails."""

from __future__ import annotations

import json

import pytest

from attest_kit.cli import main
from labels.check import check_all
from tests.conftest import REPO

FOLDER = "fixtures/pages/gmail/2026-11-30"


def _edit(root, fn):
    path = root / FOLDER / "labels.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    fn(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_shipped_labels_agree_with_their_pages():
    assert [str(p) for p in check_all()] == []


def test_check_command_passes_on_the_shipped_fixtures(cli):
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 0, result.output


def test_a_label_that_drifts_from_its_page_fails(repo_copy, cli):
    def drift(data):
        obs = data["synthetic-sent-head.html"]["expected"][0]["observations"][0]
        obs["fields"]["counterparty"] = "someone.else@example.com"
    _edit(repo_copy, drift)
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 1
    assert "counterparty is no recipient" in result.output


def test_a_label_with_a_field_project_would_drop_is_bad_input(repo_copy, cli):
    def extra(data):
        data["synthetic-sent-head.html"]["expected"][0]["observations"][0]["fields"]["snippet"] = "x"
    _edit(repo_copy, extra)
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 3 and "unknown field(s) snippet" in result.output, result.output


def test_a_misspelt_field_is_named_as_unknown(repo_copy, cli):
    """"occuredAt" read as "project() refuses it (redact.missing_occurred_at)", naming the field it lacked, not the
    one the author typed (a first-use walkthrough)."""
    def misspell(data):
        fields = data["synthetic-sent-head.html"]["expected"][0]["observations"][0]["fields"]
        fields["occuredAt"] = fields.pop("occurredAt")
    _edit(repo_copy, misspell)
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 3 and "unknown field(s) occuredAt" in result.output, result.output
    assert "lacks" not in result.output


def test_a_wrong_selectors_version_fails(repo_copy):
    _edit(repo_copy, lambda d: d["synthetic-sent-head.html"].update(selectorsVersion="gmail.sent@0.9.0"))
    assert any("selectorsVersion" in str(p) for p in check_all())


def test_a_missing_seed_fails(repo_copy):
    page = repo_copy / FOLDER / "synthetic-sent-head.html"
    html = page.read_text(encoding="utf-8")
    page.write_text(html.replace('data-attest-seeded="password"', 'data-x="password"'), encoding="utf-8")
    assert any("seed 'password'" in str(p) for p in check_all())


def test_an_unknown_reason_fails(repo_copy):
    _edit(repo_copy, lambda d: d["synthetic-sent-inbox.html"]["expected"][0]["health"].update(reasons=["nope"]))
    assert any("not in the catalogue" in str(p) for p in check_all())


def test_an_unlabelled_page_fails(repo_copy):
    (repo_copy / FOLDER / "synthetic-extra.html").write_text("<html><body></body></html>", encoding="utf-8")
    assert any("page has no label entry" in str(p) for p in check_all())


def test_an_invalid_labels_file_is_bad_input(repo_copy, cli):
    path = repo_copy / FOLDER / "labels.json"
    before = path.read_bytes()
    path.write_text('{"x.html": {"capturedAt": 3}}', encoding="utf-8")
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 3
    assert "labels.json" in result.output and "Traceback" not in result.output
    path.write_bytes(before)


def test_check_given_a_page_instead_of_its_labels_file_is_bad_input(cli):
    """check takes labels.json files: given a page it checked the page's whole folder and said every
    label agreed, as if the page alone had been checked."""
    result = cli.invoke(main, ["check", "-q", f"{FOLDER}/synthetic-sent-head.html"])
    assert result.exit_code == 3 and "labels.json" in result.output, result.output


def test_an_unknown_time_zone_in_a_label_is_bad_input_for_every_command(repo_copy, cli):
    """A mistyped page.timeZone printed a traceback from check, bench and gate (exit 1, which for gate
    also means "the gate found something"); it is a bad labels.json, named in one line: exit 3."""
    _edit(repo_copy, lambda d: d["synthetic-sent-head.html"]["page"].update(timeZone="America/Chicgo"))
    for args in (["check", "-q"], ["bench"], ["gate"]):
        result = cli.invoke(main, args)
        assert result.exit_code == 3, (args, result.output)
        assert "America/Chicgo" in result.output and "Traceback" not in result.output, result.output


def test_a_label_entry_with_no_expectations_fails(repo_copy):
    """capture writes an entry with no expectations for the engineer to fill in; left so, the bench
    skipped the page silently and check said every label agreed."""
    _edit(repo_copy, lambda d: d["synthetic-sent-head.html"].update(expected=[]))
    assert any("no expectations" in str(p) for p in check_all())


def test_a_seed_on_the_page_the_label_does_not_list_fails(repo_copy):
    """seededSecrets: [] on a page that holds three seeds passed: the no-leak test reads the list, so a
    seed left off it is a seed nothing checks."""
    _edit(repo_copy, lambda d: d["synthetic-sent-head.html"].update(seededSecrets=[]))
    assert any("not in seededSecrets" in str(p) for p in check_all())


def test_a_page_with_no_expectation_for_an_observer_reading_its_folder_fails(repo_copy, cli):
    """Both Gmail observers read every Gmail page (spec §5); a page labelled for one of them passed check
    and the other skipped it without a word."""
    _edit(repo_copy, lambda d: d["synthetic-sent-head.html"].update(
        expected=[e for e in d["synthetic-sent-head.html"]["expected"] if e["observer"] == "gmail.sent"]))
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 1
    assert ("gmail/2026-11-30/synthetic-sent-head.html: no gmail.receipt expectation, though gmail.receipt reads"
            in result.output), result.output


def test_an_expectation_for_an_observer_that_does_not_read_the_folder_fails(repo_copy, cli):
    path = repo_copy / "fixtures/pages/gcal/2026-11-30/labels.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["synthetic-week.html"]["expected"].append(
        {"observer": "gmail.sent", "health": {"status": "IDLE", "reasons": []}, "observations": [], "windows": []})
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 1
    assert "gcal/2026-11-30/synthetic-week.html: a gmail.sent expectation, but" in result.output, result.output


GCAL = "fixtures/pages/gcal/2026-11-30"
STEP_2 = "synthetic-step-2-created.html"


def _gcal(data, name=STEP_2):
    return data[name]["expected"][0]


def _set(path, value):
    """An edit: set the key at ``path`` (a list of keys and indexes) of step 2's gcal.event expectation."""
    def edit(data):
        node = _gcal(data)
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return edit


def _rename_event_key(old, new):
    def edit(data):
        event = _gcal(data)["snapshot"]["events"][0]
        event[new] = event.pop(old)
    return edit


MALFORMED_CALENDAR_PARTS = {
    "event key misspelt": (_rename_event_key("title", "titel"), "titel"),
    "day date not a date": (_set(["snapshot", "days", 0, "date"], "not-a-date"), "date"),
    "day date of the right shape, no day": (_set(["snapshot", "days", 0, "date"], "2026-02-30"), "date"),
    "event day not a date": (_set(["snapshot", "events", 0, "days"], ["2026-12-32"]), "days"),
    "event start not a wire instant": (_set(["snapshot", "events", 0, "start"], "tomorrow"), "start"),
    # a review (2026-12-03): an event ending before it starts passed, as a window doing so did
    "event start after its end": (_set(["snapshot", "events", 0, "start"], "2099-01-01T00:00:00.000Z"), "start is after end"),
    "event key not a SHA-256": (_set(["snapshot", "events", 0, "key"], "abc"), "key"),
    "allDay a string": (_set(["snapshot", "events", 0, "allDay"], "yes"), "allDay"),
    "snapshot without days": (lambda d: _gcal(d)["snapshot"].pop("days"), "days"),
    "step rows a string": (_set(["step", "rows"], "rows"), "rows"),
    "step row key misspelt": (lambda d: _gcal(d)["step"]["rows"][0].update(firstSightng=True), "firstSightng"),
    "step row seenAt not an instant": (_set(["step", "rows", 0, "seenAt"], "2026-11-30"), "seenAt"),
    "step base naming no page": (_set(["step", "base"], "synthetic-step-0-missing.html"), "synthetic-step-0-missing.html"),
    "step base naming its own page": (_set(["step", "base"], STEP_2), "base"),
    "step bases in a cycle": (lambda d: _gcal(d, "synthetic-step-1-first-look.html")["step"].update(
        base="synthetic-step-3-updated.html"), "cycle"),
    "step base with no gcal.event expectation": (lambda d: (_set(["step", "base"], "synthetic-week.html")(d),
                                                           d["synthetic-week.html"].update(expected=[])), "gcal.event"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED_CALENDAR_PARTS))
def test_a_malformed_calendar_snapshot_or_step_is_one_clear_line_for_every_command(repo_copy, cli, case):
    """labels/schema.py left snapshot and step free dicts: a misspelt key or a bad date was a traceback
    from check, bench and gate, and a step naming a missing page passed check, then crashed the bench."""
    edit, word = MALFORMED_CALENDAR_PARTS[case]
    path = repo_copy / GCAL / "labels.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    for args in (["check", "-q"], ["bench", "-q"], ["gate", "-q"]):
        result = cli.invoke(main, args)
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert result.exit_code == 3, (args, result.output)
        assert len(lines) == 1 and "Traceback" not in result.output, (args, result.output)
        assert "gcal/2026-11-30/labels.json" in lines[0] and word in lines[0], (args, lines[0])


def test_the_schema_reads_the_shipped_calendar_parts_back_unchanged():
    """The snapshot and step models hold exactly what the shipped labels hold: nothing coerced or added."""
    from labels.schema import load_labels

    path = REPO / GCAL / "labels.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    for name, entry in load_labels(path).items():
        for parsed, written in zip(entry.expected, raw[name]["expected"], strict=True):
            dumped = parsed.model_dump(by_alias=True, mode="json")
            assert dumped["snapshot"] == written.get("snapshot") and dumped["step"] == written.get("step"), name


def test_a_label_with_two_expectations_for_one_observer_is_bad_input_for_every_command(repo_copy, cli):
    """A user-journey review: a second, contradictory gmail.sent block passed check, the bench read only the first,
    and gate --update would have pinned the label. The labels file is refused whole, naming the entry."""
    def twice(data):
        entry = data["synthetic-sent-head.html"]
        entry["expected"].append(json.loads(json.dumps(entry["expected"][0])))
    _edit(repo_copy, twice)
    for command in (["check", "-q"], ["bench"]):
        result = cli.invoke(main, command)
        assert result.exit_code == 3, (command, result.output)
        assert "synthetic-sent-head.html" in result.output and "gmail.sent" in result.output, result.output
        assert "Traceback" not in result.output


def test_check_update_versions_moves_labels_to_the_current_selectors_versions(repo_copy, cli):
    """README loop, step 4: after a version bump every label needs the new selectorsVersion (the entry's, and a
    Calendar snapshot's inside its expectation). A user-journey review found only `label --force` for it, one page
    and four facts at a time. `check --update-versions` rewrites them and then checks."""
    import re as _re
    gcal = repo_copy / "fixtures/pages/gcal/2026-11-30/labels.json"
    text = gcal.read_text(encoding="utf-8")
    current = _re.search(r"gcal\.event@([\d.]+)", text).group(1)
    gcal.write_text(text.replace(f"gcal.event@{current}", "gcal.event@0.0.1"), encoding="utf-8")
    stale = cli.invoke(main, ["check", "-q"])
    assert stale.exit_code == 1 and "selectorsVersion" in stale.output
    fixed = cli.invoke(main, ["check", "-q", "--update-versions"])
    assert fixed.exit_code == 0, fixed.output
    assert "updated" in fixed.output and "gcal/2026-11-30/labels.json" in fixed.output
    assert gcal.read_text(encoding="utf-8") == text  # byte for byte what the shipped file says
    gmail = repo_copy / FOLDER / "labels.json"
    before = gmail.read_bytes()
    assert cli.invoke(main, ["check", "-q", "--update-versions"]).exit_code == 0 and gmail.read_bytes() == before


def test_check_update_versions_writes_nothing_before_a_bad_file_and_only_the_named_folders(repo_copy, cli, tmp_path):
    """A review: with a named file that is no labels.json of the fixtures, every folder was rewritten first and
    then exit 3; and an entry with no "expected" key was rewritten with an empty one."""
    gcal = repo_copy / "fixtures/pages/gcal/2026-11-30/labels.json"
    text = gcal.read_text(encoding="utf-8")
    current = text.split("gcal.event@", 1)[1].split('"', 1)[0]
    gcal.write_text(text.replace(f"gcal.event@{current}", "gcal.event@0.0.1"), encoding="utf-8")
    stale = gcal.read_bytes()
    bad = cli.invoke(main, ["check", "-q", "--update-versions", str(tmp_path / "nope.json")])
    assert bad.exit_code == 3 and gcal.read_bytes() == stale, bad.output
    gmail = repo_copy / FOLDER / "labels.json"
    only_gmail = cli.invoke(main, ["check", "-q", "--update-versions", str(gmail)])
    assert only_gmail.exit_code == 0 and gcal.read_bytes() == stale, only_gmail.output
    data = json.loads(gmail.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"].pop("notes")
    scaffold = {"capturedAt": "2026-11-30", "selectorsVersion": None, "seededSecrets": []}
    from labels.versions import update_versions
    data["extra.html"] = scaffold
    gmail.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    before = gmail.read_bytes()
    assert update_versions(repo_copy / "fixtures/pages", ["gmail/2026-11-30"]) == [] and gmail.read_bytes() == before


def test_a_sent_label_pairing_one_rows_recipient_with_another_rows_time_fails(repo_copy, cli):
    """A user-journey review: a label giving each address another row's time and subject passed check (each field
    was found somewhere on the page) and only the bench caught it, where it looks like an observer bug."""
    def swap(data):
        observations = data["synthetic-sent-head.html"]["expected"][0]["observations"]
        rows = [(o["fields"]["occurredAt"], o["fields"].get("subjectHint")) for o in observations]
        assert len(set(rows)) > 1, "the page needs two rows of different times"
        for o, (when, hint) in zip(observations, rows[1:] + rows[:1]):
            o["fields"]["occurredAt"] = when
            if hint is None:
                o["fields"].pop("subjectHint", None)
            else:
                o["fields"]["subjectHint"] = hint
    _edit(repo_copy, swap)
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 1 and "in no one row" in result.output, result.output


def test_a_folder_named_by_no_day_is_one_clear_line_not_a_traceback(repo_copy, cli):
    """A review: the read-day rule parsed the folder's name as a date, and a folder such as gmail/scratch made
    check print a traceback where it had said "capturedAt is not the folder's date"."""
    source = repo_copy / FOLDER
    scratch = repo_copy / "fixtures/pages/gmail/scratch"
    scratch.mkdir()
    (scratch / "synthetic-sent-head.html").write_bytes((source / "synthetic-sent-head.html").read_bytes())
    entry = json.loads((source / "labels.json").read_text(encoding="utf-8"))["synthetic-sent-head.html"]
    (scratch / "labels.json").write_text(json.dumps({"synthetic-sent-head.html": entry}), encoding="utf-8")
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "capturedAt is not the folder's date" in result.output


def test_a_labels_file_with_several_faults_names_them_on_its_one_line(repo_copy, cli):
    """Only the first fault was named ("… (and 1 more)"): a user fixed it, ran check again, met the next."""
    def break_two(data):
        entry = data["synthetic-sent-head.html"]
        entry["page"]["readAt"] = "yesterday"
        entry["expected"][0]["health"]["status"] = "FINE"
    _edit(repo_copy, break_two)
    result = cli.invoke(main, ["check", "-q"])
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 3 and len(lines) == 1, result.output
    assert "readAt" in lines[0] and "status" in lines[0] and "more)" not in lines[0], lines[0]


@pytest.mark.parametrize("where", ["gmail/2026-11-30/SHOUTED.HTML", "gmail/2026-11-30/short.htm",
                                   "gmail/2026-12-24/page.html"])
def test_a_page_no_label_names_fails_check_and_the_gate_wherever_it_is(repo_copy, cli, where):
    """A review: pages named .HTML or .htm, and a folder with pages and no labels.json, were seen by neither."""
    page = repo_copy / "fixtures/pages" / where
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_bytes((repo_copy / FOLDER / "synthetic-sent-head.html").read_bytes())
    assert any(where.rsplit("/", 1)[0] in str(p) for p in check_all())
    result = cli.invoke(main, ["gate", "-q"])
    assert result.exit_code == 1 and where.rsplit("/", 1)[0] in result.output, result.output
