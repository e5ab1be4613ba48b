"""Capture one tab of a Chrome that is already running, without touching it (spec §6.1, §6.2).

Attach over CDP with Playwright's ``connect_over_cdp(no_defaults=True)``: without that flag
Playwright sends its default overrides to every page of the browser's default context
(``Emulation.setFocusEmulationEnabled``, which makes a background tab believe it has focus, and
``Emulation.setEmulatedMedia``), and the live page would see them. Then one read-only
``DOMSnapshot.captureSnapshot`` of the chosen tab, built into an inert document in Python
(``sanitize.snapshot``), sanitised, and written with its labels.json entry. The tool never
clicks, types, scrolls, focuses, navigates, evaluates script in, or closes anything: it ends by
dropping its connection, which leaves the browser and its tabs as they were.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from attest_kit.errors import BadInput, BadOption
from attest_kit.fsio import atomic_write_bytes, atomic_write_text, read_json, update_json_entry
from attest_kit.instants import format_instant, is_day
from attest_kit.vendors import VENDOR_HOSTS
from attest_kit.paths import fixtures_dir
from sanitize.faker import Faker
from sanitize.key import load_key
from sanitize.people import unread_given_names
from sanitize.pipeline import check_selector_options, sanitize_page
from sanitize.seeds import load_seeds
from sanitize.snapshot import CRITICAL_STYLES, snapshot_to_html
from sanitize.urls import public_address

_SLUG = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")
DEFAULT_CDP = "http://127.0.0.1:9222"


class CaptureError(BadInput):
    """The browser could not be reached or the tab could not be chosen (exit 3)."""

    def __init__(self, problem: str) -> None:
        super().__init__(None, problem)


@dataclass(frozen=True)
class CaptureRequest:
    vendor: str
    name: str
    cdp: str = DEFAULT_CDP
    tab: str | None = None
    names: tuple[str, ...] = ()
    redact_selectors: tuple[str, ...] = ()
    keep_selectors: tuple[str, ...] = ()
    key_file: str | None = None
    date: str | None = None
    force: bool = False
    root: Path | None = None


@dataclass
class CaptureReport:
    address: str
    output: Path
    counts: dict[str, int] = field(default_factory=dict)
    unmatched: list[str] = field(default_factory=list)  # selectors that matched no element
    read_at: str = ""  # the instant the tab was read (wire form): the label's page.readAt
    kept_label: bool = False  # --force replaced a page whose label was written by hand, and kept the label
    kept_read_at: str | None = None  # the kept label's page.readAt: the earlier capture's
    unread_names: list[tuple[int, str]] = field(default_factory=list)  # ``people.unread_given_names`` of --names


def _tab_matches(url: str, wanted: str) -> bool:
    """Whether a tab's address is the one ``wanted`` names: a host (or a subdomain of it), with a port and a
    path prefix when it gives them ("127.0.0.1:4173", "mail.google.com/mail/u/1": two accounts' tabs)."""
    tab = urlsplit(url)
    try:
        want = urlsplit("//" + wanted.strip())
        want_port = want.port
    except ValueError:  # no host:port form at all: it matches no tab
        return False
    host, want_host = (tab.hostname or "").lower(), (want.hostname or "").strip(".")
    if not want_host or not (host == want_host or host.endswith("." + want_host)):
        return False
    if want_port is not None and (tab.port or {"http": 80, "https": 443}.get(tab.scheme)) != want_port:
        return False
    return not want.path or tab.path.startswith(want.path)


def choose_tab(urls: list[str], tab: str | None) -> int:
    """Index of the tab to read: the first web page, or the one ``tab`` names (``_tab_matches``).

    >>> choose_tab(["chrome://newtab/", "https://calendar.google.com/r/week"], None)
    1
    """
    web = [i for i, u in enumerate(urls) if urlsplit(u).scheme in ("http", "https")]
    if tab is None:
        if not web:
            raise CaptureError("the browser shows no web page to capture")
        return web[0]
    matching = [i for i in web if _tab_matches(urls[i], tab)]
    if not matching:
        # The count only: the other tabs' hosts are the user's browsing, not this tool's to print.
        raise CaptureError(f"no open tab matches {tab} (--tab, else the vendor's host; {len(web)} web page(s) open)")
    if len(matching) > 1:
        raise CaptureError(f"{len(matching)} open tabs match {tab}: close the others, or give --tab a port or a path "
                           "(mail.google.com/mail/u/1)")
    return matching[0]


_LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def _loopback_devtools(address: str) -> bool:
    try:
        parts = urlsplit(address)
        host = (parts.hostname or "").lower()
        _ = parts.port  # a port that is no number (or out of range) raises here, not later as "no Chrome answers"
    except ValueError:  # a bracketed host that does not close
        return False
    return parts.scheme in ("http", "https", "ws", "wss") and host in _LOOPBACK


def _target(req: CaptureRequest) -> tuple[Path, Path, str]:
    if not _SLUG.match(req.vendor):
        raise BadOption(f"--vendor must be lower-case letters, digits, '.', '_' or '-': {req.vendor!r}")
    name = req.name.removesuffix(".html")
    if not _SLUG.match(name):
        raise BadOption(f"--name must be lower-case letters, digits, '.', '_' or '-': {req.name!r}")
    day = req.date or datetime.now(timezone.utc).strftime("%Y-%m-%d")
    if not is_day(day):
        raise BadOption(f"--date must be a real day written YYYY-MM-DD: {day!r}")
    if not _loopback_devtools(req.cdp):
        # the DevTools port drives a signed-in browser: only one on this machine is ever attached to
        raise BadOption("--cdp must be an http(s) or ws(s) address on a loopback host, with a port that is a "
                        f"number (e.g. {DEFAULT_CDP}): {req.cdp!r}")
    folder = (req.root or fixtures_dir()) / req.vendor / day
    return folder / f"{name}.html", folder / "labels.json", day


def read_snapshot(cdp: str, tab: str | None) -> tuple[str, dict[str, Any]]:
    """Attach, read one tab's DOM snapshot, detach; return its address and the snapshot."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.connect_over_cdp(cdp, no_defaults=True, timeout=10_000)
        except PlaywrightError:
            raise CaptureError(f"no Chrome answers at {cdp}: start one with --remote-debugging-port "
                               "(README: capture)") from None
        pages = [page for context in browser.contexts for page in context.pages]
        chosen = pages[choose_tab([p.url for p in pages], tab)]
        session = chosen.context.new_cdp_session(chosen)
        try:
            snapshot = session.send("DOMSnapshot.captureSnapshot", {
                "computedStyles": list(CRITICAL_STYLES), "includeDOMRects": False,
                "includePaintOrder": False, "includeBlendedBackgroundColors": False,
            })
        finally:
            session.detach()
        return chosen.url, snapshot
    # Leaving the block stops Playwright's driver, which drops the connection; nothing is closed.


def capture(req: CaptureRequest) -> CaptureReport:
    """Capture, sanitise and write one fixture and its labels.json entry."""
    page_path, labels_path, day = _target(req)
    check_selector_options(req.redact_selectors, req.keep_selectors)  # before attaching to the browser
    if page_path.exists() and not req.force:
        raise BadInput(page_path, "exists already (use --force to replace it; a label written by hand is kept)")
    entries: Any = {}
    if labels_path.exists():
        entries = read_json(labels_path)
        if not isinstance(entries, dict):
            raise BadInput(labels_path, "is not a JSON object of page name → label entry")
        if page_path.name in entries and not req.force:
            raise BadInput(labels_path, f"already has an entry for {page_path.name} (use --force)")
    key = load_key(req.key_file)
    seeds = load_seeds()
    # no --tab: the vendor's own host (a fixture server's or any other tab opened later is not the page)
    url, snapshot = read_snapshot(req.cdp, req.tab if req.tab is not None else VENDOR_HOSTS.get(req.vendor))
    read_at = format_instant(datetime.now(timezone.utc))  # label --read-at wants it: it ends the page's windows
    inert, built = snapshot_to_html(snapshot)
    cleaned = sanitize_page(inert, page_url=url, key=key, names=req.names, redact_selectors=req.redact_selectors,
                            keep_selectors=req.keep_selectors, seeded=seeds)
    # --force keeps a label written by hand (its page facts, expectations and notes): `check` says whether it
    # still agrees with the new page; only what the capture itself decides is rewritten
    kept = entries.get(page_path.name)
    kept_label = isinstance(kept, dict) and bool(kept.get("expected") or kept.get("page") or kept.get("notes"))
    entry = {**(kept if kept_label else {"selectorsVersion": None, "expected": [], "notes": ""}),
             "capturedAt": day, "seededSecrets": [s.id for s in seeds]}
    previous = page_path.read_bytes() if page_path.exists() else None
    atomic_write_text(page_path, cleaned.html)
    try:
        update_json_entry(labels_path, page_path.name, entry, force=True)
    except BaseException:
        # Never leave a page without its label: put back what was there.
        if previous is None:
            page_path.unlink(missing_ok=True)
        else:
            atomic_write_bytes(page_path, previous)
        raise
    counts = {f"capture.{k}": v for k, v in built.as_dict().items()} | cleaned.counts
    kept_facts = kept.get("page") if kept_label and isinstance(kept.get("page"), dict) else None
    kept_read_at = kept_facts.get("readAt") if kept_facts else None
    return CaptureReport(public_address(url), page_path, counts, cleaned.unmatched, read_at, kept_label,
                         kept_read_at if isinstance(kept_read_at, str) else None,
                         unread_given_names(req.names, inert, Faker(key)))
