"""Who a receipt names as its merchant, decided per parser (docs/gmail_receipt.md).

* generic: the sender's display name, which the generic parser already required to be plain
  Latin text of at most 120 characters with no registry brand in it;
* a platform: its rule in selectors.json, first that gives a name wins: the display name of a +tag
  machine sender (Stripe's receipts+acct_…, Shopify's store+123…: spec §6.2, "the name is the
  merchant the parser reads"; not a name that is the platform's own, "Stripe"), the subject's first
  group (Stripe "Your receipt from <Merchant> #1234-5678", OpenTable "Your receipt from
  <Restaurant>"), else a fixed name (Amazon, Facebook, Instacart, Uber).

A platform receipt that yields no name keeps merchant empty, so project() refuses the row
(redact.missing_field) and the pass is DEGRADED: the receipt was read, its merchant was not.
"""

from __future__ import annotations

import re
from functools import lru_cache

from attest_kit.text import one_line
from observers.gmail_receipt.selectors import SELECTORS


@lru_cache(maxsize=None)
def _subject_pattern(platform: str) -> re.Pattern[str] | None:
    pattern = SELECTORS.platforms[platform].merchant.subject_pattern
    return re.compile(pattern, re.I) if pattern else None


def merchant_for(parser: str, address: str, name: str | None, subject: str) -> str | None:
    """The merchant a receipt row names, or None when the parser's rule finds none."""
    display = one_line(name or "")
    if parser == "generic":
        return display or None
    rule = SELECTORS.platforms[parser].merchant
    local = address.rpartition("@")[0]
    if (rule.sender_name_with_tag and "+" in local and display and "@" not in display
            and not _names_its_platform(parser, display)):
        return display  # spec §6.2: "a machine sender with a +tag (…: the name is the merchant the parser reads)"
    pattern = _subject_pattern(parser)
    if pattern is not None:
        match = pattern.search(one_line(subject))
        if match and match.groups() and one_line(match.group(1)):
            return one_line(match.group(1))
    return rule.fixed


def _names_its_platform(parser: str, display: str) -> bool:
    """A +tag sender named after the platform itself ("Stripe", "Stripe Receipts"): no shop's name."""
    words = re.findall(r"\w+", display.casefold())
    return any(token.casefold() in words for token in SELECTORS.registry[parser].brand_tokens)
