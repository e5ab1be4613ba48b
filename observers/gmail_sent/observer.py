"""The gmail.sent observer: health, rows and the head-of-list window (spec §8.1)."""

from __future__ import annotations

from datetime import timedelta

from attest_kit.contract import Health, Observer, PassContext, RawRow, Window
from attest_kit.instants import format_instant
from attest_kit.text import clamp_subject_hint
from observers.gmail_sent.page import read_sent_page
from observers.gmail_sent.selectors import SELECTORS

MINUTE = timedelta(minutes=1)

#: Reasons that mean the page itself was not read as a Sent list: no row of it is evidence.
PAGE_LEVEL_REASONS = frozenset({
    "view.mismatch", "selector.missing.main", "selector.ambiguous.main", "selector.missing.grid",
    "selector.ambiguous.grid", "selector.missing.account", "selector.ambiguous.account", "account.invalid",
})


class GmailSentObserver(Observer):
    id = "gmail.sent"
    source = "gmail.sent"
    version = SELECTORS.version
    # A row that does not read makes the page DEGRADED and voids its window; the rows that did read
    # are still posted as evidence. A page-level fault (view, landmark, account) posts none.
    rows_survive_degraded_health = True

    def health(self, ctx: PassContext) -> Health:
        read = read_sent_page(ctx)
        return Health.of(read.idle, read.reasons)

    def extract(self, ctx: PassContext) -> list[RawRow]:
        """One email.sent row per recipient of every row that holds one message."""
        read = read_sent_page(ctx)
        if read.reasons & PAGE_LEVEL_REASONS:
            return []
        rows: list[RawRow] = []
        for row in read.rows:
            if not row.single:
                continue
            for recipient in row.recipients:
                fields = {"counterparty": recipient, "occurredAt": format_instant(row.minute)}
                if row.subject is not None:
                    fields["subjectHint"] = clamp_subject_hint(row.subject)
                rows.append(RawRow("email.sent", fields, row.message_id))
        return rows

    def visible_windows(self, ctx: PassContext) -> list[Window] | None:
        """The head's window; [] for any other page and for a head with no whole minute left."""
        read = read_sent_page(ctx)
        if not read.is_head or not read.rows:
            return []
        minutes = [row.minute for row in read.rows]
        if any(later > earlier for earlier, later in zip(minutes, minutes[1:])):
            return None  # the window rests on the list being newest first
        start = minutes[-1] if read.ends_list else minutes[-1] + MINUTE
        for row in read.rows:
            if not row.single or row.names_account:
                start = max(start, row.minute + MINUTE)
        end = ctx.instant
        if end - start < MINUTE:
            return []
        return [Window(start, end)]

    def account(self, ctx: PassContext) -> str | None:
        return read_sent_page(ctx).account.address


OBSERVER = GmailSentObserver()
