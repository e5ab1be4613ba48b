"""Id labels read across the inline pieces of one line (spec §6.2: receipts put the words in one element
and the value in the next; a bold value or a search's highlight does so inside one line).

``receipts.apply_text_labels`` reads a label and the two tokens it names in one text. Here the texts that
only plain inline elements part (``split_values.inline_joined``) are read as one line, and a word a label
names in another piece than the one where the label starts (``Thanks for your order <b>W…</b>``,
``<b>Order</b> <b>number</b>: W…``, ``order <b>#</b><b>W…</b>``) is faked where it stands, as the same-text
rule fakes it. A word the pieces cut is the split-value join's (moved whole before any label is read),
or, digits alone cut between two digits, left: that may be an amount drawn apart.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence, Set
from itertools import accumulate

from sanitize.labelled_values import LabelledValues
from sanitize.model import TextRun, Walk
from sanitize.receipt_labels import _HAS_DIGIT, _label_hint, inline_label_spans, named_words, tokens
from sanitize.split_values import inline_joined


def crosses_into(protected: Set[int], label: TextRun, value: TextRun) -> bool:
    """A label outside a --redact-selector target naming a value inside one (``protected``: the targets'
    text node ids). The target is redacted whole and remembered as its text reads; faked by the label
    first, it no longer read as its copies elsewhere do, and they kept their words (a review of 2026-12-03)."""
    return bool(protected) and value.nodes[0].mem_id in protected and label.nodes[0].mem_id not in protected


def apply_line_labels(w: Walk, values: LabelledValues, counts: dict[str, int], protected: Set[int] = frozenset()) -> None:
    """Fake each word an id label names in another inline piece of its line (see the module's doc)."""
    runs = w.runs
    joined: dict[int, bool] = {}  # k → whether only plain inline elements part runs k-1 and k (read once)

    def one_line(first: int, last: int) -> bool:
        for k in range(first + 1, last + 1):
            if k not in joined:
                joined[k] = inline_joined(runs[k - 1].nodes[-1], runs[k].nodes[0])
            if not joined[k]:
                return False
        return True

    for chain in _chains(w.after_inline):
        texts = [runs[k].current for k in chain]
        # a label names another piece's words only where its two tokens run past its piece's end, or its own
        # words run on into a highlight ("Meeting <b>ID</b>: …"), and that piece goes on in the line: most chains
        # end here, on their texts (memoised) and one edge each
        if not _may_name_across(texts, lambda j: one_line(chain[j], chain[j + 1])):
            continue
        line = "".join(texts)
        if not _HAS_DIGIT.search(line):
            continue
        ends = list(accumulate(len(t) for t in texts))
        for start, _end, word_start, word in named_words(line):
            k, at = bisect_right(ends, start), bisect_right(ends, word_start)
            if at == k or bisect_left(ends, word_start + len(word)) != at:
                continue  # in the label's own text (the same-text rule's), or cut by the pieces
            label_run, value_run = runs[chain[k]], runs[chain[at]]
            if value_run.flags & {"card-ending", "address-block"} or crosses_into(protected, label_run, value_run):
                continue
            if one_line(chain[k], chain[at]):
                cur = value_run.current
                new = values.fake_words(cur, counts, limit_tokens=1, start=word_start - (ends[at] - len(texts[at])))
                if new != cur:
                    value_run.new = new


#: A piece that may go on with a label's words, a search's highlight having cut them (``Meeting <b>ID</b>: …``,
#: ``Gift card <b>PIN</b>``): the words that end a label of two or more words.
_LABEL_GOES_ON = re.compile(
    r"\s*+(?:id|number|no\.?|num|nr\.?|#|code|confirmation|ref(?:erence)?|pin|key|nummer|"
    # the last words of the other languages' labels (``receipt_labels.ID_LABEL``)
    r"commande|facture|suivi|r[ée]servation|pedido|factura|fatura|seguimiento|reserva|encomenda|ordine|fattura|"
    r"prenotazione|tracciamento|confirmaci[óo]n|confirma[çc][ãa]o)(?![^\W_])", re.I)
#: The text before an edge a label crossing it is read in.
_LABEL_REACH = 40


def _may_name_across(texts: Sequence[str], joined: Callable[[int], bool]) -> bool:
    """Whether an id label may name words in another piece of the line ``texts`` (``joined(j)``: pieces j and
    j+1 are one line): a label ends a piece with its tokens still open, or a label's words are cut by the
    pieces' edge (no piece alone holds the label). Most chains are ruled out here, by their texts (memoised)
    and one edge each."""
    tail = ""
    for j in range(len(texts) - 1):
        text, after = texts[j], texts[j + 1]
        tail = (tail + text)[-_LABEL_REACH:]
        if _open_label_end(text) >= 0 and joined(j):
            return True
        if _LABEL_GOES_ON.match(after) and joined(j):
            edge = len(tail)
            if any(s < edge < e for s, e in inline_label_spans(tail + after[:_LABEL_REACH])):
                return True
    return False


@functools.lru_cache(maxsize=1 << 16)
def _open_label_end(text: str) -> int:
    """Where the last id label of ``text`` ends when its two tokens run past the text's end (or a label's
    word ends the text: the next piece may go on with the label), else -1. A pure function of the text,
    so memoised across passes and pages: a list repeats its subjects."""
    if not _label_hint(text):
        return -1
    spans = inline_label_spans(text)
    if not spans or tokens(2).match(text, spans[-1][1]).end() != len(text):  # type: ignore[union-attr]
        return -1
    return spans[-1][1]


def _chains(after_inline: Sequence[int]) -> Iterator[list[int]]:
    """Runs in a row each opened after inline elements only (``model.Walk.after_inline``): the only runs a
    line of inline pieces can hold (which of their edges are plain inline is read later, for a candidate)."""
    chain: list[int] = []
    for i in after_inline:
        if chain and chain[-1] == i - 1:
            chain.append(i)
        else:
            if len(chain) > 1:
                yield chain
            chain = [i - 1, i]
    if len(chain) > 1:
        yield chain
