"""Benchmark: capture of a ~4 MB page from a running Chromium to the written fixture (issue 6).

Timed in one run: the read (attach, one DOMSnapshot, detach), the inert build, and the whole
capture (read, build, sanitise, write). Run: ``pytest tests/bench_capture --benchmark-enable``.
"""

from __future__ import annotations

import os
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from sanitize.capture import CaptureRequest, capture, read_snapshot
from sanitize.snapshot import snapshot_to_html
from tests.bench_gmail_sent.test_bench_gmail_sent import big_sent_page
from tests.capture.test_capture_e2e import ARGS, CHROMIUM, _free_port, _wait_for

pytestmark = pytest.mark.browser
if not Path(CHROMIUM).exists() and os.environ.get("CI") != "true":
    pytest.skip(f"{CHROMIUM} is absent", allow_module_level=True)

PAGE = big_sent_page()


class _Big(BaseHTTPRequestHandler):
    served = 0

    def do_GET(self) -> None:  # noqa: N802
        body = PAGE.encode("utf-8") if self.path == "/big.html" else b""
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(body)
        if body:
            _Big.served += 1

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def cdp(tmp_path_factory):
    site = ThreadingHTTPServer(("127.0.0.1", 0), _Big)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    port = _free_port()
    proc = subprocess.Popen([CHROMIUM, *ARGS, f"--remote-debugging-port={port}",
                             f"--user-data-dir={tmp_path_factory.mktemp('chrome-profile')}",
                             f"http://127.0.0.1:{site.server_address[1]}/big.html"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait_for(lambda: _Big.served > 0, "the big page never loaded")
    import time
    time.sleep(1.0)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=10)
    site.shutdown()


@pytest.mark.benchmark(group="capture 4MB")
def test_bench_read_snapshot(benchmark, cdp):
    _, snapshot = benchmark.pedantic(read_snapshot, args=(cdp, None), rounds=3, iterations=1)
    assert snapshot["documents"] and len(snapshot["strings"]) > 1_000  # the timed read returned the page


@pytest.mark.benchmark(group="capture 4MB")
def test_bench_build_inert_document(benchmark, cdp):
    _, snapshot = read_snapshot(cdp, None)
    html, _counts = benchmark.pedantic(snapshot_to_html, args=(snapshot,), rounds=3, iterations=1)
    assert len(html) > 1_000_000  # the whole 4 MB page, not an empty document


@pytest.mark.benchmark(group="capture 4MB")
def test_bench_whole_capture(benchmark, cdp, tmp_path, monkeypatch):
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", "attest-kit-test-key-bench-00")
    counter = iter(range(100))

    def once():
        return capture(CaptureRequest("gmail", f"big-{next(counter)}", cdp, "127.0.0.1", date="2026-11-30", root=tmp_path))

    report = benchmark.pedantic(once, rounds=2, iterations=1)
    assert report.output.exists() and report.output.stat().st_size > 100_000
