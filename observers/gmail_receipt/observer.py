"""The gmail.receipt observer: health, one row per receipt, single-instant windows (spec §8.2)."""

from __future__ import annotations

from attest_kit.contract import Health, Observer, PassContext, RawRow, Window
from observers.gmail_receipt.page import read_receipt_page
from observers.gmail_receipt.selectors import SELECTORS


#: Reasons that mean the conversation itself was not read: no receipt of it is evidence.
CONVERSATION_REASONS = frozenset({
    "selector.missing.main", "selector.ambiguous.main", "selector.ambiguous.account",
    "selector.missing.message", "selector.missing.heading", "selector.ambiguous.heading",
})


class GmailReceiptObserver(Observer):
    id = "gmail.receipt"
    source = "gmail.receipt"
    version = SELECTORS.version
    # A message that does not read (no amount, no date, no sender) makes the pass DEGRADED and voids
    # its coverage; the receipts that did read are still posted as evidence (spec §3.2). A fault of
    # the conversation itself (main, heading, account) posts none.
    rows_survive_degraded_health = True

    def health(self, ctx: PassContext) -> Health:
        read = read_receipt_page(ctx)
        return Health.of(read.idle, read.reasons)

    def extract(self, ctx: PassContext) -> list[RawRow]:
        """One row per receipt message, typed by its subject kind; rowKey is the message id."""
        read = read_receipt_page(ctx)
        if read.reasons & CONVERSATION_REASONS:
            return []
        rows = []
        for receipt in read.receipts:
            rows.append(RawRow(receipt.kind, receipt.fields(), receipt.message_id))
        return rows

    def visible_windows(self, ctx: PassContext) -> list[Window]:
        """One single instant per minute a platform parser read a receipt at.

        A generic receipt posts none (anyone can send one), and a platform receipt in the same
        minute as a generic one of this pass posts none either, so its point never holds the
        stranger's row. A minute after the pass instant is left to plan_pass (window.future).
        """
        receipts = read_receipt_page(ctx).receipts
        generic = {r.minute for r in receipts if r.parser == "generic"}
        minutes = {r.minute for r in receipts if r.parser != "generic"} - generic
        return [Window(m, m) for m in sorted(minutes)]

    def account(self, ctx: PassContext) -> str | None:
        """The address; a value that is not one address is returned as read, so the kernel refuses it
        (account.invalid) exactly when a window would be posted (spec §2.2), rows kept (§3.2)."""
        read = read_receipt_page(ctx)
        return read.account.address if read.account.address is not None else read.unreadable_account


OBSERVER = GmailReceiptObserver()
