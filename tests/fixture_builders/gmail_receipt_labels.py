"""Hand-written labels of the synthetic receipt pages, merged into labels.json.

Every value below was derived by hand from the page designs in gmail_receipt_pages.py and the
spec's rules (§8.2), never from an observer's output. Times: the pages are in America/New_York,
UTC-5 on every date used (after the end of DST on 2026-11-01). Run
``python -m tests.fixture_builders.gmail_receipt_labels`` to merge: it reads labels.json, replaces
only the synthetic-receipt-* entries and writes the whole file back atomically in one step.
"""

from __future__ import annotations

import json
from typing import Any

from attest_kit.fsio import atomic_write_json
from tests.fixture_builders.gmail_receipt_pages import OUT
from tests.fixture_builders.gmail_shell import REPO

ME = "wren.halloway@example.com"
RECEIPT_VERSION = "gmail.receipt@" + json.loads(
    (REPO / "observers/gmail_receipt/selectors.json").read_text(encoding="utf-8"))["version"]


def _sent_version() -> str:
    """gmail.sent's version as its selectors file says now (its owner bumps it on their own)."""
    raw = json.loads((REPO / "observers/gmail_sent/selectors.json").read_text(encoding="utf-8"))
    return f"gmail.sent@{raw['version']}"


VERSIONS = f"{RECEIPT_VERSION} {_sent_version()}"
READ_AT = "2026-11-30T20:00:00.000Z"
SEEDS = ["api-key", "card-token", "password"]
MAIL = "https://mail.google.com/mail/u/0/#"


def receipt(kind: str, merchant: str, cents: int, currency: str, subject: str, at: str) -> dict[str, Any]:
    return {"type": kind, "fields": {"merchant": merchant, "amountCents": cents, "currency": currency,
                                     "subjectHint": subject, "occurredAt": at}}


def point(at: str) -> dict[str, str]:
    return {"windowStart": at, "windowEnd": at}


def entry(route: str, view: str, status: str, reasons: list[str], rows: list[dict[str, Any]],
          windows: list[dict[str, str]], notes: str) -> dict[str, Any]:
    sent_reason = "not_sent_list" if route.startswith("sent/") else "not_sent_folder"
    return {
        "capturedAt": "2026-11-30",
        "selectorsVersion": VERSIONS,
        "seededSecrets": SEEDS,
        "page": {"view": view, "url": MAIL + route, "timeZone": "America/New_York", "readAt": READ_AT,
                 "account": ME},
        "expected": [
            {"observer": "gmail.receipt", "health": {"status": status, "reasons": reasons},
             "observations": rows, "windows": windows},
            {"observer": "gmail.sent", "health": {"status": "IDLE", "reasons": [sent_reason]},
             "observations": [], "windows": []},
        ],
        "notes": notes,
    }


def without_account(label: dict[str, Any]) -> dict[str, Any]:
    """A page whose banner shows no account: its page facts name none."""
    del label["page"]["account"]
    return label


LABELS: dict[str, dict[str, Any]] = {
    "synthetic-receipt-stripe.html": entry(
        "inbox/18d3a1c0de000001", "conversation", "OK", [],
        [receipt("purchase.made", "Fernhill Ceramics", 4800, "USD",
                 "Your receipt from Fernhill Ceramics #1043-2291", "2026-11-30T14:41:00.000Z")],
        [point("2026-11-30T14:41:00.000Z")],
        "Stripe: merchant from the subject; Amount paid twice in the label-in-its-own-table shape; "
        "a hidden earlier conversation holds another receipt that is never read."),
    "synthetic-receipt-amazon.html": entry(
        "inbox/18d3a1c0de000002", "conversation", "OK", [],
        [receipt("purchase.made", "Amazon", 6708, "USD", "Your Amazon.com order #112-4829301-5520147",
                 "2026-11-29T23:12:00.000Z")],
        [point("2026-11-29T23:12:00.000Z")],
        "Amazon Order Confirmation: Order Total: line; merchant fixed."),
    "synthetic-receipt-facebook.html": entry(
        "inbox/18d3a1c0de000003", "conversation", "OK", [],
        [receipt("purchase.made", "Facebook", 2500, "USD", "Your Meta Pay receipt", "2026-11-27T16:05:00.000Z")],
        [point("2026-11-27T16:05:00.000Z")],
        "facebookmail.com: the display name is never the merchant."),
    "synthetic-receipt-opentable.html": entry(
        "inbox/18d3a1c0de000004", "conversation", "OK", [],
        [receipt("purchase.made", "Juniper Table", 10826, "USD", "Your receipt from Juniper Table",
                 "2026-11-29T02:58:00.000Z")],
        [point("2026-11-29T02:58:00.000Z")],
        "OpenTable: restaurant from the subject; 9:58 PM on Nov 28 in New York is Nov 29 UTC."),
    "synthetic-receipt-instacart.html": entry(
        "inbox/18d3a1c0de000005", "conversation", "OK", [],
        [receipt("purchase.made", "Instacart", 4160, "USD", "Your Instacart order receipt",
                 "2026-11-26T21:20:00.000Z")],
        [point("2026-11-26T21:20:00.000Z")],
        "The mail's own item list carries role=listitem and aria-expanded: part of the message, not messages."),
    "synthetic-receipt-uber.html": entry(
        "inbox/18d3a1c0de000006", "conversation", "OK", [],
        [receipt("purchase.made", "Uber", 2345, "USD", "Your Sunday evening trip with Uber",
                 "2026-11-30T01:31:00.000Z")],
        [point("2026-11-30T01:31:00.000Z")],
        "The charge summary (7:48 PM) says it is not a payment receipt; only the 8:31 PM receipt is read."),
    "synthetic-receipt-shopify.html": entry(
        "inbox/18d3a1c0de000007", "conversation", "OK", [],
        [receipt("purchase.made", "Tidewater Candle Co.", 6318, "USD", "Order #1047 confirmed",
                 "2026-11-25T15:02:00.000Z")],
        [point("2026-11-25T15:02:00.000Z")],
        "Shopify: subtotal lines, then a Total table; merchant is the +tag sender's name; '$63.18 USD'."),
    "synthetic-receipt-body-main.html": entry(
        "inbox/18d3a1c0de000017", "conversation", "OK", [],
        [receipt("purchase.made", "Tidewater Candle Co.", 6318, "USD", "Order #1052 confirmed",
                 "2026-11-24T20:12:00.000Z")],
        [point("2026-11-24T20:12:00.000Z")],
        "The Shopify receipt's body sits in a role=main of the mail's own, inside Gmail's main: part of it, "
        "one main (spec §8.2: an email's own markup can carry roles); 3:12 PM New York is 20:12Z."),
    "synthetic-receipt-generic-no-subject.html": entry(
        "inbox/18d3a1c0de000018", "conversation", "OK", [], [], [],
        "A generic receipt whose heading is Gmail's '(no subject)' placeholder: no subject a row can carry "
        "(spec §8.1, §8.2), so the generic parser reads nothing; the conversation is OK."),
    "synthetic-receipt-amazon-shipped.html": entry(
        "inbox/18d3a1c0de000008", "conversation", "OK", [], [], [],
        "A shipping notice from amazon.com: not a receipt kind, ignored (its Order Total is never read)."),
    "synthetic-receipt-shopify-promo.html": entry(
        "inbox/18d3a1c0de000009", "conversation", "OK", [], [], [],
        "A promotion from a Shopify store: ignored."),
    "synthetic-receipt-stripe-invoice.html": entry(
        "inbox/18d3a1c0de00000a", "conversation", "OK", [], [], [],
        "An unpaid Stripe invoice (Amount due): not a receipt kind, ignored."),
    "synthetic-receipt-two-in-thread.html": entry(
        "inbox/18d3a1c0de00000b", "conversation", "OK", [],
        [receipt("purchase.made", "Instacart", 2735, "USD", "Your Instacart order receipt", "2026-11-24T22:07:00.000Z"),
         receipt("purchase.made", "Instacart", 1280, "USD", "Your Instacart order receipt", "2026-11-24T22:07:00.000Z")],
        [point("2026-11-24T22:07:00.000Z")],
        "Two receipts threaded together in the same minute: two rows (two message ids), one window."),
    "synthetic-receipt-collapsed.html": entry(
        "inbox/18d3a1c0de00000c", "conversation", "OK", [],
        [receipt("purchase.made", "Amazon", 1599, "USD", "Order Confirmation", "2026-11-30T12:30:00.000Z")],
        [point("2026-11-30T12:30:00.000Z")],
        "The earlier message is collapsed (its snippet shows a total): only the expanded one is read."),
    "synthetic-receipt-generic-accepted.html": entry(
        "inbox/18d3a1c0de00000d", "conversation", "OK", [],
        [receipt("purchase.made", "Larkspur Bakery", 4104, "USD", "Your order confirmation #4821",
                 "2026-11-30T16:26:00.000Z")],
        [],
        "A stranger's receipt the generic parser accepts: a row, never a window."),
    "synthetic-receipt-generic-euro.html": entry(
        "inbox/18d3a1c0de00000e", "conversation", "OK", [],
        [receipt("purchase.made", "Café Lumière", 1890, "EUR", "Receipt for your visit", "2026-11-24T14:03:00.000Z")],
        [],
        "Generic: accented Latin name; a one-cell 'Total: 18,90 €' paragraph."),
    "synthetic-receipt-generic-lookalike.html": entry(
        "inbox/18d3a1c0de00000f", "conversation", "OK", [], [], [],
        "Refused: the display name starts with a Cyrillic letter that passes for A."),
    "synthetic-receipt-generic-reply.html": entry(
        "inbox/18d3a1c0de000010", "conversation", "OK", [], [], [],
        "Refused: a reply (Re:) to an order confirmation."),
    "synthetic-receipt-generic-cart.html": entry(
        "inbox/18d3a1c0de000011", "conversation", "OK", [], [], [],
        "Refused: a cart reminder (triggered by the sender address, refused by the marker)."),
    "synthetic-receipt-generic-refund.html": entry(
        "inbox/18d3a1c0de000012", "conversation", "OK", [], [], [],
        "Refused: a refund."),
    "synthetic-receipt-generic-rupee.html": entry(
        "inbox/18d3a1c0de000013", "conversation", "OK", [], [], [],
        "Refused: the total is in Rs., an ambiguous currency; the generic parser never degrades."),
    "synthetic-receipt-shopify-rupee.html": entry(
        "inbox/18d3a1c0de000014", "conversation", "DEGRADED", ["receipt.amount_missing"], [], [],
        "A registry receipt whose total is in Rs.: not read, and loud."),
    "synthetic-receipt-own-mail.html": entry(
        "sent/18d3a1c0de000015", "conversation", "OK", [], [], [],
        "The account's own mail (+tag, other case) with an order subject and a total: no parser."),
    "synthetic-receipt-future.html": entry(
        "inbox/18d3a1c0de000016", "conversation", "DEGRADED", ["window.future"],
        [receipt("purchase.made", "Fernhill Ceramics", 2200, "USD", "Your receipt from Fernhill Ceramics #1043-2307",
                 "2026-11-30T20:07:00.000Z")],
        [],
        "Dated 3:07 PM, after the 3:00 PM pass (a clock behind Google's): the row is evidence, no window."),
    "synthetic-receipt-generic-word-brand.html": entry(
        "inbox/18d3a1c0de000019", "conversation", "OK", [],
        [receipt("purchase.made", "Acme Tackle Shop", 3850, "USD", "Your order receipt", "2026-11-30T15:12:00.000Z")],
        [],
        "Generic: 'Acme Tackle' holds a registry brand token ('meta') only across a word: no brand."),
    "synthetic-receipt-generic-krone.html": entry(
        "inbox/18d3a1c0de00001a", "conversation", "OK", [],
        [receipt("purchase.made", "Bj\u00f8rn & Datter Keramik", 34900, "DKK", "Your order confirmation #2207",
                 "2026-11-29T21:40:00.000Z")],
        [],
        "Generic: a Danish name (o with a stroke) is plain Latin; 'kr 349,00 DKK': kr beside the code it stands for."),
    "synthetic-receipt-same-minute-generic.html": entry(
        "inbox/18d3a1c0de00001b", "conversation", "OK", [],
        [receipt("purchase.made", "Fernhill Ceramics", 3600, "USD",
                 "Your receipt from Fernhill Ceramics #1043-2330", "2026-11-28T16:05:00.000Z"),
         receipt("purchase.made", "Fernhill Ceramics", 7850, "USD",
                 "Your receipt from Fernhill Ceramics #1043-2330", "2026-11-28T16:05:00.000Z")],
        [],
        "A Stripe receipt and the shop's own receipt from orders@example.com (generic: 'receipt' in the subject, "
        "a plain Latin name, Total $78.50), both dated 11:05 AM: two rows, and no ping, since a platform receipt "
        "dated in the same minute as a generic one of the same pass posts none (spec 8.2, Coverage)."),
    "synthetic-receipt-no-account.html": without_account(entry(
        "inbox/18d3a1c0de00001c", "conversation", "OK", [],
        [receipt("purchase.made", "Fernhill Ceramics", 2700, "USD",
                 "Your receipt from Fernhill Ceramics #1043-2341", "2026-11-27T23:20:00.000Z")],
        [point("2026-11-27T23:20:00.000Z")],
        "No account in the banner: the Stripe receipt is read and its point posted (with no account hash, which "
        "grading caps); the shop's generic receipt at 6:45 PM is not read, since without an address the user's own "
        "message cannot be told apart (spec 8.2, Account).")),
    "synthetic-receipt-list-view.html": entry(
        "inbox", "inbox-list", "IDLE", ["no_conversation"], [], [],
        "The inbox list; a hidden earlier conversation with a receipt is never read."),
}


def merge() -> None:
    """Read-modify-write of the whole labels.json in one quick step: the synthetic-receipt-*
    entries are replaced, and every other page only has its gmail.receipt@ version token
    changed (both Gmail observers read every Gmail page); nothing else is touched."""
    path = OUT / "labels.json"
    raw = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for name in [n for n in raw if n.startswith("synthetic-receipt-")]:
        del raw[name]
    for entry_ in raw.values():
        tokens = [RECEIPT_VERSION if t.startswith("gmail.receipt@") else t
                  for t in entry_.get("selectorsVersion", "").split()]
        entry_["selectorsVersion"] = " ".join(sorted(tokens))
    raw.update(LABELS)
    atomic_write_json(path, dict(sorted(raw.items())))


if __name__ == "__main__":
    merge()
