"""Bad input: exit 3, one clear line naming the file and the fault, no traceback, nothing changed."""

from __future__ import annotations

import json

import pytest

from attest_kit.cli import main
from tests.conftest import GMAIL_FOLDER

HEAD = str(GMAIL_FOLDER / "synthetic-sent-head.html")


def _one_clear_line(result, *words, code: int = 3):
    assert result.exit_code == code, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), result.output
    assert "Traceback" not in result.output
    for word in words:
        assert word in lines[0]


def test_a_missing_page(cli, tmp_path):
    _one_clear_line(cli.invoke(main, ["observe", str(tmp_path / "nope.html"), "--observer", "gmail.sent"]),
                    "nope.html", "no such file")


def test_a_binary_page(cli, tmp_path):
    page = tmp_path / "x.html"
    page.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00<html>")
    _one_clear_line(cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"]), "x.html", "binary")


def test_a_page_that_is_not_utf8_or_not_html(cli, tmp_path):
    page = tmp_path / "latin.html"
    page.write_bytes("<p>caf\u00e9</p>".encode("latin-1"))
    _one_clear_line(cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"]), "latin.html", "UTF-8")
    plain = tmp_path / "plain.html"
    plain.write_text("just words", encoding="utf-8")
    _one_clear_line(cli.invoke(main, ["observe", str(plain), "--observer", "gmail.sent"]), "plain.html", "markup")


def test_an_empty_page(cli, tmp_path):
    page = tmp_path / "empty.html"
    page.write_text("  \n", encoding="utf-8")
    _one_clear_line(cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"]), "empty.html", "empty")


def _usage_error(result, *words):
    """A bad option value is Click's usage error (DESIGN: exit 2), its message naming the option."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output


def test_an_unknown_observer(cli):
    _usage_error(cli.invoke(main, ["observe", HEAD, "--observer", "gmail.drafts"]), "--observer", "unknown observer")


def test_an_unlabelled_page_without_facts_is_a_usage_error_naming_the_missing_flags(cli, tmp_path):
    """The page is fine; the command was given too little: Click's usage error (exit 2), as any missing
    option is, naming exactly the flags still missing (it was exit 3, bad input)."""
    page = tmp_path / "p.html"
    page.write_text("<html><body></body></html>", encoding="utf-8")
    _one_clear_line(cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"]),
                    "--url", "--tz", "--now", code=2)
    result = cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent", "--url", "https://mail.google.com/"])
    _one_clear_line(result, "--tz", "--now", code=2)
    assert "--url" not in result.output


def test_a_captured_page_whose_label_has_no_facts_yet_names_the_label_command(cli, repo_copy):
    """capture writes an entry without the page's facts (`label` adds them): observe said the page was
    "not a labelled fixture", though labels.json had its entry (a first-use walkthrough)."""
    folder = repo_copy / "fixtures/pages/gmail/2026-11-30"
    page = folder / "captured.html"
    page.write_bytes((folder / "synthetic-sent-head.html").read_bytes())
    labels = json.loads((folder / "labels.json").read_text(encoding="utf-8"))
    labels["captured.html"] = {"selectorsVersion": None, "expected": [], "notes": "", "capturedAt": "2026-11-30",
                               "seededSecrets": []}
    (folder / "labels.json").write_text(json.dumps(labels), encoding="utf-8")
    result = cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"])
    _one_clear_line(result, "no page facts yet", "attest-kit label", "--url, --tz, --now", code=2)
    assert "not a labelled fixture" not in result.output


def test_a_bad_instant_and_zone(cli):
    _usage_error(cli.invoke(main, ["observe", HEAD, "--observer", "gmail.sent", "--now", "yesterday"]), "--now")
    _usage_error(cli.invoke(main, ["observe", HEAD, "--observer", "gmail.sent", "--tz", "Mars/Base"]), "--tz", "zone")


def test_an_invalid_labels_json_next_to_a_page(cli, tmp_path):
    page = tmp_path / "p.html"
    page.write_text("<html><body></body></html>", encoding="utf-8")
    (tmp_path / "labels.json").write_text("{not json", encoding="utf-8")
    _one_clear_line(cli.invoke(main, ["observe", str(page), "--observer", "gmail.sent"]), "labels.json", "JSON")


def test_observe_json_has_the_contract_keys(cli):
    result = cli.invoke(main, ["observe", HEAD, "--observer", "gmail.sent", "--json"])
    posted = json.loads(result.output)
    assert {"observer", "version", "instant", "health", "observations", "windows", "accountHash", "snapshot"} <= set(posted)
    assert posted["health"]["reasons"] == sorted(posted["health"]["reasons"])


def test_label_scaffold_keeps_other_entries_and_refuses_overwrite(cli, repo_copy):
    folder = repo_copy / "fixtures/pages/gmail/2026-11-30"
    new = folder / "synthetic-new.html"
    new.write_text("<html><body><div role=main></div></body></html>", encoding="utf-8")
    before = json.loads((folder / "labels.json").read_text(encoding="utf-8"))
    args = ["label", str(new), "--view", "sent-list", "--url", "https://mail.google.com/mail/u/0/#sent",
            "--tz", "UTC", "--read-at", "2026-11-30T10:00:00Z"]
    assert cli.invoke(main, args).exit_code == 0
    after = json.loads((folder / "labels.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in after.items() if k != "synthetic-new.html"} == before
    assert after["synthetic-new.html"]["page"]["readAt"] == "2026-11-30T10:00:00.000Z"
    again = cli.invoke(main, args)
    assert again.exit_code == 3 and "--force" in again.output


def test_label_refuses_an_account_the_page_does_not_show(cli, repo_copy):
    """A user-journey review: `label --account` took the address from before sanitising (the page shows its fake)
    and wrote it into labels.json; only check and the @ check caught it later. It is refused at once, without
    echoing it, and nothing is written."""
    folder = repo_copy / "fixtures/pages/gmail/2026-11-30"
    page = folder / "synthetic-new.html"
    page.write_text('<html><body><header role="banner"><a aria-label="Google Account: A (fake.one@example.com)">'
                    "</a></header><div role=main></div></body></html>", encoding="utf-8")
    before = (folder / "labels.json").read_bytes()
    args = ["label", str(page), "--view", "sent-list", "--url", "https://mail.google.com/mail/u/0/#sent",
            "--tz", "UTC", "--read-at", "2026-11-30T10:00:00Z", "--account"]
    refused = cli.invoke(main, [*args, "real.person@corp.example.io"])
    assert refused.exit_code == 2 and "--account" in refused.output and "real.person" not in refused.output
    assert (folder / "labels.json").read_bytes() == before
    assert cli.invoke(main, [*args, "Fake.One@example.com"]).exit_code == 0
    # a review: the address is read from the page, not found as a substring; what is written is the address
    assert cli.invoke(main, [*args, "one@example.com", "--force"]).exit_code == 2
    page.write_text('<html><body><header role="banner"><a aria-label="Google Account: A (fake&#46;one@example.com)">'
                    "</a></header><div role=main></div></body></html>", encoding="utf-8")
    assert cli.invoke(main, [*args, " fake.one@example.com ", "--force"]).exit_code == 0
    written = json.loads((folder / "labels.json").read_text(encoding="utf-8"))["synthetic-new.html"]["page"]
    assert written["account"] == "fake.one@example.com"
    malformed = cli.invoke(main, [*args, "real.person@corp", "--force"])
    assert malformed.exit_code == 2 and "real.person" not in malformed.output


def test_label_refuses_a_page_outside_the_fixtures(cli, repo_copy, tmp_path):
    """A user-journey review: label wrote a labels.json beside a page outside fixtures/pages, which check then
    refused and the bench never read."""
    folder = tmp_path / "gmail" / "2026-11-30"
    folder.mkdir(parents=True)
    page = folder / "p.html"
    page.write_text("<html><body><div role=main></div></body></html>", encoding="utf-8")
    result = cli.invoke(main, ["label", str(page), "--view", "sent-list", "--url", "https://mail.google.com/mail/u/0/#sent",
                               "--tz", "UTC", "--read-at", "2026-11-30T10:00:00Z"])
    assert result.exit_code == 3 and "fixtures/pages" in result.output, result.output
    assert not (folder / "labels.json").exists()


def test_a_read_time_off_the_folders_day_is_warned_by_label_and_refused_by_check(cli, repo_copy):
    """A user-journey review: label took a read time six months before the folder's date without a word, and check
    said nothing where the page posts no window (the read time dates every clock-only time on the page)."""
    folder = repo_copy / "fixtures/pages/gmail/2026-11-30"
    page = folder / "synthetic-sent-head.html"
    facts = json.loads((folder / "labels.json").read_text(encoding="utf-8"))[page.name]["page"]
    args = ["label", str(page), "--view", facts["view"], "--url", facts["url"], "--tz", facts["timeZone"], "--force"]
    if facts.get("account"):
        args += ["--account", facts["account"]]
    off = cli.invoke(main, [*args, "--read-at", "2026-05-30T10:00:00Z"])
    assert off.exit_code == 0 and "warning: --read-at is not on" in off.output, off.output
    checked = cli.invoke(main, ["check", "-q"])
    assert checked.exit_code == 1 and "page.readAt is not on the folder's date" in checked.output
    near = cli.invoke(main, [*args, "--read-at", facts["readAt"]])
    assert near.exit_code == 0 and "warning: --read-at" not in near.output


def test_label_warns_when_no_selectors_json_lists_the_folder_yet(cli, repo_copy):
    """A new dated folder gets selectorsVersion null until an observer lists it; label said nothing, and
    check failed only later, once the folder was listed."""
    folder = repo_copy / "fixtures/pages/gmail/2026-12-03"
    folder.mkdir(parents=True)
    page = folder / "synthetic-new.html"
    page.write_text("<html><body><div role=main></div></body></html>", encoding="utf-8")
    args = ["label", str(page), "--view", "sent-list", "--url", "https://mail.google.com/mail/u/0/#sent",
            "--tz", "UTC", "--read-at", "2026-12-03T10:00:00Z"]
    result = cli.invoke(main, args)
    assert result.exit_code == 0 and "warning:" in result.output and "gmail/2026-12-03" in result.output
    listed = cli.invoke(main, [*args[:2], "--force", *args[2:]])
    listed_folder = repo_copy / "fixtures/pages/gmail/2026-11-30/synthetic-sent-head.html"
    shipped = cli.invoke(main, ["label", str(listed_folder), "--force", *args[2:6], "--tz", "UTC", "--read-at",
                                "2026-11-30T10:00:00Z"])
    assert listed.exit_code == 0 and shipped.exit_code == 0 and "no observer's selectors.json" not in shipped.output


@pytest.mark.parametrize("args", [["observe"], ["gate", "--allow-lower"]])
def test_usage_errors_are_exit_2(cli, args):
    assert cli.invoke(main, args).exit_code == 2


def test_label_force_keeps_the_pass_state(cli, repo_copy):
    folder = repo_copy / "fixtures/pages/gcal/2026-11-30"
    page = folder / "synthetic-week-busy-long.html"
    before = json.loads((folder / "labels.json").read_text(encoding="utf-8"))[page.name]["page"]
    assert before.get("passState"), "this fixture keeps the busy clock"
    result = cli.invoke(main, ["label", str(page), "--view", before["view"], "--url", before["url"], "--tz",
                               before["timeZone"], "--read-at", before["readAt"], "--account", before["account"] or "",
                               "--force"] if before["account"] else
                        ["label", str(page), "--view", before["view"], "--url", before["url"], "--tz",
                         before["timeZone"], "--read-at", before["readAt"], "--force"])
    assert result.exit_code == 0, result.output
    assert "kept its expectations" in result.output and "now write" not in result.output
    after = json.loads((folder / "labels.json").read_text(encoding="utf-8"))[page.name]["page"]
    assert after["passState"] == before["passState"]


def test_a_write_that_fails_is_bad_input_not_a_traceback(cli, repo_copy, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    from attest_kit.errors import BadInput
    from attest_kit.fsio import atomic_write_text

    with pytest.raises(BadInput, match="cannot write"):
        atomic_write_text(blocker / "under-a-file.json", "{}")


@pytest.mark.parametrize("now", ["2026-02-30T18:00:00Z", "2026-11-30T24:00:00Z", "0001-01-01T00:30:00+01:00"])
def test_a_now_of_the_right_shape_that_names_no_real_time(cli, now):
    # a held-out audit: datetime's own errors escaped as tracebacks (exit 1)
    _usage_error(cli.invoke(main, ["observe", HEAD, "--observer", "gmail.sent", "--now", now]), "--now")


def test_a_state_file_nested_past_the_parser_or_naming_no_real_time(cli, tmp_path):
    week = str(GMAIL_FOLDER.parent.parent / "gcal/2026-11-30/synthetic-week.html")
    deep = tmp_path / "deep.json"
    deep.write_text('{"busySince": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    _one_clear_line(cli.invoke(main, ["observe", week, "--observer", "gcal.event", "--state", str(deep)]),
                    "deep.json", "JSON")
    bad_day = tmp_path / "day.json"
    bad_day.write_text('{"busySince": "2026-02-30T18:00:00.000Z"}', encoding="utf-8")
    _one_clear_line(cli.invoke(main, ["observe", week, "--observer", "gcal.event", "--state", str(bad_day)]),
                    "day.json", "busySince")


def test_label_names_the_option_it_cannot_read(cli, repo_copy):
    page = repo_copy / "fixtures/pages/gmail/2026-11-30/synthetic-new.html"
    page.write_text("<html><body><div role=main></div></body></html>", encoding="utf-8")
    base = ["label", str(page), "--view", "sent-list", "--url", "https://mail.google.com/mail/u/0/#sent"]
    # a value an option cannot take is a usage error, exit 2 (README), as observe's --tz and --now are
    _one_clear_line(cli.invoke(main, [*base, "--tz", "UTC", "--read-at", "2026-02-30T10:00:00Z"]), "--read-at", code=2)
    _one_clear_line(cli.invoke(main, [*base, "--tz", "Mars/Olympus", "--read-at", "2026-11-30T10:00:00Z"]), "--tz", code=2)


def test_a_broken_selectors_file_is_one_clear_line(cli, tmp_path, monkeypatch):
    """Editing selectors.json is step 4 of the loop: a typo there was a 44-line traceback, exit 1."""
    import observers.registry as registry

    broken = tmp_path / "selectors.json"
    broken.write_text("{", encoding="utf-8")
    monkeypatch.setattr(registry, "selectors_path", lambda observer_id: broken)
    result = cli.invoke(main, ["bench", "--check", "-q"])
    _one_clear_line(result, "selectors.json")


def test_a_broken_selectors_file_is_one_clear_line_before_observe_runs(cli, tmp_path, monkeypatch):
    """observe checks its --observer against the registry in an option callback, before the command's
    own error handler: a selectors.json that does not parse was a traceback there."""
    import observers.registry as registry

    broken = tmp_path / "gmail_sent"
    broken.mkdir()
    (broken / "selectors.json").write_text('{"observer": "gmail.sent",', encoding="utf-8")
    (broken / "observer.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(registry, "ROOT", tmp_path)
    registry._packages.cache_clear()
    try:
        _one_clear_line(cli.invoke(main, ["observe", HEAD, "--observer", "gmail.receipt"]), "selectors.json")
    finally:
        registry._packages.cache_clear()


def test_the_registry_the_sanitiser_reads_is_checked_too(tmp_path):
    from attest_kit.selectors import SelectorsError
    from sanitize.registry import load_registry

    bad = tmp_path / "selectors.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(SelectorsError):
        load_registry(bad)


def test_label_refuses_a_page_outside_a_dated_fixture_folder(cli, tmp_path):
    """capturedAt is the folder's date: a page in any other folder got the folder's name as its date,
    a label its own schema rejects, and every later command on that folder failed."""
    page = tmp_path / "notes" / "p.html"
    page.parent.mkdir()
    page.write_text("<html><body></body></html>", encoding="utf-8")
    result = cli.invoke(main, ["label", str(page), "--view", "sent-list", "--url", "https://mail.google.com/mail/u/0/#sent",
                               "--tz", "UTC", "--read-at", "2026-11-30T10:00:00Z"])
    _one_clear_line(result, "yyyy-mm-dd")
    assert not (page.parent / "labels.json").exists()


@pytest.mark.parametrize("option, value", [("--url", "notaurl"), ("--url", "ftp://mail.google.com/"),
                                           ("--url", "http://[::1/#sent"),
                                           ("--account", "not an email")])
def test_label_refuses_page_facts_no_page_could_have(cli, repo_copy, option, value):
    """The page facts are what the bench replays the page with: an address that is no web page or an
    account that is not one address was written, and only surfaced (if at all) later."""
    page = repo_copy / "fixtures/pages/gmail/2026-11-30/synthetic-sent-head.html"
    args = {"--view": "sent-list", "--url": "https://mail.google.com/mail/u/0/#sent", "--tz": "UTC",
            "--read-at": "2026-11-30T10:00:00Z", "--account": "priya@example.com"} | {option: value}
    labels = page.parent / "labels.json"
    before = labels.read_bytes()
    result = cli.invoke(main, ["label", str(page), "--force", *[x for kv in args.items() for x in kv]])
    assert result.exit_code == 2 and option.lstrip("-") in result.output, result.output
    assert labels.read_bytes() == before


@pytest.mark.parametrize("floors", [
    {"fingerprint": "x", "observers": {"gmail.sent": 5}},
    {"fingerprint": "x", "observers": {"gmail.sent": {"rowsPrecision": "high"}}},
    {"fingerprint": "x", "observers": {"gmail.sent": {"pages": True}}},
    {"fingerprint": "x", "observers": {"gmail.sent": {"rowsPrecison": 1.0}}},  # a misspelt figure is never gated
    {"fingerprint": 7, "observers": {}},
    [1, 2],
])
@pytest.mark.parametrize("update", [False, True])
def test_a_floors_file_of_the_wrong_shape_is_one_clear_line(cli, repo_copy, floors, update):
    """A wrong-shaped floors.json was a traceback with exit 1, the gate's "found something" code."""
    path = repo_copy / "bench/floors.json"
    path.write_text(json.dumps(floors), encoding="utf-8")
    before = path.read_bytes()
    _one_clear_line(cli.invoke(main, ["gate", "-q", *(["--update"] if update else [])]), "floors.json")
    assert path.read_bytes() == before


@pytest.mark.parametrize("seeded", [
    {"x": 1}, [{"id": "api-key"}], [1, 2], {"secrets": 3}, [{"id": 1, "value": "v"}], [{"id": "a", "value": ""}],
])
def test_a_seeded_secrets_file_of_the_wrong_shape_is_one_clear_line(cli, repo_copy, seeded):
    """check (and label, which lists the seeds) indexed seeded.json unguarded: a KeyError traceback, exit 1."""
    (repo_copy / "fixtures/secrets/seeded.json").write_text(json.dumps(seeded), encoding="utf-8")
    _one_clear_line(cli.invoke(main, ["check", "-q"]), "seeded.json")
    page = repo_copy / "fixtures/pages/gmail/2026-11-30/synthetic-new.html"
    page.write_text("<html><body><div role=main></div></body></html>", encoding="utf-8")
    labels = (page.parent / "labels.json").read_bytes()
    _one_clear_line(cli.invoke(main, ["label", str(page), "--view", "sent-list", "--url",
                                      "https://mail.google.com/mail/u/0/#sent", "--tz", "UTC", "--read-at",
                                      "2026-11-30T10:00:00Z"]), "seeded.json")
    assert (page.parent / "labels.json").read_bytes() == labels


_KEY = b"0123456789abcdef0123456789abcdef"  # an invented test key: fixed, public, used on invented pages only


@pytest.mark.parametrize("option", ["--redact-selector", "--keep-selector"])
def test_a_selector_option_lexbor_cannot_read_is_a_usage_error_naming_the_option(cli, tmp_path, option):
    """A bad --redact-selector / --keep-selector value was exit 3 with a line naming neither file nor option."""
    key = tmp_path / "k.key"
    key.write_bytes(_KEY)
    page = tmp_path / "in.html"
    page.write_text("<html><body><div role=main><p>x</p></div></body></html>", encoding="utf-8")
    out = tmp_path / "out.html"
    result = cli.invoke(main, ["sanitize", str(page), "-o", str(out), "--page-url", "https://mail.google.com/",
                               "--key-file", str(key), option, "[role=main]", option, "[[bad"])
    _one_clear_line(result, option, "[[bad", code=2)
    assert not out.exists()
    # capture refuses it before it attaches to any browser (nothing listens at this address)
    result = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "x", "--cdp", "http://127.0.0.1:9",
                               "--key-file", str(key), option, "[[bad"])
    _one_clear_line(result, option, "[[bad", code=2)


def test_a_labels_calendar_pass_state_is_not_handed_to_a_gmail_observer(cli, tmp_path):
    """observe gmail.sent on the Calendar fixture that keeps a busy clock failed, exit 3, with "pass
    state: gmail.sent keeps no pass state" naming no file: the label's passState is Calendar's alone.
    Since session 39 a Gmail observer is not run on a Calendar page at all (``test_vendor_hosts.py``): the
    refusal names the vendor, not the state."""
    busy = GMAIL_FOLDER.parent.parent / "gcal/2026-11-30/synthetic-week-busy-long.html"
    for observer_id in ("gmail.sent", "gmail.receipt"):
        result = cli.invoke(main, ["observe", str(busy), "--observer", observer_id, "--json"])
        assert result.exit_code == 2 and f"{observer_id} reads pages on mail.google.com" in result.output, result.output
        assert "pass state" not in result.output
    calendar = cli.invoke(main, ["observe", str(busy), "--observer", "gcal.event", "--json"])
    assert calendar.exit_code == 0 and json.loads(calendar.output)["health"]["reasons"] == ["page.busy"], calendar.output
    # state given on purpose is still refused for an observer that keeps none, naming the file
    state = tmp_path / "state.json"
    state.write_text('{"busySince": "2026-11-30T17:54:00.000Z"}', encoding="utf-8")
    gmail = str(GMAIL_FOLDER / "synthetic-sent-head.html")
    _one_clear_line(cli.invoke(main, ["observe", gmail, "--observer", "gmail.sent", "--state", str(state)]),
                    "state.json", "keeps no pass state")
