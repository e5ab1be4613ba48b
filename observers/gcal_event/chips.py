"""The event chips of a Calendar page: each chip's accessible sentence, read into its event (pass-read.ts).

A chip is an element carrying ``data-eventid`` (all-day chips carry it on a parent of their button);
its sentence is the button's aria-label or its visually hidden first child, and its shown lines settle
a title holding commas. A chip that does not read, two chips of one event that disagree, a button
reading as an event with no id, or a month showing an event make the pass ``event.unreadable``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from selectolax.lexbor import LexborNode

from attest_kit.contract import PassContext
from attest_kit.hashing import sha256_hex
from attest_kit.text import one_line
from observers.gcal_event.selectors import SELECTORS
from observers.gcal_event.sentence import Sentence, parse_sentence
from observers.gcal_event.sentence_parts import unlisted_calendar_names
from observers.shared.dom import ShownRule, ancestors, aria_true, attr, element_children, accessible_text_within, text_of

S = SELECTORS.selectors
A = SELECTORS.attributes
_DAY_EVENT_COUNT = re.compile(SELECTORS.patterns.day_event_count, re.I)


@dataclass
class ChipsRead:
    """What the chips say: each event's sentence by key (SHA-256 of its id), and the reasons they give."""

    events: dict[str, Sentence] = field(default_factory=dict)
    reasons: set[str] = field(default_factory=set)


def inside_chip(node: LexborNode) -> bool:
    return attr(node, A.event_id) is not None or any(attr(a, A.event_id) is not None for a in ancestors(node))


def chip_button(node: LexborNode, shown: ShownRule) -> LexborNode | None:
    if attr(node, A.role) == "button":
        return node
    for button in shown.filter(node.css(S.button)):
        if attr(button, A.event_id) is None:
            return button
    return None


def dialog_ids(main: LexborNode) -> set[int]:
    """The mem_ids of the dialogs in ``main``, for ``in_bubble`` (read once per pass, not per chip)."""
    return {dialog.mem_id for dialog in main.css(S.dialog)}


def in_bubble(node: LexborNode, main: LexborNode, dialogs: set[int]) -> bool:
    """Whether an element with an event id is, or sits in, a dialog (``dialogs``, from ``dialog_ids``): an
    event's detail bubble names its id and holds buttons of its own (Close, Edit event), a day's "N more"
    popover lists chips. (Not ``css_matches``: it answers for the node's whole subtree, and every element
    around both the grid and an open bubble was taken for a dialog; 1.3.45.)"""
    return any(a.mem_id in dialogs for a in (node, *ancestors(node, stop=main)))


def chip_sentence(node: LexborNode, button: LexborNode, first_unhidden_child: bool = False) -> str | None:
    """The chip's accessible sentence: its aria-label when it has one, else its visually hidden child: the
    first child not aria-hidden that writes text (``first_unhidden_child``: the first child not aria-hidden,
    written or not, for the still-drawing test: an empty one is a sentence not written yet, whatever line is
    drawn after it; an aria-hidden icon before the sentence is no part of it, 1.3.88).

    Spec §8.3 reads "their accessible labels": an aria-label is the accessible name itself, and
    some chips carry the sentence there with only aria-hidden lines inside. REAL-PAGES draws the sentence
    first; a colour bar (empty) or the aria-hidden lines before it made every such chip unreadable (1.3.42).
    """
    for holder in (button, node):
        label = one_line(attr(holder, A.aria_label) or "")
        if label:
            return label
    for child in element_children(button):
        if aria_true(attr(child, A.aria_hidden)):
            continue
        text = accessible_text_within(child)  # a hidden part inside is no part of it (1.3.46)
        if text or first_unhidden_child:
            return text
    return None


def chip_lines(button: LexborNode) -> tuple[str, ...]:
    """The chip's shown lines (title, time, place), each its own text, to settle a title with commas.

    Some chips put aria-hidden on each line; real ones put it on ONE wrapper around the lines, whose
    whole text runs them together. So every element in an aria-hidden part is a candidate line: the
    sentence reader takes only one that the sentence itself opens with.
    """
    lines: list[str] = []
    for hidden in button.css(S.hidden_line):
        for node in (hidden, *hidden.css(S.any_element)):
            text = text_of(node)
            if text and text not in lines:
                lines.append(text)
    return tuple(lines)


def cell_day(node: LexborNode, main: LexborNode, cell_days: dict[int, date]) -> date | None:
    """The day of the one day cell the chip sits in, if it sits in one."""
    return next((cell_days[a.mem_id] for a in ancestors(node, stop=main) if a.mem_id in cell_days), None)


def read_chips(ctx: PassContext, main: LexborNode, shown: ShownRule, month_layout: bool,
               cell_days: dict[int, date], names: tuple[str, ...]) -> ChipsRead:
    """Every shown chip's sentence by event key, and the reasons the chips give (``event.unreadable``).
    ``names``: the side panel's calendar names, read first (a chip names one of them)."""
    read = ChipsRead()
    dialogs = dialog_ids(main)
    shown_ids: set[str] = set()
    read_ids: set[str] = set()
    for node in shown.filter(main.css(S.event_element)):
        event_id = attr(node, A.event_id)
        if not event_id:
            read.reasons.add("event.unreadable")
            continue
        shown_ids.add(event_id)
        if month_layout:
            continue  # month view: events are drawn outside the day cells (spec §8.3 known limits)
        button = chip_button(node, shown)
        if button is None:
            continue  # an element that only names the id: some chip must read it
        text = chip_sentence(node, button)
        # An all-day sentence that names no date is placed on the day cell its chip sits in; a
        # chip drawn in several cells then reads one day per copy, and the copies disagree below.
        cell = cell_day(node, main, cell_days)
        sentence = None if text is None else parse_sentence(text, ctx.tz, chip_lines(button), all_day_cell=cell,
                                                            calendars=names)
        if (sentence is not None and sentence.calendar is not None and sentence.calendar not in names
                and _reads_another_calendar(text or "", ctx, button, cell, names)):
            # "Calendar: Smith, Jones" that no list names: the name may hold the comma or stop at it, and a
            # guess ("Smith") became a calendar.updated once a list named "Smith, Jones" (not guessed, spec §1)
            read.reasons.add("event.unreadable")
            continue
        if sentence is not None and cell is not None and not sentence.first_day <= cell <= sentence.last_day:
            # Drawn in a day its sentence does not touch: the page contradicts itself (1.3.48).
            read.reasons.add("event.unreadable")
            continue
        if sentence is None:
            # In a dialog, an id whose button does not read is a bubble's (Close, Edit event), no chip:
            # it only names the id, which a chip must read (1.3.9; a popover's chips still read).
            if not in_bubble(node, main, dialogs):
                read.reasons.add("event.unreadable")
            continue
        key = sha256_hex(event_id)
        known = read.events.get(key)
        if known is not None and known != sentence:
            read.reasons.add("event.unreadable")  # two chips of one event disagree
            continue
        read.events[key] = sentence
        read_ids.add(event_id)
    if shown_ids - read_ids:
        read.reasons.add("event.unreadable")
    if _chip_without_id(ctx, main, shown, cell_days, names, in_cells_only=not month_layout):
        read.reasons.add("event.unreadable")
    if month_layout and _headings_count_events(main, cell_days):
        read.reasons.add("event.unreadable")
    return read


def _reads_another_calendar(text: str, ctx: PassContext, button: LexborNode, cell: date | None,
                            names: tuple[str, ...]) -> bool:
    """Whether the sentence also reads whole with a longer calendar name holding a comma ("Smith, Jones"), so
    the name read ("Smith") is a guess (a trailing date or part the form names is no part of any name)."""
    lines = chip_lines(button)
    for name in unlisted_calendar_names(text):
        longer = parse_sentence(text, ctx.tz, lines, all_day_cell=cell, calendars=(*names, name))
        if longer is not None and longer.calendar == name:
            return True
    return False


def counted_days_unread(main: LexborNode, cell_days: dict[int, date], events: dict[str, Sentence],
                        whole: set[date]) -> bool:
    """A whole day of a day or week whose cell heading counts one event or more ("1 event, Monday,
    November 30", as Calendar writes each day cell's heading) and that no event read touches: its chips
    are there and no selector finds them (a chip that lost its id and its button role both). Read as no
    event, the day was whole and its events absent, and the ledger derived them deleted (spec §7: never a
    silent zero). Only "none read against some counted" is asked: what a count includes (a multi-day
    event on each day, an event past midnight) is not known, so a count above the events read is not;
    nor is a day whose cells hold a chip the selectors find, shown or hidden (a count may be of a chip
    the page keeps hidden, which is never read)."""
    touched = {day for sentence in events.values() for day in sentence.days()}
    cells = [(cell, cell_days.get(cell.mem_id)) for cell in main.css(S.day)]
    touched |= {day for cell, day in cells if day is not None and cell.css_first(S.event_element) is not None}
    return any(day is not None and day in whole and day not in touched and _heading_counts_events(cell)
               for cell, day in cells)


def _headings_count_events(main: LexborNode, cell_days: dict[int, date]) -> bool:
    """A month day cell whose heading counts one event or more ("3 events, Monday, December 1"): the
    month shows an event (spec §8.3 known limits), whether or not a chip the selectors find draws it;
    read as no event, the month was OK and vouched for days it never read (spec §7, no silent zero).
    The heading is read visually hidden or not, as a screen reader reads it."""
    return any(cell.mem_id in cell_days and _heading_counts_events(cell) for cell in main.css(S.day))


def _heading_counts_events(cell: LexborNode) -> bool:
    """Whether a heading in the day cell counts one event or more ("3 events, Monday, December 1")."""
    for heading in cell.css(S.day_heading):
        found = _DAY_EVENT_COUNT.match(text_of(heading))
        if found is not None and int(found.group(1)) > 0:
            return True
    return False


def _chip_without_id(ctx: PassContext, main: LexborNode, shown: ShownRule, cell_days: dict[int, date],
                     names: tuple[str, ...], in_cells_only: bool = True) -> bool:
    """A shown button in a day cell, in no chip and no dialog, whose sentence reads as an event: a chip
    whose id the selector no longer finds. Read as no event, its day was whole and the event absent
    (the ledger derived it deleted); a selector that stops matching is DEGRADED, never a silent
    zero (spec §7). A month draws its events outside the day cells too, and any event it shows is
    unreadable (spec §8.3 known limits): there, ``in_cells_only`` is off and a button anywhere in main counts."""
    dialogs = dialog_ids(main)
    for button in shown.filter(main.css(S.button)):
        cell = cell_day(button, main, cell_days)
        if (cell is None and in_cells_only) or inside_chip(button) or in_bubble(button, main, dialogs):
            continue
        text = chip_sentence(button, button)
        if text and parse_sentence(text, ctx.tz, chip_lines(button), all_day_cell=cell, calendars=names) is not None:
            return True
    return False


def reads_once_listed(text: str, ctx: PassContext, lines: tuple[str, ...], cell: date | None) -> bool:
    """A chip sentence reads now, or will once the lists name its calendar: a name holding a comma
    and a day word ("Calendar: Rota, May 2026") is the calendar's only when a list names it."""
    if parse_sentence(text, ctx.tz, lines, all_day_cell=cell) is not None:
        return True
    return any(parse_sentence(text, ctx.tz, lines, all_day_cell=cell, calendars=(name,)) is not None
               for name in unlisted_calendar_names(text))
