"""The mailbox an address delivers to: one fact shared by the observers' own-address rule (spec §8.1,
§8.2: "any case, a +tag, Gmail's dots") and the sanitiser, which gives every spelling of one mailbox
the same fake (spec §6.2: one real value, one fake) so the rule still holds on a sanitised page.

>>> mailbox_key("Priya.Raman+receipts@GoogleMail.com")
'priyaraman@gmail.com'
>>> mailbox_key("Priya.Raman+receipts@example.com")
'priya.raman@example.com'
"""

from __future__ import annotations

from functools import lru_cache

from attest_kit.hashing import ascii_lower, normalize_email

#: Gmail ignores dots in the local part only for its own domains.
GMAIL_DOMAINS = frozenset({"gmail.com", "googlemail.com"})


@lru_cache(maxsize=4096)
def mailbox_key(address: str) -> str | None:
    """The mailbox an address delivers to: case folded, +tag dropped, Gmail's dots dropped."""
    normal = normalize_email(address)
    if normal is None:
        return None
    local, _, domain = normal.rpartition("@")
    local = local.split("+", 1)[0]
    if domain in GMAIL_DOMAINS:
        local = local.replace(".", "")
        domain = "gmail.com"
    return f"{ascii_lower(local)}@{domain}"
