"""gcal.event: a second held-out-style audit of 2026-12-02 (102 Calendar pages copying REAL-PAGES' markup) found a
native checkbox that also carries ``role="checkbox"`` read by its ``aria-checked`` (which a browser ignores on a
native control) and listed twice (the entry selector matched it once per part). Spec §8.3: the calendar list is
"role="checkbox" with aria-checked, or, as real Calendar draws it, native checkboxes read by their live ticked
state"; a complete snapshot "names each calendar once", so the doubled entry made no snapshot of such a page complete.
"""

from __future__ import annotations

import pytest

from attest_kit.hashing import sha256_hex
from tests.gcal_event.test_gcal_review_fixes import posted_for, two_grids


def _panel(entry: str) -> dict:
    return posted_for(two_grids(panel=f'<ul role="list" aria-label="My calendars"><li>{entry}</li></ul>'))


@pytest.mark.parametrize("aria, checked, shown", [
    ("true", "", False), ("false", " checked", True), ("true", " checked", True), ("false", "", False),
])
def test_a_native_checkbox_is_read_by_its_ticked_state_whatever_its_role(aria: str, checked: str, shown: bool) -> None:
    posted = _panel(f'<input type="checkbox" role="checkbox" aria-checked="{aria}" aria-label="Dana Whitfield"{checked}>')
    assert posted["snapshot"]["calendars"] == [{"key": sha256_hex("Dana Whitfield"), "shown": shown}]
    if posted["windows"]:
        assert posted["allCalendars"] is shown


def test_a_role_checkbox_that_is_no_native_control_is_read_by_aria_checked() -> None:
    posted = _panel('<div role="checkbox" aria-checked="false" aria-label="Dana Whitfield"></div>')
    assert posted["snapshot"]["calendars"] == [{"key": sha256_hex("Dana Whitfield"), "shown": False}]


# The same audit: a short event drawn on one line ("Coffee, Sam, 12pm": title and start clock) with a comma in
# its title gave no title line, so its chip was unreadable and the whole week DEGRADED (event.unreadable). The line
# is the title once the start clock written after its last comma is cut, and only that clock.
def _short(line: str, calendar: str = "Calendar: Team Rota") -> dict:
    chip = ('<div role="button" data-eventid="Y29m"><div>12pm to 12:15pm, Coffee, Sam, '
            f'{calendar}, No location, November 30, 2026</div><div aria-hidden="true"><span>{line}</span></div></div>')
    return posted_for(two_grids(timed={"29054": chip}))


@pytest.mark.parametrize("calendar", ["Calendar: Team Rota", "Dana Whitfield"])
def test_a_short_events_one_line_gives_its_title(calendar: str) -> None:
    posted = _short("Coffee, Sam, 12pm", calendar)
    assert posted["health"]["status"] == "OK", posted["health"]
    assert [e["title"] for e in posted["snapshot"]["events"]] == ["Coffee, Sam"]


@pytest.mark.parametrize("line", ["Coffee, Sam, 1pm", "Coffee, Sam, noon-ish"])
def test_a_line_ending_in_another_clock_or_word_gives_no_title(line: str) -> None:
    assert _short(line)["health"]["reasons"] == ["event.unreadable"]


def test_a_one_line_title_is_a_shown_title_line_as_any_other() -> None:
    """"Coffee, 12pm" draws the title "Coffee", as a line "Coffee" does (the shown line settles the title)."""
    assert [e["title"] for e in _short("Coffee, 12pm")["snapshot"]["events"]] == ["Coffee"]


# A review of both: a label around a native checkbox with role="checkbox" named nothing (the label was counted as
# holding two entries, one around a whole list); a one-line title swallowed a part the sentence's form names.
def test_a_label_around_a_native_checkbox_with_a_role_names_it() -> None:
    posted = _panel('<label><input type="checkbox" role="checkbox" checked>Team Rota</label>')
    assert posted["snapshot"]["calendars"] == [{"key": sha256_hex("Team Rota"), "shown": True}]


def test_a_one_line_title_never_holds_the_calendar_part() -> None:
    chip = ('<div role="button" data-eventid="Y29m"><div>12pm to 12:15pm, Coffee, Calendar: Team Rota, No location, '
            'November 30, 2026</div><div aria-hidden="true"><span>Coffee, Calendar: Team Rota, 12pm</span></div></div>')
    events = posted_for(two_grids(timed={"29054": chip}))["snapshot"]["events"]
    assert [(e["title"], e["calendarKey"]) for e in events] == [("Coffee", sha256_hex("Team Rota"))]


def test_a_type_a_browser_does_not_trim_is_no_native_checkbox() -> None:
    """A final review: ``type="checkbox "`` is a text input to a browser, so its role's aria-checked counts."""
    posted = _panel('<input type="checkbox " role="checkbox" aria-checked="true" aria-label="Dana Whitfield">')
    assert posted["snapshot"]["calendars"] == [{"key": sha256_hex("Dana Whitfield"), "shown": True}]
