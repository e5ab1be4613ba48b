"""The synthetic Gmail conversation pages with receipts (gmail/2026-11-30/synthetic-receipt-*.html).

Run ``python -m tests.fixture_builders.gmail_receipt_pages`` to write them. Their labels are
written by hand, as literal values, in ``tests/fixture_builders/gmail_receipt_labels.py`` and
merged into labels.json by ``python -m tests.fixture_builders.gmail_receipt_labels``; never from
an observer's output.

Every page is read at 2026-11-30T20:00:00Z (3:00 PM in America/New_York, UTC-5 that day). The
mail imitates REAL-PAGES.md: Gmail's conversation shell (subject h2 with data-legacy-thread-id,
role=list of role=listitem messages with aria-expanded, the message key on an inner element,
sender span[email][name] then the bracketed address aria-hidden, the date span whose title is the
absolute time and whose text is "9:41 AM (5 hours ago)"), and receipt bodies in table layout:
nested tables, label cell then value cell, Stripe's label in a table of its own. Every name,
address, amount and number is invented; registry senders keep their real domains.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

from tests.fixture_builders.gmail_shell import HIDDEN, REPO, Classes, esc, page, seeded_block, shown

OUT = REPO / "fixtures/pages/gmail/2026-11-30"
NNBSP = "\u202f"
ME = "wren.halloway@example.com"
ACCOUNT_LABEL = f"Google Account: Wren Halloway\n({ME})"
MAIL = "https://mail.google.com/mail/u/0/"

Body = Callable[[Classes], str]


@dataclass
class Msg:
    name: str
    email: str
    title: str  # the date span's title (absolute)
    short: str  # the date span's text
    legacy_id: str
    body: Body | None = None
    expanded: bool = True
    snippet: str = ""
    decimal_id: str = "1781234567890123456"


@dataclass
class Conversation:
    name: str
    route: str  # the fragment after #
    subject: str
    thread_id: str
    messages: list[Msg]
    stale: str = ""  # a hidden earlier view (display:none ancestor)
    account_label: str | None = ACCOUNT_LABEL
    nav_selected: str = "inbox"


# --- the cells and tables receipts are made of ---------------------------------------------

def td(c: Classes, text: str, align: str = "left", extra: str = "") -> str:
    return f'<td class="{c()}" align="{align}" {shown("table-cell")}{extra}>{text}</td>'


def tr(c: Classes, *cells: str) -> str:
    return f'<tr class="{c(1)}" {shown("table-row")}>{"".join(cells)}</tr>'


def table(c: Classes, *rows: str, width: str = "100%") -> str:
    return (f'<table class="{c()}" role="presentation" width="{width}" cellpadding="0" cellspacing="0" '
            f'{shown("table")}><tbody {shown("table-row-group")}>{"".join(rows)}</tbody></table>')


def line(c: Classes, label: str, value: str) -> str:
    """A label cell and a value cell."""
    return tr(c, td(c, esc(label)), td(c, esc(value), "right"))


def layout(c: Classes, *inner: str) -> str:
    """The outer layout table every receipt mail wraps itself in (a row holding rows)."""
    return table(c, tr(c, td(c, "".join(inner))), width="600")


def p(c: Classes, text: str) -> str:
    return f'<p class="{c(1)}" {shown()}>{esc(text)}</p>'


# --- bodies ---------------------------------------------------------------------------------

def stripe_body(merchant: str, number: str, amount: str, items: list[tuple[str, str]]) -> Body:
    def build(c: Classes) -> str:
        def own_table_line(label: str, value: str) -> str:
            # Stripe: the label sits in a table of its own beside its amount: ["", label, "", amount, ""].
            return tr(c, td(c, ""), td(c, table(c, tr(c, td(c, esc(label))))), td(c, ""),
                      td(c, f'<strong {shown("inline")}>{esc(value)}</strong>', "right"), td(c, ""))
        summary = table(c, *[line(c, name, price) for name, price in items])
        return layout(
            c,
            table(c, tr(c, td(c, f'<span {shown("inline")}>Receipt from {esc(merchant)}</span>'))),
            table(c, tr(c, td(c, f"Receipt #{esc(number)}"))),
            table(c, own_table_line("Amount paid", amount),
                  own_table_line("Date paid", "Nov 30, 2026"),
                  own_table_line("Payment method", "Visa - 4242")),
            p(c, "Summary"),
            summary,
            table(c, own_table_line("Amount paid", amount)),
            p(c, f"If you have any questions, contact {merchant}."),
        )
    return build


def stripe_invoice_body(c: Classes) -> str:
    return layout(c, p(c, "Invoice from Fernhill Ceramics"),
                  table(c, line(c, "Amount due", "$120.00"), line(c, "Due date", "December 14, 2026")),
                  p(c, "Pay this invoice"))


def amazon_body(number: str, lines: list[tuple[str, str]]) -> Body:
    def build(c: Classes) -> str:
        return layout(
            c,
            f'<h2 class="{c(1)}" {shown()}>Order Confirmation</h2>',
            p(c, f"Order #{number}"),
            table(c, tr(c, td(c, "Linen throw blanket, Sage"), td(c, "$41.99", "right")),
                  tr(c, td(c, "Ceramic pour-over set"), td(c, "$19.98", "right"))),
            table(c, *[line(c, label, value) for label, value in lines]),
        )
    return build


def amazon_shipped_body(c: Classes) -> str:
    return layout(c, p(c, "Your package is on its way."), p(c, "Track your package"),
                  table(c, line(c, "Order Total:", "$67.08")))


def facebook_body(c: Classes) -> str:
    return layout(c, p(c, "Meta Pay"), p(c, "Thanks for your payment."),
                  table(c, line(c, "Paid to", "Willow Print Studio"), line(c, "Payment ID", "7730415529"),
                        line(c, "Total", "$25.00")))


def opentable_body(total: str) -> Body:
    def build(c: Classes) -> str:
        return layout(c, p(c, "Thanks for dining at Juniper Table"),
                      table(c, line(c, "Subtotal", "$84.00"), line(c, "Tax", "$7.46"), line(c, "Tip", "$16.80"),
                            line(c, "Total", total)))
    return build


def instacart_body(items: list[tuple[str, str]], total: str) -> Body:
    def build(c: Classes) -> str:
        # The mail's own list markup carries role=listitem and aria-expanded: part of the message.
        entries = "".join(
            f'<li class="{c(1)}" role="listitem" aria-expanded="true" {shown("list-item")}>'
            f'<span {shown("inline")}>{esc(n)}</span> <span {shown("inline")}>{esc(v)}</span></li>'
            for n, v in items)
        return layout(c, p(c, "Your order from Greenway Market"),
                      f'<ul class="{c()}" role="list" {shown()}>{entries}</ul>',
                      table(c, line(c, "Items Subtotal", "$38.40"), line(c, "Service fee", "$3.20"),
                            line(c, "Order Total", total)))
    return build


def uber_receipt_body(c: Classes) -> str:
    return layout(c, p(c, "Thanks for riding, Wren"),
                  table(c, tr(c, td(c, "<strong>Total</strong>"), td(c, "<strong>$23.45</strong>", "right"))),
                  table(c, line(c, "Trip fare", "$19.10"), line(c, "Booking fee", "$2.35"),
                        line(c, "Tolls, surcharges and fees", "$2.00")),
                  p(c, "Payments: Visa ••••4242"))


def uber_charge_summary_body(c: Classes) -> str:
    return layout(c, p(c, "Here's your charge summary. This is not a payment receipt."),
                  table(c, tr(c, td(c, "Total"), td(c, "$23.45", "right"))))


def shopify_body(total: str) -> Body:
    def build(c: Classes) -> str:
        return layout(
            c, p(c, "Thank you for your purchase!"),
            table(c, line(c, "Beeswax pillar candle × 2", "$36.00"), line(c, "Cedar wick trimmer", "$16.00")),
            table(c, line(c, "Subtotal", "$52.00"), line(c, "Shipping", "$6.50"), line(c, "Taxes", "$4.68")),
            table(c, tr(c, td(c, "<strong>Total</strong>"), td(c, f'<strong {shown("inline")}>{esc(total)}</strong>', "right"))),
        )
    return build


def in_own_main(body: Body) -> Body:
    """A body wrapped in a ``role="main"`` of the mail's own (accessible mail templates do it)."""
    def build(c: Classes) -> str:
        return f'<div role="main" {shown("block")}>{body(c)}</div>'
    return build


def shopify_rupee_body(c: Classes) -> str:
    return layout(c, p(c, "Thank you for your purchase!"),
                  table(c, line(c, "Subtotal", "Rs. 2,100.00"), line(c, "Shipping", "Rs. 250.00")),
                  table(c, tr(c, td(c, "Total"), td(c, "Rs. 2,350.00", "right"))))


def shopify_promo_body(c: Classes) -> str:
    return layout(c, p(c, "Everything is 30% off until Sunday."),
                  table(c, line(c, "Beeswax pillar candle", "$18.00"), line(c, "Now", "$12.60")))


def generic_table_body(lines: list[tuple[str, str]], intro: str = "Thank you for your order!") -> Body:
    def build(c: Classes) -> str:
        return layout(c, p(c, intro), table(c, *[line(c, a, b) for a, b in lines]),
                      p(c, "Ordered on November 30, 2026 at 10:02 AM"))
    return build


def generic_paragraph_body(c: Classes) -> str:
    return (f'<div class="{c()}" {shown()}>{p(c, "Merci! Thank you for visiting.")}'
            f'<p class="{c(1)}" {shown()}><b {shown("inline")}>Total:</b> 18,90 €</p>'
            f'{p(c, "2 croissants, 1 café crème")}</div>')


# --- the conversation view ------------------------------------------------------------------

def message_html(c: Classes, m: Msg) -> str:
    sender = (f'<h3 class="{c()}" {shown()}><span class="{c(1)}" {shown("inline")}>'
              f'<span class="{c(1)}" email="{esc(m.email)}" name="{esc(m.name)}" data-hovercard-id="{esc(m.email)}" {shown("inline")}>{esc(m.name)}</span> '
              f'<span class="{c(1)}" aria-hidden="true" {shown("inline")}>&lt;{esc(m.email)}&gt;</span></span></h3>')
    date = (f'<span class="{c(1)}" title="{esc(m.title)}" aria-label="{esc(m.title)}" role="gridcell" tabindex="-1" '
            f'{shown("inline")}>{esc(m.short)}</span>')
    key = f'data-message-id="#msg-f:{m.decimal_id}" data-legacy-message-id="{m.legacy_id}"'
    if not m.expanded:
        inner = (f'<div class="{c()}" {key} {shown()}><table class="{c()}" {shown("table")}><tbody>'
                 f'<tr {shown("table-row")}><td {shown("table-cell")}>{sender}</td><td {shown("table-cell")}>{date}</td></tr>'
                 f'<tr {shown("table-row")}><td colspan="2" {shown("table-cell")}><span class="{c(1)}" {shown("inline")}>{esc(m.snippet)}</span></td></tr>'
                 f'</tbody></table></div>')
        return f'<div class="{c()}" role="listitem" aria-expanded="false" tabindex="-1" {shown()}>{inner}</div>'
    recipients = (f'<div class="{c()}" {shown()}><span {shown("inline")}>to </span>'
                  f'<span class="{c(1)}" email="{ME}" name="me" {shown("inline")}>me</span></div>')
    header = (f'<table class="{c()}" role="presentation" {shown("table")}><tbody>'
              f'<tr {shown("table-row")}><td class="{c(1)}" {shown("table-cell")}>{sender}{recipients}</td>'
              f'<td class="{c(1)}" {shown("table-cell")}>{date}</td>'
              f'<td class="{c(1)}" {shown("table-cell")}><div role="button" aria-label="Reply" data-tooltip="Reply" {shown("inline-block")}></div></td></tr>'
              f'</tbody></table>')
    body = m.body(c) if m.body else ""
    inner = (f'<div class="{c()}" {key} {shown()}>{header}'
             f'<div class="{c()}" {shown()}><div class="{c()}" dir="ltr" {shown()}>{body}</div></div></div>')
    return f'<div class="{c()}" role="listitem" aria-expanded="true" tabindex="-1" {shown()}>{inner}</div>'


def conversation_main(c: Classes, conv: Conversation, seeded: bool = True) -> str:
    heading = (f'<div class="{c()}" {shown()}><h2 class="{c()}" data-thread-perm-id="thread-f:1781234567890123456" '
               f'data-legacy-thread-id="{conv.thread_id}" tabindex="-1" {shown()}>{esc(conv.subject)}</h2></div>')
    messages = "".join(message_html(c, m) for m in conv.messages)
    return (f'<div class="{c()}" role="main" {shown()}>{heading}'
            f'<div class="{c()}" role="list" {shown()}>{messages}</div>{seeded_block(c) if seeded else ""}</div>')


def stale_inbox(c: Classes, subjects: list[str]) -> str:
    """An earlier view Gmail keeps in the page, hidden by an ancestor."""
    rows = "".join(
        f'<tr class="{c()}" role="row" {shown("table-row")}><td role="gridcell" {shown("table-cell")}>'
        f'<span data-legacy-thread-id="18d3a1c0de00ff{i:02x}" {shown("inline")}>{esc(s)}</span></td></tr>'
        for i, s in enumerate(subjects))
    return (f'<div class="{c()}" {HIDDEN}><div class="{c()}" role="main" {shown()}>'
            f'<table class="{c()}" role="grid" {shown("table")}><tbody>{rows}</tbody></table></div></div>')


def stale_conversation(c: Classes) -> str:
    """A hidden earlier conversation holding a receipt: never read."""
    old = Conversation("", "", "Your receipt from Old Mill Tea #5501-2200", "18d3a1c0de00fe01", [
        Msg("Old Mill Tea", "receipts+acct_9Zq4Example@stripe.com", f"Mon, Nov 30, 2026, 8:02{NNBSP}AM",
            f"8:02{NNBSP}AM (6 hours ago)", "18d3a1c0de00fe01",
            stripe_body("Old Mill Tea", "5501-2200", "$14.00", [("Sencha, 100 g", "$14.00")]))])
    return f'<div class="{c()}" {HIDDEN}>{conversation_main(c, old, seeded=False)}</div>'


def build_conversation(conv: Conversation) -> str:
    c = Classes(conv.name)
    stale = conv.stale
    if stale == "inbox":
        views = stale_inbox(c, ["Weekend plans", conv.subject]) + conversation_main(c, conv)
    elif stale == "conversation":
        views = stale_conversation(c) + conversation_main(c, conv)
    else:
        views = conversation_main(c, conv)
    return page(c, title=f"{conv.subject} - {ME} - Gmail", account_label=conv.account_label,
                nav_selected=conv.nav_selected, views=views)


def build_list_view(name: str) -> str:
    c = Classes(name)
    rows = "".join(
        f'<tr class="{c()}" role="row" tabindex="-1" {shown("table-row")}>'
        f'<td class="{c()}" role="gridcell" {shown("table-cell")}><span class="{c(1)}" email="receipts+acct_1Hq2Example@stripe.com" name="Fernhill Ceramics" {shown("inline")}>Fernhill Ceramics</span></td>'
        f'<td class="{c()}" role="gridcell" {shown("table-cell")}><span data-thread-id="#thread-f:178123456789012345{i}" data-legacy-thread-id="18d3a1c0de00a0{i:02x}" '
        f'data-legacy-last-message-id="18d3a1c0de00a0{i:02x}" {shown("inline")}>{esc(s)}</span>'
        f'<span class="{c(1)}" {shown("inline")}> - Amount paid $48.00</span></td>'
        f'<td class="{c()}" role="gridcell" {shown("table-cell")}><span title="{esc(t)}" aria-label="{esc(t)}" {shown("inline")}>{esc(short)}</span></td></tr>'
        for i, (s, t, short) in enumerate([
            ("Your receipt from Fernhill Ceramics #1043-2291", f"Mon, Nov 30, 2026, 9:41{NNBSP}AM", f"9:41{NNBSP}AM"),
            ("Order #1047 confirmed", f"Wed, Nov 25, 2026, 10:02{NNBSP}AM", "Nov 25"),
        ]))
    main = (f'<div class="{c()}" role="main" {shown()}><table class="{c()}" role="grid" {shown("table")}>'
            f'<tbody>{rows}</tbody></table>{seeded_block(c)}</div>')
    return page(c, title=f"Inbox (2) - {ME} - Gmail", account_label=ACCOUNT_LABEL, nav_selected="inbox",
                views=stale_conversation(c) + main)


def t(day: str, clock: str) -> tuple[str, str]:
    """(title, text) of a date span: 'Mon, Nov 30, 2026' and '9:41 AM' → Gmail's two forms."""
    time_text = clock.replace(" ", NNBSP)
    short = f"{time_text} (earlier today)" if day.startswith("Mon, Nov 30") else f"{day[5:11]}, {time_text}"
    return f"{day}, {time_text}", short


def msg(name: str, email: str, day: str, clock: str, legacy_id: str, body: Body | None, **kw: object) -> Msg:
    title, short = t(day, clock)
    return Msg(name, email, title, short, legacy_id, body, **kw)  # type: ignore[arg-type]


STRIPE = "receipts+acct_1Hq2Example@stripe.com"
SHOPIFY = "store+58213907@t.shopifyemail.com"
AMAZON = "auto-confirm@amazon.com"
UBER = "noreply@uber.com"
INSTACART = "orders@instacart.com"

PAGES: list[Conversation] = [
    Conversation("synthetic-receipt-stripe", "inbox/18d3a1c0de000001", "Your receipt from Fernhill Ceramics #1043-2291",
                 "18d3a1c0de000001", [
                     msg("Fernhill Ceramics", STRIPE, "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000001",
                         stripe_body("Fernhill Ceramics", "1043-2291", "$48.00",
                                     [("Glazed mug × 2", "$44.00"), ("Shipping", "$4.00")]))],
                 stale="conversation"),
    Conversation("synthetic-receipt-amazon", "inbox/18d3a1c0de000002", "Your Amazon.com order #112-4829301-5520147",
                 "18d3a1c0de000002", [
                     msg("Amazon.com", AMAZON, "Sun, Nov 29, 2026", "6:12 PM", "18d3a1c0de000002",
                         amazon_body("112-4829301-5520147", [("Item Subtotal:", "$61.97"), ("Shipping & Handling:", "$0.00"),
                                                              ("Estimated tax:", "$5.11"), ("Order Total:", "$67.08")]))],
                 stale="inbox"),
    Conversation("synthetic-receipt-facebook", "inbox/18d3a1c0de000003", "Your Meta Pay receipt", "18d3a1c0de000003", [
        msg("Meta Pay", "no-reply@facebookmail.com", "Fri, Nov 27, 2026", "11:05 AM", "18d3a1c0de000003", facebook_body)]),
    Conversation("synthetic-receipt-opentable", "inbox/18d3a1c0de000004", "Your receipt from Juniper Table",
                 "18d3a1c0de000004", [
                     msg("OpenTable", "receipts@opentable.com", "Sat, Nov 28, 2026", "9:58 PM", "18d3a1c0de000004",
                         opentable_body("$108.26"))]),
    Conversation("synthetic-receipt-instacart", "inbox/18d3a1c0de000005", "Your Instacart order receipt",
                 "18d3a1c0de000005", [
                     msg("Instacart", INSTACART, "Thu, Nov 26, 2026", "4:20 PM", "18d3a1c0de000005",
                         instacart_body([("Bananas, 2 lb", "$1.99"), ("Oat milk, 64 oz", "$4.49"),
                                         ("Sourdough loaf", "$6.50")], "$41.60"))]),
    Conversation("synthetic-receipt-uber", "inbox/18d3a1c0de000006", "Your Sunday evening trip with Uber",
                 "18d3a1c0de000006", [
                     msg("Uber", UBER, "Sun, Nov 29, 2026", "7:48 PM", "18d3a1c0de000061", uber_charge_summary_body),
                     msg("Uber Receipts", UBER, "Sun, Nov 29, 2026", "8:31 PM", "18d3a1c0de000062", uber_receipt_body)]),
    Conversation("synthetic-receipt-shopify", "inbox/18d3a1c0de000007", "Order #1047 confirmed", "18d3a1c0de000007", [
        msg("Tidewater Candle Co.", SHOPIFY, "Wed, Nov 25, 2026", "10:02 AM", "18d3a1c0de000007", shopify_body("$63.18 USD"))]),
    Conversation("synthetic-receipt-amazon-shipped", "inbox/18d3a1c0de000008",
                 'Your Amazon.com order of "Linen throw blanket" has shipped!', "18d3a1c0de000008", [
                     msg("Amazon.com", "shipment-tracking@amazon.com", "Mon, Nov 30, 2026", "6:40 AM", "18d3a1c0de000008",
                         amazon_shipped_body)]),
    Conversation("synthetic-receipt-shopify-promo", "inbox/18d3a1c0de000009", "Last chance: 30% off everything",
                 "18d3a1c0de000009", [
                     msg("Tidewater Candle Co.", SHOPIFY, "Sat, Nov 28, 2026", "8:00 AM", "18d3a1c0de000009", shopify_promo_body)]),
    Conversation("synthetic-receipt-stripe-invoice", "inbox/18d3a1c0de00000a", "Your invoice from Fernhill Ceramics #2210-0087",
                 "18d3a1c0de00000a", [
                     msg("Fernhill Ceramics", "invoice+statements+acct_1Hq2Example@stripe.com", "Fri, Nov 27, 2026", "2:15 PM",
                         "18d3a1c0de00000a", stripe_invoice_body)]),
    Conversation("synthetic-receipt-two-in-thread", "inbox/18d3a1c0de00000b", "Your Instacart order receipt",
                 "18d3a1c0de00000b", [
                     msg("Instacart", INSTACART, "Tue, Nov 24, 2026", "5:07 PM", "18d3a1c0de0000b1",
                         instacart_body([("Eggs, dozen", "$5.29"), ("Butter", "$4.99")], "$27.35")),
                     msg("Instacart", INSTACART, "Tue, Nov 24, 2026", "5:07 PM", "18d3a1c0de0000b2",
                         instacart_body([("Basil", "$2.49")], "$12.80"))]),
    Conversation("synthetic-receipt-collapsed", "inbox/18d3a1c0de00000c", "Order Confirmation", "18d3a1c0de00000c", [
        msg("Amazon.com", AMAZON, "Mon, Nov 23, 2026", "8:00 AM", "18d3a1c0de0000c1", None, expanded=False,
            snippet="Order Confirmation Order #113-0042917-3381265 Order Total: $22.00"),
        msg("Amazon.com", AMAZON, "Mon, Nov 30, 2026", "7:30 AM", "18d3a1c0de0000c2",
            amazon_body("113-5520981-0047712", [("Item Subtotal:", "$14.99"), ("Estimated tax:", "$1.00"),
                                                ("Order Total:", "$15.99")]))]),
    Conversation("synthetic-receipt-generic-accepted", "inbox/18d3a1c0de00000d", "Your order confirmation #4821",
                 "18d3a1c0de00000d", [
                     msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "11:26 AM", "18d3a1c0de00000d",
                         generic_table_body([("Subtotal", "$38.00"), ("Tax", "$3.04"), ("Total", "$41.04")]))],
                 stale="inbox"),
    Conversation("synthetic-receipt-generic-euro", "inbox/18d3a1c0de00000e", "Receipt for your visit",
                 "18d3a1c0de00000e", [
                     msg("Café Lumière", "hello@example.org", "Tue, Nov 24, 2026", "9:03 AM", "18d3a1c0de00000e",
                         generic_paragraph_body)]),
    Conversation("synthetic-receipt-generic-lookalike", "inbox/18d3a1c0de00000f", "Your order confirmation",
                 "18d3a1c0de00000f", [
                     msg("\u0410mazon", "orders@example.net", "Sun, Nov 29, 2026", "1:14 PM", "18d3a1c0de00000f",
                         generic_table_body([("Subtotal", "$89.99"), ("Total", "$89.99")]))]),
    Conversation("synthetic-receipt-generic-reply", "inbox/18d3a1c0de000010", "Re: Your order confirmation #4821",
                 "18d3a1c0de000010", [
                     msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "12:02 PM", "18d3a1c0de000010",
                         generic_table_body([("Total", "$41.04")], "Yes, the cake will be ready at noon."))]),
    Conversation("synthetic-receipt-generic-cart", "inbox/18d3a1c0de000011", "You left something in your cart",
                 "18d3a1c0de000011", [
                     msg("Marlow Outfitters", "orders@example.net", "Sat, Nov 28, 2026", "3:33 PM", "18d3a1c0de000011",
                         generic_table_body([("Waxed canvas tote", "$129.00"), ("Total", "$129.00")], "Still thinking it over?"))]),
    Conversation("synthetic-receipt-generic-refund", "inbox/18d3a1c0de000012", "Refund for order #7731",
                 "18d3a1c0de000012", [
                     msg("Marlow Outfitters", "orders@example.net", "Fri, Nov 27, 2026", "9:20 AM", "18d3a1c0de000012",
                         generic_table_body([("Total", "$45.00")], "Your refund is on its way."))]),
    Conversation("synthetic-receipt-generic-rupee", "inbox/18d3a1c0de000013", "Order confirmation #5519",
                 "18d3a1c0de000013", [
                     msg("Saffron Lane", "orders@example.org", "Thu, Nov 26, 2026", "10:45 AM", "18d3a1c0de000013",
                         generic_table_body([("Subtotal", "Rs. 1,349.00"), ("Shipping", "Rs. 150.00"),
                                             ("Total", "Rs. 1,499.00")]))]),
    Conversation("synthetic-receipt-shopify-rupee", "inbox/18d3a1c0de000014", "Order #2291 confirmed",
                 "18d3a1c0de000014", [
                     msg("Indigo Loom", "store+77120455@t.shopifyemail.com", "Wed, Nov 25, 2026", "7:55 PM",
                         "18d3a1c0de000014", shopify_rupee_body)]),
    Conversation("synthetic-receipt-own-mail", "sent/18d3a1c0de000015", "Order confirmation for the bake sale",
                 "18d3a1c0de000015", [
                     msg("Wren Halloway", "Wren.Halloway+shop@example.com", "Mon, Nov 30, 2026", "1:10 PM",
                         "18d3a1c0de000015", generic_table_body([("Lemon bars", "$24.00"), ("Total", "$60.00")],
                                                                "Here is what everyone ordered."))],
                 nav_selected="sent"),
    Conversation("synthetic-receipt-future", "inbox/18d3a1c0de000016", "Your receipt from Fernhill Ceramics #1043-2307",
                 "18d3a1c0de000016", [
                     msg("Fernhill Ceramics", STRIPE, "Mon, Nov 30, 2026", "3:07 PM", "18d3a1c0de000016",
                         stripe_body("Fernhill Ceramics", "1043-2307", "$22.00", [("Bud vase", "$22.00")]))]),
    Conversation("synthetic-receipt-body-main", "inbox/18d3a1c0de000017", "Order #1052 confirmed", "18d3a1c0de000017", [
        msg("Tidewater Candle Co.", SHOPIFY, "Tue, Nov 24, 2026", "3:12 PM", "18d3a1c0de000017",
            in_own_main(shopify_body("$63.18 USD")))]),
    Conversation("synthetic-receipt-generic-no-subject", "inbox/18d3a1c0de000018", "(no subject)", "18d3a1c0de000018", [
        msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "10:15 AM", "18d3a1c0de000018",
            generic_table_body([("Subtotal", "$18.00"), ("Total", "$18.00")]))]),
    # a shop whose name and domain hold a registry brand token only across a word ("acme tackle": "meta")
    Conversation("synthetic-receipt-generic-word-brand", "inbox/18d3a1c0de000019", "Your order receipt",
                 "18d3a1c0de000019", [
                     msg("Acme Tackle Shop", "orders@example.com", "Mon, Nov 30, 2026", "10:12 AM",
                         "18d3a1c0de000019",
                         generic_table_body([("Subtotal", "$35.00"), ("Tax", "$3.50"), ("Total", "$38.50")]))]),
    # a Danish name (o with a stroke) and a total in kr beside the code it stands for
    Conversation("synthetic-receipt-generic-krone", "inbox/18d3a1c0de00001a", "Your order confirmation #2207",
                 "18d3a1c0de00001a", [
                     msg("Bj\u00f8rn & Datter Keramik", "ordre@example.net", "Sun, Nov 29, 2026", "4:40 PM",
                         "18d3a1c0de00001a",
                         generic_table_body([("Subtotal", "kr 299,00 DKK"), ("Shipping", "kr 50,00 DKK"),
                                             ("Total", "kr 349,00 DKK")]))]),
    # a platform receipt and a stranger's generic one dated in the same minute: both rows, no ping
    Conversation("synthetic-receipt-same-minute-generic", "inbox/18d3a1c0de00001b",
                 "Your receipt from Fernhill Ceramics #1043-2330", "18d3a1c0de00001b", [
                     msg("Fernhill Ceramics", STRIPE, "Sat, Nov 28, 2026", "11:05 AM", "18d3a1c0de0001b1",
                         stripe_body("Fernhill Ceramics", "1043-2330", "$36.00", [("Deposit, planter", "$36.00")])),
                     msg("Fernhill Ceramics", "orders@example.com", "Sat, Nov 28, 2026", "11:05 AM", "18d3a1c0de0001b2",
                         generic_table_body([("Planter", "$72.00"), ("Shipping", "$6.50"), ("Total", "$78.50")]))]),
    # no account on the page: the platform receipt is read and pinged, the generic one is not read
    Conversation("synthetic-receipt-no-account", "inbox/18d3a1c0de00001c",
                 "Your receipt from Fernhill Ceramics #1043-2341", "18d3a1c0de00001c", [
                     msg("Fernhill Ceramics", STRIPE, "Fri, Nov 27, 2026", "6:20 PM", "18d3a1c0de0001c1",
                         stripe_body("Fernhill Ceramics", "1043-2341", "$27.00", [("Small bowl", "$27.00")])),
                     msg("Fernhill Ceramics", "orders@example.com", "Fri, Nov 27, 2026", "6:45 PM", "18d3a1c0de0001c2",
                         generic_table_body([("Small bowl", "$27.00"), ("Total", "$27.00")]))],
                 account_label=None),
]


def write_all(only: list[str] | None = None) -> list[str]:
    written = []
    for conv in PAGES:
        if only and conv.name not in only:
            continue
        (OUT / f"{conv.name}.html").write_text(build_conversation(conv), encoding="utf-8")
        written.append(conv.name)
    if not only or "synthetic-receipt-list-view" in only:
        (OUT / "synthetic-receipt-list-view.html").write_text(build_list_view("synthetic-receipt-list-view"),
                                                              encoding="utf-8")
        written.append("synthetic-receipt-list-view")
    return written


if __name__ == "__main__":
    print("\n".join(write_all(sys.argv[1:] or None)))
