"""What a privacy audit of 2026-12-03 (session 32) found on realistic Gmail conversations and Calendar events (spec
§6.2). Every value here is invented; each test failed before its fix.

- A display name with words around the person's name kept the person elsewhere on the page: Google Groups'
  ``'Name' via Group <group@…>`` (quoted, as Gmail writes it), ``Name | Company <…>``, ``Name - Company <…>``,
  ``Dr. Name <…>``, ``name="Name (he/him)"``. The name as written was faked where it stood, but only that whole
  phrase was learned, so ``Hi all, Name here`` in the body kept it.
- A learned name joined by ``_`` or ``-`` (an attachment, ``Lease_Renewal_Ada_Quorn.pdf``) kept it.
- A quote line's clock was read as a name: ``at 2:03 PM <…> wrote:`` faked "PM" (an over-replacement: the line
  then read ``2:03 YORICK``), and Apple Mail's ``at 2:03 PM, Name <…>`` read "PM" as a last name.
- A Calendar guest's statuses beyond the known ones (``Attending``, ``Organizer, Attending``) were faked as names.
- A meeting's dial-in ids stayed: ``Meeting ID: 84512937761``, ``Phone Conference ID: 338271904#`` and the id in
  a one-tap dial string ``+16465550134,,84512937761#,,,,*662931#`` (the key to a meeting, as a Meet code is).
"""

from __future__ import annotations

import html

import pytest

from .conftest import clean, outputs_over_hash_seeds

CALENDAR = "https://calendar.google.com/calendar/u/0/r/week"


@pytest.mark.parametrize("sender", [
    "'Brannoc Teague' via Leasing Team &lt;leasing-team@groups.example&gt;",
    "\"Brannoc Teague\" via Leasing Team &lt;leasing-team@groups.example&gt;",
    "Dr. Brannoc Teague &lt;brannoc@halvor.example&gt;",
    "Brannoc Teague (he/him) &lt;brannoc@halvor.example&gt;",
])
def test_a_person_inside_a_display_name_written_in_a_text_is_learned(sender: str):
    out = clean(f"<p>On Tue, Oct 6, 2026 at 2:03 PM {sender} wrote:</p><p>Hi all, Brannoc Teague here.</p>")
    assert "Brannoc" not in out and "Teague" not in out


@pytest.mark.parametrize("name", [
    "'Brannoc Teague' via Leasing Team", "Brannoc Teague via Leasing Team", "Brannoc Teague (he/him)",
    "Brannoc Teague (she/her)", "Dr. Brannoc Teague", "Prof Brannoc Teague", "\"Brannoc Teague\" via Leasing Team",
])
def test_a_person_inside_a_name_attribute_is_learned(name: str):
    out = clean(f'<span email="sender@halvor.example" name="{html.escape(name)}">{html.escape(name)}</span>'
                "<div><p>Hi all, Brannoc Teague here.</p></div>")
    assert "Brannoc" not in out and "Teague" not in out


def test_the_words_around_the_person_are_not_learned_as_a_name():
    """From a name attribute the group's name is no person's: a page's other uses of it stay (the text form
    ``… via Leasing Team <…>`` learns the words the display-name rule reads beside the address, as before)."""
    out = clean('<span email="team@groups.example" name="\'Brannoc Teague\' via Leasing Team">x</span>'
                "<p>The Leasing Team meets on Friday.</p>")
    assert "The Leasing Team meets" in out


@pytest.mark.parametrize("written", ["Lease_Renewal_Ada_Quorn.pdf", "CV-Ada-Quorn-2026.pdf", "ada_quorn_contract.docx"])
def test_a_learned_name_joined_by_underscores_or_hyphens_is_replaced(written: str):
    out = clean(f'<span email="ada.quorn@corp-mail.example" name="Ada Quorn">Ada Quorn</span>'
                f'<a aria-label="Download attachment {written}"><span>{written}</span></a>')
    assert "Quorn" not in out and "quorn" not in out


def test_a_joined_name_gets_the_words_of_the_spaced_one():
    """One name, one fake: the attachment's words are the fake's words, joined as the page joined them."""
    out = clean('<p>Ada Quorn &lt;ada.quorn@corp-mail.example&gt;</p><p id="f">Ada_Quorn.pdf</p>')
    spaced = out.split("<p>", 1)[1].split(" &lt;", 1)[0]
    first, last = spaced.split()
    assert f"{first}_{last}.pdf" in out


@pytest.mark.parametrize("line, kept", [
    ("On Tue, Oct 6, 2026 at 2:03 PM &lt;orla@brightwater.example&gt; wrote:", "at 2:03 PM &lt;"),
    ("On Tue, Oct 6, 2026 at 2:03\u202fPM &lt;orla@brightwater.example&gt; wrote:", "at 2:03\u202fPM &lt;"),
])
def test_a_clock_before_an_address_is_no_name(line: str, kept: str):
    out = clean(f"<p>{line}</p>")
    assert kept in out and "orla" not in out


def test_a_clock_before_a_last_first_name_is_not_part_of_it():
    out = clean("<p>On Oct 6, 2026, at 2:03 PM, Orla Brightwater &lt;orla@brightwater.example&gt; wrote:</p>"
                "<p>Thanks Orla Brightwater</p>")
    assert "at 2:03 PM, " in out
    assert "Brightwater" not in out and "Orla" not in out


@pytest.mark.parametrize("label", ["Lorna Feathergill, Attending", "Lorna Feathergill, Organizer, Attending",
                                   "Lorna Feathergill, Not attending", "Lorna Feathergill, Awaiting"])
def test_a_guest_status_is_kept_and_the_guest_faked(label: str):
    status = label.split(", ", 1)[1]
    out = clean(f'<div role="treeitem" data-email="lorna@feathergill.example" aria-label="{label}">x</div>',
                page_url=CALENDAR)
    assert f", {status}\"" in out
    assert "Feathergill" not in out and "Lorna" not in out


@pytest.mark.parametrize("text, value", [
    ("Meeting ID: 84512937761", "84512937761"),
    ("Meeting ID 84512937761", "84512937761"),
    ("Phone Conference ID: 338271904#", "338271904"),
    ("Conference ID: 338271904#", "338271904"),
    ("Webinar ID: 93412875520", "93412875520"),
])
def test_a_meeting_id_beside_its_label_is_faked(text: str, value: str):
    out = clean(f'<div role="main"><div aria-label="Event details"><p>{text}</p></div></div>', page_url=CALENDAR)
    assert value not in out


@pytest.mark.parametrize("dial, values", [
    ("+16465550134,,84512937761#,,,,*662931#", ["84512937761", "662931"]),
    ("+1 323-555-0143,,338271904#", ["338271904"]),
])
def test_the_codes_of_a_one_tap_dial_string_are_faked(dial: str, values: list[str]):
    out = clean(f"<p>One tap mobile: {dial} US</p>", page_url=CALENDAR)
    for value in values:
        assert value not in out
    assert ",," in out and "#" in out  # the pauses and the marks stay: the line still dials as one


@pytest.mark.parametrize("text, value", [
    ("Auftragsnummer: A7734-2210", "A7734-2210"),
    ("Rechnungsnummer 2026-88413", "2026-88413"),
    ("Bestell-Nr. 30377126", "30377126"),
    ("N° de commande : FR88213407", "FR88213407"),
    ("Commande n° 88213407", "88213407"),
    ("Numéro de suivi : 6A12345678901", "6A12345678901"),
    ("Número de pedido: ES-4471-2290", "ES-4471-2290"),
    ("Pedido nº 44712290", "44712290"),
    ("Código de confirmación: QX4T9Z7", "QX4T9Z7"),
    ("Número da encomenda: PT44712290", "PT44712290"),
    ("Numero d'ordine: IT-4471-2290", "IT-4471-2290"),
    ("Codice di prenotazione XK4471Q", "XK4471Q"),
    ("Bestelnummer: NL44712290", "NL44712290"),
    ("Factuurnummer 2026-004471", "2026-004471"),
])
def test_an_id_beside_a_label_in_another_language_is_faked(text: str, value: str):
    """A shop writes its receipt in its customer's language; German's Bestellnummer and French Numéro de
    commande were the only labels read (a recorded limit until session 32)."""
    out = clean(f"<table><tr><td><p>{text}</p></td></tr></table><p>Re: {value}</p>")
    assert value not in out


@pytest.mark.parametrize("text", ["Pedido de ayuda 2026", "Le suivi de votre colis", "Kundennummer bitte angeben"])
def test_a_label_word_in_prose_with_no_id_after_it_fakes_nothing(text: str):
    assert clean(f"<p>{text}</p>") == f"<p>{text}</p>"


# -- session 32's review of the fixes above (each seen failing first)

@pytest.mark.parametrize("head, copy", [
    ("<p>Lease Renewal Notice - Ada Quorn &lt;ada@corp.example&gt;</p>", "<p>Lease Renewal Notice</p>"),
    ("<p>Halvor Homes | Ada Quorn &lt;ada@corp.example&gt;</p>", "<p>Halvor Homes newsletter</p>"),
    ('<span email="help@acme.example" name="Customer Support | Acme">x</span>', "<p>Customer Support will reply</p>"),
    ('<div data-email="team@calendar.example" aria-label="Team Calendar (Acme)">x</div>',
     '<div role="button" aria-label="2pm to 2:30pm, Lease Review, Team Calendar, Accepted">x</div>'),
])
def test_the_words_before_a_bar_a_dash_or_a_bracket_are_not_learned(head: str, copy: str):
    """The head of ``X | Y``, ``X - Y`` or ``X (Y)`` is a subject, a team or a calendar as often as a person:
    learned page-wide, it rewrote subjects and Calendar chips the observers read (session 32's review). Only a
    group's sender, a title and pronouns say the head is a person."""
    assert copy in clean(head + copy, page_url=CALENDAR)


def test_a_groups_sender_cut_by_a_highlight_is_learned():
    out = clean("<p>From: Ada <b>Quorn</b> via Leasing Team &lt;team@groups.example&gt;</p><p>Hi Ada Quorn here</p>")
    assert "Quorn" not in out


def test_an_unbalanced_quote_is_kept_and_only_words_are_faked():
    out = clean('<span email="t@groups.example" name="\'Leasing Office\' via Tenants">x</span>')
    assert "name=\"'" in out and "' via Tenants\"" not in out and out.count("'") == 2


@pytest.mark.parametrize("written", ["Lease_Renewal_<b>Ada</b>_Quorn.pdf", "Ada<b>_Quorn</b>.pdf",
                                     "<b>Ada</b>_<b>Quorn</b>.pdf"])
def test_a_joined_name_cut_by_a_highlight_is_replaced(written: str):
    out = clean(f'<span email="ada.quorn@corp-mail.example" name="Ada Quorn">Ada Quorn</span><p>{written}</p>')
    assert "Quorn" not in out


def test_a_joined_given_name_whose_case_folds_apart_keeps_its_joint():
    out = clean("<p>IPEK_YILMAZ.pdf</p>", names=["İpek Yılmaz"])
    assert "IPEK" not in out and "YILMAZ" not in out and out.count("_") == 1


@pytest.mark.parametrize("line", [
    "One tap: +16465550134,,<b>84512937761</b>#,,,,*662931#",
    "Dial +1 323-555-0143,,<b>338271904</b># now",
    "<b>Meeting</b> <b>ID</b>: 84512937761",
    "Meeting <b>ID</b>: 84512937761",
])
def test_a_dial_code_or_meeting_id_cut_by_a_highlight_is_faked(line: str):
    out = clean(f"<p>{line}</p>", page_url=CALENDAR)
    assert "84512937761" not in out and "338271904" not in out


@pytest.mark.parametrize("text", ["Meeting-ID: 84512937761", "MeetingID: 84512937761", "Konferenz-ID: 338271904#"])
def test_a_meeting_id_written_joined_is_faked(text: str):
    out = clean(f"<p>{text}</p>", page_url=CALENDAR)
    assert "84512937761" not in out and "338271904" not in out


def test_one_code_gets_one_fake_in_a_dial_string_and_beside_its_label():
    out = clean("<p>Meeting ID 84512937761,,,,*662931# Passcode 662931</p>", page_url=CALENDAR)
    dialled = out.split("*", 1)[1].split("#", 1)[0]
    assert "662931" not in out and out.endswith(f"Passcode {dialled}</p>")


@pytest.mark.parametrize("line, kept", [
    ("On Tue, Oct 6, 2026 at 2:03 PM EDT &lt;orla@brightwater.example&gt; wrote:", "2:03 PM EDT &lt;"),
    ("Am 6. Okt. 2026 um 14:03 Uhr schrieb &lt;orla@brightwater.example&gt;:", "Uhr schrieb &lt;"),
])
def test_a_zone_or_a_quote_verb_before_an_address_is_no_name(line: str, kept: str):
    assert kept in clean(f"<p>{line}</p>")


def test_a_zone_before_a_name_is_not_part_of_it():
    out = clean("<p>On Tue, Oct 6, 2026 at 2:03 PM EDT Orla Brightwater &lt;orla@brightwater.example&gt; wrote:</p>"
                "<p>Thanks Orla Brightwater</p>")
    assert "2:03 PM EDT " in out and "Brightwater" not in out


def test_two_learned_spellings_of_one_name_give_output_that_does_not_depend_on_hash_seeds():
    """``Mei-Ling Zhou`` and ``Mei Ling Zhou`` both match ``Mei_Ling_Zhou.pdf``; which phrase won, and so the
    fake, followed the set's order (session 32's review: two fakes over six seeds)."""
    script = (
        "from tests.sanitize.conftest import clean\n"
        "print(clean('<span email=\"a@corp.example\" name=\"Mei-Ling Zhou\">x</span>'"
        " '<span email=\"b@corp.example\" name=\"Mei Ling Zhou\">y</span><p>Mei_Ling_Zhou.pdf</p>'))\n"
    )
    outs = outputs_over_hash_seeds(script)
    assert len(outs) == 1 and "Zhou" not in outs.pop()


# -- a second review of session 32 (each seen failing first)

@pytest.mark.parametrize("sender", [
    "Ada Quorn jr &lt;aq@quornmail.example&gt;", "Ada Quorn, jr &lt;aq@quornmail.example&gt;",
    "Omar Abd al-rahman &lt;o@quornmail.example&gt;", "'Ada Quorn' via leasing-team &lt;lt@groups.example&gt;",
    "Dr. ada quorn &lt;aq@quornmail.example&gt;", "ada quorn &lt;aq@quornmail.example&gt;",
    "'Ada Quorn' &lt;aq@quornmail.example&gt;",
])
def test_a_name_with_a_lower_case_word_or_quotes_is_still_faked(sender: str):
    """A rule of the first fix (a name may not end in a lower-case word: "Uhr schrieb <…>") kept suffixes,
    particles, Groups' lower-case group names and names written in lower case; a quoted name was learned with its
    closing quote, and its other uses kept."""
    person = "Omar" if "Omar" in sender else "ada" if "ada quorn" in sender else "Ada"
    out = clean(f"<p>From: {sender}</p><p>{person} Quorn wrote</p>" if person != "Omar" else f"<p>From: {sender}</p>")
    assert "Quorn" not in out and "quorn" not in out and "rahman" not in out


@pytest.mark.parametrize("sender", ["ada &lt;aq@quornmail.example&gt;", "\"ada\" &lt;aq@quornmail.example&gt;"])
def test_a_one_word_lower_case_display_name_is_faked(sender: str):
    assert "ada &lt;" not in clean(f"<p>From: {sender}</p>") and '"ada"' not in clean(f"<p>From: {sender}</p>")


@pytest.mark.parametrize("line, value", [
    ("N° de <b>commande</b>: FR88213407", "FR88213407"),
    ("Número de <b>pedido</b>: ES44712290", "ES44712290"),
    ("Codice di <b>prenotazione</b>: XK4471Q9", "XK4471Q9"),
    ("Numéro de <b>suivi</b> : 6A12345678901", "6A12345678901"),
    ("Código de <b>confirmación</b>: QX4T9Z7", "QX4T9Z7"),
])
def test_another_language_s_label_cut_by_a_highlight_names_its_id(line: str, value: str):
    assert value not in clean(f"<p>{line}</p>")


# -- a second audit of 2026-12-03 (session 32): list pages, other languages, platform receipts

@pytest.mark.parametrize("text, value", [
    ("Numéro de réservation : HX48291", "HX48291"),
    ("Réservation n° HX48291", "HX48291"),
    ("Numero di tracciamento: 1Z999AA10123456784", "1Z999AA10123456784"),
])
def test_a_label_whose_first_look_missed_it_names_its_id(text: str, value: str):
    """The cheap first look (``receipt_labels._label_hint``) had "reserv", not "réserv", and no word of
    "tracciamento": labels the pattern lists were never read."""
    assert value not in clean(f"<p>{text}</p>")


@pytest.mark.parametrize("page", [
    "<table><tr><td>PIN code:</td><td>3391</td></tr></table>",
    "<div><span>PIN code</span></div><div><span>3391</span></div>",
])
def test_a_booking_pin_code_label_names_its_value(page: str):
    assert "3391" not in clean(page)


def test_a_paypal_confirmed_shipping_address_is_withheld():
    out = clean("<table><tr><td>Shipping address - confirmed</td></tr>"
                "<tr><td>Tobiah Wendmark<br>4410 Marrowstone Ave<br>Portland, OR 97205</td></tr></table>")
    assert "Wendmark" not in out and "97205" not in out


@pytest.mark.parametrize("line", [
    "El mar, 6 oct 2026 a las 14:03, Rodrigo Ibáñez (&lt;rodrigo.ibanez@telco.example&gt;) escribió:",
    "On Tue, Oct 6, 2026 at 2:03 PM Rodrigo Ibáñez (&lt;rodrigo.ibanez@telco.example&gt;) wrote:",
])
def test_a_name_before_a_bracketed_address_in_brackets_is_learned(line: str):
    out = clean(f"<p>{line}</p><p>Hola Rodrigo Ibáñez</p>")
    assert "Ibáñez" not in out and "Rodrigo" not in out


@pytest.mark.parametrize("route", ["#search/Quillon+Fairweather", "#search/Quillon%20Fairweather",
                                   "#search/%22quillon+fairweather%22", "#search/from%3A(Quillon+Fairweather)"])
def test_a_learned_name_in_a_search_route_is_replaced(route: str):
    out = clean(f'<span email="q.fairweather@corp-mail.example" name="Quillon Fairweather">x</span>'
                f'<a href="https://mail.google.com/mail/u/0/{route}">search</a>')
    assert "Fairweather" not in out and "fairweather" not in out


@pytest.mark.parametrize("block", [
    "<tr><td>BILLED TO</td></tr><tr><td>Visa •••• 4417<br>Tobiah Wendmark<br>4410 Marrowstone Ave<br>"
    "Portland, OR 97205<br>USA</td></tr>",
    "<tr><td>Billed to</td><td>Visa •••• 4417<br>Tobiah Wendmark<br>4410 Marrowstone Ave<br>Portland, OR 97205</td></tr>",
])
def test_a_card_line_at_the_top_of_an_address_block_does_not_end_it(block: str):
    """Apple's receipt writes the card first in its "BILLED TO" block: the payment word read as a label ended the
    block before its name, city and postcode."""
    out = clean(f"<table>{block}</table>")
    assert "Wendmark" not in out and "97205" not in out and "4417" not in out


@pytest.mark.parametrize("text", ["Visa .... 4417", "Visa ....4417", "Carte Visa se terminant par 4417",
                                  "Kreditkarte endet auf 4417", "Visa mit Endziffern 4417", "Tarjeta terminada en 4417",
                                  "Cartão terminado em 4417", "Carta che termina con 4417", "Creditcard eindigend op 4417"])
def test_a_card_ending_written_with_dots_or_in_another_language_is_faked(text: str):
    out = clean(f"<p>Paid with {text}</p>")
    assert "4417" not in out and out.count(" ") == text.count(" ") + 2


@pytest.mark.parametrize("text, kept", [("Order AB12CDEF3456 GBP 19.99", "GBP "),
                                        ("UK24 TOUR DATE SOON ANNOUNCED", "UK24 TOUR DATE SOON ANNOUNCED")])
def test_an_iban_shaped_text_keeps_what_it_kept(text: str, kept: str):
    """An IBAN rule read by shape alone (tried in session 32, reverted after a review) took a currency code after an
    id ("AB12CDEF3456 GBP" lost its currency and kept its amount), subjects in capitals and labelled ids."""
    out = clean(f"<p>{text}</p>")
    assert kept in out and "19.99" not in out


def test_an_address_block_opened_by_a_card_line_still_ends_at_the_next_table():
    out = clean("<table><tr><td>BILLED TO</td></tr><tr><td>Visa •••• 4417<br>Tobiah Wendmark<br>4410 Marrowstone Ave"
                "</td></tr></table><table><tr><td>Kiln glaze set</td></tr></table>")
    assert "Wendmark" not in out and "Kiln glaze set" in out


@pytest.mark.parametrize("iban", ["DE89 3704 0044 0532 0130 00", "FR76 3000 6000 0112 3456 7890 189",
                                  "GB29 NWBK 6016 1331 9268 19", "NL91ABNA0417164300", "ES91 2100 0418 4502 0005 1332",
                                  "BE68 5390 0754 7034", "AT61 1904 3002 3457 3201"])
def test_a_valid_iban_is_faked_whole_with_valid_check_digits(iban: str):
    """An IBAN whose country, length and mod-97 check digits hold is faked whole, the country kept and the
    check digits written for the fake (so the next pass reads the fake as an IBAN too, and leaves it)."""
    from sanitize.ibans import iban_is_valid

    out = clean(f"<p>IBAN: {iban} SEPA</p><p>Pay to {iban}.</p>")
    groups = iban.split() if " " in iban else [iban[i : i + 4] for i in range(0, len(iban), 4)]
    assert not [g for g in groups if len(g) >= 3 and g in out], out
    fake = out.split("IBAN: ", 1)[1].split(" SEPA", 1)[0]
    assert fake[:2] == iban[:2] and len(fake) == len(iban) and iban_is_valid(fake) and f"Pay to {fake}." in out


@pytest.mark.parametrize("text", ["Beneficiary: DE89 3704 0044 0532 0130 01", "Ref DE89 3704 0044 0532 0130 ABCD",
                                  "IBAN: XX89 3704 0044 0532 0130 00"])
def test_an_iban_shaped_text_that_does_not_check_is_left_to_the_other_rules(text: str):
    """A wrong check digit, length or country: no IBAN, so its check digits stay (the card rule may read groups)."""
    assert text.split()[1] in clean(f"<p>{text}</p>")


@pytest.mark.parametrize("sep", ["&nbsp;", "\u202f"])
def test_an_iban_grouped_with_no_break_spaces_is_faked(sep: str):
    """Bank mail writes an IBAN's groups apart with "&nbsp;" (session 32's review of the IBAN rule)."""
    out = clean("<p>IBAN: " + sep.join(["DE89", "3704", "0044", "0532", "0130", "00"]) + "</p>")
    assert "3704" not in out and "DE89" not in out and "0130" not in out
