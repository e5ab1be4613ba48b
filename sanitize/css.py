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
from collections.abc import Callable, Iterator

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
#: A function name and its "(": name characters and escapes, read as CSS reads them (greedily, no
#: backtracking: ``{1,6}+`` and ``++``; backtracking made a run of ``\\75`` cost 2^n on a miss).
_NAME_PIECES = r"(?:[-\w]|\\[0-9a-fA-F]{1,6}+[ \t\n\r\f]?|\\[^\n\r\f0-9a-fA-F])++"
_FUNC = re.compile(rf"({_NAME_PIECES})\(")
_NAME_PIECE = re.compile(_NAME_PIECES[3:-3])  # one piece: the alternatives inside (?:…)++
_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\\(.)", re.S)
#: Where a quoted string or an escape may start (``_drop_script_strings``).
_STRING_OR_ESCAPE = re.compile(r"['\"\\]")
#: Scanning a 600 kB stylesheet (Gmail's are that size) with a pattern that may start anywhere costs
#: about half a second, so each scan below finds its anchor character first (a "(", "@", quote or
#: bracket) with a one-character pattern and then reads only a small window around it.
_SUSPECT_WORDS = ("url", "image-set", "image", "src", "cross-fade", "element", "expression")
#: The safety net's pattern, ``(?:url|image-set|…)\s*\(`` (case-insensitive), run over the reversed
#: text so that it starts with its anchor: "(", then white space, then a reversed word.
_SUSPECT_REVERSED = re.compile(r"\(\s*(?i:(" + "|".join(w[::-1] for w in _SUSPECT_WORDS) + "))")
_STRING_BODY = {q: re.compile(rf"[^{q}\\\n]*(?:\\[\s\S][^{q}\\\n]*)*") for q in "'\""}
_BRACKET_STOPS = {"(": re.compile(r"['\"\\()]"), "{": re.compile(r"['\"\\{}]")}
#: Everything up to the next "@" that starts an at-rule, in one match: text, whole strings (as
#: ``_skip_string`` reads them: to the closing quote, a newline or the end) and escapes.
_UNTIL_AT = re.compile(
    r"(?:[^@'\"\\]++"
    + "".join(rf"|{q}[^{q}\\\n]*+(?:\\[\s\S][^{q}\\\n]*+)*+[{q}\n]?" for q in "'\"")
    + r"|\\[\s\S]?)*+"
)
_AT_RULE_STOPS = re.compile(r"['\"\\(\[{)\];}]")
_NAME_CHARS_REVERSED = re.compile(r"[-\w]*")
#: "(" then, reversed, a word a fetching name ends with (``FETCHING_FUNCTIONS``' last words).
_FETCHING_TAIL_REVERSED = re.compile(r"\((?i:lru|crs|egami|tes|edaf|tnemele|tniap|noisserpxe)")
#: Characters that can sit inside a name run, with each backslash taking the character after it.
_SOFT_CHARS = re.compile(r"[-\w \t\n\r\f]*+")
_HEX_DIGITS = re.compile(r"[0-9a-fA-F]{1,6}")


def _unescape(css: str) -> str:
    def one(m: re.Match[str]) -> str:
        if m.group(1):
            cp = int(m.group(1), 16)
            return chr(cp) if 0 < cp < 0x110000 else "\ufffd"
        return m.group(2)

    return _ESCAPE.sub(one, css)


def _skip_string(css: str, i: int) -> int:
    """Index just past the string starting at css[i] (a quote), honouring backslash escapes: past the
    closing quote or the newline that ends it, or past the end."""
    j = _STRING_BODY[css[i]].match(css, i + 1).end()  # type: ignore[union-attr]  # always matches
    if j >= len(css):
        return j
    return j + 2 if css[j] == "\\" else j + 1  # a lone backslash last, or the quote or newline


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
    for i, c in _stops(css, i, _BRACKET_STOPS[opening]):
        if c == opening:
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return i + 1
    return len(css)


def _stops(css: str, i: int, stops: re.Pattern[str]) -> Iterator[tuple[int, str]]:
    """Each character ``stops`` finds at or after ``i`` outside strings and escapes, with its index
    (``stops`` must also find quotes and backslashes, which this steps over)."""
    while (m := stops.search(css, i)) is not None:
        i = m.start()
        c = css[i]
        if c in "'\"":
            i = _skip_string(css, i)
        elif c == "\\":
            i += 2
        else:
            yield i, c
            i += 1


def _is_fragment_url(arg: str) -> bool:
    arg = arg.strip().strip("'\"").strip()
    return arg.startswith("#") and not re.search(r"[\\()'\"\s]", arg)


def neutralise_functions(css: str) -> tuple[str, int]:
    """Replace every fetching or escaped-name function call with ``none``; return (css, count).

    It reads what a scan for ``_FUNC`` from left to right reads, but a 600 kB stylesheet holds
    tens of thousands of calls (rgba, calc, var…) that scan would have to visit, each in Python.
    Only a "(" that can end a name acted on is visited (``_candidates``); the names between are
    left unread, which changes nothing: a name not acted on only moves the scan past its "(", and
    no name runs through an unescaped "(" (``_clean_start`` keeps the escaped ones in view)."""
    if "(" not in css:
        return css, 0
    out: list[str] = []
    copied = pos = count = 0
    reversed_css = css[::-1]
    escapes = "\\" in css
    candidates = _candidates(css, reversed_css)
    k = 0
    while k < len(candidates):
        p = candidates[k]
        k += 1
        if p < pos:
            continue
        m = _function_ending_near(css, reversed_css, pos, p, escapes)
        if m is None:
            continue
        if m.end() <= p:  # the leftmost name ended at an escaped-looking "(" before this one
            k -= 1
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
        out += (css[copied : m.start()], "none")
        copied = pos = end
        count += 1
    if not count:
        return css, 0
    out.append(css[copied:])
    return "".join(out), count


def _candidates(css: str, reversed_css: str) -> list[int]:
    """Every "(" that may end a name ``neutralise_functions`` acts on, in order: one right after a word
    a fetching name ends with (any case), and the first "(" after each escape's run of name
    characters, white space and escaped characters (an escaped name is always acted on)."""
    n = len(css)
    found = {n - 1 - m.start() for m in _FETCHING_TAIL_REVERSED.finditer(reversed_css)}
    zone_end: dict[int, int] = {}  # backslash → end of the soft run from it (backslashes last to first)
    backslash = css.rfind("\\")
    while backslash >= 0:
        j = _SOFT_CHARS.match(css, backslash + 2).end()  # type: ignore[union-attr]  # past the escaped character
        end = zone_end.get(j, j) if j < n and css[j] == "\\" else j
        zone_end[backslash] = end
        if end < n and css[end] == "(":
            found.add(end)
        backslash = css.rfind("\\", 0, backslash)
    return sorted(found)


def _function_ending_near(css: str, reversed_css: str, pos: int, p: int, escapes: bool) -> re.Match[str] | None:
    """What ``_FUNC.search(css, pos)`` finds, given that no name acted on ends before the "(" at
    ``p``: the name characters just before it are read back to a "clean" start (``_clean_start``),
    from which the search finds the same leftmost match. A "(" written as an escape can belong to a
    longer name: then every start is read (``_leftmost_function``)."""
    n = len(css)
    # the name characters just before the "(", read forwards in the reversed text
    start = max(pos, n - _NAME_CHARS_REVERSED.match(reversed_css, n - p).end())  # type: ignore[union-attr]
    while escapes and not _clean_start(css, start, pos):  # no backslash: names are [-\w]+
        start -= 1
    if p > start and css[p - 1] == "\\":
        return _leftmost_function(css, start)
    return _FUNC.search(css, start, p + 1)


def _leftmost_function(css: str, pos: int) -> re.Match[str] | None:
    """``_FUNC.search(css, pos)`` in time linear in the text. The search tries every start and reads
    the name run from each (a long run costs its length at each of its characters); the run from
    a piece boundary is the same whichever start reached it, so each boundary's run end is read once."""
    n = len(css)
    run_end: dict[int, int] = {}  # piece boundary → index just past the run from it
    for start in range(pos, n):
        path, i = [], start
        while (end := run_end.get(i)) is None:
            m = _NAME_PIECE.match(css, i)
            if m is None:
                end = i
                break
            path.append(i)
            i = m.end()
        for b in path:
            run_end[b] = end
        if start < end < n and css[end] == "(":
            return _FUNC.match(css, start)
    return None


def _clean_start(css: str, i: int, pos: int) -> bool:
    """No name that starts at or after ``pos`` can run from before ``i`` into it: css[i - 1] cannot
    end or sit inside a name character or escape."""
    if i <= pos:
        return True
    c = css[i - 1]
    if c == "\\" or c == "-" or c == "_" or c.isalnum():  # isalnum: what \w reads
        return False
    if i - 2 >= pos and css[i - 2] == "\\" and c not in "\n\r\f":
        return False  # an escaped character
    if c in " \t\n\r\f":  # ends a name only as the end of a hex escape (a backslash, 1-6 hex digits)
        b = css.rfind("\\", max(pos, i - 8), i - 1)
        return b < 0 or _HEX_DIGITS.fullmatch(css, b + 1, i - 1) is None
    return True


def drop_at_rules(css: str) -> tuple[str, int]:
    """Remove every at-rule, with its block if it has one; return (css, count)."""
    if "@" not in css:
        return css, 0
    out: list[str] = []
    i = count = 0
    n = len(css)
    while i < n:
        j = _UNTIL_AT.match(css, i).end()  # type: ignore[union-attr]  # always matches
        out.append(css[i:j])
        if j >= n:
            break
        count += 1
        i = _at_rule_end(css, j + 1)
    return "".join(out), count


def _at_rule_end(css: str, j: int) -> int:
    """Where the at-rule whose name starts at ``j`` ends: past its ';' at depth 0, past its {block},
    or at the '}' of the block around it (left in place: the at-rule had no terminator)."""
    depth = 0
    for j, d in _stops(css, j, _AT_RULE_STOPS):
        if d == "(" or d == "[":
            depth += 1
        elif d == "{":
            if depth == 0:
                return _block_end(css, j)
        elif d == ")" or d == "]":
            depth = max(0, depth - 1)
        elif depth == 0:  # ';' ends the at-rule, '}' the block around it
            return j + 1 if d == ";" else j
    return len(css)


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
    script = "script:" in css.lower()
    if script:
        # a string holding a script URL (Opera's -o-link:'javascript:…') has no use in a fixture
        css, n = _drop_script_strings(css)
        count += n
    if stylesheet and ("<" in css or ">" in css):
        css = css.replace("<", "\\3c ").replace(">", "\\3e ")
    # Safety net: whatever a tokeniser quirk left, decoded, must not name a fetch or an at-rule.
    probe = _unescape(css) if "\\" in css else css
    if script and "script:" in probe.lower():
        return "", count + 1  # one written with escapes outside a string, or not in a string at all
    if "(" in probe and any(not _fragment_only(probe, word, after) for word, after in _suspects(probe)):
        return "", count + 1
    return css, count


def _drop_script_strings(css: str) -> tuple[str, int]:
    """Each quoted string that reads as holding ``script:`` once unescaped becomes ``""``. Strings are
    read as CSS reads them (``_skip_string``), once each: a pattern for them restarted at every
    escaped quote of a string never closed (47 kB: 9 s)."""
    out: list[str] = []
    copied = i = count = 0
    while (m := _STRING_OR_ESCAPE.search(css, i)) is not None:
        j = m.start()
        if css[j] == "\\":
            i = j + 2
            continue
        i = _skip_string(css, j)
        body = css[j + 1 : i]
        if "script:" in (_unescape(body) if "\\" in body else body).lower():
            out += (css[copied:j], '""')
            copied = i
            count += 1
    if not count:
        return css, 0
    out.append(css[copied:])
    return "".join(out), count


#: An escape inside a string, as CSS Syntax reads it: a hex escape takes one white space after it (a
#: newline too, CR LF as one), an escaped newline continues the string, a backslash last stays in it.
_STRING_ESCAPE = r"\\(?:[0-9a-fA-F]{1,6}+(?:\r\n|[ \t\n\r\f])?|\r\n|[\s\S]|\Z)"
#: A string's body after its quote: up to the same quote or a newline (LF, CR or FF) not escaped.
_STRING_BODIES = {q: re.compile(rf"(?:[^{q}\\\n\r\f]++|{_STRING_ESCAPE})*+") for q in "'\""}
#: A quoted string and everything before it that is not one (text, and escapes: a quote after a
#: backslash opens nothing). Matches follow each other from the start; the last takes the tail
#: (``\Z``), so a search never restarts inside a run without strings (restarted at each of its
#: characters, a long tail cost its length squared).
_NEXT_STRING = re.compile(
    r"(?:[^'\"\\]++|\\[\s\S]?)*+(?:"
    + "|".join(rf"{q}((?:[^{q}\\\n\r\f]++|{_STRING_ESCAPE})*+)[{q}\n\r\f]?" for q in "'\"")
    + r"|\Z)"
)


def map_strings(css: str, fn: Callable[[str], str]) -> str:
    """Each quoted string's body through ``fn`` (the value rules: a string is where free text, an
    address or a link survives in a style), strings read as CSS Syntax reads them. ``fn`` is called
    once per distinct body, in the order of the text (a rule that learns, a display name, learns
    the same way whatever the hash seed). A result that would not read back as the same one string
    between the quote and the old end (a quote or newline added, or a backslash left last that now
    escapes the closing quote) empties the body instead (the value rules never add one)."""
    if "'" not in css and '"' not in css:
        return css
    bodies = dict.fromkeys(body for pair in _NEXT_STRING.findall(css) for body in pair if body)
    changed = {body: new for body in bodies if (new := fn(body)) != body}
    if not changed:
        return css

    def one(m: re.Match[str]) -> str:
        group = 1 if m.start(1) >= 0 else 2 if m.start(2) >= 0 else 0
        new = changed.get(m.group(group)) if group else None
        if new is None:
            return m.group(0)
        quote = "'" if group == 1 else '"'
        written = quote + new + css[m.end(group) : m.end(group) + 2]
        if _STRING_BODIES[quote].match(written, 1).end() != 1 + len(new):  # type: ignore[union-attr]  # always matches
            new = ""
        start, end = m.start(group) - m.start(), m.end(group) - m.start()
        return m.group(0)[:start] + new + m.group(0)[end:]

    return _NEXT_STRING.sub(one, css)


def _suspects(probe: str) -> Iterator[tuple[str, int]]:
    """Each ``word(`` of ``_SUSPECT_WORDS`` in ``probe`` (any case, white space before the "("): the
    word as written and the index just past its "("."""
    n = len(probe)
    for m in _SUSPECT_REVERSED.finditer(probe[::-1]):
        yield m.group(1)[::-1], n - m.start()


def _fragment_only(probe: str, word: str, after: int) -> bool:
    """A url(#x) left in place on purpose is the one allowed match of the safety net."""
    if word.lower() != "url":
        return False
    end = probe.find(")", after)
    return end >= 0 and _is_fragment_url(probe[after:end])
