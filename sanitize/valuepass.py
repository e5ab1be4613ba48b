"""The value pass of a ``pipeline.Cleaner``: every attribute and every text run through the value rules.

It runs once per element and per text of the page, twice per capture, so it is written for that:
decisions are memoised per distinct string in context (``memo.DecisionCache``) and per whole element
signature (a list page repeats the same cell thousands of times), the loops inline the memo hit,
and an attribute's handling is chosen by its name first (``strip.name_action``). The rules
themselves (``Cleaner.values``, ``cut_link``, ``neutralise_css``) are unchanged by any of this: a
memo entry is exactly what the rule returned for that string, with the counts it made.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING

from selectolax.lexbor import LexborNode

from attest_kit.day_keys import DAY_KEY_ATTRIBUTE, decode_date_key, encode_date_key
from sanitize import emails, strip, values
from sanitize.atcheck import AT_DOMAIN
from sanitize.css import map_strings, neutralise_css
from sanitize.model import TextRun, Walk
from sanitize.split_values import Reading, crossing_spans, groups, inline_joined, joined_pieces
from sanitize.urls import cut_link

if TYPE_CHECKING:
    from sanitize.faker import Faker
    from sanitize.memo import DecisionCache
    from sanitize.people import NameRules
    from sanitize.pipeline import Options


def _splits_a_domain(text: str, pieces: Sequence[str]) -> bool:
    """Whether cutting ``text`` where ``pieces`` were cut splits an ``@domain``: a fake written so
    (``ada@exam<wbr>ple.com``) reads as ``@exam`` to the @ check (spec §6.3), so it is written whole."""
    if "@" not in text:
        return False
    cuts, pos = set(), 0
    for piece in pieces[:-1]:
        pos += len(piece)
        cuts.add(pos)
    return any(m.start() < cut < m.end() for m in AT_DOMAIN.finditer(text) for cut in cuts)


class ValuePass:
    """Mixed into ``pipeline.Cleaner``, which provides the state and the rules named below."""

    counts: dict[str, int]
    cache: DecisionCache
    faker: Faker
    opts: Options
    _meet_word: dict[str, bool]
    _no_meet: set[str | None]
    _crossing: dict[tuple[tuple[str, ...], frozenset[str] | None], tuple[str, ...]]
    names: NameRules
    # Cleaner also provides bump(kind, n), fake_email(address) and values(text, ...) (the value rules)

    def _attribute(self, tag: str, name: str, value: str, input_type: str | None, keep: bool, meet: bool,
                   scoped: tuple[str, ...]) -> str | None:
        """The kept value of one attribute (None: drop it)."""
        if self.opts.calendar and name.lower() == DAY_KEY_ATTRIBUTE and _names_a_day(value):
            return value
        action = strip.attribute_action(tag, name, value, {"type": input_type} if input_type else {})
        if self.opts.values_only and action != "text":
            return value  # a committed page: links, CSS and the rest were settled by its capture
        if action == "keep":
            if name != "class":
                return value
            if value.count("-") >= 4:  # kept, but a UUID inside one is faked (spec §6.2)
                value = values.fake_uuids(self.faker, value, self.counts)
            return values.neutralise_at(value, self.counts) if "@" in value else value
        if action.startswith("drop:"):
            self.bump(action[5:])
            return None
        if value == "":
            return value
        if action == "link":
            new = cut_link(value, self.opts.page_host, self.fake_email)
            if new is None:
                self.bump("link-dropped")
                return None
            if new != value:
                self.bump("link-cut")
            if _keeps_a_path(new, self.opts.page_host):
                # the page's own path and fragment stay, and what they carry is faked as in any value
                # (an address, encoded or in a base64 id, a labelled order number: "#search/…")
                return self.values(new, keep=keep, meet=meet, uuid=True, singles=scoped)
            return values.neutralise_at(new, self.counts)
        if action == "css":
            if "@" in value:  # an address outside a string ("--owner:ada@…") reads as an at-rule below,
                value = emails.fake_plain(self.faker, value, self.counts)  # which drops its domain only
            new, n = neutralise_css(value)
            if n:
                self.bump("css-url", n)
            # a UUID is an attribute's (spec §6.2) in a string or out of one (a custom property's name)
            new = map_strings(new, lambda body: self.values(body, keep=keep, meet=meet, uuid=True, singles=scoped))
            new = values.fake_uuids(self.faker, new, self.counts)
            return values.neutralise_at(new, self.counts)
        return self.values(value, keep=keep, meet=meet, uuid=not name.lower().startswith("data-legacy-"), singles=scoped,
                           endings=True)

    def _names_meet(self, value: str) -> bool:
        hit = self._meet_word.get(value)
        if hit is None:
            hit = self._meet_word[value] = "meet" in value.lower()
        return hit

    def clean_attributes(self, el: LexborNode, tag: str, attrs: dict[str, str | None], keep: bool,
                         scoped: Sequence[str]) -> None:
        if attrs:
            _apply(el, self.element_changes(tag, attrs, keep, tuple(scoped)))

    def element_changes(self, tag: str, attrs: dict[str, str | None], keep: bool,
                        scoped: tuple[str, ...]) -> tuple[tuple[str, str | None], ...]:
        """The (name, new value or None to drop) changes of one element, memoised per element
        signature (``DecisionCache.elements``), its counts added."""
        sig = (tag, keep, scoped, *attrs.items())
        hit = self.cache.elements.get(sig)
        if hit is None:
            return self._element_miss(sig, tag, attrs, keep, scoped)
        counts = self.counts
        for kind, n in hit[1]:
            counts[kind] = counts.get(kind, 0) + n
        return hit[0]

    def _element_miss(self, sig: tuple, tag: str, attrs: dict[str, str | None], keep: bool,
                      scoped: tuple[str, ...]) -> tuple[tuple[str, str | None], ...]:
        cache = self.cache
        generation = cache.generation
        saved, self.counts = self.counts, {}
        try:
            changes, keys = self._element(tag, attrs, keep, scoped)
        finally:
            delta, self.counts = self.counts, saved
        if generation == cache.generation:  # no entry it was built from was dropped meanwhile
            cache.elements[sig] = (changes, tuple(delta.items()) if delta else ())
            if not changes and not delta and cache.recording:
                cache.element_unchanged(sig, keys)
        if delta:
            counts = self.counts
            for kind, n in delta.items():
                counts[kind] = counts.get(kind, 0) + n
        return changes

    def _element(self, tag: str, attrs: dict[str, str | None], keep: bool,
                 scoped: tuple[str, ...]) -> tuple[tuple[tuple[str, str | None], ...], list[tuple]]:
        """The element's attribute changes, and the keys its attribute decisions were memoised under."""
        meet = self.opts.calendar
        if not meet:
            vals = attrs.values()
            no_meet = self._no_meet
            if not no_meet.issuperset(vals):  # C-speed for the values seen before
                # one search over the values not known already (a space between them: "meet" holds
                # none); a miss is usually one new id beside a long style string read before
                fresh = [v for v in vals if v and v not in no_meet]
                meet = "meet" in " ".join(fresh).lower()
                if not meet:
                    no_meet.update(vals)
        input_type = None
        if tag == "input":  # an input hidden by its attribute is a hidden input (its value a session secret)
            input_type = "hidden" if "hidden" in attrs else (attrs.get("type") or "").lower()
        ctx = (tag, input_type, keep, meet, scoped)
        decisions = self.cache
        cache = decisions.attrs
        counts = self.counts
        changes: list[tuple[str, str | None]] = []
        keys: list[tuple] = []
        add_key = keys.append
        for name, value in attrs.items():
            value = value or ""
            key = (ctx, name, value)
            add_key(key)
            hit = cache.get(key)
            if hit is not None:  # the common case, inlined
                new = hit[0]
                for kind, n in hit[1]:
                    counts[kind] = counts.get(kind, 0) + n
            else:
                new = decisions.decide(cache, key, value, self._attribute, tag, name, value, input_type, keep, meet, scoped)
                counts = self.counts
            if new != value:
                changes.append((name, new))
        return tuple(changes), keys

    def clean_elements(self, w: Walk, skip: set[int], keep_ids: set[int], scoped: dict[int, list[str]]) -> None:
        """Every element's attributes (the loop of ``clean_attributes``, inlined: it runs once per
        element of the page, twice per capture)."""
        no_scope: tuple[str, ...] = ()
        by_id = bool(skip or keep_ids or scoped)  # else no element needs its mem_id read
        keep, sc = False, no_scope
        elements = self.cache.elements
        for el, tag, attrs in zip(w.elements, w.tags, w.attrs):
            if not attrs:
                continue
            if by_id:
                mid = el.mem_id
                if mid in skip:
                    continue
                s = scoped.get(mid)
                sc = no_scope if s is None else tuple(s)
                keep = mid in keep_ids
            sig = (tag, keep, sc, *attrs.items())
            hit = elements.get(sig)
            if hit is None:
                changes = self._element_miss(sig, tag, attrs, keep, sc)
            else:
                changes = hit[0]
                if hit[1]:
                    counts = self.counts
                    for kind, n in hit[1]:
                        counts[kind] = counts.get(kind, 0) + n
            if changes:
                _apply(el, changes)

    def text_values(self, text: str, keep: bool, meet: bool, scoped: tuple[str, ...]) -> str:
        key = (text, keep, meet, scoped)
        hit = self.cache.texts.get(key)
        if hit is not None:
            for kind, n in hit[1]:
                self.counts[kind] = self.counts.get(kind, 0) + n
            return hit[0]
        return self.cache.decide(self.cache.texts, key, text, self._text_rules, text, keep, meet, scoped)

    def _text_rules(self, text: str, keep: bool, meet: bool, scoped: tuple[str, ...]) -> str:
        return self.values(text, keep=keep, meet=meet, uuid=False, singles=scoped)

    def _text_meet(self, run: TextRun, text: str) -> bool:
        """Spec §6.2: a Meet code is faked wherever a text or label names Meet: the text itself or
        its own element's attributes (aria-label, title), never a neighbouring text."""
        if "-" not in text:
            return False  # no Meet-shaped code can stand in it (the rules add no '-')
        if self._names_meet(text):
            return True
        parent = run.parent
        return parent is not None and any(self._names_meet(v) for v in parent.attributes.values() if v)

    def clean_run(self, run: TextRun, keep: bool, scoped: tuple[str, ...], line_meet: bool = False) -> None:
        text = run.new if run.new is not None else run.texts[0] if len(run.texts) == 1 else run.text
        if len(run.nodes) > 1 and self.labelled.fakes:
            text = self.labelled.replace_everywhere(text)
        meet = line_meet or self._text_meet(run, text)
        if len(run.nodes) == 1:
            new = self.text_values(text, keep, meet, scoped)
            if new != run.texts[0]:
                run.nodes[0].replace_with(new)
            return
        # a <wbr>-split run: the rules read it whole (Gmail breaks an address or a number with <wbr>,
        # and read in pieces "name<wbr>@domain" kept both); a same-length result keeps the split points,
        # any other is written in the first piece
        pieces = _pieces_of(run, self.text_values(text, keep, meet, scoped))
        for node, old, piece in zip(run.nodes, run.texts, pieces, strict=True):
            if piece != old:
                node.replace_with(piece)

    def _line_meet(self, w: Walk) -> set[int]:
        """The runs holding a "-" whose text before them in their line names Meet: a search for "meet" draws
        the word in an element of its own (``<b>Meet</b> abc-defg-hij``), and the code's own text no longer
        named it. Read before any text node is replaced (a replaced node is no longer in the tree)."""
        runs, found = w.runs, set()
        for i in w.after_inline:
            run, prev = runs[i], runs[i - 1]
            if "-" in run.current and self._names_meet(prev.current) and inline_joined(prev.nodes[-1], run.nodes[0]):
                found.add(i)
        return found

    def join_split_values(self, w: Walk, skip: set[int], keep_ids: set[int] | None = None,
                          scoped: dict[int, list[str]] | None = None) -> list[int]:
        """Values split by inline markup (``split_values``): each moved whole into the piece where it
        starts, the page's texts rewritten before any rule reads them, so that every rule reads one page
        and the run rules fake the value as any other. ``keep_ids`` and ``scoped`` (text node ids) learn
        the new texts' ids. Returns the indexes of the runs rewritten."""
        runs = w.runs
        current = [run.texts[0] if len(run.texts) == 1 else run.text for run in runs]
        addresses = not self.opts.values_only
        # the names known now (--names, and those learned from the elements carrying an address): a name a
        # highlight cuts ("Ada <b>Quorn</b>") is moved whole as any value; a committed page's are settled
        names = self.names if addresses and (self.names.given or self.names.learned) else None
        known = frozenset(self.names.learned) if names is not None else None  # --names are one capture's
        reading = Reading(addresses, names, web=addresses)
        memo = self._crossing
        rewritten: list[int] = []
        for group in groups(runs, current, w.after_inline, skip, names):
            texts = tuple([current[i] for i in group])
            key = (texts, known)
            pieces = memo.get(key)
            if pieces is None:  # a function of the pieces and the names: shared by both passes (a list page repeats rows)
                cuts = list(accumulate(len(t) for t in texts))[:-1]
                spans = crossing_spans("".join(texts), cuts, reading)
                pieces = memo[key] = tuple(joined_pieces(texts, spans, reading)) if spans else texts
            if pieces != texts:
                for i, old, new in zip(group, texts, pieces, strict=True):
                    if new != old:
                        _rewrite_run(runs[i], new, keep_ids, scoped)
                        rewritten.append(i)
        return rewritten

    def clean_runs(self, w: Walk, skip: set[int], keep_ids: set[int], scoped: dict[int, list[str]]) -> None:
        """Every text run (``clean_run``, with the one-node case and the memo hit inlined: it runs
        once per text of the page, twice per capture)."""
        no_scope: tuple[str, ...] = ()
        by_id = bool(skip or keep_ids or scoped)
        keep, sc = False, no_scope
        texts_cache = self.cache.texts
        line_meet = self._line_meet(w)
        for i, run in enumerate(w.runs):
            if by_id:
                mid = run.nodes[0].mem_id
                if mid in skip:
                    continue
                s = scoped.get(mid)
                sc = no_scope if s is None else tuple(s)
                keep = mid in keep_ids
            texts = run.texts
            if len(texts) != 1:
                self.clean_run(run, keep, sc, i in line_meet)
                continue
            old = texts[0]
            text = old if run.new is None else run.new
            meet = "-" in text and (i in line_meet or self._text_meet(run, text))
            key = (text, keep, meet, sc)
            hit = texts_cache.get(key)
            if hit is None:
                new = self.cache.decide(texts_cache, key, text, self._text_rules, text, keep, meet, sc)
            else:
                new = hit[0]
                if hit[1]:
                    counts = self.counts
                    for kind, n in hit[1]:
                        counts[kind] = counts.get(kind, 0) + n
            if new != old:
                run.nodes[0].replace_with(new)


def _pieces_of(run: TextRun, text: str) -> list[str]:
    """``text`` (the run's new joined text) cut where the run's texts are: a same-length text keeps the
    split points (unless that cuts an ``@domain``), any other is written in the first piece."""
    if len(run.texts) == 1:
        return [text]
    if len(text) == len(run.text) and not _splits_a_domain(text, run.texts):
        pieces, pos = [], 0
        for t in run.texts:
            pieces.append(text[pos : pos + len(t)])
            pos += len(t)
        return pieces
    return [text] + [""] * (len(run.texts) - 1)


def _rewrite_run(run: TextRun, text: str, keep_ids: set[int] | None, scoped: dict[int, list[str]] | None) -> None:
    """Write ``text`` into the run's nodes (``_pieces_of``), the run then holding the new nodes and texts;
    an id set or map keyed by the old nodes' ids learns the new ones'."""
    for k, (node, old, piece) in enumerate(zip(run.nodes, run.texts, _pieces_of(run, text), strict=True)):
        if piece == old:
            continue
        prev, parent, old_id = node.prev, node.parent, node.mem_id
        node.replace_with(piece)
        new = prev.next if prev is not None else parent.child if parent is not None else None
        if new is None or not new.is_text_node:
            raise RuntimeError("a rewritten text node was not found where it stood")
        run.nodes[k], run.texts[k] = new, piece
        if keep_ids and old_id in keep_ids:
            keep_ids.add(new.mem_id)
        if scoped and old_id in scoped:
            scoped[new.mem_id] = scoped[old_id]


def _keeps_a_path(link: str, page_host: str) -> bool:
    """Whether a cut link kept a path or fragment of the page's own (``/…``, ``#…``, ``https://host/…``),
    not only a scheme, a host or a mailto: of fakes."""
    own = f"https://{page_host}/"
    if link.startswith(own):
        return len(link) > len(own)
    if link.startswith("//"):
        return False
    head = link.split("/", 1)[0].split("#", 1)[0]
    return bool(link) and ":" not in head


def _apply(el: LexborNode, changes: Sequence[tuple[str, str | None]]) -> None:
    for name, new in changes:
        if new is None:
            del el.attrs[name]
        else:
            el.attrs[name] = new


def _names_a_day(value: str) -> bool:
    """Whether a day key is one Calendar writes for a day of this century (``encode_date_key`` of it gives
    it back): a leading zero, or a six-digit passcode naming the year 2174, is no key."""
    day = decode_date_key(value)
    return day is not None and 2000 <= day.year < 2100 and str(encode_date_key(day)) == value
