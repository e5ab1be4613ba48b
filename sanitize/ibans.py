"""IBANs (spec §6.2 personal data; a privacy audit of 2026-12-03): read only where the country, its registry length
and the mod-97 check digits hold, and faked whole with check digits of their own, so the next pass reads the fake
as an IBAN this faker issued and leaves it. ``values.fake_numbers`` runs this before the card rule, which read an
IBAN's middle groups as a card and left the rest.
"""

from __future__ import annotations

import re

from sanitize.faker import Faker

#: Each IBAN country's length (ISO 13616's registry): an IBAN is read only where its country, its length and its
#: mod-97 check digits hold. Read by shape alone (tried first), a currency code after an id, a subject in capitals
#: and labelled ids were taken for IBANs (a review of 2026-12-03).
IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "BY": 28,
    "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18,
    "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22,
    "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20,
    "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15,
    "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19,
    "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}
#: Where an IBAN may start: a country's two capitals and two check digits, no letter or digit before them.
_IBAN_START = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2})\d\d")


def _iban_check(compact: str) -> int:
    """ISO 7064 mod 97-10 over an IBAN moved as the standard says (its first four characters last)."""
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97


def iban_is_valid(text: str) -> bool:
    """Whether ``text`` (its group separators allowed) is an IBAN: a known country, its length, check digits that hold.

    >>> iban_is_valid("DE89 3704 0044 0532 0130 00"), iban_is_valid("DE89 3704 0044 0532 0130 01")
    (True, False)
    """
    compact = _compact(text)
    return (IBAN_LENGTHS.get(compact[:2]) == len(compact) and compact[2:4].isdigit() and compact.isalnum()
            and compact.isascii() and _iban_check(compact) == 1)


#: Between an IBAN's groups of four: one space, as printed, or a no-break one (bank mail writes "&nbsp;").
_IBAN_SEPARATORS = " \u00a0\u202f"


def _compact(text: str) -> str:
    return "".join(c for c in text if c not in _IBAN_SEPARATORS)


def iban_spans(text: str) -> list[tuple[int, int]]:
    """Each valid IBAN in ``text``: written whole or in groups of four parted by one separator (the same one
    throughout; its last group shorter), and no letter or digit right after it."""
    spans = []
    for m in _IBAN_START.finditer(text):
        length = IBAN_LENGTHS.get(m.group(1))
        if length is None:
            continue
        end, seen = m.start(), 0
        sep = text[m.start() + 4 : m.start() + 5]
        grouped = sep != "" and sep in _IBAN_SEPARATORS
        while seen < length and end < len(text):
            if grouped and seen and seen % 4 == 0:
                if text[end] != sep:
                    break
                end += 1
            if end >= len(text) or not (text[end].isascii() and text[end].isalnum()):
                break
            end, seen = end + 1, seen + 1
        after = text[end : end + 1]
        if seen == length and not (after.isascii() and after.isalnum()) and iban_is_valid(text[m.start() : end]):
            spans.append((m.start(), end))
    return spans


def fake_iban(faker: Faker, text: str, counts: dict[str, int]) -> str:
    """An IBAN's fake: its country kept, its account faked in shape (a letter a letter, a digit a digit), check
    digits written for the fake (the next pass reads it as an IBAN, one this faker issued, and leaves it), the
    original's separators kept."""
    compact = _compact(text)

    def make(stream) -> str:
        data = stream(len(compact) + 8)
        bban = "".join(
            str(data[i] % 10) if c.isdigit() else chr(ord("A") + data[i] % 26) if c.isalpha() else c
            for i, c in enumerate(compact[4:])
        )
        check = 98 - _iban_check(compact[:2] + "00" + bban)
        return f"{compact[:2]}{check:02d}{bban}"

    fake = faker.memo("iban", compact, make)
    if fake != compact:
        counts["iban"] = counts.get("iban", 0) + 1
    chars = iter(fake)
    return "".join(ch if ch in _IBAN_SEPARATORS else next(chars) for ch in text)


#: The shortest IBAN (Norway's): a shorter text holds none.
MIN_IBAN = min(IBAN_LENGTHS.values())
