"""The shared Google-account reader (google-account.ts), used by all three observers.

The account button in the banner carries an aria-label such as ``Google Account: <name>`` then a
line break and ``(<address>)``; a second signed-in account can add a note after it. The reader
takes the last parenthesised address (ASCII or full-width) of each account label, in any display
language; failing any, the one address an account label ends with in angle brackets or bare. Never
one inside the main region (a mail's own markup can carry a banner role), and a hidden label only
when no shown label is an account label (a switcher the page keeps hidden lists other accounts). Two
different addresses are ambiguous; a label the selectors call an account label that ends with no
address is invalid (the switcher half drawn, or the page changed).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from selectolax.lexbor import LexborHTMLParser, LexborNode

from attest_kit.hashing import normalize_email
from observers.shared.dom import ShownRule, ancestors

#: Direction marks and embeddings Gmail wraps bracketed left-to-right text in, in a right-to-left display
#: language ("(\u200e" address "\u200e)"), and zero-width characters: not part of the address.
_MARKS = "\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff"

AccountStatus = Literal["ok", "missing", "ambiguous", "invalid"]
#: An address that ends an account label, in angle brackets (ASCII or full-width) or bare.
_ANGLED = re.compile(r"[<＜]([^<>＜＞\s]+@[^<>＜＞\s]+)[>＞]$")
_BARE_ADDRESS = re.compile(r"(?<![^\s:：" + _MARKS + r"])[^\s()（）<>＜＞:：]+@[^\s()（）<>＜＞]+$")


@dataclass(frozen=True)
class AccountRead:
    status: AccountStatus
    address: str | None = None
    #: With status "invalid": every account label ended with no address at all (half drawn).
    no_address: bool = False
    #: With status "invalid": the first value that holds an @ but is not one address, as written. It is
    #: only ever handed to the kernel's account hash (which refuses it: account.invalid), never posted.
    unreadable: str | None = None


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


@dataclass(frozen=True)
class AccountLabels:
    """What an observer's selectors.json says about the account labels."""

    selector: str  # candidate labelled elements, in the banner
    #: labelled elements in a ``<header>`` that is a banner by its implicit role (HTML-AAM): an account label only
    #: with an account label's start ("Google Account:"), never by a bracketed address alone (a page's other
    #: headers, a card's or a panel's, name people: "Organizer: Ada Stone (ada@…)")
    implicit_selector: str
    attribute: str  # the attribute holding the label ("aria-label")
    pattern: str  # an account label's start in any display language ("Google Account:")
    address_pattern: str  # its address: the last bracketed group holding an @ ("(ada@…)", full-width "（ada@…）")
    main: str  # the page's main region: a label inside it is a mail's own markup


def read_account(tree: LexborHTMLParser, labels: AccountLabels, shown: ShownRule | None = None) -> AccountRead:
    """Read the signed-in address from the banner's account labels.

    ``labels.selector`` finds candidate labelled elements (in the banner); a label is an account
    label when it holds a parenthesised ``@`` or ``labels.pattern`` matches its start. Given ``shown``,
    the shown labels are read, and the hidden ones only when no shown label is an account label (a
    switcher kept hidden lists other accounts; a narrow page may keep the only account button hidden).
    """
    if shown is not None:
        read = _read_labels(tree, labels, lambda node: shown.shown(node))
        if read.status != "missing":
            return read
    return _read_labels(tree, labels, lambda node: True)


def _read_labels(tree: LexborHTMLParser, labels: AccountLabels, take: Callable[[LexborNode], bool]) -> AccountRead:
    account_label = _compiled(labels.pattern)
    address_group = _compiled(labels.address_pattern)
    mains = {node.mem_id for node in tree.css(labels.main)}
    found: dict[str, str] = {}
    weak: dict[str, str] = {}  # addresses read from angle brackets or bare: used only when no label gives one in ()
    invalid = False
    unreadable_address: str | None = None
    # a "banner" in a mail's own markup (an email can carry roles, §8.2) is not the page's
    explicit = [node for node in tree.css(labels.selector)
                if not (mains and any(up.mem_id in mains for up in ancestors(node)))]
    seen = {node.mem_id for node in explicit}
    # a header is read as a banner only on a page whose banners label nothing (a page with a banner of its own keeps
    # its other headers' labels out: a second account's, with its own account button hidden, read as the account)
    implicit = [] if explicit else tree.css(labels.implicit_selector)
    for node in explicit + implicit:
        if mains and node.mem_id not in seen and any(up.mem_id in mains for up in ancestors(node)):
            continue
        if not take(node):
            continue
        label = node.attributes.get(labels.attribute) or ""
        groups = [g.strip().strip(_MARKS).strip() for g in address_group.findall(label)]
        with_at = [g for g in groups if "@" in g]
        starts_as_account = account_label.match(label.strip()) is not None
        if not (starts_as_account or (with_at and node.mem_id in seen)):
            continue
        target = found
        if not with_at:
            # an account label (its start says so) that writes the address in angle brackets or bare, last
            other = _weak_address(label)
            if other is None:
                invalid = True
                continue
            with_at, target = [other], weak
        address = with_at[-1]
        normal = normalize_email(address)
        if normal is None:
            invalid = True
            unreadable_address = unreadable_address or address
            continue
        target.setdefault(normal, address)
    found = found or weak
    if len(found) > 1:
        return AccountRead("ambiguous")
    if found:
        return AccountRead("ok", next(iter(found.values())))
    if invalid:
        return AccountRead("invalid", no_address=unreadable_address is None, unreadable=unreadable_address)
    return AccountRead("missing")


def _weak_address(label: str) -> str | None:
    """The address that ends an account label in angle brackets or bare ("Name <ada@…>", "ada@…"), or None."""
    text = label.strip().strip(_MARKS).rstrip(".,;!?").strip()
    angled = _ANGLED.search(text)
    if angled is not None:
        return angled.group(1).strip().strip(_MARKS).strip()
    if text.count("@") != 1:
        return None  # two addresses written bare: which is the account cannot be told
    bare = _BARE_ADDRESS.search(text)
    return bare.group(0).strip(_MARKS) if bare is not None else None
