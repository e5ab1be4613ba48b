"""One fact, one option name: each command that takes a fact under another command's name takes that name too."""

from __future__ import annotations

from attest_kit.cli import main

GMAIL = "fixtures/pages/gmail/2026-11-30"


def test_the_same_fact_has_the_same_option_name_everywhere(repo_copy, cli, tmp_path, monkeypatch):
    """`observe --now` is `label --read-at`, and `sanitize --page-url` is `label --url` and `observe --url` (a usability
    review, session 39): each command takes the other's name too."""
    page = str(repo_copy / GMAIL / "synthetic-sent-head.html")
    facts = ["--url", "https://mail.google.com/mail/u/0/#sent", "--tz", "Europe/London"]
    now = cli.invoke(main, ["observe", page, "--observer", "gmail.sent", *facts, "--now", "2026-11-30T12:00:00Z", "--json"])
    read_at = cli.invoke(main, ["observe", page, "--observer", "gmail.sent", *facts, "--read-at", "2026-11-30T12:00:00Z",
                                "--json"])
    assert now.exit_code == 0 and read_at.output == now.output, read_at.output
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", "attest-kit-test-key-option-names")
    out = tmp_path / "out.html"
    sanitized = cli.invoke(main, ["sanitize", page, "-o", str(out), "--url", "https://mail.google.com/mail/u/0/"])
    assert sanitized.exit_code == 0 and out.exists(), sanitized.output
