"""gmail.sent: a row's send minute, from the time element in a cell after its subject (spec §8.1, "Time").

"The time element's title (absolute), else its aria-label, else its text, each resolved against the pass
instant in the browser's zone; the first that reads as a time decides. Only a minute is a send time."
"""

from __future__ import annotations

from datetime import datetime

from selectolax.lexbor import LexborNode

from attest_kit.contract import PassContext
from observers.gmail_sent.row_parts import RowParts, is_gridcell
from observers.gmail_sent.selectors import SELECTORS
from observers.shared.dom import ShownRule, ancestors, attr, text_of
from observers.shared.gmail_time import names_a_day_or_time, names_another_zone, read_minute

S = SELECTORS.selectors
A = SELECTORS.attributes


def read_row_time(cells: list[LexborNode], parts: RowParts, ctx: PassContext,
               shown: ShownRule) -> datetime | None | bool:
    """The row's minute from its time element after the anchor; None if it cannot be told; False if
    no time element exists.

    The date is a gridcell (REAL-PAGES: people, subject and date are; the checkbox, star, importance,
    attachment and hover-toolbar cells are not), so the gridcells after the anchor are read first, and
    the other cells only when those hold no time element at all, shown or hidden: an attachment's chip
    titled "Invoice Mon, Nov 30, 2026, 11:30 AM.pdf" in a cell before the date gave the row its minute
    (1.2.22). A hidden one is no reading (1.2.28: a row under the pointer is selector.missing.time).
    """
    grid = [cell for cell in cells if is_gridcell(cell)]
    for group in ((grid, cells) if grid and len(grid) < len(cells) else (cells,)):
        minute = _time_in(group, parts, ctx, shown)
        if minute is not False:
            return minute
        if any(not parts.in_summary(node) for cell in group for node in cell.css(S.time)):
            # its time element is there but hidden (a row under the pointer): gone, as a missing one is, and
            # never another cell's time instead (an attachment's or a snooze label's: 1.2.28's review)
            return False
    return False


def _time_in(cells: list[LexborNode], parts: RowParts, ctx: PassContext,
             shown: ShownRule) -> datetime | None | bool:
    """``read_row_time`` over ``cells``. Each candidate ([title] or [aria-label], never an image or a
    control: the hover toolbar's labelled buttons are no time element, so a row whose date span is
    gone says selector.missing.time) is read by its title, else its aria-label, else its text. Every
    shown one outside a summary that reads is a reading of the row's one time, and they must agree
    (1.2.22; a labelled part of one that read is its own short form, "Nov 24" inside it, and is not
    read again). One that names a day but no minute ("Sun, Nov 29, 2026") leaves the time untold,
    never a later element's ("Reminder set for … 8:00 PM"). With no reading, a cell that holds only
    text is its own time element: the first whose shown text outside any summary reads decides (1.2.22:
    a cell holding the hidden summary read its "…, 9:15 AM, Agenda for Tue, Nov 3, 2026")."""
    found_any = False
    minutes: set[datetime] = set()
    for cell in cells:
        read_here: set[int] = set()
        for node in cell.css(S.time):
            if not shown.shown(node) or parts.in_summary(node):
                continue  # never read, nor counted as there: a hidden date span is a date span gone
            found_any = True
            if any(up.mem_id in read_here for up in ancestors(node, cell)):
                continue
            readings = (attr(node, A.title), attr(node, A.aria_label), text_of(node))
            if any(names_another_zone(text, ctx.instant, ctx.tz) for text in readings):
                return None  # its short text is the same clock in that zone, never the browser's (1.2.34)
            minute = next((m for text in readings if (m := read_minute(text, ctx.instant, ctx.tz)) is not None), None)
            if minute is not None:
                minutes.add(minute)
                read_here.add(node.mem_id)
            elif any(map(names_a_day_or_time, readings[:2])):
                return None
    if minutes:
        return minutes.pop() if len(minutes) == 1 else None
    for cell in cells:
        if parts.in_summary(cell) or not shown.shown(cell):
            continue
        if parts.repeats_ids(cell):
            found_any = True  # a summary naming its people in plain text: no text of this cell is the time
            continue
        text = parts.drawn_text_outside_summary(cell, shown)
        if text:
            found_any = True
            minute = read_minute(text, ctx.instant, ctx.tz)
            if minute is not None:
                return minute
    return None if found_any else False
