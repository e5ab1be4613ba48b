"""The labelled corpus: fixture folders, their labels.json, and the entry of one page."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from attest_kit.errors import BadInput
from attest_kit.paths import fixtures_dir
from attest_kit.vendors import vendor_of_observer
from labels.schema import LabelEntry, load_labels
from observers.registry import fixture_folders, observer_ids


@dataclass(frozen=True)
class LabelledPage:
    folder: str  # vendor/yyyy-mm-dd
    name: str  # file name
    path: Path
    entry: LabelEntry


def labels_path_for(page: Path) -> Path:
    return page.parent / "labels.json"


def entry_for(page: Path) -> LabelEntry | None:
    """The label entry of a page, when a labels.json beside it names it."""
    path = labels_path_for(page)
    if not path.exists():
        return None
    return load_labels(path).get(page.name)


def folder_pages(folder: str, root: Path | None = None) -> list[LabelledPage]:
    """Every labelled page of one fixture folder, by name; BadInput for a missing labels.json."""
    base = (root or fixtures_dir()) / folder
    labels_file = base / "labels.json"
    if not labels_file.exists():
        raise BadInput(labels_file, "no labels.json in a fixture folder a selectors.json lists")
    entries = load_labels(labels_file)
    gone = [name for name in sorted(entries) if not (base / name).is_file()]
    if gone:  # said as the page's "no such file", it did not say which file names it
        raise BadInput(labels_file, f"has an entry for {gone[0]}, no such page in the folder"
                       + (f" (and {len(gone) - 1} more)" if len(gone) > 1 else "")
                       + ": restore the page or remove its entry (attest-kit check lists them all)")
    return [LabelledPage(folder, name, base / name, entries[name]) for name in sorted(entries)]


def all_folders(root: Path | None = None) -> list[str]:
    """Every vendor/yyyy-mm-dd folder that holds a labels.json."""
    base = root or fixtures_dir()
    return sorted(str(p.parent.relative_to(base)) for p in base.glob("*/*/labels.json"))


def folder_gaps(root: Path | None = None, folders: list[str] | None = None) -> list[str]:
    """A line for every labelled folder (of ``folders``, else every one) the observers do not measure whole: one
    no observer's selectors.json lists (the bench leaves its pages out), and one listed by some observers of its
    vendor and not the others (spec §5: both Gmail observers read every Gmail page). The gate fails on each; check
    passes them (a folder is labelled and checked before an observer lists it)."""
    out = []
    for folder in all_folders(root):
        if folders is not None and folder not in folders:
            continue
        readers = reading_observers(folder)
        if not readers:
            out.append(f"fixtures/pages/{folder}: labelled, but no observer's selectors.json lists it under "
                       "\"fixtures\", so none of its pages is measured")
            continue
        vendor = folder.split("/", 1)[0]
        missing = [o for o in observer_ids() if vendor_of_observer(o) == vendor and o not in readers]
        if missing:
            out.append(f"fixtures/pages/{folder}: listed by {', '.join(readers)} but not {', '.join(missing)}: every "
                       f"{vendor} observer reads all of its pages (spec §5); list it in each selectors.json")
    return out


def unlabelled_pages(root: Path | None = None) -> list[str]:
    """A line for every page under fixtures/pages/<vendor>/<date>/ no label entry names: no observer measures
    it (check names it too, as a problem). A page copied in without a label left the gate passing; so did one
    in a folder with no labels.json, or one named ``.HTML`` or ``.htm``."""
    base = root or fixtures_dir()
    out = []
    for folder in sorted(p for p in base.glob("*/*") if p.is_dir()):
        name = str(folder.relative_to(base))
        pages = sorted(p.name for p in folder.iterdir() if p.is_file() and p.suffix.lower() in (".html", ".htm"))
        labels_file = folder / "labels.json"
        if not labels_file.exists():
            if pages:
                out.append(f"{name}: {len(pages)} page(s) and no labels.json, so no observer measures them")
            continue
        labelled = load_labels(labels_file)
        out += [f"{name}/{page}: a page with no label entry, so no observer measures it"
                for page in pages if page not in labelled]
    return out


def reading_observers(folder: str) -> list[str]:
    """The observers whose selectors.json lists ``folder``: each reads every page of it (spec §5:
    both Gmail observers read every Gmail page), so each needs an expectation on every page."""
    return [o for o in observer_ids() if folder in fixture_folders(o)]


def expectation_gaps(folder: str, entry: LabelEntry, readers: list[str] | None = None) -> list[str]:
    """What of one page's label the bench would leave unmeasured, one line each.

    An observer that reads the folder but has no expectation skips the page (the bench has nothing
    to score it against), and an expectation for an observer that does not list the folder is never
    run: both used to pass without a word. An expectation naming no registered observer is left to
    ``check``'s own line for it.
    """
    readers = reading_observers(folder) if readers is None else readers
    labelled = [e.observer for e in entry.expected]
    gaps = [f"no {o} expectation, though {o} reads every page of {folder} (its selectors.json lists the folder):"
            " write what it must report" for o in readers if o not in labelled]
    gaps += [f"a {o} expectation, but {o}'s selectors.json does not list {folder}: no bench measures it"
             for o in labelled if o not in readers and o in observer_ids()]
    return gaps


def fingerprint(pages: list[LabelledPage]) -> str:
    """SHA-256 over every page's bytes and its labels.json bytes, in a fixed order.

    The gate pins its floors to this: a change to the corpus shows up as a new fingerprint.
    """
    digest = hashlib.sha256()
    seen_labels: set[Path] = set()
    for page in sorted(pages, key=lambda p: (p.folder, p.name)):
        digest.update(f"{page.folder}/{page.name}\0".encode())
        digest.update(page.path.read_bytes() if page.path.exists() else b"<missing>")
        labels_file = page.path.parent / "labels.json"
        if labels_file not in seen_labels:
            seen_labels.add(labels_file)
    for labels_file in sorted(seen_labels):
        digest.update(labels_file.read_bytes())
    return digest.hexdigest()
