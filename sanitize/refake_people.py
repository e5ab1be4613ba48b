"""Re-fake the emails, names and phrases of committed captures (spec §6.3; capture-refake-people.ts).

Found by the faker's own shapes (``refake_shapes``), never by guessing what a name is. ONE mapping,
keyed by the capture key, is built over every file named and every --scan file (the same pages'
older versions), and serves pages and labels alike, so the labels need no hand edits.

How a unit gets its new value: candidate ``i`` is HMAC(key; "refake-" kind, old, i) drawn into the
faker's shape (a name word from its own pool, an email local part of two pool words, a phrase of
2-5 pool words); units are assigned in a fixed order, each taking its first candidate that is no
old value of the run and no other unit's new value. Lengths are free (a new fake as long as its
old one would confirm a guess by length), except at a subject hint's 80 characters: a new phrase
stays on its old one's side of the cut, so every hint is cut where it was. A hint that breaks that
rule bumps the candidate of the unit at fault, and the mapping is drawn again until none does.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from selectolax.lexbor import LexborHTMLParser

from attest_kit.errors import BadInput
from attest_kit.fsio import read_html
from attest_kit.text import SUBJECT_HINT_MAX, clamp_subject_hint, one_line
from sanitize import emails, strip
from sanitize.faker import FAKE_DOMAINS, FIRST_NAMES, LAST_NAMES, WORDS
from sanitize.model import walk
from sanitize.registry import sender_trigger
from sanitize.refake_common import (
    LabelsFile,
    hash_pairs,
    load_fixture,
    load_labels_file,
    rewrite_json,
    unique,
)
from sanitize.refake_shapes import Hit, Unit, apply, find

_MAX_ROUNDS = 400
_SEEDED = "data-attest-seeded"


@dataclass
class PeopleResult:
    pages: dict[Path, str]  # changed pages → new HTML
    labels: list[LabelsFile]
    record: dict[str, Any]
    per_file: dict[str, dict[str, int]] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)


# -- reading texts ------------------------------------------------------------------------------------
def _page_texts(html: str) -> Iterable[str]:
    tree = LexborHTMLParser(html)
    if tree.root is None:
        return []
    w = walk(tree.root)
    seeded = {n.mem_id for el in tree.css(f"[{_SEEDED}]") for n in el.traverse(include_text=True)}
    out: list[str] = [r.text for r in w.runs if r.nodes[0].mem_id not in seeded]
    for el, tag, attrs in zip(w.elements, w.tags, w.attrs):
        if el.mem_id in seeded:
            continue
        for name, value in attrs.items():
            if value and strip.attribute_action(tag, name, value, attrs) in ("text", "link"):
                out.append(value)
                out += [b for b in _base64_inners(value)]
    return out


def _base64_inners(value: str) -> list[str]:
    if len(value) < 16:
        return []
    found = []
    for m in emails._B64.finditer(value):
        decoded = emails._decode(m.group(0))
        if decoded is not None:
            found.append(decoded[0])
    return found


def _json_strings(value: Any, key: str | None = None) -> Iterable[tuple[str, str | None]]:
    if isinstance(value, str):
        yield value, key
    elif isinstance(value, list):
        for v in value:
            yield from _json_strings(v, key)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _json_strings(v, k)


# -- the mapping --------------------------------------------------------------------------------------
class Mapping:
    """Old unit → new value, keyed by the capture key; see the module's doc."""

    def __init__(self, key: bytes, units: Iterable[Unit]) -> None:
        self.key = key
        self.units = sorted(set(units), key=lambda u: (u.kind, u.old, u.extra))
        self.old_values = {(u.kind, u.old) for u in self.units}
        self.old_phrases = {u.old for u in self.units if u.kind == "phrase"}
        self.old_locals = {u.old for u in self.units if u.kind == "email"}
        self.bump: dict[Unit, int] = {}
        self.new: dict[Unit, str] = {}
        self.assign()

    def _stream(self, kind: str, old: str, i: int, n: int = 32) -> bytes:
        msg = f"refake-{kind}".encode() + b"\x00" + old.encode() + b"\x00" + str(i).encode()
        out = hmac.new(self.key, msg, hashlib.sha256).digest()
        while len(out) < n:
            out += hmac.new(self.key, msg + out[-32:], hashlib.sha256).digest()
        return out[:n]

    @staticmethod
    def _pick(data: bytes, i: int, pool: Sequence[str]) -> str:
        return pool[int.from_bytes(data[2 * i : 2 * i + 2], "big") % len(pool)]

    def _candidate(self, u: Unit, i: int) -> str:
        data = self._stream(u.kind, f"{u.old}\x00{u.extra}", i)
        if u.kind == "name":
            return self._pick(data, 0, FIRST_NAMES if u.extra == "first" else LAST_NAMES)
        if u.kind == "phrase":
            n = 2 + data[15] % 4
            words = [self._pick(data, k, WORDS) for k in range(n)]
            return " ".join([words[0].capitalize(), *words[1:]])
        sep = "+" if "+" in u.old else "."
        first = u.old.split(sep, 1)[0]
        kept = first if first == sender_trigger() else None  # the receipt trigger a fake keeps (Faker.email)
        local = f"{kept or self._pick(data, 0, WORDS)}{sep}{self._pick(data, 1, WORDS)}"
        domain = FAKE_DOMAINS[data[4] % 3] if u.extra in FAKE_DOMAINS else u.extra
        return f"{local}@{domain}"

    def _ok(self, u: Unit, value: str, taken: set[tuple[str, str]]) -> bool:
        if u.kind == "email":
            local = value.partition("@")[0]
            return local not in self.old_locals and (u.kind, local) not in taken
        if u.kind == "name":
            return (u.kind, value.lower()) not in self.old_values and (u.kind, value.lower()) not in taken
        return value not in self.old_phrases and (u.kind, value) not in taken

    def assign(self) -> None:
        taken: set[tuple[str, str]] = set()
        self.new = {}
        for u in self.units:
            start = self.bump.get(u, 0)
            value = None
            for i in range(start, start + 256):
                cand = self._candidate(u, i)
                if self._ok(u, cand, taken):
                    value = cand
                    break
            if value is None:  # a small pool used up: any word not taken, else any word at all
                pool = FIRST_NAMES if u.extra == "first" else LAST_NAMES if u.kind == "name" else ()
                free = [w for w in pool if (u.kind, w.lower()) not in taken]
                value = free[start % len(free)] if free else self._candidate(u, start)
            self.new[u] = value
            taken.add((u.kind, value.partition("@")[0] if u.kind == "email" else value.lower() if u.kind == "name" else value))

    def __call__(self, u: Unit) -> str:
        return self.new.get(u, u.old)


# -- subject hints ------------------------------------------------------------------------------------
@dataclass
class Hint:
    """A label's subject hint: where it is, and the longer text on its page it was cut from (if any)."""

    value: str
    where: str
    full: str | None = None  # the page text it was cut from, when it was cut in plain text


def _tail(hint: str, shapes: list[Hit]) -> tuple[int, Hit] | None:
    """A hint cut inside a shape: (where the cut shape starts, the whole shape)."""
    if len(hint) != SUBJECT_HINT_MAX:
        return None
    for start in range(max(0, len(hint) - 254), len(hint)):
        if start and hint[start - 1].isalnum():
            continue
        tail = hint[start:]
        for h in shapes:
            if len(h.text) > len(tail) and h.text.startswith(tail):
                return start, h
    return None


def render_hint(hint: Hint, mapping: Mapping, shapes: list[Hit]) -> tuple[str, Unit | None]:
    """(new hint, the unit at fault when the cut moved to another side of a phrase, else None)."""
    old = hint.value
    tail = _tail(old, shapes)
    if tail is not None:
        start, whole = tail
        head = apply(old[:start], mapping)
        new_whole = apply(whole.text, mapping)
        fault = _grower(old[:start], mapping) if len(head) >= SUBJECT_HINT_MAX else None
        if fault is None and len(head) + len(new_whole) <= SUBJECT_HINT_MAX:
            fault = whole.units[-1]
        return clamp_subject_hint(head + new_whole), fault
    if hint.full is not None:
        hits = find(hint.full)
        inside = [h for h in hits if h.end <= SUBJECT_HINT_MAX]
        for h in inside:  # each phrase that ended inside the hint still does
            if len(apply(hint.full[: h.end], mapping)) > SUBJECT_HINT_MAX:
                return clamp_subject_hint(apply(hint.full, mapping)), _grower(hint.full[: h.end], mapping)
        return clamp_subject_hint(apply(hint.full, mapping)), None
    new = apply(old, mapping)
    if len(new) > SUBJECT_HINT_MAX:
        return clamp_subject_hint(new), _grower(old, mapping)
    return new, None


def _grower(text: str, mapping: Mapping) -> Unit | None:
    best, grow = None, 0
    for h in find(text):
        for u in h.units:
            g = len(mapping(u)) - len(u.old)
            if best is None or g > grow:
                best, grow = u, g
    return best


def _full_text(page_html: str | None, hint: str) -> str | None:
    """The one longer text on the page whose first 80 characters are ``hint`` (one line)."""
    if page_html is None or len(hint) != SUBJECT_HINT_MAX:
        return None
    tree = LexborHTMLParser(page_html)
    if tree.root is None:
        return None
    found = set()
    for el in tree.root.traverse():
        if el.tag in ("html", "body", "head") or el.tag is None or el.tag.startswith("-"):
            continue
        t = one_line(el.text(deep=True))
        if len(t) > SUBJECT_HINT_MAX and clamp_subject_hint(t) == hint:
            found.add(t)
        for v in el.attributes.values():
            if v:
                t = one_line(v)
                if len(t) > SUBJECT_HINT_MAX and clamp_subject_hint(t) == hint:
                    found.add(t)
    return min(found, key=len) if found else None


# -- the whole run ------------------------------------------------------------------------------------
def refake_people(paths: Sequence[Path], key: bytes, scan: Sequence[Path] = ()) -> PeopleResult:
    """Build one mapping over ``paths`` and ``scan``; return the new pages and labels (nothing written)."""
    cache: dict[Path, LabelsFile] = {}
    page_files, label_files = [], []
    for p in unique(paths):
        if p.name == "labels.json":
            label_files.append(load_labels_file(p, cache))
        else:
            page_files.append(load_fixture(p, cache))
    # which entries of which labels file are rewritten: all of a named file, a named page's own
    entries: dict[int, tuple[LabelsFile, set[str]]] = {}
    for lf in label_files:
        entries[id(lf)] = (lf, set(lf.raw))
    for fp in page_files:
        entries.setdefault(id(fp.labels), (fp.labels, set()))[1].add(fp.path.name)
    scan_texts: list[str] = []
    for s in unique(scan):
        if s.name.endswith(".json"):
            lf = load_labels_file(s, {})
            scan_texts += [v for v, _ in _json_strings(lf.raw)]
        else:
            scan_texts += list(_page_texts(read_html(s)))
    # every shape of every file
    units: set[Unit] = set()
    shapes: list[Hit] = []
    page_texts = {fp.path: list(_page_texts(fp.html)) for fp in page_files}
    label_texts = [(v, k) for lf, names in entries.values() for n in sorted(names) for v, k in _json_strings(lf.raw[n])]
    for text in [*(t for ts in page_texts.values() for t in ts), *(v for v, _ in label_texts), *scan_texts]:
        for h in find(text):
            units.update(h.units)
            shapes.append(h)
    long_shapes = sorted({h.text: h for h in shapes}.values(), key=lambda h: -len(h.text))
    mapping = Mapping(key, units)
    # subject hints: find the page text each cut hint came from, then draw until every cut holds
    hints: list[Hint] = []
    by_folder_page = {fp.path.resolve(): fp.html for fp in page_files}
    for lf, names in entries.values():
        for name in sorted(names):
            for value, k in _json_strings(lf.raw[name]):
                if k == "subjectHint" and find(value) or (k == "subjectHint" and len(value) == SUBJECT_HINT_MAX):
                    page = (lf.path.parent / name).resolve()
                    html = by_folder_page.get(page)
                    if html is None and page.exists():
                        html = read_html(page)
                    full = _full_text(html, value) if _tail(value, long_shapes) is None else None
                    hints.append(Hint(value, f"{lf.path}: {name}", full))
    for _ in range(_MAX_ROUNDS):
        faults = [f for f in (render_hint(h, mapping, long_shapes)[1] for h in hints) if f is not None]
        if not faults:
            break
        for f in dict.fromkeys(faults):
            mapping.bump[f] = mapping.bump.get(f, 0) + 1
        mapping.assign()
    else:
        bad = next(h for h in hints if render_hint(h, mapping, long_shapes)[1] is not None)
        raise BadInput(bad.where, "no new phrase keeps this subject hint cut where it was")
    hint_new = {h.value: render_hint(h, mapping, long_shapes)[0] for h in hints}
    # the pages
    per_file: dict[str, dict[str, int]] = {}
    totals: dict[str, int] = {}
    new_pages: dict[Path, str] = {}
    for fp in page_files:
        counts: dict[str, int] = {}
        new_html = _rewrite_page(fp.html, mapping, counts)
        per_file[str(fp.path)] = dict(sorted(counts.items()))
        if counts and new_html != fp.html:
            new_pages[fp.path] = new_html
    # the labels
    old_by_page = {fp.path.resolve(): fp.html for fp in page_files}
    new_by_page = {p.resolve(): h for p, h in new_pages.items()}
    for lf, names in entries.values():
        counts = {}
        for name in sorted(names):
            page = (lf.path.parent / name).resolve()
            old_html, new_html = old_by_page.get(page), new_by_page.get(page)
            hashes = hash_pairs(old_html, new_html) if old_html is not None and new_html is not None else {}
            _email_hashes(mapping, hashes)

            def strings(value: str, k: str | None, _c: dict[str, int] = counts) -> str:
                if k == "subjectHint" and value in hint_new:
                    if hint_new[value] != value:
                        _c["hint"] = _c.get("hint", 0) + 1
                    return hint_new[value]
                return apply(value, mapping, _c)

            new_entry = rewrite_json(lf.raw[name], strings, hashes)
            if new_entry != lf.raw[name]:
                lf.raw[name] = new_entry
                lf.touched.add(name)
        per_file[str(lf.path)] = dict(sorted(counts.items()))
    for counts in per_file.values():
        for k, n in counts.items():
            totals[k] = totals.get(k, 0) + n
    record = {
        "tool": "refake-people",
        "note": "old fakes → new fakes; the old ones are reversible: keep this file outside any repository",
        "emails": [{"old": f"{u.old}@{u.extra}", "new": mapping(u)} for u in mapping.units if u.kind == "email"],
        "names": [{"old": u.old, "new": mapping(u).lower(), "pool": u.extra} for u in mapping.units if u.kind == "name"],
        "phrases": [{"old": u.old, "new": mapping(u)} for u in mapping.units if u.kind == "phrase"],
        "scanned": [str(s) for s in scan],
    }
    labels = [lf for lf, _ in entries.values()]
    return PeopleResult(new_pages, labels, record, per_file, dict(sorted(totals.items())))


def _email_hashes(mapping: Mapping, hashes: dict[str, str]) -> None:
    from sanitize.refake_common import add_hash_pairs

    for u in mapping.units:
        if u.kind == "email" and u.extra != "m":
            add_hash_pairs(hashes, f"{u.old}@{u.extra}", mapping(u))


def _rewrite_page(html: str, mapping: Mapping, counts: dict[str, int]) -> str:
    tree = LexborHTMLParser(html)
    if tree.root is None:
        return html
    w = walk(tree.root)
    seeded = {n.mem_id for el in tree.css(f"[{_SEEDED}]") for n in el.traverse(include_text=True)}
    for el, tag, attrs in zip(w.elements, w.tags, w.attrs):
        if el.mem_id in seeded:
            continue
        changes = {}
        for name, value in attrs.items():
            if value and strip.attribute_action(tag, name, value, attrs) in ("text", "link"):
                new = _rewrite_base64(apply(value, mapping, counts), mapping, counts)
                if new != value:
                    changes[name] = new
        for name, new in changes.items():
            el.attrs[name] = new
    for run in w.runs:
        if run.nodes[0].mem_id in seeded:
            continue
        new = apply(run.text, mapping, counts)
        if new == run.text:
            continue
        if len(run.nodes) == 1:
            run.nodes[0].replace_with(new)
            continue
        # a <wbr>-split run: same length keeps the split points, else the text goes in the first piece
        pieces, pos = [], 0
        if len(new) == len(run.text):
            for t in run.texts:
                pieces.append(new[pos : pos + len(t)])
                pos += len(t)
        else:
            pieces = [new] + [""] * (len(run.texts) - 1)
        for node, old, piece in zip(run.nodes, run.texts, pieces, strict=True):
            if piece != old:
                node.replace_with(piece)
    return tree.html or html


def _rewrite_base64(value: str, mapping: Mapping, counts: dict[str, int]) -> str:
    """An address inside a base64 id (Calendar's data-eventid), re-encoded in the same alphabet."""
    if len(value) < 16:
        return value
    import base64

    def one(m):
        token = m.group(0)
        decoded = emails._decode(token)
        if decoded is None or emails._HEX.fullmatch(token):
            return token
        inner, urlsafe, padded = decoded
        new = apply(inner, mapping, counts)
        if new == inner:
            return token
        raw = new.encode("utf-8")
        out = (base64.urlsafe_b64encode(raw) if urlsafe else base64.b64encode(raw)).decode("ascii")
        return out if padded else out.rstrip("=")

    return emails._B64.sub(one, value)
