"""Values in a Gmail search route (spec §6.2: the page's own path and fragment are kept, and what they carry is
faked as in any value). A search writes its words in the route encoded (``#search/4417+Quarrystone+Lane``,
``#search/%2B1+503-555-0172``, ``%E2%82%AC12.50``): spaces as ``+`` or ``%20``, signs as escapes, so a phone, a
card, an amount or a street the search holds reads as none. Here the words are decoded, the number rules read
them as a text, and only the characters a fake changed are written again, encoded as the route wrote them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from difflib import SequenceMatcher
from urllib.parse import quote

#: The words of a search route: up to the end, a "#", white space or a quote mark.
_SEARCH = re.compile(r"(#search/)([^#\s\"'<>]+)")
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
#: Characters a fragment does not hold as they are.
_MUST_ESCAPE = frozenset(' "<>`#{}|\\^%')
#: What an escape that is not decoded reads as (a "%" itself, a control, bytes that are no UTF-8): a
#: character of no value's (the number rules read none inside it, nor a digit of it as theirs). One per
#: escape, from Unicode's private use area.
_HELD = 0xE000


def fake_search_route(text: str, fake: Callable[[str], str]) -> str:
    """``fake`` over ``text``, the words of each search route that holds an encoded character read decoded,
    each character ``fake`` changed written back encoded as the route wrote it, every other byte as it was.
    Such a route's words are read decoded only: read as written too, ``+503-555-0172`` after an escape was a
    phone of its own, faked again each pass.

    >>> fake_search_route("#search/call+503+555+0172", lambda t: t.replace("503 555 0172", "819 204 7731"))
    '#search/call+819+204+7731'
    >>> fake_search_route("see #search/paid%20%2412.50 now", lambda t: t.replace("$12.50", "$98.04"))
    'see #search/paid%20%2498.04 now'
    >>> fake_search_route("#search/a%20b+%E2%82%AC12.50", lambda t: t.replace("€12.50", "€98.04"))
    '#search/a%20b+%E2%82%AC98.04'
    """
    if "#search/" not in text:
        return fake(text)
    out: list[str] = []
    at = 0
    for m in _SEARCH.finditer(text):
        words = m.group(2)
        if "+" not in words and "%" not in words:
            continue  # read with the text around it, as written (a value may run on past it)
        out += (fake(text[at:m.start(2)]), _fake_words(words, fake))
        at = m.end()
    out.append(fake(text[at:]))
    return "".join(out)


def _fake_words(words: str, fake: Callable[[str], str]) -> str:
    chars, pieces = _decode(words)
    decoded = "".join(chars)
    new = fake(decoded)
    if new == decoded:
        return words
    written = {c: p for c, p in zip(reversed(chars), reversed(pieces))}  # each character as the route first wrote it
    if len(new) == len(decoded):  # every fake but a street's keeps its length: a character kept keeps its spelling
        return "".join(pieces[i] if old == c else _encoded(c, written) for i, (old, c) in enumerate(zip(decoded, new)))
    out: list[str] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, decoded, new, autojunk=False).get_opcodes():
        out += pieces[i1:i2] if op == "equal" else [_encoded(c, written) for c in new[j1:j2]]
    return "".join(out)


def _decode(words: str) -> tuple[list[str], list[str]]:
    """The route's words as characters, each with the text that wrote it: ``+`` a space, an escape run its UTF-8
    characters (not a "%" or a control: such an escape, or bytes that are no UTF-8, a held character, ``_HELD``)."""
    chars: list[str] = []
    pieces: list[str] = []
    at = 0
    held = _HELD
    for m in _ESCAPES.finditer(words):
        for c in words[at:m.start()]:
            chars.append(" " if c == "+" else c)
            pieces.append(c)
        run = m.group()
        try:
            decoded = bytes.fromhex(run.replace("%", "")).decode("utf-8")
        except UnicodeDecodeError:
            decoded = None
        pos = 0
        for c in decoded if decoded is not None else ():
            width = 3 * len(c.encode("utf-8"))
            piece, pos = run[pos:pos + width], pos + width
            if c == "%" or unicodedata.category(c) == "Cc":
                c, held = chr(held), held + 1
            chars.append(c)
            pieces.append(piece)
        if decoded is None:
            for k in range(0, len(run), 3):
                chars.append(chr(held))
                pieces.append(run[k:k + 3])
                held += 1
        at = m.end()
    for c in words[at:]:
        chars.append(" " if c == "+" else c)
        pieces.append(c)
    return chars, pieces


def _encoded(char: str, written: dict[str, str]) -> str:
    """A character a fake wrote, as the route wrote it elsewhere, else as it stands, escaped where a fragment
    cannot hold it."""
    if char in written:
        return written[char]
    return quote(char, safe="") if char in _MUST_ESCAPE or not char.isascii() else char
