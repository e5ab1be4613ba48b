"""Where a Gmail list row's parts sit: its cells, the people, the subject's id elements and the hidden
screen-reader summary that repeats them (sent-page.ts).

Read structurally, never by class: a row's top-level cells are its td or gridcell elements, and the
summary is the lowest element below a cell that holds both an id element and a person, or, where that element
wraps the drawn people, the element beside them that names them in plain text before the ids (1.2.67).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from selectolax.lexbor import LexborNode

from observers.gmail_sent.selectors import SELECTORS
from observers.shared.dom import ShownRule, ancestors, cell_kinds, element_children, shown_text_of

S = SELECTORS.selectors
A = SELECTORS.attributes
_CELL_TAGS, _CELL_ROLES = cell_kinds(S.cell)


def is_gridcell(cell: LexborNode) -> bool:
    """A cell by its role (a ``selectors.cell`` role), not by its tag."""
    return (cell.attrs.get(A.role) or "").strip().lower() in _CELL_ROLES


def is_drawn_person(node: LexborNode) -> bool:
    """A person as Gmail draws one (an ``email`` or ``name`` attribute), not one known by its title alone."""
    attrs = node.attributes
    return A.email in attrs or A.name in attrs


def is_cell(node: LexborNode) -> bool:
    """What ``selectors.cell`` matches, read from the tag and role (a selector match per node costs more)."""
    return node.tag in _CELL_TAGS or node.attrs.get(A.role) in _CELL_ROLES


def cells_of(row: LexborNode) -> list[LexborNode]:
    """The row's top-level cells: td or gridcell elements with no other cell between them and the row.

    Direct children in Gmail's table; a div grid may wrap its cells, and that must not lose a row.
    """
    children = element_children(row)
    if children and all(is_cell(child) for child in children):
        return children  # Gmail's table: every child of the row is a cell
    cells = []
    for cell in row.css(S.cell):
        if cell.mem_id == row.mem_id:
            continue  # lexbor's css matches the node itself: a row marked as a cell too is not its own cell
        parent = cell.parent
        while parent is not None and parent.mem_id != row.mem_id and not is_cell(parent):
            parent = parent.parent
        if parent is not None and parent.mem_id == row.mem_id:
            cells.append(cell)
    return cells


def not_repeating(candidates: list[tuple[LexborNode, int]], shown: ShownRule,
                  recipients: Sequence[str] = ()) -> list[tuple[LexborNode, int]]:
    """``candidates`` without each id element whose text repeats another's with more around it: a
    summary naming its people in text, the ids on its own element ("To: Lena Park, Venue options,
    2:03 PM, snippet" beside "Venue options"), or a block holding the subject and its snippet. Read by
    words too (case folded, the other's words in order within its own), but only for a text that names one
    of the row's ``recipients`` (their names, addresses or drawn texts) and carries the other's three ids, as a
    summary does (1.2.36-1.2.38): beside an empty subject, or "(no subject)" beside "No subject"; never the
    subject beside an empty marker, a toolbar item, an icon or a word of it."""
    if len(candidates) < 2:
        return candidates
    texts = [shown_text_of(element, shown) for element, _ in candidates]
    words = [_words(text) for text in texts]
    ids = [_ids(element) for element, _ in candidates]
    names = [name for name in map(_words, recipients) if name.strip()]
    return [pair for pair, text, own, mine in zip(candidates, texts, words, ids)
            if not any((other and other != text and other in text)
                       or (theirs != own and theirs in own and mine is not None and theirs_ids == mine
                           and any(name in own for name in names))
                       for other, theirs, theirs_ids in zip(texts, words, ids))]


def _ids(element: LexborNode) -> tuple[str, str, str] | None:
    """The three ids an element carries, or None when it lacks one: a summary repeats the subject's three
    (REAL-PAGES.md); an empty marker or a toolbar item carrying a thread id alone repeats nothing (1.2.38)."""
    attrs = element.attributes
    found = (attrs.get(A.last_message_id), attrs.get(A.last_non_draft_message_id), attrs.get(A.thread_id))
    return found if all(found) else None  # type: ignore[return-value]


def _words(text: str) -> str:
    """A text's words, case folded, each between spaces: ``" no subject "`` for "(no subject)" and for
    "No subject", and ``" "`` for an empty one, which every other text holds. The summary repeats the
    subject in its own case and punctuation, or writes a placeholder over an empty subject span (1.2.36).

    >>> _words("Re: (no subject)") in _words("To: Lena, re: No subject, 2:03 PM")
    True
    """
    return " " + " ".join(re.findall(r"\w+", text.casefold())) + " " if text.strip() else " "


def _names_people_before_ids(branch: LexborNode, anchors: set[int], names: list[str]) -> bool:
    """Whether ``branch`` (on an id element's side of the people's wrapper, holding no person element) names one of
    ``names`` (the wrapper's drawn people: each name, drawn text and address, as ``_words``) in its text before its
    first id element: a screen-reader summary repeating the recipients in plain text ("To: Lena Park, <subject>,
    2:03 PM, snippet"). Only the text before the ids: a subject naming its recipient ("Hi Lena") or a snippet after
    it ("- Hi Lena,") is the subject's block, which a summary drawing its people as person elements wraps (1.2.68)."""
    texts = []
    for node in branch.traverse(include_text=True):
        if node.mem_id in anchors:
            break
        if node.is_text_node:
            texts.append(node.text_content or "")
    before = _words(" ".join(texts))
    return bool(before.strip()) and any(name in before for name in names)


def _drawn_names(drawn: list[LexborNode], wrapper: LexborNode) -> list[str]:
    """The ``_words`` of each name, address and drawn text of the drawn people inside ``wrapper``."""
    inside = {node.mem_id for node in wrapper.traverse()}
    said = (text for person in drawn if person.mem_id in inside
            for text in (person.attrs.get(A.name), person.attrs.get(A.email), person.text(deep=True)))
    return [words for words in (_words(text) for text in said if text) if words.strip()]


class RowParts:
    """Where a row's people, ids and time elements sit: one query each, then mapped to cells.

    The screen-reader summary Gmail keeps in a row repeats the ids and the recipients; wherever it
    sits, it is the lowest element (below a cell) that holds both an id element and a person, or, when that
    element wraps the drawn people, the element on the ids' side naming them in plain text (1.2.67, 1.2.68).
    """

    def __init__(self, row: LexborNode, cells: list[LexborNode]) -> None:
        self.row_id = row.mem_id
        self.cell_index = {cell.mem_id: i for i, cell in enumerate(cells)}
        self.persons = row.css(S.person)
        self.anchors = row.css(S.subject_anchor)
        holds_person: set[int] = set()
        drawn = [person for person in self.persons if is_drawn_person(person)]
        for person in drawn:  # one known only by a title is no summary's person (a chip beside the subject)
            node = person.parent
            while node is not None and node.mem_id != self.row_id and node.mem_id not in holds_person:
                holds_person.add(node.mem_id)
                node = node.parent
        # The summary is the lowest element holding an id element and a person. A subject whose
        # block shares a wrapper with the summary also finds a person above it (the summary's), so
        # a candidate holding another candidate is that shared wrapper, not a summary.
        candidates: dict[int, list[int]] = {}  # candidate → the mem_ids of the elements above it
        # candidate → (the candidate, and for each id element below it the element on its side, None when the id
        # element is the candidate's own child)
        sides: dict[int, tuple[LexborNode, list[LexborNode | None]]] = {}
        anchor_cells: dict[int, bool] = {}  # cell holding an id element → whether it holds a person too
        for element in self.anchors:
            node: LexborNode | None = element
            branch: LexborNode | None = None
            while node is not None and node.mem_id not in self.cell_index and node.mem_id != self.row_id:
                if node.mem_id in holds_person:
                    candidates[node.mem_id] = [up.mem_id for up in ancestors(node)]
                    sides.setdefault(node.mem_id, (node, []))[1].append(branch)
                    break
                branch, node = node, node.parent
            if node is not None and node.mem_id in self.cell_index:
                anchor_cells[node.mem_id] = node.mem_id in holds_person
        holders = {up for above in candidates.values() for up in above}
        self.summaries: set[int] = set()
        anchor_ids = {element.mem_id for element in self.anchors}
        for candidate, (wrapper, branches) in sides.items():
            if candidate in holders:
                continue
            # A summary naming its people in plain text inside the wrapper of the drawn people: the wrapper is
            # the lowest element holding both, and the summary is the element on the ids' side of it.
            names = _drawn_names(drawn, wrapper) if all(b is not None for b in branches) else []
            plain = [b for b in branches if b is not None and _names_people_before_ids(b, anchor_ids, names)]
            if names and len(plain) == len(branches):
                self.summaries.update(b.mem_id for b in plain)
            else:
                self.summaries.add(candidate)
        # A summary that is a cell itself: a cell Gmail gives no gridcell role (its people, subject and
        # date cells have one) that repeats the ids beside a person, while another cell holds the ids
        # alone, the subject. Where every id cell holds a person, none is taken for the summary;
        # and only while another cell still draws a person: else that cell is the people cell, with a
        # summary loose in it (a plain td is a cell too).
        if not all(anchor_cells.values()):
            summary_cells = {cell for cell, with_person in anchor_cells.items()
                             if with_person and cell not in holders and not is_gridcell(cells[self.cell_index[cell]])}
            people_elsewhere = any(c.mem_id in holds_person and c.mem_id not in summary_cells for c in cells)
            if people_elsewhere:
                self.summaries |= summary_cells

    def cell_of(self, node: LexborNode) -> int:
        """Index of the top-level cell holding ``node``, or -1."""
        current: LexborNode | None = node
        while current is not None and current.mem_id != self.row_id:
            index = self.cell_index.get(current.mem_id)
            if index is not None:
                return index
            current = current.parent
        return -1

    def repeats_ids(self, cell: LexborNode) -> bool:
        """Whether ``cell`` (one after the subject's) holds an id element outside every summary found: the
        summary's copy of the ids, in a summary that names its people in plain text."""
        index = self.cell_index.get(cell.mem_id)
        return any(self.cell_of(anchor) == index and not self.in_summary(anchor) for anchor in self.anchors)

    def drawn_text_outside_summary(self, node: LexborNode, shown: ShownRule) -> str:
        """``shown_text_of(node)`` without the text of any summary inside it."""
        return shown_text_of(node, shown, self.in_summary if self.summaries else None)

    def in_summary(self, node: LexborNode) -> bool:
        if not self.summaries:
            return False
        current: LexborNode | None = node
        while current is not None and current.mem_id != self.row_id:
            if current.mem_id in self.summaries:
                return True
            current = current.parent
        return False
