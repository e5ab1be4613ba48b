"""The CSS neutraliser (spec §6.2): nothing in a style may fetch.

Every url(…) except url(#fragment) becomes ``none``, as does every image-set(…) (and the other
functions that take an image), and every function whose name is written with an escape
(``\\75 rl(…)``), which Chrome still resolves and fetches. Every at-rule (@import, @font-face,
@media, …) is dropped: the capture already copied the critical computed styles onto each element.
In a <style> element ``<`` and ``>`` become CSS escapes, so the text serialises the same whether a
parser treats it as raw text or not (an <svg><style> is not raw text: a classic mutation-XSS route).
"""

from __future__ import annotations

import re

#: Functions that load an image or a resource.
FETCHING_FUNCTIONS = frozenset(
    {
        "url", "src", "image", "image-set", "-webkit-image-set", "cross-fade", "-webkit-cross-fade",
        "element", "-moz-element", "paint", "expression", "-webkit-image",
    }
)
#: SVG presentation attributes Chrome resolves url(…) in.
SVG_URL_ATTRS = frozenset(
    {"fill", "stroke", "mask", "clip-path", "marker", "marker-start", "marker-mid", "marker-end", "cursor", "filter"}
)

_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)", re.S)
_FUNC = re.compile(r"((?:[-\w]|\\[0-9a-fA-F]{1,6}[ \t\n\r\f]?|\\[^\n\r\f0-9a-fA-F])+)\(")
_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\\(.)", re.S)
_SCRIPT_STRING = re.compile(r"(['\"])(?:\\.|(?!\1).)*?script:(?:\\.|(?!\1).)*\1", re.I | re.S)
_SUSPECT = re.compile(r"(?:url|image-set|image|src|cross-fade|element|expression)\s*\(", re.I)


def _unescape(css: str) -> str:
    def one(m: re.Match[str]) -> str:
        if m.group(1):
            cp = int(m.group(1), 16)
            return chr(cp) if 0 < cp < 0x110000 else "\ufffd"
        return m.group(2)

    return _ESCAPE.sub(one, css)


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


def _is_fragment_url(arg: str) -> bool:
    arg = arg.strip().strip("'\"").strip()
    return arg.startswith("#") and not re.search(r"[\\()'\"\s]", arg)


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


def neutralise_css(css: str, *, stylesheet: bool = False) -> tuple[str, int]:
    """Neutralise a style attribute (``stylesheet=False``) or a <style> element's text."""
    count = 0
    if "/*" in css:
        css = _COMMENT.sub(" ", css)
    css, n = drop_at_rules(css)
    count += n
    css, n = neutralise_functions(css)
    count += n
    if "script:" in css.lower():
        # a string holding a script URL (Opera's -o-link:'javascript:…') has no use in a fixture
        css, n = _SCRIPT_STRING.subn('""', css)
        count += n
    if stylesheet and ("<" in css or ">" in css):
        css = css.replace("<", "\\3c ").replace(">", "\\3e ")
    # Safety net: whatever a tokeniser quirk left, decoded, must not name a fetch or an at-rule.
    probe = _unescape(css) if "\\" in css else css
    if any(not _fragment_only(probe, m) for m in _SUSPECT.finditer(probe)):
        return "", count + 1
    return css, count


def _fragment_only(probe: str, m: re.Match[str]) -> bool:
    """A url(#x) left in place on purpose is the one allowed match of the safety net."""
    if not m.group(0).lower().startswith("url"):
        return False
    end = probe.find(")", m.end())
    return end >= 0 and _is_fragment_url(probe[m.end() : end])
