"""Order numbers and codes a receipt label named (spec §6.2), each faked in its own shape and then replaced
wherever it stands alone on the page, in text and attributes, also where a <wbr> splits it.

``receipts`` finds the labels and hands their words here (``LabelledValues.fake_words``); the value rules
call ``replace_everywhere`` on every text and attribute. ``SpanMemo`` keeps the value patterns' spans of
a text across the labelled fakes that cannot move them (a text with hundreds of labels was n^2).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from itertools import accumulate

from sanitize.emails import address_spans
from sanitize.faker import Faker
from sanitize.display_names import DISPLAY_BEFORE, name_words
from sanitize.receipt_labels import (
    _DWORD,
    _HAS_DIGIT,
    CARD_ENDING_INLINE,
    is_id_word,
    may_name_card_ending,
    opens_with_amount,
    tokens,
)
from sanitize.scripts import WORD_NOT_CJK
from sanitize.values import LITERAL_WORDS, in_spans, pattern_spans


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
            if "@" in text or "%40" in text or "\uff20" in text:
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
        if (self._owned_text is not None and self._owned_text == old and "@" not in new and "%40" not in new
                and "\uff20" not in new):
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


#: How far around a fake a card ending holding it is read for: its words ("mastercard ending in") and marks.
_ENDING_REACH = 48


def _moves_spans(text: str, at: int, word: str, fake: str) -> bool:
    """Whether faking ``word`` at ``at`` of ``text`` (the text before the fake) as ``fake`` may move a span: a
    literal word a pattern reads, a letter beyond ASCII, or a card ending read otherwise around it. A fake holding
    an ending's literal ("x", "in", "end") had every span of the text read again wherever it stood (a review of
    session 37: 8,000 distinct ids in one text took 118 s), then wherever an ending could stand within
    ``_ENDING_REACH`` characters (an order history, each id beside "Visa ending in 4242", still re-read the text at
    each: 2,000 orders took 22 s, a second review). Now the endings read in that window around the word and around
    its fake are compared, and one reaching the window's edge has the text read again. An ending reaching further
    with no trigger in the window (a brand, then 48 characters of spaces, then the fake) is read on the next pass
    and the page refused, never left."""
    if (LITERAL_WORDS.search(word) is not None or LITERAL_WORDS.search(fake) is not None
            or not (word + fake).isascii()):
        return True
    if _ENDING_LITERALS.search(word) is None and _ENDING_LITERALS.search(fake) is None:
        return False
    lo, end = max(at - _ENDING_REACH, 0), at + len(word)
    left, right = text[lo:at], text[end : end + _ENDING_REACH]
    before, after = left + word + right, left + fake + right
    if not may_name_card_ending(before) and not may_name_card_ending(after):
        return False
    read = [(m.span(), m.span(2)) for m in CARD_ENDING_INLINE.finditer(before)]
    if read != [(m.span(), m.span(2)) for m in CARD_ENDING_INLINE.finditer(after)]:
        return True
    clipped_left, clipped_right = lo > 0, end + _ENDING_REACH < len(text)
    return any(clipped_left and s == 0 or clipped_right and e == len(before) for (s, e), _ in read)


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
            m = tokens(limit_tokens).match(text, start)
            end = m.end() if m else len(text)
        head = text[start:end]
        # an amount later in the text is the pattern rule's (its span is owned below) and leaves the id
        # before it to this rule
        if not _HAS_DIGIT.search(head) or opens_with_amount(head):
            self._unchanged.add(key)
            return text
        owned: list[tuple[int, int]] | None = None  # read only when a word could be faked
        moved = False  # a fake that may move a span (see ``SpanMemo``)

        def one(m: re.Match[str]) -> str:
            nonlocal owned, moved
            word = m.group(0)
            if not is_id_word(word):
                return word
            if owned is None:
                owned = self.spans.owned(text)
            if in_spans(owned, m.start(), m.end()):
                return word
            fake = self.fake_of(word)
            if fake != word:
                self.remember(word, fake)
                moved = moved or _moves_spans(text, m.start(), word, fake)
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

    def fake_after_labels(self, text: str, ends: Sequence[int], counts: dict[str, int], limit_tokens: int) -> str:
        """``fake_words(text, counts, limit_tokens, end)`` for each label end in ``ends``, the last first, each
        reading the text as the fakes after it left it, with the text built once: rebuilt per label, a text
        with thousands of labels was n^2 (8,000 took 10.6 s). A fake keeps the length and the class of each
        character, so each label's tokens and words stand where they stood, and the spans the words are
        checked against are read again only after a fake that may move them (``_moves_spans``), as
        ``fake_words`` reads them. In a text with an address, so does a fake that changes how an escape
        before it reads (``_ESCAPE``) or one inside a display name: ``SpanMemo.carry`` read them again after
        every fake in such a text, and 4,000 labels beside addresses took 47 s."""
        if len(ends) < 2:
            return self.fake_words(text, counts, limit_tokens, ends[0]) if ends else text
        addressed = "@" in text or "%40" in text or "\uff20" in text
        key = (text, limit_tokens, -1)
        if key in self._unchanged:
            return text
        # a display name glued to digits is read by its words, not only their classes (``_glued_name_starts``:
        # "40A1B2 Quorn <…>"): a fake inside one may move its span
        named = (_Overlaps([m.span() for m in DISPLAY_BEFORE.finditer(text) if _HAS_DIGIT.search(text, m.start(), m.start(1))])
                 if addressed and ("<" in text or "(" in text or "[" in text) else None)
        chars = list(text)  # the text as the fakes leave it, character by character
        basis: str | None = text  # the text the spans were read on; None after a fake that may move them
        overlaps: _Overlaps | None = None
        reach = tokens(limit_tokens)
        later: int | None = None  # the end of the label after this one, when its fakes moved no span
        for start in reversed(ends):
            # Past the next label's end (and the word it may cut), this label's tokens are that label's too: it read
            # them first, under the same spans, and left them faked or not to fake (a fake stays as it is). So they
            # are not read again: in a run with no space each label's two tokens ran to the run's end (n^2).
            limit = len(text) if later is None else min(len(text), _RUN.match(text, later).end() + 1)
            end = reach.match(text, start, limit).end()
            later = start
            before = max(start - 1, 0)  # _DWORD looks one character back
            window = "".join(chars[before:end])
            head = window[start - before :]
            if not _HAS_DIGIT.search(head) or opens_with_amount(head):
                continue
            moved = False
            for w in _DWORD.finditer(window, start - before):
                word = w.group(0)
                if not is_id_word(word):
                    continue
                if overlaps is None or basis is None:
                    basis = "".join(chars) if basis is None else basis
                    overlaps = _Overlaps(self.spans.owned(basis))
                at = before + w.start()
                if overlaps(at, at + len(word)):
                    continue
                fake = self.fake_of(word)
                if fake != word:
                    self.remember(word, fake)
                    # an escape's digits may start the word ("%" one or two characters before it)
                    escaped = addressed and "%" in text[max(at - 2, 0) : at]
                    was = "".join(chars[max(at - 2, 0) : at + 2]) if escaped else ""
                    around = "".join(chars[max(at - _ENDING_REACH, 0) : at + len(word) + _ENDING_REACH])
                    chars[at : at + len(word)] = fake
                    moved = (moved or _moves_spans(around, min(at, _ENDING_REACH), word, fake)
                             or escaped and _escapes_read(was) != _escapes_read("".join(chars[max(at - 2, 0) : at + 2]))
                             or named is not None and named(at, at + len(word)))
                    _bump(counts, "labelled-id")
            if moved:
                basis, later = None, None
        new = "".join(chars)
        if new == text:
            self._unchanged.add(key)
        elif basis is not None:
            self.spans.carry(basis, new)
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


#: The one literal an address's edge is read by besides classes of characters: the two hex digits after a "%"
#: (``emails._LOCAL_START``, ``_PCT_EMAIL``: no local part starts after "%2B", one may after "%3A"), read as a
#: group: an escape of a local part's mark ("%2B", "%2D", "%2E", "%5F"), "%40", an encoded UTF-8 byte, another
#: escape, or none (a lone "%", after which a local part may start). Any other fake beside an address
#: leaves it where it stood: it keeps each character's class, and a word glued to an address is in its span and
#: never faked.
_ESCAPE = re.compile(r"%(?:(2[bBdDeE]|5[fF])|(40)|([89a-fA-F][0-9a-fA-F])|([0-9a-fA-F]{2}))?")


def _escapes_read(piece: str) -> list[int | None]:
    return [m.lastindex for m in _ESCAPE.finditer(piece)]


#: A word's characters from a point on (``_DWORD``'s, and "-"): where a word a label's end cuts ends.
_RUN = re.compile(rf"(?:{WORD_NOT_CJK}|-)*+")


class _Overlaps:
    """Whether [start, end) overlaps one of ``spans``, in log time (``values.in_spans`` reads them all: a
    text with thousands of labels has thousands of spans)."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [s for s, _ in ordered]
        self._reach = list(accumulate((e for _, e in ordered), max, initial=-1))  # furthest end of the first k

    def __call__(self, start: int, end: int) -> bool:
        return self._reach[bisect_left(self._starts, end)] > start


def _in_case_of(word: str, fake: str) -> str:
    """``fake`` with each letter in the case of ``word``'s letter at its place (a fake keeps letters
    letters and lengths)."""
    return "".join(f.upper() if w.isupper() else f.lower() if w.islower() else f for w, f in zip(word, fake))
