"""The sanitiser: one page in, one sanitised page and counts by kind out (spec §6.2).

Order matters and is fixed: structure first (what runs or fetches goes), then one walk of the page
into text runs, context rules that read neighbours (receipt labels, redaction, display names), then
every attribute and every text through the value rules, CSS through the neutraliser, and last the
seeded secrets. ``sanitize_page`` then runs the safety net (``safety.py``) over the output.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

from attest_kit.errors import BadInput, BadOption
from attest_kit.vendors import VENDOR_HOSTS
from sanitize import emails, strip, values
from sanitize.css import map_strings, neutralise_css
from sanitize.faker import Faker
from sanitize.memo import DecisionCache, PassMemo
from sanitize.model import Walk, subtree_ids, walk
from sanitize.display_names import fake_display_names
from sanitize.name_forms import ENCODED_BYTE, decoded_route_text, route_spellings
from sanitize.people import NameRules
from sanitize.people_elements import learn_from_elements
from sanitize.receipts import (
    PAYMENT_WORDS,
    LabelledValues,
    apply_table_rows,
    apply_text_labels,
    fake_card_endings,
)
from sanitize.scripts import CJK, WORD_NOT_CJK
from sanitize.search_routes import fake_search_route
from sanitize.seeds import Seed, as_seeds, existing_seeds, inject_seeds
from sanitize.urls import cut_addresses, drop_queries, page_host_of
from sanitize.valuepass import ValuePass


@dataclass
class SanitizeResult:
    html: str
    counts: dict[str, int] = field(default_factory=dict)
    #: The --redact-selector and --keep-selector options that matched no element ("--redact-selector '.x'").
    unmatched: list[str] = field(default_factory=list)


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
        return self.page_host == VENDOR_HOSTS["gcal"]


def check_selector_options(redact_selectors: Sequence[str], keep_selectors: Sequence[str]) -> None:
    """BadOption naming the option when a ``--redact-selector`` or ``--keep-selector`` value is no CSS
    selector lexbor reads.

    The value is the user's option, not the page: a usage error (exit 2, as Click's own are), told
    before any work is done, so ``capture`` checks it before it attaches to the browser.
    """
    probe = LexborHTMLParser("<p></p>")
    for option, selectors in (("--redact-selector", redact_selectors), ("--keep-selector", keep_selectors)):
        for sel in selectors:
            try:
                probe.css(sel)
            except Exception as exc:  # selectolax raises its own error types for a bad selector
                raise BadOption(f"{option} {sel!r} is not a CSS selector: {exc}") from None


def _css(tree: LexborHTMLParser, selectors: Sequence[str], what: str, unmatched: list[str]) -> list[LexborNode]:
    """Every element the selectors match; each selector that matches none is added to ``unmatched``."""
    out: list[LexborNode] = []
    for sel in selectors:
        try:
            found = tree.css(sel)
        except Exception as exc:  # sanitize_page checked the options first; kept so no caller sees a traceback
            raise BadOption(f"--{what}-selector {sel!r} is not a CSS selector: {exc}") from None
        if not found:
            unmatched.append(f"--{what}-selector {sel!r}")
        out.extend(found)
    return out


#: What a cell draws around a text it shows (" - snippet", "subject · "), not part of the text.
_CELL_SEPARATORS = " -\u2013\u2014\u00b7|:,"


class Cleaner(ValuePass):
    """One pass of the rules over one page, with the capture's faker.

    ``memo`` is shared by the passes of one ``sanitize_page`` call (see ``memo.py``): the first pass
    records the strings it left unchanged, the second pass reuses them when its state allows.
    """

    def __init__(self, faker: Faker, opts: Options, memo: PassMemo | None = None) -> None:
        self.faker = faker
        self.opts = opts
        self.counts: dict[str, int] = {}
        self.unmatched: list[str] = []
        self.names = NameRules(faker, opts.names)
        self.labelled = LabelledValues(faker, memo.labelled_unchanged if memo is not None else None)
        self.redacted: dict[str, str] = {}
        self._redact_re: re.Pattern[str] | None = None
        self._redact_encoded_re: re.Pattern[str] | None = None  # with the texts percent-encoded too (``redact``)
        self._redacted_as_written: dict[str, str] = {}  # lower case → the text as a target wrote it
        self.cache = DecisionCache(self, memo)
        self._meet_word: dict[str, bool] = memo.meet_word if memo is not None else {}
        self._no_meet: set[str | None] = memo.no_meet if memo is not None else set()  # values not naming Meet
        self._no_address: set[str | None] = memo.no_address if memo is not None else set()
        self._crossing: dict[tuple[tuple[str, ...], frozenset[str] | None], tuple[str, ...]] = (
            memo.crossing if memo is not None else {})

    def bump(self, kind: str, n: int = 1) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + n

    # -- the value rules, shared by text and attributes ------------------------------------------
    def fake_email(self, address: str) -> str:
        local, _, domain = address.partition("@")
        if not domain:
            return self.faker.email(address)
        self.bump("email")
        return emails.fake_address(self.faker, local, domain).fake

    def values(self, text: str, *, keep: bool, meet: bool, uuid: bool, singles: Sequence[str] = (),
               endings: bool = False) -> str:
        """Every value rule over one text or attribute value; ``endings``: an attribute, where the text
        rules' inline card endings (``receipts.apply_text_labels``) are read here."""
        c = self.counts
        if endings:
            text = fake_card_endings(self.faker, text, c, uuids=uuid)
        if self.opts.values_only:
            return self._value_rules(text, meet=meet, uuid=uuid)
        if "?" in text or "#" in text or "%3" in text:
            text = drop_queries(text)
        if "/" in text or ":\\" in text:  # "https:\\h\p" is an address too (urls._SLASHED)
            text = cut_addresses(text, self.opts.page_host)
        if len(text) >= 16:
            text = emails.fake_base64(self.faker, text, c)
        if "@" in text or "%40" in text or "\uff20" in text:
            text = emails.fake_percent(self.faker, text, c)
            text, found_singles = fake_display_names(text, self.faker, self.names, c)
            text = emails.fake_plain(self.faker, text, c)
            text = emails.fake_wide(self.faker, text, c)
            singles = [*singles, *found_singles]
        if emails.may_spell_out(text):  # a spelled-out @: "(at)", "[AT]", "{@}", "（at）"
            # a one-word display name beside one ("Ada <ada(at)corp.io>"), read as beside a written @
            singles = [*singles, *fake_display_names(emails.spelled_as_plain(text), self.faker, self.names, {})[1]]
            text = emails.fake_spelled_out(self.faker, text, c)
        if not keep:
            text = self.names.apply(text, c)
            if self._redact_re is not None:
                redact_re = self._redact_encoded_re if self._redact_encoded_re is not None and "%" in text else self._redact_re
                text = redact_re.sub(self._redact_one, text)
            for single in singles:
                text = re.sub(_single_name(single), self.names.fake(single), text)
        text = self.labelled.replace_everywhere(text)
        text = self._numbers(text, uuid)
        if meet or self.opts.calendar:
            text = values.fake_meet(self.faker, text, c)
        if uuid:
            text = values.fake_uuids(self.faker, text, c)
        return values.neutralise_at(text, c)

    def _css_strings(self, css: str, keep: bool) -> str:
        """The value rules over a stylesheet's strings (``css.map_strings``). A name learned in one of
        them ("Ada Quorn (ada@…)") is faked in the strings before it too: read again from the start."""
        counts, learned = dict(self.counts), len(self.names.learned)

        def rules(body: str) -> str:
            return self.values(body, keep=keep, meet=self._names_meet(body), uuid=False)

        out = map_strings(css, rules)
        if len(self.names.learned) != learned:
            self.counts.clear()
            self.counts.update(counts)
            out = map_strings(css, rules)
        return out

    def learn_display_names(self, w: Walk, only: Iterable[int] | None = None) -> None:
        """Names written beside an address ("Ada Quorn <ada@…>", "Ada Quorn (ada@…)") in any text (or
        the runs ``only`` names), learned before any value is faked (``learn_from_elements`` does the same
        for attributes): the value rules learn one only on reaching it, so every use before it (a greeting
        above a quoted header) kept the name."""
        runs = w.runs
        for run in runs if only is None else (runs[i] for i in only):
            text = run.new if run.new is not None else run.texts[0] if len(run.texts) == 1 else run.text
            if "@" in text or "\uff20" in text:
                fake_display_names(text, self.faker, self.names, {})
            if emails.may_spell_out(text):  # "Ada Quorn <ada(at)corp.io>": learned as beside a written @
                fake_display_names(emails.spelled_as_plain(text), self.faker, self.names, {})

    def _value_rules(self, text: str, *, meet: bool, uuid: bool) -> str:
        text = self._numbers(self.labelled.replace_everywhere(text), uuid)
        if meet or self.opts.calendar:
            text = values.fake_meet(self.faker, text, self.counts)
        if uuid:
            text = values.fake_uuids(self.faker, text, self.counts)
        return text

    def _numbers(self, text: str, uuid: bool) -> str:
        """The number rules (``values.fake_numbers``); a search's words, encoded in its route, read decoded."""
        c = self.counts
        if "#search/" in text:
            return fake_search_route(text, lambda part: values.fake_numbers(self.faker, part, c, uuids=uuid))
        return values.fake_numbers(self.faker, text, c, uuids=uuid)

    def _redact_one(self, m: re.Match[str]) -> str:
        """A copy of a redacted text, in any case (a subject is shouted in a chip or lower-cased in a
        title as often as not): the fake of the text as the target wrote it, as it is. Not re-cased:
        ``refake-people`` finds a phrase by its shape (a capitalised pool word, then lower-case ones),
        and an old fake it cannot find would confirm a guess at the old key."""
        self.bump("redacted")
        written = m.group(0)
        joiner = None
        if ENCODED_BYTE.search(written):  # percent-encoded in a route: the text it encodes, the fake's words joined
            joiner = "+" if "+" in written else "%20"
            found = " ".join(decoded_route_text(written.replace("+", " ")).split())
        else:
            if " ".join(written.split()).lower() not in self._redacted_as_written and not any(ch.isspace() for ch in written):
                joiner = "+" if "+" in written else "%20" if "%20" in written else None  # a literal "Q3+Q4" is the text
            found = " ".join(written.replace("%20", " ").replace("+", " ").split()) if joiner else " ".join(written.split())
        fake = self.faker.phrase(self._redacted_as_written.get(found.lower(), found))
        # in a route or a query the words are joined as the address joins them ("Kiln+repair+quote")
        return fake.replace(" ", joiner) if joiner else fake

    # -- passes -----------------------------------------------------------------------------------
    def redact(self, w: Walk, targets: list[LexborNode], keep_ids: set[int]) -> set[int]:
        """--redact-selector: every text inside becomes a fake phrase; the text is remembered."""
        ids = subtree_ids(targets)
        for run in w.runs if ids else ():  # no target: no text node's id needs reading
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
                    # and as the page wrote it, where a label rule faked an id in it first: a copy elsewhere
                    # that no label names reads so (one phrase for both: the written form maps to ``core``)
                    written = " ".join(run.text.split())
                    if written != core and len(written) >= 3:
                        self.redacted[written] = run.new
                        self._redacted_as_written.setdefault(written.lower(), core)
                    # and without the separators a cell draws around it: Gmail's snippet cell reads
                    # " - snippet", its hidden row summary the snippet alone
                    bare = core.strip(_CELL_SEPARATORS)
                    if bare != core and len(bare) >= 3 and any(ch.isalnum() for ch in bare):
                        self.redacted[bare] = run.new
        if self.redacted:
            alts = sorted(self.redacted, key=len, reverse=True)
            for a in alts:
                self._redacted_as_written.setdefault(a.lower(), a)
            self._redact_re = re.compile("|".join(_redacted_copy(a) for a in alts), re.I)
            # and percent-encoded, as a search's route writes a text beyond ASCII (``_redact_one`` reads it decoded),
            # read in a text holding a "%" only, as ``NameRules._compiled`` reads the names
            encoded = {form for a in alts for form in route_spellings(a)}
            copies = sorted({*alts, *encoded}, key=len, reverse=True)
            self._redact_encoded_re = re.compile("|".join(_redacted_copy(a) for a in copies), re.I) if encoded else None
        return ids

    def rule_state(self) -> tuple[list[str], dict[str, str], dict[str, str]]:
        """What the decision cache checks its fixed points against (see ``memo.DecisionCache``)."""
        return self.names.learned, self.labelled.fakes, self.redacted

    def run(self, html: str, tree: LexborHTMLParser | None = None) -> str:
        """Clean ``html`` (or ``tree``, its parse, which this changes) and return the page."""
        # parsed as a browser that runs scripts parses it (a live tab does): a <noscript>'s content is
        # one text the strip removes with it. Parsed with scripting off, a head <noscript>'s text moved
        # into <body> first, and a saved page's "Signed in as …" stayed visible. (The output holds no
        # <noscript>, so the safety net's parses read it the same either way.)
        tree = tree if tree is not None else LexborHTMLParser(html, scripting=True)
        if tree.root is None:
            raise BadInput(None, "page did not parse as HTML")
        if self.opts.values_only:
            return self._run_values(tree)
        payment_rows = strip.strip_page(tree, html if html else None, self.counts, PAYMENT_WORDS)
        seeded_ids = existing_seeds(tree, list(self.opts.seeds), self.counts)
        keep_ids = subtree_ids(_css(tree, self.opts.keep_selectors, "keep", self.unmatched))
        redact_targets = _css(tree, self.opts.redact_selectors, "redact", self.unmatched)
        w = walk(tree.root)
        scoped = learn_from_elements(w, keep_ids, self.faker, self.names, self._no_address)
        # names beside an address in a text, known before the join: a highlight may cut another use of one
        self.learn_display_names(w)
        # before the context rules: one of them may replace a piece of a split value whole ("Billing
        # address: ada@" and "<b>corp</b>.io"), and the rest of the value would stay as it is
        # a --redact-selector target's texts are not joined: the target's text as written is what is
        # replaced elsewhere on the page ("Call 415" of "Call 415<span>-555-0199</span>")
        redact_ids = subtree_ids(redact_targets) if redact_targets else set()
        unjoined = seeded_ids | redact_ids if redact_ids else seeded_ids
        joined = self.join_split_values(w, unjoined, keep_ids, scoped)
        # "Ada <b>Quorn</b> <ada@…>" reads as one text only now: a name learned from it is read across
        # pieces elsewhere too ("Hi Ada <b>Quorn</b>"), by the join once more
        learned = len(self.names.learned)
        self.learn_display_names(w, joined)
        if len(self.names.learned) != learned:
            self.join_split_values(w, unjoined, keep_ids, scoped)
        apply_table_rows(w, self.labelled, self.faker, self.counts, payment_rows, redact_ids)
        apply_text_labels(w, self.labelled, self.counts, redact_ids)
        self.redact(w, redact_targets, keep_ids)
        self.cache.seed()
        self.clean_elements(w, seeded_ids, keep_ids, scoped)
        self.clean_runs(w, seeded_ids, keep_ids, scoped)
        for node in w.styles:
            old = node.text_content or ""
            new, n = neutralise_css(old, stylesheet=True)
            keep = node.mem_id in keep_ids
            # memoised whole (a stylesheet the first pass left is a fixed point the second pass reuses,
            # as any text: scanning 500 kB for its strings costs 4 ms); "css" keeps it apart from a text
            new = self.cache.counted(self.cache.texts, (new, keep, "css", ()), new,
                                     lambda css=new, keep=keep: self._css_strings(css, keep))  # type: ignore[assignment]
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
        self.join_split_values(w, seeded_ids)
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


_LETTER = WORD_NOT_CJK
_CJK_CHAR = re.compile(f"[{CJK}]")


def _redacted_copy(text: str) -> str:
    """Where a copy of a redacted text is replaced: its words apart as a text writes them, or as an address does
    ("Kiln+repair", "Kiln%20repair" in a route), between word edges or right after a route's escape
    ("#search/subject%3AKiln+repair"). A word of Chinese, Japanese or Korean glued to it leaves an edge (those
    scripts write no space between words: "件名：Kiln repair quoteについて"), and a text that starts or ends in one of
    them needs no edge there ("件名：会議の件について"; session 36: both copies were left)."""
    body = re.escape(text).replace(r"\ ", r"(?:\s+|\+|%20)")
    head = "" if _CJK_CHAR.match(text) else rf"(?:(?<!{_LETTER})|(?<=%[0-9A-Fa-f]{{2}}))"
    tail = "" if _CJK_CHAR.match(text[-1]) else rf"(?!{_LETTER})"
    return head + body + tail


def _single_name(name: str) -> str:
    """Where a one-word display name is replaced inside its element: between word edges, where a word of Chinese,
    Japanese or Korean glued to a Latin name leaves an edge ("こんにちはAda様"; session 36). A name in those scripts keeps
    the word edges (one character: inside a longer word it is another word's)."""
    head = r"(?<!\w)" if _CJK_CHAR.match(name) else f"(?<!{_LETTER})"
    tail = r"(?!\w)" if _CJK_CHAR.match(name[-1]) else f"(?!{_LETTER})"
    return head + re.escape(name) + tail


def clean(html: str, faker: Faker, opts: Options, memo: PassMemo | None = None,
          tree: LexborHTMLParser | None = None) -> SanitizeResult:
    """One pass of every rule; ``sanitize_page`` adds the safety net around it. ``tree``, when given,
    is the parse of ``html`` (the safety net has one already) and is changed in place."""
    cleaner = Cleaner(faker, opts, memo)
    out = cleaner.run(html, tree)
    cleaner.cache.release()
    return SanitizeResult(out, dict(sorted(cleaner.counts.items())), cleaner.unmatched)


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
    check_selector_options(redact_selectors, keep_selectors)
    opts = Options(
        page_host=page_host_of(page_url),
        names=tuple(names),
        redact_selectors=tuple(redact_selectors),
        keep_selectors=tuple(keep_selectors),
        seeds=tuple(as_seeds(seeded)),
    )
    faker = faker or Faker(key)
    with _gc_paused():
        return _checked(html, faker, opts)


def _checked(html: str, faker: Faker, opts: Options) -> SanitizeResult:
    """Both passes and the safety net. A function of its own so that the passes' memo and parse
    trees are freed (by reference count, see ``DecisionCache.release``) before the collector is
    re-enabled: alive then, the collection the pause deferred walked them all (150 ms on 4 MB)."""
    from sanitize.safety import ensure_safe

    memo = PassMemo()
    first = clean(html, faker, opts, memo)

    def again(h: str, tree: LexborHTMLParser) -> SanitizeResult:
        faker.own_output = True  # the second pass reads the first's output: its amounts are this faker's
        try:
            return clean(h, faker, opts, memo, tree)
        finally:
            faker.own_output = False

    return ensure_safe(first, again)


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
