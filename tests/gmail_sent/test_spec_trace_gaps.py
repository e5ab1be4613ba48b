"""Rules of spec §8.1 (gmail.sent) that the observer implements and no earlier test pinned.

A trace of the spec against the tests found each rule below removable without any test failing.
Every expectation here is written from the spec's sentence quoted beside it, on a page built for
it with invented names and example.com addresses; each test was seen to fail with its rule removed
from the observer (the mutation is named in the test's docstring).
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime, timezone

from observers.run import PassInput, run_pass
from tests.fixture_builders.gmail_sent_pages import DANIEL, LENA, ME, NNBSP, OMAR, OWN, ListPage, Row, build, t

NOW = datetime(2026, 11, 30, 22, 30, tzinfo=timezone.utc)  # 2:30 PM in Los Angeles
TZ = "America/Los_Angeles"
ADA = ("Ada Brightwater", "ada.brightwater@example.com")
HIDDEN = 'style="display:none;visibility:visible"'
SHOWN_BUTTON = 'style="display:inline-block;visibility:visible"'
TODAY = "Mon, Nov 30, 2026"


def row(people, last, clock="1:00 PM", day=TODAY, subject="Subject", **kw) -> Row:
    return Row(people, subject, t(day, clock), clock.replace(" ", NNBSP), last, **kw)


def html_of(rows, route="#sent", **kw) -> str:
    return build(ListPage("synthetic-trace.html", route, rows, **kw))


def observe(html: str, route: str = "#sent", instant: datetime = NOW) -> dict:
    return run_pass(html, "gmail.sent", PassInput("https://mail.google.com/mail/u/0/" + route, TZ, instant)).posted()


def counterparties(posted: dict) -> list[str]:
    return [o["fields"]["counterparty"] for o in posted["observations"]]


def window(start: str, end: str = "2026-11-30T22:30:00.000Z") -> list[dict]:
    return [{"windowStart": start, "windowEnd": end}]


def into_main(html: str, extra: str) -> str:
    """``extra`` placed first inside the shown role=main."""
    out, n = re.subn(r'(role="main"[^>]*>)', lambda m: m.group(1) + extra, html, count=1)
    assert n == 1
    return out


def pager(label: str, disabled: bool, hidden: bool = False) -> str:
    button = (f'<div role="button" tabindex="0" aria-label="{label}" aria-disabled="{str(disabled).lower()}" '
              f'{SHOWN_BUTTON}></div>')
    return f'<div {HIDDEN}>{button}</div>' if hidden else button


# --- what it reads: the view ------------------------------------------------------------------

def test_the_document_title_alone_refuses_the_view():
    """§8.1: "the nav's selected folder and the document title can only refuse it (DEGRADED
    view.mismatch)". The nav says Sent; only the title names another folder.
    Mutation: the title check in page._view_mismatch removed."""
    rows = [row([DANIEL], "a" * 16)]
    assert observe(html_of(rows, title=f"Sent Mail - {ME} - Gmail"))["health"]["status"] == "OK"
    posted = observe(html_of(rows, title=f"Inbox (3) - {ME} - Gmail", nav_selected="sent"))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["view.mismatch"]}
    assert posted["observations"] == [] and posted["windows"] == []


# --- what it reads: recipients, subject, time -------------------------------------------------

def test_a_recipient_is_read_by_its_email_before_its_title():
    """§8.1: "the recipients in the cells before it (email, else title)". A recipient span that also
    carries a title (a tooltip with the name) is its email address.
    Mutation: title read before email in page._read_row."""
    html = html_of([row([ADA], "a" * 16)])
    marked = html.replace(f'email="{ADA[1]}" name="{ADA[0]}" style=',
                          f'email="{ADA[1]}" name="{ADA[0]}" title="{ADA[0]} (work)" style=')
    assert marked != html
    posted = observe(marked)
    assert posted["health"]["status"] == "OK"
    assert counterparties(posted) == [ADA[1]]


def test_a_recipient_the_row_does_not_show_is_not_read():
    """§8.1: "Only the subject anchor and recipients a row shows are read".
    Mutation: the shown check on people dropped in page._read_row."""
    html = html_of([row([DANIEL, LENA], "a" * 16)])
    hidden = html.replace(f'email="{LENA[1]}" name="{LENA[0]}" style="display:inline;visibility:visible"',
                          f'email="{LENA[1]}" name="{LENA[0]}" {HIDDEN}')
    assert hidden != html
    assert counterparties(observe(hidden)) == [DANIEL[1]]


def test_a_subject_anchor_the_row_does_not_show_is_not_read():
    """§8.1: "Only the subject anchor and recipients a row shows are read". A hidden id element (an
    earlier draft's) before the shown one in the subject cell is not the anchor: the row is keyed and
    hinted by the shown one. Mutation: the shown check on anchors dropped in page._read_row."""
    html = html_of([row([DANIEL], "a" * 16, subject="Shown subject")])
    stale = ('<span data-legacy-thread-id="cccccccccccccccc" data-legacy-last-message-id="cccccccccccccccc" '
             f'data-legacy-last-non-draft-message-id="cccccccccccccccc" {HIDDEN}>Earlier subject</span>')
    shown_anchor = '<span data-thread-id="#thread-f:1781234567890123456" data-legacy-thread-id="aaaa'
    assert html.count(shown_anchor) == 2  # the summary's copy, then the subject cell's
    at = html.rindex(shown_anchor)
    posted = observe(html[:at] + stale + html[at:])
    assert posted["health"]["status"] == "OK"
    [obs] = posted["observations"]
    assert obs["fields"]["subjectHint"] == "Shown subject"
    assert obs["rowKeyHash"] == hashlib.sha256(("gmail.sent\x00" + "a" * 16).encode()).hexdigest()


def test_an_empty_subject_posts_the_row_without_a_hint():
    """§8.1: "subjectHint (...; none for an empty subject or (no subject))".
    Mutation: the empty-subject test dropped in page._read_row (only the placeholders left)."""
    posted = observe(html_of([row([DANIEL], "a" * 16, subject="")]))
    assert posted["health"]["status"] == "OK"
    [obs] = posted["observations"]
    assert obs["fields"]["counterparty"] == DANIEL[1] and "subjectHint" not in obs["fields"]


def _time_span(title: str | None, aria: str | None, text: str) -> str:
    attrs = (f' title="{title}"' if title else "") + (f' aria-label="{aria}"' if aria else "")
    return f'<span{attrs} style="display:inline;visibility:visible"><span style="display:inline;visibility:visible">{text}</span></span>'


def _with_time_span(span: str) -> str:
    title = t(TODAY, "1:00 PM")
    html = html_of([row([DANIEL], "a" * 16)])
    old = _time_span(title, title, f"1:00{NNBSP}PM")
    assert html.count(old) == 1
    return html.replace(old, span)


def test_without_a_title_time_the_aria_label_times_the_row():
    """§8.1: "The time element's title (absolute), else its aria-label, else its text (...); the
    first that reads as a time decides". No title; the aria-label names yesterday's minute, the
    text ("Nov 29") names no minute. Mutation: the aria-label left out of row_time.read_row_time."""
    span = _time_span(None, t("Sun, Nov 29, 2026", "4:05 PM"), "Nov 29")
    posted = observe(_with_time_span(span))
    assert posted["health"]["status"] == "OK"
    assert posted["observations"][0]["fields"]["occurredAt"] == "2026-11-30T00:05:00.000Z"


def test_title_then_aria_label_then_text_the_first_that_reads_decides():
    """§8.1, as above: the order is title, aria-label, text. Each pair below disagrees, so the order
    decides the minute. Mutations: aria-label before title; text before aria-label (row_time.read_row_time)."""
    title, aria = t(TODAY, "11:10 AM"), t("Sun, Nov 29, 2026", "4:05 PM")
    both = observe(_with_time_span(_time_span(title, aria, f"1:00{NNBSP}PM")))
    assert both["observations"][0]["fields"]["occurredAt"] == "2026-11-30T19:10:00.000Z"  # the title
    no_title = observe(_with_time_span(_time_span("not a time", aria, f"1:00{NNBSP}PM")))
    assert no_title["observations"][0]["fields"]["occurredAt"] == "2026-11-30T00:05:00.000Z"  # the aria-label


def test_a_time_element_the_row_does_not_show_is_not_read():
    """§1: "Only the view the page draws" (a hidden element is never read). A hidden time span
    before the shown one in the date cell does not time the row.
    Mutation: the shown check on time elements dropped in row_time.read_row_time."""
    shown_span = _time_span(t(TODAY, "1:00 PM"), t(TODAY, "1:00 PM"), f"1:00{NNBSP}PM")
    stale = (f'<span title="{t("Sun, Nov 29, 2026", "9:00 AM")}" {HIDDEN}>Nov 29</span>')
    posted = observe(_with_time_span(stale + shown_span))
    assert posted["observations"][0]["fields"]["occurredAt"] == "2026-11-30T21:00:00.000Z"


def test_a_row_the_grid_does_not_show_is_not_read():
    """§1: "Only the view the page draws" (a hidden one is never read). A row hidden inside the shown
    grid gives no observation and does not reach the window. Mutation: rows read unfiltered."""
    html = html_of([row([DANIEL], "a" * 16, "2:00 PM"), row([LENA], "b" * 16, "1:00 PM"),
                    row([OMAR], "c" * 16, "9:00 AM")])
    third = 'id=":2a" tabindex="-1" draggable="false" style="display:table-row;visibility:visible"'
    assert html.count(third) == 1
    posted = observe(html.replace(third, f'id=":2a" tabindex="-1" draggable="false" {HIDDEN}'))
    assert counterparties(posted) == [DANIEL[1], LENA[1]]
    assert posted["windows"] == window("2026-11-30T21:01:00.000Z")


# --- rows ---------------------------------------------------------------------------------------

def test_two_identical_sends_stay_two_observations():
    """§8.1: "rowKey is data-legacy-last-message-id, so the same row read on two pages is one
    observation and two identical sends stay two". Same recipient, subject and minute, two ids.
    Mutation: RawRow posted with no rowKey in observer.extract."""
    rows = [row([DANIEL], "a" * 16, "1:00 PM"), row([DANIEL], "b" * 16, "1:00 PM")]
    posted = observe(html_of(rows))
    assert [o["fields"] for o in posted["observations"]] == [
        {"counterparty": DANIEL[1], "subjectHint": "Subject", "occurredAt": "2026-11-30T21:00:00.000Z"}] * 2
    assert [o["rowKeyHash"] for o in posted["observations"]] == [
        hashlib.sha256(f"gmail.sent\x00{mid}".encode()).hexdigest() for mid in ("a" * 16, "b" * 16)]
    # the same row read past the head is the same observation
    page2 = observe(html_of(rows, route="#sent/p2", newer_disabled=False), route="#sent/p2")
    assert [o["id"] for o in page2["observations"]] == [o["id"] for o in posted["observations"]]


def test_the_row_key_is_the_last_message_id_not_the_thread_id():
    """§8.1: "rowKey is data-legacy-last-message-id". A mail composed as a draft first keeps the
    draft's older id as its thread id; on a list that draws counts it is one message and is timed, so
    its three ids differ and only the last message's keys it. (Every other test's row has one id
    three times; an independent relabelling of 2026-12-02 keyed rows on the thread id and no test
    failed.) Mutation: the SentRow keyed on the thread id in page._read_row, the one-message test left
    as it was."""
    rows = [row([ADA], "e" * 16, "2:00 PM", count="2"),
            row([DANIEL], "d" * 16, "1:00 PM", thread="c" * 16, non_draft="d" * 16)]
    posted = observe(html_of(rows))
    assert counterparties(posted) == [DANIEL[1]]
    [obs] = posted["observations"]
    assert obs["rowKeyHash"] == hashlib.sha256(("gmail.sent\x00" + "d" * 16).encode()).hexdigest()


def test_a_count_after_the_account_and_a_recipient_marks_a_conversation():
    """§8.1: "Gmail shows no message count after its recipients (a shown element after the last
    recipient, in the recipients' cell, whose whole text is a count)". A row drawn "me, Ada 3" is a
    conversation: no row, and the window starts after it. Mutation: the count rule removed
    (has_count forced False); narrower ones tried (the count looked for after the first recipient,
    or inside the summary) change nothing a realistic page shows; the next test pins the cell."""
    rows = [row([OWN, ADA], "a" * 16, "2:00 PM", count="3"), row([LENA], "b" * 16, "1:00 PM")]
    posted = observe(html_of(rows))
    assert counterparties(posted) == [LENA[1]]
    assert posted["windows"] == window("2026-11-30T22:01:00.000Z")


def test_a_number_outside_the_recipients_cell_is_no_message_count():
    """§8.1, as above: the count is "in the recipients' cell". A later cell whose whole text is a
    number (an attachment-count column, say) is not a count: the row is one message. Mutation: the
    count looked for after the last recipient anywhere in the row, not only in its cell
    (page._read_row)."""
    rows = [row([DANIEL], "a" * 16, "2:00 PM"), row([LENA], "b" * 16, "1:00 PM")]
    html = html_of(rows)
    date_cell = "<td class=\""
    first_date = html.index(f'<span title="{t(TODAY, "2:00 PM")}"')
    at = html.rindex(date_cell, 0, first_date)
    number_cell = '<td role="gridcell" style="display:table-cell;visibility:visible">2</td>'
    posted = observe(html[:at] + number_cell + html[at:])
    assert posted["health"]["status"] == "OK"
    assert counterparties(posted) == [DANIEL[1], LENA[1]]
    assert posted["windows"] == window("2026-11-30T21:01:00.000Z")


# --- coverage -----------------------------------------------------------------------------------

TWO_ROWS = [row([DANIEL], "a" * 16, "2:00 PM"), row([LENA], "b" * 16, "1:00 PM")]


def test_a_hidden_enabled_newer_control_does_not_take_the_head_away():
    """§8.1: "Only the head of the list (route page 1, no shown enabled Newer control) asserts a
    window". An enabled Newer kept in a hidden earlier view is not shown.
    Mutation: Newer controls taken unfiltered by the shown rule (page.read_sent_page)."""
    posted = observe(into_main(html_of(TWO_ROWS), pager("Newer", disabled=False, hidden=True)))
    assert posted["health"]["status"] == "OK"
    assert posted["windows"] == window("2026-11-30T21:01:00.000Z")


def test_only_shown_older_controls_say_the_list_ends():
    """§8.1: "It starts at the oldest row's minute only when the page provably ends the list (it
    shows an Older control and every one is disabled)". A hidden Older counts neither way.
    Mutation: Older controls taken unfiltered by the shown rule (page.read_sent_page)."""
    shown_disabled_hidden_enabled = into_main(html_of(TWO_ROWS, older_disabled=True),
                                              pager("Older", disabled=False, hidden=True))
    assert observe(shown_disabled_hidden_enabled)["windows"] == window("2026-11-30T21:00:00.000Z")
    # no shown Older at all (the builder's is relabelled), a disabled one hidden: the list may go on
    none_shown_hidden_disabled = into_main(html_of(TWO_ROWS, older_label="Older messages"),
                                           pager("Older", disabled=True, hidden=True))
    assert observe(none_shown_hidden_disabled)["windows"] == window("2026-11-30T21:01:00.000Z")


def test_the_list_ends_only_when_every_shown_older_control_is_disabled():
    """§8.1, as above: "every one is disabled". A second shown Older that is enabled says the list
    may go on. Mutation: all() made any() over the Older controls (page.read_sent_page)."""
    html = into_main(html_of(TWO_ROWS, older_disabled=True), pager("Older", disabled=False))
    assert observe(html)["windows"] == window("2026-11-30T21:01:00.000Z")


def test_the_window_ends_at_the_pass_instant_with_its_seconds():
    """§8.1: "asserts a window, ending at the pass instant (windowEnd = lastSyncAt)"; §3.3:
    lastSyncAt = the pass instant. Mutation: windowEnd cut to the minute (observer.visible_windows)."""
    instant = datetime(2026, 11, 30, 22, 30, 20, tzinfo=timezone.utc)
    posted = observe(html_of(TWO_ROWS), instant=instant)
    assert posted["windows"] == window("2026-11-30T21:01:00.000Z", "2026-11-30T22:30:20.000Z")


def test_a_head_with_less_than_a_whole_minute_left_asserts_no_window():
    """§8.1: "A head with no whole minute left asserts no window". The only row is at 2:29 PM and the
    list may go on, so the window would start at 2:30:00; the pass is at 2:30:40, 40 seconds later.
    Mutation: the one-minute test made "start not before end" (observer.visible_windows)."""
    instant = datetime(2026, 11, 30, 22, 30, 40, tzinfo=timezone.utc)
    rows = [row([DANIEL], "a" * 16, "2:29 PM")]
    posted = observe(html_of(rows), instant=instant)
    assert posted["health"]["status"] == "OK" and counterparties(posted) == [DANIEL[1]]
    assert posted["windows"] == []
    # the list provably ends: the window starts at 2:29:00, more than a minute before the pass
    ends = observe(html_of(rows, older_disabled=True), instant=instant)
    assert ends["windows"] == window("2026-11-30T22:29:00.000Z", "2026-11-30T22:30:40.000Z")


def test_minutes_going_up_at_a_conversation_row_vouch_for_no_window():
    """§8.1: "A list whose shown minutes go up anywhere down the page vouches for no window (DEGRADED
    window.unknown)". The minute that goes up is a conversation's (a row that gives no row): its
    minute is shown all the same. Mutation: the order checked over single-message rows only."""
    rows = [row([DANIEL], "a" * 16, "1:00 PM"), row([LENA], "b" * 16, "2:00 PM", count="2"),
            row([OMAR], "c" * 16, "12:00 PM")]
    posted = observe(html_of(rows))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["window.unknown"]}
    assert posted["windows"] == []


# --- account ------------------------------------------------------------------------------------

def test_two_different_account_addresses_are_ambiguous_on_the_head():
    """§8.1 Account: "the last (<address>) in a banner label (...); two different addresses are
    selector.ambiguous.account. Required by health()." Mutation: the ambiguous branch dropped from
    page.read_sent_page (the head then posted a window with no account hash)."""
    second = '<a role="button" aria-label="Google Account: Theo Marsh\n(theo.marsh@example.net)"></a></header>'
    html = html_of(TWO_ROWS).replace("</header>", second, 1)
    posted = observe(html)
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.ambiguous.account"]}
    assert posted["windows"] == [] and posted["observations"] == []


def test_an_account_address_that_does_not_read_is_account_invalid_on_the_head():
    """§2.2: "A value that is not one email address: DEGRADED account.invalid"; §8.1: the account is
    "Required by health()". Mutation: the account.invalid branch dropped from page.read_sent_page."""
    posted = observe(html_of(TWO_ROWS, account_label="Google Account: Priya Raman\n(priya@@example..com)"))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["account.invalid"]}
    assert posted["windows"] == []
