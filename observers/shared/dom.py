"""Small DOM readers over selectolax nodes: the shown rule, text, attributes.

The shown rule (shown.ts) is the one all three observers read with: an element is shown unless
it or an ancestor carries the ``hidden`` attribute, or an inline ``display:none`` or
``visibility:hidden``. A capture copies each element's computed display and visibility inline,
so the inline style is the computed one; stylesheets are never consulted.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from selectolax.lexbor import LexborNode

from attest_kit.text import one_line

_WS = " \t\n\r\f"


def declares(style: str, prop: str, values: frozenset[str]) -> bool:
    """True when an inline style declares ``prop`` with one of ``values`` (case-insensitive).

    A scan with str.find instead of a regex: a captured style attribute is several hundred
    characters long on every element, and this runs on each element's ancestor chain.
    """
    lowered = style.lower()
    size = len(lowered)
    start = 0
    while (at := lowered.find(prop, start)) != -1:
        start = at + len(prop)
        back = at - 1
        while back >= 0 and lowered[back] in _WS:
            back -= 1
        if back >= 0 and lowered[back] != ";":
            continue  # part of another property's name or value
        colon = start
        while colon < size and lowered[colon] in _WS:
            colon += 1
        if colon < size and lowered[colon] == ":":
            end = lowered.find(";", colon)
            value = lowered[colon + 1:end if end != -1 else size]
            if value.replace("!important", "").strip(_WS) in values:
                return True
    return False


_ABSENT = object()
_NONE = frozenset({"none"})
_HIDDEN = frozenset({"hidden", "collapse"})


def hides_itself(node: LexborNode) -> bool:
    """True when the element's own attributes hide it (not its ancestors)."""
    attrs = node.attrs
    if attrs.get("hidden", _ABSENT) is not _ABSENT:
        return True
    style = attrs.get("style")
    if not style:
        return False
    return declares(style, "display", _NONE) or declares(style, "visibility", _HIDDEN)


class ShownRule:
    """The shown rule with a per-pass memo, so a deep page is walked once per ancestor."""

    def __init__(self) -> None:
        self._memo: dict[int, bool] = {}
        # A capture repeats the same computed style on many elements: decide each text once.
        self._styles: dict[str, bool] = {}

    def _hides(self, node: LexborNode) -> bool:
        attrs = node.attrs  # lazy: two C lookups instead of building a dict of every attribute
        if attrs.get("hidden", _ABSENT) is not _ABSENT:
            return True
        style = attrs.get("style")
        if not style:
            return False
        known = self._styles.get(style)
        if known is None:
            known = self._styles[style] = declares(style, "display", _NONE) or declares(style, "visibility", _HIDDEN)
        return known

    def shown(self, node: LexborNode) -> bool:
        """True when neither ``node`` nor any ancestor is hidden."""
        memo = self._memo
        chain: list[int] = []
        current: LexborNode | None = node
        answer = True
        while current is not None and current.is_element_node:
            key = current.mem_id
            known = memo.get(key)
            if known is not None:
                answer = known
                break
            chain.append(key)
            if self._hides(current):
                answer = False
                break
            current = current.parent
        for key in chain:
            memo[key] = answer
        return answer

    def filter(self, nodes: Iterable[LexborNode]) -> list[LexborNode]:
        """The shown ones of ``nodes``, in order."""
        return [n for n in nodes if self.shown(n)]


def text_of(node: LexborNode) -> str:
    """The element's text, white space collapsed to one line."""
    return one_line(node.text(deep=True, separator=""))


def attr(node: LexborNode, name: str) -> str | None:
    """An attribute's value, or None when absent (a valueless attribute is ""), never raises."""
    value = node.attrs.get(name, _ABSENT)
    if value is _ABSENT:
        return None
    return "" if value is None else value


def ancestors(node: LexborNode, stop: LexborNode | None = None) -> Iterator[LexborNode]:
    """The element's ancestors, nearest first, up to (not including) ``stop``."""
    current = node.parent
    stop_id = stop.mem_id if stop is not None else None
    while current is not None and current.tag not in ("html", "-document"):
        if stop_id is not None and current.mem_id == stop_id:
            return
        yield current
        current = current.parent


def is_inside(node: LexborNode, container: LexborNode) -> bool:
    """True when ``node`` is ``container`` or lies inside it."""
    if node.mem_id == container.mem_id:
        return True
    return any(a.mem_id == container.mem_id for a in ancestors(node))


def element_children(node: LexborNode) -> list[LexborNode]:
    """The element children of ``node`` (text and comments left out)."""
    out = []
    child = node.child
    while child is not None:
        if child.is_element_node:
            out.append(child)
        child = child.next
    return out


# Elements a browser lays out as blocks (or table parts, or a line break): their text never runs
# into the text beside them, so a reader must not join it either. Minified mail writes
# <div>Total</div><div>$12.34</div> and "Amount paid<br>$12.34" with no space between.
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li",
    "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
})


def block_text_of(node: LexborNode) -> str:
    """The element's text as laid out: block elements and <br> are set apart by a space, inline
    elements run together as text_of reads them; white space collapsed to one line.

    A new reader beside text_of (which gmail.sent relies on as it is), not a change to it.
    """
    parts: list[str] = []
    # An explicit stack (mail nests deep): a node to open, or a str to write after a block closes.
    stack: list[LexborNode | str] = list(reversed(list(node.iter(include_text=True))))
    while stack:
        current = stack.pop()
        if isinstance(current, str):
            parts.append(current)
        elif current.is_text_node:
            parts.append(current.text_content or "")
        elif current.is_element_node:
            if current.tag in BLOCK_TAGS:
                parts.append(" ")
                stack.append(" ")
            stack.extend(reversed(list(current.iter(include_text=True))))
    return one_line("".join(parts))
