"""Receipt rules (spec §6.2): values a label names in one element and writes in the next.

A pattern sees one text at a time, and receipts put the words in one element and the value in the
next, so these rules read neighbours: a table row whose first cell is the label, the next text
after a label-only element, or the words right after a label in the same text. A faked order
number or code is then replaced wherever it stands alone on the page (``LabelledValues``), also
across a <wbr>. Address blocks after an address label become a neutral phrase.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Set

from sanitize.emails import address_spans
from sanitize.faker import ADDRESS_PHRASE, Faker
from sanitize.model import TextRun, Walk, nearest_above
from sanitize.people import DISPLAY_BEFORE, name_words
from sanitize.receipt_labels import (  # noqa: F401 - some re-exported: callers and tests read them here
    ADDRESS_INLINE,
    ADDRESS_LABEL_ONLY,
    CARD_ENDING_INLINE,
    CARD_ENDING_ONLY,
    ID_LABEL_INLINE,
    ID_LABEL_ONLY,
    PAYMENT_WORDS,
    _PAYMENT_WORD,
    _ANY_LABEL,
    _DWORD,
    _HAS_DIGIT,
    _ID_LABEL_INLINE_LOWER,
    _LABEL_HINT,
    _YEAR_OR_TIME,
    _label_hint,
    may_name_card_ending,
    names_payment,
)
from sanitize.registry import total_labels
from sanitize.values import AMOUNT, LITERAL_WORDS, in_spans, pattern_spans, uuid_spans

_MAX_ADDRESS_BLOCKS = 6
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


@functools.cache
def _tokens(n: int) -> re.Pattern[str]:
    """The first ``n`` whitespace-separated tokens (and the space around them)."""
    return re.compile(r"\s*(?:\S+\s*){0,%d}" % n)


def _bump(counts: dict[str, int], kind: str) -> None:
    counts[kind] = counts.get(kind, 0) + 1


class SpanMemo:
    """``values.pattern_spans`` of the last text read, carried over the labelled fakes that cannot move its spans.

    A text with hundreds of id labels is faked label by label, and each label's words must be read
    against the spans of the text as it then stands: read afresh each time, a 1 MB text with 500
    labels was scanned 500 times (n^2). A fake keeps each digit a digit and each letter a letter of
    the same case, and the pattern rules read only classes of characters, except a few literal words
    (``values.LITERAL_WORDS``): a fake that holds none of them, before or after, leaves every span
    where it was, so the spans are kept for the new text. Any other fake has them read again.
    """

    def __init__(self) -> None:
        self._text: str | None = None
        self._spans: list[tuple[int, int]] = []
        self._owned_text: str | None = None
        self._owned: list[tuple[int, int]] = []

    def of(self, text: str) -> list[tuple[int, int]]:
        if self._text is None or self._text != text:
            self._text, self._spans = text, pattern_spans(text)
        return self._spans

    def owned(self, text: str) -> list[tuple[int, int]]:
        """``of(text)``, the digits of every inline card ending ("ending in 2421", "Visa 4111"), every
        address, plain or encoded, and the word a display name starts inside ("2n(ada@…)"): an id label's
        next words can be any of them, and each is its own rule's alone (faked by both, each pass faked
        the other's fake again: an ending faked as an order number then as an ending; a name's longer
        fake, "2zelda", or an encoded fake's "%40example", then read as an order number)."""
        if self._owned_text is None or self._owned_text != text:
            spans = self.of(text)
            if _HAS_DIGIT.search(text) and may_name_card_ending(text):
                spans = spans + [m.span(2) for m in CARD_ENDING_INLINE.finditer(text)]
            if "@" in text or "%40" in text:
                spans = spans + address_spans(text)
                if "<" in text or "(" in text or "[" in text:
                    spans += _glued_name_starts(text)
            self._owned_text, self._owned = text, spans
        return self._owned

    def carry(self, old: str, new: str) -> None:
        """``new`` is ``old`` with fakes that move no span: the spans read for ``old`` hold for it (a
        text with an address has its addresses and display names read again)."""
        if self._text is not None and self._text == old:
            self._text = new
        if self._owned_text is not None and self._owned_text == old and "@" not in new and "%40" not in new:
            self._owned_text = new


def _glued_name_starts(text: str) -> list[tuple[int, int]]:
    """The word a display name starts inside ("2n(ada@…)": the name "n" after "2"), from the word's
    start to the end of the name's first word: the one word holding a digit that the display-name rule
    rewrites (its fake, "2zelda", is longer), and only when the name read keeps that first word: an id
    in the words before the name ("order Q6N6G2 was shipped to Ada Quorn (…)", "1Z999…" read from its
    "Z") is the label rule's."""
    spans = []
    for m in DISPLAY_BEFORE.finditer(text):
        name = m.group(1)
        kept_whole = name.startswith('"') or name_words(name).split()[:1] == name.split()[:1]
        if kept_whole and m.start(1) > m.start() and any(ch.isdigit() for ch in text[m.start():m.start(1)]):
            word = _FIRST_WORD.match(text, m.start(1))
            spans.append((m.start(), word.end() if word else m.start(1)))
    return spans


_FIRST_WORD = re.compile(r"[^\s<(\[]*")
#: What a card ending reads literally (its words, its marks; ``x`` a letter a fake can spell): a fake
#: that holds none, before or after, cannot make or unmake an ending beside it.
_ENDING_LITERALS = re.compile(r"(?i)end|in|with|last|four|digits|visa|mastercard|amex|discover|rupay|paypal|x")


def _moves_spans(word: str, fake: str) -> bool:
    return (LITERAL_WORDS.search(word) is not None or LITERAL_WORDS.search(fake) is not None
            or not (word + fake).isascii()
            or _ENDING_LITERALS.search(word) is not None or _ENDING_LITERALS.search(fake) is not None)


class LabelledValues:
    """Order numbers and codes a label named, each replaced wherever it stands alone on the page."""

    def __init__(self, faker: Faker, unchanged: set[tuple] | None = None) -> None:
        self.faker = faker
        self.fakes: dict[str, str] = {}
        self._folded: dict[str, str] = {}  # lower case → the value as first faked (``_case_variant_fake``)
        # (text, limit, start) that ``fake_words`` left unchanged: a page repeats its labels'
        # neighbours ("Oct 6" after every "order" link). It stays unchanged: a word is left when it
        # is short, digit-less, owned by a pattern or already a fake, and the faker only ever adds
        # fakes. So passes that share one faker may share this set (``unchanged``).
        self._unchanged: set[tuple] = set() if unchanged is None else unchanged
        self.spans = SpanMemo()

    def fake_words(
        self, text: str, counts: dict[str, int], limit_tokens: int | None = None, start: int = 0,
    ) -> str:
        """Fake every word of 4+ characters with a digit in ``text[start:]`` (in its first ``limit_tokens``
        tokens), except words of a value a pattern rule fakes whole (``values.pattern_spans``) and a card
        ending's digits (``SpanMemo.owned``), read on the whole text, a <wbr>-split run joined, as the
        pattern rules read it."""
        key = (text, limit_tokens, start)
        if key in self._unchanged:
            return text
        end = len(text)
        if limit_tokens is not None:
            m = _tokens(limit_tokens).match(text, start)
            end = m.end() if m else len(text)
        head = text[start:end]
        # an amount first is a total line ("Order total $12.34"); an amount later in the text is the
        # pattern rule's (its span is owned below) and leaves the id before it to this rule
        if not _HAS_DIGIT.search(head) or AMOUNT.match(head, len(head) - len(head.lstrip(" :#\u00a0\t"))):
            self._unchanged.add(key)
            return text
        owned: list[tuple[int, int]] | None = None  # read only when a word could be faked
        moved = False  # a fake that may move a span (see ``SpanMemo``)

        def one(m: re.Match[str]) -> str:
            nonlocal owned, moved
            word = m.group(0)
            if len(word) < 4 or not any(c.isdigit() for c in word) or _YEAR_OR_TIME.fullmatch(word):
                return word
            if owned is None:
                owned = self.spans.owned(text)
            if in_spans(owned, m.start(), m.end()):
                return word
            fake = self.fake_of(word)
            if fake != word:
                self.remember(word, fake)
                moved = moved or _moves_spans(word, fake)
                _bump(counts, "labelled-id")
            return fake

        out, pos = [text[:start]], start
        for m in _DWORD.finditer(text, start, end):
            out += (text[pos : m.start()], one(m))
            pos = m.end()
        out.append(text[pos:])
        new = "".join(out)
        if new == text:
            self._unchanged.add(key)
        elif not moved:
            self.spans.carry(text, new)
        return new

    def fake_of(self, word: str) -> str:
        """The fake of a labelled value: a case variant of one faked before gets its fake in its case."""
        return self._case_variant_fake(word) or self.faker.shaped("order", word)

    def remember(self, word: str, fake: str) -> None:
        """``word`` is a labelled value faked as ``fake``: replaced wherever it stands alone, in any case."""
        self.fakes[word] = fake
        self._folded.setdefault(word.lower(), word)

    def _case_variant_fake(self, word: str) -> str | None:
        """The fake of a labelled value written in another case ("qx4t9z" after "QX4T9Z"): the value's
        fake in this copy's case, issued like any fake (the next pass leaves it); None for any other word."""
        first = self._folded.get(word.lower())
        if first is None or first == word or word in self.fakes:
            return self.fakes.get(word)
        fake = self.fakes[first]
        return self.faker.memo("order", word, lambda _stream: _in_case_of(word, fake))

    def replace_everywhere(self, text: str) -> str:
        """Each labelled value where it stands alone; a word lookup, not one pattern per value
        (a long receipt list labels thousands)."""
        if not self.fakes or not _HAS_DIGIT.search(text):
            return text
        fakes = self.fakes
        if self._folded.keys().isdisjoint(_DWORD.findall(text.lower())):
            return text
        owned = pattern_spans(text)  # a card's group is not "alone": the card rule fakes the card whole

        def one(m: re.Match[str]) -> str:
            word = m.group(0)
            fake = fakes.get(word) or self._case_variant_fake(word)
            return word if fake is None or in_spans(owned, m.start(), m.end()) else fake

        return _DWORD.sub(one, text)


def _in_case_of(word: str, fake: str) -> str:
    """``fake`` with each letter in the case of ``word``'s letter at its place (a fake keeps letters
    letters and lengths)."""
    return "".join(f.upper() if w.isupper() else f.lower() if w.islower() else f for w, f in zip(word, fake))


def _current(run: TextRun) -> str:
    return run.new if run.new is not None else run.text


def _fake_run(values: LabelledValues, run: TextRun, counts: dict[str, int]) -> None:
    if "card-ending" in run.flags:  # a payment row's lone card ending is the ending rule's (``apply_table_rows``)
        return
    cur = _current(run)
    run.new = values.fake_words(cur, counts)


def _next_runs(w: Walk, i: int, count: int) -> list[int]:
    out = []
    j = i + 1
    while j < len(w.runs) and len(out) < count:
        if w.runs[j].text.strip():
            out.append(j)
        j += 1
    return out


def _ends_address_block(text: str) -> bool:
    """A label (an id or address label, a short text ending in ":", a parser's total label, payment
    words: "Payment method", "Visa ending in 4242") or an amount: the address before it is over, and
    what follows is what the receipt observer reads."""
    return bool(
        _ANY_LABEL.fullmatch(text) or AMOUNT.search(text)
        or " ".join(text.lower().split()).rstrip(":") in total_labels() or _PAYMENT_WORD.search(text)
    )


def _address_block(w: Walk, i: int, counts: dict[str, int], tables: dict[int, int | None]) -> None:
    """Every text after an address label up to the next heading, label, table or amount (at most six)."""
    first_table = None
    for n, j in enumerate(_next_runs(w, i, _MAX_ADDRESS_BLOCKS)):
        run = w.runs[j]
        text = run.text.strip()
        if _ends_address_block(text) or "address-block" in run.flags:
            return
        parent = run.parent
        if parent is not None and (parent.tag in _HEADINGS or (parent.parent is not None and parent.parent.tag in _HEADINGS)):
            return
        table = nearest_above(run.nodes[0], "table", tables)
        if n == 0:
            first_table = table  # an address laid out in a table of its own is read in it
        elif table is not None and first_table is not None and table != first_table:
            # the next table after a block in a table ends it; after a block outside any table it does
            # not: "Ship to" and the name in divs, the street and postcode in a table (a review: the
            # early stop kept them). A receipt's item table there is over-replaced, never a total
            # (a total label or an amount ends the block first).
            return
        whole = run.text  # its white space around stays: it parts the text from an inline neighbour
        run.new = whole[: len(whole) - len(whole.lstrip())] + ADDRESS_PHRASE + whole[len(whole.rstrip()) :]
        run.flags = run.flags | {"address-block"}
        _bump(counts, "address-block")


#: What ``apply_text_labels`` does with a text, decided from the text alone (see ``_kind``).
_NONE, _ID_ONLY, _ADDRESS_ONLY, _ADDRESS_INLINE, _INLINE = range(5)


@functools.lru_cache(maxsize=1 << 16)
def _kind(text: str) -> tuple[int, str]:
    """The label reading of one text, a pure function of it, so memoised across passes and pages: a
    page repeats its label and link texts thousands of times and the second pass reads the first
    pass's texts again. (kind, the address label's prefix for ``_ADDRESS_INLINE``)."""
    if not _label_hint(text) or not text.strip():
        return _NONE, ""
    if ID_LABEL_ONLY.fullmatch(text):
        return _ID_ONLY, ""
    if ADDRESS_LABEL_ONLY.fullmatch(text):
        return _ADDRESS_ONLY, ""
    m = ADDRESS_INLINE.match(text)
    if m and not AMOUNT.search(m.group(2)):
        return _ADDRESS_INLINE, text[: m.start(2)]  # the white space before the label stays (it parts two inline texts)
    if _HAS_DIGIT.search(text):
        return _INLINE, ""
    return _NONE, ""


def inline_label_ends(text: str) -> list[int]:
    """Where each ``ID_LABEL_INLINE`` match in ``text`` ends (an ASCII text is read lower-cased)."""
    if text.isascii():
        return [m.end() for m in _ID_LABEL_INLINE_LOWER.finditer(text.lower())]
    return [m.end() for m in ID_LABEL_INLINE.finditer(text)]


def apply_text_labels(w: Walk, values: LabelledValues, counts: dict[str, int]) -> None:
    """Label-only elements, same-text labels and address labels over the page's text runs."""
    runs = w.runs
    tables: dict[int, int | None] = {}
    for i, run in enumerate(runs):
        text = run.texts[0] if len(run.texts) == 1 else run.text
        kind, prefix = _kind(text)
        if kind == _NONE or "address-block" in run.flags:
            continue
        if kind == _ID_ONLY:
            for j in _next_runs(w, i, 1):
                _fake_run(values, runs[j], counts)
        elif kind == _ADDRESS_ONLY:
            _address_block(w, i, counts, tables)
        elif kind == _ADDRESS_INLINE:
            run.new = prefix + ADDRESS_PHRASE + text[len(text.rstrip()) :]  # the white space after it stays too
            _bump(counts, "address-block")
        else:
            cur = _current(run)
            for end in reversed(inline_label_ends(cur)):
                cur = values.fake_words(cur, counts, limit_tokens=2, start=end)
            if may_name_card_ending(cur) and CARD_ENDING_INLINE.search(cur):
                owned = values.spans.of(cur)
                cur = CARD_ENDING_INLINE.sub(lambda c: _card(values.faker, c, counts, owned), cur)
            if cur != text:
                run.new = cur


def fake_card_endings(faker: Faker, text: str, counts: dict[str, int], *, uuids: bool = False) -> str:
    """Card endings written inline in any value ("Visa ending in 7316" in an aria-label): the one fake
    the capture gives that ending (a payment row's cell gets the same), never the first group of a
    whole card (the card rule's), nor with ``uuids`` the digits a UUID starts with (``fake_uuids``')."""
    if not _HAS_DIGIT.search(text) or not may_name_card_ending(text) or not CARD_ENDING_INLINE.search(text):
        return text
    owned = pattern_spans(text) + (uuid_spans(text) if uuids else [])

    def one(m: re.Match[str]) -> str:
        if in_spans(owned, m.start(2), m.end(2)):
            return m.group(0)
        fake = faker.shaped("card-ending", m.group(2), letters=False)
        if fake != m.group(2):
            _bump(counts, "card-ending")
        return m.group(1) + fake

    return CARD_ENDING_INLINE.sub(one, text)


def _card(faker: Faker, m: re.Match[str], counts: dict[str, int], owned: list[tuple[int, int]]) -> str:
    if in_spans(owned, m.start(2), m.end(2)):  # the first group of a whole card: the card rule's
        return m.group(0)
    _bump(counts, "card-ending")
    return m.group(1) + faker.shaped("card-ending", m.group(2), letters=False)


def apply_table_rows(
    w: Walk, values: LabelledValues, faker: Faker, counts: dict[str, int], payment_rows: Set[int] = frozenset()
) -> None:
    """Rows whose first cell is a label, and card endings in a row that names a payment method."""
    # rows holding another row are never acted on (the ``len(row.css("tr")) > 1`` test below): find
    # them once, each <tr> marking its nearest <tr> ancestor, instead of reading every row's whole text
    row_above: dict[int, int | None] = {}
    outer_rows: set[int] = set()
    for row, tag in zip(w.elements, w.tags):
        if tag == "tr":
            above = nearest_above(row, "tr", row_above)
            if above is not None:
                outer_rows.add(above)
    for row, tag in zip(w.elements, w.tags):
        if tag != "tr" or row.mem_id in outer_rows:
            continue
        first_cell = next((c for c in row.iter() if c.tag in ("td", "th")), None)
        if first_cell is None:
            continue
        first = first_cell.text(deep=True).strip()
        label_row = bool(ID_LABEL_ONLY.fullmatch(first))
        row_text = row.text(deep=True)
        payment_row = row.mem_id in payment_rows or names_payment(row_text)
        if not (label_row or payment_row) or len(row.css("tr")) > 1:
            continue
        row_runs = [w.run_of[t.mem_id] for t in row.traverse(include_text=True) if t.mem_id in w.run_of]
        # a row that names a payment and a label ("Gift card PIN", "Gift card code"): a lone card ending
        # is the ending rule's, here and after a label-only element (``_fake_run``); faked by both, each
        # pass faked the other's fake again
        if payment_row:
            for j in dict.fromkeys(row_runs):
                run = w.runs[j]
                m = CARD_ENDING_ONLY.fullmatch(_current(run))
                if m:
                    cur = _current(run)
                    run.new = cur[: m.start(1)] + faker.shaped("card-ending", m.group(1), letters=False) + cur[m.end(1) :]
                    run.flags = run.flags | {"card-ending"}
                    _bump(counts, "card-ending")
        if label_row:
            first_ids = {t.mem_id for t in first_cell.traverse(include_text=True)}
            for j in dict.fromkeys(row_runs):
                run = w.runs[j]
                if run.nodes[0].mem_id not in first_ids:
                    _fake_run(values, run, counts)
