"""Display and visibility from a page's own ``<style>`` rules: the author part of the cascade the shown rule reads.

A capture carries no stylesheet (each element's computed display and visibility are inline, spec §6.2), but the
observers read computed style (spec §2), and a page built by hand hides a stored view with a class rule as often
as with an inline style. So the rules of the page's ``<style>`` elements are read for these two properties only, in
the cascade's order (``!important``, then specificity, then the later rule). Parsed with tinycss2 (comments,
strings, escapes, at-rules, as a browser tokenises CSS), scored with cssselect's specificity, matched by lexbor
(rewritten where a differential fuzz against Chromium found it apart, and ``a ~ b`` matched by our own walk:
``exact_selectors.py``).

The reader never hides what a browser might draw. A rule it cannot place exactly (one inside a conditional
at-rule, ``@media (max-width: …)``, ``@supports``, ``@layer``...; one whose selector holds more than type, class,
id, attribute and structural pseudo-class selectors, ``:not``/``:is``/``:where`` of such compounds and the four
combinators, where lexbor and a browser part (``:empty``, ``:nth-child(… of S)``, An+B past nine digits are not
exact); one of more than two compounds; a sibling-counting pseudo-class on a page of more than
``MAX_STRUCTURAL_ELEMENTS`` elements; one lexbor cannot read) is placed
on a superset of the elements it may style (its subject's plain part, pseudo-classes left
out: ``a:visited`` on every ``a``; else every element), with what it may draw only: a display other than ``none``
or ``visibility:visible``; what it may hide is left out. Its place in the cascade is its own, but for a rule in a
``@layer`` or ``@scope``, which outranks every rule of its importance. A value the reader does not evaluate (``var()``,
``revert``, ``inherit``, the ``all`` shorthand...) is one that may draw. (A first cut read no rule of a page
holding any such rule: a merchant mail's responsive ``@media`` rule then unhid Gmail's stored view.) No rule of a
page is read when it nests rules or declares a namespace; ``@import`` is another sheet, which a fixture served
offline never loads. A page whose sheets are over ``MAX_SHEET_CHARS``, hold over ``MAX_RULES`` rules for the two
properties or match over ``MAX_MATCHES`` elements is a page saved from the browser (no fixture: README; tinycss2
reads about half a megabyte a second), and no rule of it is read.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import cssselect
import tinycss2
from selectolax.lexbor import LexborHTMLParser, LexborNode

from observers.shared.exact_selectors import (
    ATTRIBUTE_SELECTOR, COUNTS_SIBLINGS, CSS_SPACE, exact_selector, match, not_lists_scored, top_level,
)

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
#: A page's sheets past these (comments not counted) are a page saved from the browser, whose sheets are Gmail's own
#: megabytes: no rule of it is read. A mail's own sheet stays under them (a metamorphic audit: 101 rules that match
#: nothing, or a 70 kB comment, took a page past 100 rules or 64 kB, and a message its class rule hid was read).
MAX_SHEET_CHARS = 256 * 1024
MAX_RULES = 500
#: (element, rule) pairs matched: past it a page is no hand-built one, and no rule of it is read.
MAX_MATCHES = 100_000
#: Elements a page may hold for its structural pseudo-classes to be matched exactly: lexbor counts each element's
#: siblings afresh (``tr:nth-child(n+51)`` over 20,000 rows: 2.4 s a rule); past it they reach a superset.
MAX_STRUCTURAL_ELEMENTS = 3_000
#: The media a ``<style media>`` or an ``@media`` rule may name and still apply to the page on a screen.
_SCREEN_MEDIA = frozenset({"", "all", "screen"})
#: At-rules whose block holds style rules (any other, ``@font-face`` or ``@keyframes``, styles no element).
_GROUPING = frozenset({"media", "supports", "layer", "container", "scope", "document", "starting-style"})
#: What a plain selector may hold, once its attribute selectors are set aside.
_PLAIN_SELECTOR = re.compile(r"[\w \t\n\r\f.#>*\-]*")
_NTH_ARGUMENT = re.compile(r":nth-(?:last-)?(?:child|of-type)\([^()]*\)", re.I)
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
    except Exception:  # noqa: BLE001 - a sheet tinycss2 or cssselect cannot read (nested 600 deep: RecursionError)
        styles = {}  # is one the reader reads no rule of: never the reason a pass throws
    _READ[key] = (parser, styles)  # the parser is held, so its id names no other page meanwhile
    while len(_READ) > _KEEP:
        _READ.popitem(last=False)
    return styles


#: A display a rule may set that the reader does not know (``var()``, ``revert``, a prefixed value): drawn.
UNKNOWN_DISPLAY = "unknown"
_Declarations = dict[str, tuple[object, bool]]  # property → (display value or visibility hides, !important)
#: Where a rule's selector reaches: its specificity, what lexbor matches, and whether that is exactly the
#: elements it styles (else a superset: its subject's plain part, or every element).
_Reach = tuple[tuple[int, int, int], str, bool]
_ANY = "*"
#: The cascade place of a rule whose place the reader cannot tell (in a layer or a scope): above every rule of
#: its importance.
_TOP = (1 << 30, 0, 0)
#: What a rule's at-rules make of it: nothing; whether it applies at all (``@media``, ``@supports``,
#: ``@container``: its place in the cascade is its own); its place too (``@layer``, ``@scope``).
_PLAIN, _MAY_APPLY, _REORDERED = 0, 1, 2
_REORDERING = frozenset({"layer", "scope"})
_LAST = 1 << 30
#: Compounds a selector matched exactly may chain: lexbor's descendant matching grows about tenfold a compound
#: on a page 40 deep (seven: 30 s; four: 80 ms a rule over 1,000 cells; three: 6 ms, but 0.2 s a rule 300 deep);
#: a longer one reaches its subject's elements, a superset.
_MAX_COMPOUNDS = 2


def _read(parser: LexborHTMLParser) -> Mapping[int, SheetStyle]:
    texts: list[tuple[str, int]] = []  # (sheet text, _PLAIN or _MAY_APPLY: a media the reader does not evaluate)
    for sheet in parser.css("style"):
        media = (sheet.attrs.get("media") or "").strip().lower()
        if ((sheet.attrs.get("type") or "text/css").strip().lower() != "text/css" or _for_paper(media)
                or any(up.tag == "noscript" for up in _ancestors(sheet)) or _in_mathml(sheet)):
            continue  # another language, paper only, text in a page that runs scripts (a live tab does), MathML
        texts.append((sheet.text(deep=True), _MAY_APPLY if media not in _SCREEN_MEDIA else _PLAIN))
    if sum(len(text) - _comments_length(text) for text, _ in texts) > MAX_SHEET_CHARS:
        return {}
    if not any("display" in text.lower() or "visibility" in text.lower() or "all" in text.lower() for text, _ in texts):
        return {}
    structural = (not any(COUNTS_SIBLINGS.search(text) for text, _ in texts)
                  or len(parser.css("*")) <= MAX_STRUCTURAL_ELEMENTS)
    rules: list[tuple[list[_Reach], _Declarations]] = []
    for text, conditional in texts:
        for rule, under_condition in _rules(tinycss2.parse_stylesheet(text, True, True), conditional):
            declarations = _declarations(rule.content)
            if not declarations:
                continue
            reach = _reach(_selector_text(rule), structural)
            if under_condition or not all(exact for _, _, exact in reach):
                # it may apply to these elements or not: what it may draw counts as drawn, what it may hide is left
                # out (never hide what a browser may draw)
                declarations = {prop: (_DRAWN[prop] if value == UNKNOWN_DISPLAY else value, important)
                                for prop, (value, important) in declarations.items() if _draws(prop, value)}
                if not declarations:
                    continue
                # in a layer or a scope its place in the cascade is unknown too (a layer's !important beats every
                # unlayered one, a scope's proximity beats order): it outranks every rule of its importance; a
                # condition (@media, @supports) leaves its place its own (a metamorphic audit: a drawing rule in
                # "@media (min-width:1px)" a later rule beats drew a stored view)
                reach = [(_TOP if under_condition == _REORDERED or (under_condition and _ranked_lowest(specificity, css))
                          else specificity, css, False) for specificity, css, _ in reach]
            rules.append((reach, declarations))
    if len(rules) > MAX_RULES:
        return {}
    return _cascade(parser, rules)


_DRAWN = {"display": UNKNOWN_DISPLAY, "visibility": False}
#: A string (to its quote, or to the end of its line, where CSS ends an unclosed one) or a comment: a "/*" inside
#: a string opens none (a review: `content:"/*"` counted the rest of a 2.2 MB sheet as comment).
_STRING_OR_COMMENT = re.compile(r""""[^"\\\n]*(?:\\.[^"\\\n]*)*"?|'[^'\\\n]*(?:\\.[^'\\\n]*)*'?|/\*.*?(?:\*/|\Z)""", re.S)


def _comments_length(text: str) -> int:
    """How much of a sheet is comments (a sheet's size bound is for its rules)."""
    if "/*" not in text:
        return 0
    return sum(len(m.group(0)) for m in _STRING_OR_COMMENT.finditer(text) if m.group(0).startswith("/*"))


def _selector_text(rule: tinycss2.ast.QualifiedRule) -> str:
    """A rule's selector as written, comments out. tinycss2 keeps two tokens apart with ``/**/`` (``n/**/+3``);
    inside an An+B argument that is white space (elsewhere it is no combinator: ``div/**/p`` is invalid)."""
    text = tinycss2.serialize(rule.prelude).strip(CSS_SPACE)  # a no-break space is part of a name
    return _NTH_ARGUMENT.sub(lambda m: m.group(0).replace("/**/", " "), text)


def _ranked_lowest(specificity: tuple[int, int, int], css: str) -> bool:
    """A rule placed on every element at the lowest rank (a selector cssselect cannot read, which names no plain
    compound): under a condition it keeps the top rank it had before conditions kept their place (a Chromium fuzz:
    ``@media (…){.a :not(div:nth-child(2), div){visibility:visible}}`` lost to ``.A.A{visibility:hidden}``)."""
    return css == _ANY and specificity == (0, 0, 0)


def _draws(prop: str, value: object) -> bool:
    """Whether a declaration may draw an element: a display other than none, visibility visible."""
    return value != "none" if prop == "display" else value is False


def _cascade(parser: LexborHTMLParser, rules: list[tuple[list[_Reach], _Declarations]]) -> Mapping[int, SheetStyle]:
    """Each element's winning display and visibility: the highest (!important, specificity, order)."""
    won: dict[tuple[int, str], tuple[tuple[bool, tuple[int, int, int], int], object, bool]] = {}
    order = matched = 0
    for reach, declarations in rules:
        for specificity, css, exact in reach:
            order += 1
            applied = declarations
            try:
                nodes = match(parser, css)
            except Exception:  # noqa: BLE001 - selectolax raises its own types for a selector lexbor cannot read
                # it may reach any element: what it may draw counts there, what it may hide is left out
                applied = {prop: decl for prop, decl in declarations.items() if _draws(prop, decl[0])}
                if not applied:
                    continue
                nodes = parser.css(_ANY)
            matched += len(nodes)
            if matched > MAX_MATCHES:
                return {}
            for prop, (value, important) in applied.items():
                rank = (important, specificity, _LAST if specificity == _TOP else order)
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


#: Elements inside MathML where HTML (and its <style>) is read again.
_MATHML_HTML_POINTS = frozenset({"mtext", "mi", "mo", "mn", "ms", "annotation-xml", "svg", "foreignobject"})


def _in_mathml(sheet: LexborNode) -> bool:
    """Whether a ``<style>`` is MathML's own (no stylesheet): inside ``<math>`` with no point where HTML is read
    again (``<mtext>``, ``<annotation-xml>``, an ``<svg>``) between them."""
    for up in _ancestors(sheet):
        if (up.tag or "").lower() in _MATHML_HTML_POINTS:
            return False
        if up.tag == "math":
            return True
    return False


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


def _rules(nodes: Iterable, conditional: int) -> Iterable[tuple[tinycss2.ast.QualifiedRule, int]]:
    """Each style rule, with what its at-rules make of it (``_PLAIN``, ``_MAY_APPLY``, ``_REORDERED``). An
    ``@media`` for every screen (``@media screen``, ``@media all``) is no condition; one for paper is skipped."""
    for node in nodes:
        if node.type == "qualified-rule":
            yield node, conditional
        elif node.type == "at-rule" and node.lower_at_keyword == "namespace":
            raise _Unplaceable  # selectors read in another namespace
        elif node.type == "at-rule" and node.lower_at_keyword == "import":
            continue  # another sheet, fetched: a fixture is served offline, with a CSP that blocks it (§6.2)
        elif node.type == "at-rule" and node.content is not None and node.lower_at_keyword in _GROUPING:
            media = tinycss2.serialize(node.prelude).strip().lower()
            if node.lower_at_keyword == "media" and _for_paper(media):
                continue
            if node.lower_at_keyword in _REORDERING:
                own = _REORDERED
            else:
                own = _PLAIN if node.lower_at_keyword == "media" and media in _SCREEN_MEDIA else _MAY_APPLY
            inner = tinycss2.parse_rule_list(node.content, skip_comments=True, skip_whitespace=True)
            yield from _rules(inner, max(conditional, own))


def _declarations(content: list | None) -> _Declarations:
    """The rule's display and visibility declarations, each (display value or visibility hides/shows,
    !important); within one rule the last wins, but an !important one beats a later normal one. A value the
    reader does not evaluate is one that may draw (``UNKNOWN_DISPLAY``, visible). Raises ``_Unplaceable`` for
    a nested rule that may set either (its selector is relative to another's)."""
    found: _Declarations = {}
    for node in tinycss2.parse_blocks_contents(content or [], skip_comments=True, skip_whitespace=True):
        if node.type in ("qualified-rule", "at-rule"):
            raise _Unplaceable  # a nested rule (CSS nesting, a nested @media): its selector is relative to another's
        if node.type != "declaration":
            continue  # an invalid declaration ("*zoom:1"), dropped as a browser drops it
        if node.lower_name == "all":  # sets both (all: initial, unset, revert): not evaluated, so may draw
            names, values = ("display", "visibility"), (UNKNOWN_DISPLAY, False)
        elif node.lower_name in ("display", "visibility"):
            text = tinycss2.serialize(node.value).strip().lower()
            if node.lower_name == "display":
                value: object = valid_display(text) or UNKNOWN_DISPLAY  # var(), revert, a prefixed value: may draw
            else:
                value = VISIBILITY.get(text, False)  # inherit, unset, revert, var(): may be visible
            names, values = (node.lower_name,), (value,)
        else:
            continue
        for name, value in zip(names, values):
            held = found.get(name)
            if held is None or node.important or not held[1]:
                found[name] = (value, node.important)
    return found


def _reach(selectors: str, structural: bool = True) -> list[_Reach]:
    """Where each selector of a list reaches. One lexbor matches as a browser does (``_exact``: of at most two
    compounds; a sibling-counting pseudo-class only where ``structural``, a page of at most
    ``MAX_STRUCTURAL_ELEMENTS``) is matched exactly; any other by its subject's plain part, pseudo-classes left out
    (``a:visited`` → ``a``, ``.c .d .v`` → ``.v``), else every element: a superset, where lexbor and a browser may
    part. A pseudo-element's selector styles no element and reaches none."""
    try:
        # cssselect reads no ``:not(a, b)``: scored as ``:not(m)``, m its most specific argument, as a browser does
        parsed = cssselect.parse(not_lists_scored(selectors))
    except cssselect.SelectorError:
        # a selector a browser may read (":nth-child(1 of .p)"): it may draw its subject's elements, at any rank;
        # one whose subject is no plain compound is left out (drawing every element unhid a stored view)
        out: list[_Reach] = []
        for written in _split_list(selectors):
            compounds = _plain_compounds(written)
            # none to name (":-webkit-any(*)"): every element, ranked lowest (at the top, it unhid a stored view)
            out.extend([(_TOP, compound, False) for compound in compounds] or [((0, 0, 0), _ANY, False)])
        return out
    # a browser drops a whole list for a pseudo-element it does not know ("::-moz-placeholder"): with one in
    # the list, none of it is matched exactly
    with_pseudo_element = any(selector.pseudo_element is not None for selector in parsed)
    out: list[_Reach] = []
    for selector, written in zip(parsed, _split_list(selectors)):
        if selector.pseudo_element is not None:
            continue
        exact = (None if with_pseudo_element or _compounds(written) > _MAX_COMPOUNDS
                 or (not structural and COUNTS_SIBLINGS.search(ATTRIBUTE_SELECTOR.sub("", written)))
                 else exact_selector(written, selector))
        if exact is not None:
            out.append((selector.specificity(), exact, True))
        else:
            subject = _subject(written)
            # an escape or a string hides what the written text says ("#\\31 23", '[id=":28"]'): every element
            plain_subject = subject and _plain(subject) and not any(mark in written for mark in "\\\"'")
            out.append((selector.specificity(), subject if plain_subject else _ANY, False))
    return out


def _plain(selector: str) -> bool:
    return _PLAIN_SELECTOR.fullmatch(ATTRIBUTE_SELECTOR.sub("", selector)) is not None


def _split_list(selectors: str) -> list[str]:
    """A selector list's selectors as written, split at its top-level commas."""
    return [part.strip(CSS_SPACE) for part in top_level(selectors, ",")]


def _compounds(selector: str) -> int:
    return sum(1 for part in top_level(selector, CSS_SPACE + ">+~") if part)


def _last_compound(selector: str) -> str:
    """The selector's last compound, after its last top-level combinator."""
    return top_level(selector, CSS_SPACE + ">+~")[-1]


def _subject(selector: str) -> str:
    """The selector's last compound, pseudo-classes left out."""
    return _PSEUDO.sub("", _last_compound(selector))


def _plain_compounds(selector: str) -> list[str]:
    """The plain compounds a selector cssselect cannot parse may style: its subject's, pseudo-classes left out,
    else those its subject's functional pseudo-classes name (``:-webkit-any(.a, .p)``, ``:nth-child(1 of .p)``)."""
    if any(mark in selector for mark in "\\\"'"):
        return []
    plain = _subject(selector)
    if plain and _plain(plain):
        return [plain]
    named: list[str] = []
    if ":not(" in selector.lower():
        return named  # what a :not names is what it leaves out
    for argument in re.findall(r"\(([^()]*)\)", _last_compound(selector)):
        for part in re.split(r",|\bof\b", argument):
            compound = _subject(part.strip(CSS_SPACE)).strip(CSS_SPACE)
            if compound not in ("", _ANY) and _plain(compound) and not compound.isdigit():
                named.append(compound)
    return named


#: A pseudo-class, with its argument (one level of parentheses inside: ``:not(:is(.a))``).
_PSEUDO = re.compile(r"::?[\w-]+(?:\((?:[^()]|\([^()]*\))*\))?")
