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
