"""The account's own mailbox in any spelling Gmail delivers to it (own-address.ts).

>>> is_own_address("Priya.Raman+receipts@gmail.com", "priyaraman@gmail.com")
True
>>> is_own_address("priya.raman@example.com", "priyaraman@example.com")
False
"""

from __future__ import annotations

from functools import lru_cache

from attest_kit.hashing import ascii_lower, normalize_email

# Gmail ignores dots in the local part only for its own domains.
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


def is_own_address(address: str, account: str | None) -> bool:
    """True when ``address`` delivers to the account's mailbox."""
    if not account:
        return False
    mine = mailbox_key(account)
    theirs = mailbox_key(address)
    return mine is not None and theirs == mine
