"""The names a page's people are faked by (``NameRules``): --names and the display names learned beside an email.

--names: every given name and every part of it (each piece of a hyphenated part too, but a particle)
is replaced everywhere (outside --keep-selector areas), part by part, so "Priya" alone gets the same fake as the first word of "Priya Raman".
Display names are learned beside an address (``display_names``: Name <email>, Name (email); ``people_elements``: the
name/title/aria-label of an element carrying an email). A learned name of two or more words is replaced
everywhere (a two-word one in the other order too: "Quorn, Ada"; a Chinese, Japanese or Korean name written as
one word is whole: ``is_whole_name``); a one-word one (Google <no-reply@…>) only inside its own element, so
interface words survive. A learned name does not cover a lone first name elsewhere (spec §6.4).
"""

from __future__ import annotations

import re
import unicodedata
from html import unescape
from urllib.parse import quote
from collections.abc import Iterable

from sanitize.faker import NAME_SUFFIXES, Faker, is_fake_name
from sanitize.name_forms import (
    ENCODED_BYTE,
    JOINT,
    QUOTES,
    decoded_route_text,
    joined_words,
    other_order,
    person_in,
    phrase_key,
    route_spellings,
    unquoted,
)
from sanitize.scripts import CJK, HANGUL, UNSPACED

#: Words Gmail writes in place of a name for the user's own entries; an observer reads them.
NOT_NAMES = frozenset({"me", "you"})

#: Lower-case words that stand inside names ("María José García López de Vega").
PARTICLES = frozenset({"de", "del", "della", "di", "da", "dos", "das", "du", "la", "le", "van", "von", "der", "den",
                       "ter", "bin", "binti", "al", "el", "y"})

#: A text's words as a name's boundaries read them: "_" joins no name ("Tobiah_Wendmark_Resume.pdf").
_WORD = re.compile(r"[^\W_]+")
_LAST_WORD = re.compile(r"[^\W_]+$")
_FIRST_WORD = re.compile(r"[^\W_]+")
#: Where a name may start: not inside a word of letters and digits ("_" and a percent-encoded byte such
#: as "%20" or "%3A" end a word: "#search/from%3ATobiah%20Wendmark").
_NAME_START = r"(?:(?<![^\W_])|(?<=%[0-9A-Fa-f]{2}))"
#: Between a name's words: white space, a file name's "_" or "-", a search route's "+" or "%20".
_JOINT_PATTERN = r"(?:\s+|[_\-+]|%20)"
#: A middle initial between a two-word name's words, read with the name ("Ada B. Quorn"): a capital and its dot,
#: whatever the pattern's case-blindness (read case-blind, "Please mark a page" held "Mark Page" with an initial).
_MIDDLE_INITIAL = r"(?:\s+(?-i:[A-ZÀ-ÖØ-Þ])\.(?=\s))?"
#: A name's word that is a middle initial: a capital and its dot (without it, as often a word: "Building A Lobby").
_INITIAL_WORD = re.compile(r"[A-ZÀ-ÖØ-Þ]\.")


#: Scripts written with no space between words (Han, kana): a name of them has no word edges to stand at.
_UNSPACED = re.compile(f"[{UNSPACED}]")
#: Hangul: Korean writes spaces between words but joins a particle to a name (김민준님과): no edge after one.
_HANGUL = re.compile(f"[{HANGUL}]")
#: A name of those scripts, written as one word (山田太郎, 王小明, 김민준).
_JOINED_NAME = re.compile(f"[{UNSPACED}{HANGUL}]{{2,}}")
#: Words of those scripts before a Latin name's first word or after its last, glued or a space apart ("担当Ada Quorn",
#: "Ada Quorn様", "Ada Quorn 님"): a display name read beside its address holds them (they are word characters), and is
#: faked with them where it stands; the Latin name inside is the person's, used elsewhere without them ("Ada
#: Quornより"; session 36 and its reviews).
_GLUED_TO_LATIN = re.compile(rf"^[{CJK}]++\s*+(?=[^\W\d_{CJK}])|(?<=[^\W\d_{CJK}])\s*+[{CJK}]++$")


def latin_in(name: str) -> str:
    """``name`` without the words of Chinese, Japanese or Korean before or after its Latin words.

    >>> latin_in("担当Ada Quorn"), latin_in("Ada Quorn 様"), latin_in("山田太郎"), latin_in("Ada")
    ('Ada Quorn', 'Ada Quorn', '山田太郎', 'Ada')
    """
    return _GLUED_TO_LATIN.sub("", name)
#: Titles Japanese and Chinese write glued after a person's name (王伟様, 王伟先生, 联系王伟老师): a two-character name of
#: Han or kana, replaced between word edges only (as often part of another word), is a name before one of them too.
TITLES_AFTER_NAME = ("様", "さま", "さん", "くん", "君", "ちゃん", "殿", "氏", "先生", "女士", "小姐", "老师", "老師", "经理",
                     "經理", "总", "總", "博士", "教授",
                     # a job title a Japanese or Chinese office writes after the name (王伟部長, 王伟课长), and
                     # the other forms of address (Taiwan's 桑, a classmate, a lawyer, a doctor, a boss; session 38)
                     "部長", "部长", "課長", "课长", "社長", "社长", "係長", "会長", "會長", "主任", "桑", "同学", "同學",
                     "律师", "律師", "医生", "醫生", "老板", "老闆")
_TITLE_AFTER = "|".join(TITLES_AFTER_NAME)
#: Words that read as a short name and a title and are none: "みなさん" (everyone) is "みな" and "さん" (a review of
#: session 37: a learned "みな" rewrote it). Only these are left: kana given names before a title are common (ゆき様).
_NAME_AND_TITLE_WORDS = ("みなさん", "みなさま", "みな様")
#: Where a name of other scripts (Latin) may start and end: a character of ``scripts.CJK`` is no word it continues
#: ("Ada Quorn様", "与Ada Quorn开会", "Ada Quorn님"; session 35), nor is "_" (a file name's joint).
_LATIN_NAME_START = rf"(?:(?<![^\W_{CJK}])|(?<=%[0-9A-Fa-f]{{2}}))"
_LATIN_NAME_END = rf"(?![^\W_{CJK}])"


def is_whole_name(name: str) -> bool:
    """A display name learned for the whole page: two words or more, or one word of two characters or more in a
    script that writes a person's names as one (Han, kana, Hangul: 山田太郎, 王小明, 김민준; session 35: they were
    faked in their own element only, and left everywhere else). A one-word Latin name ("Google", "Ada") is as often
    an interface word: it is faked inside its element only.

    >>> is_whole_name("Ada Quorn"), is_whole_name("山田太郎"), is_whole_name("김민준"), is_whole_name("Ada")
    (True, True, True, False)
    """
    return len(name.split()) > 1 or _JOINED_NAME.fullmatch(name) is not None


def _names_pattern(phrases: set[str]) -> re.Pattern[str]:
    """One pattern for every name, longest first. A name stands between word edges ("Ann" is not in
    "Annabel"), checked once for all of them (per name, the look-behind ran once per name at every
    character: 2,000 names over 100 kB took 49 s); a name of Han or kana of three characters or more
    stands anywhere ("与王小明开会": those scripts write no space between words; a shorter one is as often
    part of another word, "小明" of "大小明细表"), a Hangul one after a word edge, whatever follows it; a name of
    other scripts between edges that a character of those scripts makes too ("Ada Quorn様")."""
    anywhere, hangul, edged, latin = [], [], [], []
    for phrase in sorted(phrases, key=lambda p: (-len(p), p)):  # longest first; ties in one order whatever the hash seed
        # words apart by white space, or joined by "_" or "-" as a file name joins them ("Lease_Ada_Quorn.pdf")
        # ... or by "+" or "%20" as a search route joins them ("#search/Ada+Quorn")
        words = [re.escape(w).replace(r"\-", r"[_\-]") for w in phrase.split(" ")]
        if len(words) == 2 and "," not in phrase:  # "Ada B. Quorn": a middle initial a signature adds (session 34)
            words[0] += _MIDDLE_INITIAL
        elif len(words) == 2:  # "Quorn, Ada" is a name written with capitals: "price, will" is prose
            words = [_capital_first(w) for w in words]
        body = _JOINT_PATTERN.join(words)
        if _UNSPACED.match(phrase) and _UNSPACED.match(phrase[-1]) and len(phrase) >= 3:
            anywhere.append(body)
        elif _HANGUL.match(phrase[-1]):
            hangul.append(body)
        elif _UNSPACED.match(phrase) or _UNSPACED.match(phrase[-1]):
            edged.append(body)  # "王伟" between word edges only: inside "大王伟大" it is another word's
        else:
            latin.append(body)
    parts = [f"(?:{'|'.join(anywhere)})"] if anywhere else []
    if hangul:
        parts.append(f"{_NAME_START}(?:{'|'.join(hangul)})")
    if edged:
        names = "|".join(edged)
        parts.append(f"{_NAME_START}(?:{names})(?![^\\W_])|(?!{'|'.join(_NAME_AND_TITLE_WORDS)})(?:{names})(?=(?:{_TITLE_AFTER}))")
    if latin:
        parts.append(f"{_LATIN_NAME_START}(?:{'|'.join(latin)}){_LATIN_NAME_END}")
    return re.compile("|".join(parts), re.I)


def _capital_first(escaped: str) -> str:
    """An escaped word of a pattern read case-blind, its first letter read as a capital only."""
    first = escaped[0]
    upper = first.upper()
    return f"(?-i:{re.escape(upper)}){escaped[1:]}" if first.isalpha() and len(upper) == 1 and upper != first else escaped


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
    if original.isupper() and len(original.rstrip(".")) > 1:  # an initial ("J.") is a capital, not a word in capitals
        return fake.upper()
    if original.islower():
        return fake.lower()
    return fake


#: A --names name or part shorter than this is not read: a letter is a word of every page.
MIN_GIVEN = 2


def given_names(names: Iterable[str]) -> list[str]:
    """The --names values as names: each split at its commas, white space folded, empty ones left out.

    >>> given_names(["Ada Quorn, Bo  Ravel", " ,J"])
    ['Ada Quorn', 'Bo Ravel', 'J']
    """
    return [folded for raw in names for name in raw.split(",") if (folded := " ".join(name.split()))]


def unread_given_names(names: Iterable[str], page: str, faker: Faker) -> list[tuple[int, str]]:
    """(place, why) for each --names name (1-based, as ``given_names`` lists them) that replaces nothing: "short"
    (under ``MIN_GIVEN`` characters) or "nowhere" (``NameRules`` reads it nowhere in the page's source, its
    references decoded: every spelling the rules read, other apostrophes, normal forms and capitals, a search
    route's escapes). For the user's review, so a typo is seen; never the name itself, which is a real person's.
    The source holds the markup too, so a name that is also a word of it ("Max" of max-width) is not warned of."""
    given = given_names(names)
    if not given:
        return []
    text = unescape(page)
    out: list[tuple[int, str]] = []
    for place, name in enumerate(given, 1):
        if len(name) < MIN_GIVEN:
            out.append((place, "short"))
        elif not _may_be_written(name, text) or not NameRules(faker, [name]).reads_any(text):
            out.append((place, "nowhere"))
    return out


def _may_be_written(name: str, text: str) -> bool:
    """Whether a word of ``name`` stands anywhere in ``text``, in either normal form or percent-encoded, in any case:
    a literal search, so a name written nowhere is known without the names pattern's scan of a 4 MB page (200 ms
    a name). The words are the name's letter runs ("O'Rourke": "Rourke"), so another apostrophe still finds it; a name
    of letters alone ("J K") is read by the pattern."""
    words = [w for w in re.findall(r"[^\W\d_]+", name) if len(w) >= MIN_GIVEN]
    if not words:
        return True
    forms = {form for w in words for nf in ("NFC", "NFD") for form in (unicodedata.normalize(nf, w),
                                                                       quote(unicodedata.normalize(nf, w)))}
    return re.search("|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)), text, re.I) is not None


class NameRules:
    """One compiled pattern for every name to replace; rebuilt when names are learned and a text may
    hold one (a page of 1,000 ``Name <address>`` pairs compiled it 1,000 times: 27 s)."""

    def __init__(self, faker: Faker, names: Iterable[str] = ()) -> None:
        self.faker = faker
        self.given: dict[str, str] = {}  # lower-case phrase → canonical phrase
        self.roles: dict[str, str] = {}  # lower-case --names part → "first" / "last"
        for name in given_names(names):
            if len(name) < MIN_GIVEN:
                continue
            self.given[name.lower()] = name
            for i, part in enumerate(name.split()):
                role = "first" if i == 0 else "last"
                # a hyphenated part's pieces stand alone too ("Quayle" of "Quayle-Barrow"), but not
                # a particle ("al" of "al-Farsi" is a word of the page's language as well)
                pieces = [part, *(p for p in part.split("-") if p.lower() not in PARTICLES)] if "-" in part else [part]
                for piece in pieces:
                    if len(piece) >= MIN_GIVEN:
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
        self._encoded_pattern: re.Pattern[str] | None = None  # with the names' percent-encoded spellings (``_compiled``)
        self._phrases: set[str] = set()
        self._route_forms: set[str] = set()
        self._by_key: dict[str, str] = {}  # phrase_key → phrase, for a match joined by "_", "-", "+" or "%20"
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
        m = _FIRST_WORD.match(phrase)  # a word as the first look reads one: apart at "_" too ("b_teague": "b")
        if m is None or not phrase.isascii():
            self._leads = None
        else:
            self._leads.add(m.group(0))

    def is_given(self, text: str) -> bool:
        """True when any word or the whole of ``text`` is a --names name (--names always wins)."""
        low = text.lower()
        return low in self.given or any(w in self.given for w in re.findall(r"[\w'’.\-]+", low))

    def learn(self, name: str) -> None:
        """Remember a display name of two or more words (or one of ``is_whole_name``'s scripts) for replacement
        everywhere."""
        name = unquoted(" ".join(name.split()))
        if not is_whole_name(name) or is_fake_name(name) or name.lower() in NOT_NAMES:
            return
        self._remember(name)
        other = other_order(name)  # "Last, First" as a directory writes it, and back (session 34)
        if other is not None and not is_fake_name(other):
            self._remember(other)
        person = person_in(name)  # "'Ada Quorn' via Team", "Dr. Ada Quorn": the person is a name of the page too
        if len(person) < len(name):
            self.learn(person)
        words = name.split()
        if len(words) == 3 and _INITIAL_WORD.fullmatch(words[1]):  # "Ada B. Quorn" is "Ada Quorn" elsewhere
            self.learn(f"{words[0]} {words[2]}")
        latin = latin_in(name)
        if latin != name:
            self.learn(latin)

    def learn_handle(self, handle: str) -> None:
        """An address's local part shown alone as its sender's name (``bteague88``, Gmail's name for a sender
        who set none): replaced everywhere as a learned name is. Only a handle no word of the page spells comes
        here (``people_elements._is_handle``: letters with a digit or an underscore; not "support" or "2026")."""
        if not is_fake_name(handle):
            self._remember(handle)

    def _remember(self, phrase: str) -> None:
        if phrase.lower() not in self.learned:
            self.learned[phrase.lower()] = phrase
            self._note_lead(phrase.lower())
            self._dirty = True

    def fake(self, name: str) -> str:
        """The fake for one name phrase, part by part, in the original's case style: the first word from
        the first-name pool, the others from the family-name pool (a lone word keeps the role it has
        in a --names name, so "Raman" alone gets the fake of the last word of "Priya Raman")."""
        # composed: a name written decomposed (a Mac writes a file's name so) gets the fake of the name it spells
        words = (name if name.isascii() else unicodedata.normalize("NFC", name)).split()
        out: list[str] = []
        for i, word in enumerate(words):
            # "Last, First": the comma stays where it is; so does a quote mark ("'Ada Quorn' via Team" learned whole)
            w = word.lstrip(QUOTES).rstrip(QUOTES + ",")
            if not w or w.lower().rstrip(".") in NAME_SUFFIXES:
                out.append(word)
                continue
            at = word.index(w)
            canon = self.given.get(w.lower(), w)
            # "Last, First": the family name leads (its word gets a family name's fake, as in "First Last")
            first_at = 1 if len(words) == 2 and words[0].endswith(",") else 0
            role = self.roles.get(w.lower(), "first") if len(words) == 1 else ("first" if i == first_at else "last")
            out.append(word[:at] + _case_like(self.faker.name_part(canon, role, out), w) + word[at + len(w):])
        # a name in capitals has its initial's fake in capitals too ("ADA B. QUORN": "B." alone reads as a capital)
        shouted = name.isupper() and any(len(w.strip(".,")) > 1 for w in words)
        return " ".join(out).upper() if shouted else " ".join(out)

    def _fake_written(self, written: str) -> str:
        """The fake of a name as the page wrote it: words apart by white space (one space apart in the fake)
        or joined by "_", "-", "+" or "%20" as a file name or a search route joins them (each joint kept: ``Ada_Quorn.pdf``)."""
        if "_" in written or "-" in written or "+" in written or "%20" in written:
            phrase = self._by_key.get(phrase_key(written))
            split = joined_words(phrase, written) if phrase is not None else None
            # a spelling the key does not fold alike ("IPEK_YILMAZ" for "İpek Yılmaz"): each joint a word's edge
            words, joints = split if split is not None else (JOINT.split(written), JOINT.findall(written))
            fakes = self.fake(" ".join(words)).split(" ")
            return fakes[0] + "".join((" " if j.isspace() else j) + f for j, f in zip(joints, fakes[1:]))
        return self.fake(" ".join(written.split()))

    def _compiled(self, encoded: bool = False) -> re.Pattern[str] | None:
        """The names' pattern; ``encoded``: with their percent-encoded spellings too, for a text holding a "%" only
        (in every text, their alternatives made every text beyond ASCII slower to read, and every recompile slower:
        1,000 learned names beyond ASCII beside 1,000 texts took 0.86 s, 0.41 s with the split; session 38)."""
        if self._dirty:
            # a learned name as it was written too where its lower case is longer ("İpek"): re.I matches the rest
            phrases = set(self.given) | set(self.learned) | {v for v in self.learned.values() if len(v.lower()) != len(v)}
            # a learned name in both normal forms, as a --names name is (``_spellings``; session 38)
            phrases |= {unicodedata.normalize(form, p) for p in phrases if not p.isascii() for form in ("NFC", "NFD")}
            # percent-encoded as a search's route writes a name beyond ASCII
            self._route_forms = {form for p in phrases | set(self.learned.values()) for form in route_spellings(p)}
            self._phrases = phrases
            self._pattern = _names_pattern(phrases) if phrases else None
            self._encoded_pattern = None
            self._by_key = {}  # the first of two phrases with one key in a fixed order (the pattern's)
            for p in sorted(phrases, key=lambda p: (-len(p), p)):
                self._by_key.setdefault(phrase_key(p), p.lower())
            self._dirty = False
        if not encoded or not self._route_forms:
            return self._pattern
        if self._encoded_pattern is None:
            self._encoded_pattern = _names_pattern(self._phrases | self._route_forms)
        return self._encoded_pattern

    def reads_any(self, text: str) -> bool:
        """Whether ``apply`` reads a name anywhere in ``text`` (the first one found is enough)."""
        pattern = self._compiled("%" in text) if self.given or self.learned else None
        return pattern is not None and any(not is_fake_name(m.group(0)) for m in pattern.finditer(text))

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where ``apply`` reads a name in ``text`` (a fake name is none)."""
        pattern = self._compiled("%" in text) if self.given or self.learned else None
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
        # "_": a file name joins a name's words ("Ada<b>_Quorn</b>"); ",": a directory's "Quorn<b>, Ada</b>"
        elif not (first.isalnum() or first in "'’.-_,"):
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
        pattern = self._compiled("%" in text)
        if pattern is None:
            return text

        def one(m: re.Match[str]) -> str:
            if is_fake_name(m.group(0)):
                return m.group(0)
            counts["name"] = counts.get("name", 0) + 1
            if ENCODED_BYTE.search(m.group(0)):  # the name it encodes, and its fake encoded as the route wrote it
                return quote(self._fake_written(decoded_route_text(m.group(0))), safe="+-_")
            return self._fake_written(m.group(0))

        return pattern.sub(one, text)
