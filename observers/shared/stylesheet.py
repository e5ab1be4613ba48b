"""Display and visibility from a page's own ``<style>`` rules: the author part of the cascade the shown rule reads.

A capture carries no stylesheet (each element's computed display and visibility are inline, spec §6.2), but the
observers read computed style (spec §2), and a page built by hand hides a stored view with a class rule as often
as with an inline style. So the rules of the page's ``<style>`` elements (for the screen) are read for these two
properties only, in the cascade's order: ``!important`` first, then specificity, then the later rule. Parsed with
tinycss2 (comments, strings, escapes, at-rules, as a browser tokenises CSS), scored with cssselect's specificity,
matched by lexbor.

What is not read: rules inside a conditional at-rule (``@media (min-width: …)``, ``@supports``, ``@layer``...),
rules for a pseudo-element (``::before``), and rules whose selectors lexbor or cssselect cannot read. Never
hide what a browser might draw: when such a rule could show an element (a display other than ``none``, a
visibility of ``visible``), no rule of that page is read at all. Inline declarations are the shown rule's and
always decide over these (``dom.ShownRule``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import cssselect
import tinycss2
from selectolax.lexbor import LexborHTMLParser, LexborNode

#: Display values a browser keeps (any other is dropped, as an invalid declaration is). ``revert`` is
#: left out: it falls back to the browser's own rules, where ``[hidden]`` is ``display:none``.
DISPLAY_WORDS = frozenset({
    "none", "contents", "block", "inline", "run-in", "flow", "flow-root", "table", "flex", "grid", "ruby",
    "list-item", "math", "inline-block", "inline-table", "inline-flex", "inline-grid", "inline-list-item",
    "table-row-group", "table-header-group", "table-footer-group", "table-row", "table-cell",
    "table-column-group", "table-column", "table-caption", "ruby-base", "ruby-text", "ruby-base-container",
    "ruby-text-container", "-webkit-box", "-webkit-inline-box", "initial", "inherit", "unset",
})
#: Visibility values: hidden (True), visible (False); inherit, unset and revert take the parent's.
VISIBILITY = {"hidden": True, "collapse": True, "visible": False, "initial": False}
#: The media a ``<style media>`` or an ``@media`` rule may name and still apply to the page on a screen.
_SCREEN_MEDIA = frozenset({"", "all", "screen"})
#: Pages whose rules were read, most recent last (a pass reads one page; a few kept for tests that alternate).
_READ: OrderedDict[int, tuple[LexborHTMLParser, Mapping[int, SheetStyle]]] = OrderedDict()
_KEEP = 4


@dataclass(frozen=True)
class SheetStyle:
    """What the page's rules give one element: a valid display (None: no rule sets one) and a visibility
    (True hidden, False visible, None: no rule sets one)."""

    display: str | None = None
    visibility: bool | None = None


def valid_display(value: str) -> str | None:
    """``value`` when a browser keeps it as a display (each word known), else None."""
    words = value.split()
    return value if words and all(word in DISPLAY_WORDS for word in words) else None


def sheet_styles(node: LexborNode) -> Mapping[int, SheetStyle]:
    """The page's rules for every element they reach, by ``mem_id`` (read once per page: the observers never
    change the page they read)."""
    parser = node.parser
    key = id(parser)
    known = _READ.get(key)
    if known is not None and known[0] is parser:
        _READ.move_to_end(key)
        return known[1]
    styles = _read(parser)
    _READ[key] = (parser, styles)  # the parser is held, so its id names no other page meanwhile
    while len(_READ) > _KEEP:
        _READ.popitem(last=False)
    return styles


@dataclass
class _Winner:
    rank: tuple[bool, tuple[int, int, int], int]  # (!important, specificity, order): the cascade's order
    value: object


def _read(parser: LexborHTMLParser) -> Mapping[int, SheetStyle]:
    display: dict[int, _Winner] = {}
    visibility: dict[int, _Winner] = {}
    order = 0
    for sheet in parser.css("style"):
        media = (sheet.attrs.get("media") or "").strip().lower()
        if (sheet.attrs.get("type") or "text/css").strip().lower() != "text/css" or _for_paper(media):
            continue
        rules = tinycss2.parse_stylesheet(sheet.text(deep=True), skip_comments=True, skip_whitespace=True)
        for rule, conditional in _rules(rules, media not in _SCREEN_MEDIA):
            decls = _declarations(rule.content)
            if not decls:
                continue
            shows = any(prop == "display" and value != "none" or prop == "visibility" and value is False
                        for prop, value, _ in decls)
            matched = None if conditional else _matches(parser, tinycss2.serialize(rule.prelude))
            if matched is None:
                if shows:
                    return {}  # a rule that may draw an element cannot be placed: read none
                continue
            for specificity, nodes in matched:
                order += 1
                for prop, value, important in decls:
                    table = display if prop == "display" else visibility
                    rank = (important, specificity, order)
                    for found in nodes:
                        held = table.get(found.mem_id)
                        if held is None or rank > held.rank:
                            table[found.mem_id] = _Winner(rank, value)
    return {mem_id: SheetStyle(display[mem_id].value if mem_id in display else None,  # type: ignore[arg-type]
                               visibility[mem_id].value if mem_id in visibility else None)  # type: ignore[arg-type]
            for mem_id in display.keys() | visibility.keys()}


#: At-rules whose block holds style rules (any other, ``@font-face`` or ``@keyframes``, styles no element).
_GROUPING = frozenset({"media", "supports", "layer", "container", "scope", "document", "starting-style"})


def _for_paper(media: str) -> bool:
    """Whether a media query list names only print or speech (``print``, ``only print and (…)``)."""
    if not media:
        return False
    for query in media.split(","):
        words = query.split()
        if words[:1] == ["only"]:
            words = words[1:]
        if words[:1] not in (["print"], ["speech"]):
            return False
    return True


def _rules(nodes: Iterable, conditional: bool) -> Iterable[tuple[tinycss2.ast.QualifiedRule, bool]]:
    """Each style rule, with whether it applies only under a condition the reader does not evaluate. An
    ``@media`` for every screen (``@media screen``, ``@media all``) is no condition; one for paper is skipped."""
    for node in nodes:
        if node.type == "qualified-rule":
            yield node, conditional
        elif node.type == "at-rule" and node.content is not None and node.lower_at_keyword in _GROUPING:
            media = tinycss2.serialize(node.prelude).strip().lower()
            if node.lower_at_keyword == "media" and _for_paper(media):
                continue
            plain = node.lower_at_keyword == "media" and media in _SCREEN_MEDIA
            inner = tinycss2.parse_rule_list(node.content, skip_comments=True, skip_whitespace=True)
            yield from _rules(inner, conditional or not plain)


def _declarations(content: list | None) -> list[tuple[str, object, bool]]:
    """The rule's valid display and visibility declarations: (property, display value or visibility
    hides/shows, !important); within one rule the last wins, but an !important one beats a later normal one."""
    found: dict[str, tuple[object, bool]] = {}
    for decl in tinycss2.parse_declaration_list(content or [], True, True):
        if decl.type != "declaration" or decl.lower_name not in ("display", "visibility"):
            continue
        text = tinycss2.serialize(decl.value).strip().lower()
        value: object = valid_display(text) if decl.lower_name == "display" else VISIBILITY.get(text)
        if value is None:
            continue  # invalid (dropped) or inherit/unset/revert (the parent's: nothing of its own)
        held = found.get(decl.lower_name)
        if held is None or decl.important or not held[1]:
            found[decl.lower_name] = (value, decl.important)
    return [(prop, value, important) for prop, (value, important) in found.items()]


def _matches(parser: LexborHTMLParser, selectors: str) -> list[tuple[tuple[int, int, int], list[LexborNode]]] | None:
    """Each selector of the list with its specificity and the elements it matches; None when one cannot be
    read. A pseudo-element's selector styles no element and matches none."""
    try:
        parsed = cssselect.parse(selectors)
    except cssselect.SelectorError:
        return None
    out = []
    for selector in parsed:
        if selector.pseudo_element is not None:
            continue
        try:
            nodes = parser.css(selector.canonical())
        except Exception:  # noqa: BLE001 - selectolax raises its own types for a selector lexbor cannot read
            return None
        out.append((selector.specificity(), nodes))
    return out
