"""gmail.receipt: an audit of 2026-12-02 (f), 70 conversation pages from §8.2 and REAL-PAGES.md.

A receipt forwarded into its own conversation by a person ("---------- Forwarded message ---------"), or quoted by
a reply the page draws whole (Outlook's "From: … Sent: … Subject:", which Gmail does not trim; Gmail's own "On …
wrote:" once the user expands it), was read by the generic parser as a purchase of its own: a second row, its
merchant the forwarder's name. §8.2 refuses "reply or forward" by a marker in the subject, but Gmail draws one subject
heading for the whole conversation (Known limits: "Each message is read under its own conversation's subject
heading"), so a reply or forward inside a conversation is told only by the header its body draws. The generic parser
now refuses a message that draws one (``generic.quotedMail``); a platform's receipt is read as before (machines send
them, never forward them). A review of the first cut (one pattern over the message's text as one line): a booking,
ticket, gift-card or fax receipt with "From:", "… Date:" and "Subject:" fields, a testimonial or an order note
"On … wrote:", a sender named "On Tap …" lost their rows, and Thunderbird's "-------- Forwarded Message --------" was
missed; the header is now read by whole lines. A second review found the loosened shapes still took a fax's, an e-invoice's,
a booking's or a review widget's own lines for a header, and missed Zoho, Horde, Lotus and `<pre>` quotes: each shape
now names what only a mail client writes (``generic.quotedMail``). A third review: a weekday read inside a word
("Sent: … from Montreal"), "You wrote" capitalised, an attribution naming a year alone, and a receipt copying the user's
own submission (an e-fax, a contact form, a gift card's giver: its From is the account's address) were refused; UK
Outlook's "Sent: 30 November 2026 09:41" (no weekday) was missed. An attribution names a date and a clock or a weekday;
a header block's From names someone else's address, and its Sent or Date line a clock.
"""

from __future__ import annotations

import pytest

from tests.fixture_builders.gmail_receipt_pages import esc, layout, line, msg, p, table
from tests.fixture_builders.gmail_shell import Classes, shown
from tests.gmail_receipt.test_page import page, stripe_msg

HEADERS = {
    "Gmail forward": ["---------- Forwarded message ---------", "From: Fernhill Ceramics <receipts@stripe.com>",
                      "Date: Mon, Nov 30, 2026 at 9:41 AM", "Subject: Your receipt from Fernhill Ceramics #1043-2291",
                      "To: <alex.morgan@example.net>"],
    "Apple forward": ["Begin forwarded message:", "From: Fernhill Ceramics <receipts@stripe.com>",
                      "Subject: Your receipt from Fernhill Ceramics #1043-2291"],
    "Outlook original": ["-----Original Message-----", "From: Fernhill Ceramics", "Sent: Monday, November 30, 2026 9:41 AM"],
    "Outlook header block": ["From: Fernhill Ceramics <receipts@stripe.com>", "Sent: Monday, November 30, 2026 9:41 AM",
                             "To: Alex Morgan <alex.morgan@example.net>",
                             "Subject: Your receipt from Fernhill Ceramics #1043-2291"],
    "Gmail reply attribution": ["On Mon, Nov 30, 2026 at 9:41 AM Fernhill Ceramics <receipts@stripe.com> wrote:"],
    "attribution with a date only": ["On Fri, 27 Nov 2026, Fernhill Ceramics wrote:"],
    "attribution wrapped": ["On Mon, Nov 30, 2026 at 9:41 AM Fernhill Ceramics", "<receipts@stripe.com> wrote:"],
    "Zoho reply": ["---- On Mon, 30 Nov 2026 09:41:00 -0500 Fernhill Ceramics <receipts@stripe.com> wrote ----"],
    "Horde quote": ["Quoting Fernhill Ceramics <receipts@stripe.com>:"],
    "Lotus attribution": ["Fernhill Ceramics <receipts@stripe.com> wrote on 11/30/2026 09:41:00 AM:"],
    "Zoho forward": ["============ Forwarded message ============", "From: Fernhill Ceramics <receipts@stripe.com>"],
    "Outlook, UK dates": ["From: Fernhill Ceramics <receipts@stripe.com>", "Sent: 30 November 2026 09:41",
                          "To: Alex Morgan", "Subject: Your receipt from Fernhill Ceramics #1043-2291"],
    "Outlook 2010": ["From: Fernhill Ceramics [mailto:receipts@stripe.com]", "Sent: 2026-11-30 09:41",
                     "Subject: Your receipt from Fernhill Ceramics #1043-2291"],
    "Outlook header drawn as a table": ["From:", "Fernhill Ceramics <receipts@stripe.com>", "Sent:",
                                        "Monday, November 30, 2026 9:41 AM", "Subject:", "Your receipt"],
    "a header's Date line, no separator": ["From: Fernhill Ceramics <receipts@stripe.com>",
                                           "Date: Mon, Nov 30, 2026 at 9:41 AM", "Subject: Your receipt",
                                           "To: <alex.morgan@example.net>"],
    "a sender whose name ends in you": ["On Nov 30, 2026, at 9:41 AM, Jean Mayou wrote:"],
    "Thunderbird forward": ["-------- Forwarded Message --------", "Subject:", "Your receipt from Fernhill Ceramics",
                            "Date:", "Mon, 30 Nov 2026 09:41:00 -0500", "From:", "Fernhill Ceramics <receipts@stripe.com>"],
}


def _body(intro: str, header_lines: list[str], total: str = "$48.00"):
    def build(c: Classes) -> str:
        header = "".join(f"{esc(text)}<br>" for text in header_lines)
        return (p(c, intro) + f'<div class="{c()}" {shown()}>{header}</div>'
                + layout(c, table(c, line(c, "Mug", total), line(c, "Total", total))))
    return build


def _forwarded(kind: str) -> str:
    forward = msg("Alex Morgan", "alex.morgan@example.net", "Mon, Nov 30, 2026", "10:15 AM", "18d3a1c0de000002",
                  _body("FYI, for the expense report.", HEADERS[kind]))
    return page(stripe_msg(), forward)


@pytest.mark.parametrize("kind", list(HEADERS))
def test_a_receipt_forwarded_or_quoted_into_its_conversation_is_no_second_purchase(run, kind: str) -> None:
    result = run(_forwarded(kind))
    assert result.health.status == "OK"
    assert [(o.fields["merchant"], o.fields["amountCents"]) for o in result.observations] == [("Fernhill Ceramics", 4800)]
    assert [w["windowStart"] for w in result.posted()["windows"]] == ["2026-11-30T14:41:00.000Z"]


@pytest.mark.parametrize("words", [
    ["Ships from: Portland, OR", "Sent to: Wren Halloway"],
    ["From: our kitchen to your table", "Subject to availability"],
    ["On sale this week: mugs and bowls", "Our potter wrote a note for you"],
    ["Date: Nov 30, 2026", "Sent: by courier"],
    # a booking's, a ticket's, a gift card's or a fax's own fields (a review of the first cut)
    ["From:", "4:00 PM", "To:", "5:00 PM", "Date:", "Thu, Dec 3, 2026", "Subject:", "Algebra II"],
    ["Ticket #", "20931", "From:", "Wren Halloway", "Date:", "Nov 30, 2026", "Subject:", "Cracked screen"],
    ["From:", "Wren Halloway", "To:", "Alex Morgan", "Delivery Date:", "Dec 1, 2026", "Subject:", "Happy birthday"],
    ["From:", "Wren Halloway", "Date Sent:", "Nov 30, 2026 10:12 AM", "Subject:", "Lease application"],
    ["Valid From: Dec 1, 2026", "Exam Date: Dec 14, 2026", "Subject: Biology"],
    ["On Google Reviews, Priya R. wrote: “Best sourdough in town.”"],
    ["On Mon, Nov 30, 2026 you wrote: Please leave the box at the back door."],
    ["On Friday we baked 200 loaves and our head baker wrote: thank you all"],
    ["On the go? Get our app.", "Reviews our customers wrote: 4.9 stars"],
    # a second review: a clock or a weekday only a mail client writes, an address, a reply not a shop's quote
    ["From:", "Wren Halloway", "To:", "(555) 010-2233", "Sent:", "Nov 30, 2026 10:12 AM", "Subject:", "Lease"],
    ["From: Kestrel Design Studio <billing@kestrel.example>", "Date: Nov 30, 2026", "Subject: Logo design"],
    ["From: 4:00 PM @ Main St Library", "Date: Thu, Dec 3, 2026, 4:00 PM", "Subject: Algebra II"],
    ["On Google Reviews (4.9 stars from 1,200 reviews), Priya R. wrote:", "Best sourdough in town."],
    ["On Nov 30, 2026 you wrote:", "Please leave the box at the back door."],
    ["On sale through Dec 5: 20% off all mugs", "Our potter Sam wrote:", "Enjoy!"],
    # a third review: a word that starts like a weekday, "You wrote" capitalised, a year with no clock or weekday,
    # and a copy of the user's own submission (its From is the account's address)
    ["From: Wren Halloway", "Sent: Nov 30, 2026 10:12 AM from Montreal, QC", "Subject: Greetings"],
    ["You wrote on Nov 30, 2026:", "Please leave the box at the back door."],
    ["On March 3, 2025, the Boston Globe wrote:", "The best sourdough in town."],
    ["Priya R. wrote on Nov 12, 2026:", "Lovely bread."],
    ["On Monday at 9:30 AM our team wrote:", "Thank you!"],
    ["From: wren.halloway@example.com", "To: (555) 010-2233", "Date: Mon, Nov 30, 2026 10:12 AM", "Subject: Lease"],
    ["From: Wren.Halloway+fax@example.com", "Sent: Monday, Nov 30, 2026 9:00 AM", "Subject: Happy birthday"],
    ["Quoting for wren.halloway@example.com:", "2 prints, framed"],
    # a code review: each of these stood for a rule no other case failed without
    ["On Nov 30, 2026, the Montreal office wrote:", "Thanks for coming in."],  # a weekday is a whole word
    ["From: orders@larkspur.example", *[f"Item {n}" for n in range(13)], "Date: Mon, Nov 30, 2026 10:12 AM",
     "Subject: Cake order"],  # a header's lines stand within 12 lines of its From
    ["On Mon, Nov 30, 2026 at 9:41 AM we baked your cake.", "Our baker Sam wrote:", "Enjoy!"],  # joined: no
    ["From: 'wren.halloway@example.com' <wren.halloway@example.com>", "Date: Mon, Nov 30, 2026 10:12 AM",
     "Subject: Lease"],  # the account's address in single quotes
])
def test_a_receipt_whose_own_words_look_like_header_labels_is_still_read(run, words: list[str]) -> None:
    shop = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "11:26 AM", "18d3a1c0de000001",
               _body("Thank you for your order!", words, "$41.04"))
    result = run(page(shop, subject="Your order confirmation #4821"))
    assert [(o.fields["merchant"], o.fields["amountCents"]) for o in result.observations] == [("Larkspur Bakery", 4104)]


def test_a_quote_kept_hidden_refuses_nothing(run) -> None:
    """Gmail trims a quote it recognises (drawn only when the user expands it): text the page does not draw says
    nothing, so the shop's own message above it is read."""
    def body(c: Classes) -> str:
        hidden = (f'<div class="{c()}" style="display:none">On Mon, Nov 30, 2026 at 9:00 AM Wren Halloway '
                  f'&lt;wren.halloway@example.com&gt; wrote:<br>Can I order the cake?</div>')
        return p(c, "Thank you for your order!") + layout(c, table(c, line(c, "Total", "$41.04"))) + hidden
    shop = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "11:26 AM", "18d3a1c0de000001", body)
    result = run(page(shop, subject="Your order confirmation #4821"))
    assert [o.fields["amountCents"] for o in result.observations] == [4104]


def test_a_sender_whose_name_starts_with_on_is_no_attribution(run) -> None:
    """The message's own header draws the sender's name on a line of its own ("On Tap Brewing")."""
    def body(c: Classes) -> str:
        return (p(c, "Thanks for stopping by! A note from our brewer, Sam, who wrote: Cheers") +
                layout(c, table(c, line(c, "Flight of four", "$16.00"), line(c, "Total", "$16.00"))))
    shop = msg("On Tap Brewing", "orders@example.com", "Mon, Nov 30, 2026", "11:26 AM", "18d3a1c0de000001", body)
    result = run(page(shop, subject="Your order receipt"))
    assert [(o.fields["merchant"], o.fields["amountCents"]) for o in result.observations] == [("On Tap Brewing", 1600)]


@pytest.mark.parametrize("style", ["pre", "pre-wrap"])
def test_a_forward_drawn_in_kept_white_space_is_read_by_its_lines(run, style: str) -> None:
    """A plain-text forward (``<pre>``, or a block whose style keeps white space): its newlines end its lines."""
    header = ("FYI\n---------- Forwarded message ---------\nFrom: Fernhill Ceramics <receipts@stripe.com>\n"
              "Date: Mon, Nov 30, 2026 at 9:41 AM\nSubject: Your receipt\n")

    def body(c: Classes) -> str:
        block = (f"<pre {shown()}>{header}</pre>" if style == "pre"
                 else f'<div style="display:block;visibility:visible;white-space:pre-wrap">{header}</div>')
        return block + layout(c, table(c, line(c, "Total", "$48.00")))
    forward = msg("Alex Morgan", "alex.morgan@example.net", "Mon, Nov 30, 2026", "10:15 AM", "18d3a1c0de000002", body)
    result = run(page(stripe_msg(), forward))
    assert [(o.fields["merchant"], o.fields["amountCents"]) for o in result.observations] == [("Fernhill Ceramics", 4800)]


# --- a fourth review: a label drawn empty, the account's address in quotes, a long token ----------------------

def test_a_label_drawn_empty_takes_no_value_from_the_label_after_it(run) -> None:
    """An e-card sent anonymously: "From:" empty, then "To: <address>": the To address is not the sender's."""
    words = ["From:", "To: alex.morgan@example.net", "Sent: Monday, Nov 30, 2026 9:00 AM", "Subject: Happy birthday"]
    shop = msg("Greetly Cards", "orders@example.com", "Mon, Nov 30, 2026", "11:26 AM", "18d3a1c0de000001",
               _body("Your e-card is on its way!", words, "$2.99"))
    result = run(page(shop, subject="Your order receipt"))
    assert [o.fields["amountCents"] for o in result.observations] == [299]


def test_the_accounts_address_written_in_quotes_is_still_the_account(run) -> None:
    words = ['From: "wren.halloway@example.com" <wren.halloway@example.com>', "Date: Mon, Nov 30, 2026 10:12 AM",
             "Subject: Lease application"]
    shop = msg("FaxDrop", "orders@example.com", "Mon, Nov 30, 2026", "11:26 AM", "18d3a1c0de000001",
               _body("Your fax was delivered.", words, "$1.99"))
    result = run(page(shop, subject="Your order receipt"))
    assert [o.fields["amountCents"] for o in result.observations] == [199]


_CHILD = """
import sys
from datetime import datetime, timezone
from observers.run import PassInput, run_pass
html = open(sys.argv[1], encoding="utf-8").read()
run_pass(html, "gmail.receipt", PassInput("https://mail.google.com/mail/u/0/#inbox/18d3a1c0de000001",
         "America/New_York", datetime(2026, 11, 30, 20, tzinfo=timezone.utc))).posted()
"""


def test_a_long_token_in_a_strangers_receipt_is_read_in_linear_time(tmp_path) -> None:
    """The address pattern was searched from every character of a token: a 100 kB token with no space took 21 s, a
    400 kB one minutes (a stranger's mail with an order subject reaches the reader). Bounded by processor time in a
    child process, as the sanitiser's traps are: a hang trap, not a speed target."""
    import resource
    import signal
    import subprocess
    import sys
    from pathlib import Path

    words = ["From: " + "x" * 400_000, "Sent: Monday, Nov 30, 2026 9:41 AM", "Subject: x", "y" * 400_000]
    shop = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "11:26 AM", "18d3a1c0de000001",
               _body("Thank you for your order!", words, "$41.04"))
    path = tmp_path / "page.html"
    path.write_text(page(shop, subject="Your order confirmation #4821"), encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", _CHILD, str(path)], cwd=root, timeout=300, capture_output=True,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CPU, (60, 65)))
    assert done.returncode != -signal.SIGXCPU, "over 60 s of processor time: a pattern rescans a long token"
    assert done.returncode == 0, done.stderr.decode()[-2000:]
