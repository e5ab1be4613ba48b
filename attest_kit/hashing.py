"""Hashes that leave the page instead of the values they stand for (spec §2.2, §8.3).

>>> account_hash("Priya <Priya@Example.com>") == account_hash("priya@example.com")
True
>>> normalize_email("not an address") is None
True
"""

from __future__ import annotations

import hashlib
import re

# One address, plain ASCII or not (a lookalike must still hash, as another account).
_ADDRESS = re.compile(r"^[^\s@<>()\",;]+@[^\s@<>()\",;]+\.[^\s@<>()\",;]+$")
_ANGLED = re.compile(r"<([^<>]*)>\s*$")


def sha256_hex(text: str) -> str:
    """SHA-256 of the UTF-8 text, as lowercase hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def normalize_email(value: str) -> str | None:
    """The one address in ``value`` (display name and angle brackets dropped), or None.

    The address is ASCII-lowercased; a non-ASCII letter is kept as written, so a lookalike
    address stays another account.
    """
    text = value.strip()
    angled = _ANGLED.search(text)
    if angled:
        text = angled.group(1).strip()
    text = text.strip("()").strip()
    if text.lower().startswith("mailto:"):
        text = text[7:]
    if not _ADDRESS.match(text):
        return None
    return ascii_lower(text)


def ascii_lower(text: str) -> str:
    """Lowercase A-Z only, as JavaScript's ASCII-only folding the extension uses."""
    return text.translate(_ASCII_LOWER)


_ASCII_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


def account_hash(address: str) -> str:
    """SHA-256 of the normalised, ASCII-lowercased address; ValueError if not one address."""
    normal = normalize_email(address)
    if normal is None:
        raise ValueError("not one email address")
    return sha256_hex(normal)
