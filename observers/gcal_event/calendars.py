"""The side panel's calendar lists (spec §8.3): which lists there are, each entry's name and ticked state.

A list is an element labelled with one of the list names the selectors give ("My calendars", "Other
calendars"); its entries are ARIA checkboxes or, as real Calendar draws them, native ones read by their live
ticked state. While one labelled list is drawn empty the page never says every calendar is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser, LexborNode

from attest_kit.text import one_line
from observers.gcal_event.selectors import SELECTORS
from observers.shared.dom import ShownRule, ancestors, aria_false, aria_true, attr, shown_text_of, text_of

S = SELECTORS.selectors
A = SELECTORS.attributes
L = SELECTORS.labels


@dataclass(frozen=True)
class CalendarEntry:
    """One entry of a side-panel calendar list: its name (None when unnamed) and whether it is shown."""

    name: str | None
    shown: bool


#: Elements a side panel labels with a list's name that are not lists: the section's heading, and its
#: toggle, by role or by tag (a native <button> or <summary> is a toggle without a role).
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_TOGGLE_TAGS = frozenset({"button", "summary"})


def calendar_lists(tree: LexborHTMLParser, shown: ShownRule) -> list[LexborNode]:
    """The side panel's labelled calendar lists, shown or not (a collapsed section still says what it holds).

    A heading labelled with a list's name is never a list. A toggle (a button or summary, an element
    with aria-expanded) labelled so that holds no entry is not one either where its list can be read:
    beside a shown list of that label, or beside a hidden one when the toggle says its section is
    collapsed or is hidden itself (the whole panel hidden). Elsewhere it stands for a list the page
    does not show (unlabelled, removed when collapsed, or only a hidden stale copy left) and reads as
    a list drawn empty; toggles alone, with no list and no entry anywhere, are lists not filled in.
    An element inside another of the same label is part of it (a wrapper labelled as its list: read
    once). Any other labelled element with no entry is a list drawn empty (``read_calendars``),
    whatever else the page holds: a hidden stale copy's ticks are not the list's now. A toggle with no
    aria-label whose drawn text is a list's name is that list's toggle too (``_toggles_named_by_text``,
    collapsed as ``_collapsed`` reads it; only on a page with a labelled list).
    """
    labelled, toggles = [], []
    in_dialogs = {n.mem_id for node in tree.css(S.dialog) for n in node.traverse(include_text=False)}
    candidates = [node for node in tree.css(S.calendar_list) if _list_label(node) in L.calendar_lists]
    if any(node.mem_id not in in_dialogs and node.css_first(S.calendar_entry) is not None and shown.shown(node)
           for node in candidates):
        # the side panel's, where a shown one with entries is outside every dialog: a dialog's copy (settings, a
        # picker) is no list of the panel; it read a collapsed section as filled (allCalendars true) and named
        # each calendar twice (an audit). A heading, a toggle or a hidden stale copy outside leaves a drawer's
        # lists the lists (a review: a stale copy's ticks then hid a live calendar switched off)
        candidates = [node for node in candidates if node.mem_id not in in_dialogs]
    for node in candidates:
        if node.css_first(S.calendar_entry) is None:
            if attr(node, A.role) == "heading" or node.tag in _HEADING_TAGS:
                continue
            if _is_toggle(node):
                toggles.append(node)
                continue
        labelled.append(node)
    # a toggle named by its drawn text (1.3.38), with that name, by mem_id; with no labelled list at all,
    # text toggles leave the page still drawing (below)
    text_named = _toggles_named_by_text(tree, shown) if labelled else {}
    if not labelled and tree.css_first(S.calendar_entry) is None:
        return []  # toggles alone, no entry anywhere: the lists have not filled in (or were unmounted)

    def label_of(node: LexborNode) -> str | None:
        return text_named[node.mem_id][1] if node.mem_id in text_named else _list_label(node)

    shown_lists = {_list_label(node) for node in labelled if shown.shown(node)}
    any_lists = {_list_label(node) for node in labelled}
    for node in [*toggles, *(node for node, _ in text_named.values())]:
        label = label_of(node)
        readable = label in shown_lists or (label in any_lists and (_collapsed(node) or not shown.shown(node)))
        if not readable:
            labelled.append(node)
    ids_by_label: dict[str | None, set[int]] = {}
    for node in labelled:
        ids_by_label.setdefault(label_of(node), set()).add(node.mem_id)
    return [n for n in labelled
            if not any(up.mem_id in ids_by_label[label_of(n)] for up in ancestors(n))]


def _list_label(node: LexborNode) -> str:
    """An element's aria-label as its accessible name reads it: white space collapsed (1.3.46: "My calendars "
    was no list's name, and the page read as still drawing)."""
    return one_line(attr(node, A.aria_label) or "")


def _is_toggle(node: LexborNode) -> bool:
    return attr(node, A.role) == "button" or node.tag in _TOGGLE_TAGS or attr(node, A.aria_expanded) is not None


#: Toggles with no aria-label or aria-labelledby, whose accessible name is their text (a button is named by
#: its content); form fields are no toggles whatever they say.
_UNLABELLED_TOGGLES = ", ".join(f"{sel}:not([{A.aria_label}]):not([aria-labelledby])"
                                for sel in ("[role=button]", *sorted(_TOGGLE_TAGS), f"[{A.aria_expanded}]"))
_FORM_FIELDS = frozenset({"input", "textarea", "select", "option"})
#: Long enough for a name beside a hidden tooltip; a chip's sentence is longer (a cheap first look only).
_LONGEST_TOGGLE_TEXT = 120


def _toggles_named_by_text(tree: LexborHTMLParser, shown: ShownRule) -> dict[int, tuple[LexborNode, str]]:
    """Shown toggles whose accessible name, read from their text, is a list's name (``<div role="button"
    aria-expanded="false">Other calendars</div>``) and that hold no entry, with that name, by mem_id: such a
    toggle, collapsed with its list gone, was no toggle at all (every calendar read as shown; 1.3.38). The
    name is the drawn text outside aria-hidden (Material's icon ligature, ``expand_more``, is drawn and
    hidden from assistive technology). The innermost toggle only (a wrapper saying it is collapsed is read
    by ``_collapsed``); one per name (200 copies were 200 lists drawn empty, a snapshot too big to post);
    none hidden, under aria-hidden or inert, in a closed dialog, given another role (a tab), or a form field."""
    candidates = {node.mem_id: node for node in tree.css(_UNLABELLED_TOGGLES)}  # (css_first would match itself)
    holds_one: set[int] = set()  # toggles around another toggle
    walked: set[int] = set()  # one walk up each, stopping where an earlier walk went (its candidates are marked)
    for node in candidates.values():
        for up in ancestors(node):
            if up.mem_id in walked:
                break
            walked.add(up.mem_id)
            if up.mem_id in candidates:
                holds_one.add(up.mem_id)
    found: dict[int, tuple[LexborNode, str]] = {}
    names: set[str] = set()
    silenced: dict[int, bool] = {}  # element → whether it or one above it has no accessible name (memo)
    for mem_id, node in candidates.items():
        if mem_id in holds_one or node.tag in _FORM_FIELDS or attr(node, A.role) not in (None, "button"):
            continue
        raw = node.text(deep=True)  # hidden text too: the name is inside it, if anywhere
        if len(raw.strip()) > _LONGEST_TOGGLE_TEXT or not any(label in raw for label in L.calendar_lists):
            continue
        if node.css_first(S.calendar_entry) is not None or _silenced(node, silenced):
            continue
        name = _accessible_text(node, shown, silenced)
        if name not in L.calendar_lists or name in names or not shown.shown(node):
            continue
        found[mem_id] = (node, name)
        names.add(name)
    return found


def _silenced(node: LexborNode, memo: dict[int, bool]) -> bool:
    """Whether ``node`` or an element above it takes it out of the accessibility tree (aria-hidden, inert) or
    out of the page drawn (a closed <dialog>); one step per element over all calls (``memo``)."""
    path: list[int] = []
    answer = False
    current: LexborNode | None = node
    while current is not None and current.is_element_node:
        if current.mem_id in memo:
            answer = memo[current.mem_id]
            break
        path.append(current.mem_id)
        if (aria_true(attr(current, "aria-hidden")) or attr(current, "inert") is not None
                or (current.tag == "dialog" and attr(current, "open") is None)):
            answer = True
            break
        current = current.parent
    for mem_id in path:
        memo[mem_id] = answer
    return answer


def _icon_hidden(element: LexborNode, toggle: LexborNode) -> bool:
    """An element inside ``toggle`` (or one between them) marked aria-hidden with white space around its value
    (`" true"`): left out of the toggle's name (1.3.53: read into it, the icon hid the toggle, a collapsed list
    was missed and allCalendars read true). Trimmed only inside the toggle, the safe side there; on the toggle
    or above it the value is read as written (1.3.54)."""
    current: LexborNode | None = element
    while current is not None and current.mem_id != toggle.mem_id:
        if aria_true((attr(current, "aria-hidden") or "").strip()):
            return True
        current = current.parent
    return False


def _accessible_text(node: LexborNode, shown: ShownRule, silenced: dict[int, bool]) -> str:
    """The text ``node`` draws outside aria-hidden, white space collapsed: a toggle's name read from its content."""
    parts = []
    for text in node.traverse(include_text=True):
        if text.tag != "-text":
            continue
        parent = text.parent
        if parent is not None and parent.mem_id != node.mem_id and (
                _silenced(parent, silenced) or _icon_hidden(parent, node)):
            continue
        if parent is not None and shown.shown(parent):
            parts.append(text.text_content or "")
    return one_line("".join(parts))


def _collapsed(toggle: LexborNode) -> bool:
    """A toggle says its section is collapsed: ``aria-expanded="false"`` on it or, for one named by its text,
    on the nearest element around it that says either, or the nearest ``<details>`` around it is closed
    (the native form of a collapsed section)."""
    if attr(toggle, A.aria_expanded) is not None or attr(toggle, A.aria_label) is not None:
        return aria_false(attr(toggle, A.aria_expanded))  # 1.3.2's rule for a toggle labelled so, unchanged
    expanded = next((up for up in ancestors(toggle) if attr(up, A.aria_expanded) is not None), None)
    details = next((up for up in ancestors(toggle) if up.tag == "details"), None)
    return ((expanded is not None and aria_false(attr(expanded, A.aria_expanded)))
            or (details is not None and attr(details, "open") is None))


def read_calendars(lists: list[LexborNode]) -> tuple[list[CalendarEntry], bool]:
    """Every entry of the lists and whether all are shown. Every entry's ticked state, whatever its visibility: a hidden entry left unticked is a
    calendar switched off all the same, and skipping it would read allCalendars true (spec §8.3).
    A list drawn empty is kept as one unnamed entry, not shown: it never says every calendar is
    shown, and a snapshot that holds it is never complete (``step.is_complete``)."""
    calendars: list[CalendarEntry] = []
    all_shown = bool(lists)
    for calendar_list in lists:
        entries = _entries(calendar_list)
        if not entries:
            calendars.append(CalendarEntry(None, False))
            all_shown = False
        for entry in entries:
            ticked = _ticked(entry)
            name = _entry_name(entry)
            name = one_line(name) if name else None  # as a chip's sentence writes it (white space collapsed)
            calendars.append(CalendarEntry(name or None, ticked))
            all_shown = all_shown and ticked
    return calendars, all_shown


def _entries(node: LexborNode) -> list[LexborNode]:
    """The calendar entries within ``node``, once each (lexbor returns an element once for every selector of the
    list it matches: a native checkbox with ``role="checkbox"`` twice)."""
    return list({entry.mem_id: entry for entry in node.css(S.calendar_entry)}.values())


def _native_checkbox(entry: LexborNode) -> bool:
    return entry.css_matches(S.native_checkbox)  # a type a browser does not trim ("checkbox ") is a text input


def _entry_name(entry: LexborNode) -> str | None:
    """A calendar checkbox's accessible name: its aria-label, else the elements its aria-labelledby names,
    else the <label> around it or naming its id (REAL-PAGES draws the aria-label; a list that names its
    entries another standard way gave every calendar no name, and no snapshot was ever complete)."""
    name = attr(entry, A.aria_label)
    if name:
        return name
    root = entry
    while root.parent is not None:
        root = root.parent
    named = _labelled_by(entry, root)
    if named:
        return " ".join(_drawn_text(node) for node in named)
    # a label around it, when it labels this entry alone (a <label> around a whole list names none)
    label = next((up for up in ancestors(entry) if up.tag == "label"), None)
    if label is not None and len(_entries(label)) != 1:
        label = None
    own_id = attr(entry, "id")
    if label is None and own_id:
        label = next((node for node in root.css("label[for]") if node.attributes.get("for") == own_id), None)
    return _drawn_text(label) if label is not None else None


def _labelled_by(node: LexborNode, root: LexborNode) -> list[LexborNode]:
    """The elements ``node``'s aria-labelledby names, in its order (an id a stale copy repeats: the first)."""
    ids = (attr(node, "aria-labelledby") or "").split()
    if not ids:
        return []
    with_id: dict[str | None, LexborNode] = {}
    for element in root.css("[id]"):
        with_id.setdefault(element.attributes.get("id"), element)
    return [with_id[i] for i in ids if i in with_id]


def _ticked(entry: LexborNode) -> bool:
    """A native checkbox by its own ticked state (a browser ignores aria-checked on a native control), any
    other entry by aria-checked."""
    if _native_checkbox(entry):
        return attr(entry, A.checked) is not None
    return aria_true(attr(entry, A.aria_checked))


def _drawn_text(node: LexborNode) -> str:
    """The text a label draws (a hidden "Options for …" beside the name left out), else all of it: the entries
    of a collapsed section are read too, and there nothing is drawn."""
    return shown_text_of(node, ShownRule()) or text_of(node)


def unticked_outside_lists(tree: LexborHTMLParser, lists: list[LexborNode], main: LexborNode) -> bool:
    """A calendar entry switched off outside every named list, main and any dialog: a list labelled another
    way (aria-labelledby, a third list's own name) holds a calendar the page does not show, and the page never
    says every calendar is shown (spec §1: "A calendar switched off hides its events, and coverage then says
    so"). Its name and state are not read into the snapshot: only that not all are shown."""
    # the few entries are walked up, not main's whole grid down
    outside = {node.mem_id for node in (*lists, *tree.css(S.dialog), main)}
    shown = ShownRule()
    for entry in tree.css(S.calendar_entry):
        if _ticked(entry) or any(up.mem_id in outside for up in (entry, *ancestors(entry))):
            continue
        if shown.shown(entry) and _in_a_calendar_region(entry, tree):
            return True  # (not: a task's box, a menu's or a form's, a hidden copy: no calendar; a review)
    return False


def _in_a_calendar_region(entry: LexborNode, tree: LexborHTMLParser) -> bool:
    """Whether an element around the entry is named as calendars ("Shared calendars", "My Calendars" in another
    case, a list named by ``aria-labelledby``): by its aria-label or the text its aria-labelledby names."""
    words = tuple(word.lower() for word in L.calendar_region_words)
    for up in ancestors(entry):
        name = " ".join([attr(up, A.aria_label) or "", *(text_of(n) for n in _labelled_by(up, tree.root or up))])
        if any(word in name.lower() for word in words):
            return True
    return False
