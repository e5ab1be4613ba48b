"""A single-message row reads only when its people cell shows every recipient (spec §4.2, §7, Hard Rule 5).

Gmail can draw a participant list short: ".." between two names, or a "+3" / "and 2 more" tail. The
recipients it does not draw are in no attribute of the row, so a row read from what it shows would be
posted as the whole send, and a claim naming a recipient left out would grade NOT FOUND inside the
window. Such a row "cannot be read structurally": the page is DEGRADED (selector.missing.recipients,
the reason an unreadable recipients cell already gives), that row gives no observation and the page no
window; the rows that read are posted as for any row that does not read.

Only what stands between and after the people is held to this; the label before the first person is
the display language's ("To: ", "An: ", "Para: ") and is not read. A conversation row (a count beside
it) gives no row whatever its cell shows, so its elision changes nothing.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from observers.run import PassInput, run_pass
from tests.fixture_builders.gmail_sent_pages import DANIEL, LENA, NNBSP, OMAR, ListPage, Row, build, t

NOW = datetime(2026, 11, 30, 22, 30, tzinfo=timezone.utc)
TZ = "America/Los_Angeles"
TODAY = "Mon, Nov 30, 2026"
BETWEEN = re.compile(r"(</span></span>)(, )(<span class=)")  # the separator between two shown people


def row(people, last: str, **kw) -> Row:
    return Row(people, "Budget review", t(TODAY, "1:00 PM"), "1:00" + NNBSP + "PM", last, **kw)


def observe(html: str) -> dict:
    return run_pass(html, "gmail.sent", PassInput("https://mail.google.com/mail/u/0/#sent", TZ, NOW)).posted()


def page(rows: list[Row], older_disabled: bool = True) -> str:
    return build(ListPage("synthetic-elided.html", "#sent", rows, older_disabled=older_disabled))


def between_first_two(html: str, shown_text: str) -> str:
    """``html`` with the separator between its first two shown people replaced by ``shown_text``."""
    out, n = BETWEEN.subn(lambda m: m.group(1) + shown_text + m.group(3), html, count=1)
    assert n == 1
    return out


def after_last_person(html: str, tail: str) -> str:
    """``tail`` placed after the last person of the first row's shown people cell."""
    out, n = re.subn(r"(</span></span>)(</div></td>)", lambda m: m.group(1) + tail + m.group(2), html, count=1)
    assert n == 1
    return out


def test_a_fully_drawn_row_reads():
    posted = observe(page([row([DANIEL, LENA], "a" * 16)]))
    assert posted["health"]["status"] == "OK"
    assert [o["fields"]["counterparty"] for o in posted["observations"]] == [DANIEL[1], LENA[1]]
    assert posted["windows"] != []


@pytest.mark.parametrize("elision", [
    ' <span style="display:inline;visibility:visible">..</span> ',  # Gmail's participant elision
    " .. ",
    ", \u2026, ",
])
def test_an_elision_between_people_refuses_the_page(elision: str):
    html = between_first_two(page([row([DANIEL, LENA], "a" * 16), row([OMAR], "b" * 16)]), elision)
    posted = observe(html)
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.recipients"]}
    # the row that reads is still posted (a row that does not read voids the window, not the others)
    assert [o["fields"]["counterparty"] for o in posted["observations"]] == [OMAR[1]]
    assert posted["windows"] == []


@pytest.mark.parametrize("tail", [
    ' <span style="display:inline;visibility:visible">+3</span>',
    ", and 2 more",
    " ..",
])
def test_a_tail_standing_for_more_people_refuses_the_page(tail: str):
    posted = observe(after_last_person(page([row([DANIEL, LENA], "a" * 16)]), tail))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.recipients"]}
    assert posted["observations"] == [] and posted["windows"] == []


def test_separators_and_a_hidden_tail_still_read():
    """Commas of other scripts and spaces are separators; a tail the page does not draw is not read."""
    html = between_first_two(page([row([DANIEL, LENA], "a" * 16)]), "\u060c\u00a0")
    html = after_last_person(html, '<span style="display:none">+3</span> ')
    posted = observe(html)
    assert posted["health"]["status"] == "OK"
    assert [o["fields"]["counterparty"] for o in posted["observations"]] == [DANIEL[1], LENA[1]]


@pytest.mark.parametrize("separator", [
    "\u1363 ",  # Ethiopic comma
    " \u00b7 ",  # middle dot
    " & ",
    "\u055d ",  # Armenian comma
    " / ",
    " \u2013 ",  # en dash
])
def test_punctuation_of_any_script_between_people_is_a_separator(separator: str):
    """Any punctuation but a full stop or an ellipsis separates people (a finding of the held-out audit: the
    comma of another script read as an elision and the page went DEGRADED)."""
    html = between_first_two(page([row([DANIEL, LENA], "a" * 16)]), separator)
    posted = observe(html)
    assert posted["health"]["status"] == "OK"
    assert [o["fields"]["counterparty"] for o in posted["observations"]] == [DANIEL[1], LENA[1]]


@pytest.mark.parametrize("elision", [" \u2025 ", " \uff0e\uff0e ", " \u22ef ", " + ", " 2 "])
def test_a_leader_a_full_width_stop_or_a_sign_between_people_is_still_an_elision(elision: str):
    html = between_first_two(page([row([DANIEL, LENA], "a" * 16)]), elision)
    assert observe(html)["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.recipients"]}


def test_the_label_before_the_first_person_is_not_read():
    html = page([row([DANIEL, LENA], "a" * 16)])
    shown_label = re.compile(r"(visibility:visible\">)To: (<span class=)")
    html, n = shown_label.subn(lambda m: m.group(1) + "An: " + m.group(2), html, count=1)
    assert n == 1
    posted = observe(html)
    assert posted["health"]["status"] == "OK"
    assert len(posted["observations"]) == 2


def test_an_elided_conversation_row_changes_nothing():
    """A row with a count gives no row whatever its cell shows; the window starts after it as before."""
    plain = page([row([OMAR], "b" * 16), row([DANIEL, LENA], "a" * 16, count="3", thread="c" * 16)])
    elided = between_first_two(plain, " .. ")  # the only row with two people is the conversation
    expected = observe(plain)
    assert expected["health"]["status"] == "OK" and expected["windows"] != []
    assert observe(elided) == expected


def test_a_count_written_as_bare_text_makes_a_conversation():
    """REAL-PAGES: "older pages wrote ` (15)`" after the last person, and a public sample writes it as a
    bare text, not in an element of its own. It is still the count Gmail shows (spec §8.1): the row is
    a conversation, gives no row, and the window starts after it (it was read as one message)."""
    rows = [row([OMAR], "b" * 16), row([DANIEL], "a" * 16)]
    rows[1].title = t(TODAY, "12:00 PM")
    html = page(rows, older_disabled=False)
    first_cell_end = html.index("</div></td>", html.index(f'name="{DANIEL[0]}"'))
    html = html[:first_cell_end] + " (15)" + html[first_cell_end:]
    posted = observe(html)
    assert posted["health"]["status"] == "OK"
    assert [o["fields"]["counterparty"] for o in posted["observations"]] == [OMAR[1]]
    assert posted["windows"] == [{"windowStart": "2026-11-30T20:01:00.000Z", "windowEnd": "2026-11-30T22:30:00.000Z"}]


def test_a_summary_loose_in_a_cell_of_its_own_is_not_read():
    """A summary with no element of its own, in a cell between the people and the subject: its text
    (subject, time, snippet) is no elision of the row's people."""
    html = page([row([DANIEL], "a" * 16)])
    subject_cell = html.index('<td class="', html.index(f'name="{DANIEL[0]}"'))
    loose = (f'<td>To: <span email="{DANIEL[1]}" name="{DANIEL[0]}">{DANIEL[0]}</span>, <span data-thread-id='
             f'"#thread-f:1781234567890123456" data-legacy-thread-id="{"a" * 16}" data-legacy-last-message-id='
             f'"{"a" * 16}" data-legacy-last-non-draft-message-id="{"a" * 16}">Budget review</span>, 1:00 PM, '
             f"Thanks, see the notes below</td>")
    posted = observe(html[:subject_cell] + loose + html[subject_cell:])
    assert posted["health"]["status"] == "OK"
    assert [o["fields"]["counterparty"] for o in posted["observations"]] == [DANIEL[1]]


NOTICE = ('<tr role="row" style="display:table-row;visibility:visible"><td style="display:table-cell;visibility:visible">'
          'No sent messages! <span role="link" tabindex="0">Send one</span> now?</td></tr>')


def test_an_empty_list_notice_is_no_unreadable_row():
    """An empty Sent list draws one notice row: no id, no person. It holds no send, so it is not "a row
    that cannot be read" (spec §4.2): the page is OK with no row and no window (it was DEGRADED
    selector.missing.subject on every pass of an account that never sent a mail)."""
    html = page([])
    body = html.index(">", html.index("<tbody")) + 1
    posted = observe(html[:body] + NOTICE + html[body:])
    assert posted["health"] == {"status": "OK", "reasons": []}
    assert posted["observations"] == [] and posted["windows"] == []


def test_a_row_with_no_id_and_no_person_beside_rows_still_refuses():
    """Beside rows that read, a row with neither could be a send whose markup changed: its time would
    sit inside their window, so it still makes the page DEGRADED."""
    html = page([row([DANIEL], "a" * 16)])
    body = html.index(">", html.index("<tbody")) + 1
    posted = observe(html[:body] + NOTICE + html[body:])
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.subject"]}
    assert posted["windows"] == []


# A review of the rules above.
def test_rows_of_several_cells_with_no_id_and_no_person_are_a_markup_change_not_a_notice():
    html = page([row([DANIEL], "a" * 16), row([LENA], "b" * 16)])
    changed = re.sub(r"data-legacy-(thread|last-message|last-non-draft-message)-id", r"data-legacy-\1-key", html)
    changed = re.sub(r' email="[^"]*" name="[^"]*"', ' data-hovercard-id="x"', changed)
    assert observe(changed)["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.subject"]}


def test_an_id_element_loose_in_the_only_people_cell_does_not_hide_an_elision():
    html = between_first_two(page([row([DANIEL, LENA], "a" * 16)]), " .. ")
    loose = '<span data-legacy-thread-id="{0}" data-legacy-last-message-id="{0}">Budget review</span>'.format("a" * 16)
    cell_end = html.index("</div></td>", html.index(f'name="{LENA[0]}"'))
    posted = observe(html[:cell_end] + "</div>" + loose + html[cell_end + len("</div>"):])
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.recipients"]}
    assert posted["windows"] == []


@pytest.mark.parametrize("label", ["To: .. ", "To: +3 ", "To: \u2026 "])
def test_an_elision_in_the_label_refuses_the_page(label: str):
    html = page([row([DANIEL, LENA], "a" * 16)])
    html, n = re.subn(r"(visibility:visible\">)To: (<span class=)", lambda m: m.group(1) + label + m.group(2), html,
                      count=1)
    assert n == 1
    assert observe(html)["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.recipients"]}
