"""Capture over CDP from a real Chromium: the live page sees nothing (issue 6).

A local page records DOM mutations, input and focus events, media changes and network requests;
after a capture its serialised DOM must be byte-identical and every counter 0. The fixture written
must render from the fixture server with 0 outside requests.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from attest_kit.cli import main
from tests.capture.watched_page import OTHER, WATCHED

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
KEY = "attest-kit-test-key-capture-0"

pytestmark = pytest.mark.browser
if not Path(CHROMIUM).exists() and os.environ.get("CI") != "true":
    pytest.skip(f"{CHROMIUM} is absent (install Debian's chromium); CI must run these", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Site(BaseHTTPRequestHandler):
    log: list[str] = []
    armed = False

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        _Site.log.append(self.path)
        body = {"/watched.html": WATCHED, "/other.html": OTHER, "/other2.html": OTHER,
                "/arm": "yes" if _Site.armed else "no"}.get(self.path, "")
        self.send_response(200 if body or self.path == "/ready" else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(body.encode("utf-8"))

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def live_browser(tmp_path_factory):
    """A Chromium with remote debugging, showing the watched page and two other tabs."""
    site = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    web = site.server_address[1]
    port = _free_port()
    profile = tmp_path_factory.mktemp("chrome-profile")  # pytest removes old base dirs; mkdtemp leaked one per run
    proc = subprocess.Popen([CHROMIUM, *ARGS, f"--remote-debugging-port={port}", f"--user-data-dir={profile}",
                             "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait_for(lambda: _devtools_answers(port), "Chromium's DevTools endpoint never answered")
    # The watched page first; then two tabs on another host, so it becomes a background tab the user
    # left (unfocused, hidden); only then does it arm its watchers. Tabs open through the DevTools
    # HTTP endpoint: no session attaches to any page.
    for path in (f"http://127.0.0.1:{web}/watched.html", f"http://localhost:{web}/other.html",
                 f"http://localhost:{web}/other2.html"):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/json/new?{path}", method="PUT")
        urllib.request.urlopen(request, timeout=10).read()
        if path.endswith("watched.html"):
            _wait_for(lambda: "/arm" in _Site.log, "the watched page never loaded")
    _wait_for(lambda: "/other2.html" in _Site.log and "/other.html" in _Site.log, "the other tabs never loaded")
    time.sleep(0.5)
    _Site.armed = True
    _wait_for(lambda: "/ready" in _Site.log, "the watched page never got ready")
    time.sleep(0.3)
    yield f"http://127.0.0.1:{port}", web
    proc.terminate()
    proc.wait(timeout=10)
    site.shutdown()


def _devtools_answers(port: int) -> bool:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=1).read()
        return True
    except OSError:
        return False


def _wait_for(condition, message: str, seconds: float = 30) -> None:
    deadline = time.time() + seconds
    while not condition() and time.time() < deadline:
        time.sleep(0.1)
    assert condition(), message


def _watched_state(cdp: str) -> dict:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.connect_over_cdp(cdp, no_defaults=True)
        page = next(p for c in browser.contexts for p in c.pages if p.url.endswith("/watched.html"))
        return page.evaluate("""() => ({ events: window.__events, mutations: window.__mutations,
            resources: window.__resources, media: window.__media, same: window.__before === document.documentElement.outerHTML,
            focus: document.hasFocus() === window.__focusBefore })""")


def test_capture_leaves_the_live_page_untouched_and_writes_a_safe_fixture(live_browser, repo_copy, cli, monkeypatch):
    cdp, _web = live_browser
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    requests_before = [p for p in _Site.log if p != "/arm"]
    result = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "watched", "--cdp", cdp,
                               "--tab", "127.0.0.1", "--date", "2026-11-30"])
    assert result.exit_code == 0, result.output
    state = _watched_state(cdp)
    assert state == {"events": [], "mutations": 0, "resources": 0, "media": 0, "same": True, "focus": True}
    assert [p for p in _Site.log if p != "/arm"] == requests_before, "the capture made the page fetch"

    # What it printed: the address without query or fragment, the path and counts, no page content.
    assert "/watched.html" in result.output and "Invoice" not in result.output and "lena" not in result.output

    fixture = repo_copy / "fixtures/pages/gmail/2026-11-30/watched.html"
    html = fixture.read_text(encoding="utf-8")
    assert "<script" not in html and "<style" not in html and "typed by the user" not in html
    assert "4111 1111 1111 1111" not in html and "token=abc123" not in html
    assert 'display:none' in html  # the stale view keeps its computed display
    assert 'checked' in html  # the live ticked state is captured
    labels = json.loads((fixture.parent / "labels.json").read_text(encoding="utf-8"))
    assert labels["watched.html"] == {"capturedAt": "2026-11-30", "selectorsVersion": None,
                                      "seededSecrets": labels["watched.html"]["seededSecrets"], "expected": [], "notes": ""}
    assert len(labels["watched.html"]["seededSecrets"]) == 3
    assert len(labels) > 1, "other entries of labels.json are kept"

    again = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "watched", "--cdp", cdp, "--tab", "127.0.0.1",
                              "--date", "2026-11-30"])
    assert again.exit_code == 3 and "--force" in again.output
    forced = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "watched", "--cdp", cdp, "--tab", "127.0.0.1",
                               "--date", "2026-11-30", "--force", "--names", "Qwzx Vbnm"])
    assert forced.exit_code == 0, forced.output
    # a name the page does not write is said to be nowhere, by its place (session 39), as `sanitize` says it
    assert "warning: --names: the 1st name is written nowhere on the page" in forced.output
    assert "Qwzx" not in forced.output
    assert _watched_state(cdp)["mutations"] == 0

    _renders_without_outside_requests(fixture.parent.parent.parent, "gmail/2026-11-30/watched.html")


def _renders_without_outside_requests(root: Path, rel: str) -> None:
    from playwright.sync_api import sync_playwright

    from sanitize.server import make_server

    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    outside: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS[1:])
            page = browser.new_page()
            page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(origin) else None)
            page.goto(f"{origin}/{rel}")
            page.wait_for_timeout(300)
            assert page.locator("[data-attest-seeded]").count() == 3
            browser.close()
    finally:
        server.shutdown()
    assert outside == []


def test_tab_choice_refuses_none_and_several(live_browser, cli, monkeypatch, repo_copy):
    cdp, _ = live_browser
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    none = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "x", "--cdp", cdp, "--tab", "example.org"])
    assert none.exit_code == 3 and "no open tab" in none.output
    several = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "x", "--cdp", cdp, "--tab", "localhost"])
    assert several.exit_code == 3 and "2 open tabs" in several.output
    assert not (repo_copy / "fixtures/pages/gmail").joinpath(time.strftime("%Y-%m-%d"), "x.html").exists()


def test_a_chrome_that_is_not_running_is_a_clear_error(cli, monkeypatch, repo_copy):
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    address = f"http://127.0.0.1:{_free_port()}"
    result = cli.invoke(main, ["capture", "--vendor", "gmail", "--name", "x", "--cdp", address])
    assert result.exit_code == 3
    assert address in result.output and "Traceback" not in result.output
