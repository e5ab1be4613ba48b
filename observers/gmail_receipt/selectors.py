"""gmail.receipt's selectors.json, loaded strictly when this module is imported.

Beside the CSS (under "selectors" only) the file holds the sender registry the sanitiser also
reads, each platform's subject kinds, total labels, refuse texts and merchant rule, the generic
parser's triggers and refusal markers, and the currency table. Every regex is matched
case-insensitively and uses only syntax JavaScript shares (the extension is built from this file).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from attest_kit.selectors import SelectorsFile, Strict, load_selectors

Kind = Literal["purchase.made", "subscription.changed", "listing.posted"]


def _compiles(value: str | None) -> str | None:
    if value is not None:
        re.compile(value, re.I)
    return value


class RegistryEntry(Strict):
    domains: list[str] = Field(min_length=1)
    brand_tokens: list[str]
    keeps_sender_name: bool


class ReceiptSelectors(Strict):
    main: str
    subject_heading: str
    list_item: str
    message_key: str
    #: an editable region (a reply or forward being typed inside a message): the user's text, never the message's.
    #: Only what the browser edits: a mail's own markup may carry role=textbox (Gmail keeps roles), never contenteditable
    editor: str
    sender: str
    header_end: str  # a header drawn without a table ends at the body's first of these
    row: str
    cell: str
    line_block: str
    account_label: str
    #: a <header> that is a banner by its implicit role (HTML-AAM): its labels count only with an account label's start
    account_label_implicit: str
    raised: str  # text set raised or lowered ("$48<sup>00</sup>": cents), besides a vertical-align style


class ReceiptAttributes(Strict):
    message_id: str
    expanded: str
    email: str
    name: str
    title: str
    aria_label: str


class ReceiptPatterns(Strict):
    legacy_id: str
    clock_like: str
    recipient_lead: str  # the text just before the first recipient: "to " (English Gmail)
    relative_age: str  # how the header's date ends: its age, "2:03 PM (5 minutes ago)" (English Gmail)
    minus_only: str  # a cell holding a minus alone right before the amount's cell: a refund's sign
    total_label_note: str  # what a total label may add: that the amount includes tax ("Total (incl. VAT)")
    amount_note: str  # what an amount may carry beside it: the tax it includes ("$41.04 (includes $3.04 VAT)")

    _ok = field_validator("legacy_id", "clock_like", "recipient_lead", "relative_age", "minus_only", "total_label_note", "amount_note")(
        classmethod(lambda cls, v: _compiles(v)))


class ReceiptLabels(Strict):
    #: The account button's label in any display language ("Google Account:", "Google-Konto:", "Compte Google :"):
    #: Google's name before the first colon of its first line.
    account_label_pattern: str
    #: Where an account label writes its address: the last parenthesised group holding an @ ("（…）" too).
    account_address_pattern: str
    #: The words a header draws beside its people and its date ("to me", "bcc"): a block holding another is no header.
    header_words: list[str]


class MerchantRule(Strict):
    """Where a platform's merchant comes from, first that gives one wins: the subject's first
    group, the sender's display name when the address carries a +tag (a machine sender whose
    name is the shop), else a fixed name."""

    subject_pattern: str | None
    sender_name_with_tag: bool
    fixed: str | None

    _ok = field_validator("subject_pattern")(classmethod(lambda cls, v: _compiles(v)))


class Platform(Strict):
    kinds: dict[Kind, list[str]] = Field(min_length=1)
    total_labels: list[str] = Field(min_length=1)
    #: A kind's own labels in place of ``total_labels`` (Facebook's "Price" is a listing's, never a purchase's).
    kind_total_labels: dict[Kind, list[str]] = Field(default_factory=dict)
    refuse_texts: list[str]
    merchant: MerchantRule
    #: Whether the first of ``total_labels`` found decides (a layout known from a capture: Stripe's "Amount paid"
    #: before a summary's "Total"); false for a layout only guessed, whose total lines must all agree.
    first_label_decides: bool

    @field_validator("kinds")
    @classmethod
    def _kinds_compile(cls, value: dict[str, list[str]]) -> dict[str, list[str]]:
        for patterns in value.values():
            for pattern in patterns:
                _compiles(pattern)
        return value


class QuotedMail(Strict):
    """What a reply or forward draws above the mail it carries, read by whole lines of the message (labels in case
    as mail clients write them: Gmail's own details list writes "from:", "date:"). Every shape names what only a
    mail client writes there, so a receipt's own fields ("From: 4:00 PM", "Sent: Dec 1, 2026") are none."""

    #: A separator line alone: Gmail's "---------- Forwarded message ---------", Thunderbird's and Yahoo's
    #: "-------- Forwarded Message --------", Zoho's "==== Forwarded message ====", "-----Original Message-----",
    #: Apple's "Begin forwarded message:".
    separator_line: str
    #: A reply's attribution, one line from start to end (dashes and equals signs around it taken off): "On Mon,
    #: Nov 30, 2026 at 9:41 AM Fernhill <…> wrote:", "Fernhill wrote on 11/30/26 9:41 AM:" (a date, and a clock or
    #: a weekday, as mail clients write it), "Quoting Fernhill <…>:" (an address); "you wrote", in any case, is a
    #: shop quoting its customer's note, never a reply.
    attribution_line: str
    attribution_not_quote: str
    #: Characters taken off an attribution's ends (Zoho's "---- On … wrote ----"), its longest length (a longer
    #: line is a paragraph), how a Horde one starts, and the line a wrapped one may end on alone.
    attribution_frame: str
    attribution_max_length: int = Field(gt=0)
    quoting_start: str
    wrapped_end: str
    date: str
    clock: str
    weekday: str
    #: An address, found from a token's start only (a search from every character of a long token would cost the
    #: square of its length); a quote or a colon before it (`"a@b.c"`, `'a@b.c'`, `mailto:a@b.c`) is not part of it.
    address: str
    #: A header block: a line starting with the from label that names an address other than the account's, within
    #: ``header_lines`` lines of it a line starting with the subject label, and a sent or date line whose value
    #: names a clock ("Sent: 30 November 2026 09:41", "Date: Mon, Nov 30, 2026 at 9:41 AM"). A receipt that copies
    #: the user's own submission (an e-fax, a contact form, a gift card's giver) quotes the account's address.
    from_label: str
    subject_label: str
    sent_label: str
    date_label: str
    header_lines: int = Field(gt=0)
    #: A line that is a label of its own ("To:", "Reply-To:", "Time:"): never the value of a bare label before it.
    label: str

    _ok = field_validator("separator_line", "attribution_line", "attribution_not_quote", "date", "clock", "weekday",
                          "address", "label")(
        classmethod(lambda cls, v: _compiles(v)))


class Generic(Strict):
    sender_trigger: str
    subject_trigger: str
    refusal_markers: dict[str, str]
    #: What a reply or forward draws above the mail it carries: the one sign of a reply or forward inside a
    #: conversation, whose own subject Gmail does not draw (see ``quoted.py``).
    quoted_mail: QuotedMail
    total_labels: list[str] = Field(min_length=1)
    max_name_length: int = Field(gt=0)
    name_allowed_marks: list[str]
    #: Marks allowed on any Latin letter but i and j, on which they would stand in for the dot ("ī", "į", "İ")
    name_allowed_marks_but_on_i_j: list[str]
    #: Marks allowed only beside one of the marks above on the same letter: a dot below alone passes for nothing
    #: ("ẹ" for "e"), beside a circumflex or a horn ("ệ", "ợ") the letter already shows its accent.
    name_marks_beside_a_visible_one: list[str]
    name_extra_characters: str
    #: Signs a name may carry at a word's edge only ("Larkspur® Bakery"; "Insta©art" passes for a letter), taken
    #: out before the brand check ("Uber™ Eats" is Uber).
    name_signs: str

    _ok = field_validator("subject_trigger")(classmethod(lambda cls, v: _compiles(v)))

    @field_validator("refusal_markers")
    @classmethod
    def _markers_compile(cls, value: dict[str, str]) -> dict[str, str]:
        for pattern in value.values():
            _compiles(pattern)
        return value


class Amounts(Strict):
    symbols: dict[str, str]
    #: A symbol several currencies write, with the ISO codes it may stand for: read only beside one of them
    #: ("¥1,200 JPY"), never alone ("¥1,200": JPY or CNY).
    ambiguous_symbols: dict[str, list[str]]
    dollar_family: list[str]


class ReceiptSelectorsFile(SelectorsFile):
    registry: dict[str, RegistryEntry]
    selectors: ReceiptSelectors
    attributes: ReceiptAttributes
    patterns: ReceiptPatterns
    labels: ReceiptLabels
    platforms: dict[str, Platform]
    generic: Generic
    amounts: Amounts

    @model_validator(mode="after")
    def _one_parser_per_platform(self) -> "ReceiptSelectorsFile":
        if set(self.platforms) != set(self.registry):
            raise ValueError("every registry platform needs exactly one parser under 'platforms'")
        return self


PATH = Path(__file__).with_name("selectors.json")
SELECTORS = load_selectors(PATH, ReceiptSelectorsFile, "gmail.receipt")
