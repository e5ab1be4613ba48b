"""The words and marks receipt labels are read by (spec §6.2): id labels, address labels, payment words and
card endings, with the cheap pre-checks that rule most texts out before their patterns run.

``receipts`` reads neighbours with them; they live apart so each pattern can be read (and tested) alone.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from sanitize.emails import address_spans
from sanitize.scripts import WORD_NOT_CJK
from sanitize.values import AMOUNT

_NO = r"(?:number|no\.?|num|id|#|code)"
ID_LABEL = (
    rf"(?:order(?:\s+confirmation)?(?:\s*{_NO})?|invoice(?:\s*{_NO})?|receipt(?:\s*{_NO})?|"
    rf"confirmation(?:\s*{_NO})?|(?:promo|discount|gift\s+card|coupon|copy|voucher|access|booking|"
    rf"reservation|verification|redemption)\s+code|code|reference(?:\s*{_NO})?|booking\s+(?:reference|{_NO})|"
    rf"transaction(?:\s*{_NO})?|tracking(?:\s*{_NO})?|membership(?:\s*{_NO})?|member\s*{_NO}|"
    rf"ticket\s*{_NO}|account\s*{_NO}|reservation(?:\s*{_NO})?|customer\s*{_NO}|trip\s*{_NO}|"
    rf"pnr|record\s+locator|"
    # the second leak audit's labels; bare "ref" and "pin" are words of their own (the inline pattern's
    # (?<![\w]) and (?![\w]): "refund", "pinned" are no labels) and still fake only words of 4+ with a digit
    # (a review: words that stand in prose as often, "Privacy Policy 2026", "Your PIN 2026 reminder", are a
    # label only with a number word, a mark or a colon after them)
    rf"authori[sz]ation\s*{_NO}|auth\s+code|booking\s+ref\.?|ref(?:\.|\s*{_NO}|(?=\s*[:#]))|(?:po|p\.o\.)\s*{_NO}|"
    rf"purchase\s+order(?:\s*{_NO})?|payment\s*{_NO}|case\s*{_NO}|policy\s*{_NO}|"
    rf"(?:gift\s+card\s+pin|pin(?=\s*[:#])|pin\s+code)(?:\s*{_NO})?|"  # Booking.com's "PIN code"
    # a shop writes its receipt in its customer's language (session 32): German, French, Spanish, Portuguese,
    # Italian and Dutch order, invoice, customer, booking and tracking numbers and confirmation codes
    rf"(?:auftrags|bestell|rechnungs|kunden|buchungs|sendungs)(?:nummer|-?nr\.?)|"
    rf"(?:n[°º]|num[ée]ro)\s*de\s+(?:commande|facture|suivi|r[ée]servation)|(?:commande|r[ée]servation|facture)\s+n[°º]|"
    rf"(?:n\.?\s?[°º]|n[úu]mero)\s*d[eoa]\s+(?:pedido|factura|fatura|seguimiento|reserva|encomenda)|"
    rf"pedido\s+n\.?\s?[°º]|"
    rf"numero\s+(?:d['’]\s*ordine|(?:di\s+)?(?:ordine|fattura|prenotazione|tracciamento))|ordine\s+n[.°º]|"
    rf"(?:bestel|factuur|boekings?|reserverings?|klant)nummer|"
    rf"c[óo]digo\s+de\s+(?:confirmaci[óo]n|confirma[çc][ãa]o|reserva)|code\s+de\s+confirmation|"
    rf"codice\s+(?:di\s+)?prenotazione|"
    # a software purchase's key (a re-run of that audit's pages)
    rf"(?:licen[cs]e|product|activation|serial)\s+(?:key|{_NO})|"
    # a meeting invitation's secret (a Calendar audit: Zoom's and Teams' passcodes) and its dial-in id, the key
    # to a meeting as a Meet code is (session 32's audit: "Meeting ID: …", Teams' "Phone Conference ID: …#")
    rf"(?:meeting\s+)?(?:passcode|pass\s+code|password)|(?:meeting|conference|webinar|konferenz)(?:\s+|-)?{_NO})"
)
# possessive white space: "label", spaces, then anything else cost n^2 as the spaces were split two ways
#: A label's whole text may be a sentence around it: "Your verification code is" (then the code).
ID_LABEL_ONLY = re.compile(rf"\s*(?:your\s++)?{ID_LABEL}(?:\s++is)?\s*+[:#.]?\s*+", re.I)
#: "Order date", "Invoice date": a date's label, not an id's (the date was faked as an order number)
_NOT_A_DATE_LABEL = r"(?!\s*(?:date|time)(?![\w]))"
ID_LABEL_INLINE = re.compile(rf"(?<!{WORD_NOT_CJK}){ID_LABEL}(?![\w]){_NOT_A_DATE_LABEL}\s*[:#.]?", re.I)
#: ID_LABEL_INLINE without (?i), for lower-cased ASCII text: there it reads the same spans (ASCII folds
#: one to one and the pattern's letters are all lower case), and without (?i) the engine can skip ahead
#: on the words' first letters (3 µs a short text with it; a receipt list reads thousands).
_ID_LABEL_INLINE_LOWER = re.compile(rf"(?<!{WORD_NOT_CJK}){ID_LABEL}(?![\w]){_NOT_A_DATE_LABEL}\s*[:#.]?")
ADDRESS_LABEL = (
    r"(?:(?:shipping|billing|delivery|mailing|pickup|pick-up|home|postal|service|customer|your|recipient'?s?)\s+address|"
    r"address|ship(?:ping|ped)?\s+to|deliver(?:y|ed|ing)?\s+to|bill(?:ing|ed)?\s+to|sold\s+to|"
    r"(?:delivery|billing|shipping)\s+details|drop-?off(?:\s+(?:address|location|point))?|"
    r"pick-?up\s+(?:location|point)|collection\s+(?:address|point))"
)
#: "Recipient" is an address label only as a label's whole text (in prose, or before a colon in a text,
#: it names a person or a field as often as an address)
ADDRESS_LABEL_ONLY = re.compile(
    # PayPal writes whether the address is confirmed after the label ("Shipping address - confirmed")
    rf"\s*(?:{ADDRESS_LABEL}|recipient)(?:\s*+[-–(]\s*+(?:un)?confirmed\)?)?\s*+:?\s*+", re.I)
ADDRESS_INLINE = re.compile(rf"^\s*({ADDRESS_LABEL}\s*:\s*)(\S.*)$", re.I | re.S)
PAYMENT_WORDS = re.compile(
    r"payment|paid\s+with|card|visa|master\s*card|amex|american\s+express|discover|diners|jcb|unionpay|"
    r"maestro|debit|credit|ending|ends\s+in|apple\s+pay|google\s+pay|paypal|rupay|last\s*+(?:4|four)",
    re.I,
)
#: A payment word standing as a word ("Payment method", "Visa ending in"), never inside one: an address
#: line holds "Cardiff" or "Discovery Bay".
_PAYMENT_WORD = re.compile(rf"(?<![^\W\d_])(?:{PAYMENT_WORDS.pattern})(?![^\W\d_])", re.I)
#: What every CARD_ENDING_INLINE match holds: "end" (ending, ends in) or a brand (any case), or two marks in
#: a row. Plain ``in`` tests first: the pattern itself, tried at each position, cost 7–11 µs on a short id.
_TWO_MARKS = re.compile("[•*·xX]{2}")


def may_name_card_ending(text: str) -> bool:
    """False when ``text`` cannot hold a CARD_ENDING_INLINE match (a cheap test before the pattern)."""
    if not text.isascii():
        return True  # the pattern's re.I folds more than str.lower does ("VİSA")
    lower = text.lower()
    return ("end" in lower or "visa" in lower or "mastercard" in lower or "amex" in lower or "discover" in lower
            or "rupay" in lower or "paypal" in lower or "last" in lower or "termin" in lower or "eindig" in lower
            or _TWO_MARKS.search(text) is not None)


#: A payment row's cell holding only an ending: "- 6407", "•••• 6407", "*9064", "…2718", "(1357)", "(x-4410)".
CARD_ENDING_ONLY = re.compile(r"[\s\-–—•*·xX…(]*+(\d{4,5})\)?+\s*+")
CARD_ENDING_INLINE = re.compile(
    # a run of marks, in groups ("XXXX-XXXX-XXXX-", "**** **** "), is read from its first group: a start
    # after a mark, or after a mark pair and one separator, is inside a run already read (else n^2 on a
    # long run); white space possessively. A brand takes one separator and marks of any count, or a
    # parenthesis: "Visa -4242", "VISA x8841", "Visa *9064", "Visa …2718", "Visa (1357)", "PayPal (x-4410)".
    r"((?:ending(?:\s+(?:in|with))?|ends\s+(?:in|with)|last\s*+(?:4(?!\d)|four)(?:\s+digits)?+\s*+[:#]?+|"
    # other languages' "ending in" (session 32's second audit): French, German, Spanish, Portuguese, Italian, Dutch
    r"(?:se\s+)?terminant\s+par|endet\s+auf|(?:mit\s+)?endziffern|terminad[ao]\s+e[nm]|(?:che\s+)?termina\s+con|"
    r"eindigend\s+op|"
    r"(?<![•*·xX])(?<![•*·xX]{2}[\s\-–—])(?:[•*·xX]{2,}+[\s\-–—]?+)++|"
    # ASCII dots too ("Visa .... 4417", as Apple writes it)
    r"(?:visa|mastercard|amex|discover|rupay)\s*+[-–—(]?+\s*+(?:[•*·xX…]++[-–—]?+|\.{2,}+)?+|"
    r"paypal\s*+\(\s*+(?:[•*·xX…]++[-–—]?+)?+)\s*+)"
    r"(\d{4,5})(?!\d)",
    re.I,
)
_HAS_DIGIT = re.compile(r"\d")
#: A year or a clock is no id, whatever label precedes it: its fake would replace every standalone copy
#: on the page (a Calendar chip's "2026", "10am").
_YEAR_OR_TIME = re.compile(r"(?:1[89]|2[01])\d\d|\d{1,2}(?:[:.]\d\d)?(?:am|pm)", re.I)
#: A word as the labelled-id rule reads it: letters and digits, with inner '-' or '_' (a Stripe id, "txn_3Nx8…");
#: runs read possessively, each separator run then a letter or digit (no backtracking over a long run). A word of
#: Chinese, Japanese or Korean glued to it is no part of it (``scripts.CJK``: "Order number A1B2C3D4です"; session 36).
_DWORD = re.compile(rf"(?<!{WORD_NOT_CJK})(?<!-)[A-Za-z0-9]++(?:[_\-]++[A-Za-z0-9]++)*+(?!{WORD_NOT_CJK}|-)")
_ANY_LABEL = re.compile(rf"\s*(?:{ID_LABEL}|{ADDRESS_LABEL}|[^\d:]{{1,40}}:)\s*", re.I)
#: Cheap first look: a text with none of these words or marks holds no label and no card ending.
_LABEL_HINT = re.compile(
    r"(?i)order|invoice|receipt|confirm|code|ref|book|transact|track|member|ticket|account|reserv|customer|trip|pnr|"
    r"locator|address|ship|deliver|bill|sold|ending|ends|visa|master|amex|discover|rupay|[•*·xX]{2}|"
    r"auth|po|p\.o|pay|case|polic|pin|bestell|commande|last|recipient|drop|licen|product|activat|serial|pick|collect|"
    r"pass|meeting|conference|webinar|konferenz|"
    r"auftrag|rechnung|kunden|buchung|sendung|facture|suivi|pedido|factura|fatura|seguimiento|encomenda|ordine|"
    r"fattura|prenota|bestel|factuur|boeking|klant|digo|codice|réserv|traccia|endet|endziffer|termin|eindig"
)
#: The alternatives of _LABEL_HINT as plain words: for ASCII text ``_label_hint`` is the same test
#: as a few substring checks on the lower-cased text (the (?i) alternation costs ~0.5 µs a character).
_LABEL_HINT_WORDS = (
    "order", "invoice", "receipt", "confirm", "code", "ref", "book", "transact", "track", "member", "ticket",
    "account", "reserv", "customer", "trip", "pnr", "locator", "address", "ship", "deliver", "bill", "sold",
    "ending", "ends", "visa", "master", "amex", "discover", "rupay", "xx", "x*", "*x", "**",
    "auth", "po", "p.o", "pay", "case", "polic", "pin", "bestell", "commande", "last", "recipient", "drop",
    "licen", "product", "activat", "serial", "pick", "collect", "pass", "meeting", "conference", "webinar", "konferenz",
    "auftrag", "rechnung", "kunden", "buchung", "sendung", "facture", "suivi", "pedido", "factura", "fatura",
    "seguimiento", "encomenda", "ordine", "fattura", "prenota", "bestel", "factuur", "boeking", "klant", "digo", "codice",
    "réserv", "traccia", "endet", "endziffer", "termin", "eindig",
)
#: Words one of which every PAYMENT_WORDS match contains (lower case): a cheap necessary condition.
_PAYMENT_HINT_WORDS = (
    "pay", "paid", "card", "visa", "amex", "american", "discover", "diners", "jcb", "maestro", "debit",
    "credit", "ending", "ends", "last",
)
#: Case-sensitive alternations over lower-cased text: without (?i) the regex engine can skip
#: ahead on the first letters, several times faster than the same alternation with it.
_LABEL_HINT_LOWER = re.compile("|".join(re.escape(w) for w in _LABEL_HINT_WORDS))
_PAYMENT_HINT_LOWER = re.compile("|".join(re.escape(w) for w in _PAYMENT_HINT_WORDS))


@functools.cache
def tokens(n: int) -> re.Pattern[str]:
    """The first ``n`` whitespace-separated tokens (and the space around them): an inline id label names
    its next two (``labelled_values.LabelledValues.fake_words``)."""
    return re.compile(r"\s*(?:\S+\s*){0,%d}" % n)


def inline_label_ends(text: str) -> list[int]:
    """Where each ``ID_LABEL_INLINE`` match in ``text`` ends (``inline_label_spans``)."""
    return [end for _, end in inline_label_spans(text)]


def inline_label_spans(text: str) -> list[tuple[int, int]]:
    """Each ``ID_LABEL_INLINE`` match in ``text`` (an ASCII text is read lower-cased), but for a label word
    inside an email address: none is a label there (a receipt sender's address keeps its "order" in its
    fake, ``faker.Faker.email``, and read as a label it named the next words only in the pass that read
    the fake)."""
    found = _ID_LABEL_INLINE_LOWER.finditer(text.lower()) if text.isascii() else ID_LABEL_INLINE.finditer(text)
    if "@" not in text and "%40" not in text:
        return [m.span() for m in found]
    spans = sorted(address_spans(text))
    labels, k = [], 0
    for m in found:  # both in text order: one walk (a scan of every address per label was n^2)
        start = m.start()
        while k < len(spans) and spans[k][1] <= start:
            k += 1
        if not any(s <= start < e for s, e in spans[k : k + 2]):  # a plain and an encoded address may overlap
            labels.append(m.span())
    return labels


def named_words(text: str) -> Iterator[tuple[int, int, int, str]]:
    """(label start, label end, word start, word) for each word an inline id label names in ``text``: the
    words of its next two tokens that the labelled-id rule fakes (``is_id_word``), none after a total
    line's amount ("Order total $12.34"), as ``labelled_values.LabelledValues.fake_words`` reads them."""
    for start, end in inline_label_spans(text):
        stop = tokens(2).match(text, end).end()  # type: ignore[union-attr]  # the pattern matches empty
        if opens_with_amount(text[end:stop]):
            continue
        for m in _DWORD.finditer(text, end, stop):
            if is_id_word(m.group()):
                yield start, end, m.start(), m.group()


def opens_with_amount(head: str) -> bool:
    """Whether the tokens a label names open with an amount: a total line ("Order total $12.34"), whose
    words no label names as an id (an amount later in the text is the amount rule's)."""
    return AMOUNT.match(head, len(head) - len(head.lstrip(" :#\u00a0\t"))) is not None


def is_id_word(word: str) -> bool:
    """A word (``_DWORD``) the labelled-id rule fakes: four characters or more with a digit, no year or
    clock (a shorter one is left: "Ticket 3 of 4")."""
    return len(word) >= 4 and any(c.isdigit() for c in word) and not _YEAR_OR_TIME.fullmatch(word)


def _label_hint(text: str) -> bool:
    if text.isascii():
        return _LABEL_HINT_LOWER.search(text.lower()) is not None
    return _LABEL_HINT.search(text) is not None


def names_payment(text: str) -> bool:
    """PAYMENT_WORDS.search(text), with a substring pre-check for ASCII text."""
    if text.isascii() and _PAYMENT_HINT_LOWER.search(text.lower()) is None:
        return False
    return PAYMENT_WORDS.search(text) is not None
