"""Pattern rules for personal values in any text: phones, cards, amounts, street addresses, Meet
codes, UUIDs, and the last rule, every other @ → ＠ (U+FF20).

Each rule first looks for its anchor character with a plain ``in`` test (a digit, '-', '@') so the
regular expression only runs where it can match: most text on a Gmail page has none of them.
Each fake keeps its original's shape (digits stay digits, separators stay), see ``faker.shaped``.
"""

from __future__ import annotations

import re

from sanitize.faker import Faker
from sanitize.registry import allowed_domain

Counts = dict[str, int]

_DIGIT = re.compile(r"\d")
CARD = re.compile(r"(?<![\d\-])(?:\d{4}(?P<s1>[ \-])\d{4}(?P=s1)\d{4}(?P=s1)\d{4}|\d{4}(?P<s2>[ \-])\d{6}(?P=s2)\d{5})(?![\d\-])")
PHONE = re.compile(
    r"(?<![\w+\-/.])(?<!\d[ .\-])(?:\+\d{1,3}[ .\-]?)?(?:\(\d{2,5}\)[ .\-]?|\d{2,5}[ .\-])\d{2,5}(?:[ .\-]\d{2,5})?[ .\-]\d{3,4}(?![\w\-/])(?![ .\-]\d)"
)
#: Currency codes written before or after an amount (none is a prefix of another: their order is free).
_CODES = "INR|USD|EUR|GBP|CAD|AUD|JPY|CHF"
_CUR_BEFORE = rf"(?:[A-Z]{{0,2}}\$|US\$|CA\$|A\$|€|£|¥|₹|₩|₽|₺|₪|₫|₱|R\$|Rs\.?|{_CODES})"
_CUR_AFTER = rf"(?:€|£|zł|kr|{_CODES})"
_SEP = r"[,. \u00a0\u202f]"  # between groups of three digits
_NUMBER = rf"\d{{1,3}}(?:{_SEP}\d{{3}})*(?:[.,]\d{{1,2}})?|\d+(?:[.,]\d{{1,2}})?"
#: No amount starts on a group of three digits that continues a chain of groups an earlier start read
#: ("123 123 123 …" after a currency word was read again from each group: n^2).
_NOT_A_LATER_GROUP = (
    rf"(?:(?<!(?<![\w.,])\d{_SEP})(?<!(?<![\w.,])\d\d{_SEP})(?<!(?<!\w)\d\d\d{_SEP})(?<!\d{_SEP}\d\d\d{_SEP})"
    r"|(?!\d{3}(?!\d)))"
)
AMOUNT = re.compile(
    rf"(?<![\w]){_NOT_A_LATER_GROUP}(?:{_CUR_BEFORE}[ \u00a0]?-?(?:{_NUMBER})|-?(?:{_NUMBER})[ \u00a0]?{_CUR_AFTER}(?![A-Za-z]))"
)
STREET_SUFFIXES = (
    "Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|"
    "Parkway|Pkwy|Circle|Cir|Highway|Hwy|Square|Sq|Trail|Trl|Alley|Crescent|Close"
)
STREET = re.compile(
    rf"(?<![\w])(\d{{1,6}}[A-Za-z]?)\s+((?:[A-Z][\w'.\-]*\s+){{1,4}})({STREET_SUFFIXES})\b\.?"
    r"(?:,?\s+(?:Apt|Suite|Unit|Ste|#)\.?\s*[\w\-]+)?"
)
MEET = re.compile(r"(?<![\w\-])[a-z]{3}-[a-z]{4}-[a-z]{3}(?![\w\-])")
UUID = re.compile(r"(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f])")
#: An "@" with the local part before it and the ASCII domain after it (and the next character), as the
#: @ check reads it; ``neutralise_at`` finds each "@" first and reads these two runs from it.
_AT = re.compile(r"([\w.+\-]*)@([A-Za-z0-9.\-]*)(?=(.?))", re.S)
_LOCAL_REVERSED = re.compile(r"[\w.+\-]*")
_DOMAIN = re.compile(r"[A-Za-z0-9.\-]*")


def _bump(counts: Counts, kind: str) -> None:
    counts[kind] = counts.get(kind, 0) + 1


def _shaped_sub(pattern: re.Pattern[str], kind: str, faker: Faker, text: str, counts: Counts, **shape: bool) -> str:
    def one(m: re.Match[str]) -> str:
        fake = faker.shaped(kind, m.group(0), **shape)
        if fake != m.group(0):
            _bump(counts, kind)
        return fake

    return pattern.sub(one, text)


def fake_cards(faker: Faker, text: str, counts: Counts) -> str:
    """Card numbers written in groups: 4-4-4-4 or Amex 4-6-5, spaces or dashes."""
    return _shaped_sub(CARD, "card", faker, text, counts, letters=False)


def fake_phones(faker: Faker, text: str, counts: Counts) -> str:
    """Formatted phone numbers (+1 (415) 555-0100, 020 7946 0000, 415.555.0100)."""
    return _shaped_sub(PHONE, "phone", faker, text, counts, letters=False)


def fake_amounts(faker: Faker, text: str, counts: Counts) -> str:
    """Money amounts with a currency symbol or code, in the same currency and format (Rs. too)."""
    return _shaped_sub(AMOUNT, "amount", faker, text, counts, letters=False)


def fake_streets(faker: Faker, text: str, counts: Counts) -> str:
    """"number + street name + Street/Ave/Lane…" addresses."""

    def one(m: re.Match[str]) -> str:
        fake = faker.street(m.group(1), m.group(3), m.group(0))
        if fake != m.group(0):
            _bump(counts, "street")
        return fake

    return STREET.sub(one, text)


#: Every card and phone match holds a digit, a separator and three digits (the last group): one cheap
#: scan rules most texts out before the two big patterns run.
_CARD_OR_PHONE_HINT = re.compile(r"\d[ .\-]\d\d\d")
#: Every amount holds a currency symbol or code; every street "digit(s) [letter] space Capital".
_CURRENCY_HINT = re.compile(rf"[$€£¥₹₩₽₺₪₫₱]|Rs|{_CODES}|zł|kr")
_STREET_HINT = re.compile(r"\d[A-Za-z]?\s+[A-Z]")

_CARD_OR_PHONE = re.compile(f"(?P<card>{CARD.pattern})|(?P<phone>{PHONE.pattern})")


def fake_cards_and_phones(faker: Faker, text: str, counts: Counts) -> str:
    """One scan for both, a card taking precedence: a card's groups also look like a phone."""

    def one(m: re.Match[str]) -> str:
        kind = "card" if m.group("card") else "phone"
        fake = faker.shaped(kind, m.group(0), letters=False)
        if fake != m.group(0):
            _bump(counts, kind)
        return fake

    return _CARD_OR_PHONE.sub(one, text)


def fake_numbers(faker: Faker, text: str, counts: Counts) -> str:
    """Cards, then phones, amounts and streets (cards first: a card's groups also look like a phone)."""
    if not _DIGIT.search(text):
        return text
    if ("-" in text or " " in text) and _CARD_OR_PHONE_HINT.search(text):
        text = fake_cards_and_phones(faker, text, counts)
    if _CURRENCY_HINT.search(text):
        text = fake_amounts(faker, text, counts)
    if " " in text and _STREET_HINT.search(text):
        text = fake_streets(faker, text, counts)
    return text


def pattern_spans(text: str) -> list[tuple[int, int]]:
    """Where ``fake_numbers`` fakes a value whole (card, phone, amount, street address), same gates.

    A receipt label names "the next words", and those can be the groups of a card or the number of
    a street: such a value belongs to its pattern rule alone. Were a label to fake its first groups
    too, the pattern rule would fake that mixture, and the next pass would fake the card fake's
    groups as labelled ids again (never a fixed point). The pattern fakes keep their pattern's
    shape, so the next pass finds the same spans.
    """
    if not _DIGIT.search(text):
        return []
    spans: list[tuple[int, int]] = []
    if ("-" in text or " " in text) and _CARD_OR_PHONE_HINT.search(text):
        spans += [m.span() for m in _CARD_OR_PHONE.finditer(text)]
    if _CURRENCY_HINT.search(text):
        spans += [m.span() for m in AMOUNT.finditer(text)]
    if " " in text and _STREET_HINT.search(text):
        spans += [m.span() for m in STREET.finditer(text)]
    return spans


#: Where the pattern rules read letters literally, as a labelled word (a run of letters, digits and inner
#: hyphens) can hold them: a currency word starting a run of letters (after the word's start or a
#: hyphen: the amount's look-behind) or right after a number's digit or at the word's start (the amount
#: ``12 kr``), a street suffix starting the word and ending it or a hyphen (``\b``: "St12" is a name, not
#: a suffix), a unit word starting it. Everything else they read by class (digit, word character,
#: capital, space, separator); "$" and the currency signs are never in a word. A labelled fake keeps each
#: digit a digit and each letter a letter of the same case, so a fake whose old and new words hold none
#: of these cannot move a span of ``pattern_spans`` (``receipts.SpanMemo``).
LITERAL_WORDS = re.compile(
    rf"(?:^|(?<=-))(?:Rs|{_CODES})"
    rf"|(?:^|(?<=\d))(?:zł|kr|{_CODES})"
    rf"|^(?:{STREET_SUFFIXES})(?![A-Za-z0-9_])|^(?:Apt|Suite|Unit|Ste)"
)


def in_spans(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """True when [start, end) overlaps one of ``spans``."""
    return any(s < end and start < e for s, e in spans)


def fake_meet(faker: Faker, text: str, counts: Counts) -> str:
    """A Google Meet code (abc-defg-hij, the key to a meeting); the caller decides the context."""
    if "-" not in text:
        return text
    return _shaped_sub(MEET, "meet", faker, text, counts)


def fake_uuids(faker: Faker, text: str, counts: Counts) -> str:
    """Every UUID (a trip's map image is named after one); callers skip Gmail's data-legacy-* ids."""
    if text.count("-") < 4:
        return text
    return _shaped_sub(UUID, "uuid", faker, text, counts, hex_letters=True)


def neutralise_at(text: str, counts: Counts) -> str:
    """Every @ that is not part of a fake address or a kept registry sender becomes ＠ (U+FF20).

    Mirrors the @ check (grep -oE '@[A-Za-z0-9.-]+'): the domain is read in ASCII only, so a
    lookalike domain (a non-ASCII code point right after the ASCII part) is neutralised too.
    """
    if "@" not in text:
        return text
    # What ``_AT.sub`` reads, found from each "@": the pattern, tried at every letter of a long run
    # before a miss, cost n^2. A local part is the run of its characters just before the "@", not
    # reaching back past the previous match (its domain).
    out: list[str] = []
    n = len(text)
    reversed_text = text[::-1]
    copied = floor = 0
    at = text.find("@")
    while at >= 0:
        start = max(floor, n - _LOCAL_REVERSED.match(reversed_text, n - at).end())  # type: ignore[union-attr]
        end = _DOMAIN.match(text, at + 1).end()  # type: ignore[union-attr]  # may be empty
        local, written = text[start:at], text[at + 1 : end]
        domain, after = written.rstrip(".-"), text[end : end + 1]
        lookalike = bool(after) and not after.isascii() and after.isalnum()
        if not (local and domain and allowed_domain(domain) and not lookalike and domain == written[: len(domain)]):
            _bump(counts, "at-sign")
            out += (text[copied:at], "\uff20")
            copied = at + 1
        floor = end
        at = text.find("@", end)
    if not out:
        return text
    out.append(text[copied:])
    return "".join(out)
