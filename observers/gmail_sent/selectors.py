"""gmail.sent's selectors.json, loaded strictly when this module is imported."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import field_validator

from attest_kit.selectors import SelectorsFile, Strict, load_selectors


class SentSelectors(Strict):
    main: str
    grid: str
    row: str
    cell: str
    subject_anchor: str
    person: str
    time: str
    older: str
    nav: str
    nav_sent_link: str
    nav_selected: str
    nav_link: str
    nav_entry: str
    #: marks the current page on any element (ARIA), so a wrapper around a folder's link names it too
    nav_current: str
    #: a tab: an app rail's (in a tab list holding a Chat or Meet link) names no folder of the nav, its Mail entry
    #: linking to the inbox; a folder list drawn as tabs still does (``nav._an_app_rails_tab``)
    nav_tab: str
    #: the tab list a tab belongs to, where the rail's Chat or Meet link is looked for
    nav_tab_list: str
    #: a link only an app rail holds (Chat, Meet): a region holding one is the rail, and speaks for no folder
    nav_app_link: str
    account_label: str
    #: a <header> that is a banner by its implicit role (HTML-AAM): its labels count only with an account label's start
    account_label_implicit: str
    document_title: str


class SentAttributes(Strict):
    last_message_id: str
    last_non_draft_message_id: str
    thread_id: str
    email: str
    title: str
    aria_label: str
    aria_disabled: str
    #: a native <button>'s disabled state (a paging control drawn as one)
    disabled: str
    aria_hidden: str
    href: str
    name: str
    role: str


class SentPatterns(Strict):
    legacy_id: str
    message_count: str
    #: A count Gmail writes after a folder's name in the document title ("Inbox (3)").
    title_count: str
    #: An elision mark in the label before a row's first person (".. Lena Park", "+3 Lena Park").
    elision: str

    @field_validator("legacy_id", "message_count", "title_count", "elision")
    @classmethod
    def _compiles(cls, value: str) -> str:
        re.compile(value)
        return value


class SentLabels(Strict):
    older: str
    newer: str
    #: The account button's label in any display language ("Google Account:", "Google-Konto:", "Compte Google :"):
    #: Google's name before the first colon of its first line.
    account_label_pattern: str
    #: Where an account label writes its address: the last parenthesised group holding an @ ("（…）" too).
    account_address_pattern: str
    sent_folder_routes: list[str]
    #: Gmail's other mail folders, by a route's first part: a nav entry selecting one refuses the Sent view (a
    #: chat, the settings or another site's link names no folder).
    other_folder_routes: list[str]
    title_other_folders: list[str]
    #: The ``name`` Gmail gives the account's own recipient entry.
    self_name: str
    #: Stars an aria-hidden mark beside the people may draw without standing for a person left out (★ ☆ ⭐).
    icon_ornaments: list[str]
    #: Between the folder's name and the rest of the document title ("Sent Mail - ada@… - Gmail").
    title_separator: str
    #: Punctuation that stands for people left out rather than between them: full stops of every
    #: width (Gmail's ".."), leaders and the ellipsis.
    elision_stops: list[str]


class SentSelectorsFile(SelectorsFile):
    selectors: SentSelectors
    attributes: SentAttributes
    patterns: SentPatterns
    labels: SentLabels


PATH = Path(__file__).with_name("selectors.json")
SELECTORS = load_selectors(PATH, SentSelectorsFile, "gmail.sent")
