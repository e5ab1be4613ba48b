"""gmail.sent: a second randomized audit of 2026-12-01 (6,500 generated Sent pages in 23 display formats) found
three ways a minute was taken from somewhere other than the row's time element (spec §8.1: "the time element in
a cell after it"; "It never reads the snippet or the screen-reader summary of the row"; "Only a minute is a send
time"). Each posted a wrong occurredAt, and on the head a window over minutes nobody saw.

- Another element after the subject whose title names a time (an attachment icon titled "Invoice Mon, Nov 30,
  2026, 11:30 AM.pdf") was read before the date cell: the first candidate that read decided. An image is no time
  element now; the gridcells after the subject (the date is one) are read before any other cell; and within
  them every candidate that reads is a reading of the row's one time: they must agree.
- With a time element of text only, the text fallback read a cell holding the hidden summary ("…, 9:15 AM,
  Agenda for Tue, Nov 3, 2026 attached"): the summary's text is left out of every cell's text now.
- A Finnish short date "10.11." (10 November) read as the clock 10:11 today: a clock written with a full stop
  is no clock when a full stop follows or comes before it (a day.month. date, or part of 10.11.2026).
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from observers.shared.gmail_time import read_minute
from tests.gmail_sent.test_layouts import DANIEL, S, SR, ids, observe, page, people, row

TITLE = "Mon, Nov 30, 2026, 8:05\u202fAM"


def _with_cell_before_date(cell: str, date_cell: str | None = None) -> str:
    html = row([DANIEL], "Quarterly numbers", TITLE, "18aaaaaaaaaaaaa1", date_cell=date_cell)
    date_at = html.rindex("<td")
    return page(html[:date_at] + cell + html[date_at:])


def test_an_attachment_icon_titled_with_a_time_is_no_time_element() -> None:
    attachment = f'<td {S}><img alt="Attachment" title="Invoice Mon, Nov 30, 2026, 11:30 AM.pdf" {S}></td>'
    posted = observe(_with_cell_before_date(attachment))
    assert [o["fields"]["occurredAt"] for o in posted["observations"]] == ["2026-11-30T16:05:00.000Z"]
    # nor beside a date element of text only, which then decides alone (a numeric date: untold)
    text_only_date = f'<td role="gridcell" {S}><span {S}>31/07/26</span></td>'
    posted = observe(_with_cell_before_date(attachment, date_cell=text_only_date))
    assert posted["observations"] == [] and posted["windows"] == []
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["time.unreadable"]}


CHIP = '<span title="Invoice Mon, Nov 30, 2026, 11:30 AM.pdf" {S}>Invoice</span>'.replace("{S}", S)


@pytest.mark.parametrize("date_cell, expected", [
    (None, ["2026-11-30T16:05:00.000Z"]),
    (f'<td role="gridcell" {S}><span {S}>8:05\u202fAM</span></td>', ["2026-11-30T16:05:00.000Z"]),
    (f'<td role="gridcell" {S}><span {S}>31/07/26</span></td>', []),  # a numeric date: untold, never the chip's
])
def test_a_chip_titled_with_a_time_outside_the_gridcells_is_never_the_time(date_cell: str | None,
                                                                          expected: list[str]) -> None:
    posted = observe(_with_cell_before_date(f"<td {S}>{CHIP}</td>", date_cell=date_cell))
    assert [o["fields"]["occurredAt"] for o in posted["observations"]] == expected


def test_two_gridcells_titled_with_two_times_make_the_rows_time_untold() -> None:
    posted = observe(_with_cell_before_date(f'<td role="gridcell" {S}>{CHIP}</td>'))
    assert posted["observations"] == [] and posted["windows"] == []
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["time.unreadable"]}


# A review of the first draft, which read every cell after the subject and required every reading to agree:
# a nudge, a snooze label or a short label nested in the date span turned rows that read into time.unreadable.
@pytest.mark.parametrize("extra", [
    f'<td {S}><span {S}>Sent 6 days ago. Follow up?</span></td>',
    f'<td {S}><span title="Snoozed until Tue, Dec 1, 2026, 8:00 AM" {S}>z</span></td>',
    f'<td {S}><span {S}>2 hours ago</span></td>',
])
def test_a_nudge_or_a_snooze_label_beside_the_date_leaves_the_date_to_decide(extra: str) -> None:
    html = row([DANIEL], "Quarterly numbers", TITLE, "18aaaaaaaaaaaaa1")
    posted = observe(page(html.replace("</tr>", extra + "</tr>")))
    assert [o["fields"]["occurredAt"] for o in posted["observations"]] == ["2026-11-30T16:05:00.000Z"]


def test_a_short_label_nested_in_the_date_span_is_its_own_short_form() -> None:
    date_cell = (f'<td role="gridcell" {S}><span title="{TITLE}" {S}><span aria-label="Nov 30" {S}>8:05\u202fAM</span>'
                 '</span></td>')
    posted = observe(_with_cell_before_date("", date_cell=date_cell))
    assert [o["fields"]["occurredAt"] for o in posted["observations"]] == ["2026-11-30T16:05:00.000Z"]


def test_an_element_after_the_subject_titled_with_the_same_time_agrees() -> None:
    tooltip = f'<td {S}><span title="{TITLE}" {S}></span></td>'
    posted = observe(_with_cell_before_date(tooltip))
    assert [o["fields"]["occurredAt"] for o in posted["observations"]] == ["2026-11-30T16:05:00.000Z"]


def test_an_attachment_titled_without_a_time_leaves_the_date_cell_to_decide() -> None:
    attachment = f'<td {S}><img alt="Attachment" title="Invoice.pdf" {S}></td>'
    posted = observe(_with_cell_before_date(attachment))
    assert [o["fields"]["occurredAt"] for o in posted["observations"]] == ["2026-11-30T16:05:00.000Z"]
    assert posted["health"]["status"] == "OK"


def test_the_hidden_summary_in_a_cell_of_its_own_is_never_read_for_the_time() -> None:
    summary = (f'<td {S}><div {SR}>To: {people([DANIEL])}, <span {ids("18aaaaaaaaaaaaa1")}>Quarterly numbers'
               '</span>, 9:15 AM, Agenda for Tue, Nov 3, 2026 attached</div></td>')
    text_only_date = f'<td role="gridcell" {S}><span {S}><span {S}>9:15\u202fAM</span></span></td>'
    posted = observe(_with_cell_before_date(summary, date_cell=text_only_date))
    assert [o["fields"]["occurredAt"] for o in posted["observations"]] == ["2026-11-30T17:15:00.000Z"]
    assert posted["windows"] == [{"windowStart": "2026-11-30T17:16:00.000Z", "windowEnd": "2026-11-30T22:30:00.000Z"}]


HELSINKI = ZoneInfo("Europe/Helsinki")
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text", ["10.11.", "3.11.", "10.11. ", "ma 10.11.2026", "10.11.2026"])
def test_a_day_month_date_written_with_full_stops_is_no_clock(text: str) -> None:
    assert read_minute(text, NOW, HELSINKI) is None


@pytest.mark.parametrize("text, expected", [
    ("13.03", "2026-11-30T11:03:00+00:00"), ("10.11", "2026-11-30T08:11:00+00:00"),
    ("30. marraskuuta 2026 kl.13.03", None),  # no month word this reader knows: refused, as before
    ("Mon, Nov 30, 2026 kl.13.03", "2026-11-30T11:03:00+00:00"),  # a full stop after letters: still a clock
    ("ma 30.11.2026 klo 13.03", None),  # a numeric date this reader cannot place: refused, as before
    ("Mon, Nov 30, 2026, 1:03 PM", "2026-11-30T11:03:00+00:00"),
])
def test_a_clock_written_with_a_full_stop_still_reads(text: str, expected: str | None) -> None:
    minute = read_minute(text, NOW, HELSINKI)
    assert (minute.isoformat() if minute else None) == expected


# A third audit (5,500 pages with the row and page structure varied): the hidden summary where the readers did not
# take it for one.

def test_a_summary_naming_its_people_in_plain_text_in_the_date_cell_is_never_read_for_the_time() -> None:
    """A date element of text only ("Oct 22", no minute) beside a summary that carries the ids and names its
    people in plain text: the text fallback read the summary's "Tue, Nov 3, 2026, 2:03 PM", a wrong row and, on
    the head, a window over two years."""
    mid = "18aaaaaaaaaaaaa1"
    date_cell = (f'<td role="gridcell" {S}><span {S}>Oct 22</span><div {SR} {ids(mid)}>To: Daniel, Quarterly numbers, '
                 'Oct 22, Meet on Tue, Nov 3, 2026, 2:03 PM</div></td>')
    posted = observe(_with_cell_before_date("", date_cell=date_cell))
    assert posted["observations"] == [] and posted["windows"] == []
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["time.unreadable"]}


def test_a_short_list_beside_a_summary_in_one_wrapper_is_still_refused() -> None:
    """The people cell draws "Dario, Kai, …" and, in the same wrapper, the summary names all three: every
    ancestor of the summary's ids was left out of the check, the wrapper too, so the elision was never seen and
    the row was read as a send to two of its three recipients."""
    mid = "18aaaaaaaaaaaaa1"
    dario, kai, ivo = ("Dario", "dario@example.net"), ("Kai", "kai@example.com"), ("Ivo", "ivo@example.net")
    people_cell = (f'<td role="gridcell" {S}><div {S}><div {S}>To: {people([dario, kai])}, <span {S}>\u2026</span></div>'
                   f'<div {SR}>To: {people([dario, kai, ivo])}, <span {ids(mid)}>Venue options</span>, 2:03 PM, snippet'
                   '</div></div></td>')
    html = row([DANIEL], "Venue options", TITLE, mid)
    cells = html.split("</td>")
    cells[1] = people_cell[: -len("</td>")]
    posted = observe(page("</td>".join(cells)))
    assert posted["observations"] == [] and posted["windows"] == []
    assert posted["health"]["status"] == "DEGRADED" and "selector.missing.recipients" in posted["health"]["reasons"]
