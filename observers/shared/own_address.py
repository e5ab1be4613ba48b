"""The account's own mailbox in any spelling Gmail delivers to it (own-address.ts).

>>> is_own_address("Priya.Raman+receipts@gmail.com", "priyaraman@gmail.com")
True
>>> is_own_address("priya.raman@example.com", "priyaraman@example.com")
False
"""

from __future__ import annotations

from attest_kit.mailbox import GMAIL_DOMAINS, mailbox_key

__all__ = ["GMAIL_DOMAINS", "is_own_address", "mailbox_key"]


def is_own_address(address: str, account: str | None) -> bool:
    """True when ``address`` delivers to the account's mailbox."""
    if not account:
        return False
    mine = mailbox_key(account)
    theirs = mailbox_key(address)
    return mine is not None and theirs == mine
