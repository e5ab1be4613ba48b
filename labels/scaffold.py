"""Scaffold a label entry: page facts and the selectors versions, expectations left to the labeller."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from urllib.parse import unquote

from attest_kit.errors import BadInput, BadOption
from attest_kit.hashing import normalize_email
from attest_kit.fsio import read_html, read_json
from attest_kit.instants import InvalidInstant, format_instant, is_day, load_zone, parse_instant
from attest_kit.paths import fixtures_dir
from attest_kit.vendors import off_vendor_host
from labels.check import expected_versions, load_seeded, read_on_capture_day
from labels.corpus import labels_path_for
from labels.page_address import NotALabelAddress, drops_a_query, label_address
from labels.schema import parse_entry, write_entry


#: the keys of a label entry, in the order the schema and ``label`` write them
_ENTRY_KEYS = ("capturedAt", "selectorsVersion", "seededSecrets", "page", "expected", "notes")


@dataclass(frozen=True)
class Scaffolded:
    labels_file: Path
    folder: str  # vendor/yyyy-mm-dd
    selectors_version: str | None  # None: no observer's selectors.json lists the folder yet
    has_expectations: bool = False  # --force kept the ones the entry had
    read_off_day: bool = False  # --read-at is not on the folder's date or a day either side (check refuses it)
    url_cut: bool = False  # --url carried a query: the label holds its route only
    account_cleared: bool = False  # --force without --account on facts that named one: the page shows none now


#: An address as a page writes it in text or an attribute (read after entities and percent-escapes are undone).
_WRITTEN_ADDRESS = re.compile(r"[^\s<>()\[\]\"',;:]+@[^\s<>()\[\]\"',;:]+")


def _page_addresses(html: str) -> set[str]:
    """Every address the page writes, normalised (``attest_kit.hashing.normalize_email``)."""
    text = unquote(unescape(html))
    return {n for m in _WRITTEN_ADDRESS.finditer(text) if (n := normalize_email(m.group(0).rstrip("."))) is not None}


def scaffold_label(page: Path, *, view: str, url: str, time_zone: str, read_at: str, account: str | None,
                   force: bool = False) -> Scaffolded:
    """Write (or with ``force`` replace) the page facts of ``page`` in the labels.json beside it."""
    html = read_html(page)
    try:  # check and the bench read the labels under fixtures/pages only
        page.resolve().relative_to(fixtures_dir().resolve())
    except ValueError:
        raise BadInput(page, f"is not inside {fixtures_dir()} (fixtures/pages/<vendor>/<yyyy-mm-dd>/), where check "
                             "and the bench read labels") from None
    if not is_day(page.resolve().parent.name):  # the folder's name is the page's capturedAt
        raise BadInput(page, "is not in a <vendor>/<yyyy-mm-dd> fixture folder (its name is the capture date)")
    if not view.strip():  # the option's fault, said as one (the schema would blame labels.json)
        raise BadOption("--view must name what the page shows (sent-list, conversation, week, ...)")
    try:
        kept_url = label_address(url)
    except NotALabelAddress as exc:  # never echoed: a live address may carry a token or an address
        raise BadOption(f"--url {exc}") from None
    vendor = page.resolve().parent.parent.name
    if (off_host := off_vendor_host(vendor, kept_url)) is not None:
        raise BadOption(f"--url {off_host}, where the pages of fixtures/pages/{vendor}/ are read")
    if account is not None:
        # never echoed: it may be the address from before sanitising (the page shows its fake)
        if normalize_email(account) is None:
            raise BadOption("--account must be one email address (omit it when the page shows none)")
        if normalize_email(account) not in _page_addresses(html):
            raise BadOption("--account is written nowhere on the page: give the address its banner shows (a capture "
                            "fakes the real one)")
        account = account.strip()
    try:
        load_zone(time_zone)
    except ValueError as exc:
        raise BadOption(f"--tz: {exc}") from None
    try:
        instant = format_instant(parse_instant(read_at))
    except InvalidInstant as exc:
        raise BadOption(f"--read-at: {exc}") from None
    labels_file = labels_path_for(page)
    # read as written, not through the schema: an entry the schema refuses (an address an older label kept whole)
    # is what `label --force` repairs, and only the entry it writes is checked (below), so each entry of a file
    # whose others are refused can be repaired in turn
    entries = read_json(labels_file) if labels_file.exists() else {}
    if not isinstance(entries, dict):
        raise BadInput(labels_file, "is not a JSON object of page name → label entry")
    existing = entries.get(page.name)
    existing = existing if isinstance(existing, dict) else None
    if existing is not None and existing.get("page") is not None and not force:
        raise BadInput(labels_file, f"{page.name} already has page facts (use --force to replace them)")
    folder = f"{page.resolve().parent.parent.name}/{page.resolve().parent.name}"
    facts = {"view": view, "url": kept_url, "timeZone": time_zone, "readAt": instant, "account": account}
    old_facts = existing.get("page") if existing is not None and isinstance(existing.get("page"), dict) else None
    if old_facts is None:  # a new entry, or capture's (no facts yet): written in the schema's order
        kept = existing or {}
        entry = {"capturedAt": kept.get("capturedAt", page.resolve().parent.name),
                 "selectorsVersion": expected_versions(folder),
                 "seededSecrets": kept.get("seededSecrets", sorted(load_seeded())), "page": facts,
                 "expected": kept.get("expected", []), "notes": kept.get("notes", ""),
                 **{k: v for k, v in kept.items() if k not in _ENTRY_KEYS}}
    else:
        # The entry as written, only the facts given and selectorsVersion replaced (the rest, passState, the
        # expectations, kept byte for byte): read back through the schema it gained null parts, and the same
        # facts given again changed the corpus the gate is pinned to.
        if account is None and "account" not in old_facts:
            del facts["account"]
        entry = {**existing, "selectorsVersion": expected_versions(folder), "page": {**old_facts, **facts}}
    parse_entry(labels_file, page.name, entry)  # nothing is written that the schema refuses
    write_entry(labels_file, page.name, entry, force=True)
    return Scaffolded(labels_file, folder, entry["selectorsVersion"], bool(entry.get("expected")),
                      not read_on_capture_day(instant, page.resolve().parent.name), drops_a_query(url),
                      account is None and old_facts is not None and old_facts.get("account") is not None)
