"""Shortcuts of the passes (issue 5, session 9) give exactly what the full readings give.

Each test compares a shortcut with the reading it stands for, on random inputs built to hit its edges.
"""

from __future__ import annotations

import random

from selectolax.lexbor import LexborHTMLParser

from sanitize import receipts, seeds
from sanitize.faker import Faker
from sanitize.memo import PassMemo
from sanitize.pipeline import Cleaner, Options

from .conftest import KEY


def test_inline_label_ends_read_as_the_case_insensitive_pattern():
    """``receipts.inline_label_ends`` (ASCII text read lower-cased, without (?i)) finds the ends
    ``ID_LABEL_INLINE`` finds, on random texts of label words in any case, digits and separators."""
    rng = random.Random(9)
    pieces = ["Order", "ORDER", "order", "oRdEr", "No.", "no", "#", "Number", "Invoice", "RECEIPT", "code", "Code",
              "confirmation", "Booking", "reference", "Tracking", "Member", "ticket", "PNR", "record", "locator",
              "gift", "card", "Gift Card", "promo", "Account", "Customer", "Trip", "ID", " ", "  ", "\t", ":", ".",
              "-", "_", "1234", "A1B2", "x", "é", "ſ", "K", "İ", "\u00a0", "ordered", "reorder", "codes", "K1",
              "Ref", "ref.", "REF", "refund", "PO", "p.o.", "P.O.", "Purchase", "Authorization", "authorisation", "auth",
              "Payment", "case", "Policy", "PIN", "pinned", "Bestellnummer", "numéro", "NUMERO", "de", "commande"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        assert receipts.inline_label_ends(text) == [m.end() for m in receipts.ID_LABEL_INLINE.finditer(text)], text


def _inject_in_full(tree: LexborHTMLParser, seed_list: list, counts: dict[str, int]) -> None:
    """``seeds.inject_seeds`` as it read before its early returns."""
    present = {n.attributes.get(seeds.ATTR) for n in tree.css(f"[{seeds.ATTR}]")}
    landmark = seeds.main_landmark(tree)
    for seed in seed_list:
        if seed.id in present:
            continue
        div = tree.create_node("div")
        div.attrs[seeds.ATTR] = seed.id
        landmark.insert_child(div)
        landmark.last_child.insert_child(seed.value)
        counts["seeded"] = counts.get("seeded", 0) + 1


def test_inject_seeds_early_returns_leave_what_the_full_reading_leaves():
    """No seed to add (none given, or all present) leaves the page as the full reading does, with a body
    and without one (a frameset page, where the landmark creates a body)."""
    given = seeds.as_seeds([{"id": "a", "value": "attest-seed-a"}, {"id": "b", "value": "attest-seed-b"}])
    pages = [
        "<html><body><div role=main><p>x</p></div></body></html>",
        "<html><body><div style='display:none'><div role=main>x</div></div></body></html>",
        "<html><frameset><frame></frameset></html>",
        "<html><head></head></html>",
        "<html><body><div data-attest-seeded=a>attest-seed-a</div><div data-attest-seeded=b>attest-seed-b</div></body></html>",
        "<html><body><div data-attest-seeded=a>attest-seed-a</div></body></html>",
        "<html><frameset></frameset><div data-attest-seeded=a>attest-seed-a</div></html>",
    ]
    rng = random.Random(13)
    parts = ["<div role=main>m</div>", "<div style='display: none'><div role=main>h</div></div>", "<p hidden role=main>",
             "<div data-attest-seeded=a>attest-seed-a</div>", "<div data-attest-seeded=b>attest-seed-b</div>",
             "<div data-attest-seeded=a>forged</div>", "<frameset><frame></frameset>", "<body>", "</body>", "<p>x</p>"]
    pages += ["<html>" + "".join(rng.choice(parts) for _ in range(rng.randint(0, 5))) + "</html>" for _ in range(300)]
    for html in pages:
        for seed_list in ([], given, given[:1], given[1:]):
            fast_tree, full_tree = LexborHTMLParser(html), LexborHTMLParser(html)
            fast, full = {}, {}
            seeds.inject_seeds(fast_tree, list(seed_list), fast)
            _inject_in_full(full_tree, list(seed_list), full)
            assert (fast_tree.html, fast) == (full_tree.html, full), (html, seed_list)


def test_meet_read_over_unknown_values_only_is_the_whole_reading():
    """``_element`` reads "meet" only in the values not already known to hold none: the same answer as
    reading every value, whatever values the pass has seen before."""
    rng = random.Random(11)
    words = ["meet", "MEET", "Meet", "mee", "t", "me et", "abc-defg-hij", "x", "", None, "Meeting room", "metre",
             "display:block;color:red", "\u0130", "ſ", "mEEt-x"]
    for _ in range(3_000):
        cleaner = Cleaner(Faker(KEY), Options(page_host="mail.google.com"), PassMemo())
        for _ in range(rng.randint(0, 3)):  # values seen before, as earlier elements leave them
            seen = {f"a{i}": rng.choice(words) for i in range(rng.randint(1, 4))}
            cleaner._element("div", seen, False, ())
        attrs = {f"data-{i}": rng.choice(words) for i in range(rng.randint(1, 5))}
        expected = "meet" in " ".join([v for v in attrs.values() if v]).lower()
        _, keys = cleaner._element("div", attrs, False, ())
        assert keys[0][0][3] == expected, attrs  # each key is (ctx, name, value); ctx[3] is "meet"


def test_label_hint_never_rules_out_a_label_or_an_ending():
    """``receipts._label_hint`` (substring checks on an ASCII text, ``_LABEL_HINT`` on any other) is true of
    every text an id label, an address label or a card ending is read in, and the two readings agree on
    ASCII text; ``names_payment`` is ``PAYMENT_WORDS.search``. Random texts over every label's words."""
    rng = random.Random(17)
    pieces = ["Order", "no.", "#", "Invoice", "code", "Ref", "ref.", "refund", "PO", "p.o.", "Purchase order",
              "Authorization", "auth code", "Booking ref", "Payment", "ID", "Case", "Policy", "Gift card", "PIN",
              "Bestellnummer", "Numéro de commande", "Shipped to", "Delivering to", "Customer address", "Recipient",
              "Delivery details", "Your address", "Billing details", "Dropoff", "Drop-off", "Ship to", "Address",
              "Visa", "VISA x", "(", "…", "*", "xx", "ending with", "Last 4", "four digits", "PayPal (", "paid with",
              "credit", " ", ":", "-", "1234", "A1B2", "é", "İ", "K", "x",
              # session 32's labels: meetings, other languages, Booking.com, PayPal, card endings
              "Meeting", "Meeting-ID", "Konferenz-ID", "Conference", "Webinar", "Auftragsnummer", "Bestell-Nr.", "N° de ",
              "réservation", "Réservation n°", "Numéro de suivi", "Número de pedido", "Pedido nº", "Código de confirmación",
              "Número da encomenda", "Numero d'ordine", "Numero di tracciamento", "Codice di prenotazione",
              "Bestelnummer", "Factuurnummer", "PIN code", "se terminant par", "endet auf", "Endziffern",
              "terminada en", "terminado em", "che termina con", "eindigend op", "Visa ....", "Shipping address - confirmed"]
    for _ in range(30_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        read = bool(
            receipts.ID_LABEL_ONLY.fullmatch(text) or receipts.ADDRESS_LABEL_ONLY.fullmatch(text)
            or receipts.ADDRESS_INLINE.match(text) or receipts.ID_LABEL_INLINE.search(text)
            or receipts.CARD_ENDING_INLINE.search(text)
        )
        assert not read or receipts._label_hint(text), text
        if text.isascii():
            assert receipts._label_hint(text) == bool(receipts._LABEL_HINT.search(text)), text
        assert receipts.names_payment(text) == bool(receipts.PAYMENT_WORDS.search(text)), text
