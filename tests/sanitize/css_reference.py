"""The CSS neutraliser as first written (character loops, and patterns tried at every position):
the reference ``sanitize.css`` must agree with byte for byte (``test_css_scan.py``).

sanitize.css now finds each anchor character first and reads a small window around it, which is
about ten times faster on a stylesheet of Gmail's size; this slow, plain reading is what it stands for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from unittest import mock

from sanitize import css
from sanitize.css import FETCHING_FUNCTIONS, _is_fragment_url

#: The name pattern as first written, with backtracking: it reads the same names as sanitize.css's
#: greedy one, at a cost exponential in a failing run of escapes (keep test inputs short).
_FUNC = re.compile(r"((?:[-\w]|\\[0-9a-fA-F]{1,6}[ \t\n\r\f]?|\\[^\n\r\f0-9a-fA-F])+)\(")

_SUSPECT = re.compile(r"(?:url|image-set|image|src|cross-fade|element|expression)\s*\(", re.I)


def _skip_string(css: str, i: int) -> int:
    """Index just past the string starting at css[i] (a quote), honouring backslash escapes."""
    quote = css[i]
    i += 1
    while i < len(css):
        c = css[i]
        if c == "\\":
            i += 2
            continue
        if c == quote or c == "\n":
            return i + 1
        i += 1
    return i


def _call_end(css: str, open_paren: int, unquoted_url: bool) -> int:
    """Index just past the ')' closing the call whose '(' is at ``open_paren`` (end of text if none)."""
    i = open_paren + 1
    if unquoted_url:
        while i < len(css) and css[i] in " \t\n\r\f":
            i += 1
        if i < len(css) and css[i] not in "'\"":
            close = css.find(")", i)
            return len(css) if close < 0 else close + 1
    return _past_matching(css, i, "(", ")", depth=1)


def _past_matching(css: str, i: int, opening: str, closing: str, depth: int = 0) -> int:
    """Index just past the ``closing`` that brings ``depth`` back to 0, skipping strings and escapes."""
    while i < len(css):
        c = css[i]
        if c in "'\"":
            i = _skip_string(css, i)
            continue
        if c == "\\":
            i += 2
            continue
        if c == opening:
            depth += 1
        elif c == closing:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(css)


def neutralise_functions(css: str) -> tuple[str, int]:
    """Replace every fetching or escaped-name function call with ``none``; return (css, count)."""
    if "(" not in css:
        return css, 0
    pos = 0
    count = 0
    while True:
        m = _FUNC.search(css, pos)
        if m is None:
            break
        raw_name = m.group(1)
        name = raw_name.lower()
        escaped = "\\" in raw_name
        # The function name is the trailing identifier of the match ("a-url(" is not url()).
        if not escaped and name not in FETCHING_FUNCTIONS:
            pos = m.end()
            continue
        end = _call_end(css, m.end() - 1, unquoted_url=(name == "url"))
        if name == "url" and _is_fragment_url(css[m.end() : end - 1]):
            pos = end
            continue
        css = css[: m.start()] + "none" + css[end:]
        pos = m.start() + 4
        count += 1
    return css, count


def drop_at_rules(css: str) -> tuple[str, int]:
    """Remove every at-rule, with its block if it has one; return (css, count)."""
    if "@" not in css:
        return css, 0
    out: list[str] = []
    i = 0
    count = 0
    n = len(css)
    while i < n:
        c = css[i]
        if c in "'\"":
            j = _skip_string(css, i)
            out.append(css[i:j])
            i = j
            continue
        if c == "\\":
            out.append(css[i : i + 2])
            i += 2
            continue
        if c != "@":
            out.append(c)
            i += 1
            continue
        # an at-rule: runs to ';' at depth 0, or through its {block}
        count += 1
        j = i + 1
        depth = 0
        while j < n:
            d = css[j]
            if d in "'\"":
                j = _skip_string(css, j)
                continue
            if d == "\\":
                j += 2
                continue
            if d in "({[":
                depth += 1 if d != "{" else 0
                if d == "{" and depth == 0:
                    j = _block_end(css, j)
                    break
            elif d in ")]":
                depth = max(0, depth - 1)
            elif d == ";" and depth == 0:
                j += 1
                break
            elif d == "}" and depth == 0:
                break  # the enclosing block ends: the at-rule had no terminator
            j += 1
        i = j
    return "".join(out), count


def _block_end(css: str, brace: int) -> int:
    return _past_matching(css, brace, "{", "}")


def _suspects(probe: str) -> Iterator[tuple[str, int]]:
    for m in _SUSPECT.finditer(probe):
        yield m.group(0)[: m.group(0).find("(")].rstrip(), m.end()


def neutralise_css(text: str, *, stylesheet: bool = False) -> tuple[str, int]:
    """``sanitize.css.neutralise_css`` (its order of steps is unchanged) with the plain scans."""
    with mock.patch.multiple(css, drop_at_rules=drop_at_rules, neutralise_functions=neutralise_functions,
                             _suspects=_suspects):
        return css.neutralise_css(text, stylesheet=stylesheet)
