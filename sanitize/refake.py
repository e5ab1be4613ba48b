"""Re-fake the values of committed captures with the capture key (spec §6.3, "Re-faking a committed
capture"; the TypeScript tool was capture-refake.ts).

The value rules of the sanitiser run again over each committed page (``pipeline.Options.values_only``),
with a faker keyed by the capture key: every amount, card number or ending, phone, street address,
address block, labelled id or code, Meet code and attribute UUID becomes a keyed fake of its old
fake, the same everywhere on the page (a labelled id wherever it stands alone, across a <wbr> too).
Emails, names, redacted phrases and the seeded secrets stay; Gmail's data-legacy-* ids are never
touched. ``also`` names values no rule finds (a number whose label the capture already faked): each
is replaced wherever it stands alone, like a labelled id.

Two things differ from a capture's faker, both so labels stay true without hand edits:
* amounts are faked by value (``amount_values``), so a label's amountCents maps through the same
  value map as the page's text;
* no new fake may equal an old one found on any page of the run: the pages are read once to
  collect the old values, then faked with those avoided (else "one old fake remains" could not be
  told from "a new fake that happens to look old", and a value could be faked twice).
The label entry of each page is then rewritten from that page's own replacements.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from attest_kit.errors import BadOption
from sanitize import amount_values as amounts
from sanitize.faker import Faker
from sanitize.pipeline import Cleaner, Options
from sanitize.receipt_labels import _DWORD
from sanitize.refake_common import (
    FixturePage,
    LabelsFile,
    exact_replacer,
    hash_pairs,
    is_cut_hint,
    load_fixture,
    rewrite_json,
    unique,
)
from sanitize.urls import page_host_of

#: Kinds a capture's faker draws as part of another value (a street's house number): never
#: replaced on their own, in a page or a label.
_PARTS = frozenset({"street-number"})


class RefakeFaker(Faker):
    """The capture key's faker for old fakes: amounts by value, every replacement recorded, and no
    new fake equal to an old value of the run (``avoid``)."""

    attempts = 64

    def __init__(self, key: bytes, avoid: frozenset[str] = frozenset(), avoid_values: frozenset[str] = frozenset()) -> None:
        super().__init__(key)
        self.avoid = avoid
        self.avoid_values = avoid_values
        self.values: dict[str, str] = {}  # amount value → fake value (canonical forms)
        self.replaced: dict[tuple[str, str], str] = {}  # (kind, old) → new, in the order first made
        self.seen: set[tuple[str, str]] = set()  # (kind, old) met on the current page
        self.seen_all: set[tuple[str, str]] = set()  # (kind, old) met on any page
        self.seen_values: set[str] = set()  # amount values met on the current page
        self.seen_values_all: set[str] = set()  # amount values met on any page

    def acceptable(self, kind: str, original: str, fake: str) -> bool:
        return fake != original and fake not in self.avoid

    def memo(self, kind: str, original: str, make, leave_issued: bool = True) -> str:
        self.seen.add((kind, original))
        self.seen_all.add((kind, original))
        out = super().memo(kind, original, make, leave_issued)
        if out != original:
            self.replaced.setdefault((kind, original), out)
        return out

    def fake_value(self, value: str) -> str:
        found = self.values.get(value)
        if found is None:
            found = value
            for attempt in range(self.attempts):
                salted = value if attempt == 0 else f"{value}\x00retry{attempt}"
                found = amounts.fake_value(value, lambda n, _s=salted: self.stream("amount-value", _s, n))
                if found != value and found not in self.avoid_values:
                    break
            self.values[value] = found
        return found

    def amount(self, original: str) -> str:
        value = amounts.canonical(original)
        self.seen_values.add(value)
        self.seen_values_all.add(value)
        return self.memo("amount", original, lambda _stream: amounts.render(original, self.fake_value(value)))


@dataclass
class PageResult:
    path: Path
    html: str
    counts: dict[str, int]
    pairs: dict[str, str]  # old → new strings this page replaced
    values: dict[str, str]  # amount value → fake value, for this page's amounts


@dataclass
class RefakeResult:
    pages: list[PageResult]
    labels: list[LabelsFile]
    record: dict[str, Any]
    totals: dict[str, int] = field(default_factory=dict)


_ALSO = re.compile(_DWORD.pattern)


def check_also(values: Sequence[str]) -> tuple[str, ...]:
    """--also values must be one word as the labelled-id rule reads words (letters, digits, inner '-' or '_')."""
    for v in values:
        if not _ALSO.fullmatch(v) or not any(ch.isdigit() or ch.isalpha() for ch in v):
            raise BadOption("--also takes one word of letters and digits (inner '-' or '_' allowed)")
    return tuple(dict.fromkeys(values))


def _run_page(faker: RefakeFaker, page: FixturePage, also: Sequence[str]) -> tuple[str, dict[str, int]]:
    cleaner = Cleaner(faker, Options(page_host=page_host_of(page.page_url), values_only=True))
    for value in dict.fromkeys(also):
        if value in page.html:
            cleaner.labelled.remember(value, cleaner.labelled.fake_of(value))
    html = cleaner.run(page.html)
    return html, dict(sorted(cleaner.counts.items()))


def _pass(key: bytes, pages: list[FixturePage], also: Sequence[str], avoid: frozenset[str] = frozenset(),
          avoid_values: frozenset[str] = frozenset()) -> tuple[RefakeFaker, list[PageResult]]:
    faker = RefakeFaker(key, avoid, avoid_values)
    out = []
    for page in pages:
        faker.seen, faker.seen_values = set(), set()
        html, counts = _run_page(faker, page, also)
        pairs = {o: faker.replaced[(k, o)] for (k, o) in sorted(faker.seen) if (k, o) in faker.replaced and k not in _PARTS}
        values = {v: faker.values[v] for v in sorted(faker.seen_values) if v in faker.values}
        out.append(PageResult(page.path, html, counts, pairs, values))
    return faker, out


def _label_rules(result: PageResult, old_html: str):
    replace = exact_replacer(result.pairs)
    prefixes = _cut_tails(result.pairs)

    def strings(value: str, key: str | None) -> str:
        new = replace(value)
        if is_cut_hint(value, key):
            new = prefixes(value, new)
        return new

    def money(minor: int, currency: str) -> int:
        value = amounts.label_value(minor, currency)
        if value not in result.values:
            return minor
        return amounts.label_minor(result.values[value], currency)

    return strings, hash_pairs(old_html, result.html), money


def _cut_tails(pairs: dict[str, str]) -> Callable[[str, str], str]:
    """A hint cut at 80 inside a value: the cut part of an old value → the same cut of its new
    value (every re-faked value but a street keeps its length, so the cut stays where it was)."""
    same_length = {o: n for o, n in pairs.items() if len(o) == len(n) and len(o) > 2}

    def fix(old_hint: str, new_hint: str) -> str:
        if len(new_hint) != len(old_hint):
            return new_hint
        for o, n in sorted(same_length.items(), key=lambda p: -len(p[0])):
            for k in range(len(o) - 1, 2, -1):
                tail = o[:k]
                start = len(new_hint) - k
                if new_hint.endswith(tail) and (start == 0 or not new_hint[start - 1].isalnum()):
                    return new_hint[:start] + n[:k]
        return new_hint

    return fix


def refake(page_paths: Sequence[Path], key: bytes, also: Sequence[str] = (),
           progress: Callable[[PageResult], None] | None = None) -> RefakeResult:
    """Re-fake the value rules' values of every page; nothing is written (see ``write_all``)."""
    also = check_also(also)
    cache: dict[Path, LabelsFile] = {}
    pages = [load_fixture(p, cache) for p in unique(page_paths)]
    discovery, _ = _pass(key, pages, also)
    olds = frozenset(o for (_k, o) in discovery.seen_all)
    # a labelled id is one old fake wherever it stands: on every page of the run, not only where
    # its label is (a list row repeats a receipt's subject without the label)
    labelled = tuple(sorted(o for (k, o) in discovery.seen_all if k == "order"))
    faker, results = _pass(key, pages, (*also, *labelled), olds, frozenset(discovery.seen_values_all))
    totals: dict[str, int] = {}
    for page, result in zip(pages, results, strict=True):
        if progress:
            progress(result)
        for k, n in result.counts.items():
            totals[k] = totals.get(k, 0) + n
        if result.html == page.html or not result.pairs:
            result.html = page.html
            continue
        strings, hashes, money = _label_rules(result, page.html)
        entry = page.entry
        new_entry = rewrite_json(entry, strings, hashes, money)
        if new_entry != entry:
            page.labels.raw[page.path.name] = new_entry
            page.labels.touched.add(page.path.name)
    labels = list({id(p.labels): p.labels for p in pages}.values())
    record = {
        "tool": "refake",
        "note": "old fakes → new fakes; the old ones are reversible: keep this file outside any repository",
        "replaced": [
            {"kind": k, "old": o, "new": n} for (k, o), n in faker.replaced.items() if k not in _PARTS
        ],
        "amountValues": [{"old": o, "new": n} for o, n in faker.values.items()],
        "pages": {str(r.path): sorted(r.pairs) for r in results},
    }
    return RefakeResult(results, labels, record, dict(sorted(totals.items())))
