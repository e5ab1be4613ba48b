"""Receipt rules (spec §6.2): values a label names in one element and writes in the next.

A pattern sees one text at a time, and receipts put the words in one element and the value in the
next, so these rules read neighbours: a table row whose first cell is the label, the next text
after a label-only element, the words right after a label in the same text, or in the next text
when only inline markup parts them. A faked order number or code is then replaced wherever it
stands alone on the page (``labelled_values.LabelledValues``), also across a <wbr>. Address blocks
after an address label become a neutral phrase.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Set

from sanitize.faker import ADDRESS_PHRASE, Faker
from sanitize.model import TextRun, Walk, nearest_above
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
    _HAS_DIGIT,
    _LABEL_HINT,
    _label_hint,
    inline_label_ends,
    may_name_card_ending,
    names_payment,
    tokens,
)
from sanitize.labelled_values import LabelledValues, SpanMemo  # noqa: F401 - read here by callers
from sanitize.registry import total_labels
from sanitize.split_values import inline_joined
from sanitize.values import AMOUNT, in_spans, pattern_spans, uuid_spans

_MAX_ADDRESS_BLOCKS = 6
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _bump(counts: dict[str, int], kind: str) -> None:
    counts[kind] = counts.get(kind, 0) + 1


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


#: What ``apply_text_labels`` does with a text, decided from the text alone (see ``_kind``). ``_OPEN``: a
#: text with no digit whose last id label names the next text's first words (``_reach``).
_NONE, _ID_ONLY, _ADDRESS_ONLY, _ADDRESS_INLINE, _INLINE, _OPEN = range(6)


@functools.lru_cache(maxsize=1 << 16)
def _kind(text: str) -> tuple[int, str, int]:
    """The label reading of one text, a pure function of it, so memoised across passes and pages: a
    page repeats its label and link texts thousands of times and the second pass reads the first
    pass's texts again. (kind, the address label's prefix for ``_ADDRESS_INLINE``, ``_reach``)."""
    if not _label_hint(text) or not text.strip():
        return _NONE, "", 0
    if ID_LABEL_ONLY.fullmatch(text):
        return _ID_ONLY, "", 0
    if ADDRESS_LABEL_ONLY.fullmatch(text):
        return _ADDRESS_ONLY, "", 0
    m = ADDRESS_INLINE.match(text)
    if m and not AMOUNT.search(m.group(2)):
        return _ADDRESS_INLINE, text[: m.start(2)], 0  # the white space before the label stays (it parts two inline texts)
    reach = _reach(text)
    if _HAS_DIGIT.search(text):
        return _INLINE, "", reach
    return (_OPEN if reach else _NONE), "", reach


def _reach(text: str) -> int:
    """How many of the next text's first tokens the last id label of ``text`` still names: the label
    names its next two (``LabelledValues.fake_words``), and a text that ends before them hands the rest
    on ("Thanks for your order <b>W1234…</b>": a receipt puts the words in one element and the value in
    the next, spec §6.2). 0 when the label's tokens end inside the text."""
    ends = inline_label_ends(text)
    if not ends or tokens(2).match(text, ends[-1]).end() < len(text):  # type: ignore[union-attr]
        return 0
    return 2 - len(text[ends[-1] :].split())


def _label_goes_on(w: Walk, i: int, values: LabelledValues, counts: dict[str, int], reach: int,
                   after_inline: Set[int], protected: Set[int]) -> None:
    """The next text's first ``reach`` tokens, when run ``i`` ends with an id label's open window and only
    plain inline elements part the two texts (``split_values.inline_joined``: one line, as a highlight or a
    bold value is drawn). Texts of white space between them are passed over, and so is one that holds only
    the label's mark (``order <b>#</b><b>W…</b>``) while the label has named nothing yet. A token running on
    from one text into the next is no value standing alone there: the split-value join read it whole first."""
    runs = w.runs
    j = i + 1
    while j in after_inline and j - i <= _MAX_GAPS and (
            (nxt := _current(runs[j])).isspace() or not nxt or (reach == 2 and _MARK_GAP.fullmatch(nxt))):
        j += 1
    if j not in after_inline or j - i > _MAX_GAPS:
        return
    prev, nxt = _current(runs[j - 1]), _current(runs[j])
    if not nxt or not prev or not _HAS_DIGIT.search(nxt, 0, _WINDOWS[reach].match(nxt).end()):  # type: ignore[union-attr]
        return
    glued = not prev[-1].isspace() and not nxt[0].isspace() and (
        reach < 2 or (_WORD_CHAR(prev[-1]) is not None and _WORD_CHAR(nxt[0]) is not None))
    if glued or runs[j].flags & {"card-ending", "address-block"} or _crosses_into(protected, runs[i], runs[j]):
        return
    if all(inline_joined(runs[k].nodes[-1], runs[k + 1].nodes[0]) for k in range(i, j)):
        runs[j].new = values.fake_words(nxt, counts, limit_tokens=reach)


#: The most texts between a label and its value: white space, or the label's mark alone (``_label_goes_on``).
_MAX_GAPS = 3
_MARK_GAP = re.compile(r"\s*[:#.]\s*")


def _crosses_into(protected: Set[int], label: TextRun, value: TextRun) -> bool:
    """A label outside a --redact-selector target naming a value inside one (``protected``: the targets'
    text node ids). The target is redacted whole and remembered as its text reads; faked here first, it
    no longer read as its copies elsewhere do, and they kept their words (a review of 2026-12-03)."""
    return bool(protected) and value.nodes[0].mem_id in protected and label.nodes[0].mem_id not in protected


_WORD_CHAR = re.compile(r"\w").match
_WINDOWS = (None, tokens(1), tokens(2))  # by the tokens a label still names (``_reach``: 1 or 2)


def apply_text_labels(w: Walk, values: LabelledValues, counts: dict[str, int], protected: Set[int] = frozenset()) -> None:
    """Label-only elements, same-text labels (also one whose value is the next inline text) and address
    labels over the page's text runs; none names a value in a --redact-selector target from outside it
    (``protected``, ``_crosses_into``)."""
    runs = w.runs
    tables: dict[int, int | None] = {}
    after_inline: Set[int] | None = None
    for i, run in enumerate(runs):
        text = run.texts[0] if len(run.texts) == 1 else run.text
        kind, prefix, reach = _kind(text)
        if kind == _NONE or "address-block" in run.flags:
            continue
        if kind == _ID_ONLY:
            for j in _next_runs(w, i, 1):
                if not _crosses_into(protected, run, runs[j]):
                    _fake_run(values, runs[j], counts)
        elif kind == _ADDRESS_ONLY:
            _address_block(w, i, counts, tables)
        elif kind == _ADDRESS_INLINE:
            run.new = prefix + ADDRESS_PHRASE + text[len(text.rstrip()) :]  # the white space after it stays too
            _bump(counts, "address-block")
        elif kind == _INLINE:
            cur = _current(run)
            for end in reversed(inline_label_ends(cur)):
                cur = values.fake_words(cur, counts, limit_tokens=2, start=end)
            if may_name_card_ending(cur) and CARD_ENDING_INLINE.search(cur):
                owned = values.spans.of(cur)
                cur = CARD_ENDING_INLINE.sub(lambda c: _card(values.faker, c, counts, owned), cur)
            if cur != text:
                run.new = cur
        if reach:
            if after_inline is None:
                after_inline = set(w.after_inline)
            _label_goes_on(w, i, values, counts, reach, after_inline, protected)


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
    w: Walk, values: LabelledValues, faker: Faker, counts: dict[str, int], payment_rows: Set[int] = frozenset(),
    protected: Set[int] = frozenset(),
) -> None:
    """Rows whose first cell is a label, and card endings in a row that names a payment method. A label
    cell outside a --redact-selector target names no value inside one (``protected``, ``_crosses_into``)."""
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
            label_kept = bool(protected) and not protected.isdisjoint(first_ids)
            for j in dict.fromkeys(row_runs):
                run = w.runs[j]
                mid = run.nodes[0].mem_id
                if mid not in first_ids and (label_kept or mid not in protected):
                    _fake_run(values, run, counts)
