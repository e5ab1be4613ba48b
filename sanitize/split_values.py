"""Values split by inline markup: read across it, faked where they stand.

Gmail draws a search's matches in an element of their own, so an address or a number on a search
page reads ``ada.quorn@<b>corp-mail</b>.io`` or ``<b>415</b>-555-0199``. The value rules read one text
run at a time (``model.TextRun``: only ``<wbr>`` joins texts), so each piece alone held no value and
kept its characters. Here the runs that only inline elements part (``INLINE_TAGS``: a span, a bold, a
link, nothing that starts a line) are read as one text, and a value crossing a piece's edge is faked
whole by its own rule; the fake is written in the piece where the value starts, and the value's
other characters leave their pieces (a highlight around part of a value is left empty): only the
value's own characters change. Texts a block, a ``<br>`` or any other element parts are never joined
(two table cells, "3" and "Main Street", are no street).

This runs first, over the page's own texts, and rewrites them (``valuepass._rewrite_run``): every
later rule, a context rule reading a label in one piece as a run rule reading another, reads one
page. A value inside one piece is the run rules', and a fake written here is a fixed point of them (an
address at a fake domain is kept, a number's fake is one the faker issued, and it stands whole in one
piece, so a pattern owns it there and no label reads part of it as an id): the next pass finds
nothing to change. A value the run rules would read otherwise is left to them (``write_back``).

>>> write_back(["call ", "415", "-555-0199 now"], 5, 17, "638-555-0142")
['call ', '638-555-0142', ' now']
>>> write_back(["mail ada@", "corp", ".io!"], 5, 16, "kq@example.com")
['mail kq@example.com', '', '!']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from selectolax.lexbor import LexborNode

from sanitize import emails, values
from sanitize.model import INLINE_TAGS, TextRun

#: A text's end or start that no value can hold: a value crossing the edge holds the characters on
#: both sides of it, so a pair with one of these beside the edge is never read further.
_EDGE_STOP = frozenset("\n\r\t!?;:\"<>[]{}|*=^~`")
#: The most element edges between two pieces (``a``'s parents closing, ``b``'s opening).
_MAX_STEPS = 12
#: How far before or after an edge a value crossing it may hold its "@" or a street its number.
_REACH = 64
#: How far from any point inside a card, a phone or an amount its nearest digit may be ("12 US|D").
_DIGIT_NEAR = 6
_DIGIT = re.compile(r"\d")
_ANY_HINT = re.compile(r"[\d@%]").search


def inline_joined(a: LexborNode, b: LexborNode) -> bool:
    """Whether only inline elements' edges stand between text node ``a`` and the next text node ``b``
    in document order (``<b>`` closing and opening, an empty ``<span></span>``), no other element."""
    target = b.mem_id
    node = a
    for _ in range(_MAX_STEPS):
        nxt = node.next
        while nxt is None:  # climb out of the elements a text ends
            parent = node.parent
            if parent is None or parent.tag not in INLINE_TAGS:
                return False
            node, nxt = parent, parent.next
        node = nxt
        while node.mem_id != target:  # into the elements b starts in
            if node.tag not in INLINE_TAGS:
                return False
            child = node.child
            if child is None:
                break  # an empty inline element: go on after it
            node = child
        else:
            return True
    return False


def groups(runs: Sequence[TextRun], texts: Sequence[str], after_inline: Sequence[int], skip: set[int]) -> list[list[int]]:
    """Indexes of runs read as one text: two or more runs in a row (``texts[i]`` is ``runs[i]``'s text),
    each pair with only inline elements between them and an edge a value may cross (``_may_cross``).
    Only the runs of ``after_inline`` (``model.Walk``: none but inline elements opened since the run
    before) are read, their texts first; nodes only for a pair the texts allow. Runs in ``skip`` (a
    seeded secret) part."""
    found: list[list[int]] = []
    chain: list[int] = []
    tail = ""  # the end of the chain's text
    count = len(after_inline)
    stop = _EDGE_STOP
    for k, i in enumerate(after_inline):
        text, prev = texts[i], texts[i - 1]
        # the edge's two characters first: most edges end here ("Oct 6" and a line break)
        if not text or not prev or (last := prev[-1]) in stop or (first := text[0]) in stop or (
            last.isspace() and first.isspace()
        ):
            if chain:
                found.append(chain)
                chain = []
            continue
        before = tail if chain and chain[-1] == i - 1 else prev[-_REACH:]
        # what may follow in the same line, for the hints: a value's "@" may stand pieces further on
        ahead, j = text, k + 1
        while len(ahead) < _REACH and j < count and after_inline[j] == i + j - k:
            ahead += texts[after_inline[j]]
            j += 1
        if (
            _may_cross(before, ahead)
            and not (skip and (runs[i].nodes[0].mem_id in skip or runs[i - 1].nodes[0].mem_id in skip))
            and inline_joined(runs[i - 1].nodes[-1], runs[i].nodes[0])
        ):
            if not chain or chain[-1] != i - 1:
                if chain:
                    found.append(chain)
                chain = [i - 1]
            chain.append(i)
            tail = (before + text)[-_REACH:]
        elif chain:
            found.append(chain)
            chain = []
    if chain:
        found.append(chain)
    return found


def _may_cross(before: str, after: str) -> bool:
    """Whether a value the rules fake may hold the edge between ``before`` (the end of the text read so
    far) and ``after`` (what follows in the line): every value holds, near any point inside it, one of: a digit within ``_DIGIT_NEAR`` characters (a card, a phone, an amount,
    whose currency word or code is at most three letters), an "@" within ``_REACH`` (an address), or
    a street's number before its name words (``values._STREET_HINT``, within ``_REACH``). A character
    no value holds beside the edge (``_EDGE_STOP``) rules it out before this (``groups``)."""
    if _ANY_HINT(before) is None and _ANY_HINT(after, 0, _REACH) is None:
        return False  # most edges: no digit, "@" or "%" on either side (one scan each)
    return (
        _DIGIT.search(before, len(before) - _DIGIT_NEAR) is not None
        or _DIGIT.search(after, 0, _DIGIT_NEAR) is not None
        or "@" in before or "@" in after[:_REACH] or "%40" in before or "%40" in after[:_REACH]
        or values.may_start_a_street(before)
    )


def crossing_spans(text: str, cuts: Sequence[int], *, addresses: bool = True) -> list[tuple[int, int]]:
    """The spans of ``text`` holding a value (an address, then a card, phone, amount or street) that
    cross one of ``cuts``, in order, none overlapping."""
    spans = emails.address_spans(text) if addresses else []
    for s, e in values.pattern_spans(text):
        if not values.in_spans(spans, s, e):
            spans.append((s, e))
    return sorted((s, e) for s, e in spans if any(s < c < e for c in cuts) and not _cuts_a_word(text, s, e))


def _cuts_a_word(text: str, start: int, end: int) -> bool:
    """Whether the value starts or ends inside a word (letters and digits, inner ``-`` or ``_``), as
    ``4788$`` of ``code j549-4788$``: that word is another rule's (a labelled id), which would fake it
    again over this fake.

    >>> _cuts_a_word("code j549-4788$5", 10, 15), _cuts_a_word("call 415-555-0199.", 5, 17)
    (True, False)
    """
    def word(i: int) -> bool:
        return 0 <= i < len(text) and (text[i].isalnum() or text[i] == "_")

    def inner(i: int) -> bool:  # a word character, or a joiner between two
        return word(i) or (0 <= i < len(text) and text[i] in "-_" and word(i - 1) and word(i + 1))

    return (word(start) or text[start] in "-_") and inner(start - 1) or word(end - 1) and inner(end)


def write_back(pieces: Sequence[str], start: int, end: int, fake: str, *, addresses: bool = True) -> list[str] | None:
    """``pieces`` with the value at ``start:end`` of their joined text replaced by ``fake``, written whole
    in the piece where the value starts (the other pieces lose their share of it); None when that
    piece's run rules would read a value over part of the fake, or over more than it.

    Whole, because every rule that reads a piece alone then reads the fake as one value: a value the
    pattern rules read is owned by them, so a label's next words (``Order number: 030 9018<b>2245</b>``)
    are not taken for an id, and the faker leaves a fake it issued. Share by share, a label rule read
    ``9018``'s fake as an order number and faked it again on every pass.
    """
    whole = _whole(pieces, start, end, fake)
    return whole if _stands(whole, start, start + len(fake), addresses) else None


def _whole(pieces: Sequence[str], start: int, end: int, fake: str) -> list[str]:
    """The fake whole in the piece where the value starts, its other shares emptied."""
    out, pos = [], 0
    for piece in pieces:
        lo = pos
        pos += len(piece)
        head = piece[: max(0, start - lo)]  # the whole piece when it ends before the value
        tail = piece[max(0, end - lo) :]  # the whole piece when it starts after the value
        out.append(head + fake + tail if lo <= start < pos else head + tail)
    return out


def _stands(pieces: Sequence[str], start: int, end: int, addresses: bool) -> bool:
    """Whether every value a piece's run rules read over ``start:end`` (joined offsets) is exactly
    that span, the fake whole (which the faker then leaves: it issued it)."""
    pos = 0
    for piece in pieces:
        lo = pos
        pos += len(piece)
        if pos <= start or lo >= end:
            continue
        own = emails.address_spans(piece) if addresses else []
        own += values.pattern_spans(piece)
        if any(lo + s < end and start < lo + e and (lo + s, lo + e) != (start, end) for s, e in own):
            return False
    return True
