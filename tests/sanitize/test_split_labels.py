"""An order number or code whose label and value inline markup parts (spec §6.2: "a pattern sees one
text at a time, and receipts put the words in one element and the value in the next"): a label ending
one text names the next text's first words, and a labelled value a highlight cuts is read whole. The
texts are parted only by plain inline elements (``split_values``); a block or an element an observer
reads still parts them. Invented values only."""

from __future__ import annotations

import re

import pytest
from selectolax.lexbor import LexborHTMLParser

from sanitize.faker import Faker
from sanitize.pipeline import Options, SanitizeResult
from sanitize.pipeline import clean as pipeline_clean
from sanitize.receipt_labels import inline_label_ends

from .conftest import KEY, clean

ORDER = "112-4567890-1234567"
ORDER_PARTS = ORDER.split("-")


def _text(html: str) -> str:
    return LexborHTMLParser(f"<body>{html}</body>").body.text(deep=True)


def _order_shaped(text: str) -> list[str]:
    return re.findall(r"\d{3}-\d{7}-\d{7}", text)


def _first_pass_settled(page: str) -> SanitizeResult:
    """The first pass over ``page``, checked to be the fixed point a second pass (same faker) finds."""
    faker = Faker(KEY)
    opts = Options(page_host="mail.google.com")
    first = pipeline_clean(page, faker, opts)
    faker.own_output = True
    assert pipeline_clean(first.html, faker, opts).html == first.html
    return first


@pytest.mark.parametrize(
    "markup",
    [
        "<p>Thanks for your order <strong>W12345678</strong>.</p>",
        "<p>Hi Ada, your confirmation code is <b>QX4T9Z7</b> today</p>",
        "<p>Receipt 14 for your order <span class=hl>W12345678</span> shipped</p>",
        "<p>Thanks for your order <a href='#o'><b>W12345678</b></a>.</p>",  # nested inline elements
    ],
)
def test_a_label_ending_one_text_names_the_next_texts_first_words(markup):
    out = clean(markup)
    text = _text(out)
    for value in ("W12345678", "QX4T9Z7"):
        assert value not in text
    assert text.split()[:2] == _text(markup).split()[:2]  # the label's words stay


def test_the_next_text_gives_only_the_tokens_the_label_still_names():
    """The inline rule reads a label's next two tokens: "code is" took one, so the next text gives one."""
    text = _text(clean("<p>Hi, your code is <b>QX4T9Z7 and 8HQ2PL4</b></p>"))
    assert "QX4T9Z7" not in text and "8HQ2PL4" in text


@pytest.mark.parametrize(
    "markup",
    [
        "<p>Thanks for your order</p><p>W12345678</p>",  # a block parts them
        "<p>Thanks for your order <span role=link>W12345678</span></p>",  # an element an observer reads
        "<p>Thanks for your order <span data-id=x>W12345678</span></p>",
        "<p>Thanks for your order <span style='display:block'>W12345678</span></p>",
        "<p>Thanks for your order<br>W12345678</p>",
        "<p>Your order has shipped <b>W12345678</b></p>",  # the label's window closed in its own text
    ],
)
def test_a_label_does_not_reach_past_a_part_or_its_window(markup):
    assert "W12345678" in _text(clean(markup))


@pytest.mark.parametrize(
    "markup",
    [
        f"<p>Order #{ORDER_PARTS[0]}-<b>{ORDER_PARTS[1]}</b>-{ORDER_PARTS[2]} is on its way</p>",
        f"<p>Your order {ORDER_PARTS[0]}-<b>{ORDER_PARTS[1]}</b>-{ORDER_PARTS[2]}</p>",
        f"<p>Order #<b>{ORDER_PARTS[0]}</b>-{ORDER_PARTS[1]}-{ORDER_PARTS[2]}</p>",
        f"<p>Order number: {ORDER_PARTS[0]}-{ORDER_PARTS[1]}-<b>{ORDER_PARTS[2]}</b></p>",
        f"<p>Thanks for your order <b>{ORDER}</b></p>",
        f"<p>Order #{ORDER_PARTS[0]}-45<b>67</b>890-{ORDER_PARTS[2]}</p>",  # digits on both sides of an edge
    ],
)
def test_a_labelled_order_number_cut_by_a_highlight_is_faked_whole(markup):
    out = clean(markup)
    text = _text(out)
    for part in ORDER_PARTS:
        assert part not in text, part
    assert len(text) == len(_text(markup))  # moved and faked in its shape: no character lost
    assert text.startswith(_text(markup)[:5])


def test_the_split_order_number_gets_the_fake_it_gets_whole_and_everywhere():
    out = _text(clean(f"<p>Order #{ORDER}</p><div>Order #{ORDER_PARTS[0]}-<b>{ORDER_PARTS[1]}</b>-{ORDER_PARTS[2]}</div>"
                      f"<div>ref {ORDER}</div>"))
    fakes = _order_shaped(out)
    assert len(fakes) == 3 and len(set(fakes)) == 1 and ORDER not in fakes


def test_an_amount_drawn_apart_after_an_order_label_is_not_read_as_an_id():
    """"$41<small>04</small>": raised or smaller cents are two numbers to the receipt observer; the label
    route must not take the digits as one labelled id and move them together."""
    out = clean("<p>Order total: $41<small>04</small></p>")
    assert re.search(r"\$\d\d<small>\d\d</small>", out), out
    for markup in ("<p>Order total: 41<small>04</small></p>", "<p>Order total <b>41</b><small>04</small></p>"):
        assert re.search(r"41(?:</b>)?<small>04</small>", clean(markup)), markup  # no currency: no amount either


def test_split_labels_settle_in_the_first_pass():
    """The first pass's output is already the fixed point the second pass (same faker) must find."""
    page = ("<html><body><div role=main>"
            "<p>Thanks for your order <strong>W12345678</strong>.</p>"
            f"<p>Order #{ORDER_PARTS[0]}-<b>{ORDER_PARTS[1]}</b>-{ORDER_PARTS[2]} is on its way</p>"
            "</div></body></html>")
    first = _first_pass_settled(page)
    assert first.counts.get("labelled-id", 0) == 2


def test_a_label_word_inside_an_address_is_no_label():
    """A receipt sender's address keeps "order" in its fake (the receipt parser's trigger): read as a label
    it named the next words only in the pass that read the fake, and the first pass was no fixed point."""
    assert inline_label_ends("order.wyn@quillmarsh.io 48213377") == []
    assert inline_label_ends("wyn@quillmarsh.order 48213377") == []
    assert inline_label_ends("wyn@quillmarsh.io order 48213377") == [len("wyn@quillmarsh.io order ")]
    page = "<html><body><p>from order.wyn@<b>quillmarsh</b>.io<span class=hl> #4821</span></p></body></html>"
    first = _first_pass_settled(page)
    assert "#4821" in first.html and "order." in first.html


# -- names a highlight cuts (a Gmail search for a person draws the matched word in an element of its own)

NAME_PAGES = [
    "<p>Hi Ada <b>Quorn</b>, thanks</p>",
    "<p>Hi <b>Ada</b> Quorn, thanks</p>",
    "<p>Hi <span class=hl>Ada Quo</span>rn, thanks</p>",
    "<p>Hi Ad<b>a</b> Quorn, thanks</p>",  # the edge inside the name's first word
]


@pytest.mark.parametrize("markup", NAME_PAGES)
def test_a_given_name_cut_by_inline_markup_is_faked_whole(markup):
    text = _text(clean(markup, names=["Ada Quorn"]))
    whole = _text(clean("<p>Hi Ada Quorn, thanks</p>", names=["Ada Quorn"]))
    assert "Ada" not in text and "Quorn" not in text
    assert text == whole  # one name, one fake, moved whole into the piece where it starts


@pytest.mark.parametrize("markup", NAME_PAGES)
def test_a_name_learned_beside_an_address_is_faked_where_a_highlight_cuts_it(markup):
    for carrier in ('<span email="ada.quorn@corp-mail.io" name="Ada Quorn">Ada Quorn</span>',
                    "<p>From: Ada Quorn &lt;ada.quorn@corp-mail.io&gt;</p>"):
        text = _text(clean(carrier + markup))
        assert "Ada" not in text and "Quorn" not in text, (carrier, text)


def test_a_name_cut_by_a_part_or_an_observed_element_is_read_as_before():
    """Only plain inline elements join texts: a learned name's words in two cells, or in an element an
    observer reads, are two texts (a learned name does not cover a lone word, spec §6.4)."""
    for markup in ("<table><tr><td>Ada</td><td>Quorn</td></tr></table>", "<p>Ada <span role=link>Quorn</span></p>"):
        text = _text(clean('<span email="ada.quorn@corp-mail.io" name="Ada Quorn">Ada Quorn</span>' + markup))
        assert text.endswith(_text(markup)) and "Quorn" not in text[: -len(_text(markup))]  # the carrier's is faked


def test_cut_names_settle_in_the_first_pass():
    page = ('<html><body><span email="ada.quorn@corp-mail.io" name="Ada Quorn">Ada Quorn</span>'
            + "".join(NAME_PAGES) + "</body></html>")
    first = _first_pass_settled(page)
    assert "Quorn" not in _text(first.html)


# -- web addresses a highlight cuts: the address rules cut a written address to its host, and a piece alone
# ("/abc-defg-hij" after a highlighted host) is no address

@pytest.mark.parametrize(
    "markup, kept",
    [
        ("<p>Join at meet.google.com/<b>abc-defg-hij</b></p>", "abc-defg-hij"),
        ("<p>Join at <b>meet.google.com</b>/abc-defg-hij now</p>", "abc-defg-hij"),
        ("<p>See https://<b>shop</b>.example/o/48213377?token=q1w2e3 today</p>", "48213377"),
        ("<p>See shop.example/orders/<span class=hl>48213377</span></p>", "48213377"),
    ],
)
def test_a_web_address_cut_by_a_highlight_is_cut_whole(markup, kept):
    text = _text(clean(markup))
    assert kept not in text and "token" not in text, text


def test_a_cut_web_address_settles_in_the_first_pass():
    page = "<html><body><p>Join at <b>meet.google.com</b>/abc-defg-hij now</p></body></html>"
    assert "Join at meet.google.com/ now" in _text(_first_pass_settled(page).html)


def test_the_pages_own_address_cut_by_a_highlight_is_read_whole():
    """Read in pieces, the page's own address was cut as another host's ("https://mail.g/"), and the next
    pass read the pieces as one address and cut again: no fixed point (found by the random split test)."""
    page = "<html><body><p>Open https://mail.g<b>oogle.com/mail/u/0/</b>#inbox now</p></body></html>"
    first = _first_pass_settled(page)
    assert "Open https://mail.google.com/mail/u/0/#inbox now" in _text(first.html)


@pytest.mark.parametrize(
    "label",
    [
        "<p>Thanks for your order <span class=secret>W12345678 Kiln repair</span></p>",  # the label's next text
        "<p>Order #</p><p class=secret>W12345678 Kiln repair</p>",  # a label-only element, then the target
        "<table><tr><td>Order number</td><td class=secret>W12345678 Kiln repair</td></tr></table>",  # a label row
    ],
)
def test_a_label_outside_a_redact_target_leaves_its_text_to_the_redaction(label):
    """The target is redacted whole and remembered as it reads: faked by the label first, its copy elsewhere
    no longer matched it and kept its words (a review of 2026-12-03)."""
    text = _text(clean(label + "<div>W12345678 Kiln repair</div>", redact_selectors=[".secret"]))
    assert "Kiln" not in text and "W12345678" not in text, text


@pytest.mark.parametrize(
    "markup",
    [
        "<p><span>Hi Ada, your confirmation code is</span> <strong>QX4T9Z7</strong></p>",  # a text of white space
        "<p><span>Thanks for your order</span>\n  <b>W12345678</b></p>",
        "<p>Thanks for your order <b>#</b><b>W12345678</b></p>",  # the label's mark alone
        "<p>Your PNR<em> </em><b>QX4T9Z7</b></p>",
    ],
)
def test_a_label_names_its_value_past_white_space_and_its_mark(markup):
    text = _text(clean(markup))
    assert "QX4T9Z7" not in text and "W12345678" not in text, text


@pytest.mark.parametrize("header", ["<p>From: Ada <b>Quorn</b> &lt;ada.quorn@corp-mail.io&gt;</p>",
                                    "<p>From: <b>Ada</b> Quorn &lt;ada.quorn@corp-mail.io&gt;</p>"])
def test_a_display_name_cut_inside_name_and_address_is_learned_and_faked_everywhere(header):
    """A Gmail search for a person highlights the name in a quoted header: read in pieces, the name was
    never learned, and it kept its words there and in every other text (a review of 2026-12-03)."""
    text = _text(_first_pass_settled(f"<html><body>{header}<p>Hi Ada <b>Quorn</b>, thanks</p></body></html>").html)
    assert "Ada" not in text and "Quorn" not in text, text


@pytest.mark.parametrize(
    "markup",
    [
        "<p><b>Order</b> <b>number</b>: W12345678</p>",  # a search for "order number" highlights each word
        "<p>Order <b>number</b>: W12345678 shipped</p>",
        "<p>Your <b>order</b> <b>number</b> is W12345678</p>",
        "<p>Your <mark>confirmation</mark> code: <b>QX4T9Z7</b></p>",
    ],
)
def test_a_label_whose_own_words_a_highlight_cuts_names_its_value(markup):
    text = _text(_first_pass_settled(f"<html><body>{markup}</body></html>").html)
    assert "W12345678" not in text and "QX4T9Z7" not in text, text
    assert text.split()[:2] == _text(markup).split()[:2]


# -- a second review of 2026-12-03: queries and address brackets beside an edge, a web address before a name

@pytest.mark.parametrize(
    "markup, kept",
    [
        ("<p>See https://shop.example/track?order=<b>W12345678</b> now</p>", "W12345678"),
        ("<p>Join https://zoom.example/j/8123456789?<b>pwd</b>=Qx7TzK2pLm now</p>", "Qx7TzK2pLm"),
        ("<p>See https://news.example/issue/12?utm_source=<b>newsletter</b>&amp;utm_medium=email&amp;utm_campaign="
         "<b>newsletter</b>_dec&amp;uid=<b>newsletter</b>-8812 today</p>", "8812"),
        ("<p>Join <b>meet</b>.google.com/abc-defg-hij, Ada Quorn &lt;ada.quorn@corp-mail.io&gt; invited you</p>",
         "abc-defg-hij"),
        ("<p>See https://<b>shop</b>.example/o/48213377?token=q1w2e3 Ada Quorn &lt;ada.quorn@corp-mail.io&gt;</p>",
         "48213377"),
    ],
)
def test_a_query_cut_at_its_marks_and_an_address_before_a_name_are_read_whole(markup, kept):
    text = _text(_first_pass_settled(f"<html><body>{markup}</body></html>").html)
    assert kept not in text, text


@pytest.mark.parametrize(
    "header",
    [
        "<p>From: Ada Quorn &lt;<b>ada.quorn@corp-mail.io</b>&gt;</p>",  # a search by the sender's address
        "<p>From: Ada Quorn &lt;ada.quorn@corp-mail.<b>io</b>&gt;</p>",
    ],
)
def test_a_display_name_beside_a_highlighted_address_is_learned(header):
    text = _text(_first_pass_settled(f"<html><body>{header}<p>Hi Ada Quorn, thanks</p></body></html>").html)
    assert "Ada" not in text and "Quorn" not in text, text


@pytest.mark.parametrize(
    "target, copy",
    [
        ("<div class=secret>Thanks for your order <b>W12345678 Kiln repair</b></div>", "W12345678 Kiln repair"),
        ("<p class=secret>Order #W12345678 Kiln repair</p>", "Order #W12345678 Kiln repair"),
        ("<table class=secret><tr><td>Order number</td><td>W12345678 Kiln repair</td></tr></table>",
         "W12345678 Kiln repair"),
    ],
)
def test_a_redact_target_with_its_own_label_is_redacted_wherever_its_text_stands(target, copy):
    """A label inside the target fakes its id first; a copy of a target's text elsewhere that no label names
    reads as the page wrote it, and the redaction remembers that too (a second review of 2026-12-03)."""
    text = _text(clean(f"{target}<div>{copy}</div>", redact_selectors=[".secret"]))
    assert "Kiln" not in text and "W12345678" not in text, text


def test_a_meet_code_after_a_highlighted_meet_is_faked():
    """A search for "meet" draws the word in an element of its own; the code's text alone names no Meet."""
    text = _text(_first_pass_settled("<html><body><p><b>Meet</b> abc-defg-hij today</p></body></html>").html)
    assert "abc-defg-hij" not in text and text.startswith("Meet "), text


def test_a_display_name_beside_a_highlighted_local_part_is_learned():
    page = ("<html><body><p><b>Ada</b> Quorn &lt;<b>ada</b>.quorn@corp-mail.io&gt; wrote</p>"
            "<p>Hi <b>Ada</b> Quorn,</p></body></html>")
    text = _text(_first_pass_settled(page).html)
    assert "Quorn" not in text, text


# -- session 32: a search for a person's name highlights it in the name and in the address's local part

@pytest.mark.parametrize(
    "line",
    [
        "<p>Seen — Ada <b>Quorn</b> &lt;ada.<b>quorn</b>@corp-mail.io&gt; wrote</p>",  # the bracket after a space
        "<p>https://zoom.example/j/8123456789?pwd=Qx7TzK2pLm <b>Ada</b> Quorn &lt;<b>ada</b>.quorn@corp-mail.io&gt;</p>",
        "<p>Ada <b>Quorn</b>, ada.<b>quorn</b>@corp-mail.io</p>",  # "Name Name, address" (a contact line)
        "<p><b>Ada</b> Quorn, <b>ada</b>.quorn@corp-mail.io today</p>",  # the address starts the next piece
    ],
)
def test_a_display_name_and_its_address_both_highlighted_are_read_whole(line):
    """Found by the whole-word highlight fuzzer (session 32): the join parted the name from an address whose
    bracket follows a space, a web address before the name took the name's span, and the comma form was
    never read across pieces."""
    text = _text(_first_pass_settled(f"<html><body>{line}<p>Hi Ada Quorn, thanks</p></body></html>").html)
    assert "Quorn" not in text and "quorn" not in text, text


@pytest.mark.parametrize("line", [
    "<p>ada.quorn@corp-mail.<b>io</b> Ada Quorn, ada.quorn@corp-mail.<b>io</b></p>",
    "<p>thanks ada.<b>quorn</b>@corp-mail.io Ada <b>Quorn</b> &lt;ada.<b>quorn</b>@corp-mail.io&gt;</p>",
])
def test_an_address_a_display_name_holds_is_moved_whole(line):
    """Found by the highlight fuzzer after the comma form was read (session 32): the piece an address moved into
    read a display name's span around it, and the move was refused as if a card met a phone."""
    text = _text(_first_pass_settled(f"<html><body>{line}</body></html>").html)
    assert "quorn" not in text and "corp-mail" not in text, text
