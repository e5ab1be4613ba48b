"""The fixture server logs every request the browser blocked, from its CSP reports (spec §6.3)."""

from __future__ import annotations

import io
import json
import os
import threading
from pathlib import Path

import pytest

from sanitize.server import blocked_lines, make_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def test_report_bodies_are_logged_as_directive_and_origin_only():
    legacy = json.dumps({"csp-report": {"violated-directive": "img-src", "blocked-uri": "https://tracker.example.org/p.gif?u=secret"}})
    modern = json.dumps([{"type": "csp-violation", "body": {"effectiveDirective": "style-src-elem",
                                                            "blockedURL": "https://cdn.example.net/a.css?x=1"}}])
    assert blocked_lines(legacy.encode()) == ["blocked: img-src https://tracker.example.org"]
    assert blocked_lines(modern.encode()) == ["blocked: style-src-elem https://cdn.example.net"]
    assert blocked_lines(b"\xff") == ["blocked: (unreadable report)"]


@pytest.mark.parametrize("blocked,origin", [
    ("wss://chat.example.org:8443/socket?t=secret", "wss://chat.example.org:8443"),
    ("http://[2001:db8::1]:8080/x", "http://[2001:db8::1]:8080"),
    ("https://cdn.example.net:99999/a", "https://cdn.example.net"),
    ("http://[::1/x", "http:"),
    # a review: a scheme-less value was printed as its first 16 characters (a path and a query)
    ("/track?token=SECRET123", "?"),
    ("inline", "inline"),
    ("data:image/png;base64,AAAA", "data:"),
])
def test_a_blocked_origin_keeps_its_port(blocked, origin):
    """A user-journey audit (2026-12-03): the origin lost its port, and an origin is scheme, host and port."""
    report = json.dumps({"csp-report": {"violated-directive": "connect-src", "blocked-uri": blocked}})
    assert blocked_lines(report.encode()) == [f"blocked: connect-src {origin}"]


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists() and os.environ.get("CI") != "true", reason="needs Debian's chromium")
def test_a_blocked_outside_request_is_logged(tmp_path):
    from playwright.sync_api import sync_playwright

    (tmp_path / "leaky.html").write_text(
        '<!DOCTYPE html><html><body><img src="https://tracker.example.org/p.gif?u=secret"></body></html>',
        encoding="utf-8")
    log = io.StringIO()
    server = make_server(tmp_path, 0, log)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    outside: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            page = browser.new_page()
            # Chromium announces the request, then fails it with ERR_BLOCKED_BY_CSP: count what got out.
            page.on("requestfinished", lambda r: outside.append(r.url) if not r.url.startswith(origin) else None)
            page.goto(f"{origin}/leaky.html")
            for _ in range(40):
                if "blocked:" in log.getvalue():
                    break
                page.wait_for_timeout(100)
            browser.close()
    finally:
        server.shutdown()
    assert outside == []
    assert "blocked: img-src https://tracker.example.org" in log.getvalue()
    assert "secret" not in log.getvalue()
