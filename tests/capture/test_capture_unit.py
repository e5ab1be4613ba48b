"""Capture without a browser: the snapshot builder, tab choice, arguments and labels.json handling."""

from __future__ import annotations

import json

import pytest

import sanitize.capture as capture_mod
from attest_kit.cli import main
from sanitize.capture import CaptureError, choose_tab
from sanitize.snapshot import snapshot_to_html

KEY = "attest-kit-test-key-capture-0"


def _snapshot() -> dict:
    """A captureSnapshot result for: body > div(display:none) > span "hidden"; main > p.x "Hi" b "there"; input."""
    strings = ["#document", "HTML", "HEAD", "STYLE", "#text", ".x{color:red}", "BODY", "DIV", "id", "a", "style",
               "display:none", "SPAN", "hidden", "MAIN", "role", "main", "P", "class", "x", "Hi ", "B", "there",
               "INPUT", "type", "checkbox", "block", "visible", "inline", "typed", "value", "", "#comment", " c "]
    s = {v: i for i, v in enumerate(strings)}
    nodes = [  # (parent, type, name, value, attrs)
        (-1, 9, "#document", -1, []), (0, 1, "HTML", -1, []), (1, 1, "HEAD", -1, []), (2, 1, "STYLE", -1, []),
        (3, 3, "#text", s[".x{color:red}"], []), (1, 1, "BODY", -1, []),
        (5, 1, "DIV", -1, [s["id"], s["a"], s["style"], s["display:none"]]), (6, 1, "SPAN", -1, []),
        (7, 3, "#text", s["hidden"], []), (5, 1, "MAIN", -1, [s["role"], s["main"]]),
        (9, 1, "P", -1, [s["class"], s["x"], s["style"], s["display:none"]]), (10, 3, "#text", s["Hi "], []),
        (10, 1, "B", -1, []), (12, 3, "#text", s["there"], []),
        (9, 1, "INPUT", -1, [s["type"], s["checkbox"], s["value"], s[""]]), (9, 8, "#comment", s[" c "], []),
    ]
    layout = {1: ("block", "visible"), 5: ("block", "visible"), 9: ("block", "visible"), 10: ("block", "visible"),
              11: ("inline", "visible"), 12: ("inline", "visible"), 13: ("inline", "visible"), 14: ("inline", "visible")}
    return {"strings": strings, "documents": [{
        "nodes": {"parentIndex": [n[0] for n in nodes], "nodeType": [n[1] for n in nodes],
                  "nodeName": [s[n[2]] for n in nodes], "nodeValue": [n[3] for n in nodes],
                  "attributes": [n[4] for n in nodes], "inputChecked": {"index": [14]},
                  "inputValue": {"index": [14], "value": [s["typed"]]}},
        "layout": {"nodeIndex": list(layout), "styles": [[s[a], s[b]] for a, b in layout.values()]}}]}


def test_snapshot_builds_an_inert_document_with_computed_styles():
    html, counts = snapshot_to_html(_snapshot(), ("display", "visibility"))
    assert "<style" not in html and ".x{color:red}" not in html and "<!--" not in html
    assert '<div id="a" style="display:none"><span>hidden</span></div>' in html  # no box: display:none
    # the page's own style attribute is replaced by the computed one
    assert '<p class="x" style="display:block;visibility:visible">Hi <b style="display:inline;visibility:visible">there</b></p>' in html
    assert 'checked' in html and "typed" not in html
    assert counts.typed_values_skipped == 1 and counts.dropped_elements == 1 and counts.hidden_marked == 1


def test_tab_choice():
    urls = ["chrome://newtab/", "https://mail.google.com/mail/u/0/#sent", "https://calendar.google.com/r/week"]
    assert choose_tab(urls, None) == 1
    assert choose_tab(urls, "calendar.google.com") == 2
    with pytest.raises(CaptureError, match="2 open tabs"):
        choose_tab(urls, "google.com")
    with pytest.raises(CaptureError, match="no open tab"):
        choose_tab(urls, "example.org")
    with pytest.raises(CaptureError, match="no web page"):
        choose_tab(["chrome://newtab/"], None)


def test_tab_choice_by_port_and_path():
    """A user-journey review: --tab chose by host only, so two accounts' Gmail tabs (u/0, u/1) could not be told
    apart, and a fixture server's host:port was refused."""
    urls = ["https://mail.google.com/mail/u/0/#sent", "https://mail.google.com/mail/u/1/#sent",
            "http://127.0.0.1:4173/gmail/x.html", "http://127.0.0.1:9000/"]
    assert choose_tab(urls, "mail.google.com/mail/u/1") == 1
    assert choose_tab(urls, "mail.google.com/mail/u/0/") == 0
    assert choose_tab(urls, "127.0.0.1:4173") == 2
    with pytest.raises(CaptureError, match="2 open tabs"):
        choose_tab(urls, "mail.google.com")
    with pytest.raises(CaptureError, match="no open tab"):
        choose_tab(urls, "mail.google.com/mail/u/2")


@pytest.fixture
def fake_browser(monkeypatch):
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    calls = []

    def read(cdp, tab):
        calls.append((cdp, tab))
        return "https://mail.google.com/mail/u/0/?token=x#sent", _snapshot()

    monkeypatch.setattr(capture_mod, "read_snapshot", read)
    return calls


@pytest.mark.parametrize("vendor, tab", [("gmail", "mail.google.com"), ("gcal", "calendar.google.com"), ("shop", None)])
def test_capture_without_tab_reads_the_vendors_own_host(repo_copy, cli, fake_browser, vendor, tab):
    """Without --tab, capture took the first tab in DevTools' order (a fixture server opened later
    was "first") and wrote it under gmail/; the vendor names its host."""
    result = cli.invoke(main, ["capture", "--vendor", vendor, "--name", "p", "--date", "2026-11-30"])
    assert result.exit_code == 0, result.output
    assert fake_browser[-1][1] == tab
    explicit = cli.invoke(main, ["capture", "--vendor", vendor, "--name", "q", "--date", "2026-11-30", "--tab", "x.example"])
    assert explicit.exit_code == 0 and fake_browser[-1][1] == "x.example"


def test_capture_writes_page_and_label_and_keeps_other_entries(repo_copy, cli, fake_browser):
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    before = json.loads(labels.read_text(encoding="utf-8"))
    result = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "new-page", "--date", "2026-11-30"])
    assert result.exit_code == 0, result.output
    assert "page: https://mail.google.com/mail/u/0/\n" in result.output and "token" not in result.output
    after = json.loads(labels.read_text(encoding="utf-8"))
    assert {k: v for k, v in after.items() if k != "new-page.html"} == before
    assert after["new-page.html"]["expected"] == [] and after["new-page.html"]["selectorsVersion"] is None
    assert (labels.parent / "new-page.html").exists()


def test_capture_refuses_to_overwrite_without_force(repo_copy, cli, fake_browser):
    args = ["capture", "--vendor", "gmail", "--name", "synthetic-sent-head", "--date", "2026-11-30"]
    page = repo_copy / "fixtures/pages/gmail/2026-11-30/synthetic-sent-head.html"
    before = page.read_bytes()
    result = cli.invoke(main, args)
    assert result.exit_code == 3 and "--force" in result.output
    assert page.read_bytes() == before and fake_browser == []  # refused before attaching


@pytest.mark.parametrize("args, words", [
    (["--vendor", "Gmail/..", "--name", "x"], "--vendor"),
    (["--vendor", "gmail", "--name", "../x"], "--name"),
    (["--vendor", "gmail", "--name", "x", "--date", "30-11-2026"], "--date"),
    (["--vendor", "gmail", "--name", "x", "--date", "2026-13-45"], "--date"),
    (["--vendor", "gmail", "--name", "x", "--cdp", "http://example.com:9222"], "--cdp"),
    (["--vendor", "gmail", "--name", "x", "--cdp", "http://[::1:9222"], "--cdp"),
    (["--vendor", "gmail", "--name", "x", "--cdp", "localhost:9222"], "--cdp"),
    # a user-journey audit (2026-12-03): a port that is no number was exit 3, "no Chrome answers"
    (["--vendor", "gmail", "--name", "x", "--cdp", "http://127.0.0.1:notaport"], "--cdp"),
    (["--vendor", "gmail", "--name", "x", "--cdp", "http://127.0.0.1:99999"], "--cdp"),
])
def test_capture_arguments_are_checked(repo_copy, cli, fake_browser, args, words):
    result = cli.invoke(main, ["capture", *args])
    assert result.exit_code == 2 and words in result.output and fake_browser == []  # a usage error (README)


def test_capture_needs_a_key(repo_copy, cli, fake_browser, monkeypatch):
    monkeypatch.delenv("ATTEST_CAPTURE_KEY")
    result = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "x", "--date", "2026-11-30"])
    assert result.exit_code == 3 and "key" in result.output and fake_browser == []


def test_capture_refuses_a_labels_file_that_does_not_parse(repo_copy, cli, fake_browser):
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    labels.write_text("[1, 2]", encoding="utf-8")
    result = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "x", "--date", "2026-11-30"])
    assert result.exit_code == 3 and "labels.json" in result.output
    assert labels.read_text(encoding="utf-8") == "[1, 2]"
    assert not (labels.parent / "x.html").exists()


def test_capture_force_keeps_the_pages_label_and_says_so(repo_copy, cli, fake_browser):
    """A user-journey review: re-capturing with --force (the README's remedy when something personal is left)
    reset the hand-written label to no expectations, no page facts and no notes, without a word. The label is
    kept (``attest-kit check`` then says whether it still agrees with the new page); its capture facts follow."""
    labels = repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json"
    before = json.loads(labels.read_text(encoding="utf-8"))["synthetic-sent-head.html"]
    result = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "synthetic-sent-head", "--date", "2026-11-30",
                               "--force"])
    assert result.exit_code == 0, result.output
    after = json.loads(labels.read_text(encoding="utf-8"))["synthetic-sent-head.html"]
    assert before["expected"] and after["expected"] == before["expected"]
    assert after["page"] == before["page"] and after["notes"] == before["notes"]
    assert after["selectorsVersion"] == before["selectorsVersion"]
    assert "kept" in result.output and "attest-kit check" in result.output
    # a review: the kept facts are the earlier read's (its readAt dates the clock-only times): said, with the new one
    assert f"read at {before['page']['readAt']}" in result.output and "--read-at" in result.output


def test_capture_prints_the_instant_it_read_the_page(repo_copy, cli, fake_browser):
    """``label --read-at`` needs the instant the page was read (it ends a window and dates a clock-only time);
    capture kept only the day."""
    import re
    from attest_kit.instants import parse_instant
    result = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "p", "--date", "2026-11-30"])
    assert result.exit_code == 0, result.output
    found = re.search(r"^read at: (\S+)$", result.output, re.M)
    assert found and parse_instant(found.group(1)) is not None, result.output
