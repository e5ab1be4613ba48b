"""A side-panel toggle named by its drawn text, not an aria-label (gcal.event 1.3.38; a combination audit of
2026-12-01). A button's accessible name is its text: ``<div role="button" aria-expanded="false">Other
calendars</div>`` is the section's toggle as much as one with ``aria-label="Other calendars"``. Collapsed
with its list gone from the page, the calendars in it are unknown: never every calendar shown (spec §8.3,
§1). Read only by the aria-label, it was no toggle, and the pass said every calendar was shown.
"""

from __future__ import annotations

from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_gcal_review_fixes import MINE, two_grids

OTHER = MINE.replace("My calendars", "Other calendars")


def _toggle(expanded: str, tag: str = "div", role: str = ' role="button"') -> str:
    return f'<{tag}{role} aria-expanded="{expanded}"><span>Other calendars</span></{tag}>'


def test_a_collapsed_toggle_named_by_its_text_with_its_list_gone_is_a_list_drawn_empty() -> None:
    for toggle in (_toggle("false"), _toggle("false", "button", ""), _toggle("true")):
        posted = posted_for(two_grids(panel=MINE + toggle))
        assert posted["allCalendars"] is False, toggle
        assert {"key": None, "shown": False} in posted["snapshot"]["calendars"], toggle


def test_a_toggle_named_by_its_text_beside_its_shown_list_is_the_lists() -> None:
    posted = posted_for(two_grids(panel=MINE + _toggle("true") + OTHER))
    assert posted["allCalendars"] is True


def test_a_collapsed_toggle_beside_its_hidden_list_reads_the_list() -> None:
    hidden = f'<div style="display:none">{OTHER}</div>'
    assert posted_for(two_grids(panel=MINE + _toggle("false") + hidden))["allCalendars"] is True


def test_a_button_whose_text_only_holds_a_list_name_is_no_toggle() -> None:
    """A button saying more than the name ("Add other calendars") names no list."""
    button = '<div role="button">Add other calendars</div>'
    assert posted_for(two_grids(panel=MINE + button))["allCalendars"] is True


# --- a review of the first cut ------------------------------------------------------------------------

def test_a_collapsed_wrapper_or_a_closed_details_says_the_text_toggle_is_collapsed() -> None:
    hidden = f'<div style="display:none">{OTHER}</div>'
    wrapped = '<div aria-expanded="false"><button>Other calendars</button></div>'
    assert posted_for(two_grids(panel=MINE + wrapped + hidden))["allCalendars"] is True
    details = f"<details><summary>Other calendars</summary>{OTHER}</details>"
    assert posted_for(two_grids(panel=MINE + details))["allCalendars"] is True


def test_a_hidden_text_toggle_names_no_list() -> None:
    """Hidden, or under aria-hidden, a button has no accessible name: a dialog's stale copy names nothing."""
    for hidden in ('<div role="dialog" style="display:none"><button>Other calendars</button></div>',
                   '<div aria-hidden="true"><div role="button">Other calendars</div></div>'):
        assert posted_for(two_grids(panel=MINE + hidden))["allCalendars"] is True, hidden


def test_text_toggles_with_no_labelled_list_leave_a_page_still_drawing() -> None:
    panel = '<div role="button" aria-expanded="true">My calendars</div><input type="checkbox" checked>'
    posted = posted_for(two_grids(panel=panel))
    assert posted["windows"] == [] and posted["snapshot"] is None


def test_one_toggle_is_one_list_drawn_empty() -> None:
    for toggle in ('<div role="button" aria-expanded="false">Other calendars</div>',
                   '<button aria-expanded="false">Other calendars</button>'):
        calendars = posted_for(two_grids(panel=MINE + toggle))["snapshot"]["calendars"]
        assert calendars.count({"key": None, "shown": False}) == 1, toggle


# --- a second review ------------------------------------------------------------------------------------

def test_a_toggle_with_hidden_text_is_named_by_what_it_draws() -> None:
    toggle = ('<div role="button" aria-expanded="true">Other calendars'
              '<span style="display:none">, expanded</span></div>')
    posted = posted_for(two_grids(panel=MINE + toggle + OTHER))
    assert posted["allCalendars"] is True
    assert {"key": None, "shown": False} not in posted["snapshot"]["calendars"]


def test_many_text_toggles_of_one_name_are_one_list_drawn_empty() -> None:
    toggles = "".join('<button aria-expanded="false">Other calendars</button>' for _ in range(200))
    posted = posted_for(two_grids(panel=MINE + toggles))
    assert posted["health"]["status"] == "OK"
    assert posted["snapshot"]["calendars"].count({"key": None, "shown": False}) == 1


def test_an_inert_button_or_a_tab_is_no_toggle() -> None:
    for panel in ('<div inert><button>Other calendars</button></div>', '<button role="tab">Other calendars</button>'):
        assert posted_for(two_grids(panel=MINE + panel))["allCalendars"] is True, panel


# --- a third review -------------------------------------------------------------------------------------

def test_an_icon_hidden_from_assistive_technology_is_no_part_of_the_name() -> None:
    """Material's markup: the name, then an icon whose ligature text is drawn but aria-hidden."""
    toggle = ('<div role="button" aria-expanded="false"><span>Other calendars</span>'
              '<i aria-hidden="true">expand_more</i></div>')
    assert posted_for(two_grids(panel=MINE + toggle))["allCalendars"] is False


def test_what_is_no_toggle_or_names_another_is_not_read() -> None:
    for panel in ('<dialog><button>Other calendars</button></dialog>',  # a closed dialog is not drawn
                  '<textarea aria-expanded="false">Other calendars</textarea>',
                  '<select aria-expanded="false"><option>Other calendars</option></select>',
                  '<div aria-hidden="TRUE"><button>Other calendars</button></div>',
                  '<span id="q">Holidays</span><button aria-labelledby="q">Other calendars</button>'):
        assert posted_for(two_grids(panel=MINE + panel))["allCalendars"] is True, panel
