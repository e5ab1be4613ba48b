"""Values in a Gmail search route (spec §6.2: the page's own path and fragment are kept, and what they carry is
faked as in any value). A search writes its words in the route encoded (``#search/4417+Quarrystone+Lane``,
``#search/%2B1+503-555-0172``): spaces as ``+`` or ``%20``, signs as escapes, so a phone, a card, an amount or a
street the search holds reads as none. Here the words are decoded, the number rules read them as a text, and
only a route whose words changed is encoded again, each character as the route wrote it where it can be.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote

#: The words of a search route: up to the end, a "#" or white space.
_SEARCH = re.compile(r"(#search/)([^#\s\"'<>]+)")
#: An escape of a printable ASCII character other than "%" itself (the only ones decoded: a byte of a
#: multi-byte character, or "%25", stays as written).
_ESCAPE = re.compile(r"%(2[0-9A-Fa-f]|3[0-9A-Fa-f]|[4-6][0-9A-Fa-f]|7[0-9A-Ea-e])")


def fake_search_route(text: str, fake: Callable[[str], str]) -> str:
    """``fake`` over ``text``, the words of each search route in it read decoded and written back encoded as
    the route wrote them (a route whose words ``fake`` leaves is left byte for byte). The route's words are
    read decoded only: read as written too, ``+503-555-0172`` after an escape was a phone of its own, faked
    again each pass.

    >>> fake_search_route("#search/call+503+555+0172", lambda t: t.replace("503 555 0172", "819 204 7731"))
    '#search/call+819+204+7731'
    >>> fake_search_route("see #search/paid%20%2412.50 now", lambda t: t.replace("$12.50", "$98.04"))
    'see #search/paid%20%2498.04 now'
    """
    out: list[str] = []
    at = 0
    for m in _SEARCH.finditer(text):
        out += (fake(text[at:m.start(2)]), _fake_words(m.group(2), fake))
        at = m.end()
    out.append(fake(text[at:]))
    return "".join(out)


def _fake_words(words: str, fake: Callable[[str], str]) -> str:
    if "+" not in words and "%" not in words:
        return fake(words)  # no space or sign encoded: the rules read the route as it is
    decoded, encoded_as = _decode(words)
    new = fake(decoded)
    return words if new == decoded else _encode(new, encoded_as)


def _decode(words: str) -> tuple[str, dict[str, str]]:
    """The route's words decoded (``+`` and the printable escapes), and how each decoded character was written."""
    encoded_as: dict[str, str] = {}
    if "+" in words:
        encoded_as[" "] = "+"

    def escape(m: re.Match[str]) -> str:
        char = chr(int(m.group(1), 16))
        encoded_as.setdefault(char, m.group(0))
        return char

    plus_free = words.replace("+", "\0")  # a "+" is a space; an escaped "%2B" is a plus sign
    decoded = _ESCAPE.sub(escape, plus_free).replace("\0", " ")
    return decoded, encoded_as


def _encode(text: str, encoded_as: dict[str, str]) -> str:
    """``text`` written as the route wrote its characters: each one the route had escaped (or a space it wrote
    as ``+``) the same way, the rest as they stand, but a character a route cannot hold (a space the fake
    brought, a quote mark), escaped. A "%" stands for itself: it is what was left of an escape not decoded."""
    out = []
    for char in text:
        if char in encoded_as:
            out.append(encoded_as[char])
        elif char in _MUST_ESCAPE:
            out.append(quote(char, safe=""))
        else:
            out.append(char)
    return "".join(out)


#: Characters a fragment does not hold as they are.
_MUST_ESCAPE = frozenset(' "<>`#{}|\\^')
