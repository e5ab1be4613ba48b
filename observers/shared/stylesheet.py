"""Display and visibility from a page's own ``<style>`` rules: the author part of the cascade the shown rule reads.

A capture carries no stylesheet (each element's computed display and visibility are inline, spec §6.2), but the
observers read computed style (spec §2), and a page built by hand hides a stored view with a class rule as often
as with an inline style. So the rules of the page's ``<style>`` elements are read for these two properties only, in
the cascade's order (``!important``, then specificity, then the later rule). Parsed with tinycss2 (comments,
strings, escapes, at-rules, as a browser tokenises CSS), scored with cssselect's specificity, matched by lexbor.

The reader never hides what a browser might draw. It reads no rule of a page at all when a rule it cannot place
could draw an element (a display other than ``none``, ``visibility:visible``), or when a rule sets either property
to a value it cannot evaluate (``var()``, ``revert``, ``inherit``, ``unset``, the ``all`` shorthand...), nests
rules, or comes through ``@import`` or ``@namespace``. A rule it cannot place is one inside a conditional at-rule
(``@media (min-width: …)``, ``@supports``, ``@layer``...), one whose selector is more than type, class, id and
attribute selectors joined by descendant or child combinators (pseudo-classes, sibling combinators and namespaces
are where lexbor and a browser part), or one lexbor cannot read. Such a
rule that only hides is left out. A page whose sheets are over ``MAX_SHEET_CHARS``, hold over ``MAX_RULES``
rules for the two properties or match over ``MAX_MATCHES`` elements is a page saved from the browser (no fixture:
README; tinycss2 reads about half a megabyte a second), and no rule of it is read.
"""

from __future__ import annotations

import re
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
MAX_SHEET_CHARS = 64 * 1024
MAX_RULES = 200
#: (element, rule) pairs matched: past it a page is no hand-built one, and no rule of it is read.
MAX_MATCHES = 100_000
#: The media a ``<style media>`` or an ``@media`` rule may name and still apply to the page on a screen.
_SCREEN_MEDIA = frozenset({"", "all", "screen"})
#: At-rules whose block holds style rules (any other, ``@font-face`` or ``@keyframes``, styles no element).
_GROUPING = frozenset({"media", "supports", "layer", "container", "scope", "document", "starting-style"})
#: What a selector lexbor matches as a browser does may hold, once its attribute selectors are set aside.
_CSS_SPACE = " \t\n\r\f"
_PLAIN_SELECTOR = re.compile(r"[\w \t\n\r\f.#>*\-]*")
#: An attribute selector with no namespace (``[*|a]``, ``[foo|a]`` are read apart).
_ATTRIBUTE_SELECTOR = re.compile(r"\[(?:[^\]\"'|]|\"[^\"]*\"|'[^']*')*\]")
#: Pages whose rules were read, most recent last (a pass reads one page; a few kept for tests that alternate).
_READ: OrderedDict[int, tuple[LexborHTMLParser, Mapping[int, SheetStyle]]] = OrderedDict()
_KEEP = 4


@dataclass(frozen=True)
class SheetStyle:
    """What the page's rules give one element: a valid display and a visibility (True hidden, False visible),
    each None where no rule sets it, and whether the winning declaration is ``!important`` (which beats an
    inline declaration that is not)."""

    display: str | None = None
    display_important: bool = False
    visibility: bool | None = None
    visibility_important: bool = False


class _Unplaceable(Exception):
    """A rule the reader cannot evaluate sets display or visibility in a way that may draw an element."""


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
    try:
        styles = _read(parser)
    except _Unplaceable:
        styles = {}
    _READ[key] = (parser, styles)  # the parser is held, so its id names no other page meanwhile
    while len(_READ) > _KEEP:
        _READ.popitem(last=False)
    return styles


_Declarations = dict[str, tuple[object, bool]]  # property → (display value or visibility hides, !important)


def _read(parser: LexborHTMLParser) -> Mapping[int, SheetStyle]:
    texts: list[tuple[str, bool]] = []  # (sheet text, applies only under a condition)
    for sheet in parser.css("style"):
        media = (sheet.attrs.get("media") or "").strip().lower()
        if ((sheet.attrs.get("type") or "text/css").strip().lower() != "text/css" or _for_paper(media)
                or any(up.tag == "noscript" for up in _ancestors(sheet))):
            continue  # another language, paper only, or text in a page that runs scripts (a live tab does)
        texts.append((sheet.text(deep=True), media not in _SCREEN_MEDIA))
    if sum(len(text) for text, _ in texts) > MAX_SHEET_CHARS:
        return {}
    if not any("display" in text.lower() or "visibility" in text.lower() or "@import" in text.lower()
               for text, _ in texts):
        return {}
    rules: list[tuple[str, _Declarations]] = []
    for text, conditional in texts:
        for rule, under_condition in _rules(tinycss2.parse_stylesheet(text, True, True), conditional):
            declarations = _declarations(rule.content)
            if not declarations:
                continue
            selectors = tinycss2.serialize(rule.prelude).strip(_CSS_SPACE)  # a no-break space is part of a name
            if under_condition or _plain_selectors(selectors) is None:
                if any(prop == "display" and value != "none" or prop == "visibility" and value is False
                       for prop, (value, _) in declarations.items()):
                    raise _Unplaceable  # it may draw what another rule hides
                continue  # it only hides, where it applies at all: left out, a browser may draw more
            rules.append((selectors, declarations))
    if len(rules) > MAX_RULES:
        return {}
    return _cascade(parser, rules)


def _cascade(parser: LexborHTMLParser, rules: list[tuple[str, _Declarations]]) -> Mapping[int, SheetStyle]:
    """Each element's winning display and visibility: the highest (!important, specificity, order)."""
    won: dict[tuple[int, str], tuple[tuple[bool, tuple[int, int, int], int], object, bool]] = {}
    order = matched = 0
    for selectors, declarations in rules:
        for specificity, canonical in _plain_selectors(selectors) or ():
            order += 1
            try:
                nodes = parser.css(canonical)
            except Exception:  # noqa: BLE001 - selectolax raises its own types for a selector lexbor cannot read
                if any(prop == "display" and value != "none" or prop == "visibility" and value is False
                       for prop, (value, _) in declarations.items()):
                    return {}
                continue
            matched += len(nodes)
            if matched > MAX_MATCHES:
                return {}
            for prop, (value, important) in declarations.items():
                rank = (important, specificity, order)
                for found in nodes:
                    held = won.get((found.mem_id, prop))
                    if held is None or rank > held[0]:
                        won[(found.mem_id, prop)] = (rank, value, important)
    styles: dict[int, SheetStyle] = {}
    for (mem_id, prop), (_, value, important) in won.items():
        before = styles.get(mem_id, SheetStyle())
        if prop == "display":
            styles[mem_id] = SheetStyle(value, important, before.visibility, before.visibility_important)  # type: ignore[arg-type]
        else:
            styles[mem_id] = SheetStyle(before.display, before.display_important, value, important)  # type: ignore[arg-type]
    return styles


def _ancestors(node: LexborNode) -> Iterable[LexborNode]:
    current = node.parent
    while current is not None:
        yield current
        current = current.parent


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
        elif node.type == "at-rule" and node.lower_at_keyword in ("import", "namespace"):
            raise _Unplaceable  # another sheet's rules, or selectors read in another namespace
        elif node.type == "at-rule" and node.content is not None and node.lower_at_keyword in _GROUPING:
            media = tinycss2.serialize(node.prelude).strip().lower()
            if node.lower_at_keyword == "media" and _for_paper(media):
                continue
            plain = node.lower_at_keyword == "media" and media in _SCREEN_MEDIA
            inner = tinycss2.parse_rule_list(node.content, skip_comments=True, skip_whitespace=True)
            yield from _rules(inner, conditional or not plain)


def _declarations(content: list | None) -> _Declarations:
    """The rule's display and visibility declarations, each (display value or visibility hides/shows,
    !important); within one rule the last wins, but an !important one beats a later normal one. Raises
    ``_Unplaceable`` for a value the reader cannot evaluate and for a nested rule that may set either."""
    found: _Declarations = {}
    for node in tinycss2.parse_blocks_contents(content or [], skip_comments=True, skip_whitespace=True):
        if node.type != "declaration":
            text = tinycss2.serialize([node]).lower()
            if "display" in text or "visibility" in text:
                raise _Unplaceable  # a nested rule (CSS nesting, a nested @media) on either property
            continue
        if node.lower_name == "all":
            raise _Unplaceable  # sets both properties (all: initial, unset, revert): not evaluated
        if node.lower_name not in ("display", "visibility"):
            continue
        text = tinycss2.serialize(node.value).strip().lower()
        value: object = valid_display(text) if node.lower_name == "display" else VISIBILITY.get(text)
        if value is None:
            raise _Unplaceable  # var(), revert, inherit, unset, a prefixed or unknown value: not evaluated
        held = found.get(node.lower_name)
        if held is None or node.important or not held[1]:
            found[node.lower_name] = (value, node.important)
    return found


def _plain_selectors(selectors: str) -> list[tuple[tuple[int, int, int], str]] | None:
    """Each selector of the list with its specificity and the text lexbor matches, or None when one is more
    than type, class, id and attribute selectors with descendant and child combinators (or does not parse)."""
    if not _PLAIN_SELECTOR.fullmatch(_ATTRIBUTE_SELECTOR.sub("", selectors).replace(",", " ")):
        return None  # as written: cssselect's canonical form drops an empty namespace ("|div" is "div")
    try:
        parsed = cssselect.parse(selectors)
    except cssselect.SelectorError:
        return None
    out = []
    for selector in parsed:
        canonical = selector.canonical()
        if selector.pseudo_element is not None or not _PLAIN_SELECTOR.fullmatch(_ATTRIBUTE_SELECTOR.sub("", canonical)):
            return None
        out.append((selector.specificity(), canonical))
    return out
