"""Hidden text read as drawn, found by a metamorphic audit of 2026-12-01 (2,472 variants of the shipped
Calendar pages, each changed one way a browser draws the same; gcal.event 1.3.46). Each test failed first.

1. A day's "2 more" control holding hidden words (``<span style="display:none">, click to expand</span>``)
   or a drawn aria-hidden icon (``▾``) was no control: its whole text was read. The day was covered over
   the events it hides (spec §1: a day that hides events behind "N more" is not covered).
2. A chip's sentence holding a hidden part (``1<span style="display:none">1</span>pm``) was read with it:
   11pm, an event read fourteen hours long on an OK page. A sentence and the aria-hidden lines wrapped
   in one element read as one sentence with the title again at its end (event.unreadable). The
   sentence is now its text without what is hidden inside it (aria-hidden, hidden, display:none,
   visibility:hidden): the accessible text. The sentence itself is visually hidden by design, so
   whether it is drawn is not asked.
3. A chip inside a closed ``<dialog>`` was read as an event: the shown rule now hides a dialog
   without ``open`` as a browser does (unless its style sets another display, as for ``hidden``).
4. ``aria-busy="TRUE"``: ARIA's true and false are read in any case (as browsers do).

A review of 1.3.46 (as first written) found the sentence reader dropped a part set visible again inside a
hidden one, and every part of a sentence a capture wrote hidden (each element's computed visibility is
inline there): visibility is now inherited as CSS inherits it, and inside a hidden sentence it tells
nothing. ARIA values are no longer trimmed (``" true"`` ticked a calendar).
"""

from __future__ import annotations

import pytest

from tests.gcal_event.helpers import posted_for

SENTENCE = "1pm to 2pm, Budget sync, Dana Whitfield, Accepted, No location, December 1, 2026"
VISUALLY_HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0px, 0px, 0px, 0px)"


def _chip(sentence: str = SENTENCE, lines: str = '<div aria-hidden="true">Budget sync</div>',
          event_id: str = "YnVkZ2V0MSBkYW5hLndoaXRmaWVsZEBleGFtcGxlLmNvbQ") -> str:
    return (f'<div role="button" data-eventid="{event_id}"><div style="{VISUALLY_HIDDEN}">{sentence}</div>'
            f"{lines}</div>")


def _page(cell: str | None = None, *, main_attrs: str = "", after_grid: str = "") -> str:
    cell = _chip() if cell is None else cell
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Google Calendar</title></head><body>'
        '<header role="banner"><a role="button" aria-label="Google Account: Dana Whitfield\n'
        '(dana.whitfield@example.com)" href="#">D</a></header>'
        '<div role="complementary"><ul role="list" aria-label="My calendars"><li><input type="checkbox" '
        'aria-label="Dana Whitfield" checked><span>Dana Whitfield</span></li></ul>'
        '<ul role="list" aria-label="Other calendars"><li><div role="checkbox" aria-checked="true" '
        'aria-label="Holidays in Testland"></div></li></ul></div>'
        f'<div role="main"{main_attrs}><div>GMT-08</div><div role="grid"><div role="row">'
        f'<div role="gridcell" data-datekey="29057">{cell}</div></div></div>{after_grid}</div></body></html>'
    )


def _read(html: str) -> tuple[str, list[str], list[tuple[str, str]], list[tuple[str | None, str, str]]]:
    posted = posted_for(html, state={})
    health = posted["health"]
    windows = [(w["windowStart"], w["windowEnd"]) for w in posted["windows"]]
    snapshot = posted.get("snapshot") or {}
    events = sorted((e.get("title"), e["start"], e["end"]) for e in snapshot.get("events", []))
    return health["status"], list(health.get("reasons", [])), windows, events


BUDGET = ("Budget sync", "2026-12-01T21:00:00.000Z", "2026-12-01T22:00:00.000Z")
DAY = [("2026-12-01T08:00:00.000Z", "2026-12-02T08:00:00.000Z")]


def test_the_unchanged_page_reads() -> None:
    assert _read(_page()) == ("OK", [], DAY, [BUDGET])


@pytest.mark.parametrize("control", [
    '<div role="button">2 more</div>',
    '<div role="button">2 more<span style="display:none">, click to expand</span></div>',
    '<div role="button">2 more<span aria-hidden="true"> \u25be</span></div>',
    '<div role="button"><span hidden>Show all: </span>2 more</div>',
])
def test_a_more_control_with_hidden_words_still_hides_its_day(control: str) -> None:
    status, reasons, windows, _ = _read(_page(_chip() + control))
    assert (status, reasons, windows) == ("OK", [], [])


@pytest.mark.parametrize("sentence", [
    "1<span style='display:none'>1</span>pm to 2pm, Budget sync, Dana Whitfield, Accepted, No location, "
    "December 1, 2026",
    "1<span aria-hidden='true'>1</span>pm to 2pm, Budget sync, Dana Whitfield, Accepted, No location, "
    "December 1, 2026",
    "1pm to 2pm, Budget sync<span style='visibility:hidden'> (cancelled)</span>, Dana Whitfield, Accepted, "
    "No location, December 1, 2026",
])
def test_hidden_text_inside_a_sentence_is_not_read(sentence: str) -> None:
    assert _read(_page(_chip(sentence))) == ("OK", [], DAY, [BUDGET])


def test_a_sentence_wrapped_with_its_aria_hidden_lines_reads() -> None:
    chip = ('<div role="button" data-eventid="YnVkZ2V0MSBkYW5hLndoaXRmaWVsZEBleGFtcGxlLmNvbQ"><div>'
            f'<div style="{VISUALLY_HIDDEN}">{SENTENCE}</div><div aria-hidden="true">Budget sync</div></div></div>')
    assert _read(_page(chip)) == ("OK", [], DAY, [BUDGET])


def test_a_sentence_hidden_whole_by_display_none_is_still_its_accessible_text() -> None:
    """Whether the sentence itself is drawn is not asked (it is hidden from sight by design)."""
    chip = ('<div role="button" data-eventid="YnVkZ2V0MSBkYW5hLndoaXRmaWVsZEBleGFtcGxlLmNvbQ">'
            f'<div style="display:none">{SENTENCE}</div><div aria-hidden="true">Budget sync</div></div>')
    assert _read(_page(chip)) == ("OK", [], DAY, [BUDGET])


def test_a_chip_in_a_closed_dialog_is_not_read() -> None:
    old = _chip("9am to 10am, Old draft, Dana Whitfield, Accepted, No location, December 1, 2026",
                '<div aria-hidden="true">Old draft</div>', event_id="b2xkZHJhZnQgZGFuYS53aGl0ZmllbGRAZXhhbXBsZS5jb20")
    assert _read(_page(after_grid=f"<dialog>{old}</dialog>")) == ("OK", [], DAY, [BUDGET])


def test_a_chip_in_an_open_dialog_is_read_as_before() -> None:
    old = _chip("9am to 10am, Old draft, Dana Whitfield, Accepted, No location, December 1, 2026",
                '<div aria-hidden="true">Old draft</div>', event_id="b2xkZHJhZnQgZGFuYS53aGl0ZmllbGRAZXhhbXBsZS5jb20")
    _, _, _, events = _read(_page(after_grid=f"<dialog open>{old}</dialog>"))
    assert ("Old draft", "2026-12-01T17:00:00.000Z", "2026-12-01T18:00:00.000Z") in events


@pytest.mark.parametrize("busy", ["TRUE", "True"])
def test_aria_busy_is_read_in_any_case(busy: str) -> None:
    status, reasons, windows, events = _read(_page(main_attrs=f' aria-busy="{busy}"'))
    assert (status, windows, events) == ("OK", [], [])


def test_a_calendar_ticked_in_capitals_is_ticked() -> None:
    html = _page().replace('aria-checked="true"', 'aria-checked="TRUE"')
    posted = posted_for(html, state={})
    assert posted["allCalendars"] is True and len(posted["windows"]) == 1


def test_a_list_label_with_stray_white_space_is_still_the_list() -> None:
    """5. ``aria-label="My calendars "``: an accessible name collapses its white space; the list was not
    found and a drawn page read as still drawing."""
    html = _page().replace('aria-label="My calendars"', 'aria-label=" My  calendars "')
    assert _read(html) == ("OK", [], DAY, [BUDGET])


HV = '<span style="visibility:hidden"><span style="visibility:visible">{}</span></span>'


@pytest.mark.parametrize("sentence", [
    f"1pm to 2pm, {HV.format('Budget sync')}, Dana Whitfield, Accepted, No location, December 1, 2026",
    f"1pm to 2pm, Budget sync, {HV.format('Dana Whitfield')}, Accepted, No location, December 1, 2026",
    f"{HV.format('1pm')} to 2pm, Budget sync, Dana Whitfield, Accepted, No location, December 1, 2026",
])
def test_a_part_set_visible_again_inside_a_hidden_one_is_read(sentence: str) -> None:
    """A review of 1.3.46: visibility is inherited and a part may set it back; dropped, the title or the
    calendar went missing on an OK page (a spurious calendar.updated)."""
    html = _page(_chip(sentence))
    posted = posted_for(html, state={})
    events = posted["snapshot"]["events"]
    assert _read(html) == ("OK", [], DAY, [BUDGET]) and events[0]["calendarKey"] is not None


def test_a_sentence_hidden_by_visibility_in_capture_form_reads_whole() -> None:
    """A capture writes each element's computed visibility inline: inside a visibility:hidden sentence every
    part says hidden, which tells nothing there (a review of 1.3.46: the title went missing)."""
    hidden = "display:inline;visibility:hidden"
    chip = ('<div role="button" data-eventid="YnVkZ2V0MSBkYW5hLndoaXRmaWVsZEBleGFtcGxlLmNvbQ">'
            '<div style="display:block;visibility:hidden">1pm to 2pm, '
            f'<span style="{hidden}">Budget sync</span>, Dana Whitfield, Accepted, No location, December 1, 2026</div>'
            '<div aria-hidden="true">Budget sync</div></div>')
    assert _read(_page(chip)) == ("OK", [], DAY, [BUDGET])


def test_an_aria_value_with_spaces_is_no_value() -> None:
    """ARIA's true and false are matched in any case, never trimmed (a review of 1.3.46: `" true"` ticked a
    calendar, the unsafe side)."""
    html = _page().replace('aria-checked="true"', 'aria-checked=" true"')
    assert posted_for(html, state={})["allCalendars"] is False


def _aria_label_days() -> tuple[str, str]:
    """Dec 1's and Dec 2's cell content: chips named by their aria-label, lines aria-hidden; Dec 1 shows "2 more"."""
    def chip(event_id: str, sentence: str, title: str) -> str:
        return (f'<div role="button" data-eventid="{event_id}" aria-label="{sentence}">'
                f'<div aria-hidden="true">{title}</div></div>')
    dec1 = chip("YWJjIHByaXlh", "10am to 11am, Budget sync, Dana Whitfield, Accepted, No location, December 1, 2026",
                "Budget sync") + '<div role="button">2 more</div>'
    dec2 = chip("ZGVmIHByaXlh", "3pm to 4pm, Design review, Dana Whitfield, Accepted, No location, December 2, 2026",
                "Design review")
    return dec1, dec2


def test_a_row_of_chips_named_by_aria_labels_is_no_more_control() -> None:
    """An end-of-day review of 1.3.46: chips whose sentence is their aria-label and whose lines are aria-hidden
    write nothing without their hidden parts, so a whole row read "2 more" from one day's control: a control
    outside every day cell, and every day was taken for hidden. An element holding a chip is no control."""
    dec1, dec2 = _aria_label_days()
    html = _page(dec1).replace(f'{dec1}</div>', f'{dec1}</div><div role="gridcell" data-datekey="29058">{dec2}</div>', 1)
    posted = posted_for(html, state={})
    assert posted["health"]["status"] == "OK"
    assert [(w["windowStart"], w["windowEnd"]) for w in posted["windows"]] == [
        ("2026-12-02T08:00:00.000Z", "2026-12-03T08:00:00.000Z")]


@pytest.mark.parametrize("control", ["2 more", "<span>2</span> more", "+2", '<div role="button">2 more</div>'])
def test_a_more_control_beside_a_chip_in_its_day_cell_still_hides_the_day(control: str) -> None:
    """A review of 1.3.52: stopping at an element that holds a chip lost a "2 more" written in the day cell
    itself beside its chip (the cell holds the chip), and the day was covered. An element holding chips is
    read without them instead (1.3.53)."""
    chip = ('<div role="button" data-eventid="YWJjIHByaXlh" aria-label="10am to 11am, Budget sync, Dana Whitfield, '
            'Accepted, No location, December 1, 2026"><div aria-hidden="true">Budget sync</div></div>')
    posted = posted_for(_page(chip + control), state={})
    assert posted["health"]["status"] == "OK" and posted["windows"] == []


@pytest.mark.parametrize("hidden", ["true", " true", "TRUE"])
def test_a_collapsed_toggle_whose_icon_is_aria_hidden_in_any_spelling_is_read(hidden: str) -> None:
    """A review of 1.3.52: with the icon's aria-hidden not trimmed, " true" read the icon into the toggle's name,
    the collapsed "Other calendars" list it stands for was missed, and allCalendars read true. There the value
    is trimmed (the safe side, 1.3.53)."""
    from tests.gcal_event.test_gcal_review_fixes import MINE, REVIEW, two_grids
    toggle = f'<div role="button" aria-expanded="false"><i aria-hidden="{hidden}">expand_more</i>Other calendars</div>'
    posted = posted_for(two_grids(timed={"29054": REVIEW}, panel=MINE + toggle))
    assert posted["health"]["status"] == "OK" and posted["allCalendars"] is False


def test_white_space_between_tags_makes_no_row_a_more_control() -> None:
    """A review of 1.3.53: a white-space text between tags climbed to the row, whose text without its chips
    was one day's "2 more": every day hidden again (1.3.54)."""
    dec1, dec2 = _aria_label_days()
    html = _page(dec1).replace(f'{dec1}</div>', f'{dec1}</div>\n <div role="gridcell" data-datekey="29058">\n{dec2}\n</div>\n', 1)
    posted = posted_for(html, state={})
    assert [(w["windowStart"], w["windowEnd"]) for w in posted["windows"]] == [
        ("2026-12-02T08:00:00.000Z", "2026-12-03T08:00:00.000Z")]


@pytest.mark.parametrize("where", ["toggle", "wrapper"])
def test_a_toggle_whose_own_aria_hidden_has_spaces_is_still_a_toggle(where: str) -> None:
    """A review of 1.3.53: trimming aria-hidden on the toggle or above it silenced the toggle itself, and the
    collapsed list it stands for was missed: allCalendars true. Trimmed only inside the toggle (1.3.54)."""
    from tests.gcal_event.test_gcal_review_fixes import MINE, REVIEW, two_grids
    own = ' aria-hidden=" true"' if where == "toggle" else ""
    toggle = f'<div role="button" aria-expanded="false"{own}>Other calendars</div>'
    if where == "wrapper":
        toggle = f'<div aria-hidden=" true">{toggle}</div>'
    posted = posted_for(two_grids(timed={"29054": REVIEW}, panel=MINE + toggle))
    assert posted["allCalendars"] is False
