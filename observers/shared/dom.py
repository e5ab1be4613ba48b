"""Small DOM readers over selectolax nodes: the shown rule, text, attributes.

The shown rule (shown.ts) is the one all three observers read with. A capture copies each element's
own computed display and visibility inline (spec §6.2), so the rule reads them as a browser computes
them; a page's own ``<style>`` rules decide only where the inline style declares nothing (a page built
by hand: ``stylesheet.py``, which says what of the cascade it reads):

* ``display:none`` on the element or any ancestor hides it (nothing below can undo it); the ``hidden``
  attribute counts as ``display:none`` unless the element's style sets another valid display (a
  capture writes the computed one: page CSS that draws a ``[hidden]`` element wins over the
  browser's rule), and ``hidden="until-found"`` always hides its content;
* visibility is inherited and a child may set it back: the element's own declared visibility, else
  its nearest ancestor's, decides (``hidden`` and ``collapse`` are not drawn; ``inherit``, ``unset``
  and ``revert`` take the parent's);
* the last declaration of a property wins, but an ``!important`` one beats any later normal one;
* inside ``<noscript>`` nothing is drawn (a live tab runs scripts: its content is text there), and a
  closed ``<details>`` draws its first ``<summary>`` only (its content's computed display says nothing);
* a ``<dialog>`` without ``open`` is ``display:none`` (the browser's own rule), unless its style sets
  another valid display, as for ``hidden``; so is an element with ``popover`` (a popover is closed until a
  script opens it, and a capture writes an open one's computed display inline), unless it is an open dialog.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from selectolax.lexbor import LexborNode

from attest_kit.selectors import SelectorsError
from attest_kit.text import one_line
from observers.shared.stylesheet import VISIBILITY as _VISIBILITY
from observers.shared.stylesheet import SheetStyle, sheet_styles, valid_display

_WS = " \t\n\r\f"


def declared(style: str, prop: str) -> str | None:
    """The value an inline style gives ``prop`` (lower-case, white space and ``!important`` dropped), or
    None: the last declaration, but an ``!important`` one beats any later one that is not."""
    return declared_with_priority(style, prop)[0]


def declared_with_priority(style: str, prop: str) -> tuple[str | None, bool]:
    """``declared``, and whether the declaration is ``!important``.

    A scan with str.find instead of a regex: a captured style attribute is several hundred
    characters long on every element, and this runs on each element's ancestor chain.
    """
    lowered = style.lower()
    size = len(lowered)
    start = 0
    found: str | None = None
    found_important = False
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
            value = lowered[colon + 1:end if end != -1 else size].strip(_WS)
            bang = value.rfind("!")
            important = bang != -1 and value[bang + 1:].strip(_WS) == "important"
            if important:
                value = value[:bang].strip(_WS)
            if important or not found_important:
                found, found_important = value, important
    return found, found_important


def _display(style: str) -> str | None:
    value = declared(style, "display")
    return None if value is None else valid_display(value)


@dataclass(frozen=True)
class _Inline:
    """What one style attribute declares: a valid display (None: none, or one a browser drops), a visibility
    (True hidden, False visible, None: the parent's), and for each whether it is declared at all and
    ``!important``. A declaration of any value beats the page's rules, but not an ``!important`` rule."""

    display: str | None = None
    display_set: bool = False
    display_important: bool = False
    hides: bool | None = None
    visibility_set: bool = False
    visibility_important: bool = False


_NO_INLINE = _Inline()


def _inline(style: str) -> _Inline:
    display, display_important = declared_with_priority(style, "display")
    visibility, visibility_important = declared_with_priority(style, "visibility")
    every, every_important = declared_with_priority(style, "all")  # "all: initial" declares both
    return _Inline(None if display is None else valid_display(display), bool(every) or bool(display),
                   display_important or every_important, None if visibility is None else _VISIBILITY.get(visibility),
                   bool(every) or bool(visibility), visibility_important or every_important)


def _decided(inline: _Inline, ruled: SheetStyle | None) -> tuple[str | None, bool | None]:
    """(display, visibility hides) once the page's own rules (``stylesheet.py``) are read: a rule decides where
    the style attribute declares nothing, or where the rule is ``!important`` and the declaration is not."""
    display, hides = inline.display, inline.hides
    if ruled is not None:
        if ruled.display is not None and (not inline.display_set or (ruled.display_important
                                                                     and not inline.display_important)):
            display = ruled.display
        if ruled.visibility is not None and (not inline.visibility_set or (ruled.visibility_important
                                                                           and not inline.visibility_important)):
            hides = ruled.visibility
    return display, hides


_ABSENT = object()


#: Elements a browser's own stylesheet sets display:none (HTML §15.3.1): a capture writes that computed
#: display inline, a hand-built page does not, and their text (a mail's <style>) is never drawn.
UA_DISPLAY_NONE = frozenset({"area", "base", "basefont", "datalist", "head", "link", "meta", "noembed",
                             "noframes", "param", "rp", "script", "style", "template", "title"})


class ShownRule:
    """The shown rule with a per-pass memo, so a deep page is walked once per ancestor."""

    def __init__(self) -> None:
        self._removed: dict[int, bool] = {}  # element → not laid out (display, itself or an ancestor)
        self._invisible: dict[int, bool] = {}  # element → its visibility (own, else inherited) hides it
        # A capture repeats the same computed style on many elements: read each text once.
        self._styles: dict[str, _Inline] = {}
        self._sheet: Mapping[int, SheetStyle] | None = None  # the page's own rules (a pass reads one page)
        self._left_out: set[int] = set()  # elements ``leave_out`` took out, with all they hold

    def leave_out(self, nodes: Iterable[LexborNode]) -> None:
        """Read ``nodes`` and all they hold as not shown from now on: what the pass must not take for the page's
        own (a reply being typed inside a message is the user's text, never the message's). The memo is dropped
        first, so nothing read before keeps an answer that held them shown."""
        self._left_out.update(node.mem_id for node in nodes)
        self._removed.clear()
        self._invisible.clear()
        for mem_id in self._left_out:  # every call's nodes, not only this one's
            self._removed[mem_id] = self._invisible[mem_id] = True

    def _facts(self, style: str) -> _Inline:
        known = self._styles.get(style)
        if known is None:
            known = self._styles[style] = _inline(style)
        return known

    def shown(self, node: LexborNode) -> bool:
        """True when ``node`` is laid out (no display:none on it or above) and visible."""
        removed_memo, invisible_memo = self._removed, self._invisible
        chain: list[LexborNode] = []
        current: LexborNode | None = node
        while current is not None and current.is_element_node and current.mem_id not in removed_memo:
            chain.append(current)
            current = current.parent
        above = current if current is not None and current.is_element_node else None
        removed = removed_memo[above.mem_id] if above is not None else False
        invisible = invisible_memo[above.mem_id] if above is not None else False
        sheet = self._sheet
        if sheet is None and chain:
            sheet = self._sheet = sheet_styles(chain[0])
        for element in reversed(chain):  # from the top down: each answer builds on its parent's
            attrs = element.attrs  # lazy: a few C lookups instead of building a dict of every attribute
            style = attrs.get("style")
            display, hides = _decided(self._facts(style) if style else _NO_INLINE,
                                      sheet.get(element.mem_id) if sheet else None)
            display_none, has_display = display == "none", display is not None
            tag = element.tag
            if not removed:
                hidden = attrs.get("hidden", _ABSENT)
                removed = (
                    display_none
                    or (hidden is not _ABSENT and (not has_display or (hidden or "").lower() == "until-found"))
                    or (not has_display and _closed_by_the_browser(tag, attrs))
                    or tag == "noscript"
                    or (tag in UA_DISPLAY_NONE and not has_display)
                    or (above is not None and closed_details(above) and not _first_summary(above, element))
                )
            if hides is not None:
                invisible = hides
            removed_memo[element.mem_id] = removed
            invisible_memo[element.mem_id] = invisible
            above = element
        return not removed and not invisible

    def filter(self, nodes: Iterable[LexborNode]) -> list[LexborNode]:
        """The shown ones of ``nodes``, in order."""
        return [n for n in nodes if self.shown(n)]


def closed_details(node: LexborNode) -> bool:
    return node.tag == "details" and node.attrs.get("open", _ABSENT) is _ABSENT


def _first_summary(details: LexborNode, child: LexborNode) -> bool:
    """Whether ``child`` is the summary a closed ``details`` draws: its first <summary> child."""
    if child.tag != "summary":
        return False
    current = details.child
    while current is not None and current.tag != "summary":
        current = current.next
    return current is not None and current.mem_id == child.mem_id


def text_of(node: LexborNode) -> str:
    """The element's text, white space collapsed to one line."""
    return one_line(node.text(deep=True, separator=""))


def shown_text_of(node: LexborNode, shown: ShownRule, skip: Callable[[LexborNode], bool] | None = None) -> str:
    """``text_of`` with only the text the page draws: a text inside a hidden element (a word set
    visibility:hidden in a subject, a trimmed quote under display:none) is left out, and one set
    visible again inside a hidden element is read. ``skip``: a text whose parent it names is left out too."""
    parts = [
        t.text_content or ""
        for t in node.traverse(include_text=True)
        if t.is_text_node and (parent := t.parent) is not None and shown.shown(parent) and not closed_details(parent)
        and (skip is None or not skip(parent))
    ]
    return one_line("".join(parts))


def accessible_text_within(node: LexborNode, skip: Callable[[LexborNode], bool] | None = None) -> str:
    """The text a screen reader takes from ``node``'s content: ``text_of`` without what is hidden inside
    ``node`` (drawn aria-hidden parts too, so this is not the drawn text): an element below it that is aria-hidden, carries
    ``hidden`` (with no display of its own), is a closed ``<dialog>`` or a ``<noscript>``, or whose style
    sets display:none, with all it holds; and text whose visibility, inherited as CSS inherits it (a part
    may set it back to visible), is hidden where ``node``'s is not. Whether ``node`` itself is drawn is not
    asked: a chip's sentence is hidden from sight by design, and this is its accessible text (an
    accessible name leaves such parts out too). A capture writes each element's computed visibility
    inline, so inside a ``node`` that is itself visibility:hidden every part says hidden: there
    visibility tells nothing, and only the other rules apply.

    >>> from selectolax.lexbor import LexborHTMLParser
    >>> div = LexborHTMLParser('<div id=s>1<span style="display:none">1</span>pm <b aria-hidden="TRUE">x</b>'
    ...                        'to <i style="visibility:hidden">3<u style="visibility:visible">2</u></i>pm</div>'
    ...                        ).css_first("#s")
    >>> accessible_text_within(div)
    '1pm to 2pm'

    ``skip``: an element it names is left out with all it holds, as a hidden one is.
    """
    sheet = sheet_styles(node)
    root_hidden = node.is_element_node and _own_visibility(node, sheet) is True
    parts: list[str] = []
    # (node, whether its text is hidden by visibility), children pushed in reverse for document order
    stack: list[tuple[LexborNode, bool]] = [(child, False) for child in reversed(list(node.iter(include_text=True)))]
    while stack:
        current, invisible = stack.pop()
        if current.is_text_node:
            if not invisible:
                parts.append(current.text_content or "")
            continue
        if not current.is_element_node or _removed_within(current, sheet) or (skip is not None and skip(current)):
            continue
        if not root_hidden:
            own_visibility = _own_visibility(current, sheet)
            if own_visibility is not None:
                invisible = own_visibility
        stack.extend((child, invisible) for child in reversed(list(current.iter(include_text=True))))
    return one_line("".join(parts))


def reads_as_its_content(element: LexborNode, child: LexborNode) -> bool:
    """Whether ``accessible_text_within(element)`` is ``accessible_text_within(child)`` where ``child`` is all
    ``element`` holds: ``child`` is not left out, and neither is visibility:hidden itself (inside a hidden
    root visibility is not read, inside a shown one it is: a button whose one child is hidden with its
    words set visible again reads the words alone, the child on its own reads its hidden parts too).
    A visibility:visible of their own, as a capture writes on every element, changes nothing."""
    sheet = sheet_styles(element)
    return (not _removed_within(child, sheet) and _own_visibility(child, sheet) is not True
            and _own_visibility(element, sheet) is not True)


def text_without(node: LexborNode, skip: Callable[[LexborNode], bool]) -> str:
    """``text_of`` without the elements ``skip`` names, with all they hold."""
    parts: list[str] = []
    stack: list[LexborNode] = list(reversed(list(node.iter(include_text=True))))
    while stack:
        current = stack.pop()
        if current.is_text_node:
            parts.append(current.text_content or "")
        elif current.is_element_node and not skip(current):
            stack.extend(reversed(list(current.iter(include_text=True))))
    return one_line("".join(parts))


def _own_visibility(element: LexborNode, sheet: Mapping[int, SheetStyle]) -> bool | None:
    """The element's own visibility (True hidden, False visible, None: its parent's), the page's rules read."""
    style = element.attrs.get("style")
    return _decided(_inline(style) if style else _NO_INLINE, sheet.get(element.mem_id) if sheet else None)[1]


def _removed_within(element: LexborNode, sheet: Mapping[int, SheetStyle]) -> bool:
    """Whether ``element`` and all it holds are out of the accessible text (``accessible_text_within``)."""
    attrs = element.attrs
    if aria_true(attrs.get("aria-hidden")) or element.tag == "noscript":
        return True
    style = attrs.get("style")
    display = _decided(_inline(style) if style else _NO_INLINE, sheet.get(element.mem_id) if sheet else None)[0]
    if display == "none":
        return True
    closed = _closed_by_the_browser(element.tag, attrs)
    return (attrs.get("hidden", _ABSENT) is not _ABSENT or closed or element.tag in UA_DISPLAY_NONE
            ) and display is None


def _closed_by_the_browser(tag: str, attrs: Mapping[str, str | None]) -> bool:
    """A dialog without ``open`` or a ``[popover]`` that is no open dialog: ``display:none`` by the browser's own
    rules (``dialog:not([open])``, ``[popover]:not(:popover-open):not(dialog[open])``) when the page sets none."""
    is_open = attrs.get("open", _ABSENT) is not _ABSENT
    return (tag == "dialog" and not is_open) or (
        attrs.get("popover", _ABSENT) is not _ABSENT and not (tag == "dialog" and is_open))


def aria_true(value: str | None) -> bool:
    """Whether an ARIA true/false state's value is true: in any case (an enumerated value is matched so),
    never trimmed (`` true`` is no value a browser takes)."""
    return value is not None and value.lower() == "true"


def aria_false(value: str | None) -> bool:
    """Whether an ARIA state's value is false (absent is neither), in any case, never trimmed."""
    return value is not None and value.lower() == "false"


def attr(node: LexborNode, name: str) -> str | None:
    """An attribute's value, or None when absent (a valueless attribute is ""), never raises: a comment
    or text node (a walk with include_text=False still yields comments) has none."""
    if not node.is_element_node:
        return None
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


def outermost(nodes: list[LexborNode]) -> list[LexborNode]:
    """``nodes`` without those inside another of them, in order: a ``role=main`` in an email's own
    markup lies inside the main Gmail shows and is part of it, never a second view (spec §8.2: an
    email's own markup can carry roles)."""
    ids = {n.mem_id for n in nodes}
    if len(ids) < 2:
        return list(nodes)
    return [n for n in nodes if not any(a.mem_id in ids for a in ancestors(n))]


def matches_itself(node: LexborNode, selector: str) -> bool:
    """Whether ``node`` itself matches ``selector``. lexbor's ``css_matches`` answers for the node's whole subtree
    (true when anything inside it matches), so a wrapper "was" whatever it holds.

    >>> from selectolax.lexbor import LexborHTMLParser
    >>> outer = LexborHTMLParser('<div id="a"><span role="tab">x</span></div>').css_first("#a")
    >>> outer.css_matches("[role=tab]"), matches_itself(outer, "[role=tab]")
    (True, False)
    """
    parent = node.parent
    if parent is None:
        return node.css_matches(selector)
    return any(found.mem_id == node.mem_id for found in parent.css(selector))


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


_TAG_PART = re.compile(r"[a-z][a-z0-9]*")
_ROLE_PART = re.compile(r"\[role=(['\"]?)([a-z]+)\1\]")


def cell_kinds(selector: str) -> tuple[frozenset[str], frozenset[str]]:
    """The tags and roles of a selector list written as tags and ``[role=…]`` parts, so a reader can
    test a node against it by its tag and role (a selector match per node costs more).

    >>> cell_kinds("td, [role=gridcell]")
    (frozenset({'td'}), frozenset({'gridcell'}))
    """
    tags, roles = set(), set()
    for part in (p.strip() for p in selector.split(",")):
        if _TAG_PART.fullmatch(part):
            tags.add(part)
        elif (m := _ROLE_PART.fullmatch(part)) is not None:
            roles.add(m.group(2))
        else:
            raise SelectorsError(f"selector {selector!r}: a cell is written as tags and [role=…] parts, not {part!r}")
    return frozenset(tags), frozenset(roles)
