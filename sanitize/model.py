"""One walk over the parsed page, into the lists every rule works on.

Text is handled in *runs*: text nodes that follow each other with only <wbr> elements between them
(Gmail breaks a long word with <wbr>), so an order number or an address split in two is seen whole:
every rule reads a run joined (``valuepass.clean_run``).

The walk is the one place that touches every node, so it reads each element's tag and attributes
once (a selectolax property access builds a new Python object every time: on a 4 MB page the
walk dominated when every rule read them again) and leaves a text run's parent to be read lazily.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser, LexborNode

#: Elements that do not start a line (HTML's phrasing elements that hold text, and the old ones Gmail's
#: mail bodies still use): the texts on either side of one read as one line (``split_values``). Not ``sup`` or
#: ``sub``: raised digits are drawn apart (the receipt observer reads ``$41<sup>04</sup>`` as no one amount).
INLINE_TAGS = frozenset({
    "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins",
    "kbd", "mark", "nobr", "q", "s", "samp", "small", "span", "strike", "strong", "time", "tt", "u", "var",
    "wbr",
})
#: Text inside these is not page text (style text is CSS; the rest is removed before the walk).
NOT_TEXT_PARENTS = frozenset({"style", "script", "noscript", "template", "xmp", "noembed", "noframes", "plaintext"})


@dataclass(slots=True)
class TextRun:
    nodes: list[LexborNode]
    texts: list[str]
    new: str | None = None  # joined replacement text decided by a context rule
    flags: frozenset[str] = frozenset()  # replaced, never changed in place (no set built per run)

    @property
    def text(self) -> str:
        return self.texts[0] if len(self.texts) == 1 else "".join(self.texts)

    @property
    def current(self) -> str:
        """The run's text as the context rules left it (``new``), else as the page wrote it."""
        return self.new if self.new is not None else self.text

    @property
    def parent(self) -> LexborNode | None:
        return self.nodes[0].parent


@dataclass
class Walk:
    elements: list[LexborNode]
    tags: list[str]  # tag of elements[i]
    attrs: list[dict[str, str | None]]  # attributes of elements[i], read once
    runs: list[TextRun]
    styles: list[LexborNode]  # text nodes inside <style>
    # indexes of runs opened, since the run before, by no element but inline ones (``INLINE_TAGS``):
    # the only runs a value split by markup can continue into (the elements closed are read later)
    after_inline: list[int]
    _run_of: dict[int, int] | None = None

    @property
    def run_of(self) -> dict[int, int]:
        """Text node mem_id → index in runs; built on first use (only label and payment rows read it)."""
        if self._run_of is None:
            self._run_of = {n.mem_id: i for i, run in enumerate(self.runs) for n in run.nodes}
        return self._run_of


#: lexbor numbers the tags it knows below this; a tag it does not know (``portal``, SVG's ``set``, a custom
#: element) is numbered by the address of its entry in the document's own table, so it is read by name.
_FIXED_TAG_IDS = 1 << 16


@functools.lru_cache(maxsize=32)
def _tag_ids(names: frozenset[str]) -> tuple[frozenset[int], frozenset[str]]:
    """The fixed ids of the known tags among ``names``, and the names lexbor does not know."""
    probe = LexborHTMLParser("")
    ids: set[int] = set()
    by_name: set[str] = set()
    for name in names:
        tag_id = probe.create_node(name).tag_id
        if tag_id < _FIXED_TAG_IDS:
            ids.add(tag_id)
        else:
            by_name.add(name)
    return frozenset(ids), frozenset(by_name)


def elements_named(root: LexborNode, names: Iterable[str]) -> list[LexborNode]:
    """The elements at or below ``root`` whose tag is one of ``names`` (lower case), in document order:
    what ``root.css(",".join(names))`` finds, by one walk that compares each element's tag id. A
    selector list of type selectors is matched one selector at a time at every node: on a 4 MB
    capture the 27 of ``strip.strip_page`` cost 4.5 ms a query, the walk 1.2 ms
    (``tests/sanitize/test_fast_paths.py`` compares the two)."""
    ids, by_name = _tag_ids(frozenset(names))
    found: list[LexborNode] = []
    add = found.append
    for node in root.traverse():
        tag_id = node.tag_id
        if tag_id in ids or (tag_id >= _FIXED_TAG_IDS and by_name and (node.tag or "").lower() in by_name):
            add(node)
    return found


def walk(root: LexborNode) -> Walk:
    elements: list[LexborNode] = []
    tags: list[str] = []
    attrs: list[dict[str, str | None]] = []
    runs: list[TextRun] = []
    styles: list[LexborNode] = []
    after_inline: list[int] = []
    inline = INLINE_TAGS
    opened_other = True  # an element not inline opened since the last text
    # text under a non-text parent (the removed kinds are gone already; <style> is what is left): the
    # parent is met before its children, and its texts are noted then
    skip: set[int] = set()
    not_text = NOT_TEXT_PARENTS
    # The DFS order of a text, <wbr>, text sequence is text, wbr, text; only then are siblings checked.
    last_text: LexborNode | None = None
    wbr: LexborNode | None = None  # a <wbr> visited right after last_text
    prev_kind = 0  # 1: last visited was a text node; 2: text then <wbr>
    add_element, add_tag, add_attrs, add_run = elements.append, tags.append, attrs.append, runs.append
    for node in root.traverse(include_text=True):
        tag = node.tag
        if tag == "-text":
            if skip and node.mem_id in skip:
                prev_kind = 0
                continue
            text = node.text_content or ""
            if (
                prev_kind == 2
                and wbr is not None
                and last_text is not None
                and (p := node.prev) is not None
                and p.mem_id == wbr.mem_id
                and (pp := p.prev) is not None
                and pp.mem_id == last_text.mem_id
            ):
                run = runs[-1]
                run.nodes.append(node)
                run.texts.append(text)
            else:
                if not opened_other:
                    after_inline.append(len(runs))
                add_run(TextRun([node], [text]))
            opened_other = False
            last_text = node
            prev_kind = 1
        elif tag and tag[0] not in "-#_":
            add_element(node)
            add_tag(tag)
            add_attrs(a := node.attributes)
            if tag in not_text:
                is_style = tag == "style"
                child = node.child
                while child is not None:
                    if child.is_text_node:
                        skip.add(child.mem_id)
                        if is_style:
                            styles.append(child)
                    child = child.next
            # a person (Gmail's recipient and sender spans carry "email") or a role parts texts as a block
            # does: ``split_values._plain_inline`` says so too, read here where the attributes are at hand
            if tag not in inline or "email" in a or "role" in a:
                opened_other = True
            if tag == "wbr" and prev_kind == 1:
                wbr = node
                prev_kind = 2
            else:
                prev_kind = 0
        else:
            prev_kind = 0
            opened_other = True  # a comment or another node kind parts texts too
    return Walk(elements, tags, attrs, runs, styles, after_inline)


def subtree_ids(nodes: list[LexborNode]) -> set[int]:
    """mem_ids of every node (elements and text) inside ``nodes``, the nodes included."""
    ids: set[int] = set()
    for n in nodes:
        if n.mem_id in ids:  # inside a subtree read already: its whole subtree is in
            continue
        for d in n.traverse(include_text=True):
            ids.add(d.mem_id)
    return ids


def nearest_above(node: LexborNode, tag: str, memo: dict[int, int | None]) -> int | None:
    """mem_id of the nearest ``tag`` element strictly above ``node``, or None.

    ``memo`` (mem_id → the nearest ``tag`` element at or above it) is shared by the calls of one
    rule, so its walks up cost one step per element in all, not one per element and level (on a
    page nested thousands deep that was n^2).
    """
    path: list[int] = []
    p = node.parent
    found: int | None = None
    while p is not None:
        mid = p.mem_id
        if mid in memo:
            found = memo[mid]
            break
        path.append(mid)
        if p.tag == tag:
            found = mid
            break
        p = p.parent
    for mid in path:
        memo[mid] = found
    return found
