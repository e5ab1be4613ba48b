"""Receipt rules (§6.2): what a second leak audit found kept. Invented values only.

Ids holding an underscore (Stripe's ``txn_…``, ``in_…``), id labels the rule did not know, card endings
written with one mark, a parenthesis, an ellipsis or "ending with", and address labels it did not know.
"""

from __future__ import annotations

import re

import pytest

from sanitize.faker import ADDRESS_PHRASE

from .conftest import clean


# -- 1. labelled ids holding an underscore --------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "real"),
    [
        ("<table><tr><td>Transaction ID</td><td>txn_3Nx8QpL2eZ</td></tr></table>", "txn_3Nx8QpL2eZ"),
        ("<table><tr><td>Order number</td><td>ORD_77812</td></tr></table>", "ORD_77812"),
        ("<table><tr><td>Invoice</td><td>in_1Qx9Lm</td></tr></table>", "in_1Qx9Lm"),
        ("<p>Your order ORD_77813 has shipped</p>", "ORD_77813"),
    ],
)
def test_a_labelled_id_holding_an_underscore_is_faked_keeping_its_shape(body, real):
    out = clean(body)
    assert real not in out, out
    shape = re.sub(r"[A-Za-z]", "a", re.sub(r"\d", "9", real))
    fakes = [w for w in re.findall(r"[\w]+", out) if re.sub(r"[A-Za-z]", "a", re.sub(r"\d", "9", w)) == shape]
    assert fakes, out  # the fake keeps the "_", its length and its classes of characters


def test_an_underscore_id_is_replaced_wherever_it_stands_alone():
    out = clean(
        "<table><tr><td>Transaction ID</td><td>txn_3Nx8QpL2eZ</td></tr></table>"
        '<p>Refund for txn_3Nx8QpL2eZ issued</p><a title="txn_3Nx8QpL2eZ">t</a>'
    )
    assert "3Nx8QpL2eZ" not in out, out
    fake = re.search(r"<td>(\w+_\w+)</td>", out).group(1)
    assert f"Refund for {fake} issued" in out and f'title="{fake}"' in out


def test_refake_also_takes_an_underscore_id():
    from sanitize.refake import check_also

    assert check_also(["txn_3Nx8QpL2eZ"]) == ("txn_3Nx8QpL2eZ",)


# -- 2. id labels ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "real"),
    [
        ("<table><tr><td>Authorization code</td><td>A7Q2K9</td></tr></table>", "A7Q2K9"),
        ("<span>Authorisation code</span><span>B7Q2K8</span>", "B7Q2K8"),
        ("<p>Booking ref: QK4T7Z</p>", "QK4T7Z"),
        ("<table><tr><td>Booking ref</td><td>QK4T7Y</td></tr></table>", "QK4T7Y"),
        ("<p>Ref: 8842QZ</p>", "8842QZ"),
        ("<p>Ref. 8842QY</p>", "8842QY"),
        ("<span>Ref:</span><span>8842QX</span>", "8842QX"),
        ("<p>PO number 4500123</p>", "4500123"),
        ("<table><tr><td>PO #</td><td>4500124</td></tr></table>", "4500124"),
        ("<p>Payment ID pi_3Nx8Qw</p>", "pi_3Nx8Qw"),
        ("<table><tr><td>Payment ID</td><td>PAY-88120</td></tr></table>", "88120"),
        ("<p>Case number 04418821</p>", "04418821"),
        ("<p>Policy number PL-88213</p>", "88213"),
        ("<table><tr><td>Policy number</td><td>PL-88214</td></tr></table>", "88214"),
        ("<p>Gift card PIN 88217</p>", "88217"),
        ("<table><tr><td>Gift card PIN</td><td>7731</td></tr></table>", "7731"),
        ("<p>PIN: 4417</p>", "4417"),
        ("<p>Bestellnummer: 302-55871</p>", "55871"),
        ("<table><tr><td>Numéro de commande</td><td>FR-66120</td></tr></table>", "66120"),
    ],
)
def test_more_id_labels_are_read(body, real):
    out = clean(body)
    assert real not in out, out


@pytest.mark.parametrize("label", ["Gift card code", "Gift card PIN", "Payment ID"])
def test_a_lone_ending_in_a_row_naming_a_label_and_a_payment_is_faked_once(label):
    """The row is a label row and a payment row ("card", "payment"): its lone four digits were faked as a
    labelled id and as a card ending, each pass faking the other's fake (the page was refused)."""
    body = f"<table><tr><td>{label}</td><td>7731</td></tr></table><p>Visa ending in 7731</p>"
    out = clean(body)
    assert "7731" not in out
    fake = re.search(r"<td>(\d{4})</td>", out).group(1)
    assert f"Visa ending in {fake}" in out


@pytest.mark.parametrize(
    "body",
    [
        "<p>Ticket 3 of 4</p>",
        "<p>Ref 3 of 4</p>",
        "<p>We will refund 2040AB soon</p>",  # "ref" inside a word is no label
        "<p>Preference 2041AB saved</p>",
        "<p>Pinned 2042AB</p>",
        "<p>Showcase 2043AB</p>",
        "<p>PO Box 2044</p>",
    ],
)
def test_generic_label_words_need_their_word_boundaries(body):
    assert clean(body) == body


# -- 3. card endings -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cell", "real"),
    [
        ("Visa *9064", "9064"),
        ("VISA x8841", "8841"),
        ("Visa (1357)", "1357"),
        ("PayPal (x-4410)", "4410"),
        ("Mastercard ending with 2201", "2201"),
        ("Visa …2718", "2718"),
    ],
)
def test_a_card_ending_in_a_payment_row_is_faked(cell, real):
    out = clean(f"<table><tr><td>Payment method</td><td>{cell}</td></tr></table>")
    assert real not in out, out
    fake = re.sub(r"\d", "9", cell)
    got = re.search(r"<td>Payment method</td><td>([^<]*)</td>", out).group(1)
    assert re.sub(r"\d", "9", got) == fake, out  # the marks and words are kept, the digits stay four


@pytest.mark.parametrize(
    ("text", "real"),
    [
        ("Visa ending with 4242", "4242"),
        ("Apple Pay (Visa …2719)", "2719"),
        ("Last 4: 4610", "4610"),
        ("Last four digits: 4611", "4611"),
        ("XXXX-XXXX-XXXX-2468", "2468"),
        ("**** **** **** 2469", "2469"),
    ],
)
def test_a_card_ending_outside_a_row_is_faked(text, real):
    out = clean(f"<p>{text}</p>")
    assert real not in out, out
    assert re.sub(r"\d", "9", out) == f"<p>{re.sub(chr(92) + 'd', '9', text)}</p>"


def test_a_row_labelled_last_4_is_a_payment_row():
    out = clean("<table><tr><td>Last 4</td><td>4612</td></tr><tr><td>Last four digits</td><td>4613</td></tr></table>")
    assert "4612" not in out and "4613" not in out, out


def test_one_ending_gets_one_fake_wherever_it_appears():
    out = clean(
        "<table><tr><td>Payment method</td><td>Visa *9064</td></tr></table>"
        '<p>Visa ending in 9064</p><p>Apple Pay (Visa …9064)</p><span aria-label="Visa ending with 9064">v</span>'
    )
    assert "9064" not in out, out
    fake = re.search(r"Visa \*(\d{4})", out).group(1)
    assert out.count(fake) == 4, out


# -- 4. address labels -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "label",
    ["Shipped to", "Delivering to", "Customer address", "Recipient", "Recipient:", "Delivery details", "Your address",
     "Billing details", "Dropoff", "Drop-off"],
)
@pytest.mark.parametrize(
    "block",
    [("Hauptstraße 77", "10117 Berlin"), ("PO Box 4471", "Quillby QLD 4870"), ("Fitzroy VIC 3065",)],
)
def test_more_address_labels_start_an_address_block(label, block):
    out = clean(f"<h3>{label}</h3>" + "".join(f"<p>{line}</p>" for line in block) + "<h3>Order summary</h3>")
    for line in block:
        assert line not in out, out
    assert out.count(ADDRESS_PHRASE) == len(block) and "Order summary" in out


def test_recipient_inside_prose_is_no_address_label():
    body = "<p>The recipient signed for it</p><p>Fitzroy VIC 3065</p>"
    assert clean(body) == body


# -- a re-run of the audit's pages after the fixes ------------------------------------------------
def test_a_pickup_location_is_an_address_label_of_its_own():
    """"Pickup location" was read as a line of the shipping address above it: withheld as address, and
    the six-line block ended before the pickup address, which stayed."""
    out = clean(
        "<table><tr><td><b>Shipping address</b></td></tr><tr><td>Rowan Quillby<br>Flat 2, Quorn House<br>"
        "Hauptstraße 12<br>10115 Berlin</td></tr><tr><td><b>Pickup location</b></td></tr>"
        "<tr><td>R. Quillby<br>Rue Quillby 9<br>75004 Paris<br>France</td></tr></table>"
    )
    assert "Pickup location" in out and "Quillby" not in out and "75004" not in out, out


@pytest.mark.parametrize(
    "body, real",
    [
        ('<p><span class="l">Your verification code is</span><span class="v">482913</span></p>', "482913"),
        ("<table><tr><td>Licence key</td><td>XK7P-22QM-9RTZ</td></tr></table>", "XK7P-22QM-9RTZ"),
        ("<table><tr><td>Product key:</td><td>QX4T-9ZZ2-PLM7</td></tr></table>", "QX4T-9ZZ2-PLM7"),
    ],
)
def test_codes_after_a_sentence_label_or_a_key_label_are_faked(body, real):
    assert real not in clean(body)


def test_a_nineteen_digit_card_is_faked_whole():
    out = clean("<p>Card 6011 1111 1111 1117 117 charged</p>")
    assert "1117 117" not in out and " 117 charged" not in out, out


# -- a review of the day's change: prose is no label, and a year or a time is no labelled id ---------
@pytest.mark.parametrize(
    "prose",
    ["Updates to our Privacy Policy 2026", "Ref 2026 planning", "Your PIN 2026 reminder",
     "Authorization 2026 renewal", "Ref: 10AM standup"],
)
def test_prose_after_a_bare_label_word_fakes_no_date_or_time(prose):
    """A year after "Privacy Policy" was faked as a labelled id, and its fake replaced every standalone
    2026 on the page, a Calendar chip's date included; "Ref: 10AM" turned "10am" into a fake."""
    page = f"<p>{prose}</p><div>Tue, Oct 6, 2026, 2:03 PM</div><div>10am to 11am, Sync, October 8, 2026</div>"
    out = clean(page)
    assert "Tue, Oct 6, 2026, 2:03" in out and "10am to 11am, Sync, October 8, 2026" in out, out


def test_labelled_ids_still_read_after_the_labels_with_a_number_word():
    out = clean("<p>Policy number: PX-20391</p><p>PIN: 4821</p><p>Ref. QX4T9Z</p><p>Authorization code A1B2C3</p>")
    for real in ("PX-20391", "4821", "QX4T9Z", "A1B2C3"):
        assert real not in out, (real, out)


@pytest.mark.parametrize("text", ["Passcode: 7Hq2Lw", "Meeting password 9kQ2xL", "Password: hunter42"])
def test_a_meeting_passcode_is_faked(text):
    """A Zoom or Teams invitation in a Calendar event writes its passcode after a label (an audit of
    Calendar pages found it kept beside the faked meeting id)."""
    real = text.split()[-1]
    assert real not in clean(f"<p>{text}</p>", page_url="https://calendar.google.com/calendar/u/0/r/week")
