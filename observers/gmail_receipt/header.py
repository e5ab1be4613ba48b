"""A message's header: its sender and its date, never read from the body (spec §8.2, REAL-PAGES.md).

Gmail draws the header as the sender ``span[email][name]`` (the bracketed address beside it,
aria-hidden), then the recipients as ``to `` and a ``span[email]`` each, and the date as a span
whose ``title`` is the absolute time and whose text reads ``2:03 PM (5 minutes ago)``.

* The sender is the first shown ``[email]`` before the first recipient (the first ``[email]``
  led by the "to" text). With a "to" line and nothing before it, the sender is missing: taking
  the first ``[email]`` would make the first recipient the sender.
* The header is the smallest element holding the sender and the first recipient; when that is a
  table cell, its row (Gmail lays the date out in the cell beside the sender's). With no "to"
  line read, the rows around the sender with a cell beside the sender's, nearest first (a body is
  never inside them); a header drawn without a table runs from the sender to the body's first
  table, row or paragraph.
* The date is read in the header only, after the sender: every ``title`` first, then every
  ``aria-label``, then the text of every element with no block inside it; the first that reads
  as one minute wins. A source that shows a clock but never reads is ``time.unreadable``; nothing
  at all is ``selector.missing.time``. A date the body carries is never seen.
* A header regrouped beyond that (div columns, the sender wrapped in its cell, the date before the
  sender) shows no date there; the message's one date drawn as Gmail draws the header's, a ``title``
  on an element whose text ends with its age (``(5 minutes ago)``), is then its date (1.2.55).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta

from selectolax.lexbor import LexborNode

from attest_kit.contract import PassContext
from observers.gmail_receipt.selectors import SELECTORS
from observers.shared.dom import (
    ShownRule,
    ancestors,
    attr,
    element_children,
    shown_text_of,
    text_of,
)
from observers.shared.gmail_time import read_minute
from observers.shared.layout import holds_a_block

S = SELECTORS.selectors
A = SELECTORS.attributes
_CLOCK_LIKE = re.compile(SELECTORS.patterns.clock_like)
_RECIPIENT_LEAD = re.compile(SELECTORS.patterns.recipient_lead, re.I)
_RELATIVE_AGE = re.compile(SELECTORS.patterns.relative_age, re.I)
_CELLS = frozenset(t.strip() for t in S.cell.split(","))
_ROW = S.row
_HEADER_END = frozenset(t.strip() for t in S.header_end.split(","))
_LEAD_LEVELS = 3  # "to" may sit beside the recipient span or beside a wrapper of it


def _text_before(node: LexborNode, shown: ShownRule) -> str | None:
    """The nearest non-blank text the page draws before ``node`` among its siblings (or a wrapper's):
    a hidden "to " draws nothing."""
    current: LexborNode | None = node
    for _ in range(_LEAD_LEVELS):
        if current is None:
            return None
        sibling = current.prev
        while sibling is not None:
            text = (sibling.text_content or "") if sibling.is_text_node else (
                shown_text_of(sibling, shown) if sibling.is_element_node else "")
            if text.strip():
                return text.strip()
            sibling = sibling.prev
        current = current.parent
    return None


def _is_recipient(node: LexborNode, shown: ShownRule) -> bool:
    lead = _text_before(node, shown)
    return lead is not None and _RECIPIENT_LEAD.search(lead) is not None


def find_sender(item: LexborNode, shown: ShownRule) -> tuple[LexborNode | None, LexborNode | None]:
    """(sender, first recipient): the sender is None when no ``[email]`` precedes the recipients."""
    emails = shown.filter(item.css(S.sender))
    for index, node in enumerate(emails):
        if _is_recipient(node, shown):
            return (emails[0] if index > 0 else None), node
    return (emails[0] if emails else None), None


def _common_ancestor(a: LexborNode, b: LexborNode, stop: LexborNode) -> LexborNode:
    mine = {a.mem_id} | {up.mem_id for up in ancestors(a, stop=stop)}
    for up in ancestors(b, stop=stop):
        if up.mem_id in mine:
            return up
    return stop


def _after(root: LexborNode, sender: LexborNode) -> Iterator[LexborNode]:
    """The elements of ``root`` after the sender, in document order (lazily: a header drawn
    without a table stops at the body)."""
    after = False
    for node in root.traverse(include_text=False):
        if after:
            yield node
        after = after or node.mem_id == sender.mem_id


def _header_candidates(item: LexborNode, sender: LexborNode, recipient: LexborNode | None) -> list[list[LexborNode]]:
    """Where the header's date may be, nearest first; the first that shows a date is the header."""
    if recipient is not None:
        root = _common_ancestor(sender, recipient, item)
        if root.tag in _CELLS and root.parent is not None and root.mem_id != item.mem_id:
            root = root.parent  # the cell's row: the date sits in the cell beside the sender's
        # Never wider (a wrapper of the two inside their cell, div columns): each widening read a body's
        # date in some layout a review built (a body in the cell beside): DECISIONS.md, 1.2.2 and 1.2.51.
        return [list(_after(root, sender))]
    # No "to" line read. In a table header the rows around the sender that have a cell beside the
    # sender's are the header, nearest first (the sender may sit in a table of its own, an icon cell
    # beside it, and the date in the outer row's next cell); the body is never inside them.
    rows = [up for up in ancestors(sender, stop=item)
            if up.tag == _ROW and sum(1 for c in element_children(up) if c.tag in _CELLS) > 1]
    if rows:
        return [list(_after(row, sender)) for row in rows]
    # A header drawn without a table: from the sender to the body, which starts at its first table,
    # row or paragraph or at the element holding one (a receipt's "Order placed <date>" line sits in
    # a div before its first table, inside the body's element: read, it was the message's date).
    nodes: list[LexborNode] = []
    for node in _after(item, sender):
        if node.tag in _HEADER_END or node.css_first(S.header_end) is not None:
            break
        nodes.append(node)
    return [nodes]


def _inline_text(node: LexborNode) -> str | None:
    return None if holds_a_block(node) else text_of(node)


def message_minute(item: LexborNode, sender: LexborNode, recipient: LexborNode | None, ctx: PassContext,
                   shown: ShownRule) -> datetime | str:
    """The message's date from its header; the reason code when none reads."""
    found = "selector.missing.time"
    for candidate in _header_candidates(item, sender, recipient):
        minute = _minute_in([n for n in candidate if shown.shown(n)], ctx)
        if not isinstance(minute, str):
            return minute
        if minute == "time.unreadable":
            found = minute
    if found == "selector.missing.time" and (aged := _aged_date(item, sender, ctx, shown)) is not None:
        return aged
    return found


def _aged_date(item: LexborNode, sender: LexborNode, ctx: PassContext, shown: ShownRule) -> datetime | None:
    """The message's one shown date drawn as Gmail draws the header's: a ``title`` that reads as a minute on an
    element whose text ends with its age (``2:03 PM (5 minutes ago)``), wherever a regrouped header put it (div
    columns, a wrapped sender, the date before the sender: 1.2.55), but before the body: an element of the item
    that holds neither the sender nor anything after the body's start (its first table, row or paragraph
    after the sender, or the element holding one), and whose nearest block with the sender draws only a
    header's parts (a text mail's body has no table to start at: 1.2.58, 1.2.60). None unless every
    such element names one minute, and, for a title that leaves its day to the pass, one its age does not
    contradict (a clock-only title read as today beside "(2 days ago)"): never a guess."""
    minutes: set[datetime] = set()
    others: set[datetime] = set()  # minutes titled without an age before the body: the header's, drawn elsewhere?
    holds_sender = {up.mem_id for up in ancestors(sender, stop=item)}
    headers: dict[int, bool] = {}  # block → whether it holds only a header's parts (read once per block)
    keys = item.css(S.message_key)  # the sender's message, where an item holds several (a hand-built page)
    message = next((key for key in reversed(keys) if key.mem_id in holds_sender or key.mem_id == sender.mem_id), item)
    after_sender = clock_elsewhere = False
    in_aged: set[int] = set()  # the elements of the aged dates met (their clocks are theirs)
    for node in item.traverse(include_text=False):
        if node.mem_id == sender.mem_id:
            after_sender = True
        elif after_sender and (node.tag in _HEADER_END or node.css_first(S.header_end) is not None):
            break  # the body starts here (as for a header drawn without a table)
        if node.mem_id in in_aged or not shown.shown(node):
            continue
        title = attr(node, A.title)
        age = _RELATIVE_AGE.search(shown_text_of(node, shown)) if title and node.mem_id not in holds_sender else None
        if age is None:
            if title and node.mem_id not in holds_sender and (other := read_minute(title, ctx.instant, ctx.tz)):
                others.add(other)  # another titled minute: the aged one must be it
            else:
                # a clock drawn or labelled anywhere else before the body: the header's date, in a form not read here
                clock_elsewhere = clock_elsewhere or _shows_a_clock(node)
            continue
        in_aged.update(part.mem_id for part in node.traverse(include_text=False))
        if not _only_the_header(_common_ancestor(node, sender, message), node, headers, shown):
            continue  # the body's: its nearest block with the sender holds more than a header (1.2.60)
        minute = read_minute(title, ctx.instant, ctx.tz)
        if minute is None or not _age_allows(title, minute, ctx, age):
            return None
        minutes.add(minute)
    # another minute titled before the body (the header's own date, drawn outside its block with the sender), or
    # a clock drawn or labelled there in another form, makes the aged one a guess (1.2.63, 1.2.65)
    return next(iter(minutes)) if len(minutes) == 1 and others <= minutes and not clock_elsewhere else None


def _shows_a_clock(node: LexborNode) -> bool:
    """Whether the element's own text (not its children's) or a label of it (title, aria-label, datetime) holds a
    clock ("9:41 AM", "2026-11-30 09:41")."""
    attrs = node.attributes
    if any(_COLON_CLOCK.search(attrs.get(name) or "") for name in (A.title, A.aria_label, "datetime")):
        return True
    return any(child.is_text_node and _COLON_CLOCK.search(child.text_content or "")
               for child in node.iter(include_text=True))


#: A clock as a header writes one, with a colon ("9:41"): "48.00" is an amount as often.
_COLON_CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d:])")


def _only_the_header(block: LexborNode, date: LexborNode, known: dict[int, bool], shown: ShownRule) -> bool:
    """Whether ``block`` draws nothing but a header's parts: its people (``[email]`` elements, the sender among
    them), a date marked with its age (``date``, or another such), the bracketed addresses and the header's own
    words (``labels.headerWords``: "to me", "bcc"). Any other word it draws, aria-hidden or not, is the body's
    (a text column beside the header, a total line, a signature), so the date beside it is not read there
    (1.2.60: reading money instead let a total drawn inline pass; 1.2.63: the drawn text, each text apart)."""
    if block.mem_id not in known:
        left_out: set[int] = set()
        for part in [date, *block.css(f"[{A.email}]")]:
            left_out.update(node.mem_id for node in part.traverse(include_text=True))
        texts = [node.text_content or "" for node in block.traverse(include_text=True)
                 if node.is_text_node and node.mem_id not in left_out and node.parent is not None
                 and shown.shown(node.parent)]
        text = _BRACKETED_ADDRESS.sub(" ", _RELATIVE_AGE_ANYWHERE.sub(" ", " ".join(texts)))
        known[block.mem_id] = all(word in _HEADER_WORDS for word in re.findall(r"[^\W_]+", text.casefold()))
    return known[block.mem_id]


_HEADER_WORDS = frozenset(word.casefold() for word in SELECTORS.labels.header_words)
_BRACKETED_ADDRESS = re.compile(r"[<(]?[^\s<>()]+@[^\s<>()]+[>)]?")
_RELATIVE_AGE_ANYWHERE = re.compile(SELECTORS.patterns.relative_age.rstrip("$"), re.I)


#: Each unit of a relative age, in seconds (a month and a year at their longest).
_AGE_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400, "month": 31 * 86400,
              "year": 366 * 86400}


def _age_allows(title: str, minute: datetime, ctx: PassContext, age: re.Match[str]) -> bool:
    """Whether the age beside a title allows its minute. A title that names its day whole (read the same from a
    pass 400 days later: it holds its year) is dated by itself, and the age is the mark of Gmail's header date: a
    page drawn earlier shows an age shorter than the time since (REAL-PAGES' "(5 minutes ago)" read an hour on,
    1.2.89), never a longer one. A title that leaves its day to the pass (a clock) must agree with its age."""
    elapsed = ctx.instant - minute
    if minute.year >= _FIRST_MAIL_YEAR and read_minute(title, ctx.instant + timedelta(days=400), ctx.tz) == minute:
        return elapsed.total_seconds() >= _age_bounds(age)[0]
    return _age_agrees(elapsed, age)


#: No Gmail page was drawn before Gmail opened (2004): a "whole" date before it ("Nov 30, 1234", a reference number
#: read as a year) beside an age is a contradiction, held to the full agreement check (a review of 1.2.90).
_FIRST_MAIL_YEAR = 2004


def _age_bounds(age: re.Match[str]) -> tuple[float, float]:
    """The seconds an age written allows: from half a unit less (Gmail may round it) to a unit more (or cut it),
    give or take the date's minute."""
    count = int(age.group(1)) if age.group(1).isdigit() else 1
    unit = _AGE_UNITS[age.group(2).lower()]
    return (count - 0.5) * unit - 60, (count + 1) * unit + 60


def _age_agrees(elapsed: timedelta, age: re.Match[str]) -> bool:
    """Whether ``elapsed`` (the pass instant less the date) is the age written (``_age_bounds``). "(1 day ago)"
    is never today."""
    low, high = _age_bounds(age)
    return low <= elapsed.total_seconds() <= high


def _minute_in(nodes: list[LexborNode], ctx: PassContext) -> datetime | str:
    """Every title first, then every aria-label, then inline texts; the first that reads wins."""
    sources: tuple[Callable[[LexborNode], str | None], ...] = (
        lambda n: attr(n, A.title), lambda n: attr(n, A.aria_label), _inline_text)
    for source in sources:
        clock_seen = False
        for node in nodes:
            value = source(node)
            if not value:
                continue
            minute = read_minute(value, ctx.instant, ctx.tz)
            if minute is not None:
                return minute
            clock_seen = clock_seen or _CLOCK_LIKE.search(value) is not None
        if clock_seen:
            return "time.unreadable"
    return "selector.missing.time"
