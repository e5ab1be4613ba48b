"""The forms a person's name takes inside a display name and on a page (spec §6.2, display names).

A display name often says more than the person's name: Google Groups writes ``'Ada Quorn' via Team``, a sender
signs ``Dr. Ada Quorn`` or ``Ada Quorn jr``, a profile adds ``(she/her)``. The whole is faked where it stands; the
person inside it (``person_in``) is learned too, so ``Hi all, Ada Quorn here`` elsewhere is faked (a privacy audit
of 2026-12-03 found those kept). Only the forms that say their other words are no part of a person's name are read
(a group, pronouns, a title, a suffix): the head of a bar, a dash or another bracket (``Customer Support | Acme``,
``Team Calendar (Acme)``) is a team, a subject or a calendar as often as a person, and learned page-wide it rewrote
subjects and Calendar chips (the audit's review). A learned name
is also found joined by ``_`` or ``-``, as a file name writes it (``Lease_Ada_Quorn.pdf``), or by ``+`` or ``%20``,
as a search route does; ``joined_words`` reads such a match back into the name's words.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote, unquote

from sanitize.faker import NAME_SUFFIXES

#: Quote marks a display name may wrap the person in (Google Groups: ``'Ada Quorn' via Team``).
QUOTES = "\"'’‘“”"
#: Words before a person's name that are no part of it; dropped only when two words stay.
_TITLES = frozenset({"dr", "prof", "mr", "mrs", "ms", "mx", "miss", "sir", "dame", "rev"})
#: What may follow the person in a display name and says it is no part of the name: the group a sender writes
#: through (Google Groups' "via", Outlook's "on behalf of"), a bracket of pronouns.
_TAIL = re.compile(r"[ \t]+(?:via|on behalf of)[ \t].*$|[ \t]*\((?:she|he|they|xe|ze)/\w+(?:/\w+)?\)[ \t]*$",
                   re.S | re.I)
#: Between the words of a name as a page writes it: white space, a file name's "_" or "-", a search route's "+"
#: or "%20" (``#search/Ada+Quorn``).
JOINT = re.compile(r"\s+|[_\-+]|%20")
#: A percent escape of a byte beyond ASCII: a text written so in a search's route is read as the text it encodes.
ENCODED_BYTE = re.compile("%[89A-Fa-f][0-9A-Fa-f]")


#: What JavaScript's ``encodeURIComponent`` (a page's script writes its routes with it) leaves unescaped beyond
#: ``quote``'s own: "Zoë O'Brien" is ``Zo%C3%AB%20O'Brien`` in a route (session 38; ``quote`` writes ``O%27Brien``).
_URI_COMPONENT_SAFE = "!~*'()"


def route_spellings(text: str) -> set[str]:
    """``text`` percent-encoded word by word as a search's route writes it (its words then joined by "+" or "%20"),
    as written, in title case, in lower case and in capitals: an escape reads one letter's case (``Å`` is
    ``%C3%85``, ``å`` ``%C3%A5``); each also composed and decomposed (NFD, as a Mac writes "ë": ``e%CC%88``) and as
    ``encodeURIComponent`` writes it. None for a text in ASCII, nor for a form in ASCII ("Groß" in capitals is
    "GROSS", the word "gross"), which is no spelling of its own.

    >>> sorted(route_spellings("王伟")), route_spellings("Ada")
    (['%E7%8E%8B%E4%BC%9F'], set())
    >>> sorted(route_spellings("Zoë"))[:2]
    ['ZO%C3%8B', 'ZOE%CC%88']
    """
    forms = {text, text.title(), text.lower(), text.upper()} if not text.isascii() else set()
    forms |= {unicodedata.normalize(nf, form) for form in forms for nf in ("NFC", "NFD")}
    return {" ".join(quote(w, safe=safe) for w in form.split(" "))
            for form in forms if not form.isascii() for safe in ("/", _URI_COMPONENT_SAFE)}


def decoded_route_text(written: str) -> str:
    """The text a route's escapes write, composed (NFC: a decomposed spelling reads as the name it spells).

    >>> decoded_route_text("Zoe%CC%88")
    'Zoë'
    """
    return unicodedata.normalize("NFC", unquote(written))


def person_in(name: str) -> str:
    """The person's name inside a display name that says more (``name`` itself when it says nothing more).

    >>> person_in("'Ada Quorn' via Leasing Team"), person_in("Dr. Ada Quorn"), person_in("Ada Quorn (she/her)")
    ('Ada Quorn', 'Ada Quorn', 'Ada Quorn')
    >>> person_in("Customer Support | Acme"), person_in("Team Calendar (Acme)"), person_in("Dr. Quorn")
    ('Customer Support | Acme', 'Team Calendar (Acme)', 'Dr. Quorn')
    >>> person_in("Ada Quorn jr"), person_in("Ada Quorn, PhD"), person_in("Ada “Bo” Quorn")
    ('Ada Quorn', 'Ada Quorn', 'Ada Quorn')
    """
    core = " ".join(name.split())
    for _ in range(3):  # "'Ada Quorn (she/her)' via Team": a tail, the quotes, a tail inside them
        core = _TAIL.sub("", core).strip().strip(QUOTES).strip()  # "'Ada Quorn' via Team", its quotes either side
    words = core.split()
    while len(words) > 2 and words[0].lower().rstrip(".") in _TITLES:
        words = words[1:]
    while len(words) > 2 and words[-1].lower().rstrip(".") in NAME_SUFFIXES:  # "Ada Quorn jr", "Ada Quorn, PhD"
        words = words[:-1]
        words[-1] = words[-1].rstrip(",")
    if len(words) > 2:  # a nickname in quotes between the names ("Ada “Bo” Quorn"): the name is written without it too
        words = [w for i, w in enumerate(words)
                 if not (0 < i < len(words) - 1 and len(w) > 2 and w[0] in QUOTES and w[-1] in QUOTES)]
    return " ".join(words) if words else name


#: A word of a two-word name another order can be read for: a capital, then letters (an inner hyphen or
#: apostrophe too: "O'Rourke", "Quayle-Barrow").
_NAME_WORD = re.compile(r"[^\W\d_][^\W\d_'’\-]*(?:['’\-][^\W\d_]+)*")


def other_order(name: str) -> str | None:
    """A two-word name in the other order a page writes it: "First Last" as a directory's "Last, First" and back;
    None for any other name (three words or a particle have no one other order).

    >>> other_order("Ada Quorn"), other_order("Quorn, Ada"), other_order("Siobhán O'Rourke")
    ('Quorn, Ada', 'Ada Quorn', "O'Rourke, Siobhán")
    >>> other_order("Ada de Quorn"), other_order("ada quorn"), other_order("Ada Quorn2"), other_order("Ada, Quorn,")
    (None, None, None, None)
    """
    words = name.split()
    if len(words) != 2:
        return None
    first, last = words
    comma = first.endswith(",")
    first = first[:-1] if comma else first
    if not all(_NAME_WORD.fullmatch(w) and w[0].isupper() for w in (first, last)):
        return None
    return f"{last} {first}" if comma else f"{last}, {first}"


def unquoted(text: str) -> str:
    """``text`` without the quote marks around it, when it is quoted at both ends (one mark alone is kept)."""
    if len(text) > 1 and text[0] in QUOTES and text[-1] in QUOTES:
        return text[1:-1].strip()
    return text


def phrase_key(text: str) -> str:
    """A name's words in lower case, one space apart, whatever joined them (``Ada_Quorn`` → ``ada quorn``)."""
    return JOINT.sub(" ", text.lower())


def joined_words(phrase: str, written: str) -> tuple[list[str], list[str]] | None:
    """``written`` (a match of ``phrase`` whose joints may be "_", "-", "+" or "%20") as the phrase's words and the joints
    between them: ``("mei-ling zhou", "Mei_Ling_Zhou")`` → ``(["Mei-Ling", "Zhou"], ["_"])``. A joint inside one
    of the phrase's words is written as its hyphen (the word gets one fake, as the spaced name's word does).
    None when the pieces do not line up (a spelling the key does not fold alike)."""
    pieces = JOINT.split(written)
    joints = JOINT.findall(written)
    words: list[str] = []
    outer: list[str] = []
    at = 0
    for i, word in enumerate(phrase.split(" ")):
        n = word.count("-") + 1
        if at + n > len(pieces):
            return None
        words.append("-".join(pieces[at : at + n]))
        if i:
            joint = joints[at - 1]
            outer.append(" " if joint.isspace() else joint)
        at += n
    return (words, outer) if at == len(pieces) else None
