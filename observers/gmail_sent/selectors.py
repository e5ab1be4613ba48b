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
    account_label: str


class SentAttributes(Strict):
    last_message_id: str
    last_non_draft_message_id: str
    thread_id: str
    email: str
    title: str
    aria_label: str
    aria_disabled: str
    href: str


class SentPatterns(Strict):
    legacy_id: str
    message_count: str

    @field_validator("legacy_id", "message_count")
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
    sent_folder_routes: list[str]
    title_other_folders: list[str]


class SentSelectorsFile(SelectorsFile):
    selectors: SentSelectors
    attributes: SentAttributes
    patterns: SentPatterns
    labels: SentLabels


PATH = Path(__file__).with_name("selectors.json")
SELECTORS = load_selectors(PATH, SentSelectorsFile, "gmail.sent")
