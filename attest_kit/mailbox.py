"""The mailbox an address delivers to: one fact shared by the observers' own-address rule (spec §8.1,
§8.2: "any case, a +tag, Gmail's dots") and the sanitiser, which gives every spelling of one mailbox
the same fake (spec §6.2: one real value, one fake) so the rule still holds on a sanitised page.

>>> mailbox_key("Priya.Raman+receipts@GoogleMail.com")
'priyaraman@gmail.com'
>>> mailbox_key("Priya.Raman+receipts@example.com")
'priya.raman@example.com'
>>> mailbox_key("ada@XN--BCHER-KVA.example") == mailbox_key("ada@BÜCHER.example") == "ada@bücher.example"
True
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from attest_kit.hashing import ascii_lower, normalize_email

#: Gmail ignores dots in the local part only for its own domains.
GMAIL_DOMAINS = frozenset({"gmail.com", "googlemail.com"})
#: Reserved domains (RFC 2606) every faked address lands at: the sanitiser's fakes, and the only addresses a
#: label's page address may hold.
FAKE_DOMAINS: tuple[str, ...] = ("example.com", "example.org", "example.net")


@lru_cache(maxsize=4096)
def mailbox_key(address: str) -> str | None:
    """The mailbox an address delivers to: case folded, +tag dropped, Gmail's dots dropped, and an
    international domain read in one spelling (``domain_key``)."""
    normal = normalize_email(address)
    if normal is None:
        return None
    local, _, domain = normal.rpartition("@")
    local = local.split("+", 1)[0]
    domain = domain_key(domain)
    if domain in GMAIL_DOMAINS:
        local = local.replace(".", "")
        domain = "gmail.com"
    return f"{ascii_lower(local)}@{domain}"


def domain_key(domain: str) -> str:
    """One spelling of a domain name: each ``xn--`` label decoded (it is how DNS spells the Unicode
    label: ``xn--bcher-kva`` is ``bücher``), then lower-cased in any script (a domain's case names no
    other host). Only spellings of one name meet here: a look-alike letter (a Cyrillic а for a Latin a,
    the Kelvin sign for a K, whose lower case is an ASCII k) stays another letter, so another domain,
    and a label that does not decode to a valid one (no non-ASCII letter, an upper-case letter, not in
    NFC) is kept as written.

    >>> domain_key("XN--BCHER-KVA.Example"), domain_key("BÜCHER.example"), domain_key("xn--zz.example")
    ('bücher.example', 'bücher.example', 'xn--zz.example')
    >>> domain_key("xn--bacher-.example"), domain_key("xn--bcher-2pa.example"), domain_key("\u212aodak.example")
    ('xn--bacher-.example', 'xn--bcher-2pa.example', '\u212aodak.example')
    """
    if domain.isascii() and "xn--" not in domain.lower():
        return ascii_lower(domain)
    return ".".join(_lower_label(_unicode_label(label)) for label in domain.split("."))


def _lower_label(label: str) -> str:
    """Each letter in lower case, but a non-ASCII one whose lower case is ASCII (the Kelvin sign) as written."""
    if label.isascii():
        return ascii_lower(label)
    return "".join(ascii_lower(ch) if ch.isascii() else (low if not (low := ch.lower()).isascii() else ch)
                   for ch in label)


def _unicode_label(label: str) -> str:
    """An ``xn--`` label's Unicode form when it is a valid one (it decodes to some non-ASCII letter, already
    in lower case and NFC, and encodes back to itself: ``xn--bacher-`` decodes to an ASCII ``bacher`` and
    ``xn--bcher-2pa`` to ``bÜcher``, which no IDNA label spells), else the label as written."""
    code = label[4:].lower()
    if label[:4].lower() != "xn--" or not code.isascii():
        return label
    try:
        decoded = code.encode("ascii").decode("punycode")
    except (UnicodeError, ValueError):
        return label
    if (decoded.isascii() or decoded.encode("punycode").decode("ascii") != code
            or _lower_label(decoded) != decoded or unicodedata.normalize("NFC", decoded) != decoded):
        return label
    return decoded
