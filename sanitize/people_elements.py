"""Display names read from the elements that carry an email (spec §6.2, "display names beside an
email"): a name in the element's name/title/aria-label attributes, its own short text, or a
``Name <`` written just before it. Learned before any value is faked, so every use of the name on
the page is faked, the ones above the element too. The rules for a name's words are ``display_names.py``'s.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from sanitize.emails import EMAIL, fake_address
from sanitize.faker import Faker, is_fake_name
from sanitize.model import Walk
from sanitize.display_names import (
    NAME_BEFORE_OPEN,
    STATUS_WORDS,
    fake_display_names,
    is_business_name,
    keeps_display_name,
    name_words,
)
from sanitize.people import NOT_NAMES, PARTICLES, NameRules


#: Attributes of an element carrying an email that hold the person's name.
NAME_ATTRS = ("name", "title", "aria-label", "data-name", "data-tooltip", "alt")
#: Of those, the ones that hold the display name alone, as written (Gmail's ``<span email=… name=…>``).
_EXACT_NAME_ATTRS = frozenset({"name", "data-name"})


def learn_from_elements(w: Walk, keep_ids: set[int], faker: Faker, names: NameRules,
                        no_address: set[str | None] | None = None) -> dict[int, list[str]]:
    """Display names on elements that carry an email: names of two or more words are learned into
    ``names`` (also a ``Name <address>`` written in one of their values); returns the one-word names
    scoped to their element (node mem_id → names).

    ``no_address`` collects attribute values known to hold no email address (a page repeats most of
    them); it is a pure fact about each value, so the passes of one capture may share it."""
    scoped: dict[int, list[str]] = {}
    decided: dict[tuple, list[str]] = {}
    search = EMAIL.search
    no_at: set[str | None] = set() if no_address is None else no_address
    for el, tag, attrs in zip(w.elements, w.tags, w.attrs):
        vals = attrs.values()
        if no_at.issuperset(vals):
            continue
        address = None
        m = None
        for v in vals:
            if v and "@" in v:
                m = search(v)
                if m is not None:
                    address = v
                    break
        if address is None:
            no_at.update(vals)
            continue
        assert m is not None
        keep = el.mem_id in keep_ids
        shown_name = None if keep else _name_text(el)
        sig = (address, tag, keep, shown_name, *(attrs.get(k) for k in NAME_ATTRS))
        singles = decided.get(sig)
        if singles is None:  # a list page repeats one person's element hundreds of times
            singles = decided[sig] = _names_beside(tag, attrs, m, keep, faker, names)
            if shown_name is not None:
                singles += _learn_shown_name(shown_name, m, faker, names)
            for v in vals:  # "Ada Quorn <ada@…>" written in a value: learned before any value is faked
                if v and "@" in v and ("<" in v or "(" in v or "[" in v or "," in v):
                    fake_display_names(v, faker, names, {})
        if not keep:
            _learn_name_before(el, m, faker, names)
        if singles:
            ids = [d.mem_id for d in el.traverse(include_text=True)]
            for name in singles:
                for mid in ids:
                    scoped.setdefault(mid, []).append(name)
    return scoped


#: The most nodes (the element itself, elements and texts below it) an element showing a name holds: a
#: compose chip (the initials' avatar, the name, a remove button) holds 13.
_NAME_ELEMENT_NODES = 16
#: Elements whose ``name`` attribute names a form field (``<input type="email" name="email">``), no person.
_FORM_NAMED = frozenset({"input", "textarea", "select", "button", "form", "fieldset", "output", "object", "param",
                         "meta", "iframe", "map", "slot", "embed", "img"})


def reads_as_name(text: str) -> bool:
    """Whether ``text`` can be a person's name as a page shows one (``Ada``, ``Ada Quorn``, ``王小明``): one to six
    words, the first of two or more characters, each word starting with a letter that is not lower case (a
    capital, or a script without case) or a particle, no digit and no "@". ``Search mail``, ``Copy email``,
    ``Out of office`` and ``(You)`` are interface words.

    >>> [reads_as_name(t) for t in ("Ada Quorn", "María de la Vega", "Search mail", "Oct 6", "(You)", "A")]
    [True, True, False, False, False, False]
    """
    if not text or len(text) > 80 or "@" in text or any(c.isdigit() for c in text):
        return False
    words = text.split()
    if len(words) > 6 or len(words[0]) < 2:
        return False
    first = words[0][0]
    return first.isalpha() and not first.islower() and all(
        (w[0].isalpha() and not w[0].islower()) or w in PARTICLES for w in words)


_TOKEN = re.compile(r"\S+")
#: Marks that end a run of name words after (a token ending in one) or before (a token starting with one) them.
_RUN_BREAK_AFTER = tuple(",:;|.!?)]}>\"'”’")
_RUN_BREAK_BEFORE = tuple("([{<\"'“‘")
#: A bracket after a head that is not read as a person (``name_forms.person_in`` reads the same way).
_HEAD_MARKS = ("(", "[", "{")
_PARTED = re.compile(r"\s[|\-–—]\s")


def _says_the_person(token: str) -> bool:
    """A bracket after a person's name that says it is one: ``(You)``, ``(me)``, pronouns ``(she/her)``."""
    inner = token.strip("()[]{}.,;:").lower()
    return inner in NOT_NAMES or ("/" in inner and inner.replace("/", "").isalpha())


def name_runs(text: str) -> list[str]:
    """The runs of two or more words in ``text`` that read as a person's name (each starting with a letter that
    is not lower case; a particle inside a run), parted by punctuation, a possessive, a lower-case word or a
    digit: the person an interface label names (``Send email to Ada Quorn``, ``Ada Quorn is typing``).

    >>> name_runs("Send email to Brannoc Teague"), name_runs("Brannoc Teague's profile"), name_runs("Search mail")
    (['Brannoc Teague'], ['Brannoc Teague'], [])
    >>> name_runs("Brannoc Teague, Out of office"), name_runs("From: María de la Vega, guest")
    (['Brannoc Teague'], ['María de la Vega'])
    >>> name_runs("Team Calendar (Acme)"), name_runs("Customer Support | Acme Help"), name_runs("Ada Quorn (You)")
    ([], [], ['Ada Quorn'])
    """
    if _PARTED.search(text):
        return []  # "X | Y", "X - Y": a team, a subject or a company on either side as often as a person
    runs: list[str] = []
    run: list[str] = []

    def close() -> None:
        while run and run[-1] in PARTICLES:
            run.pop()
        if len(run) > 1:
            runs.append(" ".join(run))
        run.clear()

    for m in _TOKEN.finditer(text):
        token = m.group()
        if token.startswith(_HEAD_MARKS) and not _says_the_person(token):
            run.clear()  # the head of "X (Y)", "X | Y", "X - Y": a team, a subject or a calendar as often as a person
        if token.startswith(_RUN_BREAK_BEFORE):
            close()
        word = token.strip("()[]{}<>\"'“”‘’")
        possessive = word.endswith(("'s", "’s"))
        if possessive:
            word = word[:-2]
        ends = possessive or token.endswith(_RUN_BREAK_AFTER)
        word = word.rstrip(",:;|.!?")
        if len(word) >= 2 and word[0].isalpha() and not word[0].islower() and all(
                c.isalpha() or c in "-'’" for c in word):
            run.append(word)
        elif run and word in PARTICLES:
            run.append(word)
        else:
            close()
        if ends:
            close()
    close()
    return runs


def _name_text(el: LexborNode) -> str | None:
    """The name the element shows as its text, when one can be read (Gmail's ``<span email=… name=…>Ada</span>``,
    Calendar's guest row ``<span>Name</span><span>Organizer</span>``, a compose chip's initials beside the name):
    each text of the element is read apart, a status, an interface word or a date among them left out; a text
    of two or more words that reads as a name is the name (the first such), else the one-word texts that read
    as names, joined (``<span>Ada</span> <span>Quorn</span>``). Only a small element is read (a name's span
    or chip): 8,000 nested elements carrying an address each read the whole subtree below (n^2)."""
    pieces: list[str] = []
    for n, node in enumerate(el.traverse(include_text=True)):
        if n > _NAME_ELEMENT_NODES:
            return None
        if node.is_text_node:
            piece = " ".join((node.text_content or "").split())
            if piece:
                pieces.append(piece)
    if len(pieces) == 1:
        return pieces[0] if reads_as_name(pieces[0]) else None
    shown = [p for p in pieces if p.lower() not in STATUS_WORDS and p.lower() not in NOT_NAMES and reads_as_name(p)]
    whole = next((p for p in shown if len(p.split()) > 1), None)
    if whole is not None:
        return whole
    joined = " ".join(shown)
    return joined if shown and reads_as_name(joined) else None


def _learn_shown_name(text: str, m: re.Match[str], faker: Faker, names: NameRules) -> list[str]:
    """A name an element carrying an address shows as its text (§6.2, a display name on an element that
    carries an email): two words or more are learned for the page, one word is returned (it is faked
    inside its element only, as a one-word display name is)."""
    if text.lower() in NOT_NAMES or is_fake_name(text):
        return []
    result = fake_address(faker, m.group(1), m.group(2))
    if keeps_display_name(text, m.group(1), result, names):
        return []
    if len(text.split()) == 1 or is_business_name(text, result):
        return [text]
    names.learn(text)
    return []


def _learn_name_before(el: LexborNode, m: re.Match[str], faker: Faker, names: NameRules) -> None:
    """``Name <`` written in the text just before an element carrying the address: the name is learned
    (two words or more), as ``Name <address>`` in one text is."""
    prev = el.prev
    if prev is None or not prev.is_text_node:
        return
    text = prev.text_content or ""
    if "<" not in text and "(" not in text:
        return
    found = NAME_BEFORE_OPEN.search(text)
    if found is None:
        return
    name = name_words(found.group(1))
    result = fake_address(faker, m.group(1), m.group(2))
    if (name.lower() not in NOT_NAMES and not is_fake_name(name) and not keeps_display_name(name, m.group(1), result, names)
            and not is_business_name(name, result)):
        names.learn(name)


def _names_beside(tag: str, attrs: dict[str, str | None], m: re.Match[str], keep: bool, faker: Faker,
                  names: NameRules) -> list[str]:
    """Learn the multi-word names of one element carrying the address ``m``; return its one-word names.

    ``name`` and ``data-name`` hold a display name as the sender wrote it (lower case too); a form control's
    ``name`` names its field. The other attributes are interface text (``aria-label="Search mail"``, ``title=
    "Copy email"``): what they say is learned only where it reads as a name (``reads_as_name``)."""
    result = fake_address(faker, m.group(1), m.group(2))
    singles: list[str] = []
    for key in NAME_ATTRS:
        if key == "name" and tag in _FORM_NAMED:
            continue
        exact = key in _EXACT_NAME_ATTRS
        name = (attrs.get(key) or "").strip()
        if not name or "@" in name or name.lower() in NOT_NAMES or is_fake_name(name):
            continue
        if keeps_display_name(name, m.group(1), result, names) or keep:
            continue
        if is_business_name(name, result):
            singles.append(name)  # faked in its element only (``is_business_name``)
            continue
        if not exact:
            # the person an interface label names ("Send email to Ada Quorn", "From: Ada Quorn")
            runs = name_runs(name)  # a fake's run too: the next pass reads the label as this one did
            for run in runs:
                if run.lower() not in STATUS_WORDS and not is_fake_name(run) and not is_business_name(run, result) \
                        and not keeps_display_name(run, m.group(1), result, names):
                    names.learn(run)
            if not reads_as_name(name):
                if not runs and len(name.split()) > 1:
                    singles.append(name)  # interface words, or one name among them ("Ada declined"): faked here only
                continue
        parts = [p.strip() for p in name.split(",")]
        for part in parts if len(parts) > 1 else ():
            if len(part.split()) > 1 and part.lower() not in STATUS_WORDS:
                names.learn(part)  # "Hana Sato, Accepted", "García López, María José": each name in it
        if len(parts) > 1 and parts[-1].lower() in STATUS_WORDS:
            continue  # a guest's label: the name, then a status the page shows (kept)
        if len(name.split()) > 1:
            names.learn(name)  # "Sato, Hana" is learned whole
        else:
            singles.append(name)
    return singles
