"""``observe``: one observer over one page, with missing facts taken from the page's label."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from attest_kit.errors import BadInput, BadOption
from attest_kit.fsio import read_html, read_json
from attest_kit.instants import InvalidInstant, load_zone, parse_instant
from attest_kit.messages import pass_messages
from attest_kit.plan import PassResult
from attest_kit.paths import fixtures_dir
from attest_kit.vendors import VENDOR_HOSTS, off_vendor_host, vendor_of_observer, vendor_of_url
from labels.corpus import entry_for, labels_path_for
from observers.registry import get_observer, observer_ids
from observers.run import PassInput, run_pass


def observe_page(page: Path, observer_id: str, *, url: str | None = None, time_zone: str | None = None,
                 now: str | None = None, state_file: Path | None = None) -> dict[str, Any]:
    """What one pass of ``observer_id`` over ``page`` posts (the observe JSON of DESIGN.md)."""
    return observe_pass(page, observer_id, url=url, time_zone=time_zone, now=now, state_file=state_file)[0].posted()


def observe_messages(page: Path, observer_id: str, *, tab: str, url: str | None = None, time_zone: str | None = None,
                     now: str | None = None, state_file: Path | None = None) -> list[dict[str, Any]]:
    """The bus messages of that pass, in order, as ``ledger replay`` scenario lines: each arrives at the pass
    instant from ``tab``."""
    result, zone = observe_pass(page, observer_id, url=url, time_zone=time_zone, now=now, state_file=state_file)
    at = result.posted()["instant"]
    return [{"at": at, "tab": tab, "message": m} for m in pass_messages(result, load_zone(zone))]


def observe_pass(page: Path, observer_id: str, *, url: str | None = None, time_zone: str | None = None,
                 now: str | None = None, state_file: Path | None = None) -> tuple[PassResult, str]:
    """One pass of ``observer_id`` over ``page``, and the browser zone it was read in; missing facts come
    from the page's label."""
    if observer_id not in observer_ids():
        raise BadInput(None, f"unknown observer {observer_id!r} (known: {', '.join(observer_ids())})")
    html = read_html(page)
    entry = entry_for(page)
    facts = entry.page if entry is not None else None
    url_given = url is not None
    url = url or (facts.url if facts else None)
    time_zone = time_zone or (facts.time_zone if facts else None)
    now = now or (facts.read_at if facts else None)
    missing = [name for name, value in (("--url", url), ("--tz", time_zone), ("--now", now)) if not value]
    if missing:
        # The page is fine; the command was given too little: a usage error (exit 2), as Click's own
        # "Missing option" is, naming exactly the flags still missing.
        if entry is None:
            raise BadOption(f"{page} is not a labelled fixture, so give {', '.join(missing)}")
        # capture writes an entry without the page's facts: `label` adds them (capture printed its read-at)
        raise BadOption(f"{page}'s label has no page facts yet: add them with `attest-kit label {shlex.quote(str(page))} "
                        f"--view VIEW --url URL --tz ZONE --read-at INSTANT`, or give {', '.join(missing)}")
    _refuse_another_vendors_page(page, observer_id, url, url_given)  # type: ignore[arg-type]
    try:
        instant = parse_instant(now)  # type: ignore[arg-type]
    except InvalidInstant:
        raise BadOption(f"--now is not an ISO 8601 instant with a zone: {now!r}") from None
    observer = get_observer(observer_id)
    # A label's passState is the state its page's own observer kept (Calendar's busy clock): hand it
    # only to an observer that keeps pass state, never to a Gmail observer run on the same page.
    state: dict[str, Any] = dict(facts.pass_state or {}) if facts and observer.keeps_pass_state else {}
    if state_file is not None:
        loaded = read_json(state_file)
        if not isinstance(loaded, dict):
            raise BadInput(state_file, "is not a JSON object of pass state")
        state = loaded
    try:
        load_zone(time_zone)  # type: ignore[arg-type]
    except ValueError as exc:
        raise BadOption(f"--tz: {exc}") from None
    problem = observer.state_problem(state)
    if problem is not None:  # name where the state came from: the --state file, else the page's labels.json
        raise BadInput(state_file or labels_path_for(page), f"pass state: {problem}")
    result = run_pass(html, observer_id, PassInput(url, time_zone, instant, state))  # type: ignore[arg-type]
    return result, time_zone  # type: ignore[return-value]


def _refuse_another_vendors_page(page: Path, observer_id: str, url: str, url_given: bool) -> None:
    """BadOption when ``observer_id`` would read another vendor's page: one in another vendor's fixture folder, or
    at an address off its vendor's host (the extension runs each observer on its vendor's host only)."""
    vendor = vendor_of_observer(observer_id)
    others = ", ".join(o for o in observer_ids() if vendor_of_observer(o) != vendor)
    try:
        folder_vendor: str | None = page.resolve().relative_to(fixtures_dir().resolve()).parts[0]
    except (ValueError, IndexError):  # a page outside fixtures/pages: its address alone says whose it is
        folder_vendor = None
    if folder_vendor in VENDOR_HOSTS and folder_vendor != vendor:
        raise BadOption(f"{observer_id} reads pages on {VENDOR_HOSTS[vendor]} only, and this page is in "
                        f"fixtures/pages/{folder_vendor}/ (run {others})")
    if (off_host := off_vendor_host(vendor, url)) is not None:
        where = "--url" if url_given else "the page's label puts it at an address that"
        on_other = vendor_of_url(url) is not None  # the hint only where the address is another vendor's
        raise BadOption(f"{observer_id} reads pages on {VENDOR_HOSTS[vendor]} only, and {where} {off_host}"
                        + (f" (another vendor's page: run {others})" if on_other else ""))


__all__ = ["observe_messages", "observe_page", "observe_pass", "json"]
