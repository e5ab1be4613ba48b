"""The sanitiser: one page in, one sanitised page and counts by kind out (spec §6.2).

Order matters and is fixed: structure first (what runs or fetches goes), then one walk of the page
into text runs, context rules that read neighbours (receipt labels, redaction, display names), then
every attribute and every text through the value rules, CSS through the neutraliser, and last the
seeded secrets. ``sanitize_page`` then runs the safety net (``safety.py``) over the output.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

from attest_kit.errors import BadInput
from sanitize import emails, strip, values
from sanitize.css import neutralise_css
from sanitize.faker import Faker
from sanitize.memo import DecisionCache, PassMemo
from sanitize.model import TextRun, Walk, subtree_ids, walk
from sanitize.people import NameRules, fake_display_names, learn_from_elements
from sanitize.receipts import PAYMENT_WORDS, LabelledValues, apply_table_rows, apply_text_labels
from sanitize.seeds import Seed, as_seeds, existing_seeds, inject_seeds
from sanitize.urls import cut_addresses, cut_link, drop_queries, page_host_of

@dataclass
class SanitizeResult:
    html: str
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class Options:
    page_host: str
    names: tuple[str, ...] = ()
    redact_selectors: tuple[str, ...] = ()
    keep_selectors: tuple[str, ...] = ()
    seeds: tuple[Seed, ...] = ()
    #: Value rules only (``sanitize.refake``): amounts, cards and endings, phones, streets, address
    #: blocks, labelled ids, Meet codes, attribute UUIDs. Nothing is stripped, cut, learned,
    #: redacted or injected; emails, names, phrases and the seeded secrets stay as they are.
    values_only: bool = False

    @property
    def calendar(self) -> bool:
        return self.page_host == "calendar.google.com"


def _css(tree: LexborHTMLParser, selectors: Sequence[str], what: str) -> list[LexborNode]:
    out: list[LexborNode] = []
    for sel in selectors:
        try:
            out.extend(tree.css(sel))
        except Exception as exc:  # selectolax raises its own error types for a bad selector
            raise BadInput(None, f"bad {what} selector {sel!r}: {exc}") from None
    return out


class Cleaner:
    """One pass of the rules over one page, with the capture's faker.

    ``memo`` is shared by the passes of one ``sanitize_page`` call (see ``memo.py``): the first pass
    records the strings it left unchanged, the second pass reuses them when its state allows.
    """

    def __init__(self, faker: Faker, opts: Options, memo: PassMemo | None = None) -> None:
        self.faker = faker
        self.opts = opts
        self.counts: dict[str, int] = {}
        self.names = NameRules(faker, opts.names)
        self.labelled = LabelledValues(faker)
        self.redacted: dict[str, str] = {}
        self._redact_re: re.Pattern[str] | None = None
        self.cache = DecisionCache(self, memo)
        self._meet_word: dict[str, bool] = {}
        self._no_meet: set[str | None] = set()  # attribute values known not to name Meet

    def bump(self, kind: str, n: int = 1) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + n

    # -- the value rules, shared by text and attributes ------------------------------------------
    def fake_email(self, address: str) -> str:
        local, _, domain = address.partition("@")
        if not domain:
            return self.faker.email(address)
        self.bump("email")
        return emails.fake_address(self.faker, local, domain).fake

    def values(self, text: str, *, keep: bool, meet: bool, uuid: bool, singles: Sequence[str] = ()) -> str:
        c = self.counts
        if self.opts.values_only:
            return self._value_rules(text, meet=meet, uuid=uuid)
        if "?" in text or "#" in text or "%3" in text:
            text = drop_queries(text)
        if "/" in text:
            text = cut_addresses(text, self.opts.page_host)
        if len(text) >= 16:
            text = emails.fake_base64(self.faker, text, c)
        if "@" in text or "%40" in text:
            text = emails.fake_percent(self.faker, text, c)
            text, found_singles = fake_display_names(text, self.faker, self.names, c)
            text = emails.fake_plain(self.faker, text, c)
            singles = [*singles, *found_singles]
        if not keep:
            text = self.names.apply(text, c)
            if self._redact_re is not None:
                text = self._redact_re.sub(self._redact_one, text)
            for single in singles:
                text = re.sub(rf"(?<![\w]){re.escape(single)}(?![\w])", self.names.fake(single), text)
        text = self.labelled.replace_everywhere(text)
        text = values.fake_numbers(self.faker, text, c)
        if meet or self.opts.calendar:
            text = values.fake_meet(self.faker, text, c)
        if uuid:
            text = values.fake_uuids(self.faker, text, c)
        return values.neutralise_at(text, c)

    def _value_rules(self, text: str, *, meet: bool, uuid: bool) -> str:
        text = self.labelled.replace_everywhere(text)
        text = values.fake_numbers(self.faker, text, self.counts)
        if meet or self.opts.calendar:
            text = values.fake_meet(self.faker, text, self.counts)
        if uuid:
            text = values.fake_uuids(self.faker, text, self.counts)
        return text

    def _redact_one(self, m: re.Match[str]) -> str:
        self.bump("redacted")
        return self.faker.phrase(" ".join(m.group(0).split()))

    # -- passes -----------------------------------------------------------------------------------
    def redact(self, w: Walk, targets: list[LexborNode], keep_ids: set[int]) -> set[int]:
        """--redact-selector: every text inside becomes a fake phrase; the text is remembered."""
        ids = subtree_ids(targets)
        for run in w.runs:
            if run.nodes[0].mem_id in ids:
                text = run.new if run.new is not None else run.text
                core = " ".join(text.split())
                if not core:
                    continue
                lead = text[: len(text) - len(text.lstrip())]
                trail = text[len(text.rstrip()) :]
                run.new = lead + self.faker.phrase(core) + trail
                self.bump("redacted")
                if len(core) >= 3 and any(ch.isalnum() for ch in core) and not self.faker.is_issued("phrase", core):
                    self.redacted[core] = run.new
        if self.redacted:
            alts = sorted(self.redacted, key=len, reverse=True)
            self._redact_re = re.compile(
                r"(?<![\w])(?:" + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in alts) + r")(?![\w])"
            )
        return ids

    def rule_state(self) -> tuple[list[str], dict[str, str], dict[str, str]]:
        """What the decision cache checks its fixed points against (see ``memo.DecisionCache``)."""
        return self.names.learned, self.labelled.fakes, self.redacted

    def _attribute(self, tag: str, name: str, value: str, input_type: str | None, keep: bool, meet: bool,
                   scoped: tuple[str, ...]) -> str | None:
        """The kept value of one attribute (None: drop it)."""
        action = strip.attribute_action(tag, name, value, {"type": input_type} if input_type else {})
        if self.opts.values_only and action != "text":
            return value  # a committed page: links, CSS and the rest were settled by its capture
        if action == "keep":
            return values.neutralise_at(value, self.counts) if name == "class" and "@" in value else value
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
            return values.neutralise_at(new, self.counts)
        if action == "css":
            new, n = neutralise_css(value)
            if n:
                self.bump("css-url", n)
            return values.neutralise_at(new, self.counts)
        return self.values(value, keep=keep, meet=meet, uuid=not name.lower().startswith("data-legacy-"), singles=scoped)

    def _names_meet(self, value: str) -> bool:
        hit = self._meet_word.get(value)
        if hit is None:
            hit = self._meet_word[value] = "meet" in value.lower()
        return hit

    def clean_attributes(self, el: LexborNode, tag: str, attrs: dict[str, str | None], keep: bool,
                         scoped: Sequence[str]) -> None:
        if not attrs:
            return
        meet = self.opts.calendar
        if not meet:
            vals = attrs.values()
            if not self._no_meet.issuperset(vals):  # C-speed for the values seen before
                meet = any("meet" in v.lower() for v in vals if v)
                if not meet:
                    self._no_meet.update(vals)
        input_type = (attrs.get("type") or "").lower() if tag == "input" else None
        ctx = (tag, input_type, keep, meet, tuple(scoped))
        cache = self.cache.attrs
        counts = self.counts
        changes: list[tuple[str, str | None]] = []
        for name, value in attrs.items():
            value = value or ""
            key = (ctx, name, value)
            hit = cache.get(key)
            if hit is not None:  # the common case, inlined
                new = hit[0]
                for kind, n in hit[1]:
                    counts[kind] = counts.get(kind, 0) + n
            else:
                new = self.cache.counted(
                    cache, key, value,
                    lambda: self._attribute(tag, name, value, input_type, keep, meet, ctx[4]),
                )
                counts = self.counts
            if new != value:
                changes.append((name, new))
        for name, new in changes:
            if new is None:
                del el.attrs[name]
            else:
                el.attrs[name] = new

    def text_values(self, text: str, keep: bool, meet: bool, scoped: tuple[str, ...]) -> str:
        key = (text, keep, meet, scoped)
        hit = self.cache.texts.get(key)
        if hit is not None:
            for kind, n in hit[1]:
                self.counts[kind] = self.counts.get(kind, 0) + n
            return hit[0]
        return self.cache.counted(
            self.cache.texts, key, text,
            lambda: self.values(text, keep=keep, meet=meet, uuid=False, singles=scoped),
        )

    def _text_meet(self, run: TextRun, text: str) -> bool:
        """Spec §6.2: a Meet code is faked wherever a text or label names Meet: the text itself or
        its own element's attributes (aria-label, title), never a neighbouring text."""
        if "-" not in text:
            return False  # no Meet-shaped code can stand in it (the rules add no '-')
        if self._names_meet(text):
            return True
        parent = run.parent
        return parent is not None and any(self._names_meet(v) for v in parent.attributes.values() if v)

    def clean_run(self, run: TextRun, keep: bool, scoped: tuple[str, ...]) -> None:
        text = run.new if run.new is not None else run.texts[0] if len(run.texts) == 1 else run.text
        if len(run.nodes) > 1 and self.labelled.fakes:
            text = self.labelled.replace_everywhere(text)
        meet = self._text_meet(run, text)
        if len(run.nodes) == 1:
            new = self.text_values(text, keep, meet, scoped)
            if new != run.texts[0]:
                run.nodes[0].replace_with(new)
            return
        # a <wbr>-split run: rules apply per piece; a same-length rewrite keeps the split points
        if len(text) == len(run.text):
            pieces, pos = [], 0
            for t in run.texts:
                pieces.append(text[pos : pos + len(t)])
                pos += len(t)
        else:
            pieces = [text] + [""] * (len(run.texts) - 1)
        for node, old, piece in zip(run.nodes, run.texts, pieces, strict=True):
            new = self.text_values(piece, keep, meet, scoped)
            if new != old:
                node.replace_with(new)

    def run(self, html: str, tree: LexborHTMLParser | None = None) -> str:
        """Clean ``html`` (or ``tree``, its parse, which this changes) and return the page."""
        tree = tree if tree is not None else LexborHTMLParser(html)
        if tree.root is None:
            raise BadInput(None, "page did not parse as HTML")
        if self.opts.values_only:
            return self._run_values(tree)
        payment_rows = strip.payment_image_rows(tree, PAYMENT_WORDS)
        strip.remove_comments(tree.root, self.counts)
        strip.remove_active_elements(tree, self.counts)
        strip.remove_secret_meta(tree, self.counts)
        strip.remove_href_animations(tree, self.counts)
        seeded_ids = existing_seeds(tree, list(self.opts.seeds), self.counts)
        keep_ids = subtree_ids(_css(tree, self.opts.keep_selectors, "keep"))
        redact_targets = _css(tree, self.opts.redact_selectors, "redact")
        w = walk(tree.root)
        scoped = learn_from_elements(w, keep_ids, self.faker, self.names)
        apply_table_rows(w, self.labelled, self.faker, self.counts, payment_rows)
        apply_text_labels(w, self.labelled, self.counts)
        self.redact(w, redact_targets, keep_ids)
        self.cache.seed()
        no_scope: tuple[str, ...] = ()
        for el, tag, attrs in zip(w.elements, w.tags, w.attrs):
            mid = el.mem_id
            if mid in seeded_ids:
                continue
            sc = scoped.get(mid)
            self.clean_attributes(el, tag, attrs, mid in keep_ids, no_scope if sc is None else tuple(sc))
        for run in w.runs:
            mid = run.nodes[0].mem_id
            if mid in seeded_ids:
                continue
            sc = scoped.get(mid)
            self.clean_run(run, mid in keep_ids, no_scope if sc is None else tuple(sc))
        for node in w.styles:
            old = node.text_content or ""
            new, n = neutralise_css(old, stylesheet=True)
            new = values.neutralise_at(new, self.counts)
            if n:
                self.bump("css-url", n)
            if new != old:
                node.replace_with(new)
        inject_seeds(tree, list(self.opts.seeds), self.counts)
        self.cache.seal()
        return tree.html or ""


    def _run_values(self, tree: LexborHTMLParser) -> str:
        """The value rules alone over a committed page (``Options.values_only``): the same context
        rules and value rules as a capture, the seeded secrets' subtrees left alone."""
        seeded_ids = subtree_ids(tree.css("[data-attest-seeded]"))
        payment_rows = strip.payment_image_rows(tree, PAYMENT_WORDS)
        w = walk(tree.root)
        apply_table_rows(w, self.labelled, self.faker, self.counts, payment_rows)
        apply_text_labels(w, self.labelled, self.counts)
        no_scope: tuple[str, ...] = ()
        for el, tag, attrs in zip(w.elements, w.tags, w.attrs):
            if el.mem_id not in seeded_ids:
                self.clean_attributes(el, tag, attrs, True, no_scope)
        for run in w.runs:
            if run.nodes[0].mem_id not in seeded_ids:
                self.clean_run(run, True, no_scope)
        return tree.html or ""


def clean(html: str, faker: Faker, opts: Options, memo: PassMemo | None = None,
          tree: LexborHTMLParser | None = None) -> SanitizeResult:
    """One pass of every rule; ``sanitize_page`` adds the safety net around it. ``tree``, when given,
    is the parse of ``html`` (the safety net has one already) and is changed in place."""
    cleaner = Cleaner(faker, opts, memo)
    out = cleaner.run(html, tree)
    return SanitizeResult(out, dict(sorted(cleaner.counts.items())))


def sanitize_page(
    html: str,
    *,
    page_url: str,
    key: bytes,
    names: Sequence[str] = (),
    redact_selectors: Sequence[str] = (),
    keep_selectors: Sequence[str] = (),
    seeded: Sequence[str | dict[str, str] | Seed] = (),
    faker: Faker | None = None,
) -> SanitizeResult:
    """Sanitise one page (spec §6.2) and check the result (idempotent, parser-stable).

    ``seeded`` holds the seeded secrets: {"id","value"} entries as in fixtures/secrets/seeded.json
    (bare strings are taken as values with ids seed-1, seed-2, ...). Pass ``faker`` to share one
    capture's fakes across several pages.
    """
    from sanitize.safety import ensure_safe

    opts = Options(
        page_host=page_host_of(page_url),
        names=tuple(names),
        redact_selectors=tuple(redact_selectors),
        keep_selectors=tuple(keep_selectors),
        seeds=tuple(as_seeds(seeded)),
    )
    faker = faker or Faker(key)
    memo = PassMemo()
    with _gc_paused():
        first = clean(html, faker, opts, memo)
        return ensure_safe(first, lambda h, tree: clean(h, faker, opts, memo, tree))


@contextmanager
def _gc_paused() -> Iterator[None]:
    """The passes hold one Python object per node, attribute dict and text run (hundreds of
    thousands on a big page) and create no reference cycles of note: the cyclic collector, run
    again and again over that growing heap, cost a third of the time. Paused, then restored."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
