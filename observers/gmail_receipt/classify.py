"""Which parser reads a message: decided by the sender's address and the subject (spec §8.2).

The display name never chooses a parser. A registry domain (or a subdomain) goes only to its
platform, and only under one of its subject kinds; any other sender goes to the generic parser,
which refuses at every doubt. Mail from the account itself, a sender that is not one address and
a lookalike address get no parser. Each rule answers with a named verdict so the tests can name
the rule they break.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from attest_kit.hashing import ascii_lower, normalize_email
from attest_kit.text import has_control_character, one_line
from observers.gmail_receipt.selectors import SELECTORS, Kind
from observers.shared.own_address import is_own_address

G = SELECTORS.generic


@dataclass(frozen=True)
class Choice:
    """A parser (``platform`` name, or "generic") with the subject kind, or a refusal and its rule."""

    parser: str | None
    kind: Kind | None = None
    refusal: str | None = None


def _none(rule: str) -> Choice:
    return Choice(None, None, rule)


@lru_cache(maxsize=1)
def _kind_patterns() -> dict[str, list[tuple[Kind, re.Pattern[str]]]]:
    return {
        name: [(kind, re.compile(p, re.I)) for kind, patterns in platform.kinds.items() for p in patterns]
        for name, platform in SELECTORS.platforms.items()
    }


@lru_cache(maxsize=1)
def _markers() -> dict[str, re.Pattern[str]]:
    return {name: re.compile(p, re.I) for name, p in G.refusal_markers.items()}


_SUBJECT_TRIGGER = re.compile(G.subject_trigger, re.I)
_ALLOWED_MARKS = frozenset(chr(int(code, 16)) for code in G.name_allowed_marks)
_MARKS_BUT_ON_I_J = frozenset(chr(int(code, 16)) for code in G.name_allowed_marks_but_on_i_j)
_MARKS_BESIDE_A_VISIBLE_ONE = frozenset(chr(int(code, 16)) for code in G.name_marks_beside_a_visible_one)
_BRANDS = tuple(sorted({t.lower() for p in SELECTORS.registry.values() for t in p.brand_tokens}))
#: A token this long is a brand anywhere inside one word ("Myamazonorders", "bestamazondeals"): few words
#: hold one by chance. A shorter one ("uber", "meta") only where it starts or ends a word ("UberEats",
#: "myuber"), since "thymetavern" and "exuberant" hold one by chance.
_LONG_TOKEN = 6
#: Digits written for the letters they look like ("Amaz0n", "Str1pe", "Faceb00k", "Ub3r", "U8er", "Ama2on"):
#: read both ways.
_DIGITS_AS_LETTERS = str.maketrans({"0": "o", "1": "i", "2": "z", "3": "e", "4": "a", "5": "s", "6": "b", "7": "t",
                                    "8": "b"})
#: What a word may add to a token it ends in, across words: a plural ("Open Tables", "Face Books").
_PLURAL = ("", "s", "es")


def sender_address(raw: str | None) -> str | None:
    """The sender's one address as written, or None when the attribute is not exactly one address."""
    if raw is None:
        return None
    text = raw.strip()
    if not text or any(ch in text for ch in ",;<> \t\n") or text.count("@") != 1:
        return None
    return text if normalize_email(text) is not None else None


def is_lookalike(address: str) -> bool:
    """A non-ASCII code point anywhere, or an IDNA (``xn--``) label in the domain."""
    if not address.isascii():
        return True
    domain = address.rpartition("@")[2].lower()
    return any(label.startswith("xn--") for label in domain.split("."))


def platform_of(address: str) -> str | None:
    """The registry platform whose domain is the sender's domain or a parent of it."""
    domain = ascii_lower(address.rpartition("@")[2]).rstrip(".")
    for name, entry in SELECTORS.registry.items():
        for root in entry.domains:
            if domain == root.lower() or domain.endswith("." + root.lower()):
                return name
    return None


def platform_kind(platform: str, subject: str | None) -> Kind | None:
    """The receipt kind the subject names for ``platform``; None for its other mail."""
    if not subject:
        return None
    for kind, pattern in _kind_patterns()[platform]:
        if pattern.search(subject):
            return kind
    return None


def _sign_inside_a_word(name: str) -> bool:
    """Whether one of ``G.name_signs`` stands between two letters or digits (``Insta©art``, ``Ub™er``).

    >>> _sign_inside_a_word("Larkspur® Bakery"), _sign_inside_a_word("Insta©art"), _sign_inside_a_word("A • B")
    (False, True, False)
    """
    return any(ch in G.name_signs and 0 < i < len(name) - 1 and name[i - 1].isalnum() and name[i + 1].isalnum()
               for i, ch in enumerate(name))


def _plain_latin_char(ch: str) -> bool:
    if " " <= ch <= "~":
        return True
    if ch in G.name_extra_characters or ch in G.name_signs:
        return True
    if unicodedata.category(ch)[0] != "L" or not unicodedata.name(ch, "").startswith("LATIN "):
        return False  # another script, a full-width form, an invisible or format character
    # An accented Latin letter is allowed only when its marks are plainly visible: dotless i,
    # Latin alpha or a dot-below letter would pass for an ASCII one and has no allowed marks.
    decomposed = unicodedata.normalize("NFD", ch)
    base, marks = decomposed[0], decomposed[1:]
    allowed = _ALLOWED_MARKS if base in "iIjJ" else _ALLOWED_MARKS | _MARKS_BUT_ON_I_J
    visible = [m for m in marks if m not in _MARKS_BESIDE_A_VISIBLE_ONE]
    return (base.isascii() and base.isalpha() and bool(visible)
            and all(m in allowed for m in visible))


#: An address, which is no name (Gmail writes the sender's address as its name when it has none): an "@" with
#: something other than white space on both sides, or a local part and a dotted domain with white space around
#: the "@" ("ada @ example.com"; thin spaces are drawn as spaces, a review of 1.2.96). "Coffee @ Home" is a name.
_ADDRESS_LIKE = re.compile(r"\S@\S|[^\s@]\s*@\s*[^\s@.]+\.[^\s@]")


def plain_latin_name(name: str) -> bool:
    """A display name the generic parser may name as a merchant (§8.2)."""
    if not name or len(name) > G.max_name_length or _ADDRESS_LIKE.search(name):
        return False
    # Read as composed, so "e" + combining acute counts as é; a mark left over is refused.
    composed = unicodedata.normalize("NFC", name)
    if _sign_inside_a_word(composed):  # composed: "Insta" + a combining acute + "©art" is "Instá©art"
        return False
    # and as written: NFC turns a KELVIN SIGN into an ASCII K, and the name is posted as written
    as_written = all(_plain_latin_char(ch) or unicodedata.combining(ch) for ch in name)
    return as_written and any(ch.isalpha() for ch in composed) and all(_plain_latin_char(ch) for ch in composed)


#: Latin letters NFKD leaves whole, read as the ASCII they stand for before the brand check ("Amazøn").
_LETTER_FOLDS = str.maketrans({"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D",
                               "þ": "p", "Þ": "P", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss"})
#: A word of ASCII letters and digits: a capital starts one ("MyAmazonDeals"), a run of capitals is one.
_WORD_PIECE = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def _folded(text: str) -> str:
    """``text`` with accents dropped and strokes folded ("Amazön", "Amazøn": "Amazon")."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.translate(_LETTER_FOLDS))
                   if not unicodedata.combining(ch))


def _name_pieces(text: str) -> list[str]:
    """The lower-case words of a display name: runs of letters and digits, split at white space, at marks
    ("Shop-Amazon", "Amazon.com") and where a capital starts a run-together word ("MyAmazonDeals",
    "OpenTable"); letters spelled out one by one ("A.m.a.z.o.n", "A m a z o n") are one word."""
    pieces: list[str] = []
    spelled = ""
    for piece in _WORD_PIECE.findall(_folded(text)):
        if len(piece) == 1 and piece.isalpha():
            spelled += piece
            continue
        if spelled:
            pieces.append(ascii_lower(spelled))
            spelled = ""
        pieces.append(ascii_lower(piece))
    if spelled:
        pieces.append(ascii_lower(spelled))
    return pieces


def _brand_in_words(words: list[str], short_at_edges: bool = True) -> bool:
    """A token inside one word (a long one anywhere, a short one at the word's start or end, or with
    ``short_at_edges`` off only as the whole word), or whole words run together ("Open Table", "face-book",
    "Ama zon"; a plural too, "Open Tables"); never one that begins or ends inside a word it crosses ("Acme
    Tackle", "Drama Zone", "Best Ripe", "Open Tablet")."""
    for token in _BRANDS:
        for word in words:
            if len(token) >= _LONG_TOKEN and token in word:
                return True
            if word.startswith(token) or word.endswith(token):
                if short_at_edges or word in (token + plural for plural in _PLURAL):
                    return True
        for first in range(len(words)):
            joined = ""
            for word in words[first:]:
                joined += word
                if any(joined == token + plural for plural in _PLURAL):
                    return True
                if len(joined) >= len(token) + 2 or not (token.startswith(joined) or joined.startswith(token)):
                    break
    return False


def names_brand(name: str, address: str) -> bool:
    """A registry brand token in the name or the domain (§8.2: "no registry brand in the sender's name
    or domain"), accents and strokes folded (``Amazön``, ``Amazøn``). The name's words are split at
    capitals too ("OpenTable") and read unsplit ("AMAZONdeals"); the domain's at dots and hyphens.
    Conservative on purpose: a shop called ``Huber`` or ``Metalworks`` is missed by the generic
    parser, never misread as the brand.

    >>> names_brand("A.m.a.z.o.n Outlet", "orders@example.com"), names_brand("Thyme Tavern", "o@thymetavern.example")
    (True, False)
    """
    domain_text = address.rpartition("@")[2]
    name = name.translate({ord(sign): None for sign in G.name_signs})  # "Uber™ Eats": ™ is no letters "TM"
    # a digit read at a word's edge makes a short token only as the whole word: "Calumet4" is no "calumeta"
    for written, edges in ((name, True), (_digits_between_letters(name), True), (_digits_at_word_edges(name), False)):
        unsplit = re.findall(r"[a-z0-9]+", ascii_lower(_folded(written)))
        if _brand_in_words(_name_pieces(written), edges) or _brand_in_words(unsplit, edges):
            return True
    return any(_brand_in_words(re.findall(r"[a-z0-9]+", ascii_lower(_folded(text))), edges)
               for text, edges in ((domain_text, True), (_digits_between_letters(domain_text), True),
                                   (_digits_at_word_edges(domain_text), False)))


_DIGITS_IN_A_WORD = re.compile(r"(?<=[^\W\d_])[0-8]+(?=[^\W\d_])")
#: One digit that starts or ends a word of letters ("5tripe", "0penTable", "Instacar7", "Str1p3").
_DIGIT_AT_A_WORDS_EDGE = re.compile(r"(?<!\w)[0-8](?=[^\W\d_]{2})|(?<=[^\W\d_]{2})[0-8](?!\w)")


def _as_letters(m: re.Match[str]) -> str:
    return m.group(0).translate(_DIGITS_AS_LETTERS)


def _digits_between_letters(text: str) -> str:
    """Digits written between letters for the letters they look like ("Amaz0n", "Faceb00k", "U8er"); a
    number beside a word ("Gym374", "Room 374", "Studio54") stays a number."""
    return _DIGITS_IN_A_WORD.sub(_as_letters, text)


def _digits_at_word_edges(text: str) -> str:
    """``_digits_between_letters``, then one digit at a word's start or end beside two letters or more
    ("5tripe", "0penTable", "Instacar7").

    >>> _digits_at_word_edges("Str1p3 and Gym374")
    'Stripe and Gym374'
    """
    return _DIGIT_AT_A_WORDS_EDGE.sub(_as_letters, _digits_between_letters(text))


def refusal_marker(subject: str) -> str | None:
    """The first refusal marker the subject holds (reply, promotion, cart, unpaid, ...), or None."""
    for name, pattern in _markers().items():
        if pattern.search(subject):
            return name
    return None


def choose(address_raw: str | None, name: str | None, subject: str | None, account: str | None) -> Choice:
    """The parser for one message, or the rule that gives it none."""
    address = sender_address(address_raw)
    if address is None:
        return _none("not_one_address")
    if is_lookalike(address):
        return _none("lookalike_address")
    if is_own_address(address, account):
        return _none("own_mail")
    platform = platform_of(address)
    if platform is not None:
        kind = platform_kind(platform, subject)
        return Choice(platform, kind) if kind else _none("platform_other_mail")
    return _choose_generic(address, name, subject, account)


def _choose_generic(address: str, name: str | None, subject: str | None, account: str | None) -> Choice:
    if account is None:
        return _none("generic_no_account")  # the user's own message cannot be told apart
    subject_line = one_line(subject or "")
    if not subject_line or has_control_character(subject_line):
        return _none("generic_subject_unfit")  # a row must carry the subject as one line
    if G.sender_trigger not in ascii_lower(address) and not _SUBJECT_TRIGGER.search(subject_line):
        return _none("generic_no_trigger")
    display = one_line(name or "")
    # as written too: a line of text reads U+FEFF (invisible) as white space, as JavaScript's \s does
    if not plain_latin_name(display) or any(unicodedata.category(ch) == "Cf" for ch in name or ""):
        return _none("generic_name_not_plain_latin")
    marker = refusal_marker(subject_line)
    if marker is not None:
        return _none(f"generic_marker_{marker}")
    if names_brand(display, address):
        return _none("generic_brand")
    return Choice("generic", "purchase.made")
