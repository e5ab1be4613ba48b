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
    for el, attrs in zip(w.elements, w.attrs):
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
        sig = (address, keep, shown_name, *(attrs.get(k) for k in NAME_ATTRS))
        singles = decided.get(sig)
        if singles is None:  # a list page repeats one person's element hundreds of times
            singles = decided[sig] = _names_beside(attrs, m, keep, faker, names)
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


#: The most nodes (the element itself, elements and texts below it) an element showing a name holds.
_NAME_ELEMENT_NODES = 8


def _name_text(el: LexborNode) -> str | None:
    """The element's own text when it can be a person's name as Gmail draws one (``Ada``, ``Ada Quorn``):
    one to six words of two or more letters, each capitalised or a particle, no digit and no "@". Only a
    small element is read (a name's span and its text): 8,000 nested elements carrying an address each
    read the whole subtree below (n^2)."""
    for n, _node in enumerate(el.traverse(include_text=True)):
        if n > _NAME_ELEMENT_NODES:
            return None
    text = " ".join(el.text(deep=True, separator=" ").split())
    if not text or len(text) > 80 or "@" in text or any(c.isdigit() for c in text):
        return None
    words = text.split()
    if len(words) > 6 or not words[0][:1].isupper() or len(words[0]) < 2:
        return None
    if not all(w[:1].isupper() or w in PARTICLES for w in words):
        return None  # "Write to us", "Reply": interface words, not a name
    return text


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


def _names_beside(attrs: dict[str, str | None], m: re.Match[str], keep: bool, faker: Faker, names: NameRules) -> list[str]:
    """Learn the multi-word names of one element carrying the address ``m``; return its one-word names."""
    result = fake_address(faker, m.group(1), m.group(2))
    singles: list[str] = []
    for key in NAME_ATTRS:
        name = (attrs.get(key) or "").strip()
        if not name or "@" in name or name.lower() in NOT_NAMES or is_fake_name(name):
            continue
        if keeps_display_name(name, m.group(1), result, names) or keep:
            continue
        if is_business_name(name, result):
            singles.append(name)  # faked in its element only (``is_business_name``)
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
