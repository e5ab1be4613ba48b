"""People rules: --names, display names beside an email, and --redact-selector phrases.

--names: every given name and every part of it (each piece of a hyphenated part too, but a particle)
is replaced everywhere (outside --keep-selector areas), part by part, so "Priya" alone gets the same fake as the first word of "Priya Raman".
Display names are learned beside an address (Name <email>, Name (email), or the name/title/
aria-label of an element carrying an email). A learned name of two or more words is replaced
everywhere; a one-word one (Google <no-reply@…>) only inside its own element, so interface words
survive. A learned name does not cover a lone first name elsewhere (spec §6.4).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from sanitize.emails import EMAIL, EmailFake, fake_address
from sanitize.registry import subject_trigger
from sanitize.faker import NAME_SUFFIXES, Faker, is_fake_name
from sanitize.name_forms import QUOTES, joined_words, person_in, phrase_key

#: Words Gmail writes in place of a name for the user's own entries; an observer reads them.
NOT_NAMES = frozenset({"me", "you"})

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
    r"(?:[ \t]*+\([^()<>@\n]{1,60}\))?"
    r"[ \t]*+(?:\n[ \t]*+)?(?:[<(]|\[mailto:)[ \t]*" + EMAIL.pattern + r"[ \t]*[>)\]]"
)
#: ``Name Name, address`` (a contact chip's aria-label, a guest row, a signature line): two to six words
#: that start their text or line, just before a comma and an address, each capitalised or a particle
#: (``_comma_name``). One word there is as often "Thanks," as a name, and is left; after a comma or a
#: colon the words are a sentence's field (a Calendar chip's title before its calendar's address).
DISPLAY_COMMA = re.compile(rf"(?:^|(?<=\n))[ \t]*+({_NAME}(?:[ \t]{_NAME}){{1,5}}),[ \t]*+" + EMAIL.pattern)
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
#: A person's name, then a bar or a spaced dash before the display name the rule read: "Ada Quorn | Fennel
#: Labs <…>" (a company after the person). Only a name of capitalised words (``_comma_name``) is learned.
SENDER_BEFORE_SEPARATOR = re.compile(rf"(?:^|(?<=[\s,;:\"]))({_NAME}(?:[ \t]{_NAME}){{0,5}})(?:[ \t]*+[|•]|[ \t]++[-–—])[ \t]++$")
#: The most text before a display name the connector rule reads: six words and the connector (a long
#: "To:" line read whole before each of its thousands of names cost n^2).
_CONNECTOR_WINDOW = 160
#: Lower-case words that stand inside names ("María José García López de Vega").
PARTICLES = frozenset({"de", "del", "della", "di", "da", "dos", "das", "du", "la", "le", "van", "von", "der", "den",
                       "ter", "bin", "binti", "al", "el", "y"})
#: What a guest's label says after the guest's name ("Hana Sato, Accepted"): not a name.
STATUS_WORDS = frozenset({"accepted", "declined", "tentative", "maybe", "needs rsvp", "awaiting response", "organizer",
                          "optional", "going", "not going", "invited", "attending", "not attending", "awaiting",
                          "organiser"})
#: A word before a name that is not part of it: a time's AM/PM, anything with a digit.
_NOT_A_NAME_WORD = re.compile(r"^(?:[ap]\.?m\.?|\S*\d\S*)$", re.I)


def name_words(name: str) -> str:
    """The name at the end of a run of words before an address: leading words in lower case (not a
    particle), a time's AM/PM or a word with a digit are the sentence before it ("please contact
    Mei-Ling Zhou", "8:00 PM Hana Sato"), and so is everything up to the last lower-case word that is no
    particle ("Send email to Araminta Fell"), as long as a capitalised word stays (a name written all in
    lower case is kept whole)."""
    words = name.split()
    while len(words) > 1 and any(w[0].isupper() for w in words[1:]) and (
        _NOT_A_NAME_WORD.match(words[0].rstrip(",")) or (words[0].isalpha() and words[0].islower() and words[0] not in PARTICLES)
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


_LEAD = re.compile(r"\w+")
#: A text's words as a name's boundaries read them: "_" joins no name ("Tobiah_Wendmark_Resume.pdf").
_WORD = re.compile(r"[^\W_]+")
_LAST_WORD = re.compile(r"[^\W_]+$")
_FIRST_WORD = re.compile(r"[^\W_]+")
#: Where a name may start: not inside a word of letters and digits ("_" and a percent-encoded byte such
#: as "%20" or "%3A" end a word: "#search/from%3ATobiah%20Wendmark").
_NAME_START = r"(?:(?<![^\W_])|(?<=%[0-9A-Fa-f]{2}))"


#: Scripts written with no space between words (Han, kana): a name of them has no word edges to stand at.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: Hangul: Korean writes spaces between words but joins a particle to a name (김민준님과): no edge after one.
_HANGUL = re.compile(r"[\uac00-\ud7af]")


def _names_pattern(phrases: set[str]) -> re.Pattern[str]:
    """One pattern for every name, longest first. A name stands between word edges ("Ann" is not in
    "Annabel"), checked once for all of them (per name, the look-behind ran once per name at every
    character: 2,000 names over 100 kB took 49 s); a name of Han or kana of three characters or more
    stands anywhere ("与王小明开会": those scripts write no space between words; a shorter one is as often
    part of another word, "小明" of "大小明细表"), a Hangul one after a word edge, whatever follows it."""
    anywhere, hangul, edged = [], [], []
    for phrase in sorted(phrases, key=len, reverse=True):
        # words apart by white space, or joined by "_" or "-" as a file name joins them ("Lease_Ada_Quorn.pdf")
        body = re.escape(phrase).replace(r"\-", r"[_\-]").replace(r"\ ", r"(?:\s+|[_\-])")
        if _UNSPACED.match(phrase) and _UNSPACED.match(phrase[-1]) and len(phrase) >= 3:
            anywhere.append(body)
        elif _HANGUL.match(phrase[-1]):
            hangul.append(body)
        else:
            edged.append(body)
    parts = [f"(?:{'|'.join(anywhere)})"] if anywhere else []
    if hangul:
        parts.append(f"{_NAME_START}(?:{'|'.join(hangul)})")
    if edged:
        parts.append(f"{_NAME_START}(?:{'|'.join(edged)})(?![^\\W_])")
    return re.compile("|".join(parts), re.I)


def _spellings(phrase: str) -> set[str]:
    """``phrase`` in the spellings a page may write it: both Unicode normal forms, a dotted capital I without its
    dot (``İpek`` lowers to i + U+0307; ``Ipek`` is the same name), ß as ss in a word of six letters or more
    (Python's own upper case of it is SS: ``GROSSMANN``; ``Groß`` as ``gross`` is an English word), either
    apostrophe."""
    forms = {phrase, unicodedata.normalize("NFC", phrase), unicodedata.normalize("NFD", phrase)}
    forms |= {f.replace("i\u0307", "i") for f in forms if "i\u0307" in f}
    forms |= {re.sub(r"\w*ß\w*", lambda m: m.group(0).replace("ß", "ss") if len(m.group(0)) >= 6 else m.group(0), f)
              for f in forms if "ß" in f}
    forms |= {f.replace("'", "’") for f in forms if "'" in f} | {f.replace("’", "'") for f in forms if "’" in f}
    return forms


def _case_like(fake: str, original: str) -> str:
    if original.isupper():
        return fake.upper()
    if original.islower():
        return fake.lower()
    return fake


class NameRules:
    """One compiled pattern for every name to replace; rebuilt when names are learned and a text may
    hold one (a page of 1,000 ``Name <address>`` pairs compiled it 1,000 times: 27 s)."""

    def __init__(self, faker: Faker, names: Iterable[str] = ()) -> None:
        self.faker = faker
        self.given: dict[str, str] = {}  # lower-case phrase → canonical phrase
        self.roles: dict[str, str] = {}  # lower-case --names part → "first" / "last"
        for raw in names:
            for name in raw.split(","):
                name = " ".join(name.split())
                if len(name) < 2:
                    continue
                self.given[name.lower()] = name
                for i, part in enumerate(name.split()):
                    role = "first" if i == 0 else "last"
                    # a hyphenated part's pieces stand alone too ("Quayle" of "Quayle-Barrow"), but not
                    # a particle ("al" of "al-Farsi" is a word of the page's language as well)
                    pieces = [part, *(p for p in part.split("-") if p.lower() not in PARTICLES)] if "-" in part else [part]
                    for piece in pieces:
                        if len(piece) >= 2:
                            self.given.setdefault(piece.lower(), piece)
                            self.roles.setdefault(piece.lower(), role)
        # other spellings of one name match it, with one fake: either Unicode normal form ("Zoë" written e +
        # U+0308), the name as given (a capital whose lower case is longer: "İpek" lowers to "i̇pek"), ß in
        # capitals ("GROSSMANN"), a straight or a curly apostrophe ("O'Rourke", "O’Rourke")
        for phrase, canon in list(self.given.items()):
            for other in _spellings(phrase) | _spellings(canon):
                self.given.setdefault(other, canon)
                if phrase in self.roles:
                    self.roles.setdefault(other, self.roles[phrase])
        self.learned: dict[str, str] = {}
        self._pattern: re.Pattern[str] | None = None
        self._by_key: dict[str, str] = {}  # phrase_key → phrase, for a match joined by "_" or "-"
        self._dirty = True
        # A match starts where a word starts, so the text's word there is a phrase's leading word: no
        # such word in a text, no match. Exact for ASCII (lower() is re.I there); ``None`` once a
        # phrase has no leading word or is not ASCII. Kept up to date as phrases come.
        self._leads: set[str] | None = set()
        for phrase in self.given:
            self._note_lead(phrase)

    def _note_lead(self, phrase: str) -> None:
        if self._leads is None:
            return
        m = _LEAD.match(phrase)
        if m is None or not phrase.isascii():
            self._leads = None
        else:
            self._leads.add(m.group(0))

    def is_given(self, text: str) -> bool:
        """True when any word or the whole of ``text`` is a --names name (--names always wins)."""
        low = text.lower()
        return low in self.given or any(w in self.given for w in re.findall(r"[\w'’.\-]+", low))

    def learn(self, name: str) -> None:
        """Remember a display name of two or more words for replacement everywhere."""
        name = " ".join(name.strip().strip(QUOTES).split())
        if len(name.split()) < 2 or is_fake_name(name) or name.lower() in NOT_NAMES:
            return
        if name.lower() not in self.learned:
            self.learned[name.lower()] = name
            self._note_lead(name.lower())
            self._dirty = True
        person = person_in(name)  # "'Ada Quorn' via Team", "Dr. Ada Quorn": the person is a name of the page too
        if len(person) < len(name):
            self.learn(person)

    def fake(self, name: str) -> str:
        """The fake for one name phrase, part by part, in the original's case style: the first word from
        the first-name pool, the others from the family-name pool (a lone word keeps the role it has
        in a --names name, so "Raman" alone gets the fake of the last word of "Priya Raman")."""
        words = name.split()
        out: list[str] = []
        for i, word in enumerate(words):
            w = word.rstrip(",")  # "Last, First": the comma stays where it is
            if w.lower().rstrip(".") in NAME_SUFFIXES:
                out.append(word)
                continue
            canon = self.given.get(w.lower(), w)
            role = self.roles.get(w.lower(), "first") if len(words) == 1 else ("first" if i == 0 else "last")
            out.append(_case_like(self.faker.name_part(canon, role, out), w) + word[len(w):])
        return " ".join(out)

    def _fake_written(self, written: str) -> str:
        """The fake of a name as the page wrote it: words apart by white space (one space apart in the fake)
        or joined by "_" or "-" as a file name joins them (each joint kept: ``Ada_Quorn.pdf``)."""
        if "_" in written or "-" in written:
            phrase = self._by_key.get(phrase_key(written))
            split = joined_words(phrase, written) if phrase is not None else None
            if split is not None:
                words, joints = split
                fakes = self.fake(" ".join(words)).split(" ")
                return fakes[0] + "".join(j + f for j, f in zip(joints, fakes[1:]))
        return self.fake(" ".join(written.split()))

    def _compiled(self) -> re.Pattern[str] | None:
        if self._dirty:
            # a learned name as it was written too where its lower case is longer ("İpek"): re.I matches the rest
            phrases = set(self.given) | set(self.learned) | {v for v in self.learned.values() if len(v.lower()) != len(v)}
            self._pattern = _names_pattern(phrases) if phrases else None
            self._by_key = {phrase_key(p): p.lower() for p in phrases}
            self._dirty = False
        return self._pattern

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where ``apply`` reads a name in ``text`` (a fake name is none)."""
        pattern = self._compiled() if self.given or self.learned else None
        if pattern is None:
            return []
        return [m.span() for m in pattern.finditer(text) if not is_fake_name(m.group(0))]

    def may_run_on(self, before: str, after: str) -> bool:
        """Whether a name may hold the edge between ``before`` (the words just before it) and ``after``:
        one of the words before it, or the word holding it, is a name's leading word (``apply``'s first
        look, ``split_values.groups``' for a name a search's highlight cuts: "Ada <b>Quorn</b>")."""
        if not self.given and not self.learned:
            return False
        first = after[:1]  # a name runs on past the edge only into its word's letters or its next word
        if first.isspace():
            if not after.lstrip()[:1].isalpha():
                return False
        elif not (first.isalnum() or first in "'’.-"):
            return False
        leads = self._leads
        if leads is None or "%" in before or not before.isascii():
            return True
        low = before.lower()
        if not leads.isdisjoint(_WORD.findall(low)):
            return True
        tail, head = _LAST_WORD.search(low), _FIRST_WORD.match(after)  # a leading word cut by the edge: "Ad<b>a</b>"
        return tail is not None and head is not None and tail.group() + head.group().lower() in leads

    def apply(self, text: str, counts: dict[str, int]) -> str:
        if not self.given and not self.learned:
            return text
        leads = self._leads
        if leads is not None and text.isascii() and "%" not in text and leads.isdisjoint(_WORD.findall(text.lower())):
            return text  # read before compiling: most texts name nobody
        pattern = self._compiled()
        if pattern is None:
            return text

        def one(m: re.Match[str]) -> str:
            if is_fake_name(m.group(0)):
                return m.group(0)
            counts["name"] = counts.get("name", 0) + 1
            return self._fake_written(m.group(0))

        return pattern.sub(one, text)


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
    if "@" in text and "," in text:
        learn_comma_names(text, faker, rules)
    # the pattern needs an '@' and an opening '<', '(' or '[': most texts are ruled out before it runs
    if "@" not in text or ("<" not in text and "(" not in text and "[" not in text) or not DISPLAY_BEFORE.search(text):
        return text, []
    singles: list[str] = []

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        bare = name.strip('"') if name.startswith('"') else name_words(name)
        if len(bare.split()) == 1 and (")" in m.string[m.end(1) : m.start(2)] or _NOT_A_NAME_WORD.match(bare)):
            # "2:30pm (EDT) (e)", "Weekly (EDT) (e)": a bracketed part needs a whole name; "at 2:03 PM <e> wrote:"
            return m.group(0)
        local, domain = m.group(2), m.group(3)
        result = fake_address(faker, local, domain)
        if bare.lower() in NOT_NAMES or is_fake_name(bare) or keeps_display_name(bare, local, result, rules):
            return m.group(0)
        counts["display-name"] = counts.get("display-name", 0) + 1
        if len(bare.split()) == 1 or is_business_name(bare, result):
            singles.append(bare)
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
    """The person in "Name via Group <…>" (``SENDER_BEFORE_CONNECTOR``) or "Name | Company <…>"
    (``SENDER_BEFORE_SEPARATOR``, capitalised words only), learned as a display name is."""
    if not (before.endswith(" ") or before.endswith("\t")):
        return
    found = SENDER_BEFORE_CONNECTOR.search(before)
    if found is not None:
        person = name_words(found.group(1)).strip(QUOTES)
    else:
        found = SENDER_BEFORE_SEPARATOR.search(before)
        named = _comma_name(name_words(found.group(1)).split()) if found is not None else None
        if named is None:
            return
        person = named
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
