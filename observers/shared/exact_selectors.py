"""Which CSS selectors lexbor matches exactly as a browser does, and how to ask it.

The stylesheet reader (``stylesheet.py``) places a rule exactly only where lexbor and a browser agree. A differential
fuzz against Chromium (2026-12-02: 7,500 page and selector pairs a feature, then the reader's own path on four seeds)
found them apart in three ways: a compound that starts with a pseudo-class before a descendant or sibling combinator
(``:is(.a) .b`` read as ``:is(.a) > .b``), the doctype counted as ``<html>``'s elder sibling (``:first-child`` false
of it, ``:nth-child(2)`` true), and ``:nth-child(… of S)`` for a compound S. The first two are rewritten around
(``_for_lexbor``), the third is not exact. ``a ~ b`` is matched here (``match``): lexbor walks every earlier sibling
of every candidate.
"""

from __future__ import annotations

import re

import cssselect
from selectolax.lexbor import LexborHTMLParser, LexborNode

#: White space as CSS reads it (a no-break space is part of a name).
CSS_SPACE = " \t\n\r\f"
#: An attribute selector with no namespace (``[*|a]``, ``[foo|a]`` are read apart).
ATTRIBUTE_SELECTOR = re.compile(r"\[(?:[^\]\"'|]|\"[^\"]*\"|'[^']*')*\]")
#: Combinators and pseudo-classes lexbor matches as Chromium does (a differential fuzz of 2026-12-02: 7,500
#: page and selector pairs a feature, every disagreement gone once ``_for_lexbor`` rewrites the selector).
_EXACT_SELECTOR = re.compile(r"[\w \t\n\r\f.#>+~*\-]*")
#: An+B with at most nine digits a number: Chromium matches nothing from 2^30 on, lexbor goes on.
_NTH = r"(?:odd|even|[+-]?\d{0,9}n(?:\s*[+-]\s*\d{1,9})?|[+-]?\d{1,9})"
#: ``:empty`` is left out: lexbor counts a ``<?…?>`` (a comment to a browser) as content.
_STRUCTURAL = (r":(?:first-child|last-child|only-child|first-of-type|last-of-type|only-of-type|root"
               r"|(?:nth-child|nth-last-child|nth-of-type|nth-last-of-type)\(\s*" + _NTH + r"\s*\))")
_STRUCTURAL_PSEUDO = re.compile(_STRUCTURAL, re.I)
#: A pseudo-class that counts an element's siblings (lexbor's cost grows with the square of a sibling run).
COUNTS_SIBLINGS = re.compile(r":(?:first|last|only|nth|nth-last)-(?:child|of-type)\b", re.I)
#: A ``:not`` whose arguments hold one level of parentheses at most (``:not(.a, [b])``, ``:not(:nth-child(odd), p)``).
_NOT_LIST = re.compile(r":not\(((?:[^()\"']|\([^()]*\)|\"[^\"]*\"|'[^']*')*)\)", re.I)
#: ``:not``, ``:is`` and ``:where`` of compounds (type, class, id, attribute and structural pseudo-classes only,
#: once attribute selectors are set aside; no ``of`` form: lexbor counts ``:nth-child(2 of .a.b)`` apart).
_ARGUMENT = r"(?:[\w.#*\-]|" + _STRUCTURAL + r")+"
_LOGICAL_PSEUDO = re.compile(r":(?:not|is|where)\(\s*" + _ARGUMENT + r"(?:\s*,\s*" + _ARGUMENT + r")*\s*\)", re.I)
#: The pseudo-classes that count an element among its siblings from the first (lexbor counts the doctype as
#: ``<html>``'s elder sibling, Chromium does not).
_FROM_FIRST = re.compile(r":(first-child|only-child|nth-child\(([^()]*)\))", re.I)
#: A pseudo-class that starts a compound (lexbor reads ``:is(.a) .b`` as ``:is(.a) > .b``, ``*:is(.a) .b`` right).
_PSEUDO_FIRST = re.compile(r"(^|[ >+~(,]):")


def match(parser: LexborHTMLParser, css: str) -> list[LexborNode]:
    """The elements ``css`` matches. ``a ~ b`` is matched here, each parent's children walked once: lexbor walks
    every earlier sibling of every candidate (0.9 s a rule over 10,000 siblings, 2.6 s with ``:is()``)."""
    parts = top_level(css, "~")
    if len(parts) != 2:
        return parser.css(css)
    earlier = {node.mem_id for node in parser.css(parts[0].strip(CSS_SPACE))}
    if not earlier:
        return []
    later = parser.css(parts[1].strip(CSS_SPACE))
    wanted = {node.mem_id for node in later}
    parents = {node.parent.mem_id: node.parent for node in later if node.parent is not None}
    found = []
    for parent in parents.values():
        seen, child = False, parent.child
        while child is not None:
            if child.is_element_node:
                if seen and child.mem_id in wanted:
                    found.append(child)
                seen = seen or child.mem_id in earlier
            child = child.next
    return found


def exact_selector(written: str, selector: cssselect.Selector) -> str | None:
    """The selector lexbor matches exactly as a browser does, when written within what it matches so (type,
    class, id and attribute selectors, the four combinators, structural pseudo-classes, ``:not``, ``:is`` and
    ``:where`` of compounds), else None. One holding a ``:not`` list is matched as written (cssselect read
    it scored, with one argument)."""
    canonical = selector.canonical()
    if not (_within_exact(written) and _within_exact(canonical)):
        return None
    return _for_lexbor(written if not_lists_scored(written) != written else canonical)


def not_lists_scored(selectors: str) -> str:
    """``selectors`` with each ``:not(a, b)`` of compounds cssselect reads written ``:not(m)``, m the argument of
    the highest specificity (a browser scores ``:not`` by it); one it cannot read is left as written.

    >>> not_lists_scored("p:not(.a, #b), li:NOT(a,.c.d), :not(:nth-child(odd), p.b)")
    'p:not(#b), li:not(.c.d), :not(p.b)'
    """
    def scored(found: re.Match[str]) -> str:
        arguments = [part.strip(CSS_SPACE) for part in top_level(found.group(1), ",")]
        if len(arguments) < 2:
            return found.group(0)
        try:
            ranked = [(cssselect.parse(argument)[0].specificity(), argument) for argument in arguments]
        except (cssselect.SelectorError, IndexError):
            return found.group(0)
        return f":not({max(ranked)[1]})"

    return _NOT_LIST.sub(scored, selectors)


def _within_exact(selector: str) -> bool:
    rest = _LOGICAL_PSEUDO.sub("", ATTRIBUTE_SELECTOR.sub("", selector))
    return _EXACT_SELECTOR.fullmatch(_STRUCTURAL_PSEUDO.sub("", rest)) is not None


def _for_lexbor(canonical: str) -> str:
    """``canonical`` as lexbor matches it as a browser does: ``<html>`` is its parent's first child (lexbor counts
    the doctype before it), and a compound never starts with a pseudo-class (``*:is(.a) .b``).

    >>> _for_lexbor(":is(.a) ~ li:first-child, li:nth-child(2n)")
    '*:is(.a) ~ li:is(:root, :first-child), li:not(:root):nth-child(2n)'
    >>> _for_lexbor("[title=' :first-child'] :is([a])")
    "[title=' :first-child'] *:is([a])"
    """
    held = ATTRIBUTE_SELECTOR.findall(canonical)  # an attribute's value is no selector text: set aside
    text = ATTRIBUTE_SELECTOR.sub("\0", canonical)
    text = _FROM_FIRST.sub(_html_first, _PSEUDO_FIRST.sub(r"\1*:", text))
    for attribute in held:
        text = text.replace("\0", attribute, 1)
    return text


def _html_first(match: re.Match[str]) -> str:
    """A pseudo-class counted from the first sibling, true of ``<html>`` exactly where a browser holds it true."""
    series = match.group(2)
    if series is None or _counts_one(series.strip().lower()):
        return f":is(:root, :{match.group(1).lower()})"
    return f":not(:root):{match.group(1).lower()}"


def _counts_one(series: str) -> bool:
    """Whether the An+B ``series`` (``odd``, ``-n+3``, ``2n+1``, ``4``) holds 1 for some n ≥ 0.

    >>> [_counts_one(s) for s in ("odd", "even", "-n+3", "2n+1", "3n-2", "4", "0n+1", "n", "-2n+1", "2n +\t1", "3n-1")]
    [True, False, True, True, True, False, True, True, True, True, False]
    """
    series = "".join(series.split())  # "2n +\t1"
    if series in ("odd", "even"):
        return series == "odd"
    if "n" not in series:
        return int(series) == 1
    a_text, _, b_text = series.partition("n")
    a = int(a_text + "1") if a_text in ("", "+", "-") else int(a_text)
    b = int(b_text) if b_text else 0
    if a == 0:
        return b == 1
    return (1 - b) % a == 0 and (1 - b) // a >= 0


def top_level(text: str, separators: str) -> list[str]:
    """``text`` split at the ``separators`` outside brackets, parentheses and strings."""
    parts, start, depth, quote = [], 0, 0, ""
    for index, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and char in separators:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts
