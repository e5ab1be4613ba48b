"""The keyed faker: every fake is HMAC-SHA256(key; kind + "\\x00" + original) mapped into the original's shape.

Why keyed: with an unkeyed (or public-seed) hash anyone holding the repository could run candidate
values through the faker and confirm a card ending, an amount or a guessed name (spec §6.2, SEC-L2).
The ``kind`` is a domain separator, so the same digits faked as a phone and as an amount do not
share a fake. One ``Faker`` serves one capture: it remembers every fake it issued, so one real
value always gets one fake, and a value that already *is* one of this capture's fakes is left as it
is (that is what makes a second sanitising pass a fixed point).
"""

from __future__ import annotations

import hmac
import re
import unicodedata
from collections.abc import Collection

from attest_kit.mailbox import FAKE_DOMAINS, mailbox_key
from sanitize.amount_values import fake_amount, fake_value
from sanitize.scripts import in_script_of

#: Invented first-name-like words. None is meant to be a real person's name; they are the shapes
#: refake-people later recognises, so keep them distinctive.
FIRST_NAMES: tuple[str, ...] = (
    "Alvo", "Brisa", "Corin", "Dafne", "Elvar", "Fenna", "Galen", "Hesper", "Ilka", "Joren",
    "Kalla", "Lisandro", "Mirela", "Nerio", "Orla", "Pell", "Quilla", "Rosmer", "Saffi", "Tavin",
    "Ulla", "Vesna", "Wynn", "Xandra", "Yorick", "Zelda", "Amory", "Bexley", "Calla", "Dorin",
)
#: Invented family-name-like words.
LAST_NAMES: tuple[str, ...] = (
    "Ashgrove", "Bramwell", "Cinderby", "Dunmore", "Elderkin", "Fallowby", "Greystoke", "Hollins",
    "Ivesdale", "Juniper", "Kettleby", "Larkspur", "Merriweather", "Nettlefold", "Oakhurst",
    "Pemberly", "Quarrington", "Rookwood", "Silverlake", "Thornbury", "Umberfield", "Valemont",
    "Whitlock", "Yarrowby", "Zeffirelli", "Ambleside", "Brackenridge", "Coldwater",
)
#: Words for email local parts and redacted phrases ("Glade yonder").
WORDS: tuple[str, ...] = (
    "glade", "yonder", "amber", "brook", "cobalt", "dapple", "ember", "fennel", "gossamer", "harbor",
    "indigo", "juniper", "kestrel", "lantern", "meadow", "nimbus", "orchard", "pebble", "quartz",
    "russet", "saffron", "thistle", "umber", "velvet", "willow", "yarrow", "zephyr", "bramble",
    "cinder", "drift", "fable", "grove", "hollow", "isle", "jasper", "knoll", "lichen", "marble",
)
#: Street names for faked street addresses.
STREETS: tuple[str, ...] = (
    "Example", "Sample", "Placeholder", "Fictive", "Invented", "Mockingbird", "Notareal", "Testing",
)
#: The neutral phrase an address block becomes.
ADDRESS_PHRASE = "Address withheld"

_NAME_WORDS = frozenset(w.lower() for w in FIRST_NAMES + LAST_NAMES)
#: Words after a name that are no part of it, kept as written ("Osric Pellinore, PhD"), lower case.
NAME_SUFFIXES = frozenset({"phd", "md", "jr", "sr", "ii", "iii", "iv", "esq", "mba", "dds", "cpa", "rn"})
_POOL_WORDS = frozenset(WORDS) | _NAME_WORDS


def is_pool_word(word: str) -> bool:
    """True when ``word`` (any case) is one of the faker's own pool words."""
    return word.lower() in _POOL_WORDS


def is_fake_name(text: str) -> bool:
    """True when every word of ``text`` is a pool name (the faker's own shape)."""
    # a word's comma ("Last, First") and quote marks ("'Ada Quorn' via Team" faked whole) are no part of it
    words = [w.strip("\"'’‘“”,").lower() for w in text.split()]
    return bool(words) and all(w in _NAME_WORDS or w.rstrip(".") in NAME_SUFFIXES for w in words) and any(
        w in _NAME_WORDS for w in words
    )


def is_fake_local(local: str) -> bool:
    """True when an email local part is the faker's shape: pool words joined by '.', '+' or digits."""
    parts = [p for p in re.split(r"[.+_-]|\d+", local.lower()) if p]
    return bool(parts) and all(p in _POOL_WORDS for p in parts)


class Faker:
    """Keyed, memoised fakes for one capture."""

    #: Draws tried before a fake equal to its original is given up on (see ``memo``).
    attempts = 8

    def __init__(self, key: bytes) -> None:
        if not key:
            raise ValueError("the faker needs a non-empty key")
        self._key = key
        self._memo: dict[tuple[str, str], str] = {}
        self._issued: dict[str, set[str]] = {}
        self._amount_texts: set[str] = set()  # every amount text ``amount`` wrote (the second pass reads them)
        #: Set by the pipeline while its second pass reads the first pass's output (``pipeline._checked``):
        #: only then is a text this faker wrote known to be a fake and not a real value written alike.
        self.own_output = False

    # -- the keyed stream ---------------------------------------------------------------------
    def stream(self, kind: str, original: str, n: int) -> bytes:
        """``n`` pseudo-random bytes: block 0 is HMAC(key; kind NUL original), then counter blocks."""
        msg = kind.encode() + b"\x00" + original.encode("utf-8", "surrogatepass")
        out = hmac.digest(self._key, msg, "sha256")  # the one-shot C path: the same bytes as hmac.new(...).digest()
        i = 1
        while len(out) < n:
            out += hmac.digest(self._key, msg + b"\x00" + str(i).encode(), "sha256")
            i += 1
        return out[:n]

    def is_issued(self, kind: str, value: str) -> bool:
        """True when ``value`` is a fake this faker issued for ``kind`` (leave it alone)."""
        return value in self._issued.get(kind, ())

    def memo(self, kind: str, original: str, make, leave_issued: bool = True) -> str:
        """Return the capture's one fake for (kind, original), making it once with ``make(stream)``.

        ``leave_issued``: a value that is one of this capture's fakes for ``kind`` is left as it is (a
        second pass reads the first pass's fakes); off where the caller knows its own fakes otherwise.
        ``make`` receives a function ``salt -> bytes`` so it can retry when a fake equals its original
        (a 4-digit card ending would otherwise stay real one time in 10,000) or another value's fake.
        A fake then depends on what the capture faked before it (as a name's word does): one value
        still gets one fake within a capture, and the same page under the same key the same fakes.
        """
        if leave_issued and self.is_issued(kind, original):
            return original
        key = (kind, original)
        found = self._memo.get(key)
        if found is not None:
            return found
        fake = original
        issued = self._issued.setdefault(kind, set())
        for attempt in range(self.attempts):
            salted = original if attempt == 0 else f"{original}\x00retry{attempt}"
            fake = make(lambda n, _s=salted: self.stream(kind, _s, n))
            # another value's fake would merge two values on the page (two recipients one person, a
            # recipient the account): drawn again while draws last
            if self.acceptable(kind, original, fake) and fake not in issued:
                break
        self._memo[key] = fake
        issued.add(fake)
        return fake

    def acceptable(self, kind: str, original: str, fake: str) -> bool:
        """Whether a drawn fake may stand for ``original`` (a re-faker also refuses its old fakes)."""
        return fake != original

    # -- shapes -------------------------------------------------------------------------------
    def shaped(self, kind: str, original: str, *, letters: bool = True, hex_letters: bool = False) -> str:
        """Digits stay digits (a leading non-zero stays non-zero); with ``letters`` letters stay letters of
        the same case (hex digits stay hex with ``hex_letters``), else they are kept (a currency's "Rs.")."""

        def make(stream) -> str:
            data = stream(len(original) + 8)
            out = []
            seen_digit = False  # any digit (ASCII or not) before this one
            for i, ch in enumerate(original):
                b = data[i]
                if ch.isdigit() and ch.isascii():
                    out.append(str(1 + b % 9) if not seen_digit and ch != "0" else str(b % 10))
                    seen_digit = True
                    continue
                if ch.isdigit():
                    value = unicodedata.decimal(ch, None)
                    if value is not None:  # another script's digit (full-width ３, Arabic-Indic ٣): one of its script
                        out.append(in_script_of(ch, 1 + b % 9 if not seen_digit and value else b % 10))
                        seen_digit = True
                        continue
                    seen_digit = True
                if hex_letters and ch.lower() in "abcdef":
                    c = "0123456789abcdef"[b % 16]
                    out.append(c.upper() if ch.isupper() else c)
                elif letters and ch.isascii() and ch.isalpha():
                    c = chr(ord("a") + b % 26)
                    out.append(c.upper() if ch.isupper() else c)
                else:
                    out.append(ch)
            return "".join(out)

        return self.memo(kind, original, make)

    def amount(self, original: str) -> str:
        """A money amount faked by its value (``amount_values``): "$50.00", "USD 50.00" and "$50" are one
        value and get one fake value, each written in its own format, so a receipt's total lines
        still agree. Every amount of a page as captured is faked, one equal to another's fake too."""
        if self.own_output and original in self._amount_texts:
            return original  # the second pass reads an amount this faker wrote: left
        # on a page as captured, a value equal to another's fake is a real one: the value space is
        # small ("$12.00" has 90 two-digit fakes), and taken for a fake it was kept
        out = fake_amount(original, lambda value: self.memo(
            "amount", value, lambda stream: fake_value(value, stream), leave_issued=False))
        self._amount_texts.add(out)
        return out

    def _pick(self, data: bytes, i: int, pool: tuple[str, ...]) -> str:
        return pool[int.from_bytes(data[2 * i : 2 * i + 2], "big") % len(pool)]

    def name_part(self, original: str, role: str = "first", avoid: Collection[str] = ()) -> str:
        """One word of a person's name, keeping its case style (PRIYA → VESNA); case does not change the fake.

        ``role`` picks the pool: "first" (FIRST_NAMES) or "last" (LAST_NAMES), fixed when the word is
        first faked. A new word gets a pool word no other name word of this capture has while the
        pool lasts, and never one of ``avoid`` (the fakes already in the same name), so a name does
        not come out as "Thornbury Thornbury".
        """
        word = self.memo("name", original.lower(), lambda stream: self._draw_name(stream, role, avoid))
        lowered = {a.lower() for a in avoid}
        if word.lower() in lowered:  # drawn earlier, in another name: this name needs another word
            word = self.memo(
                "name-alt", original.lower() + "\x00" + "\x00".join(sorted(lowered)),
                lambda stream: self._draw_name(stream, role, avoid),
            )
        if original.isupper() and len(original.rstrip(".")) > 1:  # an initial ("J.") is a capital, not capitals
            return word.upper()
        if original.islower():
            return word.lower()
        return word

    def _draw_name(self, stream, role: str, avoid: Collection[str]) -> str:
        pool = LAST_NAMES if role == "last" else FIRST_NAMES
        data = stream(32)
        used = self._issued.get("name", set()) | self._issued.get("name-alt", set())
        lowered = {a.lower() for a in avoid}
        for i in range(16):
            w = self._pick(data, i, pool)
            if w not in used and w.lower() not in lowered:
                return w
        start = int.from_bytes(data[:2], "big") % len(pool)
        ring = pool[start:] + pool[:start]
        for w in ring:  # the pool is (nearly) used up: any word, but not one already in this name
            if w not in used and w.lower() not in lowered:
                return w
        return next(w for w in ring if w.lower() not in lowered)

    def person_name(self, original: str) -> str:
        """A whole name, part by part (first word a first name, the rest family names), no word twice."""
        out: list[str] = []
        for i, part in enumerate(original.split()):
            out.append(self.name_part(part, "first" if i == 0 else "last", out))
        return " ".join(out)

    def phrase(self, original: str) -> str:
        """A redacted text: a capitalised pool word and 1-4 lower-case ones (length is not kept)."""

        def make(stream) -> str:
            data = stream(16)
            n = 2 + data[15] % 4
            words = [self._pick(data, i, WORDS) for i in range(n)]
            return " ".join([words[0].capitalize(), *words[1:]])

        return self.memo("phrase", original, make)

    def email_local(self, original: str, plus_tag: bool) -> str:
        """A local part from the word pool; a +tag sender keeps a +tag so its kind stays visible."""

        def make(stream) -> str:
            data = stream(8)
            a, b = self._pick(data, 0, WORDS), self._pick(data, 1, WORDS)
            return f"{a}+{b}" if plus_tag else f"{a}.{b}"

        return self.memo("email-local", original.lower(), make)

    def email(self, original: str, keep_words: Collection[str] = ()) -> str:
        """A whole address at example.com/.org/.net, one per mailbox: every spelling that delivers to
        it (any case, a +tag, Gmail's dots) gets the same fake, so an own-address rule still holds.
        A mailbox holding one of ``keep_words`` (the receipt parser's "order") keeps it as its fake's
        first word ("order.brook@…"), so what a reader keys on the address survives."""
        key = (mailbox_key(original) or original).lower()
        kept = next((w for w in keep_words if w in key), None)

        def make(stream) -> str:
            data = stream(8)
            a, b = kept or self._pick(data, 0, WORDS), self._pick(data, 1, WORDS)
            return f"{a}.{b}@{FAKE_DOMAINS[data[4] % 3]}"

        return self.memo("email", key, make)

    def street(self, number: str, suffix: str, original: str) -> str:
        """A street address: a fake house number of the same length, a pool street, the same suffix."""

        def make(stream) -> str:
            data = stream(4)
            fake_no = self.shaped("street-number", number, letters=False)
            return f"{fake_no} {self._pick(data, 0, STREETS)} {suffix}"

        return self.memo("street", original, make)
