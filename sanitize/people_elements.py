"""Display names read from the elements that carry an email (spec §6.2, "display names beside an
email"): a name in the element's name/title/aria-label attributes, its own short text, or a
``Name <`` written just before it. Learned before any value is faked, so every use of the name on
the page is faked, the ones above the element too. The rules for a name's words are ``display_names.py``'s.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from sanitize.emails import EMAIL, EmailFake, fake_address
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
from sanitize.name_forms import person_in
from sanitize.name_reading import name_runs, reads_as_name, shown_name
from sanitize.people import NOT_NAMES, NameRules, is_whole_name


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


def _name_text(el: LexborNode) -> str | None:
    """The name the element shows as its text, when one can be read (Gmail's ``<span email=… name=…>Ada</span>``,
    Calendar's guest row ``<span>Name</span><span>Organizer</span>``, a compose chip's initials beside the name):
    each text read apart, the name among them read by ``name_reading.shown_name``. Only a small element is read
    (a name's span or chip): 8,000 nested elements carrying an address each read the whole subtree below (n^2)."""
    pieces: list[str] = []
    for n, node in enumerate(el.traverse(include_text=True)):
        if n > _NAME_ELEMENT_NODES:
            return None
        if node.is_text_node:
            piece = " ".join((node.text_content or "").split())
            if piece:
                pieces.append(piece)
    return shown_name(pieces)


def _learn_shown_name(text: str, m: re.Match[str], faker: Faker, names: NameRules) -> list[str]:
    """A name an element carrying an address shows as its text (§6.2, a display name on an element that
    carries an email): two words or more are learned for the page, one word is returned (it is faked
    inside its element only, as a one-word display name is)."""
    if text.lower() in NOT_NAMES or is_fake_name(text):
        return []
    result = fake_address(faker, m.group(1), m.group(2))
    if keeps_display_name(text, m.group(1), result, names):
        return []
    if not is_whole_name(text) or is_business_name(text, result):
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
    one-word ``name`` names its field. The other attributes are interface text as often (``aria-label="Search
    mail"``): learned whole where they read as a name (``name_reading.reads_as_name``) or as a guest's label
    (``Name, Accepted``), else the person they name is learned from their runs of name words (``Send email to
    Ada Quorn``) and the words themselves are faked on this element only, as a one-word name is."""
    result = fake_address(faker, m.group(1), m.group(2))
    singles: list[str] = []
    for key in NAME_ATTRS:
        name = (attrs.get(key) or "").strip()
        form = key == "name" and tag in _FORM_NAMED
        if form and len(name.split()) < 2:
            continue  # a field's name ("email", "q")
        if not name or "@" in name or name.lower() in NOT_NAMES or is_fake_name(name):
            continue
        if keeps_display_name(name, m.group(1), result, names) or keep:
            continue
        if is_business_name(name, result):
            singles.append(name)  # faked in its element only (``is_business_name``)
            continue
        if _is_handle(name, m.group(1)):
            names.learn_handle(name)  # the local part as the name: a row's summary repeats it
            continue
        parts = [p.strip() for p in name.split(",")]
        guest = any(_is_status(p) for p in parts[1:])
        if (key not in _EXACT_NAME_ATTRS or form) and not guest:
            named = _learn_label_runs(name, m, result, names)
            if not reads_as_name(name) and not _spelled_by(name, m.group(1)):
                words = name.split()
                if not named and len(words) > 1 and any(len(w) > 1 and w[0].isalpha() for w in words):
                    singles.append(name)  # interface words, or one name among them ("Ada declined"): faked here only
                continue
        for part in parts if len(parts) > 1 else ():
            if len(part.split()) > 1 and not _is_status(part):
                names.learn(part)  # "Hana Sato, Accepted", "García López, María José": each name in it
        if guest:
            continue  # a guest's label: the name, then a status the page shows (kept)
        if is_whole_name(name):
            names.learn(name)  # "Sato, Hana" is learned whole
        else:
            singles.append(name)
    return singles


def _is_handle(value: str, local: str) -> bool:
    """The address's local part written as the name (``bteague88``, ``b_teague``), one that is no word, number,
    version or host of the page: four characters or more, two letters or more, and a digit or an underscore
    beside them (``2026``, ``v2``, ``mail.google`` and ``brannoc.teague`` are not read: a learned handle is
    replaced wherever it stands between word edges, in a link's host too)."""
    return (value.lower() == local.lower() and len(value) >= 4 and sum(c.isalpha() for c in value) >= 2
            and any(c.isdigit() or c == "_" for c in value))


def _spelled_by(label: str, local: str) -> bool:
    """Whether the words of a label of two or more words all spell the address's local part's words: the person's
    name, whatever its case (``ada quorn`` beside ``ada.quorn@…``)."""
    words = label.lower().split()
    pieces = set(re.split(r"[._+\-\d]+", local.lower()))
    return len(words) > 1 and all(w in pieces for w in words)


_NOTE = re.compile(r"\s*(?:\([^)]*\)|\s[\-–—]\s.*)$")


def _is_status(part: str) -> bool:
    """A guest's label's part after the name that says a status (``Accepted``), perhaps with a note after it
    (``Declined - Running late``, ``Organizer (she/her)``); a part of pronouns alone goes with one too."""
    bare = _NOTE.sub("", part).strip().lower()
    return bare in STATUS_WORDS or (not bare and part.startswith("("))


def _learn_label_runs(label: str, m: re.Match[str], result: EmailFake, names: NameRules) -> bool:
    """Learn the person an interface label on an element carrying an address names: its runs of name words, and
    the person inside a display name's other words (``'Ada Quorn' via Team``, ``name_forms.person_in``). Whether
    it names one: a fake's run counts but is not learned (the next pass reads the label as this one did)."""
    person = person_in(label)  # a group's sender, a title or pronouns: the person alone, never the group's words
    runs = name_runs(label, first=True)
    if person != label and reads_as_name(person):
        # the person alone, and the label's run holding the person as written ("Ada “Bo” Quorn"), not a group's
        runs = [person, *(r for r in runs if r != person and r.split()[0] == person.split()[0])]
    for run in runs:
        if run.lower() not in STATUS_WORDS and not is_fake_name(run) and not is_business_name(run, result) \
                and not keeps_display_name(run, m.group(1), result, names):
            names.learn(run)
    return bool(runs)
