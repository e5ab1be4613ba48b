"""gmail.sent on page shapes REAL-PAGES.md allows but our fixtures do not use (review of 2026-11-30).

Each test failed before its fix: a row whose cells are wrapped, the hidden summary in other places,
a time cell with text only, a subject cut on a space, a wall time the zone repeats, a missing id.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from observers.run import PassInput, run_pass

S = 'style="display:block;visibility:visible"'
SR = 'style="display:block;visibility:visible;position:absolute;width:1px;height:1px;overflow:hidden"'
NOW = datetime(2026, 11, 30, 22, 30, tzinfo=timezone.utc)
FACTS = PassInput("https://mail.google.com/mail/u/0/#sent", "America/Los_Angeles", NOW)
DANIEL, LENA = ("Daniel", "daniel@example.com"), ("Lena", "lena@example.org")


def ids(mid: str, thread: str | None = None, nd: str | None = None, drop: str | None = None) -> str:
    attrs = {"data-legacy-thread-id": thread or mid, "data-legacy-last-message-id": mid,
             "data-legacy-last-non-draft-message-id": nd or mid}
    return " ".join(f'{k}="{v}"' for k, v in attrs.items() if k != drop)


def people(who) -> str:
    return ", ".join(f'<span email="{e}" name="{n}" {S}>{n}</span>' for n, e in who)


def summary(who, subject, mid) -> str:
    return f'<div {SR}>To: {people(who)}, <span {ids(mid)}>{subject}</span>, 2:03 PM, snippet</div>'


def row(who, subject, title, mid, *, where="people", wrap=False, drop=None, date_cell=None) -> str:
    summ = summary(who, subject, mid)
    cells = [
        f'<td role="gridcell" {S}><div role="checkbox"></div></td>',
        f'<td role="gridcell" {S}>{summ if where == "people" else ""}<div {S}>To: {people(who)}</div></td>'
        if where != "wrapper" else f'<td role="gridcell" {S}><div {S}>{summ}<span {S}>To: {people(who)}</span></div></td>',
        f'<td role="gridcell" {S}>{summ if where == "subject" else ""}<span {ids(mid, drop=drop)} {S}>{subject}</span></td>',
        date_cell or f'<td role="gridcell" {S}><span title="{title}" aria-label="{title}" {S}>x</span></td>',
    ]
    if where == "subject-wrapper":  # the summary beside the subject's block, in one wrapper below the cell
        cells[2] = (f'<td role="gridcell" {S}><div role="link" {S}><div {S}><span {ids(mid, drop=drop)} {S}>{subject}'
                    f'</span><span {S}> - snippet</span></div>{summ}</div></td>')
    if where == "unwrapped":
        cells[1] = (f'<td role="gridcell" {S}>To: {people(who)}<span {ids(mid)}>{subject}</span>'
                    f'<div {S}>{people(who)}</div></td>')
    if wrap:
        return f'<div role="row" {S}><div {S}>{"".join(c.replace("<td", "<div").replace("</td>", "</div>") for c in cells)}</div></div>'
    return f'<tr role="row" {S}>{"".join(cells)}</tr>'


def page(rows: str, grid: str = "table") -> str:
    body = f'<table role="grid" {S}><tbody>{rows}</tbody></table>' if grid == "table" else f'<div role="grid" {S}>{rows}</div>'
    return (f'<html><head><title>Sent Mail</title></head><body {S}><header role="banner" {S}>'
            f'<a role="button" aria-label="Google Account: Priya\n(priya@example.com)" {S}>P</a></header>'
            f'<div role="main" {S}><div role="button" aria-label="Newer" aria-disabled="true" {S}></div>'
            f'<div role="button" aria-label="Older" aria-disabled="false" {S}></div>{body}</div></body></html>')


def observe(html: str, facts: PassInput = FACTS) -> dict:
    return run_pass(html, "gmail.sent", facts).posted()


def pairs(posted):
    return sorted((o["fields"]["counterparty"], o["fields"].get("subjectHint")) for o in posted["observations"])


T1, T2, T3 = "Mon, Nov 30, 2026, 2:03 PM", "Sun, Nov 29, 2026, 2:03 PM", "Sat, Nov 28, 2026, 9:00 AM"


def test_a_row_whose_cells_are_wrapped_is_read_not_skipped():
    rows = row([DANIEL], "Alpha", T1, "a" * 16, wrap=True) + row([LENA], "Beta", T2, "b" * 16, wrap=True)
    posted = observe(page(rows, grid="div"))
    assert pairs(posted) == [("daniel@example.com", "Alpha"), ("lena@example.org", "Beta")]


@pytest.mark.parametrize("where", ["people", "subject", "wrapper", "unwrapped", "subject-wrapper"])
def test_the_summary_is_recognised_wherever_it_sits(where):
    rows = row([DANIEL], "Alpha", T1, "a" * 16, where=where) + row([LENA], "Beta", T2, "b" * 16, where=where)
    posted = observe(page(rows))
    assert posted["health"]["status"] == "OK", posted["health"]
    assert pairs(posted) == [("daniel@example.com", "Alpha"), ("lena@example.org", "Beta")]
    assert posted["windows"] == [{"windowStart": "2026-11-29T22:04:00.000Z", "windowEnd": "2026-11-30T22:30:00.000Z"}]


def plain_summary(who, subject, mid) -> str:
    """A summary that names the people in its text only (no person spans to tell it by)."""
    names = ", ".join(n for n, _ in who)
    return f'<div {SR}>To: {names}, <span {ids(mid)}>{subject}</span>, 2:03 PM, snippet</div>'


@pytest.mark.parametrize("cell", [0, 3])
def test_a_summary_naming_people_in_plain_text_is_not_the_subject(cell):
    """The subject anchor has the recipients in the cells before it (spec 8.1): a summary's id element
    in a cell before any person (here the checkbox cell) is not it, wherever the summary sits."""
    def with_summary(who, subject, title, mid):
        built = row(who, subject, title, mid)
        cells = built.split("</td>")
        cells[cell] = cells[cell] + plain_summary(who, subject, mid)
        return "</td>".join(cells)

    rows = with_summary([DANIEL], "Alpha", T1, "a" * 16) + with_summary([LENA], "Beta", T2, "b" * 16)
    posted = observe(page(rows))
    assert posted["health"]["status"] == "OK", posted["health"]
    assert pairs(posted) == [("daniel@example.com", "Alpha"), ("lena@example.org", "Beta")]


def _row_with_text_summary(who, in_summary: str, in_span: str, title: str, mid: str, place: str) -> str:
    """A row with a summary naming its people in text, the ids on its own element, before the subject span: in the
    subject's cell or in a cell of its own between the people and the subject."""
    names = ", ".join(n for n, _ in who)
    summ = f'<div {SR} {ids(mid)}>To: {names}, {in_summary}, 2:03 PM, snippet</div>'
    cells = row(who, in_span, title, mid).split("</td>")
    if place == "subject cell":
        cells[2] = cells[2].replace(f"<td role=\"gridcell\" {S}>", f"<td role=\"gridcell\" {S}>{summ}", 1)
    else:
        cells[2] = f"<td>{summ}</td>" + cells[2]
    return "</td>".join(cells)


@pytest.mark.parametrize("place", ["subject cell", "own cell"])
def test_a_summary_in_plain_text_carrying_the_ids_itself_is_not_the_subject(place):
    """A traceability review: a summary naming its people in text, the ids on its own element, before
    the subject's span (in the subject's cell, or a cell of its own between the people and the
    subject) was the subject anchor: every hint was the summary's text, snippet and all. It repeats
    the subject's text with more around it; the anchor is the id element it repeats."""
    rows = (_row_with_text_summary([DANIEL], "Alpha", "Alpha", T1, "a" * 16, place)
            + _row_with_text_summary([LENA], "(no subject)", "(no subject)", T2, "b" * 16, place))
    posted = observe(page(rows))
    assert posted["health"]["status"] == "OK", posted["health"]
    assert pairs(posted) == [("daniel@example.com", "Alpha"), ("lena@example.org", None)]


def test_a_time_element_naming_no_minute_never_borrows_a_later_elements_time():
    """A traceability review: the spec reads one time element (its title, else aria-label, else text).
    A date span naming only a day ("Sun, Nov 29, 2026") was passed over for a later element's time
    ("Reminder set for … 8:00 PM"), a row at a minute the page never gave the send."""
    later = '<span title="Reminder set for Sun, Nov 29, 2026, 8:00 PM" {S}>r</span>'.replace("{S}", S)
    cell = (f'<td role="gridcell" {S}><span title="Sun, Nov 29, 2026" aria-label="Nov 29" {S}>Nov 29</span></td>'
            f'<td role="gridcell" {S}>{later}</td>')
    posted = observe(page(row([DANIEL], "Alpha", T1, "a" * 16) + row([LENA], "Beta", "", "b" * 16, date_cell=cell)))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["time.unreadable"]}
    assert pairs(posted) == [("daniel@example.com", "Alpha")] and posted["windows"] == []
    # an element with no day or time before the date span (an attachment's icon) is no time element
    icon = f'<td role="gridcell" {S}><span title="Attachment" {S}>a</span><span title="{T2}" {S}>x</span></td>'
    posted = observe(page(row([LENA], "Beta", "", "b" * 16, date_cell=icon)))
    assert posted["health"]["status"] == "OK" and posted["observations"][0]["fields"]["occurredAt"] == "2026-11-29T22:03:00.000Z"


def _plain_row(who, subject_ids: str, subject: str, title: str, count: str = "") -> str:
    """A row with no summary: people (and a count after them), the subject span, the date span."""
    counted = f'<span {S}>{count}</span>' if count else ""
    return (f'<tr role="row" {S}><td role="gridcell" {S}><div role="checkbox"></div></td>'
            f'<td role="gridcell" {S}><div {S}>To: {people(who)}{counted}</div></td>'
            f'<td role="gridcell" {S}><span {subject_ids} {S}>{subject}</span></td>'
            f'<td role="gridcell" {S}><span title="{title}" aria-label="{title}" {S}>x</span></td></tr>')


def test_a_count_on_a_row_with_no_subject_anchor_still_says_the_list_draws_counts():
    """A traceability review: a row whose subject span lost its ids is refused before its count was
    noted, so the list seemed to draw no counts and a mail composed as a draft first (its thread id
    the draft's) was taken for a conversation, its rows lost."""
    rows = (_plain_row([DANIEL], "", "Alpha", T1, count="3")
            + _plain_row([LENA], ids("b" * 16, thread="c" * 16), "Beta", T2))
    posted = observe(page(rows))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.subject"]}
    assert pairs(posted) == [("lena@example.org", "Beta")]
    # the control: with no count anywhere the list is read by its ids alone, and that row is a conversation
    plain = observe(page(_plain_row([DANIEL], "", "Alpha", T1) + _plain_row([LENA], ids("b" * 16, thread="c" * 16), "Beta", T2)))
    assert pairs(plain) == []


def test_a_time_cell_with_text_only_is_read():
    cell = f'<td role="gridcell" {S}><span {S}>2:03\u202fPM</span></td>'
    posted = observe(page(row([DANIEL], "Alpha", "", "a" * 16, date_cell=cell)))
    assert posted["observations"][0]["fields"]["occurredAt"] == "2026-11-30T22:03:00.000Z"


def test_a_subject_cut_on_a_space_is_kept_not_refused():
    subject = "x" * 79 + " tail words here"
    posted = observe(page(row([DANIEL], subject, T1, "a" * 16)))
    assert posted["health"]["status"] == "OK"
    assert posted["observations"][0]["fields"]["subjectHint"] == "x" * 79 + " "


def test_a_wall_time_the_zone_repeats_names_no_minute():
    facts = PassInput(FACTS.url, FACTS.time_zone, datetime(2026, 11, 2, 0, 0, tzinfo=timezone.utc))
    posted = observe(page(row([DANIEL], "Alpha", "Sun, Nov 1, 2026, 1:30 AM", "a" * 16)), facts)
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["time.unreadable"]}


@pytest.mark.parametrize("drop", ["data-legacy-last-message-id", "data-legacy-thread-id",
                                  "data-legacy-last-non-draft-message-id"])
def test_any_missing_id_is_the_same_fault(drop):
    rows = row([DANIEL], "Alpha", T1, "a" * 16) + row([LENA], "Beta", T2, "b" * 16, drop=drop)
    posted = observe(page(rows))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["row.invalid_id"]}
    # The row that reads is still evidence; the page vouches for no window.
    assert pairs(posted) == [("daniel@example.com", "Alpha")] and posted["windows"] == []


def test_a_row_shown_twice_is_one_observation():
    rows = row([DANIEL], "Alpha", T1, "a" * 16) + row([DANIEL], "Alpha", T1, "a" * 16)
    assert len(observe(page(rows))["observations"]) == 1


def test_only_the_folder_nav_can_refuse_the_view():
    rail = '<div role="navigation"><a href="https://mail.google.com/mail/u/0/#inbox" aria-current="page">Mail</a></div>'
    folders = ('<div role="navigation"><a href="#inbox">Inbox</a>'
               '<a href="https://mail.google.com/mail/u/0/#sent" aria-current="page">Sent</a></div>')
    html = page(row([DANIEL], "Alpha", T1, "a" * 16)).replace("<header", rail + folders + "<header")
    assert observe(html)["health"]["status"] == "OK"
    wrong = html.replace('#sent" aria-current="page"', '#sent"').replace('<a href="#inbox">', '<a href="#inbox" aria-current="page">')
    assert observe(wrong)["health"]["reasons"] == ["view.mismatch"]


def test_an_account_label_with_no_address_is_a_missing_account_on_gmail():
    html = page(row([DANIEL], "Alpha", T1, "a" * 16)).replace("Priya\n(priya@example.com)", "Priya")
    assert observe(html)["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.account"]}


@pytest.mark.parametrize("before", [True, False])
def test_a_summary_that_is_a_cell_of_its_own_is_not_read(before):
    """A summary may be a row's cell itself (no role, clipped or styled by class): it repeats the ids
    beside a person, and another cell holds the subject. Its person was read as a recipient."""
    def with_summary_cell(who, subject, title, mid):
        cells = row(who, subject, title, mid, where="none").split("</td>")
        cell = f'<td {S}>To: {people([("Hid", "hidden.summary@example.com")])}, <span {ids(mid)}>{subject}</span>, snippet'
        at = 1 if before else 3
        return "</td>".join(cells[:at] + [cell] + cells[at:])

    rows = with_summary_cell([DANIEL], "Alpha", T1, "a" * 16) + with_summary_cell([LENA], "Beta", T2, "b" * 16)
    posted = observe(page(rows))
    assert posted["health"]["status"] == "OK", posted["health"]
    assert pairs(posted) == [("daniel@example.com", "Alpha"), ("lena@example.org", "Beta")]


def test_a_row_with_no_time_element_is_missing_time_whatever_a_hidden_summary_says():
    """The cell-text fallback read a hidden summary's text ("2:03 PM, snippet") and called an empty
    date cell unreadable; only what the row shows is its time."""
    date_cell = f'<td role="gridcell" {S}><span {S}></span><div style="display:none">Alpha, 2:03 PM, snippet</div></td>'
    rows = row([DANIEL], "Alpha", T1, "a" * 16, date_cell=date_cell) + row([LENA], "Beta", T2, "b" * 16)
    posted = observe(page(rows))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.time"]}, posted["health"]


def test_a_person_drawn_with_no_address_is_a_missing_recipient():
    """A person span with a name but neither email nor an address title: the row cannot say who it
    was sent to (selector.missing.recipients); it was posted with an empty counterparty, which the
    kernel refused as redact.invalid_field, pointing a repairer at a control character."""
    nameless = row([DANIEL], "Alpha", T1, "a" * 16).replace(f'email="{DANIEL[1]}" ', "")
    posted = observe(page(nameless + row([LENA], "Beta", T2, "b" * 16)))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.recipients"]}, posted["health"]


@pytest.mark.parametrize("where", ["people", "unwrapped"])
def test_plain_cells_with_a_summary_inside_the_people_cell_are_read(where):
    """Cells drawn without a gridcell role (a plain td is a cell too): the people cell that also holds
    the summary is no summary cell while no other cell draws the row's people."""
    rows = (row([DANIEL], "Alpha", T1, "a" * 16, where=where) + row([LENA], "Beta", T2, "b" * 16, where=where))
    posted = observe(page(rows.replace(' role="gridcell"', "")))
    assert posted["health"]["status"] == "OK", posted["health"]
    assert pairs(posted) == [("daniel@example.com", "Alpha"), ("lena@example.org", "Beta")]


def test_a_row_whose_date_span_is_hidden_is_missing_time():
    """A user-journey review (a row under the pointer: its date span hidden, its hover toolbar drawn): a hidden
    time element counted as found, so the row said time.unreadable where its docs say a date span that is gone is
    selector.missing.time. A hidden element is never read, nor counted as there."""
    hidden = (f'<td role="gridcell" {S}><span title="{T1}" aria-label="{T1}" style="display:none">x</span>'
              f'<div role="button" aria-label="Archive" {S}></div></td>')
    rows = row([DANIEL], "Alpha", T1, "a" * 16, date_cell=hidden) + row([LENA], "Beta", T2, "b" * 16)
    posted = observe(page(rows))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.time"]}, posted["health"]


_HOVER_TITLE = "Mon, Nov 30, 2026, 8:05\u202fAM"
_HIDDEN_DATE = (f'<td role="gridcell" {S}><span title="{_HOVER_TITLE}" aria-label="{_HOVER_TITLE}" style="display:none">'
                f'Nov 30</span><ul role="toolbar" {S}><li role="button" aria-label="Archive" {S}></li></ul></td>')


@pytest.mark.parametrize("where, extra", [
    ("before", f'<td {S}><span title="Invoice Mon, Nov 30, 2026, 11:30 AM.pdf" {S}>Invoice</span></td>'),
    ("after", f'<td {S}><span title="Snoozed until Tue, Dec 1, 2026, 8:00 AM" {S}>z</span></td>'),
    ("after", f'<td {S}><span aria-label="Scheduled for Tue, Dec 1, 2026, 6:00 PM" {S}>s</span></td>'),
    ("after", f'<td {S}>Dec 1, 2026, 8:00 AM</td>'),
])
def test_a_hovered_row_never_takes_its_time_from_a_cell_outside_the_gridcells(where, extra):
    """A review of 1.2.28's first draft: with the hidden date span no longer counted, the gridcells held "no time
    element" and the other cells were read, so an attachment chip's or a snooze label's time became the send time
    (OK, a row and a window). A hidden time element is no reading, and it still keeps the row's time in its cell."""
    html = row([DANIEL], "Quarterly numbers", _HOVER_TITLE, "18aaaaaaaaaaaaa1", date_cell=_HIDDEN_DATE)
    if where == "before":
        at = html.rindex("<td")
        html = html[:at] + extra + html[at:]
    else:
        html = html.replace("</tr>", extra + "</tr>")
    posted = observe(page(html))
    assert posted["observations"] == [] and posted["windows"] == [], posted
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.time"]}, posted["health"]


@pytest.mark.parametrize("place", ["subject cell", "own cell"])
@pytest.mark.parametrize(("in_summary", "in_span", "hint"), [
    ("", "", None),                          # an empty subject: the span is empty, the summary is not
    ("(no subject)", "", None),              # the summary writes the placeholder over an empty span
    ("No subject", "(no subject)", None),    # each writes the placeholder its own way
    ("alpha", "Alpha", "Alpha"),             # the summary in another case
    ("Alpha  & co", "Alpha &amp; co", "Alpha & co"),  # other white space and punctuation around the words
], ids=["empty", "placeholder-over-empty", "placeholders", "case", "spacing"])
def test_a_summary_that_repeats_the_subject_in_other_words_is_not_the_subject(place, in_summary, in_span, hint):
    """A held-out-style audit (2026-12-02): 1.2.18 passed over a summary only when its text held the subject's
    text exactly, so beside an empty subject, a placeholder written another way or another case, the summary
    was the anchor and its whole text (recipient, time, snippet) left the page as the hint. The subject's
    words, in order, within the other id element's text say which one repeats the other."""
    posted = observe(page(_row_with_text_summary([DANIEL], in_summary, in_span, T1, "a" * 16, place)
                          + _row_with_text_summary([LENA], in_summary, in_span, T2, "b" * 16, place)))
    assert posted["health"]["status"] == "OK", posted["health"]
    assert pairs(posted) == [("daniel@example.com", hint), ("lena@example.org", hint)]


@pytest.mark.parametrize(("beside", "hint"), [
    ('<span data-legacy-thread-id="{mid}"></span>', "Alpha"),      # an empty marker carrying a thread id
    ('<span {ids}><img alt=""></span>', "Alpha"),                   # an icon carrying the ids
    ('<span {ids}>alpha</span>', "Re: Alpha plans"),                # a short text the subject's words hold
], ids=["empty-marker", "icon", "short-text"])
def test_an_id_element_beside_the_subject_that_names_no_recipient_never_takes_it(beside: str, hint: str) -> None:
    """A review of 1.2.36: the subject's words within another id element's text made that one a summary even
    when it was the subject and the other an empty marker, an icon or a word of it: the row lost its hint or,
    the marker carrying one id, was refused. A summary names the row's recipients (REAL-PAGES.md: sender,
    subject, time, snippet); the words rule reads only a text that names one of them."""
    def built(who, title, mid):
        subject = "Re: Alpha plans" if hint != "Alpha" else "Alpha"
        cells = row(who, subject, title, mid).split("</td>")
        cells[2] = cells[2] + beside.replace("{mid}", mid).replace("{ids}", ids(mid))
        return "</td>".join(cells)

    posted = observe(page(built([DANIEL], T1, "a" * 16) + built([LENA], T2, "b" * 16)))
    assert posted["health"]["status"] == "OK", posted["health"]
    assert pairs(posted) == [("daniel@example.com", hint), ("lena@example.org", hint)]


@pytest.mark.parametrize("beside", [
    '<span data-legacy-thread-id="{mid}"></span>',
    '<ul role="toolbar"><li role="button" aria-label="Archive" data-legacy-thread-id="{mid}"></li></ul>',
], ids=["empty-marker", "toolbar"])
def test_a_subject_naming_its_recipient_beside_a_thread_id_alone_is_still_the_subject(beside: str) -> None:
    """A second review of 1.2.36: the recipient rule passed whenever the subject itself named a recipient ("Hi
    Daniel"), so an empty marker or a toolbar item carrying the thread id alone took the anchor and the row was
    refused (``row.invalid_id``). A summary carries the subject's three ids; an element with one repeats nothing."""
    def built(who, title, mid):
        cells = row(who, f"Hi {who[0][0]}", title, mid).split("</td>")
        cells[2] = cells[2] + beside.replace("{mid}", mid)
        return "</td>".join(cells)

    posted = observe(page(built([DANIEL], T1, "a" * 16) + built([LENA], T2, "b" * 16)))
    assert posted["health"]["status"] == "OK", posted["health"]
    assert pairs(posted) == [("daniel@example.com", "Hi Daniel"), ("lena@example.org", "Hi Lena")]
