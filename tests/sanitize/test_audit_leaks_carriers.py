"""What the privacy audit of 2026-12-03 (session 33) found on elements that carry a person's address: Calendar's
guest rows, Gmail's compose chips, the search box and hovercard buttons (spec §6.2, display names beside an email).
Every value here is invented; each test failed before its fix, but those marked as guards, which pin what the fixes
must keep (a review of the first cut found each of them broken by it).

- The name such an element shows beside a status or an avatar's initials (``<span>Name</span><span>Organizer</span>``)
  was read with them as one phrase, ``Name Organizer``, learned, and never found again: the name stayed elsewhere.
  A compose chip (more than eight nodes) was not read at all.
- Interface words in a carrier's ``aria-label``, ``title`` or ``data-tooltip`` (``Search mail``, ``Copy email``,
  ``Out of office``) were learned as a name and replaced everywhere on the page.
- A form control's ``name`` (``<input type="email" name="email">``) was read as a display name and faked in every
  attribute of its element: the input's type became a name.
"""

from __future__ import annotations

import pytest

from sanitize.faker import Faker
from sanitize.pipeline import Options
from sanitize.pipeline import clean as one_pass

from .conftest import KEY, clean

CALENDAR = "https://calendar.google.com/calendar/u/0/r/week"


@pytest.mark.parametrize("beside", ["<span>Organizer</span>", "<div>Optional</div>", "<span>(You)</span>",
                                    "<span>Guest</span>"])
def test_a_name_shown_beside_a_status_is_learned(beside: str):
    out = clean(f'<div data-email="b.teague@northwind.example"><span>Brannoc Teague</span>{beside}</div>'
                "<p>Brannoc Teague will present.</p>", page_url=CALENDAR)
    assert "Brannoc" not in out and "Teague" not in out
    assert beside.split(">")[1].split("<")[0] in out  # the status, the marker or the date stays


def test_a_compose_chip_shows_its_name_beside_the_initials():
    chip = ('<div data-hovercard-id="b.teague@northwind.example" role="option"><div><div><span>BT</span></div></div>'
            '<div><span>Brannoc Teague</span><span> </span></div><div role="button"><span></span><span></span></div></div>')
    out = clean(chip + "<p>Thanks, Brannoc Teague</p>")
    assert "Brannoc" not in out and "Teague" not in out


def test_a_name_split_over_two_spans_is_still_learned_whole():  # a guard
    out = clean('<span email="b.teague@northwind.example"><span>Brannoc</span> <span>Teague</span></span>'
                "<p>Brannoc Teague will present.</p>")
    assert "Brannoc" not in out and "Teague" not in out


@pytest.mark.parametrize("carrier, elsewhere", [
    ('<input aria-label="Search mail" value="from:b.teague@northwind.example">',
     '<div role="button" aria-label="Search mail">Search mail</div>'),
    ('<div data-email="b.teague@northwind.example" aria-label="Copy email"></div>', "<button>Copy email</button>"),
    ('<a href="mailto:b.teague@northwind.example" aria-label="Email guests">x</a>', "<span>Email guests</span>"),
    ('<div data-email="b.teague@northwind.example" data-tooltip="Open detailed view"></div>', "<p>Open detailed view</p>"),
    ('<div data-email="b.teague@northwind.example" aria-label="Join with Google Meet"></div>',
     '<div class="chip">Google Meet</div>'),
    ("<div data-email=\"b.teague@northwind.example\" aria-label=\"Email 'Team Sync' guests\"></div>",
     '<div class="chip">Team Sync, 2pm</div>'),
    # guards from the second review: an event's title beside the person, or beside a time on a chip that carries
    # its organiser's address
    ('<div data-email="b.teague@northwind.example" aria-label="Brannoc Teague is attending Team Offsite"></div>',
     '<div role="button"><span>Team Offsite</span><span>10:30am</span></div>'),
    ('<div data-email="b.teague@northwind.example"><span>Quarterly Planning</span><span>10:30am</span></div>',
     '<div role="button"><span>Quarterly Planning</span><span>11am</span></div>'),
])
def test_interface_words_on_a_carrier_are_no_name(carrier: str, elsewhere: str):
    # faked on the carrier itself at most (as a one-word name is: they might hide one), never page-wide
    assert elsewhere in clean(carrier + elsewhere, page_url=CALENDAR)


@pytest.mark.parametrize("label", ["Send email to Brannoc Teague", "Contact card for Brannoc Teague",
                                   "Brannoc Teague is typing", "Brannoc Teague's profile", "From: Brannoc Teague",
                                   "Brannoc Teague declined", "Brannoc Teague, Out of office"])
def test_a_person_inside_interface_words_on_a_carrier_is_learned(label: str):
    # before the interface words were read, such a label was learned whole: faked where it stood, the person
    # kept elsewhere; read as interface words alone, it kept the person in the label too
    out = clean(f'<div role="button" data-email="b.teague@northwind.example" aria-label="{label}"></div>'
                "<h2>Results for Brannoc Teague</h2>")
    assert "Brannoc" not in out and "Teague" not in out


@pytest.mark.parametrize("label", ["Send email to Brannoc", "Brannoc declined"])
def test_a_label_naming_one_word_is_faked_on_its_carrier(label: str):  # a guard
    out = clean(f'<div data-email="b.teague@northwind.example" aria-label="{label}"></div>')
    assert "Brannoc" not in out


def test_a_status_beside_a_name_in_a_label_is_kept_and_the_name_learned():
    out = clean('<div data-email="b.teague@northwind.example" aria-label="Brannoc Teague, Out of office"></div>'
                "<span>Out of office</span><p>Brannoc Teague</p>", page_url=CALENDAR)
    assert out.count("Out of office") == 2 and "Brannoc" not in out and "Teague" not in out


@pytest.mark.parametrize("control", [
    '<input type="email" name="email" value="b.teague@northwind.example">',
    '<input name="q" value="from:b.teague@northwind.example">',
    '<textarea name="to">b.teague@northwind.example</textarea>',  # a guard
])
def test_a_form_controls_name_is_no_display_name(control: str):
    out = clean(f"<form>{control}</form>")
    for attr in ('type="email"', 'name="email"', 'name="q"', 'name="to"'):
        if attr in control:
            assert attr in out


def test_a_form_control_named_after_a_person_still_names_one():  # a guard
    out = clean('<button name="Brannoc Teague" data-email="b.teague@northwind.example">x</button><p>Brannoc Teague</p>')
    assert "Brannoc" not in out and "Teague" not in out


@pytest.mark.parametrize("label, elsewhere", [  # guards: the first cut read these labels as interface words
    ("Ada d'Arcy, Accepted", "Lunch with Ada d'Arcy"), ("Ada al-Rashid, Accepted", "Lunch with Ada al-Rashid"),
    ("Ada ibn Quorn, Accepted", "Lunch with Ada ibn Quorn"), ("van Dijk, Ada, Accepted", "Notes from van Dijk"),
    ("de la Vega, María, Accepted", "Notes from de la Vega"),
    ("'Brannoc Teague' via Leasing Team", "Hi all, Brannoc Teague here"),
])
def test_a_guests_label_with_lower_case_name_words_is_learned_and_keeps_its_status(label: str, elsewhere: str):
    out = clean(f'<div data-email="b.teague@northwind.example" aria-label="{label}"></div><p>{elsewhere}</p>',
                page_url=CALENDAR)
    surname = elsewhere.split()[-1] if "here" not in elsewhere else "Teague"
    assert surname not in out
    if "Accepted" in label:
        assert "Accepted" in out


@pytest.mark.parametrize("shown", [  # guards: a highlight's pieces are one name
    "<span>Brannoc</span> Halvard Teague", "Brannoc Halvard <b>Teague</b>", "María de la <b>Vega</b>",
    "María <span>de la Vega</span>",
])
def test_a_name_a_highlight_parts_in_its_carrier_is_learned_whole(shown: str):
    whole = shown.replace("<span>", "").replace("</span>", "").replace("<b>", "").replace("</b>", "")
    out = clean(f'<span email="b.teague@northwind.example">{shown}</span><p>{whole} wrote</p>')
    assert all(word not in out for word in whole.split() if word not in ("de", "la"))


def test_a_shown_word_in_a_script_without_case_is_no_name():  # a guard: Gmail's Japanese "me"
    assert "自分" in clean('<span email="b.teague@northwind.example">自分</span>')


def test_a_label_of_marks_alone_is_stable():  # a guard: faked on its element, its fake was faked again
    assert "data-email" in clean('<div data-email="b.teague@northwind.example" aria-label="’s \'"></div>', page_url=CALENDAR)


@pytest.mark.parametrize("page", [
    '<a href="#search/call%20503-555-0172">x</a>', '<span title="call%20503-555-0172">x</span>',
    '<a href="#search/%22503-555-0172%22">x</a>', "<p>call%20503-555-0172</p>",
    '<a href="#search/card%204539 1488 0343 6467">x</a>', "<p>call%20 503-555-0172</p>",
])
def test_a_phone_or_card_after_a_percent_escape_leaves_the_escape(page: str):
    # read from the escape's own digits, "%20503-555-0172" faked "20503…" and wrote another byte ("%93…")
    out = clean(page)
    assert "555-0172" not in out and "0343 6467" not in out
    escapes = [e for e in ("%20", "%22") if e in page]
    assert all(out.count(e) == page.count(e) for e in escapes)


@pytest.mark.parametrize("route", ["#search/503-555-0172", "#search/4539 1488 0343 6467", "#search/tel%3A503-555-0172"])
def test_a_number_a_search_route_starts_with_is_faked(route: str):
    # a search for a number writes it right after "#search/" in every result's link (a "/" before a number
    # is a path's as often, and no phone starts after one elsewhere)
    out = clean(f'<a href="{route}">x</a><p>{route}</p>')
    assert "555-0172" not in out and "0343 6467" not in out
    assert out.count("#search/") == 2


def test_a_groups_sender_in_a_label_learns_the_person_not_the_group():
    out = clean('<div data-email="leasing@groups.example" aria-label="\'Brannoc Teague\' via Leasing Team"></div>'
                "<p>Hi all, Brannoc Teague here</p><p>Leasing Team notes</p>")
    assert "Teague" not in out and "<p>Leasing Team notes</p>" in out


# -- a second review of the reworked reading (each a guard: it failed on the rework before its fix)

@pytest.mark.parametrize("label", ["Brannoc Teague, Accepted, (she/her)", "Brannoc Teague, Organizer (she/her)",
                                   "Brannoc Teague, Declined - Running late"])
def test_a_guests_label_with_a_note_after_the_status_learns_the_guest(label: str):
    out = clean(f'<div data-email="b.teague@northwind.example" aria-label="{label}"></div><p>Notes: Brannoc Teague joined.</p>',
                page_url=CALENDAR)
    assert "Brannoc" not in out and "Teague" not in out


@pytest.mark.parametrize("label, person", [
    ("Ada B. Quorn, Out of office", "Ada B. Quorn"), ("J. R. Quorn, Out of office", "J. R. Quorn"),
    ("Send email to Brannoc St. d'Arcy", "Brannoc St. d'Arcy"), ("Seán e al-Rashid is typing", "Seán e al-Rashid"),
    ("Ada Quorn e Silva, Out of office", "Ada Quorn e Silva"), ("Ada Keep, Out of office", "Ada Keep"),
    ("Ada “Bo” Quorn, Out of office", "Ada Quorn"), ("Ada “Bo” Quorn is typing", "Ada Quorn"),
])
def test_a_name_with_initials_joining_words_or_a_nickname_in_a_label_is_learned(label: str, person: str):
    out = clean(f'<div data-email="b.teague@northwind.example" aria-label="{label}"></div><p>Notes: {person} joined.</p>',
                page_url=CALENDAR)
    assert person.split()[-1] not in out


def test_initials_beside_a_name_in_a_script_without_case_are_no_name():
    # the name beside them is not read (shown text needs capitals), so the initials were read as the name
    assert "<span>WL</span>" in clean('<div data-email="b.teague@northwind.example"><span>WL</span><span>王 小明</span></div>')


def test_a_phone_after_a_percent_sign_and_a_bracket_is_faked_whole():
    out = clean("<p>Call or 5%(503) 555-0172</p>")
    assert "(503)" not in out and "555-0172" not in out and "5%(" in out


def test_a_lower_case_label_that_spells_the_address_is_a_name():
    out = clean('<div data-email="brannoc.teague@northwind.example" aria-label="brannoc teague"></div>'
                "<p>Notes from brannoc teague</p>")
    assert "brannoc" not in out.lower()


@pytest.mark.parametrize("handle", ["bteague88", "b_teague", "b.teague88", "bteague_88"])
def test_a_local_part_shown_as_the_senders_name_is_faked_everywhere(handle: str):
    # Gmail names a sender who set no name by the address's local part; the row's summary repeats it
    out = clean(f'<span email="{handle}@northwind.example" name="{handle}">{handle}</span>'
                f'<div class="afn">unread, {handle}, Pallet count, 2:03 PM</div>')
    assert handle not in out


@pytest.mark.parametrize("local, text", [  # guards: a word, a number, a version or a host of the page
    ("support", "<p>Contact support today</p>"), ("2026", "<p>Order 2026 on Mar 3, 2026</p>"),
    ("v2", '<p>See /api/v2/ docs</p>'), ("mail.google", '<a href="https://mail.google.com/mail/u/0/#inbox">in</a>'),
])
def test_a_local_part_that_is_a_word_of_the_page_stays_elsewhere(local: str, text: str):
    assert text in clean(f'<span email="{local}@acme.example" name="{local}">{local}</span>{text}')


@pytest.mark.parametrize("route, value", [
    ("#search/4417+Quarrystone+Lane", "Quarrystone"), ("#search/4417%20Quarrystone%20Lane", "Quarrystone"),
    ("#search/%2B1+503-555-0172", "555-0172"), ("#search/paid%20%2412.50", "12.50"),
    ("#search/card%204539%201488%200343%206467", "0343"), ("#search/call+503+555+0172", "555+0172"),
    ("#search/caf%C3%A9+503-555-0172", "555-0172"),  # a guard: read as written too, it was faked again each pass
    # guards from a review: an escaped "%" or a multi-byte character before the value, an escape's digits
    ("#search/%25503-555-0172", "555-0172"), ("#search/%E2%82%AC12.50", "12.50"),
    ("#search/503%C2%A0555%C2%A00172", "0172"), ("#search/%04417%20Quarrystone+Lane", "Quarrystone"),
])
def test_a_number_in_a_search_routes_encoded_words_is_faked(route: str, value: str):
    # a search for a phone or an address writes it, encoded, in every result's link
    out = clean(f'<a href="{route}">x</a>')
    assert value not in out and "#search/" in out
    joint = "+" if "+" in route.split("%2B")[-1] else "%20" if "%20" in route else "%C2%A0" if "%C2" in route else ""
    assert joint in out
    assert _first_pass_is_a_fixed_point(f'<a href="{route}">x</a>')  # at once, not on a later pass


def _first_pass_is_a_fixed_point(body: str) -> bool:
    faker, opts = Faker(KEY), Options(page_host="mail.google.com")
    first = one_pass(body, faker, opts).html
    faker.own_output = True
    return one_pass(first, faker, opts).html == first


@pytest.mark.parametrize("route, kept", [  # guards: only the value's characters change
    ("#search/a%20b+503+555+0172", "#search/a%20b+"), ("#search/503%2d555-0172", "%2d"),
    ("#search/{x}+503+555+0172", "#search/{x}+"), ("#search/paid%20%2412.50+tip", "#search/paid%20%24"),
])
def test_a_search_routes_other_characters_keep_their_spelling(route: str, kept: str):
    out = clean(f'<a href="{route}">x</a>')
    assert kept in out and out.count("%") == route.count("%")


def test_a_value_running_on_past_a_plain_route_is_read_whole():  # a guard: the route was read apart
    assert "555-0172" not in clean("<p>see #search/503 555-0172</p>") and "503" not in clean("<p>see #search/503 555-0172</p>")


@pytest.mark.parametrize("route", ["#search/from%3Aada+has%3Aattachment", "#search/in%3Ainbox+is%3Aunread",
                                   "#search/Q4+2026+plan", "#search/order%20status"])
def test_a_search_route_without_a_value_is_left_byte_for_byte(route: str):  # a guard
    assert f'href="{route}"' in clean(f'<a href="{route}">x</a>')
