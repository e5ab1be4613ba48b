"""One read of a Gmail page as the receipt observer sees it (receipts/index.ts, message.ts).

A conversation is open when the address names a thread (a compose window over it keeps the
route) or the one shown main holds the subject heading or a message item. Every other view is
IDLE no_conversation; no shown main under a thread route is selector.missing.main (the page
changed: Gmail always draws its main), two are selector.ambiguous.main.

A message item is a role=listitem with the message key on it or inside it, or with
aria-expanded; one inside another is part of that message (an email's own markup can carry
role and aria-expanded). Only expanded items are read; header.py finds each one's sender and date
in its header. The body is read only for a receipt candidate (its sender and subject chose a
parser), and only the amount leaves the parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from selectolax.lexbor import LexborNode

from attest_kit.contract import PassContext
from attest_kit.instants import format_instant
from attest_kit.policy import FieldSchema, field_is_valid, load_policy
from attest_kit.text import clamp_subject_hint, one_line
from observers.gmail_receipt.amounts import Money
from observers.gmail_receipt.classify import Choice, choose
from observers.gmail_receipt.header import find_sender, message_minute
from observers.gmail_receipt.merchant import merchant_for
from observers.gmail_receipt.quoted import draws_a_quoted_mail
from observers.gmail_receipt.selectors import SELECTORS, Kind, Platform
from observers.gmail_receipt.totals import Amount, find_total, says_no_receipt
from observers.shared.account import AccountLabels, AccountRead, read_account
from observers.shared.dom import ShownRule, ancestors, aria_false, attr, outermost, shown_text_of, text_of
from observers.shared.gmail_words import is_no_subject
from observers.shared.route import parse_route

S = SELECTORS.selectors
A = SELECTORS.attributes
ACCOUNT_LABELS = AccountLabels(S.account_label, S.account_label_implicit, A.aria_label, SELECTORS.labels.account_label_pattern,
                               SELECTORS.labels.account_address_pattern, S.main)
_LEGACY_ID = re.compile(SELECTORS.patterns.legacy_id)
MEMO_KEY = "gmail.receipt"


@dataclass(frozen=True)
class Receipt:
    """One receipt message as read: what its row carries and who parsed it."""

    parser: str  # a registry platform, or "generic"
    kind: Kind
    message_id: str
    merchant: str | None
    amount: Money
    subject: str
    minute: datetime

    def fields(self) -> dict[str, Any]:
        """The fields its row carries (the observer's ``extract``)."""
        fields: dict[str, Any] = {"merchant": self.merchant, "amountCents": self.amount.cents,
                                  "currency": self.amount.currency, "occurredAt": format_instant(self.minute)}
        subject = clamp_subject_hint(one_line(self.subject))
        if subject:
            fields["subjectHint"] = subject
        return fields


@lru_cache(maxsize=1)
def _schemas() -> dict[str, FieldSchema]:
    return load_policy().field_schemas


def row_fits(receipt: Receipt) -> bool:
    """Whether every field of its row is one the policy lets a row carry (an amount past the field's
    bound, a merchant name past its length): a stranger's mail a row cannot carry is no receipt."""
    schemas = _schemas()
    return all(name in schemas and field_is_valid(schemas[name], value) for name, value in receipt.fields().items())


@dataclass
class ReceiptRead:
    """The page as the receipt observer reads it once per pass."""

    idle: str | None = None
    reasons: set[str] = field(default_factory=set)
    account: AccountRead = AccountRead("missing")
    receipts: list[Receipt] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)  # one per expanded message, for tests
    unreadable_account: str | None = None  # an account value that is not one address (see account())


def _is_item(node: LexborNode) -> bool:
    if A.message_id in node.attributes or A.expanded in node.attributes:
        return True
    return node.css_first(S.message_key) is not None


def message_items(main: LexborNode, shown: ShownRule) -> list[LexborNode]:
    """The shown message items of the main region; an item inside another is part of it."""
    items = [n for n in shown.filter(main.css(S.list_item)) if _is_item(n)]
    ids = {n.mem_id for n in items}
    return [n for n in items if not any(up.mem_id in ids for up in ancestors(n, stop=main))]


def _collapsed(item: LexborNode) -> bool:
    """Whether the message item is drawn collapsed (§8.2: "Only expanded messages"): its own aria-expanded
    says false, or, with none of its own, an element around its message key inside it does (the state
    drawn one level in; a toggle beside the key, as a trimmed quote's, is no part of it)."""
    own = attr(item, A.expanded)
    if own is not None:
        return aria_false(own)
    key = item.css_first(S.message_key)
    return key is not None and any(aria_false(attr(up, A.expanded)) for up in (key, *ancestors(key, stop=item)))


def _message_id(item: LexborNode) -> str | None:
    own = attr(item, A.message_id)
    if own is not None:
        return own
    key = item.css_first(S.message_key)
    return attr(key, A.message_id) if key is not None else None


def _total(item: LexborNode, choice: Choice, platform: Platform | None, shown: ShownRule) -> Amount:
    """The message's total. The generic parser's labels: every line must agree. A platform's: its own labels in
    their order, the first found deciding; with none of them on the page, the generic labels it does not list,
    read as the generic parser reads them ("Total charged" on a Facebook receipt is a total as on any shop's, and
    "Total paid" beside another "Amount charged" is as ambiguous as on a stranger's receipt: a review of 1.2.85)."""
    if platform is None:
        return find_total(item, SELECTORS.generic.total_labels, shown)
    own = platform.kind_total_labels.get(choice.kind) if choice.kind else None
    if own:
        return find_total(item, own, shown, first_label_decides=platform.first_label_decides)
    if not platform.first_label_decides:
        # a layout only guessed: every total line, its own labels' and the generic ones', must agree (a review of
        # 1.2.89, of 1.2.90: "Total" before the tip beside "Total paid" after it read the bill)
        return find_total(item, (*platform.total_labels, *_other_labels(choice.parser)), shown)
    amount = find_total(item, platform.total_labels, shown, first_label_decides=True)
    return amount if amount is not None else find_total(item, _other_labels(choice.parser), shown)


@lru_cache(maxsize=None)
def _other_labels(parser: str) -> tuple[str, ...]:
    """The generic parser's total labels a platform does not list, in their order."""
    folded = {label.casefold() for label in SELECTORS.platforms[parser].total_labels}
    return tuple(label for label in SELECTORS.generic.total_labels if label.casefold() not in folded)


def _read_message(item: LexborNode, ctx: PassContext, shown: ShownRule, subject: str | None,
                  read: ReceiptRead) -> None:
    sender, recipient = find_sender(item, shown)
    if sender is None:
        read.reasons.add("selector.missing.sender")
        return
    address = attr(sender, A.email)
    name = attr(sender, A.name)
    if name is None:
        name = text_of(sender)
    choice = choose(address, name, subject, read.account.address)
    read.choices.append(choice)
    if choice.parser is None or choice.kind is None:
        return
    generic = choice.parser == "generic"
    platform = None if generic else SELECTORS.platforms[choice.parser]
    if platform is not None and says_no_receipt(item, platform.refuse_texts, shown):
        return  # Uber's charge summary under the trip's subject: no receipt
    if generic and draws_a_quoted_mail(item, shown, read.account.address):
        return  # a receipt forwarded or quoted into its conversation by someone: no purchase of theirs
    amount = _total(item, choice, platform, shown)
    if not isinstance(amount, Money):
        if not generic:
            read.reasons.add("receipt.amount_missing")
        return
    message_id = _message_id(item)
    if message_id is None or not _LEGACY_ID.match(message_id):
        if not generic:
            read.reasons.add("selector.missing.message_id")
        return
    minute = message_minute(item, sender, recipient, ctx, shown)
    if isinstance(minute, str):
        if not generic:
            read.reasons.add(minute)
        return
    merchant = merchant_for(choice.parser, address or "", name, subject or "")
    if generic and merchant is None:
        return
    receipt = Receipt(choice.parser, choice.kind, message_id, merchant, amount, subject or "", minute)
    if generic and not row_fits(receipt):
        return  # §4.3: a stranger's message a row could not carry never makes the pass DEGRADED
    read.receipts.append(receipt)


def read_receipt_page(ctx: PassContext) -> ReceiptRead:
    """Read the page once; health, rows and windows all come from this."""
    memo = ctx.memo.get(MEMO_KEY)
    if memo is not None:
        return memo
    read = ReceiptRead()
    ctx.memo[MEMO_KEY] = read
    shown = ShownRule()
    # a reply being typed in a message, or a compose window: the user's words, never a mail's (before anything is
    # read, so no answer the pass gives holds them shown)
    shown.leave_out(ctx.tree.css(S.editor))
    route = parse_route(ctx.url)
    mains = outermost(shown.filter(ctx.tree.css(S.main)))
    holding = [m for m in mains if shown.filter(m.css(S.subject_heading)) or message_items(m, shown)]
    if route.thread is None and not holding:
        read.idle = "no_conversation"
        return read
    if len(mains) != 1:
        read.reasons.add("selector.missing.main" if not mains else "selector.ambiguous.main")
        return read
    main = mains[0]

    read.account = read_account(ctx.tree, ACCOUNT_LABELS, shown)
    if read.account.status == "ambiguous":
        read.reasons.add("selector.ambiguous.account")
        return read
    # An address that does not read (a value that is not one address) is judged only if the pass has
    # a window to post (§2.2: account() is read only then): the observer's account() hands it to the
    # kernel, which refuses it (account.invalid) only then. A label that ends with no address (the
    # switcher half drawn) names no account. Either way the messages are read as without one (§8.2:
    # no account hash, the generic parser off). Only Calendar refuses a half-drawn label (§4).
    if read.account.status == "invalid":
        read.unreadable_account = read.account.unreadable
        read.account = AccountRead("missing")

    items = message_items(main, shown)
    if not items:
        read.reasons.add("selector.missing.message")
        return read
    # a heading inside a message is that mail's own markup, never its conversation's subject (§8.2: "Each
    # message is read under its own conversation's subject heading"; a newsletter's h2 made it ambiguous)
    item_ids = {i.mem_id for i in items}
    headings = {shown_text_of(h, shown) for h in shown.filter(main.css(S.subject_heading))
                if not any(up.mem_id in item_ids for up in ancestors(h, stop=main))}
    expanded = [i for i in items if not _collapsed(i)]
    if expanded and len(headings) != 1:
        read.reasons.add("selector.missing.heading" if not headings else "selector.ambiguous.heading")
        return read
    subject = next(iter(headings)) if headings else None
    if subject is not None and is_no_subject(subject):
        subject = None  # Gmail's placeholder for an empty subject (§8.1), never a subject a row carries
    for item in expanded:
        _read_message(item, ctx, shown, subject, read)
    return read
