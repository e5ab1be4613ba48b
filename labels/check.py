"""``attest-kit check``: every label agrees with its page (spec §6.6).

Each label parses (its schema, ``labels.schema``, also makes every row a fixed point of ``project()``);
binds to its page (the file is there and every page has a label); holds its seeds (visible in the
shown main landmark); names the selectors version of every observer that lists its folder; uses only
catalogued reasons; and agrees with the independent reference readers, so a label that drifts from
its page fails.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from attest_kit.errors import BadInput
from attest_kit.fsio import read_html, read_json
from attest_kit.instants import is_day, parse_instant
from attest_kit.paths import fixtures_dir, seeded_secrets_path
from attest_kit.reasons import is_known
from attest_kit.vendors import off_vendor_host
from labels.corpus import all_folders, expectation_gaps, unlabelled_pages
from labels.reference import reference_for
from labels.reference.html5 import hidden, parent_map, parse, text, walk
from labels.schema import LabelEntry, load_labels
from observers.registry import fixture_folders, get_observer, observer_ids, version_of


@dataclass(frozen=True)
class Problem:
    page: str
    what: str

    def __str__(self) -> str:
        return f"{self.page}: {self.what}"


def load_seeded() -> dict[str, str]:
    """Seeded secret id → value; BadInput naming the file when it is not a list of {id, value} strings.

    ``check`` and ``label`` read this file on every run: a wrong shape is bad input (exit 3, one
    line), never a KeyError traceback. An empty value is refused too: it would be "found" in
    every text, so it could prove no leak and no placement.
    """
    path = seeded_secrets_path()
    raw = read_json(path)
    items = raw.get("secrets") if isinstance(raw, dict) else raw
    shape = 'is not a seeded-secrets file (a list of {"id": str, "value": str})'
    if not isinstance(items, list):
        raise BadInput(path, shape)
    seeded: dict[str, str] = {}
    for n, item in enumerate(items, 1):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not isinstance(item.get("value"), str):
            raise BadInput(path, f"{shape}: entry {n}")
        if not item["id"] or not item["value"]:
            raise BadInput(path, f"{shape}: entry {n} has an empty id or value")
        seeded[item["id"]] = item["value"]
    return seeded


def read_on_capture_day(read_at: str, day: str) -> bool:
    """Whether a page read at ``read_at`` belongs in the folder of ``day``: its UTC date is that day or a day
    either side. The capture writes the UTC day it read the page; a day either side allows a folder named by
    the local date (a read time months away dates every clock-only time of the page, and ends its windows, on
    another day).

    >>> read_on_capture_day("2026-11-30T23:30:00.000Z", "2026-12-01"), read_on_capture_day("2026-05-01T10:00:00Z", "2026-11-30")
    (True, False)
    """
    if not is_day(day):  # a folder named by no day: "capturedAt is not the folder's date" says so
        return True
    return abs((parse_instant(read_at).date() - date.fromisoformat(day)).days) <= 1


def expected_versions(folder: str) -> str | None:
    pairs = sorted(f"{o}@{version_of(o)}" for o in observer_ids() if folder in fixture_folders(o))
    return " ".join(pairs) or None


def _seed_problems(html: str, entry: LabelEntry, seeded: dict[str, str]) -> list[str]:
    problems = []
    root = parse(html)
    parents = parent_map(root)
    for seed in entry.seeded_secrets:
        value = seeded.get(seed)
        if value is None:
            problems.append(f"seededSecrets names {seed!r}, which fixtures/secrets/seeded.json does not hold")
            continue
        placed = [el for el in walk(root) if el.get("data-attest-seeded") == seed and text(el) == value]
        in_main = []
        for el in placed:
            node = parents.get(el)
            while node is not None and node.get("role") != "main":
                node = parents.get(node)
            if node is not None and not hidden(el, parents):
                in_main.append(el)
        if not in_main:
            problems.append(f"seed {seed!r} is not shown inside the main landmark")
    listed = set(entry.seeded_secrets)
    for seed in sorted({el.get("data-attest-seeded") for el in walk(root) if el.get("data-attest-seeded")} - listed):
        problems.append(f"the page holds seed {seed!r}, which is not in seededSecrets")
    return problems


def _observer_problems(entry: LabelEntry) -> list[str]:
    """Expectations naming no observer or a reason the catalogue lacks, and a passState the observer that keeps
    one does not read. (That each row is one ``project()`` could post, a fixed point of it, the schema checks:
    ``labels.schema.row_problem``.)"""
    problems = []
    for expected in entry.expected:
        if expected.observer not in observer_ids():
            problems.append(f"expected names unknown observer {expected.observer!r}")
            continue
        observer = get_observer(expected.observer)
        state = entry.page.pass_state if entry.page is not None else None
        if state and observer.keeps_pass_state and (problem := observer.state_problem(state)) is not None:
            problems.append(f"page.passState: {problem}")
        unknown = [r for r in expected.health.reasons if not is_known(r)]
        if unknown:
            problems.append(f"{expected.observer}: reasons not in the catalogue: {unknown}")
    return problems


def check_folder(folder: str, root: Path | None = None, progress: Callable[[str], None] | None = None) -> list[Problem]:
    """Every problem of one fixture folder's labels; ``progress`` hears of each page before it is read (the
    reference readers parse a page with html5lib, seconds for a big one)."""
    base = (root or fixtures_dir()) / folder
    labels = load_labels(base / "labels.json")
    seeded = load_seeded()
    problems: list[Problem] = []
    for page in sorted(p.name for p in base.glob("*.html") if p.is_file()):  # a folder named x.html is no page
        if page not in labels:
            problems.append(Problem(f"{folder}/{page}", "page has no label entry"))
    want_versions = expected_versions(folder)
    for number, (name, entry) in enumerate(sorted(labels.items()), 1):
        where = f"{folder}/{name}"
        if progress:
            progress(f"[{number}/{len(labels)}] {where}")
        path = base / name
        if not path.is_file():
            problems.append(Problem(where, "label names a page that is not in the folder"))
            continue
        html = read_html(path)
        report: list[str] = []
        if not entry.expected:  # capture's scaffold: the bench would leave the page out, unmeasured
            report.append("no expectations: write what each observer must report (README, \"The loop for one observer\"), or drop the page")
        if entry.expected and want_versions is not None:
            # Every observer that lists the folder reads every page of it (spec §5), so each needs an
            # expectation, and an expectation no bench runs is a label nothing holds. An unlisted folder
            # is the gate's to refuse: the loop labels and checks a folder before an observer lists it.
            report += expectation_gaps(folder, entry)
        if entry.expected and entry.selectors_version != want_versions:
            report.append(f"selectorsVersion is {entry.selectors_version or 'not set'}, expected {want_versions or 'none'}")
        if entry.captured_at != folder.rsplit("/", 1)[-1]:
            report.append("capturedAt is not the folder's date")
        if entry.page is not None and (off_host := off_vendor_host(folder.split("/", 1)[0], entry.page.url)) is not None:
            report.append(f"page.url {off_host}, where the folder's pages are read (its observers read that page as another vendor's)")
        if entry.page is not None and not read_on_capture_day(entry.page.read_at, folder.rsplit("/", 1)[-1]):
            report.append("page.readAt is not on the folder's date or a day either side (UTC): the day the page was read")
        report += _seed_problems(html, entry, seeded)
        report += _observer_problems(entry)
        for expected in entry.expected:
            reference = reference_for(expected.observer)
            if reference is not None:
                report += [f"{expected.observer} reference: {p}" for p in reference(html, entry)]
        problems += [Problem(where, r) for r in dict.fromkeys(report)]
    return problems


def check_all(root: Path | None = None, progress: Callable[[str], None] | None = None) -> list[Problem]:
    """Problems over every fixture folder; BadInput for an unreadable labels.json."""
    problems: list[Problem] = []
    for folder in all_folders(root):
        problems += check_folder(folder, root, progress)
    # pages the folders' own checks do not see: in a folder with no labels.json, or named .HTML or .htm
    seen = {p.page for p in problems}
    for line in unlabelled_pages(root):
        where, _, what = line.partition(": ")
        if where not in seen:
            problems.append(Problem(where, what))
    return problems


def folder_of_labels_file(path: Path) -> str:
    """The fixture folder (vendor/yyyy-mm-dd) of a labels.json given by path; BadInput when it is none."""
    if not path.exists():
        raise BadInput(path, "no such file")
    if path.name != "labels.json":
        raise BadInput(path, "is not a labels.json (check takes a folder's labels.json, and checks the whole folder)")
    base = fixtures_dir()
    try:
        return str(path.resolve().parent.relative_to(base.resolve()))
    except ValueError:
        raise BadInput(path, f"is not inside {base}") from None


def check_labels_file(path: Path) -> list[Problem]:
    """Check one labels.json (its folder) by path."""
    return check_folder(folder_of_labels_file(path))


__all__ = ["Problem", "check_all", "check_folder", "check_labels_file", "folder_of_labels_file", "json"]
