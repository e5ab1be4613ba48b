"""Whether words an element carrying an address shows or says read as a person's name (spec §6.2, display names
beside an email): its texts (Calendar's guest row, a compose chip) and the interface labels on it
(``aria-label="Send email to Ada Quorn"``). Used by ``people_elements``; the rules for a name's words beside an
address in one text are ``display_names.py``'s.
"""

from __future__ import annotations

import re

from sanitize.display_names import STATUS_WORDS
from sanitize.people import NOT_NAMES, PARTICLES

#: Lower-case words inside a name: the name rules' particles, and more of the Arabic, Hebrew, German and Dutch
#: ones (``Ada ibn Quorn``, ``Ada zu Quorn``), read here only: a run of name words may hold them.
NAME_PARTICLES = PARTICLES | {"ibn", "bint", "ben", "bat", "zu", "vom", "zum", "zur", "ten", "te", "des", "dei",
                               "degli", "do", "e", "i"}
#: Lower-case prefixes joined to a capital (``d'Arcy``, ``al-Rashid``, ``d'al-Rashid``): one name word.
_JOINED_PREFIX = re.compile(r"^(?:[^\W\d_]{1,3}['’\-])+(?=[^\W\d_])")
#: Words of the products and places an interface label names beside a person (``Join with Google Meet``,
#: ``Working location: Home Office``): a run holding one is no person.
NOT_PERSON_WORDS = frozenset({
    "google", "meet", "gmail", "calendar", "docs", "sheets", "slides", "zoom", "teams", "skype", "webex", "office",
    "outlook", "microsoft", "facetime", "slack", "hangouts", "workspace", "inbox", "email", "location",
})


def name_word(word: str, cased: bool = False) -> bool:
    """A word that may stand in a name: it starts with a letter that is not lower case (with ``cased``, a
    capital: a script without case has no capitals), or a short lower-case prefix joins a capital (``d'Arcy``)."""
    first = word[:1]
    if first.isalpha() and (first.isupper() if cased else not first.islower()):
        return True
    m = _JOINED_PREFIX.match(word)
    return m is not None and word[m.end()].isupper()


def reads_as_name(text: str, cased: bool = False) -> bool:
    """Whether ``text`` can be a person's name as a page shows one (``Ada``, ``Ada Quorn``, ``van Dijk, Ada``,
    ``王 小明``): one to six words, each a name word (``name_word``) or a particle, one name word at least, the
    first word a particle or a name word of two or more characters (a script without case: one), no digit and
    no "@". ``Search mail``, ``Copy email``, ``Out of office`` and ``(You)`` are interface words.

    >>> [reads_as_name(t) for t in ("Ada Quorn", "de la Vega", "Ada d'al-Rashid", "Search mail", "Oct 6")]
    [True, True, True, False, False]
    >>> [reads_as_name(t) for t in ("(You)", "A", " ")]
    [False, False, False]
    """
    if not text or len(text) > 80 or "@" in text or any(c.isdigit() for c in text):
        return False
    words = [w.rstrip(",") for w in text.split()]
    if not words or len(words) > 6 or not all(words):
        return False
    first = words[0]
    if first not in NAME_PARTICLES and len(first) < 2 and first.lower() != first.upper():
        return False
    return all(name_word(w, cased) or w in NAME_PARTICLES for w in words) and any(name_word(w, cased) for w in words)


def _says_the_person(token: str) -> bool:
    """A bracket after a person's name that says it is one: ``(You)``, ``(me)``, pronouns ``(she/her)``."""
    inner = token.strip("()[]{}.,;:").lower()
    return inner in NOT_NAMES or ("/" in inner and inner.replace("/", "").isalpha())


def _initials_shaped(piece: str) -> bool:
    return piece.isupper() and piece.isalpha() and len(piece) <= 3


def shown_name(pieces: list[str]) -> str | None:
    """The name an element carrying an address shows in its texts ``pieces`` (each text apart, white space
    folded): statuses, ``me``/``you``, ``(You)`` and pronouns, and an avatar's initials left out, the rest read as
    one name (``<span>Ada</span> <span>Quorn Smyth</span>``, a highlight's pieces, are one). None when nothing is
    left, or a text left is no name (a date or a time: the element shows more than a person, an event's chip).

    >>> shown_name(["Brannoc Teague", "Organizer"]), shown_name(["BT", "Brannoc Teague"]), shown_name(["Ada", "Quorn"])
    ('Brannoc Teague', 'Brannoc Teague', 'Ada Quorn')
    >>> shown_name(["María", "de la Vega", "(You)"]), shown_name(["Planning", "10:30am"]), shown_name(["Reply"])
    ('María de la Vega', None, 'Reply')
    """
    if len(pieces) == 1:
        return pieces[0] if reads_as_name(pieces[0], cased=True) else None
    rest = [p for p in pieces if p.lower() not in STATUS_WORDS and p.lower() not in NOT_NAMES
            and not _says_the_person(p) and not _initials_shaped(p)]
    if not rest or not all(reads_as_name(p, cased=True) or p in NAME_PARTICLES for p in rest):
        return None
    joined = " ".join(rest)
    return joined if reads_as_name(joined, cased=True) else None


_TOKEN = re.compile(r"\S+")
#: Marks that end a run of name words after (a token ending in one) or before (a token starting with one) them.
_RUN_BREAK_AFTER = tuple(",:;|.!?)]}>\"'”’")
_RUN_BREAK_BEFORE = tuple("([{<\"'“‘")
#: A bracket after a head that is not read as a person (``name_forms.person_in`` reads the same way).
_HEAD_MARKS = ("(", "[", "{")
#: "X | Y", "X - Y": a team, a subject or a company on either side as often as a person.
_PARTED = re.compile(r"\s[|\-–—]\s")
#: Words in quotes at word edges: a title (``Email 'Team Sync' guests``), not a person. One quoted word inside
#: a run is a nickname (``Ada “Bo” Quorn``), read with it.
_QUOTED = re.compile(r"(?<!\w)[\"“‘'][^\"”’'\n]*\s[^\"”’'\n]*[\"”’'](?!\w)")
_OPEN_QUOTES = tuple("\"'“‘")
_CLOSE_QUOTES = tuple("\"'”’")
#: An initial or a short abbreviation inside a name (``Ada B. Quorn``, ``Brannoc St. d'Arcy``): its dot ends no run.
_INITIAL = re.compile(r"[^\W\d_]\.|(?:St|Dr|Mr|Ms|Mrs|Jr|Sr)\.")


def name_runs(text: str, first: bool = False) -> list[str]:
    """The runs of two or more words in ``text`` that read as a person's name (name words, particles inside),
    parted by punctuation, a possessive, a lower-case word or a digit: the person an interface label names
    (``Send email to Ada Quorn``, ``Ada Quorn is typing``). A run in quotes, the head of a bracket, either
    side of a bar or a dash, and a run naming a product or a place (``NOT_PERSON_WORDS``) are none. With
    ``first``, the first run alone (with its form without a nickname): the person a label is about.

    >>> name_runs("Send email to Brannoc Teague"), name_runs("Brannoc Teague's profile"), name_runs("Search mail")
    (['Brannoc Teague'], ['Brannoc Teague'], [])
    >>> name_runs("Brannoc Teague, Out of office"), name_runs("From: María de la Vega, guest")
    (['Brannoc Teague'], ['María de la Vega'])
    >>> name_runs("Team Calendar (Acme)"), name_runs("Customer Support | Acme Help"), name_runs("Ada Quorn (You)")
    ([], [], ['Ada Quorn'])
    >>> name_runs("Join with Google Meet"), name_runs("Email 'Team Sync' guests"), name_runs("Ada d'Arcy declined")
    ([], [], ["Ada d'Arcy"])
    >>> name_runs("Ada B. Quorn, Out of office"), name_runs("Ó D'VEGA"), name_runs("Ada “Bo” Quorn is typing")
    (['Ada B. Quorn'], ["Ó D'VEGA"], ['Ada “Bo” Quorn', 'Ada Quorn'])
    >>> name_runs("Email 'Sync' guests"), name_runs("Seán e al-Rashid"), name_runs("J. R. Quorn, Out of office")
    ([], ['Seán e al-Rashid'], ['J. R. Quorn'])
    >>> name_runs("Ada Quorn is attending Team Offsite", first=True)
    ['Ada Quorn']
    """
    if _PARTED.search(text):
        return []
    text = _QUOTED.sub(" ; ", text)
    runs: list[str] = []
    run: list[str] = []

    def close() -> None:
        while run and (run[-1] in NAME_PARTICLES or run[-1].startswith(_OPEN_QUOTES)):
            run.pop()
        lead = 0
        while lead < len(run) and run[lead] in NAME_PARTICLES:
            lead += 1
        if len(run) - lead >= 2:
            del run[:lead]  # "le Ada Quorn": a particle leads a surname alone ("de la Vega"), not a whole name
        plain = [w for w in run if not w.startswith(_OPEN_QUOTES)]
        if len(plain) > 1 and NOT_PERSON_WORDS.isdisjoint(w.lower() for w in plain):
            runs.append(" ".join(run))
            if len(plain) < len(run):
                runs.append(" ".join(plain))  # the name without its nickname, as it is written elsewhere
        run.clear()

    for m in _TOKEN.finditer(text):
        if first and runs:
            break
        token = m.group()
        if token.startswith(_HEAD_MARKS) and not _says_the_person(token):
            run.clear()
        if run and len(token) > 2 and token.startswith(_OPEN_QUOTES) and token.endswith(_CLOSE_QUOTES) \
                and name_word(token[1:-1]):
            run.append(token)  # a nickname inside the name
            continue
        if _INITIAL.fullmatch(token) and token[0].isupper():
            run.append(token)  # an initial or "St.": the dot ends no run
            continue
        if token.startswith(_RUN_BREAK_BEFORE):
            close()
        word = token.strip("()[]{}<>\"'“”‘’")
        possessive = word.endswith(("'s", "’s"))
        if possessive:
            word = word[:-2]
        ends = possessive or token.endswith(_RUN_BREAK_AFTER)
        word = word.rstrip(",:;|.!?")
        if (len(word) >= 2 or word.isupper()) and all(c.isalpha() or c in "-'’" for c in word) and name_word(word):
            run.append(word)  # a one-letter word only a capital ("J R Quorn", "Ó D'Vega")
        elif word in NAME_PARTICLES:
            run.append(word)  # inside a run, or leading a surname ("de la Vega")
        else:
            close()
        if ends:
            close()
    close()
    return runs
