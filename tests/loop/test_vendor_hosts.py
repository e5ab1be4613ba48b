"""An observer reads its vendor's pages only, and a label's address is on its folder's vendor's host.

A usability review (session 39): `observe --observer gcal.event` on a Gmail page printed "OK", no observation, and
the hint "no gcal.event expectation yet (write one, then attest-kit check)", which check then refuses (gcal.event
lists no Gmail folder); `label` took a Calendar or any other address for a Gmail page, and `check` passed it while
the observers read that page as IDLE. The extension runs each observer on its vendor's host only, so a pass of one
over another vendor's page stands for nothing the extension does.
"""

from __future__ import annotations

import json

import pytest

from attest_kit.cli import main

GMAIL = "fixtures/pages/gmail/2026-11-30"
GCAL = "fixtures/pages/gcal/2026-11-30"


@pytest.mark.parametrize("folder, page, observer, host", [
    (GMAIL, "synthetic-sent-head.html", "gcal.event", "calendar.google.com"),
    (GCAL, "synthetic-week.html", "gmail.sent", "mail.google.com"),
    (GCAL, "synthetic-week.html", "gmail.receipt", "mail.google.com"),
])
def test_observe_refuses_an_observer_of_another_vendor(repo_copy, cli, folder, page, observer, host):
    result = cli.invoke(main, ["observe", str(repo_copy / folder / page), "--observer", observer])
    assert result.exit_code == 2, result.output
    assert f"{observer} reads pages on {host}" in result.output and "expectation yet" not in result.output


def test_observe_refuses_an_observer_of_another_vendor_whatever_the_url(repo_copy, cli):
    """A review of the first cut: a Calendar --url let gcal.event read a page of fixtures/pages/gmail/."""
    result = cli.invoke(main, ["observe", str(repo_copy / GMAIL / "synthetic-sent-head.html"), "--observer", "gcal.event",
                               "--url", "https://calendar.google.com/calendar/u/0/r/week", "--tz", "UTC",
                               "--now", "2026-11-30T12:00:00Z"])
    assert result.exit_code == 2 and "this page is in fixtures/pages/gmail/" in result.output, result.output


def test_observe_refuses_a_url_on_another_host_and_one_that_is_no_address(repo_copy, cli):
    page = str(repo_copy / GMAIL / "synthetic-sent-head.html")
    facts = ["--tz", "Europe/London", "--now", "2026-11-30T12:00:00Z"]
    for url in ("https://calendar.google.com/calendar/u/0/r/week", "notaurl", "https://evil.example.net/#sent"):
        result = cli.invoke(main, ["observe", page, "--observer", "gmail.sent", "--url", url, *facts])
        assert result.exit_code == 2 and "gmail.sent reads pages on mail.google.com" in result.output, (url, result.output)
        # "run gcal.event" only for the other vendor's own host (a review: it followed "notaurl" too)
        assert ("run gcal.event" in result.output) == ("calendar" in url), result.output
    for url in ("https://mail.google.com/mail/u/0/#sent", "HTTP://Mail.Google.com.:443/mail/u/0/#sent"):
        ok = cli.invoke(main, ["observe", page, "--observer", "gmail.sent", "--url", url, *facts])
        assert ok.exit_code == 0, (url, ok.output)


def _facts(repo_copy, folder: str, page: str) -> dict:
    return json.loads((repo_copy / folder / "labels.json").read_text(encoding="utf-8"))[page]["page"]


@pytest.mark.parametrize("folder, page, url", [
    (GMAIL, "synthetic-sent-head.html", "https://calendar.google.com/calendar/r/week"),
    (GMAIL, "synthetic-sent-head.html", "https://evil.example.net/mail/u/0/#sent"),
    (GCAL, "synthetic-week.html", "https://mail.google.com/mail/u/0/#sent"),
])
def test_label_refuses_an_address_off_its_folders_host(repo_copy, cli, folder, page, url):
    before = (repo_copy / folder / "labels.json").read_bytes()
    facts = _facts(repo_copy, folder, page)
    args = ["label", str(repo_copy / folder / page), "--view", facts["view"], "--url", url, "--tz", facts["timeZone"],
            "--read-at", facts["readAt"], "--force"] + (["--account", facts["account"]] if facts.get("account") else [])
    result = cli.invoke(main, args)
    assert result.exit_code == 2 and "--url" in result.output and "is not on" in result.output, result.output
    assert "evil" not in result.output  # a live address is never echoed (it may carry a token)
    assert (repo_copy / folder / "labels.json").read_bytes() == before


def test_check_names_a_label_whose_address_is_off_its_folders_host(repo_copy, cli):
    path = repo_copy / GMAIL / "labels.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["synthetic-sent-head.html"]["page"]["url"] = "https://calendar.google.com/calendar/r/week"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli.invoke(main, ["check", "-q"])
    assert result.exit_code == 1, result.output
    assert "synthetic-sent-head.html: page.url is not on mail.google.com" in result.output, result.output

