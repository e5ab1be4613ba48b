"""Peer suites in a real browser: every DOMPurify and H5SC payload and HTTPLeaks' leak.html, sanitised,
then loaded in headless Chromium with every request intercepted and a canary for script execution.

Each payload is sanitised as a whole page (the sanitiser's real input), and batches of sanitised pages
are loaded as srcdoc iframes of one container page, so the run stays fast. The init script (Playwright
runs it in every frame before the page's own scripts) turns alert/confirm/prompt/print and friends into
a flag on the top window. Pass: 0 flags, 0 requests to anything but the container page.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path

import pytest

from sanitize.pipeline import sanitize_page

from .conftest import KEY, SEEDS

#: The peer suites, copied unchanged into the repository (sources and licences in its README.md).
PEER = Path(__file__).parent / "peer_suites"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ORIGIN = "http://attest.test"
BATCH = 40
CANARY = """
(() => {
  const hit = (name) => () => { try { (window.top || window).__xssed = ((window.top || window).__xssed || 0) + 1;
                                      (window.top || window).__xssedBy = name; } catch (e) { window.__xssed = 1; } };
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    try { Object.defineProperty(window, name, { value: hit(name), writable: false, configurable: false }); } catch (e) {}
  }
})();
"""

pytestmark = pytest.mark.browser

if not Path(CHROMIUM).exists() and os.environ.get("CI") != "true":
    pytest.skip(f"{CHROMIUM} is absent (install Debian's chromium); CI must run these", allow_module_level=True)


def _payloads() -> list[str]:
    # no skip: the suites ship with the tests, so a missing file is a failure (FileNotFoundError)
    dompurify = json.loads((PEER / "dompurify-vectors.json").read_text(encoding="utf-8"))
    h5sc = json.loads((PEER / "h5sc-vectors.json").read_text(encoding="utf-8"))
    assert len(dompurify) == 223 and len(h5sc) == 149
    return dompurify + h5sc


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def _load(browser, pages: dict[str, str], wait_ms: int = 400) -> tuple[int, list[str]]:
    """Load each path → html page; return (script executions, requests that left)."""
    context = browser.new_context(java_script_enabled=True)
    context.add_init_script(CANARY)
    leaked: list[str] = []

    def route(r):
        url = r.request.url
        path = url[len(ORIGIN) :] if url.startswith(ORIGIN + "/") else None
        if path in pages:
            r.fulfill(status=200, content_type="text/html; charset=utf-8", body=pages[path])
        else:
            leaked.append(url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("dialog", lambda d: d.dismiss())
    fired = 0
    try:
        for path in pages:
            if not path.startswith("/top"):
                continue
            page.goto(ORIGIN + path, wait_until="load", timeout=20000)
            page.wait_for_timeout(wait_ms)
            fired += page.evaluate("window.__xssed || 0")
    finally:
        context.close()
    return fired, leaked


def test_peer_payloads_neither_run_nor_fetch(browser):
    payloads = _payloads()
    outputs = [
        sanitize_page(p, page_url=f"{ORIGIN}/payload.html", key=KEY, seeded=SEEDS).html for p in payloads
    ]
    pages: dict[str, str] = {}
    for n, start in enumerate(range(0, len(outputs), BATCH)):
        frames = "".join(
            f'<iframe srcdoc="{html.escape(o, quote=True)}"></iframe>' for o in outputs[start : start + BATCH]
        )
        pages[f"/top{n}.html"] = f"<!doctype html><html><body>{frames}</body></html>"
    fired, leaked = _load(browser, pages)
    assert fired == 0, f"{fired} sanitised payload(s) ran script"
    assert leaked == [], f"{len(leaked)} request(s) left the page: {sorted(set(leaked))[:10]}"


def test_canary_catches_an_unsanitised_payload(browser):
    """The harness itself must see a payload that runs and one that fetches (else it proves nothing)."""
    raw = '<img src="https://leaking.via/x" onerror="alert(1)"><script>alert(2)</script>'
    fired, leaked = _load(browser, {"/top0.html": f'<iframe srcdoc="{html.escape(raw, quote=True)}"></iframe>'})
    assert fired >= 1
    assert any("leaking.via" in u for u in leaked)


def test_httpleaks_page_makes_no_request(browser):
    src = (PEER / "httpleaks-leak.html").read_text(encoding="utf-8")
    out = sanitize_page(src, page_url=f"{ORIGIN}/top-leak.html", key=KEY, seeded=SEEDS).html
    fired, leaked = _load(browser, {"/top-leak.html": out}, wait_ms=1500)
    assert leaked == [], f"{len(leaked)} request(s) left the page: {sorted(set(leaked))[:10]}"
    assert fired == 0
    # and the unsanitised page does leak in this harness
    _, raw_leaks = _load(browser, {"/top-raw.html": src}, wait_ms=500)
    assert len(raw_leaks) > 20
