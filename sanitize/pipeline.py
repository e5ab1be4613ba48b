"""The sanitiser: one page in, one sanitised page and counts by kind out (spec §6.2).

Order matters and is fixed: structure first (what runs or fetches goes), then one walk of the page
into text runs, context rules that read neighbours (receipt labels, redaction, display names), then
every attribute and every text through the value rules, CSS through the neutraliser, and last the
seeded secrets. ``sanitize_page`` then runs the safety net (``safety.py``) over the output.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

from attest_kit.errors import BadInput
from sanitize import emails, strip, values
from sanitize.css import neutralise_css
from sanitize.faker import Faker, is_fake_name
from sanitize.model import TextRun, Walk, subtree_ids, walk
from sanitize.people import NOT_NAMES, NameRules, fake_display_names, keeps_display_name
from sanitize.receipts import PAYMENT_WORDS, LabelledValues, apply_table_rows, apply_text_labels
from sanitize.seeds import Seed, as_seeds, existing_seeds, inject_seeds
from sanitize.urls import cut_addresses, cut_link, drop_queries, page_host_of

#: Attributes of an element carrying an email that hold the person's name.
NAME_ATTRS = ("name", "title", "aria-label", "data-name", "data-tooltip", "alt")
_MEET_WORD = re.compile(r"meet", re.I)


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
    """One pass of the rules over one page, with the capture's faker."""

    def __init__(self, faker: Faker, opts: Options) -> None:
        self.faker = faker
        self.opts = opts
        self.counts: dict[str, int] = {}
        self.names = NameRules(faker, opts.names)
        self.labelled = LabelledValues(faker)
        self.redacted: dict[str, str] = {}
        self._redact_re: re.Pattern[str] | None = None
        self._attr_cache: dict[tuple, tuple] = {}
        self._text_cache: dict[tuple, tuple] = {}

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

    def _redact_one(self, m: re.Match[str]) -> str:
        self.bump("redacted")
        return self.faker.phrase(" ".join(m.group(0).split()))

    # -- passes -----------------------------------------------------------------------------------
    def learn_from_elements(self, w: Walk, keep_ids: set[int]) -> dict[int, list[str]]:
        """Display names on elements that carry an email; returns element-scoped one-word names."""
        scoped: dict[int, list[str]] = {}
        for el in w.elements:
            attrs = el.attributes
            address = next((v for v in attrs.values() if v and "@" in v and emails.EMAIL.search(v)), None)
            if address is None:
                continue
            m = emails.EMAIL.search(address)
            assert m is not None
            result = emails.fake_address(self.faker, m.group(1), m.group(2))
            for key in NAME_ATTRS:
                name = (attrs.get(key) or "").strip()
                if not name or "@" in name or name.lower() in NOT_NAMES or is_fake_name(name):
                    continue
                if keeps_display_name(name, m.group(1), result, self.names) or el.mem_id in keep_ids:
                    continue
                if len(name.split()) > 1:
                    self.names.learn(name)
                else:
                    for d in el.traverse(include_text=True):
                        scoped.setdefault(d.mem_id, []).append(name)
        return scoped

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

    def _counted(self, cache: dict, key: tuple, compute) -> object:
        """Memoise one rule decision with the counts it made: a Gmail page repeats the same style,
        title and label strings thousands of times, and the fakes are fixed within a capture."""
        hit = cache.get(key)
        if hit is None:
            saved, self.counts = self.counts, {}
            try:
                result = compute()
            finally:
                delta, self.counts = self.counts, saved
            hit = (result, tuple(delta.items()))
            cache[key] = hit
        for kind, n in hit[1]:
            self.counts[kind] = self.counts.get(kind, 0) + n
        return hit[0]

    def _attribute(self, tag: str, name: str, value: str, input_type: str | None, keep: bool, meet: bool,
                   scoped: tuple[str, ...]) -> str | None:
        """The kept value of one attribute (None: drop it)."""
        action = strip.attribute_action(tag, name, value, {"type": input_type} if input_type else {})
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

    def clean_attributes(self, el: LexborNode, keep: bool, scoped: Sequence[str]) -> None:
        tag = el.tag or ""
        attrs = el.attributes
        if not attrs:
            return
        meet = self.opts.calendar or "meet" in " ".join(v for v in attrs.values() if v).lower()
        input_type = (attrs.get("type") or "").lower() if tag == "input" else None
        scoped_t = tuple(scoped)
        changes: dict[str, str | None] = {}
        for name, value in attrs.items():
            value = value or ""
            key = (tag, name, value, input_type, keep, meet, scoped_t)
            new = self._counted(
                self._attr_cache, key, lambda: self._attribute(tag, name, value, input_type, keep, meet, scoped_t)
            )
            if new != value:
                changes[name] = new
        for name, new in changes.items():
            if new is None:
                del el.attrs[name]
            else:
                el.attrs[name] = new

    def text_values(self, text: str, keep: bool, meet: bool, scoped: Sequence[str]) -> str:
        scoped_t = tuple(scoped)
        return self._counted(
            self._text_cache, (text, keep, meet, scoped_t),
            lambda: self.values(text, keep=keep, meet=meet, uuid=False, singles=scoped_t),
        )

    def clean_run(self, w: Walk, i: int, run: TextRun, keep: bool, scoped: Sequence[str]) -> None:
        text = run.new if run.new is not None else run.text
        if len(run.nodes) > 1 and self.labelled.fakes:
            text = self.labelled.replace_everywhere(text)
        prev = w.runs[i - 1].text if i else ""
        parent = run.parent
        meet = "-" in text and (
            "meet" in text.lower()
            or "meet" in prev.lower()
            or (parent is not None and "meet" in " ".join(v for v in parent.attributes.values() if v).lower())
        )
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

    def run(self, html: str) -> str:
        tree = LexborHTMLParser(html)
        if tree.root is None:
            raise BadInput(None, "page did not parse as HTML")
        payment_rows = strip.payment_image_rows(tree, PAYMENT_WORDS)
        strip.remove_comments(tree.root, self.counts)
        strip.remove_active_elements(tree, self.counts)
        strip.remove_secret_meta(tree, self.counts)
        strip.remove_href_animations(tree, self.counts)
        seeded_ids = existing_seeds(tree, list(self.opts.seeds), self.counts)
        keep_ids = subtree_ids(_css(tree, self.opts.keep_selectors, "keep"))
        redact_targets = _css(tree, self.opts.redact_selectors, "redact")
        w = walk(tree.root)
        scoped = self.learn_from_elements(w, keep_ids)
        apply_table_rows(w, self.labelled, self.faker, self.counts, payment_rows)
        apply_text_labels(w, self.labelled, self.counts)
        self.redact(w, redact_targets, keep_ids)
        no_scope: list[str] = []
        for el in w.elements:
            mid = el.mem_id
            if mid in seeded_ids:
                continue
            self.clean_attributes(el, mid in keep_ids, scoped.get(mid, no_scope))
        for i, run in enumerate(w.runs):
            mid = run.nodes[0].mem_id
            if mid in seeded_ids:
                continue
            self.clean_run(w, i, run, mid in keep_ids, scoped.get(mid, no_scope))
        for node in w.styles:
            old = node.text_content or ""
            new, n = neutralise_css(old, stylesheet=True)
            new = values.neutralise_at(new, self.counts)
            if n:
                self.bump("css-url", n)
            if new != old:
                node.replace_with(new)
        inject_seeds(tree, list(self.opts.seeds), self.counts)
        return tree.html or ""


def clean(html: str, faker: Faker, opts: Options) -> SanitizeResult:
    """One pass of every rule; ``sanitize_page`` adds the safety net around it."""
    cleaner = Cleaner(faker, opts)
    out = cleaner.run(html)
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
    first = clean(html, faker, opts)
    return ensure_safe(first, lambda h: clean(h, faker, opts))
