"""One read of a Calendar page per pass (pass-read.ts, read.ts, page.ts).

The one shown role=main and the shown grids in it, read together: the visible days and whether
each was seen whole, the event chips and their sentences, the side panel's calendar lists, the
page's GMT zone hint and the account. A page still drawing is recognised first and not read
further. Health, rows, windows and the snapshot all come from this one read (``ctx.memo``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from selectolax.lexbor import LexborNode

from attest_kit.contract import PassContext
from attest_kit.day_keys import decode_date_key
from attest_kit.text import one_line
from observers.gcal_event.calendars import CalendarEntry, calendar_lists, read_calendars, unticked_outside_lists
from observers.gcal_event.chips import (
    cell_day,
    chip_button,
    chip_lines,
    chip_sentence,
    counted_days_unread,
    dialog_ids,
    in_bubble,
    inside_chip,
    read_chips,
    reads_once_listed,
)
from observers.gcal_event.selectors import SELECTORS
from observers.gcal_event.sentence import Sentence
from observers.gcal_event.zone import zone_reason
from observers.shared.account import AccountLabels, AccountRead, read_account
from observers.shared.dom import (
    ShownRule, accessible_text_within, ancestors, aria_true, attr, outermost, reads_as_its_content, text_of,
    text_without,
)

S = SELECTORS.selectors
A = SELECTORS.attributes
L = SELECTORS.labels
ACCOUNT_LABELS = AccountLabels(S.account_label, S.account_label_implicit, A.aria_label, L.account_label_pattern,
                               L.account_address_pattern, S.main)
_MORE = re.compile(SELECTORS.patterns.more, re.I)
_MORE_COUNT = re.compile(SELECTORS.patterns.more_count)
_MORE_IN_DAY = re.compile(SELECTORS.patterns.more_in_day, re.I)
_MORE_MAX_TEXT = 24  # longer than any "N more" wording: stop climbing there
#: what a "N more" wording may carry around it and still be one (1.3.98, a fuzzer: "\u200e2 more", "(2 more)",
#: "+ 2 more", "2 more ›" read as no control, and their day was covered): format characters (direction and
#: zero-width marks, a soft hyphen) anywhere, brackets and a closing mark or ellipsis around it
_MORE_FORMAT = re.compile(r"[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_MORE_AROUND = re.compile(r"^[\s(\[]+|[\s)\].:›»>]+$")


def _more_form(text: str) -> str:
    """``text`` as a "N more" wording is matched: its marks and brackets off, "+ 2" read as "+2"."""
    bare = _MORE_AROUND.sub("", _MORE_FORMAT.sub("", text))
    return bare[0] + bare[1:].lstrip() if bare.startswith("+") else bare
MEMO_KEY = "gcal.event"


@dataclass(frozen=True)
class Day:
    date: date
    whole: bool


@dataclass
class GcalRead:
    """The page as the Calendar observer reads it once per pass."""

    reasons: set[str] = field(default_factory=set)
    busy: bool | None = None  # None: the read stopped before it could tell (no single main)
    days: list[Day] = field(default_factory=list)
    events: dict[str, Sentence] = field(default_factory=dict)  # event key → its sentence
    calendars: list[CalendarEntry] = field(default_factory=list)
    all_calendars: bool = False
    account: AccountRead = AccountRead("missing")

    @property
    def whole_days(self) -> list[date]:
        return [d.date for d in self.days if d.whole]


def _aria_busy(node: LexborNode) -> bool:
    return aria_true(attr(node, A.aria_busy))


def _busy(main: LexborNode, grids: list[LexborNode], shown: ShownRule) -> bool:
    """aria-busy on main, a shown grid or an ancestor of either (the <html> element too, which
    ``ancestors`` stops below); or a shown progressbar in main."""
    if _aria_busy(main) or any(_aria_busy(a) for a in ancestors(main)):
        return True
    root = main
    while root.parent is not None and root.parent.tag != "-document":
        root = root.parent
    if root.tag == "html" and _aria_busy(root):
        return True
    if shown.filter(main.css(S.progressbar)):
        return True
    for grid in grids:
        if _aria_busy(grid) or any(_aria_busy(a) for a in ancestors(grid, stop=main)):
            return True
    return False


def _nearest_grid(node: LexborNode) -> int | None:
    for ancestor in ancestors(node):
        if attr(ancestor, A.role) == "grid":
            return ancestor.mem_id
    return None


def _row_of(cell: LexborNode, grid: LexborNode) -> int:
    """The row a day cell is drawn in: its nearest role=row ancestor inside its grid, else its parent."""
    for ancestor in ancestors(cell, stop=grid):
        if attr(ancestor, A.role) == "row":
            return ancestor.mem_id
    return cell.parent.mem_id if cell.parent is not None else cell.mem_id


def _month_layout(rows: dict[int, set[date]], visible: list[date]) -> bool:
    """Whether the days are drawn as a month: more than a week of days, or several week rows.

    A day or week view draws one row of day columns; its all-day grid (or row) and its timed one
    repeat the same days. A month (or a custom span of weeks) draws one row per week, rows that
    share no day. Headings are no sign: real day and week columns carry a hidden ``h2`` too.
    Rows of a single cell are not counted, so a view that wraps each column alone is no month.
    """
    if len(visible) > SELECTORS.limits.max_days_in_a_row:
        return True
    week_rows = [days for days in rows.values() if len(days) > 1]
    return any(a.isdisjoint(b) for i, a in enumerate(week_rows) for b in week_rows[i + 1:])


def _read_days(grids: list[LexborNode], main: LexborNode, shown: ShownRule, read: GcalRead,
               cell_days: dict[int, date], rows: dict[int, set[date]]) -> list[date]:
    """Every visible day; a day is in ``cell_days`` by its cell. Records range reasons.

    One grid or several are read together (spec §8.3: a week *may* split into an all-day grid and
    a timed one; some draw it as one grid, or one grid of several rows). A key seen in several rows
    or grids is the same day, not a repeat; ``rows`` gets each row's days (``_month_layout``). ``range.invalid`` is for a key that reads as no date
    and for visible days that are not one run (a gap): a view never draws one.
    """
    per_grid: list[set[date]] = []
    for grid in grids:
        seen: set[date] = set()
        for cell in shown.filter(grid.css(S.day)):
            if _nearest_grid(cell) != grid.mem_id:
                continue  # a nested grid's cell is read with that grid
            day = decode_date_key(attr(cell, A.date_key))
            if day is None:
                read.reasons.add("range.invalid")
                continue
            seen.add(day)
            cell_days[cell.mem_id] = day
            rows.setdefault(_row_of(cell, grid), set()).add(day)
        if seen:
            per_grid.append(seen)
    if not per_grid:
        if "range.invalid" not in read.reasons:
            read.reasons.add("selector.missing.days")
        return []
    visible = sorted(set().union(*per_grid))
    span = (visible[-1] - visible[0]).days + 1
    if span > SELECTORS.limits.max_range_days:
        read.reasons.add("range.too_long")
    elif span != len(visible) and not _weekends_hidden(visible):
        read.reasons.add("range.invalid")
    # A day is seen whole only in every grid that draws days (the all-day grid and the timed one).
    # Grids that share no day are a view half drawn, never one range split between them: an all-day
    # grid still on last week beside a timed grid on this one would vouch for two weeks.
    read.days = [Day(d, all(d in g for g in per_grid)) for d in visible]
    return visible


def _weekends_hidden(visible: list[date]) -> bool:
    """Calendar's "show weekends" turned off: every missing day is a Saturday or Sunday and none is
    drawn. Any other gap in the days is a page that did not draw (``range.invalid``); this one is a
    setting, and its windows are simply one per run of weekdays."""
    drawn = set(visible)
    missing = [visible[0] + timedelta(days=i) for i in range((visible[-1] - visible[0]).days + 1)]
    missing = [d for d in missing if d not in drawn]
    return bool(missing) and all(d.weekday() >= 5 for d in missing) and all(d.weekday() < 5 for d in visible)


def _more_controls(main: LexborNode, shown: ShownRule) -> list[tuple[LexborNode, bool]]:
    """Every shown element in main whose whole text, or aria-label, says "N more", whatever its role.

    Real pages draw the control as a button, a bare div or a span, and some say "+2" with the
    words only in the aria-label. A missed control would leave a hidden day whole, so the role is
    not asked. From each text node holding the word, or short enough to be part of a control (a word
    split across nodes: "2 mo<span>re</span>"), the innermost element whose whole text reads "N more"
    is the control ("<span>2</span> more" reads at its parent); a longer text is none.
    Text inside a chip is the event's (an event may be titled "2 more"), not a control.
    """
    controls: list[tuple[LexborNode, bool]] = []  # (control, read only in a day's cell: a looser form)
    for node in main.css(S.labelled):
        label = one_line(attr(node, A.aria_label) or "")
        labels = (label, _more_form(label))  # as written ("More (2)"), and with its marks off
        strict = any(_MORE.match(text) is not None for text in labels)
        if (strict or any(_MORE_IN_DAY.match(text) for text in labels)) and not inside_chip(node):
            controls.append((node, not strict))
    word = SELECTORS.patterns.more_word
    # Each element's whole text, and its text without what is hidden inside it (1.3.46: hidden words or a
    # drawn aria-hidden icon, "2 more ▾", made the control no control and its day whole).
    texts: dict[int, tuple[str, ...]] = {}
    # A chip's text is the event's, and an element holding chips is read without them: read whole, a row of
    # chips whose sentences sit in aria-labels and whose lines are aria-hidden wrote only a day's "2 more"
    # without its hidden parts (1.3.52: every day hidden), and stopped there, a day cell's own "2 more" beside
    # its chip was lost (1.3.53: the day covered).
    chips = main.css(S.event_element)
    in_chip = {inner.mem_id for chip in chips for inner in chip.traverse(include_text=False)}
    holds_chip = {up.mem_id for chip in chips for up in ancestors(chip, stop=main)}

    def is_chip(element: LexborNode) -> bool:
        return element.mem_id in in_chip

    for node in main.traverse(include_text=True):
        if node.tag != "-text" or (node.parent is not None and node.parent.mem_id in in_chip):
            continue
        if not (node.text_content or "").strip():
            continue  # white space between tags is part of no control (1.3.54: from it a row of chips read "2 more")
        content = node.text_content or ""
        # a text short enough to be part of one: the word may be split across nodes ("2 mo<span>re</span>")
        if word not in content.lower() and "+" not in content and len(content.strip()) > _MORE_MAX_TEXT:
            continue
        below, current = node, node.parent
        while current is not None and current.mem_id != main.mem_id:
            forms = texts.get(current.mem_id)
            if (forms is None and below.mem_id in texts and _only_content(current, below)
                    and reads_as_its_content(current, below)):
                # an element whose one content is the one below, hiding nothing of its own, reads as that
                # one, so it is no control and the climb goes on: read afresh at every level, a chain of n
                # wrappers cost n^2 (10,000 deep: about ten minutes)
                forms = texts[current.mem_id] = texts[below.mem_id]
            if forms is None:
                forms = texts[current.mem_id] = (
                    tuple({text_without(current, is_chip), accessible_text_within(current, skip=is_chip)})
                    if current.mem_id in holds_chip else tuple({text_of(current), accessible_text_within(current)}))
            if all(len(text) > _MORE_MAX_TEXT for text in forms):
                break
            bare = {*forms, *(_more_form(text) for text in forms)}  # as written ("More (2)"), and marks off
            strict = any(_MORE.match(text) is not None or _MORE_COUNT.match(text) is not None for text in bare)
            if strict or any(_MORE_IN_DAY.match(text) for text in bare):
                controls.append((current, not strict))
                break
            below, current = current, current.parent
    return [(c, loose) for c, loose in controls if shown.shown(c) and not inside_chip(c)]


def _only_content(element: LexborNode, child: LexborNode) -> bool:
    """Whether ``child`` is all ``element`` holds: no other element and no other text but white space."""
    node = element.child
    while node is not None:
        if node.mem_id != child.mem_id and (node.is_element_node or (
                node.tag == "-text" and (node.text_content or "").strip())):
            return False
        node = node.next
    return True


def _hide_behind_more(main: LexborNode, shown: ShownRule, read: GcalRead, cell_days: dict[int, date]) -> None:
    """A day whose cell holds a shown "N more" control is not whole; one outside any day, none is."""
    hidden: set[date] = set()
    for control, loose in _more_controls(main, shown):
        chain = [control, *ancestors(control, stop=main)]
        owner = next((cell_days[a.mem_id] for a in chain if a.mem_id in cell_days), None)
        if owner is None and loose:
            continue
        if owner is None:
            hidden.update(d.date for d in read.days)
        else:
            hidden.add(owner)
    read.days = [Day(d.date, d.whole and d.date not in hidden) for d in read.days]


def _drawn_chip_unread(ctx: PassContext, main: LexborNode, grids: list[LexborNode], shown: ShownRule) -> bool:
    """With the lists not filled in: a day or week grid holds a chip whose sentence is written and
    does not read. A month (its events read nowhere yet) or a chip still without its sentence is a
    page still drawing, as the spec has it."""
    probe = GcalRead()
    cell_days: dict[int, date] = {}
    rows: dict[int, set[date]] = {}
    visible = _read_days(grids, main, shown, probe, cell_days, rows)
    if probe.reasons or _month_layout(rows, visible):
        return False
    dialogs = dialog_ids(main)
    for node in shown.filter(main.css(S.event_element)):
        button = chip_button(node, shown) if attr(node, A.event_id) else None
        text = chip_sentence(node, button, first_unhidden_child=True) if button is not None else None
        if text and one_line(text) and not in_bubble(node, main, dialogs) and not reads_once_listed(
                text, ctx, chip_lines(button), cell_day(node, main, cell_days)):
            return True
    return False


def read_gcal_page(ctx: PassContext) -> GcalRead:
    """Read the page once; the observer's health, rows, windows and snapshot all come from this."""
    memo = ctx.memo.get(MEMO_KEY)
    if memo is not None:
        return memo
    read = GcalRead()
    ctx.memo[MEMO_KEY] = read
    shown = ShownRule()
    mains = outermost(shown.filter(ctx.tree.css(S.main)))
    if len(mains) != 1:
        read.reasons.add("selector.missing.main" if not mains else "selector.ambiguous.main")
        return read
    main = mains[0]
    grids = shown.filter(main.css(S.grid))
    read.busy = _busy(main, grids, shown)
    if read.busy:
        return read  # still drawing: nothing is read, not even the account
    if not grids:
        read.reasons.add("selector.missing.grid")
        return read
    lists = calendar_lists(ctx.tree, shown)
    if not lists:
        # The side panel's lists fill in seconds after the grid (spec §8.3 known limits): until
        # one is there the page is still drawing, OK with no coverage, under the busy clock. But a
        # day or week grid drawn with a chip whose sentence is there and does not read (a page in
        # another language names its lists in it too) is DEGRADED now, not guessed (spec §1).
        if _drawn_chip_unread(ctx, main, grids, shown):
            read.reasons.add("event.unreadable")
        else:
            read.busy = True
        return read

    cell_days: dict[int, date] = {}
    rows: dict[int, set[date]] = {}
    visible = _read_days(grids, main, shown, read, cell_days, rows)
    _hide_behind_more(main, shown, read, cell_days)
    zone_fault = zone_reason(main, shown, visible, ctx.tz)
    if zone_fault is not None:
        read.reasons.add(zone_fault)
    read.calendars, read.all_calendars = read_calendars(lists)
    if read.all_calendars and unticked_outside_lists(ctx.tree, lists, main):
        read.all_calendars = False
    names = tuple(c.name for c in read.calendars if c.name)
    month_layout = _month_layout(rows, visible)
    chips = read_chips(ctx, main, shown, month_layout, cell_days, names)
    read.events.update(chips.events)
    read.reasons |= chips.reasons
    if not month_layout and counted_days_unread(main, cell_days, chips.events, {d.date for d in read.days if d.whole}):
        read.reasons.add("event.unreadable")

    read.account = read_account(ctx.tree, ACCOUNT_LABELS, shown)
    if read.reasons:
        return read  # DEGRADED already: it posts no window or snapshot, so its account is not judged (§2.2)
    if read.account.status == "ambiguous":
        read.reasons.add("selector.ambiguous.account")
    elif read.account.status == "invalid":
        read.reasons.add("account.invalid")
    return read
