"""The receipt-sender registry and the reserved fake domains: which @domains may stay in a capture.

The registry is read from ``observers/gmail_receipt/selectors.json`` (key "registry"), the one
source of truth for receipt-sender domains; the file is read directly so the sanitiser does not
import the observers package (DESIGN.md: sanitize needs only the kernel and this file).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from attest_kit.selectors import SelectorsError, read_selectors_json
from sanitize.faker import FAKE_DOMAINS

SELECTORS_PATH = Path(__file__).resolve().parents[1] / "observers/gmail_receipt/selectors.json"


@dataclass(frozen=True)
class Platform:
    name: str
    domains: tuple[str, ...]
    brand_tokens: tuple[str, ...]
    keeps_sender_name: bool


@lru_cache(maxsize=4)
def load_registry(path: Path = SELECTORS_PATH) -> tuple[Platform, ...]:
    """Every receipt platform of the registry, as written in selectors.json."""
    raw = read_selectors_json(Path(path))
    if not isinstance(raw.get("registry"), dict):
        raise SelectorsError(f"{path}: invalid selectors file: no 'registry' object")
    data = raw["registry"]
    return tuple(
        Platform(
            name=name,
            domains=tuple(d.lower() for d in entry["domains"]),
            brand_tokens=tuple(t.lower() for t in entry.get("brandTokens", ())),
            keeps_sender_name=bool(entry.get("keepsSenderName", False)),
        )
        for name, entry in data.items()
    )


@lru_cache(maxsize=4)
def total_labels(path: Path = SELECTORS_PATH) -> frozenset[str]:
    """Every receipt parser's total labels ("Order Total", "Amount paid"), lower case, white space
    collapsed: an address block ends at one, as the receipt observer reads the amount beside it."""
    raw = read_selectors_json(Path(path))
    parsers = [*(raw.get("platforms") or {}).values(), raw.get("generic") or {}]
    return frozenset(" ".join(label.lower().split()) for p in parsers for label in p.get("totalLabels", ()))


@lru_cache(maxsize=4)
def sender_trigger(path: Path = SELECTORS_PATH) -> str:
    """The word a sender address holds that makes the generic parser take a receipt (spec §8.2: "the
    sender address contains 'order'"), lower case: a fake address keeps it (``Faker.email``)."""
    raw = read_selectors_json(Path(path))
    word = (raw.get("generic") or {}).get("senderTrigger")
    if not isinstance(word, str) or not word.isalpha():
        raise SelectorsError(f"{path}: invalid selectors file: generic.senderTrigger must be one word")
    return word.lower()


@lru_cache(maxsize=4)
def subject_trigger(path: Path = SELECTORS_PATH) -> re.Pattern[str]:
    """The generic parser's subject trigger (generic.subjectTrigger: order, receipt, confirmation),
    compiled case-insensitively as the observer reads it."""
    raw = read_selectors_json(Path(path))
    return re.compile((raw.get("generic") or {}).get("subjectTrigger") or r"(?!)", re.I)


def platform_for(domain: str, registry: tuple[Platform, ...] | None = None) -> Platform | None:
    """The platform whose domain is ``domain`` or a parent of it; None for any other (or non-ASCII) domain."""
    if registry is None:
        return _platform_in_registry(domain)
    return _platform_of(domain, registry)


@lru_cache(maxsize=4096)
def _platform_in_registry(domain: str) -> Platform | None:
    """``platform_for`` over the shipped registry, memoised: a page names the same domains again and again."""
    return _platform_of(domain, load_registry())


def _platform_of(domain: str, registry: tuple[Platform, ...]) -> Platform | None:
    d = domain.lower().rstrip(".")
    if not d.isascii():
        return None  # a lookalike (any non-ASCII code point) is never kept
    for p in registry:
        for root in p.domains:
            if d == root or d.endswith("." + root):
                return p
    return None


def is_fake_domain(domain: str) -> bool:
    return domain.lower().rstrip(".") in FAKE_DOMAINS


def allowed_domain(domain: str) -> bool:
    """What the @ check accepts: a reserved fake domain, or a registry domain or subdomain."""
    return is_fake_domain(domain) or platform_for(domain) is not None
