"""What both re-fakers share (spec §6.3, "Re-faking a committed capture"): which files they may
touch, the record rule, the label rewrite and the hashes a label holds of page text.

A page is a fixture only when a labels.json beside it names it: that is where its page facts (the
address that decides Calendar's Meet rule) and the label to keep in step come from. Anything else
is bad input, refused before anything is written, like a labels file that does not parse.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from selectolax.lexbor import LexborHTMLParser

from attest_kit.errors import BadInput
from attest_kit.fsio import (
    atomic_write_all,
    inside_work_tree,
    json_bytes,
    read_html,
    read_json,
)
from attest_kit.hashing import account_hash, ascii_lower, normalize_email, sha256_hex
from attest_kit.text import SUBJECT_HINT_MAX, one_line
from attest_kit.vendors import VENDOR_HOSTS
from labels.schema import load_labels
from sanitize.scripts import WORD_NOT_CJK

_HEX64 = re.compile(r"[0-9a-f]{64}")


@dataclass
class LabelsFile:
    path: Path
    raw: dict[str, Any]  # the file as read: rewritten entry by entry, other entries untouched
    touched: set[str] = field(default_factory=set)  # entry names rewritten


@dataclass
class FixturePage:
    path: Path
    html: str
    labels: LabelsFile

    @property
    def entry(self) -> dict[str, Any]:
        return self.labels.raw[self.path.name]

    @property
    def page_url(self) -> str:
        page = self.entry.get("page") or {}
        url = page.get("url") if isinstance(page, dict) else None
        if url:
            return str(url)
        # no page facts: the vendor folder (fixtures/pages/<vendor>/<date>/) still names Calendar
        return f"https://{VENDOR_HOSTS['gcal' if self.path.parent.parent.name == 'gcal' else 'gmail']}/"


def refuse_record_in_work_tree(record: Path) -> None:
    """The record maps old fakes to new ones, and the old ones are reversible: never in a repository.
    Nor over an earlier record: it is the only map from that run's old fakes to its new ones."""
    if inside_work_tree(record):
        raise BadInput(record, "record is inside a git work tree; write it outside the repository (the old fakes in it are reversible)")
    if record.is_dir():
        raise BadInput(record, "is a folder: --record names the file the record is written to")
    if record.exists():
        raise BadInput(record, "exists already (an earlier run's record: the only map from its old fakes to its new "
                               "ones); give a new path")


def load_labels_file(path: Path, cache: dict[Path, LabelsFile]) -> LabelsFile:
    key = path.resolve()
    found = cache.get(key)
    if found is None:
        load_labels(path)  # validates: BadInput naming the file and its first fault
        raw = read_json(path)
        found = cache[key] = LabelsFile(path, raw)
    return found


def load_fixture(path: Path, cache: dict[Path, LabelsFile]) -> FixturePage:
    """One committed page with the labels.json beside it that names it; BadInput otherwise."""
    if path.suffix.lower() not in (".html", ".htm"):
        raise BadInput(path, "not a fixture page (expected an .html file)")
    html = read_html(path)
    labels_path = path.parent / "labels.json"
    if not labels_path.exists():
        raise BadInput(path, "not a fixture: no labels.json beside it")
    labels = load_labels_file(labels_path, cache)
    if path.name not in labels.raw:
        raise BadInput(path, f"not a fixture: {labels_path} does not name it")
    return FixturePage(path, html, labels)


def unique(paths: Iterable[Path]) -> list[Path]:
    seen: dict[Path, Path] = {}
    for p in paths:
        seen.setdefault(p.resolve(), p)
    return list(seen.values())


# -- hashes a label holds of page text ---------------------------------------------------------------
def _variants(text: str) -> list[str]:
    flat = one_line(text)
    out = [text, text.strip(), flat, ascii_lower(flat)]
    return list(dict.fromkeys(out))


def add_hash_pairs(pairs: dict[str, str], old: str, new: str) -> None:
    """SHA-256 of each reading of ``old`` → the same reading of ``new`` (a Calendar key is the hash of
    a calendar's name or an event id; a guest's, of the ASCII-lowercased address; an account's,
    ``account_hash``)."""
    if old == new:
        return
    for a, b in zip(_variants(old), _variants(new), strict=True):
        if a != b:
            pairs.setdefault(sha256_hex(a), sha256_hex(b))
    ea, eb = normalize_email(old), normalize_email(new)
    if ea and eb and ea != eb:
        pairs.setdefault(account_hash(old), account_hash(new))


def hash_pairs(old_html: str, new_html: str) -> dict[str, str]:
    """Hashes of every page string the re-fake changed: changed attribute values, and the text of
    the parent and grandparent of each changed text node (where a name an observer hashes sits)."""
    pairs: dict[str, str] = {}
    a, b = LexborHTMLParser(old_html), LexborHTMLParser(new_html)
    if a.root is None or b.root is None:
        return pairs
    done: set[int] = set()
    for x, y in zip(a.root.traverse(include_text=True), b.root.traverse(include_text=True)):
        if x.tag == "-text":
            if (x.text_content or "") != (y.text_content or ""):
                px, py = x.parent, y.parent
                for _ in range(2):
                    if px is None or py is None or px.mem_id in done:
                        break
                    done.add(px.mem_id)
                    add_hash_pairs(pairs, px.text(deep=True), py.text(deep=True))
                    px, py = px.parent, py.parent
        elif x.tag and x.tag[0] not in "-#_":
            ax, ay = x.attributes, y.attributes
            if ax != ay:
                for name, value in ax.items():
                    if value and ay.get(name) != value and ay.get(name):
                        add_hash_pairs(pairs, value, ay[name] or "")
    return pairs


# -- the label rewrite ------------------------------------------------------------------------------
StringRule = Callable[[str, str | None], str]  # (value, its key) → new value
AmountRule = Callable[[int, str], int]  # (minor units, currency) → new minor units


def rewrite_json(value: Any, strings: StringRule, hashes: Mapping[str, str], amounts: AmountRule | None = None,
                 key: str | None = None) -> Any:
    """A label entry with every string, hash and amount rewritten; keys are never changed."""
    if isinstance(value, str):
        if _HEX64.fullmatch(value):
            return hashes.get(value, value)
        return strings(value, key)
    if isinstance(value, list):
        return [rewrite_json(v, strings, hashes, amounts, key) for v in value]
    if isinstance(value, dict):
        out = {k: rewrite_json(v, strings, hashes, amounts, k) for k, v in value.items()}
        cents, currency = out.get("amountCents"), out.get("currency")
        if amounts is not None and isinstance(cents, int) and not isinstance(cents, bool) and isinstance(currency, str):
            out["amountCents"] = amounts(cents, currency)
        return out
    return value


def exact_replacer(pairs: Mapping[str, str]) -> Callable[[str], str]:
    """Each old value, where it stands alone (no word character but a CJK one, nor '-', glued to a word edge), by its
    new value; longest first, one scan, so a value that is part of a longer one is never half-replaced."""
    olds = sorted((o for o in pairs if o), key=len, reverse=True)
    if not olds:
        return lambda s: s

    def guarded(o: str) -> str:
        # a word of Chinese, Japanese or Korean glued to it leaves it alone, as the value rules read it (session 36)
        body = re.escape(o)
        head = rf"(?<!{WORD_NOT_CJK})(?<!-)" if o[0].isalnum() else ""
        tail = rf"(?!{WORD_NOT_CJK}|-)" if o[-1].isalnum() else ""
        return head + body + tail

    pattern = re.compile("|".join(guarded(o) for o in olds))
    return lambda s: pattern.sub(lambda m: pairs[m.group(0)], s)


def is_cut_hint(value: str, key: str | None) -> bool:
    """A subject hint exactly as long as the cap was (most likely) cut from a longer text."""
    return key == "subjectHint" and len(value) == SUBJECT_HINT_MAX


# -- writing ------------------------------------------------------------------------------------------
def write_all(record: Path, record_value: Any, pages: Mapping[Path, str], labels: Iterable[LabelsFile]) -> None:
    """The record (it is the only way back), every page and every labels file, as one change: each is written
    beside its target first, and none is renamed into place unless all could be (``atomic_write_all``)."""
    atomic_write_all([(record, json_bytes(record_value), True),  # old fakes are reversible: owner only
                      *((path, html.encode("utf-8"), False) for path, html in pages.items()),
                      *((lf.path, json_bytes(lf.raw), False) for lf in labels if lf.touched)])
