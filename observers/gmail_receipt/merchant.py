"""Who a receipt names as its merchant, decided per parser (docs/gmail_receipt.md).

* generic: the sender's display name, which the generic parser already required to be plain
  Latin text of at most 120 characters with no registry brand in it;
* a platform: its rule in selectors.json, first that gives a name wins: the subject's first
  group (Stripe "Your receipt from <Merchant> #1234-5678", OpenTable "Your receipt from
  <Restaurant>"), the display name of a +tag machine sender (Stripe's receipts+acct_…, Shopify's
  store+123…: the name is the shop's), else a fixed name (Amazon, Facebook, Instacart, Uber).
  The subject comes first: every Stripe receipt kind names its merchant there, and a +tag
  sender's name can be a word such as "Receipts" (a review of 1.2.22, which put the name first).

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
    pattern = _subject_pattern(parser)
    if pattern is not None:
        match = pattern.search(one_line(subject))
        if match and match.groups() and one_line(match.group(1)):
            return one_line(match.group(1))
    local = address.rpartition("@")[0]
    if rule.sender_name_with_tag and "+" in local and display and "@" not in display:
        return display
    return rule.fixed
