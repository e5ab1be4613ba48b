"""A value split by inline markup (Gmail draws a search's matches in an element of their own) is read
across the markup and faked where it stands; block boundaries still part texts. Invented values only."""

from __future__ import annotations

import re

import pytest
from selectolax.lexbor import LexborHTMLParser

from sanitize.atcheck import offending_domains
from sanitize.faker import Faker
from sanitize.pipeline import Options, sanitize_page
from sanitize.pipeline import clean as pipeline_clean

from .conftest import KEY, clean

FAKE_DOMAIN = re.compile(r"@(example\.(?:com|org|net))")


def _text(html: str) -> str:
    return LexborHTMLParser(f"<body>{html}</body>").body.text(deep=True)


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


@pytest.mark.parametrize(
    "markup",
    [
        "<p>mail ada.quorn@<b>corp-mail</b>.io now</p>",
        "<p>mail <b>ada.quorn</b>@corp-mail.io now</p>",
        "<p>mail ada.<span class=hl>quorn@corp</span>-mail.io now</p>",
        "<p>mail <a href='#x'>ada.quorn</a>@<em><b>corp-mail</b></em>.io now</p>",
        "<p>mail ada.quorn@corp-<b></b>mail.io now</p>",  # an empty inline element between the pieces
        "<p>mail ada.qu<wbr>orn@<b>corp-mail</b>.io now</p>",  # a <wbr>-split run is one piece
    ],
)
def test_an_address_split_by_inline_markup_is_faked_whole(markup):
    out = clean(markup)
    text = _text(out)
    for word in ("ada", "quorn", "corp", "mail.io"):
        assert word not in text, word
    assert FAKE_DOMAIN.search(text), text
    assert text.startswith("mail ") and text.endswith(" now")
    assert not offending_domains(out)


def test_a_split_address_gets_the_fake_the_same_address_gets_whole():
    out = _text(clean("<p>ada.quorn@corp-mail.io</p><p>ada.quorn@<b>corp-mail</b>.io</p>"))
    whole, split = out[: len(out) // 2], out[len(out) // 2 :]
    assert whole == split and FAKE_DOMAIN.search(whole)


def test_a_registry_sender_split_keeps_its_domain_with_a_fake_local_part():
    text = _text(clean("<p>from shipment-tracking.ada@<b>amazon</b>.com</p>"))
    assert "@amazon.com" in text and "shipment-tracking.ada" not in text


@pytest.mark.parametrize(
    ("markup", "digits"),
    [
        ("<p>call <b>415</b>-555-0199 today</p>", "4155550199"),
        ("<p>call +44 <span class=hl>20 7946</span> 0958 today</p>", "442079460958"),
        ("<p>card 4539 <b>1488</b> 0343 6467 today</p>", "4539148803436467"),
    ],
)
def test_a_phone_or_card_split_by_inline_markup_is_faked_whole_where_it_starts(markup, digits):
    out = clean(markup)
    text = _text(out)
    assert digits not in _digits(text) and len(_digits(text)) == len(digits)
    assert text.split()[0] in ("call", "card") and text.endswith(" today")
    # the fake stands whole in the piece where the value starts (a highlight around part of it may be left empty)
    body = LexborHTMLParser(f"<body>{out}</body>").body
    pieces = [n.text_content or "" for n in body.traverse(include_text=True) if n.is_text_node]
    assert max(len(_digits(p)) for p in pieces) == len(digits)


def test_a_split_number_after_a_label_is_faked_once():
    text = _text(clean("<p>Order number: 030 9018<strong>2245</strong></p>"))
    assert "90182245" not in _digits(text) and text.startswith("Order number: 0")


def test_an_amount_split_by_inline_markup_is_faked():
    text = _text(clean("<p>Total $<b>1,234</b>.56 charged</p>"))
    assert "1,234.56" not in text and "$" in text and "charged" in text


def test_a_street_split_by_inline_markup_is_faked():
    text = _text(clean("<p>Meet me at <b>1600</b> Quillfeather Avenue, please</p>"))
    assert "1600" not in text and "Quillfeather" not in text and text.endswith(", please")


@pytest.mark.parametrize(
    "markup",
    [
        "<div>ada.quorn@</div><div>corp-mail.io</div>",  # two blocks: two texts
        "<table><tr><td>3</td><td>Main Street</td></tr></table>",  # a count cell, a street-name cell
        "<p>3<br>Main Street</p>",
    ],
)
def test_texts_parted_by_a_block_or_a_break_are_not_read_as_one(markup):
    out = _text(clean(markup))
    assert "corp-mail.io" in out or "Main Street" in out


def test_text_without_a_split_value_is_left_byte_for_byte():
    body = "<p>Meeting <b>moved</b> to <i>Thursday</i>, room <span>4</span>B</p>"
    assert clean(body) == clean(body) and "room <span>4</span>B" in clean(body)


def test_a_seeded_secret_beside_a_split_value_is_not_joined():
    seeds = [{"id": "api-key", "value": "attest-seed-test-api-0000"}]
    page = "<!doctype html><html><body><main><p>x <b>415</b>-555-0199</p></main></body></html>"
    out = sanitize_page(page, page_url="https://mail.google.com/mail/u/0/#inbox", key=KEY, seeded=seeds)
    assert "attest-seed-test-api-0000" in out.html and "4155550199" not in _digits(out.html)


@pytest.mark.parametrize("text", [
    "Booking reference  r.ostle@sub.vantmere.net (wyn.tarrow@quillmarsh.io)",
    "cc r.ostle@vantmere.net <wyn.tarrow@quillmarsh.io>",
])
def test_an_address_right_before_a_bracketed_one_is_no_display_name(text):
    # found by the random cuts: the display-name rule read the first address's domain as the name beside the
    # second ("vantmere.net (wyn…)"), faked it with a name, and "r.ostle@<name>" was no address: its local part stayed
    out = _text(clean(f"<p>{text}</p>"))
    assert "ostle" not in out and "vantmere" not in out and "tarrow" not in out


def test_an_amount_split_by_markup_gets_the_fake_the_same_amount_gets_whole():
    # found by highlighting the shipped fixtures: faked by the split reader first, the run rules of the same pass
    # read the fake as an amount of the page and faked it again, so one amount had two fakes (and a receipt's
    # total lines disagreed: receipt.amount_missing)
    out = clean("<table><tr><td>Sencha</td><td>$14.00</td></tr>"
                "<tr><td>Amount paid</td><td><strong>$<b>14.00</b></strong></td></tr></table>")
    amounts = re.findall(r"\$\d+\.\d\d", _text(out))
    assert len(amounts) == 2 and amounts[0] == amounts[1] != "$14.00"


@pytest.mark.parametrize("markup", [
    "<p>Payment method: Visa ending in <b>4242</b></p>",
    "<p>Visa - <b>4242</b> charged</p>",
    "<table><tr><td>Payment</td><td>Visa - <b>4242</b></td></tr></table>",
])
def test_a_card_ending_drawn_apart_from_its_words_is_faked(markup):
    assert "4242" not in _text(clean(markup))


@pytest.mark.parametrize(("markup", "kept"), [
    # drawn as blocks: a capture writes every element's computed display
    ('<span style="display:block">Room 4</span><span style="display:block">415-555-0199</span>', "Room 4"),
    # an element an observer reads (a person, a subject anchor, a role) parts texts: its text never moves
    ('<span email="x@example.com" name="Sam">Sam 4</span><span>15-555-0199 said</span>', " 4"),
    ('<span data-thread-id="#thread-f:1">Invoice 2026</span><span> 555-0199 call</span>', "Invoice 2026"),
])
def test_texts_an_observer_reads_apart_are_not_joined(markup, kept):
    first = LexborHTMLParser(f"<body>{clean(markup)}</body>").css_first("span")
    assert first is not None and first.text().endswith(kept)


@pytest.mark.parametrize("markup", [
    "<p>Bananas $<b>4.99</b>ea</p>",  # an amount the unsplit rule reads before letters
    "<p>Meet at <b>1600</b>\nQuillfeather Avenue</p>",  # a street across a line break
    "<p>Ship <b>1600</b> Quillfeather\n<b>Avenue</b> x</p>",
])
def test_values_the_unsplit_rules_read_are_read_split_too(markup):
    text = _text(clean(markup))
    assert "4.99" not in text and "1600" not in text and "Quillfeather" not in text


def test_a_long_address_split_near_its_end_gets_the_fake_it_gets_whole():
    # the hints read 64 characters around an edge: the "@" of a long domain is remembered along the line
    address = "ada.quorn@students.department-of-mechanical-engineering.university.example-uni.edu"
    split = address.replace("example-uni", "<b>example-uni</b>")
    out = _text(clean(f"<p>{split}</p><p>{address}</p>"))
    assert "quorn" not in out and out[: len(out) // 2] == out[len(out) // 2 :]


def test_a_redact_target_beside_a_split_value_is_replaced_elsewhere_as_written():
    out = _text(clean("<p><span class=subj>Call 415</span><span>-555-0199 today</span></p><p>Call 415 back</p>",
                      redact_selectors=[".subj"]))
    assert "Call 415" not in out


def test_a_label_keeps_the_space_before_it_so_an_address_before_it_is_not_read_longer():
    # the address-block rule dropped the white space before "Ship to:"; on the next pass the address before it
    # read "…example.orgShip" as its domain and was faked again ("Ship" lost, one address two fakes)
    out = clean("<p>Questions? help@corp.io<span> Ship to: 12 Main St</span></p><p>help@corp.io</p>")
    text = LexborHTMLParser(f"<body>{out}</body>").body.text(separator="\n")
    assert "Ship to:" in text and len(set(re.findall(r"[\w.]+@example\.\w+", text))) == 1


def test_a_name_after_a_mention_at_sign_is_still_a_display_name():
    out = _text(clean("<p>Thanks @Ada Quorn &lt;ada.quorn@corp.io&gt;</p><p>Ada Quorn said hi</p>"))
    assert "Quorn" not in out


def test_an_encoded_address_right_after_another_encoded_at_sign_is_a_fixed_point():
    # found by the random cuts, not caused by them: "12345678%40" before an encoded address whose fake's local part
    # held a dot read "12345678%40order.fennel" as an address on the next pass (key 69 of these: refused as unstable)
    for n in range(60, 80):
        out = sanitize_page("<html><body><p>6 12345678%40ada%40corp.ioORDER # </p></body></html>",
                            page_url="https://mail.google.com/mail/u/0/#search/x", key=b"k-%d" % n)
        assert "corp" not in out.html


@pytest.mark.parametrize("markup", [
    # a second review: the ending's digits stood past the 6 characters read around the edge, or after a ":"
    "<p>Paid with Visa <b>ending</b> with 4242</p>",
    "<p>Your card <b>ends</b> with 4242</p>",
    "<p>Last four <b>digits</b> 4242</p>",
    "<p>Last 4 <b>digits</b>: 4242</p>",
])
def test_a_card_ending_whose_words_are_highlighted_is_faked(markup):
    assert "4242" not in _text(clean(markup))


@pytest.mark.parametrize("markup", ["<p>Total $41<sup>04</sup></p>", "<p>Total $41<small>04</small></p>",
                                    '<p>Total $41<span style="vertical-align:super">04</span></p>'])
def test_raised_cents_are_not_joined_to_the_amount(markup):
    # the receipt observer reads digits on both sides of an element's edge as drawn apart (no one amount); joined,
    # "$4104" was one
    out = clean(markup)
    assert "04<" in out or "04</" in out or re.search(r">\d\d<", out), out


def test_an_address_after_an_inline_address_label_keeps_its_text_and_a_stable_first_pass():
    # the inline address rule dropped the white space after the label's phrase: the next pass read "withheld" and
    # the link's fake as one address, moved it into the label text, and the link was left empty
    html = '<html><body><p>Ship to: Ada Quorn <a href="mailto:ada@corp.io">ada@corp.io</a></p></body></html>'
    faker = Faker(KEY)
    opts = Options(page_host="mail.google.com")
    first = pipeline_clean(html, faker, opts).html
    faker.own_output = True
    assert pipeline_clean(first, faker, opts).html == first
    link = LexborHTMLParser(first).css_first("a")
    assert link is not None and "@example." in link.text()


def test_a_display_name_beside_a_split_address_is_read_as_beside_the_whole_one():
    # the address's closing bracket moves with it: the display-name rule reads "Name <address>" in one text
    split = _text(clean("<p>Dear Wyn Tarrow &lt;wyn.tarrow@<b>quillmarsh</b>.io&gt;</p>"))
    whole = _text(clean("<p>Dear Wyn Tarrow &lt;wyn.tarrow@quillmarsh.io&gt;</p>"))
    assert split == whole and "Tarrow" not in split
