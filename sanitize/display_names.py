"""Display names beside an email in a text (spec §6.2): ``Name <email>``, ``Name (email)``, the quoted-header
forms, ``Name Name, address``, and the person of a sender who writes for another (``Name via Group <…>``). The
rules learn the names into a ``people.NameRules``, which fakes them wherever the page writes them; the
registry-domain rule decides which names beside a kept address stay.
"""

from __future__ import annotations

import re

from sanitize.emails import EITHER_AT_ADDRESS, EmailFake, fake_address
from sanitize.faker import NAME_SUFFIXES, Faker, is_fake_name
from sanitize.name_forms import QUOTES
from sanitize.people import NOT_NAMES, PARTICLES, NameRules, is_whole_name, latin_in
from sanitize.registry import subject_trigger

_NAME = r"[^\W\d_][\w'’.\-]*+"
#: ``Name <address>`` / ``Name (address)``. A name starts at its word's first letter (what precedes it
#: in the word is matched outside group 1), and white space is read possessively: tried at every
#: letter of a long word, or with spaces split two ways, a miss cost n^2.
#: Mail clients' quoted headers add three forms: "Last, First <e>" (and "Name, PhD <e>": up to three
#: words after one comma), a company in brackets between the name and the address, and Outlook's
#: plain-text "Name [mailto:e]". A name never starts right after an address's "@" (``ada@corp.io (b@x.io)``: read
#: as the name "corp.io", its fake left "ada@<name>", no address, and the local part kept); after a mention's "@"
#: it does ("Thanks @Ada Quorn <ada@…>").
DISPLAY_BEFORE = re.compile(
    r"(?:(?<![\w'’.\-])(?<![\w.+\-][@＠])[\d_'’.\-]*+(?=[^\W\d_])|(?=\"))"
    rf"(\"[^\"<>@\n]{{1,80}}\"|{_NAME}(?:[ \t]{_NAME}){{0,5}}(?:,[ \t]{_NAME}(?:[ \t]{_NAME}){{0,2}})?)"
    r"(?:[ \t]*+[(\uff08][^()\uff08\uff09<>@\n]{1,60}[)\uff09])?"  # a company, in full-width brackets too: "（営業部）"
    # Gmail's Spanish and some English quote lines bracket the bracketed address: "Name (<e>) escribió:"
    r"[ \t]*+(?:\n[ \t]*+)?(?:\(<|[<(]|\[mailto:)[ \t]*" + EITHER_AT_ADDRESS + r"[ \t]*(?:>\)|[>)\]])"
)
#: ``Name Name, address`` (a contact chip's aria-label, a guest row, a signature line): two to six words
#: that start their text or line, just before a comma and an address, each capitalised or a particle
#: (``_comma_name``). One word there is as often "Thanks," as a name, and is left; after a comma or a
#: colon the words are a sentence's field (a Calendar chip's title before its calendar's address).
DISPLAY_COMMA = re.compile(rf"(?:^|(?<=\n))[ \t]*+({_NAME}(?:[ \t]{_NAME}){{1,5}}),[ \t]*+" + EITHER_AT_ADDRESS)
#: Words that open a line before an address and are no name: greetings, closings, sign-off words.
_GREETING_WORDS = frozenset({"hi", "hello", "hey", "dear", "thanks", "thank", "regards", "best", "cheers", "kind",
                             "warm", "sincerely", "contact", "email", "write", "reply", "signed", "sent"})
#: A name written just before an element that carries its address ("Hana Sato <" then <a href=mailto:…>,
#: as Gmail writes a quote's attribution).
NAME_BEFORE_OPEN = re.compile(rf"(?:^|(?<=[\s,;:]))({_NAME}(?:[ \t]{_NAME}){{0,5}})[ \t]*[<(][ \t]*$")
#: A person's name, then the words that hand the mail to another sender just before its display name:
#: Google Groups' "Name via Group <group@…>", Outlook's "Name on behalf of Org <org@…>". The display-name
#: rule reads only the words after the connector (lower case ends a name); the person before it is a
#: name beside the address too. Not "for" or "from": "Order Confirmation for Ada <…>" is a subject.
SENDER_BEFORE_CONNECTOR = re.compile(
    rf"(?:^|(?<=[\s,;:\"'’‘“]))({_NAME}(?:[ \t]{_NAME}){{0,5}})[\"'’”]?[ \t]++(?:via|on behalf of)[ \t]++$"
)
#: The most text before a display name the connector rule reads: six words and the connector (a long
#: "To:" line read whole before each of its thousands of names cost n^2).
_CONNECTOR_WINDOW = 160
#: What a guest's label says after the guest's name ("Hana Sato, Accepted"): not a name.
STATUS_WORDS = frozenset({"accepted", "declined", "tentative", "maybe", "needs rsvp", "awaiting response", "organizer",
                          "optional", "going", "not going", "invited", "attending", "not attending", "awaiting",
                          "organiser",
                          # a guest's or a member's role and presence (Calendar, Chat; a review of 2026-12-03)
                          "guest", "external", "host", "co-host", "owner", "presenter", "busy", "away", "active",
                          "offline", "do not disturb", "out of office"})
#: A word before a name that is not part of it: a time's AM/PM, anything with a digit.
_NOT_A_NAME_WORD = re.compile(r"^(?:[ap]\.?m\.?|\S*\d\S*)$", re.I)
#: A clock's zone written after it ("at 2:03 PM EDT <…> wrote:"): no name, alone or before one.
_ZONES = frozenset({"UTC", "GMT", "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT", "AKST", "AKDT", "HST", "BST",
                    "IST", "CET", "CEST", "EET", "EEST", "WET", "WEST", "JST", "KST", "AEST", "AEDT", "ACST", "AWST",
                    "NZST", "NZDT", "SGT", "HKT"})


#: The verb a quote line writes just before the address when the sender has no name ("Uhr schrieb <e>:").
_QUOTE_VERBS = frozenset({"wrote", "schrieb", "écrit", "escribió", "escreveu", "scrisse", "schreef", "skrev", "napisał",
                          "kirjoitti", "yazdı", "написал", "написала"})


def _not_a_name_word(word: str) -> bool:
    """A word before a name that is none of it: a clock's AM/PM or zone, anything with a digit."""
    word = word.rstrip(",")
    return word in _ZONES or _NOT_A_NAME_WORD.match(word) is not None


def name_words(name: str) -> str:
    """The name at the end of a run of words before an address: leading words in lower case (not a
    particle), a time's AM/PM or a word with a digit are the sentence before it ("please contact
    Mei-Ling Zhou", "8:00 PM Hana Sato"), and so is everything up to the last lower-case word that is no
    particle ("Send email to Araminta Fell"), as long as a capitalised word stays (a name written all in
    lower case is kept whole)."""
    words = name.split()
    while len(words) > 1 and any(w[0].isupper() for w in words[1:]) and (
        _not_a_name_word(words[0]) or (words[0].isalpha() and words[0].islower() and words[0] not in PARTICLES)
    ):
        words.pop(0)
    # a capitalised sentence word before a lower-case one is the sentence's too ("Send email to Araminta
    # Fell"): the name is the run of words holding a capital ("al-Sayed" too) and particles that ends them
    start = len(words)
    while start > 0 and (not words[start - 1].islower() or words[start - 1] in PARTICLES):
        start -= 1
    if 0 < start < len(words) and words[start][0].isupper():
        words = words[start:]
    return " ".join(words)



def keeps_display_name(name: str, local: str, result: EmailFake, rules: NameRules) -> bool:
    """The registry-domain rule for the name beside a kept address (spec §6.2)."""
    p = result.platform
    if p is None or not p.keeps_sender_name or rules.is_given(name):
        return False
    return "+" in local or any(holds_brand_token(name, tok) for tok in p.brand_tokens)


def is_business_name(name: str, result: EmailFake) -> bool:
    """A sender's name that is a business's label, not a person's: one beside a kept registry address
    holding that platform's brand token ("Meta Pay" at facebookmail.com), or one the receipt parser's
    subject trigger matches ("Order Confirmation"). Faked beside its address, but never learned for
    the page: the subject a parser classifies by names it too ("Your Meta Pay receipt")."""
    p = result.platform
    if p is not None and any(holds_brand_token(name, tok) for tok in p.brand_tokens):
        return True
    return subject_trigger().search(name) is not None


def holds_brand_token(name: str, token: str) -> bool:
    """True when ``token`` (lower case) is a word of ``name``: it starts a word and ends one, or ends
    where a run-together brand's next capital starts ("Amazon.com", "Uber Receipts", "UberEats").
    "Hubert", "Anna Huber" and "Uberti" are people.

    >>> [holds_brand_token(n, "uber") for n in ("UberEats", "UBER EATS", "Uberti", "UBERTI", "Hubert")]
    [True, True, False, False, False]
    """
    for m in re.finditer(rf"(?<![^\W_]){re.escape(token)}", name, re.I):
        after = name[m.end() : m.end() + 1]
        if not after or not after.isalnum() or (after.isupper() and name[m.end() - 1].islower()):
            return True
    return False


def _comma_name(words: list[str]) -> str | None:
    """The name in the words before ``, address``: leading greeting words dropped, then two or more
    words each capitalised or a particle; None when no such name is left."""
    while words and words[0].lower().strip(".") in _GREETING_WORDS:
        words = words[1:]
    if len(words) < 2 or not all(w[0].isupper() or w in PARTICLES for w in words) or not words[0][0].isupper():
        return None
    return " ".join(words)


def learn_comma_names(text: str, faker: Faker, rules: NameRules) -> None:
    """Learn each ``Name Name, address`` name of ``text`` (replaced everywhere by ``NameRules``)."""
    for m in DISPLAY_COMMA.finditer(text):
        name = _comma_name(m.group(1).split())
        if name is None or name.lower() in STATUS_WORDS or is_fake_name(name):
            continue
        local, domain = m.group(2), m.group(3)
        result = fake_address(faker, local, domain)
        if not keeps_display_name(name, local, result, rules) and not is_business_name(name, result):
            rules.learn(name)


def fake_display_names(text: str, faker: Faker, rules: NameRules, counts: dict[str, int]) -> tuple[str, list[str]]:
    """Replace Name <email> / Name (email) names in one text, and learn ``Name, email`` ones; return
    (text, one-word names seen)."""
    at = "@" in text or "\uff20" in text  # an address written with the full-width ＠ too (``emails.WIDE_EMAIL``)
    if at and "," in text:
        learn_comma_names(text, faker, rules)
    # the pattern needs an '@' and an opening '<', '(' or '[': most texts are ruled out before it runs
    if not at or ("<" not in text and "(" not in text and "[" not in text) or not DISPLAY_BEFORE.search(text):
        return text, []
    singles: list[str] = []

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        bare = name.strip('"') if name.startswith('"') else name_words(name)
        if m.start(1) and m.string[m.start(1) - 1] in QUOTES and bare[-1:] in QUOTES:
            bare = bare[:-1]  # "'Ada Quorn' <e>": the opening quote stood before the name, the closing one in it
        if len(bare.split()) == 1 and (")" in m.string[m.end(1) : m.start(2)] or _not_a_name_word(bare)):
            # "2:30pm (EDT) (e)", "Weekly (EDT) (e)": a bracketed part needs a whole name; "at 2:03 PM <e> wrote:"
            return m.group(0)
        if bare.rsplit(None, 1)[-1].lower() in _QUOTE_VERBS:
            return m.group(0)  # "um 14:03 Uhr schrieb <e>:": a quote line's verb ends no name
        local, domain = m.group(2), m.group(3)
        result = fake_address(faker, local, domain)
        if bare.lower() in NOT_NAMES or is_fake_name(bare) or keeps_display_name(bare, local, result, rules):
            return m.group(0)
        counts["display-name"] = counts.get("display-name", 0) + 1
        if not is_whole_name(bare) or is_business_name(bare, result):
            # the Latin name inside one glued to words of Chinese, Japanese or Korean first ("担当Ada", "Quorn様":
            # its bare copies in the text; a second review, session 36), then the name as written
            latin = latin_in(bare)
            singles.extend((latin, bare) if latin != bare else (bare,))
        else:
            rules.learn(bare)
            if "," in bare:
                _learn_comma_parts(bare, rules)
        # the words the name rule left before the name ("Tamsin Quarrel via" of "Tamsin Quarrel via Group")
        at = m.start(1) + max(name.rfind(bare), 0)
        line_start = max(m.string.rfind("\n", max(0, at - _CONNECTOR_WINDOW), at) + 1, at - _CONNECTOR_WINDOW, 0)
        _learn_sender_before_connector(m.string[line_start:at], rules)
        fake = rules.fake(bare)
        return m.group(0).replace(bare, fake, 1)

    return DISPLAY_BEFORE.sub(one, text), singles


def _learn_sender_before_connector(before: str, rules: NameRules) -> None:
    """The person in "Name via Group <…>" (``SENDER_BEFORE_CONNECTOR``), learned as a display name is."""
    found = SENDER_BEFORE_CONNECTOR.search(before) if before.endswith(" ") or before.endswith("\t") else None
    if found is None:
        return
    person = name_words(found.group(1)).strip(QUOTES)
    # two words or more (one word there is as often an interface word), and no receipt's words
    if (len(person.split()) < 2 or person.lower() in NOT_NAMES or is_fake_name(person)
            or subject_trigger().search(person) is not None):
        return
    rules.learn(person)


def _learn_comma_parts(name: str, rules: NameRules) -> None:
    """"Last, First" is also "First Last"; "Ada, Bertil Stone" (a list before one address) holds the
    name "Bertil Stone": each part of two or more words is learned too (a suffix such as PhD aside)."""
    parts = [p.strip() for p in name.split(",")]
    kept = [p for p in parts if p.lower().rstrip(".") not in NAME_SUFFIXES]
    if len(parts) == 2 and len(kept) == 2 and all(len(p.split()) == 1 for p in parts):
        rules.learn(f"{parts[1]} {parts[0]}")
    for part in kept:
        if len(part.split()) > 1 and part.lower() not in STATUS_WORDS:
            rules.learn(part)
