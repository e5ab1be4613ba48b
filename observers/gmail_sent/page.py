"""One read of a Gmail page as the Sent observer sees it (sent-page.ts, extract.ts).

The route decides the view; the nav and the title can only refuse it (``nav.py``). Then exactly one shown
main and one shown grid in it, and per row: the subject anchor, the recipients in the cells
before it, the time element in a cell after it, the message count beside the last recipient.
A hidden screen-reader summary repeats the ids and recipients; it is recognised structurally
(``row_parts.RowParts``: below a cell, the lowest element holding an id element and a person, or beside the
drawn people an element that names them in plain text before the ids) and never read.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime

from selectolax.lexbor import LexborNode

from attest_kit.contract import PassContext
from attest_kit.text import one_line
from observers.gmail_sent.nav import view_mismatch
from observers.gmail_sent.row_parts import RowParts, cells_of, is_drawn_person, not_repeating
from observers.gmail_sent.row_time import read_row_time
from observers.gmail_sent.selectors import SELECTORS
from observers.shared.account import AccountLabels, AccountRead, read_account
from observers.shared.dom import ShownRule, ancestors, aria_true, attr, outermost, shown_text_of
from observers.shared.gmail_words import is_no_subject
from observers.shared.own_address import is_own_address
from observers.shared.route import Route, parse_route

S = SELECTORS.selectors
A = SELECTORS.attributes
L = SELECTORS.labels
ACCOUNT_LABELS = AccountLabels(S.account_label, S.account_label_implicit, A.aria_label, L.account_label_pattern,
                               L.account_address_pattern, S.main)
_LEGACY_ID = re.compile(SELECTORS.patterns.legacy_id)
_COUNT = re.compile(SELECTORS.patterns.message_count)
_STOPS = frozenset(L.elision_stops)
_ELISION = re.compile(SELECTORS.patterns.elision)


@dataclass
class SentRow:
    """What one list row shows."""

    message_id: str
    last_non_draft: str
    minute: datetime
    recipients: list[str]
    names_account: bool
    subject: str | None
    has_count: bool = False
    thread_is_last: bool = False
    single: bool = False
    drawn_whole: bool = True  # its people cell shows nothing that stands for more recipients


@dataclass
class SentRead:
    """The page as the Sent observer reads it once per pass."""

    idle: str | None = None
    reasons: set[str] = field(default_factory=set)
    route: Route | None = None
    account: AccountRead = AccountRead("missing")
    is_head: bool = False
    ends_list: bool = False
    rows: list[SentRow] = field(default_factory=list)


def _visible_chars(text: str) -> str:
    """``text`` without invisible format characters (a direction mark or a zero-width space beside a
    count: "\u200f(3)"), which one_line keeps."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf") if not text.isascii() else text


def _separators_only(text: str) -> bool:
    """What may stand between and after the people of a row it draws whole: spaces and punctuation of
    any script (commas Latin, Arabic, Ethiopic or ideographic, a semicolon, a middle dot, an ampersand),
    but no full stop or ellipsis. Anything else there (Gmail's "..", a "+3", "and 2 more") stands for
    recipients the row does not draw.

    >>> _separators_only(", "), _separators_only("\u1363 "), _separators_only(" .. "), _separators_only(" +3")
    (True, True, False, False)
    """
    return all(ch.isspace() or (unicodedata.category(ch)[0] == "P" and ch not in _STOPS) for ch in text)


def _draws_every_person(cells: list[LexborNode], people: list[LexborNode], parts: RowParts,
                         shown: ShownRule) -> bool:
    """Whether the people cells show only their people: after the first person, nothing but
    separators (``_separators_only``); before it, the display language's label ("To: "), which holds no
    elision mark. The people, the hidden summary and any element holding an id element (a summary
    that names its people in plain text) are not read; of several people cells, one with an id element
    loose in it is a summary with no element of its own and is not read either.

    A recipient Gmail does not draw is in no attribute of the row, so a row that draws its list short
    would be read as a send to fewer people (spec §4.2: a row that cannot be read structurally)."""
    persons = {p.mem_id for p in people}
    skip = persons | parts.summaries
    # an id element's ancestors are left out up to (not including) one that holds a drawn person: a
    # wrapper holding both the drawn people and a summary is read (1.2.24: "Dario, Kai, …" beside a
    # summary naming three, in one wrapper, was left out whole and read as a send to two)
    holds_person = {up.mem_id for p in people for up in ancestors(p)}
    for anchor in parts.anchors:
        node: LexborNode | None = anchor
        while node is not None and node.mem_id not in parts.cell_index and node.mem_id != parts.row_id \
                and node.mem_id not in holds_person:
            skip.add(node.mem_id)
            node = node.parent
        if node is not None and node.mem_id in holds_person and node.mem_id not in parts.cell_index:
            continue
        if node is not None and node.mem_id in parts.cell_index and anchor.parent is not None \
                and anchor.parent.mem_id == node.mem_id and len(cells) > 1:
            # an id element loose in one of several people cells: that cell is a summary's (the other
            # is read); the only people cell is read with the id element's subtree left out
            skip.add(node.mem_id)
    seen = False

    def only_people(node: LexborNode) -> bool:
        # in document order, without recursion (a person nested a thousand deep met Python's limit):
        # the stack holds the next node to read at each level, a subtree read before its next sibling
        nonlocal seen
        stack: list[LexborNode | None] = [node.child]
        while stack:
            child = stack.pop()
            if child is None:
                continue
            stack.append(child.next)
            if child.is_text_node:
                parent = child.parent
                if parent is not None and shown.shown(parent):
                    text = _visible_chars(child.text_content or "")
                    if (not _separators_only(text)) if seen else bool(_ELISION.search(text)):
                        return False
            elif child.is_element_node:
                if child.mem_id in skip:
                    seen = seen or child.mem_id in persons
                elif not _decoration(child):
                    stack.append(child.child)
        return True

    return all(only_people(cell) for cell in cells if cell.mem_id not in skip)


def _decoration(node: LexborNode) -> bool:
    """An ornament: an element hidden from assistive technology that holds no person and draws only the stars
    ``labels.iconOrnaments`` lists (an importance or star mark). aria-hidden hides nothing from the eye, and a glyph
    can say "more" (``+``, ``⋯``, an icon font's private-use "more_horiz"): any other text beside the people is read
    as drawn, and the row as drawn short (a metamorphic audit of 1.2.61, narrowed by a review of 1.2.62)."""
    if not aria_true(attr(node, A.aria_hidden)) or node.css_first(S.person) is not None:
        return False
    text = node.text(deep=True) or ""
    return all(ch.isspace() or ch in _ORNAMENTS for ch in text)


_ORNAMENTS = frozenset("".join(L.icon_ornaments))


def _following_nodes(node: LexborNode, container: LexborNode) -> list[LexborNode]:
    """Elements and texts after ``node`` inside ``container``: its next siblings and its ancestors' next siblings."""
    out: list[LexborNode] = []
    current: LexborNode | None = node
    while current is not None and current.mem_id != container.mem_id:
        sibling = current.next
        while sibling is not None:
            if sibling.is_element_node or sibling.is_text_node:
                out.append(sibling)
            sibling = sibling.next
        current = current.parent
    return out


def _shown_bare(text_node: LexborNode, shown: ShownRule) -> str:
    parent = text_node.parent
    return one_line(text_node.text_content or "") if parent is not None and shown.shown(parent) else ""


def _shows_count(last_person: LexborNode, cell: LexborNode, parts: RowParts, shown: ShownRule) -> bool:
    """The message count: a shown element after the last recipient, in its cell, whose whole text is a
    count; or a bare text of its own there (" (15)": REAL-PAGES, older pages; a public sample)."""
    return any(
        _COUNT.match(_visible_chars(shown_text_of(node, shown) if node.is_element_node else _shown_bare(node, shown)))
        and not parts.in_summary(node)
        for node in _following_nodes(last_person, cell)
    )


def _read_row(row: LexborNode, cells: list[LexborNode], ctx: PassContext, shown: ShownRule,
              account: str | None, reasons: set[str], counts_shown: list[bool]) -> SentRow | None:
    """Read one row, or add the reason it does not read and return None. Whether it shows a message
    count goes to ``counts_shown`` as soon as that is known, read or not: a count on a row that
    fails later still says the list draws counts."""
    parts = RowParts(row, cells)
    # People by cell: those Gmail draws (an email or name attribute) place the subject; one known only
    # by an address in its title counts only in the cells before the subject (a label "@Action" or an
    # attachment "logo@2x.png" chip beside the subject is no person).
    people_of: list[list[LexborNode]] = [[] for _ in cells]
    titled_of: list[list[LexborNode]] = [[] for _ in cells]
    everyone_of: list[list[LexborNode]] = [[] for _ in cells]  # both, in page order
    for person in parts.persons:
        index = parts.cell_of(person)
        if index >= 0 and shown.shown(person) and not parts.in_summary(person):
            (people_of if is_drawn_person(person) else titled_of)[index].append(person)
            everyone_of[index].append(person)

    # The subject anchor: the first shown id element outside a summary, in a cell that shows no people
    # and comes after one that does (the recipients are in the cells before it). A summary that names
    # its people in plain text is not told by its people: its id element in a cell before any person
    # is passed over. With no such element, the first one in a cell without people (it then finds no
    # recipients: selector.missing.recipients, as before).
    # (a row whose only recipients are known by their titles is placed by them)
    placing = people_of if any(people_of) else titled_of
    first_people = next((i for i, found in enumerate(placing) if found), len(cells))
    eligible = [(element, index) for element in parts.anchors
                if (index := parts.cell_of(element)) >= 0 and not placing[index] and shown.shown(element)
                and not parts.in_summary(element)]
    recipients = [value for found_there in everyone_of for person in found_there
                  for value in (attr(person, A.name), attr(person, A.email), shown_text_of(person, shown)) if value]
    found = not_repeating([pair for pair in eligible if pair[1] > first_people], shown, recipients) \
        or not_repeating(eligible, shown, recipients)
    if not found:
        # no anchor to place the recipients by: a count after the first people cell's last person
        # still says the list draws counts (a draft-first mail elsewhere is then one message)
        first = next((i for i, found_there in enumerate(everyone_of) if found_there), None)
        counts_shown.append(first is not None and _shows_count(everyone_of[first][-1], cells[first], parts, shown))
        reasons.add("selector.missing.subject")
        return None
    anchor, anchor_cell = found[0]

    people: list[LexborNode] = []
    people_cell = -1
    people_cells: list[LexborNode] = []
    for index in range(anchor_cell):
        if everyone_of[index]:
            people.extend(everyone_of[index])
            people_cell = index
            people_cells.append(cells[index])
    if not people:
        reasons.add("selector.missing.recipients")
        return None

    has_count = _shows_count(people[-1], cells[people_cell], parts, shown)
    counts_shown.append(has_count)
    if len({mid for element, _ in found if (mid := attr(element, A.last_message_id))}) > 1:
        # two sends drawn as one row: neither is the row's, and a window over it would vouch for the other
        # (an element carrying a thread id alone, a marker or a toolbar item, names no send)
        reasons.add("selector.ambiguous.subject")
        return None

    ids = [attr(anchor, A.last_message_id), attr(anchor, A.last_non_draft_message_id), attr(anchor, A.thread_id)]
    if any(i is None or not _LEGACY_ID.match(i) for i in ids):
        reasons.add("row.invalid_id")
        return None
    last, last_non_draft, thread = ids

    # The time element: in a cell after the anchor (title, else aria-label, else text).
    minute = read_row_time(cells[anchor_cell + 1:], parts, ctx, shown)
    if minute is False:
        reasons.add("selector.missing.time")
        return None
    if minute is None:
        reasons.add("time.unreadable")
        return None

    recipients: list[str] = []
    names_account = False
    for person in people:
        address = attr(person, A.email) or attr(person, A.title) or ""
        if not address.strip() and person.attrs.get(A.name) != L.self_name:
            reasons.add("selector.missing.recipients")  # drawn, but with nothing that says who it is
            return None
        if person.attrs.get(A.name) == L.self_name or is_own_address(address, account):
            names_account = True
            continue
        if address not in recipients:
            recipients.append(address)
    subject = shown_text_of(anchor, shown)
    if is_no_subject(subject):
        subject = None
    return SentRow(last, last_non_draft, minute, recipients, names_account, subject, has_count, thread == last,
                   drawn_whole=_draws_every_person(people_cells, people, parts, shown))


def _disabled(control: LexborNode) -> bool:
    """A paging control's disabled state: ``aria-disabled="true"``, or a native ``<button>``'s ``disabled``."""
    return aria_true(attr(control, A.aria_disabled)) or (
        control.tag == "button" and attr(control, A.disabled) is not None)


def read_sent_page(ctx: PassContext) -> SentRead:
    """Read the page once; the observer's health, rows and windows all come from this."""
    memo = ctx.memo.get("gmail.sent")
    if memo is not None:
        return memo
    read = SentRead()
    ctx.memo["gmail.sent"] = read
    route = parse_route(ctx.url)
    read.route = route
    if route.folder not in L.sent_folder_routes:
        read.idle = "not_sent_folder"
        return read
    if route.thread is not None or route.page < 1:
        read.idle = "not_sent_list"
        return read

    shown = ShownRule()
    if view_mismatch(ctx, shown):
        read.reasons.add("view.mismatch")
    mains = outermost(shown.filter(ctx.tree.css(S.main)))
    if len(mains) != 1:
        read.reasons.add("selector.missing.main" if not mains else "selector.ambiguous.main")
        return read
    grids = shown.filter(mains[0].css(S.grid))
    if len(grids) != 1:
        read.reasons.add("selector.missing.grid" if not grids else "selector.ambiguous.grid")
        return read

    # Paging controls by their label first (the row toolbars hold many labelled buttons), then shown.
    labelled = [(n, attr(n, A.aria_label)) for n in ctx.tree.css(S.older)]
    newer = shown.filter(n for n, label in labelled if label == L.newer)
    older = shown.filter(n for n, label in labelled if label == L.older)
    newer_enabled = any(not _disabled(n) for n in newer)
    read.is_head = route.page == 1 and not newer_enabled
    read.ends_list = bool(older) and all(_disabled(n) for n in older)

    read.account = read_account(ctx.tree, ACCOUNT_LABELS, shown)
    if read.is_head:
        status = read.account.status
        # A switcher label that ends with no address names no account here (on Calendar it is
        # account.invalid, spec §4); an address that does not read is account.invalid.
        if status == "missing" or (status == "invalid" and read.account.no_address):
            read.reasons.add("selector.missing.account")
        elif status == "ambiguous":
            read.reasons.add("selector.ambiguous.account")
        elif status == "invalid":
            read.reasons.add("account.invalid")
    account = read.account.address

    counts_shown: list[bool] = []
    rows: list[SentRow] = []
    shown_rows = shown.filter(grids[0].css(S.row))
    if len(shown_rows) <= 1 and all(row.css_first(S.subject_anchor) is None and row.css_first(S.person) is None
                                    and len(cells_of(row)) <= 1 for row in shown_rows):
        # One row of one cell holding no id and no person: an empty list's notice ("No sent
        # messages!"), or no row at all; nothing here is a send, so nothing is unreadable (and with no
        # row there is no window). Rows of several cells with neither, or such a row beside others,
        # may be sends whose markup changed: they are read (and refused) below.
        shown_rows = []
    for row in shown_rows:
        cells = cells_of(row)
        if not cells:
            if row.css_first(S.subject_anchor) is not None:
                # A row that holds a send but no cell we can read: skipping it would report the
                # send as absent (spec §4.2).
                read.reasons.add("selector.missing.recipients")
            continue
        row_read = _read_row(row, cells, ctx, shown, account, read.reasons, counts_shown)
        if row_read is not None:
            rows.append(row_read)
    # A send drawn outside every shown row (a row whose role is gone, or a row not drawn whose cells are)
    # is never read above: skipping it would report it absent while the window vouches for its minute
    # (spec §4.2; §7: never skip a row). A send is told by its subject anchor's last message id in legacy
    # form (a toolbar or a select-all box carrying a thread id alone is no send, 1.2.38), and one a shown
    # row holds is read there (a drag ghost or a live region repeating a row's ids adds no send).
    ids_in_rows = {attr(a, A.last_message_id) for r in shown_rows for a in r.css(S.subject_anchor)}
    if any(_LEGACY_ID.match(last := attr(a, A.last_message_id) or "") and last not in ids_in_rows
           for a in shown.filter(grids[0].css(S.subject_anchor))):
        read.reasons.add("selector.missing.row")
    draws_counts = any(counts_shown)
    # Single message: last = last non-draft, no count shown, and the thread id is that id too or
    # the list draws counts at all (a mail composed as a draft first keeps the draft's thread id).
    for row_read in rows:
        ids_one = row_read.message_id == row_read.last_non_draft
        row_read.single = ids_one and not row_read.has_count and (row_read.thread_is_last or draws_counts)
    # A single message whose cell draws its recipients short does not read (a conversation row gives
    # no row whatever it shows, so its elision changes nothing).
    if any(r.single and not r.drawn_whole for r in rows):
        read.reasons.add("selector.missing.recipients")
        rows = [r for r in rows if not (r.single and not r.drawn_whole)]
    read.rows = rows
    return read
