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
)
from sanitize.labelled_values import LabelledValues, SpanMemo  # noqa: F401 - read here by callers
from sanitize.registry import total_labels
from sanitize.inline_labels import apply_line_labels, crosses_into
from sanitize.values import AMOUNT, in_spans, pattern_spans, uuid_spans

_MAX_ADDRESS_BLOCKS = 6
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _bump(counts: dict[str, int], kind: str) -> None:
    counts[kind] = counts.get(kind, 0) + 1


def _fake_run(values: LabelledValues, run: TextRun, counts: dict[str, int]) -> None:
    if "card-ending" in run.flags:  # a payment row's lone card ending is the ending rule's (``apply_table_rows``)
        return
    cur = run.current
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


def _is_card_line(text: str) -> bool:
    """A text that is a card and its ending alone ("Visa •••• 4417"): no label and no amount, a payment
    word and a card ending the ending rule reads."""
    return (len(text) <= 40 and _PAYMENT_WORD.search(text) is not None and not AMOUNT.search(text)
            and not _ANY_LABEL.fullmatch(text) and CARD_ENDING_INLINE.search(text) is not None)


def _address_block(w: Walk, i: int, counts: dict[str, int], tables: dict[int, int | None]) -> None:
    """Every text after an address label up to the next heading, label, table or amount (at most six)."""
    first_table = None
    first = True  # the block's first text (a card line before it aside)
    for n, j in enumerate(_next_runs(w, i, _MAX_ADDRESS_BLOCKS)):
        run = w.runs[j]
        text = run.text.strip()
        if n == 0 and _is_card_line(text):
            continue  # Apple's "BILLED TO" block opens with the card: the ending rule's, and the address follows
        if _ends_address_block(text) or "address-block" in run.flags:
            return
        parent = run.parent
        if parent is not None and (parent.tag in _HEADINGS or (parent.parent is not None and parent.parent.tag in _HEADINGS)):
            return
        table = nearest_above(run.nodes[0], "table", tables)
        if first:
            first_table, first = table, False  # an address laid out in a table of its own is read in it
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


def apply_text_labels(w: Walk, values: LabelledValues, counts: dict[str, int], protected: Set[int] = frozenset()) -> None:
    """Label-only elements, same-text labels (also a line's inline pieces, ``inline_labels``) and address
    labels over the page's text runs; none names a value in a --redact-selector target from outside it
    (``protected``, ``inline_labels.crosses_into``)."""
    runs = w.runs
    tables: dict[int, int | None] = {}
    for i, run in enumerate(runs):
        text = run.texts[0] if len(run.texts) == 1 else run.text
        kind, prefix = _kind(text)
        if kind == _NONE or "address-block" in run.flags:
            continue
        if kind == _ID_ONLY:
            for j in _next_runs(w, i, 1):
                if not crosses_into(protected, run, runs[j]):
                    _fake_run(values, runs[j], counts)
        elif kind == _ADDRESS_ONLY:
            _address_block(w, i, counts, tables)
        elif kind == _ADDRESS_INLINE:
            run.new = prefix + ADDRESS_PHRASE + text[len(text.rstrip()) :]  # the white space after it stays too
            _bump(counts, "address-block")
        else:
            cur = run.current
            cur = values.fake_after_labels(cur, inline_label_ends(cur), counts, limit_tokens=2)
            if may_name_card_ending(cur) and CARD_ENDING_INLINE.search(cur):
                owned = values.spans.of(cur)
                cur = CARD_ENDING_INLINE.sub(lambda c: _card(values.faker, c, counts, owned), cur)
            if cur != text:
                run.new = cur
    apply_line_labels(w, values, counts, protected)


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
    cell outside a --redact-selector target names no value inside one (``protected``, ``inline_labels.crosses_into``)."""
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
                m = CARD_ENDING_ONLY.fullmatch(run.current)
                if m:
                    cur = run.current
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
