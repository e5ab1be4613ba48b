"""Text as a browser lays it out: block elements and ``<br>`` apart, inline elements run together.

Split from ``dom.py`` (the shown rule and small readers): the receipt reader's total lines and its
reply/forward header read a message by its laid-out lines, which a flat ``text_of`` cannot give.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from attest_kit.text import one_line
from observers.shared.dom import ShownRule, closed_details, declared


# Elements a browser lays out as blocks (or table parts, or a line break): their text never runs
# into the text beside them, so a reader must not join it either. Minified mail writes
# <div>Total</div><div>$12.34</div> and "Amount paid<br>$12.34" with no space between.
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li",
    "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
})


def holds_a_block(node: LexborNode) -> bool:
    """Whether a block element (``BLOCK_TAGS``) lies inside ``node``: its text is then more than one run of
    inline text, and a reader must not take it as one."""
    own = node.mem_id
    return any(inner.tag in BLOCK_TAGS for inner in node.traverse(include_text=False) if inner.mem_id != own)


def block_text_of(node: LexborNode, shown: ShownRule | None = None) -> str:
    """The element's text as laid out: block elements and <br> are set apart by a space, inline
    elements run together as text_of reads them; white space collapsed to one line. With ``shown``,
    only the text the page draws (as ``shown_text_of``): a responsive mail's hidden copy inside a
    shown cell is not part of its line.

    A new reader beside text_of (which gmail.sent relies on as it is), not a change to it.
    """
    return one_line(_laid_out(node, shown, " "))


def block_lines_of(node: LexborNode, shown: ShownRule | None = None) -> list[str]:
    """``block_text_of`` cut into its lines: each run of inline text between blocks or <br>s, white space
    collapsed, empty lines left out. A reader that asks what a line starts or ends with (a mail header's
    ``From:``) must not take a label in the middle of a line ("Valid From:") for one."""
    return [line for part in _laid_out(node, shown, "\n").split("\n") if (line := one_line(part))]


class _KeptEnds:
    """On the walk's stack after the children of an element that keeps white space."""


_KEPT_ENDS = _KeptEnds()


def _laid_out(node: LexborNode, shown: ShownRule | None, apart: str) -> str:
    """The text below ``node`` with ``apart`` around each block element and <br>. Laid out in lines
    (``apart`` a newline), a text's own newlines break its line only where white space is kept (``<pre>``,
    a ``white-space: pre…`` style), as a browser draws it; elsewhere they are spaces."""
    lines = apart == "\n"
    parts: list[str] = []
    kept = 0  # how many elements around the current node keep white space
    # An explicit stack (mail nests deep): a node to open, a str to write after a block closes, or
    # _KEPT_ENDS after the children of an element that keeps white space.
    stack: list[LexborNode | str | _KeptEnds] = list(reversed(list(node.iter(include_text=True))))
    while stack:
        current = stack.pop()
        if isinstance(current, _KeptEnds):
            kept -= 1
        elif isinstance(current, str):
            parts.append(current)
        elif current.is_text_node:
            parent = current.parent
            if shown is None or (parent is not None and shown.shown(parent) and not closed_details(parent)):
                text = current.text_content or ""
                parts.append(text.replace("\n", " ") if lines and not kept else text)
        elif current.is_element_node:
            if current.tag in BLOCK_TAGS:
                parts.append(apart)
                stack.append(apart)
            if lines and _keeps_white_space(current):
                kept += 1
                stack.append(_KEPT_ENDS)
            stack.extend(reversed(list(current.iter(include_text=True))))
    return "".join(parts)


_KEEPS_WHITE_SPACE = frozenset({"pre", "pre-wrap", "pre-line", "break-spaces"})


def _keeps_white_space(element: LexborNode) -> bool:
    if element.tag in ("pre", "listing", "plaintext"):
        return True
    style = element.attrs.get("style")
    return bool(style) and (declared(style, "white-space") or "").strip().lower() in _KEEPS_WHITE_SPACE
