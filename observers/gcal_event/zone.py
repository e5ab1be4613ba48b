"""The zone hint: the GMT offset Calendar writes above its hour gutter, held to the browser's zone.

Calendar draws its grid in its own zone setting; the reader places every event in the browser's
(spec §8.3 known limits: the browser's zone must match Calendar's). The gutter's hint (``GMT-07``,
``GMT+05:30``; ``UTC±…``, ``GMT+0530`` and a U+2212 minus read too) tells the two apart: it must be the
browser zone's offset at noon of the visible days. ``GMT`` alone is unreadable: a reader cannot tell a zero
offset from one the page draws in another node (``<span>GMT</span> <span>-05</span>``).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from selectolax.lexbor import LexborNode

from observers.gcal_event.selectors import SELECTORS
from observers.gcal_event.sentence import local_midnight
from observers.shared.dom import ShownRule, ancestors, attr, is_inside, shown_text_of
from observers.shared.layout import holds_a_block

A = SELECTORS.attributes
_ZONE = re.compile(SELECTORS.patterns.zone_hint)
_ZONE_CANDIDATE = re.compile(SELECTORS.patterns.zone_hint_candidate)


#: Longer than any zone hint ("GMT+05:30" is 9): a climb from a text stops at an element holding more.
_HINT_MAX_TEXT = 12


def _hint_elements(main: LexborNode, shown: ShownRule) -> list[tuple[LexborNode, str]]:
    """Each element in main that writes a zone hint, with the text it draws: from each short text, the nearest
    element whose whole drawn text is one (a hint may be split across nodes, "G<span>MT-05</span>" or
    "GMT-0<!---->8"), climbing through inline elements only; of those one run of text holds, the outermost
    ("GMT+05" inside "GMT+05:30"). A text that starts like a hint and never reads is its own element's (an
    unreadable hint)."""
    found: dict[int, tuple[LexborNode, str]] = {}
    texts: dict[int, str] = {}  # memos per element: many short texts share a parent
    blocks: dict[int, bool] = {}
    for node in main.traverse(include_text=True):
        if node.tag != "-text":
            continue
        own = (node.text_content or "").strip()
        if not own or len(own) > _HINT_MAX_TEXT:
            continue
        current = node.parent
        while current is not None and current.mem_id != main.mem_id:
            text = texts.get(current.mem_id)
            if text is None:
                text = texts[current.mem_id] = shown_text_of(current, shown)
            block = blocks.get(current.mem_id)
            if block is None and len(text) <= _HINT_MAX_TEXT:
                block = blocks[current.mem_id] = holds_a_block(current)
            if len(text) > _HINT_MAX_TEXT or block:
                current = None  # a hint is one run of inline text: blocks never run together ("GMT-7" and a "7")
                break
            if _ZONE.match(text):
                break
            current = current.parent
        if current is not None and current.mem_id != main.mem_id:
            found.setdefault(current.mem_id, (current, texts[current.mem_id]))
        elif _ZONE_CANDIDATE.match(own) and node.parent is not None:  # GMT…, UTC± (1.3.42; "UTC" alone is a word)
            found.setdefault(node.parent.mem_id, (node.parent, own))
    values = list(found.values())
    # one run of inline text is one hint: the outermost reading wins ("GMT+05" inside "GMT+05:30")
    return [(e, t) for e, t in values if not any(o.mem_id != e.mem_id and is_inside(e, o) for o, _ in values)]


def _zone_hints(main: LexborNode, shown: ShownRule) -> tuple[set[int], bool]:
    """The GMT offsets (minutes) the shown main names, and whether one did not read."""
    offsets: set[int] = set()
    unreadable = False
    for element, text in _hint_elements(main, shown):
        if not shown.shown(element):
            continue
        if attr(element, A.event_id) is not None or any(attr(a, A.event_id) is not None for a in ancestors(element)):
            continue  # text inside a chip is the event's, not the page's
        match = _ZONE.match(text)
        if match is None or int(match.group(2)) > 14 or int(match.group(3) or 0) > 59:
            unreadable = True  # "GMT" alone among them: its offset may be drawn in another node (1.3.44)
            continue
        minutes = int(match.group(2)) * 60 + int(match.group(3) or 0)
        offsets.add(-minutes if match.group(1) in ("-", "\u2212") else minutes)
    return offsets, unreadable


_QUARTER_HOUR = timedelta(minutes=15)


def _offset_minutes(moment: datetime) -> int:
    return int((moment.utcoffset() or timedelta(0)).total_seconds() // 60)


def _offsets_during(day: date, tz: ZoneInfo) -> set[int]:
    """Every offset ``tz`` has at some instant of the local day ``day``, read at real instants every
    quarter hour (wall-clock hours name a skipped hour, or only one of a repeated one, on the days the
    clocks change at midnight: Havana, Santiago, the Azores)."""
    start, end = local_midnight(day, tz), local_midnight(day + timedelta(days=1), tz)
    steps = int((end - start) / _QUARTER_HOUR)
    return {_offset_minutes((start + i * _QUARTER_HOUR).astimezone(tz)) for i in range(steps)}


def zone_reason(main: LexborNode, shown: ShownRule, visible: list[date], tz: ZoneInfo) -> str | None:
    """``time_zone.ambiguous`` or ``time_zone.mismatch`` when the hint the main shows is not the browser
    zone's offset over the visible days (spec §8.3: the browser's zone must match Calendar's), else None."""
    offsets, unreadable = _zone_hints(main, shown)
    if unreadable or len(offsets) > 1:
        return "time_zone.ambiguous"
    if not offsets or not visible:
        return None  # a month view draws no hour gutter: nothing to compare
    # The browser's offsets at noon of each visible day are the page's own. An offset the zone has
    # only at some other hour of the range (the first hours of the day the clocks go back) may be
    # Calendar's label for that week, or another zone's: which one is not known, so it is
    # ambiguous, never read (an hour off for every event would be a wrong reading).
    at_noon = {_offset_minutes(datetime(day.year, day.month, day.day, 12, tzinfo=tz)) for day in visible}
    if offsets <= at_noon:
        return None  # the common case: no instant of the range need be read
    elsewhere = {offset for day in visible for offset in _offsets_during(day, tz)}
    return "time_zone.ambiguous" if offsets <= at_noon | elsewhere else "time_zone.mismatch"
