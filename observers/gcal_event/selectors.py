"""gcal.event's selectors.json, loaded strictly when this module is imported."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import Field, field_validator

from attest_kit.selectors import SelectorsFile, Strict, load_selectors


class GcalSelectors(Strict):
    main: str
    grid: str
    day: str
    event_element: str
    dialog: str
    button: str
    hidden_line: str
    #: a day cell's heading: a month names the day's events in it ("3 events, Monday, December 1")
    day_heading: str
    any_element: str
    labelled: str
    progressbar: str
    busy: str
    calendar_list: str
    calendar_entry: str
    #: A native checkbox, read by its ticked state (``checked``) whatever its role or ``aria-checked``.
    native_checkbox: str
    account_label: str
    #: a <header> that is a banner by its implicit role (HTML-AAM): its labels count only with an account label's start
    account_label_implicit: str


class GcalAttributes(Strict):
    date_key: str
    event_id: str
    aria_label: str
    aria_checked: str
    aria_hidden: str
    aria_busy: str
    aria_expanded: str
    checked: str
    role: str


class GcalPatterns(Strict):
    zone_hint: str
    zone_hint_candidate: str
    more_word: str  # a cheap filter before the pattern: text nodes without it are never read further
    more: str
    #: looser forms ("Show 2 more", "2<br>more" read as "2more") counted only inside a day's cell: outside
    #: one a control hides every day, and such words there may be a dialog's ("Show 2 more guests")
    more_in_day: str
    #: a control drawn as a bare "+2" (the words only in an aria-label, or none): read as "N more"
    more_count: str
    clock12: str
    clock24: str
    date: str
    address: str
    #: a month day heading's count of the day's events ("3 events, …"; "No events, …" counts none)
    day_event_count: str

    @field_validator("*")
    @classmethod
    def _compiles(cls, value: str) -> str:
        re.compile(value)
        return value


class GcalLabels(Strict):
    all_day: str
    to: str
    #: Dashes that join the first and last day of an all-day range ("October 2 – 12, 2026"), as ``to`` does.
    range_dashes: list[str] = Field(min_length=1)
    at: str
    calendar_prefix: str
    guests_prefix: str
    no_location: str
    location_prefix: str
    no_title: str
    response_statuses: list[str]
    calendar_lists: list[str] = Field(min_length=1)
    #: a word naming an element around a calendar entry outside the named lists as calendars (any case)
    calendar_region_words: list[str] = Field(min_length=1)
    #: The account button's label in any display language ("Google Account:", "Google-Konto:", "Compte Google :"):
    #: Google's name before the first colon of its first line.
    account_label_pattern: str
    #: Where an account label writes its address: the last parenthesised group holding an @ ("（…）" too).
    account_address_pattern: str
    months: list[str] = Field(min_length=12, max_length=12)
    weekdays: list[str] = Field(min_length=7, max_length=7)  # Monday first, as date.weekday() counts
    #: Words that join a weekday to a date or a recurrence ("until Tuesday", "every Friday"): a part
    #: right before the date that holds only these and a weekday names a day; "Friday Harbor" is a place.
    day_connectors: list[str] = Field(min_length=1)


class GcalLimits(Strict):
    max_range_days: int = Field(gt=0)
    max_days_in_a_row: int = Field(gt=0)  # a day or week view's one row of columns
    busy_degraded_after_seconds: int = Field(gt=0)
    stale_change_seconds: int = Field(gt=0)


class GcalSelectorsFile(SelectorsFile):
    selectors: GcalSelectors
    attributes: GcalAttributes
    patterns: GcalPatterns
    labels: GcalLabels
    limits: GcalLimits


PATH = Path(__file__).with_name("selectors.json")
SELECTORS = load_selectors(PATH, GcalSelectorsFile, "gcal.event")

#: What a snapshot names as the version it was read under (spec §5): ``gcal.event@<version>``.
SELECTORS_VERSION = f"{SELECTORS.observer}@{SELECTORS.version}"
