"""Small DOM readers over selectolax nodes: the shown rule, text, attributes.

The shown rule (shown.ts) is the one all three observers read with: an element is shown unless
it or an ancestor carries the ``hidden`` attribute, or an inline ``display:none`` or
``visibility:hidden``. A capture copies each element's computed display and visibility inline,
so the inline style is the computed one; stylesheets are never consulted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from selectolax.lexbor import LexborNode

from attest_kit.text import one_line

_HIDING_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!important\s*)?(?:;|$)", re.I)


def hides_itself(node: LexborNode) -> bool:
    """True when the element's own attributes hide it (not its ancestors)."""
    attrs = node.attributes
    if "hidden" in attrs:
        return True
    style = attrs.get("style")
    return bool(style) and _HIDING_STYLE.search(style) is not None


class ShownRule:
    """The shown rule with a per-pass memo, so a deep page is walked once per ancestor."""

    def __init__(self) -> None:
        self._memo: dict[int, bool] = {}

    def shown(self, node: LexborNode) -> bool:
        """True when neither ``node`` nor any ancestor is hidden."""
        chain: list[int] = []
        current: LexborNode | None = node
        answer = True
        while current is not None and current.tag not in ("html", "-document", None):
            key = current.mem_id
            known = self._memo.get(key)
            if known is not None:
                answer = known
                break
            chain.append(key)
            if hides_itself(current):
                answer = False
                break
            current = current.parent
        for key in chain:
            self._memo[key] = answer
        return answer

    def filter(self, nodes: Iterable[LexborNode]) -> list[LexborNode]:
        """The shown ones of ``nodes``, in order."""
        return [n for n in nodes if self.shown(n)]


def text_of(node: LexborNode) -> str:
    """The element's text, white space collapsed to one line."""
    return one_line(node.text(deep=True, separator=""))


def attr(node: LexborNode, name: str) -> str | None:
    """An attribute's value, or None when absent (an empty value is ""), never raises."""
    value = node.attributes.get(name)
    if value is None and name in node.attributes:
        return ""
    return value


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
