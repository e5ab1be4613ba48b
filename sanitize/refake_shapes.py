"""The faker's own shapes in a text (spec §6.3): what ``refake-people`` re-fakes, found by shape only,
never by guessing what a name is.

* an email whose local part is two pool words joined by '.' or '+', at example.com/.org/.net or at a
  registry domain (a kept receipt sender), also percent-encoded, and the short ``local@m`` form a
  Calendar event id carries;
* a redacted phrase: a capitalised pool word (``WORDS``) and the 1-4 lower-case pool words after it;
* a name word: a pool first or family name written Capitalised or in CAPITALS (a lower-case word is
  left: it cannot be told from a phrase's word or an everyday one).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote, unquote

from sanitize.faker import FIRST_NAMES, LAST_NAMES, WORDS
from sanitize.registry import is_fake_domain, platform_for, sender_trigger
from sanitize.scripts import WORD_NOT_CJK

FIRST = frozenset(w.lower() for w in FIRST_NAMES)
LAST = frozenset(w.lower() for w in LAST_NAMES)
PHRASE_WORDS = frozenset(WORDS)
POOL = FIRST | LAST | PHRASE_WORDS

#: A word character that is no Chinese, Japanese or Korean one: those scripts write no space between words, so a fake
#: stands glued to them ("Corin Fallowby様", "…@example.orgまで") as the sanitiser wrote it (``emails.EMAIL``,
#: ``people``), and is found there (session 36: it was left, an old fake beside the new ones). An address also right
#: after a percent escape, where the sanitiser starts one ("%20corin.vale@…", ``emails._LOCAL_START``).
_LETTER = WORD_NOT_CJK
_EMAIL = re.compile(
    rf"(?:(?<![.+%\-])(?<!{_LETTER})|(?<=%[0-9a-fA-F]{{2}})(?<!%2[bBeE]))([A-Za-z]+)([.+])([A-Za-z]+)[@\uff20]((?:[A-Za-z0-9\-]+\.)*[A-Za-z0-9\-]+)(?!{_LETTER}|[\-])"
)
#: After a percent escape too, as a search's route writes its words ("#search/from%3Aada%40…", "#search/Ada%20Quorn"),
#: and the sanitiser fakes them there (``emails._PCT_EMAIL``, ``people``); not after an escaped "+", "." or UTF-8 byte
#: that a local part holds (a review, session 36: such fakes were left, old ones beside the new).
#: Its dot may be written %2E: the sanitiser writes it so right after another encoded @ (``emails.fake_percent``).
_AFTER_ESCAPE = r"(?<=%[0-9a-fA-F]{2})(?<!%2[bBeE])(?<!%[89a-fA-F][0-9a-fA-F])"
_PCT_EMAIL = re.compile(
    rf"(?:(?<![\w.%\-])|{_AFTER_ESCAPE})([A-Za-z]+)(\.|%2[bBeE])([A-Za-z]+)%40((?:[\w\-]+\.)+[\w\-]+)(?![\w\-])"
)
_WORD = re.compile(rf"(?:(?<!{_LETTER})|(?<=%[0-9a-fA-F]{{2}}))[A-Za-z]+(?!{_LETTER})")


@dataclass(frozen=True)
class Unit:
    """One thing the mapping maps: ("email", "a.b", "example.com"), ("name", "corin", "first"),
    ("phrase", "Glade yonder", "")."""

    kind: str
    old: str
    extra: str = ""


@dataclass(frozen=True)
class Hit:
    start: int
    end: int
    units: tuple[Unit, ...]  # a name run holds one unit per word
    text: str


def _email_unit(a: str, sep: str, b: str, domain: str) -> Unit | None:
    # a fake's first word may be the receipt trigger it kept ("order.brook@…", ``Faker.email``)
    if (a.lower() not in POOL and a.lower() != sender_trigger()) or b.lower() not in POOL:
        return None
    d = domain.lower().rstrip(".")
    if d == "m" or is_fake_domain(d) or platform_for(d) is not None:
        return Unit("email", f"{a}{sep}{b}".lower(), d)
    return None


def _title(word: str) -> bool:
    return word[:1].isupper() and (word[1:].islower() or word.isupper())


def find(text: str) -> list[Hit]:
    """Every shape in ``text``, left to right, never overlapping."""
    hits: list[Hit] = []
    taken: list[tuple[int, int]] = []
    if "@" in text or "\uff20" in text:  # the full-width ＠ of an address a page wrote so (``emails.WIDE_EMAIL``)
        for m in _EMAIL.finditer(text):
            u = _email_unit(m.group(1), m.group(2), m.group(3), m.group(4))
            if u is not None:
                hits.append(Hit(m.start(), m.end(), (u,), m.group(0)))
                taken.append(m.span())
    if "%40" in text:
        for m in _PCT_EMAIL.finditer(text):
            sep = "+" if m.group(2).lower() == "%2b" else "."
            u = _email_unit(m.group(1), sep, m.group(3), m.group(4))
            if u is not None:
                hits.append(Hit(m.start(), m.end(), (u,), m.group(0)))
                taken.append(m.span())
    words = [m for m in _WORD.finditer(text) if not any(s <= m.start() < e for s, e in taken)]
    i = 0
    while i < len(words):
        w = words[i]
        word = w.group(0)
        # a phrase: Capitalised pool word + 1-4 lower-case pool words, one space apart
        if word[:1].isupper() and word[1:].islower() and word.lower() in PHRASE_WORDS:
            j = i
            while j + 1 < len(words) and j - i < 4:
                nxt = words[j + 1]
                if text[words[j].end() : nxt.start()] != " " or not nxt.group(0).islower() or nxt.group(0) not in PHRASE_WORDS:
                    break
                j += 1
            if j > i:
                phrase = text[w.start() : words[j].end()]
                hits.append(Hit(w.start(), words[j].end(), (Unit("phrase", phrase),), phrase))
                i = j + 1
                continue
        if _title(word) and word.lower() in FIRST | LAST:
            j = i
            while j + 1 < len(words):
                nxt = words[j + 1]
                gap = text[words[j].end() : nxt.start()]
                if gap not in (" ", "\u00a0") or not _title(nxt.group(0)) or nxt.group(0).lower() not in FIRST | LAST:
                    break
                j += 1
            run = words[i : j + 1]
            units = tuple(Unit("name", x.group(0).lower(), "first" if x.group(0).lower() in FIRST else "last") for x in run)
            hits.append(Hit(w.start(), words[j].end(), units, text[w.start() : words[j].end()]))
            i = j + 1
            continue
        i += 1
    return sorted(hits, key=lambda h: h.start)


def case_like(new: str, old: str) -> str:
    if old.isupper() and len(old) > 1:
        return new.upper()
    if old.islower():
        return new.lower()
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


def render(hit: Hit, new_of: Callable[[Unit], str]) -> str:
    """The replacement of one hit, in the old text's case style and encoding."""
    u = hit.units[0]
    if u.kind == "phrase":
        return new_of(u)
    if u.kind == "name":
        words = _WORD.findall(hit.text)
        out = hit.text
        pos = 0
        parts = []
        for word, unit in zip(words, hit.units, strict=True):
            k = out.index(word, pos)
            parts.append(out[pos:k])
            parts.append(case_like(new_of(unit), word))
            pos = k + len(word)
        parts.append(out[pos:])
        return "".join(parts)
    new = new_of(u)  # "a.b@domain"
    new_local, _, new_domain = new.partition("@")
    if "%40" in hit.text:
        written = hit.text.split("%40", 1)[0]
        local = quote(_local_case(new_local, unquote(written)), safe=".-_")
        if "%2e" in written.lower():  # written so again: a plain dot there reads as an address of its own
            local = local.replace(".", "%2E")
        return local + "%40" + new_domain
    at = "@" if "@" in hit.text else "\uff20"
    old_local, _, old_domain = hit.text.partition(at)
    domain = old_domain if new_domain == old_domain.lower().rstrip(".") else new_domain
    return _local_case(new_local, old_local) + at + domain


def _local_case(new: str, old: str) -> str:
    sep = "+" if "+" in old else "."
    oa, _, ob = old.partition(sep)
    na, _, nb = new.partition(sep)
    return f"{case_like(na, oa)}{sep}{case_like(nb, ob)}"


def apply(text: str, new_of: Callable[[Unit], str], counts: dict[str, int] | None = None) -> str:
    """``text`` with every shape replaced by its unit's new value."""
    hits = find(text)
    if not hits:
        return text
    out, pos = [], 0
    for h in hits:
        out += [text[pos : h.start], render(h, new_of)]
        pos = h.end
        if counts is not None:
            counts[h.units[0].kind] = counts.get(h.units[0].kind, 0) + 1
    out.append(text[pos:])
    return "".join(out)
