"""Values split by inline markup: read across it, and moved whole into one text for the value rules.

Gmail draws a search's matches in an element of their own, so an address or a number on a search
page reads ``ada.quorn@<b>corp-mail</b>.io`` or ``<b>415</b>-555-0199``. The value rules read one text
run at a time (``model.TextRun``: only ``<wbr>`` joins texts), so each piece alone held no value and
kept its characters. Here the runs that only plain inline elements part (``_plain_inline``: a span, a
bold, a link, nothing that starts a line or that an observer reads) are read as one text, and a value
crossing a piece's edge (an address, a card, a phone, an amount, a street, a card ending with its
words, a Meet code, a word an id label names, a name the rules know, a web address) is moved whole
into the piece where it starts; the value's other characters leave
their pieces (a highlight around part of a value is left empty), and no other character moves. Texts
a block, a ``<br>`` or any other element parts are never joined (two table cells, "3" and "Main
Street", are no street).

This runs first, over the page's own texts, and rewrites them (``valuepass._rewrite_run``): every
rule after it reads one page, and the run rules fake the value, now whole in one text, as any other
(``joined_pieces`` says why it is not faked here). A value that the piece it would move into reads
otherwise is left as it stands.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING

from selectolax.lexbor import LexborNode

from sanitize import emails, values
from sanitize.model import INLINE_TAGS, TextRun
from sanitize.display_names import DISPLAY_BEFORE, DISPLAY_COMMA
from sanitize.receipt_labels import CARD_ENDING_INLINE, _label_hint, may_name_card_ending, named_words
from sanitize.urls import drop_queries, holds_web_address

if TYPE_CHECKING:
    from sanitize.people import NameRules

#: A text's end or start that no value can hold: a value crossing the edge holds the characters on
#: both sides of it, so a pair with one of these beside the edge is never read further.
_EDGE_STOP = frozenset("!?;\"<>[]{}|=^~`")
#: Attributes an observer reads an element by (``_plain_inline``).
_OBSERVED_ATTRIBUTES = frozenset({"role", "email", "name", "title"})
#: A declared display other than inline (or inline-block, contents: the text still runs on in the line).
_NOT_INLINE = re.compile(r"(?:^|;)\s*display\s*:\s*+(?!inline(?:-block)?\s*(?:;|$|!)|contents\s*(?:;|$|!))", re.I)
#: A declared vertical-align other than the baseline: raised or lowered text is drawn apart (``$41`` and cents).
_RAISED = re.compile(r"vertical-align\s*:\s*+(?!baseline\b)", re.I)
#: The most element edges between two pieces (``a``'s parents closing, ``b``'s opening).
_MAX_STEPS = 12
#: How far before or after an edge a value crossing it may hold its "@" or a street its number.
_REACH = 64
#: How far from any point inside a card, a phone or an amount its nearest digit may be ("12 US|D").
_DIGIT_NEAR = 6
#: How far after a card ending's words its digits may stand ("ending with 4242", "Last 4 digits: 4242").
_ENDING_NEAR = 24
_DIGIT = re.compile(r"\d")
_HAS_DIGIT = _DIGIT.search
_ANY_HINT = re.compile(r"[\d@%]").search
_SPACE = re.compile(r"\s").search


def inline_joined(a: LexborNode, b: LexborNode) -> bool:
    """Whether only plain inline elements' edges (``_plain_inline``) stand between text node ``a`` and
    the next text node ``b`` in document order (``<b>`` closing and opening, an empty ``<span></span>``)."""
    target = b.mem_id
    node = a
    for _ in range(_MAX_STEPS):
        nxt = node.next
        while nxt is None:  # climb out of the elements a text ends
            parent = node.parent
            if parent is None or not _plain_inline(parent):
                return False
            node, nxt = parent, parent.next
        node = nxt
        while node.mem_id != target:  # into the elements b starts in
            if not _plain_inline(node):
                return False
            child = node.child
            if child is None:
                break  # an empty inline element: go on after it
            node = child
        else:
            return True
    return False


def _plain_inline(node: LexborNode) -> bool:
    """An element a search's highlight may be: an inline tag (``INLINE_TAGS``), drawn inline (a capture
    writes the computed ``display`` of every element: a span drawn as a block parts texts), and carrying
    nothing an observer reads (a role, ``aria-*``, ``data-*``, an address or a name, a title): Gmail's
    sender, subject and snippet spans carry those, and their texts are never joined. Nor is one raised or
    lowered (``vertical-align``), as ``sup`` and ``sub`` are not inline tags here."""
    if node.tag not in INLINE_TAGS:
        return False
    for name, value in node.attributes.items():
        lower = name.lower()
        if lower in _OBSERVED_ATTRIBUTES or lower.startswith(("aria-", "data-")):
            return False
        if lower == "style" and value and (_NOT_INLINE.search(value) or _RAISED.search(value)):
            return False
    return True


def groups(runs: Sequence[TextRun], texts: Sequence[str], after_inline: Sequence[int], skip: set[int],
           names: NameRules | None = None) -> list[list[int]]:
    """Indexes of runs read as one text: two or more runs in a row (``texts[i]`` is ``runs[i]``'s text),
    each pair with only inline elements between them and an edge a value may cross (``_may_cross``).
    Only the runs of ``after_inline`` (``model.Walk``: none but inline elements opened since the run
    before) are read, their texts first; nodes only for a pair the texts allow. Runs in ``skip`` (a
    seeded secret) part. With ``names``, an edge a name may hold (``NameRules.may_run_on``) is read too."""
    found: list[list[int]] = []
    chain: list[int] = []
    tail = ""  # the end of the chain's text
    at = False  # the chain holds an "@" (plain or encoded), however far back (a long domain's labels)
    web = False  # the run of non-space text that ends the chain holds a "/" (a long query's start)
    stop = _EDGE_STOP
    for k, i in enumerate(after_inline):
        text, prev = texts[i], texts[i - 1]
        going_on = bool(chain) and chain[-1] == i - 1
        # the edge's two characters first: most edges end here ("Oct 6" and a line break)
        last, first = (prev[-1], text[0]) if text and prev else (" ", " ")
        if (last.isspace() and first.isspace()) or (last in stop or first in stop) and not (
            _held_through(prev, _line_ahead(texts, after_inline, k)) or going_on and _held_by_chain(last, first, at, web)
        ):
            if chain:
                found.append(chain)
                chain = []
            continue
        before = tail if going_on else prev[-_REACH:]
        # what may follow in the line, for the hints: a value's "@" or digit may stand pieces further on, but
        # only while no white space ends the word at the edge ("Fitz Quorn" ends it: no address reaches past)
        ahead = text
        # ... or a display name's "<" opens the address it is read with ("Ada <b>Quorn</b> <<b>ada</b>.quorn@…>",
        # "Ada <b>Quorn</b> <ada.<b>quorn</b>@…>")
        if len(text) < _DIGIT_NEAR or (len(text) < _REACH and (_SPACE(text) is None or _opens_a_bracket(text))):
            ahead = _line_ahead(texts, after_inline, k)
            if ahead.isspace():  # white space alone up to a part ("Oct 6", a line break, a cell): nothing runs on
                if chain:
                    found.append(chain)
                    chain = []
                continue
        if (
            (going_on and (at or web and not last.isspace() and not first.isspace()) or _may_cross(before, ahead)
             or names is not None and names.may_run_on(before, ahead))
            and not (skip and (runs[i].nodes[0].mem_id in skip or runs[i - 1].nodes[0].mem_id in skip))
            and inline_joined(runs[i - 1].nodes[-1], runs[i].nodes[0])
        ):
            if not going_on:
                if chain:
                    found.append(chain)
                chain = [i - 1]
                at = "@" in prev or "%40" in prev
                web = _ends_in_slashed_run(False, prev)
            chain.append(i)
            at = at or "@" in text or "%40" in text
            web = _ends_in_slashed_run(web, text)
            tail = (before + text)[-_REACH:]
        elif chain:
            found.append(chain)
            chain = []
    if chain:
        found.append(chain)
    return found


def _opens_a_bracket(text: str) -> bool:
    """Whether the last word of ``text`` opens a bracket (``" <"``, ``" <ada."``), or follows a comma and
    runs on to the text's end (``", ada."``), or the text ends with a comma (``" Quorn, "``): an address may go on
    in the pieces after it, read with the display name before it (``Name <address>``, ``Name Name, address``)."""
    tail = text.rstrip()
    if not tail:
        return False
    head, _, last = tail.rpartition(" ")
    return last[:1] in "<([" or tail.endswith(",") or (tail == text and head.rstrip().endswith(","))


def _held_through(prev: str, text: str) -> bool:
    """Whether a value holds an edge beside a character ``_EDGE_STOP`` names: a web address's query
    (``/track?order=<b>W…</b>``: read in pieces, a piece was cut to its host and the next pass joined the
    rest, or a password stayed), or the brackets around an address (``Ada Quorn <<b>ada@…</b>>``: the
    display name is read with its address in one text)."""
    last, first = prev[-1], text[0]
    if last in "<>[]" or first in "<>[]":
        return "@" in prev[-_REACH:] or "@" in text[:_REACH]
    if last.isspace() or first.isspace():
        return False
    held = prev[-_REACH:].rsplit(None, 1)[-1] + text[:_REACH].split(None, 1)[0]
    return "/" in held


def _line_ahead(texts: Sequence[str], after_inline: Sequence[int], k: int) -> str:
    """The text of run ``after_inline[k]`` and of the runs after it in a row, up to ``_REACH`` characters."""
    i = after_inline[k]
    ahead = texts[i]
    j = k + 1
    while len(ahead) < _REACH and j < len(after_inline) and after_inline[j] == i + j - k:
        ahead += texts[after_inline[j]]
        j += 1
    return ahead


def _held_by_chain(last: str, first: str, at: bool, web: bool) -> bool:
    """``_held_through`` for an edge a chain reaches: its "@" may stand further back than the edge's
    texts (an address's ">" after a highlighted domain), and so may its web address's "/" (a long query)."""
    if last in "<>[]" or first in "<>[]":
        return at
    return web and not last.isspace() and not first.isspace()


def _ends_in_slashed_run(web: bool, text: str) -> bool:
    """Whether the run of non-space text that ends ``text`` (and, with no white space in ``text``, the run
    before it: ``web``) holds a "/"."""
    if not text or text[-1].isspace():
        return False
    if _SPACE(text) is None:
        return web or "/" in text
    return "/" in text.rsplit(None, 1)[-1]


def _in_meet_code(ch: str) -> bool:
    return ch == "-" or "a" <= ch <= "z"


def _may_cross(before: str, after: str) -> bool:
    """Whether a value the rules fake may hold the edge between ``before`` (the end of the text read so
    far) and ``after`` (what follows in the line). Every value holds, near any point inside it, one of:
    a digit within ``_DIGIT_NEAR`` characters (a card, a phone, an amount, whose currency word or code
    is at most three letters), an "@" within ``_REACH`` (an address), a hyphen within five characters
    between lower-case letters (a Meet code), a street's number before its name words
    (``values._STREET_HINT``, within ``_REACH``), a card ending's words and its digits within
    ``_ENDING_NEAR`` after the edge, or in the word holding the edge a web address's "/", "?" or "#" or,
    after a label's words, a digit (a labelled id). A character no value holds beside the edge
    (``_EDGE_STOP``) rules it out before this (``groups``)."""
    if "-" in before[-5:] + after[:5] and _in_meet_code(before[-1]) and _in_meet_code(after[0]):
        return True  # a Meet code's letters and hyphens (abc-<b>defg</b>-hij)
    head = after[:_REACH]
    # the word holding the edge: a web address's "/", "?" or "#", or a labelled id's digit far from the edge
    held = "" if before[-1].isspace() or head[0].isspace() else before.rsplit(None, 1)[-1] + head.split(None, 1)[0]
    if held and ("/" in held or "?" in held or "#" in held):
        return True
    hint_before, hint_after = _ANY_HINT(before) is not None, _ANY_HINT(head) is not None
    if not hint_before and not hint_after:
        return False  # most edges: no digit, "@" or "%" on either side (one scan each)
    if "@" in before or "@" in head or "%40" in before or "%40" in head:
        return True
    if hint_before:
        if _DIGIT.search(before, len(before) - _DIGIT_NEAR) is not None:
            return True
        # a street's number and name words run to the edge with no comma, sign or bracket between
        words = before[max(before.rfind(","), before.rfind("$"), before.rfind("("), before.rfind(")")) + 1 :]
        if _DIGIT.search(words) is not None and values.may_start_a_street(words):
            return True
    if hint_after:
        if _DIGIT.search(after, 0, _DIGIT_NEAR) is not None:
            return True
        if _DIGIT.search(after, 0, _ENDING_NEAR) is not None and may_name_card_ending(
                before[-_ENDING_NEAR:] + after[:_ENDING_NEAR]):
            return True
    # a labelled id's word holding the edge, its digits further off ("Order #ABCDEFGH<b>IJKLM9</b>")
    return bool(held) and _DIGIT.search(held) is not None and _label_hint(before)


@dataclass(frozen=True)
class Reading:
    """What the join reads as a value beside the value patterns: email addresses (``addresses``) and web
    addresses (``web``; a committed page's were settled by its capture), and the names the rules know."""

    addresses: bool = True
    names: NameRules | None = None
    web: bool = True


def crossing_spans(text: str, cuts: Sequence[int], reading: Reading = Reading()) -> list[tuple[int, int]]:
    """The spans of ``text`` holding a value (``_value_spans``) that cross one of ``cuts``, in order,
    none overlapping. A number is not read across an edge with a digit on both sides: digits drawn apart
    are two numbers to the receipt observer (``$41<small>04</small>``: raised or smaller cents, no one
    amount), and a fake keeps digits digits, so the next pass reads the edge the same way; so is no
    labelled word of digits alone (``Order total: 41<small>04</small>``: an id's label before digits drawn
    apart). An address, a web address and a labelled word with a letter or a separator are (each is cut or
    faked whole, and is no amount: read apart in one pass and across in the next, it moved)."""
    addressed = emails.address_spans(text) if reading.addresses else []
    words = labelled_word_spans(text)
    webs = web_address_spans(text) if reading.web else []
    shown = display_name_spans(text, webs) if reading.addresses else []
    # a labelled word holding a letter or a separator is no amount drawn apart ("1Z999AA1012<b>34</b>5678")
    whole = set(addressed) | set(webs) | set(shown) | {(s, e) for s, e in words if not text[s:e].isdigit()}
    found = []
    for s, e in _value_spans(text, addressed, reading, words, webs, shown):  # in text order, none overlapping
        inside = cuts[bisect_right(cuts, s) : bisect_left(cuts, e)]  # the cuts s < c < e (sorted)
        if inside and ((s, e) in whole or not any(text[c - 1].isdigit() and text[c].isdigit() for c in inside)):
            found.append((s, e))
    return found


def labelled_word_spans(text: str) -> list[tuple[int, int]]:
    """The words an inline id label names in ``text`` (``receipt_labels.named_words``); a word a value
    pattern owns is its rule's, and ``_value_spans`` reads those first."""
    if not _HAS_DIGIT(text) or not _label_hint(text):
        return []
    return [(start, start + len(word)) for _, _, start, word in named_words(text)]


_NOT_WHITE = re.compile(r"\S+")


def web_address_spans(text: str) -> list[tuple[int, int]]:
    """Each run of text between white space that holds a web address or a query the address rules read
    (``urls.holds_web_address``, ``urls.drop_queries``): ``meet.google.com/<b>abc-defg-hij</b>`` read in
    pieces kept its Meet code (a piece alone is no address), a highlighted host kept its path, and the
    page's own address, kept whole, was cut as another host's where a highlight cut its host."""
    if "/" not in text and "?" not in text and "#" not in text:
        return []
    return [m.span() for m in _NOT_WHITE.finditer(text)
            if ("/" in (run := m.group()) or "?" in run or "#" in run)
            and (holds_web_address(run) or drop_queries(run) != run)]


def display_name_spans(text: str, webs: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Each ``Name <address>`` (``display_names.DISPLAY_BEFORE``) in ``text``, name to closing bracket, and each
    ``Name Name, address`` (``display_names.DISPLAY_COMMA``), name to the address's end: read in pieces
    (``From: Ada <b>Quorn</b> <ada@…>``), the name was never learned, and kept its words here and wherever else
    the page wrote it. The span starts where the pattern's words do (a Groups sender's person too: ``Ada
    <b>Quorn</b> via Team <…>``), or after a web address of ``webs`` they overlap (the pattern also matched a
    web address's last word, ``…?pwd=Qx7TzK2pLm Ada Quorn <…>``, and the web address's span took it whole)."""
    if "@" not in text:
        return []
    spans = []
    if "<" in text or "(" in text or "[" in text:
        for m in DISPLAY_BEFORE.finditer(text):
            spans.append((m.start(1), m.end()))
    if "," in text:
        spans += [(m.start(1), m.end()) for m in DISPLAY_COMMA.finditer(text)]
    if not webs or not spans:
        return sorted(spans)
    trimmed = []
    for s, e in sorted(spans):
        i = bisect_right(webs, (s, len(text) + 1))  # the web addresses starting at or before s ...
        if i and webs[i - 1][1] > s:  # ... the last of which runs into the name
            s = webs[i - 1][1]
            while s < e and text[s].isspace():
                s += 1
        if s < e:
            trimmed.append((s, e))
    return trimmed


def _value_spans(text: str, addressed: list[tuple[int, int]], reading: Reading = Reading(),
                 words: list[tuple[int, int]] | None = None,
                 webs: list[tuple[int, int]] | None = None,
                 shown: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Where the value rules read a value in ``text``: a web address the address rules cut
    (``web_address_spans``, or ``webs`` when read already: whatever it holds goes with it), a display name
    with its address (``display_name_spans``, or ``shown``), an email
    address (``addressed``: ``emails.address_spans`` of it, or none where they are not read), then a card,
    phone, amount or street (``values.pattern_spans``), a card ending with the words that make it one
    ("Visa ending in 4242": a search for the ending draws it in an element of its own), a Meet code, a
    word an id label names (``labelled_word_spans``, or ``words``) and a name the reading knows, each not
    overlapping one found before it. In text order."""
    spans: list[tuple[int, int]] = []  # sorted, none overlapping: a new span is checked against its two
    starts: list[int] = []  # neighbours only (against every span found, a text of thousands was n^2)

    def add(found) -> None:
        for s, e in found:
            i = bisect_left(starts, s)
            if (i > 0 and spans[i - 1][1] > s) or (i < len(spans) and spans[i][0] < e):
                continue
            starts.insert(i, s)
            spans.insert(i, (s, e))

    if reading.web:  # first: a display name's pattern may start inside an address ("/abc-defg-hij, Ada …")
        add(web_address_spans(text) if webs is None else webs)
    if reading.addresses:  # a display name with its address: the name rule learns it from one text
        add(display_name_spans(text, spans if reading.web else ()) if shown is None else shown)
    add(sorted(addressed))  # a plain and an encoded address may overlap
    add(values.pattern_spans(text))
    if may_name_card_ending(text):
        add(m.span() for m in CARD_ENDING_INLINE.finditer(text))
    if "-" in text:
        add(m.span() for m in values.MEET.finditer(text))
    add(labelled_word_spans(text) if words is None else words)  # after the patterns: a word one holds is its rule's
    if reading.names is not None:
        add(reading.names.spans(text))
    return spans


def joined_pieces(pieces: Sequence[str], spans: Sequence[tuple[int, int]], reading: Reading = Reading()) -> list[str]:
    """``pieces`` with each value of ``spans`` (offsets in their joined text) moved whole into the piece
    where it starts (the other pieces lose their share of it), unless the rules reading that piece alone
    would then read anything but that value there (a card's first groups that read as a phone alone
    are not moved next to its last group, lest the phone be read over part of the card).

    The value is moved, not faked: the run rules then read it whole in one text, as on a page that never
    split it, and fake it with everything they know (one value, one fake; a label's next words owned by
    the value's pattern; an amount's fake that no rule fakes again). Faked here, the run rules of the
    same pass read the fake as a value of the page and faked it again (an amount is a fixed point only
    in the second pass).

    >>> joined_pieces(["call ", "415", "-555-0199 now"], [(5, 17)])
    ['call ', '415-555-0199', ' now']
    >>> joined_pieces(["mail ada@", "corp", ".io!"], [(5, 16)])
    ['mail ada@corp.io', '', '!']
    """
    joined = "".join(pieces)
    out = list(pieces)
    ends = list(accumulate(len(p) for p in pieces))
    for start, end in reversed(spans):  # right to left: a move changes no offset before it
        # an address's closing bracket goes with it ("Wyn Tarrow <wyn@<b>quillmarsh</b>.io>"): the display
        # name rule reads "Name <address>" in one text
        stop = end + 1 if joined[end : end + 1] in (">", ")", "]") and "@" in joined[start:end] else end
        # only the pieces the value touches are read and rewritten (all of them per value was n^2)
        first, last = bisect_right(ends, start), bisect_left(ends, stop)
        lo = ends[first] - len(pieces[first])
        moved = _whole(out[first : last + 1], start - lo, stop - lo, joined[start:stop])
        if _stands(moved, start - lo, end - lo, reading):
            out[first : last + 1] = moved
    return out


def _whole(pieces: Sequence[str], start: int, end: int, value: str) -> list[str]:
    """``value`` whole in the piece where ``start:end`` starts, that span's shares emptied."""
    out, pos = [], 0
    for piece in pieces:
        lo = pos
        pos += len(piece)
        head = piece[: max(0, start - lo)]  # the whole piece when it ends before the value
        tail = piece[max(0, end - lo) :]  # the whole piece when it starts after the value
        out.append(head + value + tail if lo <= start < pos else head + tail)
    return out


def _stands(pieces: Sequence[str], start: int, end: int, reading: Reading) -> bool:
    """Whether every value a piece's run rules read over ``start:end`` (joined offsets) is exactly that span
    (or, for an address, a display name's span holding it whole): the value whole, as one value."""
    pos = 0
    for piece in pieces:
        lo = pos
        pos += len(piece)
        if pos <= start or lo >= end:
            continue
        # an address a display name's span holds whole is read whole too ("Ada Quorn, ada@…"); any other
        # overlap is not (a card's first groups read as a phone)
        address = "@" in piece[max(start - lo, 0) : end - lo]
        if any(lo + s < end and start < lo + e and (lo + s, lo + e) != (start, end)
               and not (address and lo + s <= start and end <= lo + e)
               for s, e in _value_spans(piece, emails.address_spans(piece) if reading.addresses else [], reading)):
            return False
    return True
