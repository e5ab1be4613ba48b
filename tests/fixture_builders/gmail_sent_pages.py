"""The synthetic Gmail Sent list pages (gmail/2026-11-30/synthetic-sent-*.html).

Run ``python -m tests.fixture_builders.gmail_sent_pages`` to write them. The labels beside them
(labels.json) are written by hand from these designs, never from an observer's output.

The pages are read at 2026-11-30T22:30:00Z (14:30 in America/Los_Angeles, UTC-8 that day).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.fixture_builders.gmail_shell import HIDDEN, REPO, Classes, esc, page, seeded_block, shown

OUT = REPO / "fixtures/pages/gmail/2026-11-30"
NNBSP = "\u202f"
ME = "priya.raman@example.com"
ACCOUNT_LABEL = f"Google Account: Priya Raman\n({ME})"


@dataclass
class Row:
    people: list[tuple[str, str]]  # (name, email); name "me" for the account's own entry
    subject: str
    title: str  # the time span's title (absolute)
    short: str  # the time span's text
    last: str
    non_draft: str | None = None  # defaults to last
    thread: str | None = None  # defaults to last
    count: str | None = None
    draft: bool = False
    snippet: str = "Thanks, see the notes below"
    thread_f: str = "#thread-f:1781234567890123456"
    extra_cells: bool = True


@dataclass
class ListPage:
    name: str
    route: str
    rows: list[Row]
    title: str = f"Sent Mail - {ME} - Gmail"
    account_label: str | None = ACCOUNT_LABEL
    newer_disabled: bool = True
    older_disabled: bool = False
    older_label: str = "Older"
    newer_label: str = "Newer"
    nav_selected: str = "sent"
    lang: str = "en"
    stale_rows: list[Row] = field(default_factory=list)
    stale_outside_main: bool = False
    second_main: bool = False
    count_text: str = "1–50 of 2,481"


def person_span(c: Classes, name: str, email: str) -> str:
    return f'<span class="{c(1)}" {shown("inline")}><span class="{c()}" email="{esc(email)}" name="{esc(name)}" {shown("inline")}>{esc(name if name != "me" else "me")}</span></span>'


def row_html(c: Classes, r: Row, idx: int) -> str:
    non_draft = r.non_draft or r.last
    thread = r.thread or r.last
    ids = (f'data-thread-id="{esc(r.thread_f)}" data-legacy-thread-id="{esc(thread)}" '
           f'data-legacy-last-message-id="{esc(r.last)}" data-legacy-last-non-draft-message-id="{esc(non_draft)}"')
    # The screen-reader summary repeats the ids and the people; it is visually hidden, not display:none.
    summary = (
        f'<div class="{c()}" style="display:block;visibility:visible;position:absolute;width:1px;height:1px;overflow:hidden">'
        f'To: {"".join(f"<span email={chr(34)}{esc(e)}{chr(34)} name={chr(34)}{esc(n)}{chr(34)}>{esc(n)}</span>" for n, e in r.people)}, '
        f'<span {ids}>{esc(r.subject)}</span>, {esc(r.short)}, {esc(r.snippet)}</div>'
    )
    people = ", ".join(person_span(c, n, e) for n, e in r.people)
    count = f'<span class="{c(1)}" {shown("inline")}>{esc(r.count)}</span>' if r.count else ""
    draft = f'<span class="{c(1)}" {shown("inline")}><font color="#DD4B39">Draft</font></span>' if r.draft else ""
    cells = [
        f'<td class="{c()}" {shown("table-cell")}></td>',
        f'<td class="{c()}" role="gridcell" {shown("table-cell")}><div class="{c()}" role="checkbox" aria-checked="false" tabindex="-1" {shown("inline-block")}></div></td>',
        f'<td class="{c()}" {shown("table-cell")}><span class="{c()}" role="button" aria-label="Not starred" {shown("inline-block")}></span></td>',
        f'<td class="{c()}" role="gridcell" {shown("table-cell")}>{summary}<div class="{c()}" {shown()}>To: {people}{count}{draft}</div></td>',
        f'<td class="{c()}" role="gridcell" {shown("table-cell")}><div class="{c()}" role="link" tabindex="-1" {shown()}><div class="{c()}" {shown()}>'
        f'<span class="{c(1)}" {shown("inline")}><span {ids} {shown("inline")}>{esc(r.subject)}</span></span>'
        f'<span class="{c(1)}" {shown("inline")}> - {esc(r.snippet)}</span></div></div></td>',
        f'<td class="{c()}" role="gridcell" {shown("table-cell")}><span title="{esc(r.title)}" aria-label="{esc(r.title)}" {shown("inline")}><span {shown("inline")}>{esc(r.short)}</span></span></td>',
    ]
    if r.extra_cells:
        cells.append(
            f'<td class="{c()}" {shown("table-cell")}><ul class="{c()}" role="toolbar" {shown("flex")}>'
            f'<li class="{c()}" role="button" aria-label="Archive" data-tooltip="Archive" {shown("list-item")}></li>'
            f'<li class="{c()}" role="button" aria-label="Delete" data-tooltip="Delete" {shown("list-item")}></li></ul></td>'
        )
    return f'<tr class="{c()}" role="row" id=":{idx + 40:x}" tabindex="-1" draggable="false" {shown("table-row")}>{"".join(cells)}</tr>'


def grid(c: Classes, rows: list[Row]) -> str:
    body = "".join(row_html(c, r, i) for i, r in enumerate(rows))
    return f'<table class="{c()}" role="grid" cellpadding="0" {shown("table")}><colgroup></colgroup><tbody {shown("table-row-group")}>{body}</tbody></table>'


def paging(c: Classes, p: ListPage, hidden: bool = False) -> str:
    style = HIDDEN if hidden else shown("flex")

    def control(label: str, disabled: bool) -> str:
        return (f'<div class="{c()}" role="button" tabindex="0" aria-label="{esc(label)}" data-tooltip="{esc(label)}" '
                f'aria-disabled="{"true" if disabled else "false"}" {shown("inline-block")}></div>')

    return (f'<div class="{c()}" {style}><span class="{c()}" {shown("inline")}>{esc(p.count_text)}</span>'
            f'{control(p.newer_label, p.newer_disabled if not hidden else False)}{control(p.older_label, p.older_disabled if not hidden else False)}</div>')


def main_html(c: Classes, p: ListPage) -> str:
    stale = ""
    if p.stale_rows and not p.stale_outside_main:
        stale = f'<div class="{c()}" {HIDDEN}>{paging(c, p, hidden=False)}{grid(c, p.stale_rows)}</div>'
    return (f'<div class="{c()}" role="main" {shown()}>{paging(c, p)}{stale}'
            f'<div class="{c()}" {shown()}>{grid(c, p.rows)}</div>{seeded_block(c)}</div>')


def build(p: ListPage) -> str:
    c = Classes(p.name)
    views = f'<div class="{c()}" {shown()}>{main_html(c, p)}</div>'
    if p.stale_rows and p.stale_outside_main:
        views = f'<div class="{c()}" {HIDDEN}><div class="{c()}" role="main" {shown()}>{paging(c, p, hidden=False)}{grid(c, p.stale_rows)}</div></div>' + views
    if p.second_main:
        views += f'<div class="{c()}" {shown()}><div class="{c()}" role="main" {shown()}>{grid(c, p.stale_rows or p.rows[:1])}</div></div>'
    return page(c, title=p.title, account_label=p.account_label, nav_selected=p.nav_selected, views=views, lang=p.lang)


def t(day: str, clock: str) -> str:
    """A title in current Chrome's form: narrow no-break space before AM/PM."""
    return f"{day}, {clock.replace(' ', NNBSP)}"


# --- the rows of the head of the list ---------------------------------------------------------
DANIEL = ("Daniel Okafor", "daniel.okafor@example.com")
LENA = ("Lena Park", "lena.park@example.org")
OMAR = ("Omar Haddad", "omar.haddad@example.net")
SARA = ("Sara Lindqvist", "sara.lindqvist@example.com")
JONAS = ("Jonas Weber", "Jonas.Weber@example.com")
MEI = ("Mei Chen", "mei.chen@example.org")
OWN_TAG = ("me", "Priya.Raman+notes@example.com")
OWN = ("me", ME)
OWN_CAPS = ("me", "Priya.RAMAN@example.com")

LONG_SUBJECT = ("Follow-up on the venue shortlist, catering numbers, the AV checklist and the "
                "final seating plan for Thursday")

HEAD_ROWS = [
    Row([DANIEL], "Quarterly plan draft", t("Mon, Nov 30, 2026", "2:03 PM"), f"2:03{NNBSP}PM", "18d2f0a1b2c3d4e5"),
    Row([DANIEL, OWN], "Budget sync", t("Mon, Nov 30, 2026", "1:15 PM"), f"1:15{NNBSP}PM", "18d2ef0011223344",
        thread="18d2e00000000001", count="3"),
    Row([LENA, OMAR], "Venue options", t("Mon, Nov 30, 2026", "11:42 AM"), f"11:42{NNBSP}AM", "18d2ee5566778899"),
    Row([SARA], "Invoice question", t("Mon, Nov 30, 2026", "9:05 AM"), f"9:05{NNBSP}AM", "18d2ed99aabbccdd",
        thread="18d2ec0000000abc"),
    Row([OWN_TAG], "Notes to self", t("Sun, Nov 29, 2026", "6:30 PM"), "Nov 29", "18d2ea0102030405"),
    Row([JONAS], LONG_SUBJECT, t("Sat, Nov 28, 2026", "4:00 PM"), "Nov 28", "18d2e90a0b0c0d0e"),
    Row([MEI], "Re: Workshop dates", t("Sat, Nov 28, 2026", "10:00 AM"), "Nov 28", "18d2e8f0f1f2f3f4",
        non_draft="18d2e8e0e1e2e3e4", thread="18d2e80000000777", draft=True),
    Row([MEI], "(no subject)", t("Fri, Nov 27, 2026", "8:10 AM"), "Nov 27", "18d2e7abcdef0123"),
]

STALE_ROWS = [
    Row([("Ada Stone", "ada.stone@example.com")], "Old view row", t("Wed, Nov 25, 2026", "3:00 PM"), "Nov 25", "18d2d00000000aaa"),
]


def pages() -> list[ListPage]:
    head = HEAD_ROWS
    return [
        ListPage("synthetic-sent-head.html", "#sent", head, stale_rows=STALE_ROWS),
        ListPage("synthetic-sent-page2.html", "#sent/p2", [
            head[5], head[7],
            Row([OMAR], "Trip receipts", t("Thu, Nov 26, 2026", "7:45 PM"), "Nov 26", "18d2e60000000b0b"),
            Row([LENA], "Draft agenda", t("Wed, Nov 25, 2026", "9:20 AM"), "Nov 25", "18d2e50000000c0c",
                thread="18d2e40000000c0c", count="2"),
        ], newer_disabled=False, count_text="51–100 of 2,481"),
        ListPage("synthetic-sent-whole-list.html", "#sent", [
            Row([DANIEL], "Welcome aboard", t("Mon, Nov 30, 2026", "10:00 AM"), f"10:00{NNBSP}AM", "18d2f10000000001"),
            Row([LENA], "First message", t("Tue, Nov 24, 2026", "8:30 AM"), "Nov 24", "18d2f10000000002"),
        ], older_disabled=True, count_text="1–2 of 2"),
        ListPage("synthetic-sent-minutes-up.html", "#sent", [
            Row([DANIEL], "Agenda", t("Mon, Nov 30, 2026", "2:00 PM"), f"2:00{NNBSP}PM", "18d2f20000000001"),
            Row([LENA], "Minutes", t("Mon, Nov 30, 2026", "9:00 AM"), f"9:00{NNBSP}AM", "18d2f20000000002"),
            Row([OMAR], "Follow-up", t("Mon, Nov 30, 2026", "11:00 AM"), f"11:00{NNBSP}AM", "18d2f20000000003"),
        ]),
        ListPage("synthetic-sent-no-counts.html", "#sent", [
            Row([DANIEL], "Budget", t("Mon, Nov 30, 2026", "1:00 PM"), f"1:00{NNBSP}PM", "18d2f30000000001"),
            Row([SARA], "Composed as a draft first", t("Mon, Nov 30, 2026", "12:00 PM"), f"12:00{NNBSP}PM",
                "18d2f30000000002", thread="18d2f300000000ff"),
            Row([LENA], "Schedule", t("Mon, Nov 30, 2026", "10:30 AM"), f"10:30{NNBSP}AM", "18d2f30000000003"),
        ]),
        ListPage("synthetic-sent-stale-view.html", "#sent", [
            Row([OMAR], "Packing list", t("Mon, Nov 30, 2026", "12:30 PM"), f"12:30{NNBSP}PM", "18d2f40000000001"),
            Row([MEI], "Photos", t("Sun, Nov 29, 2026", "5:00 PM"), "Nov 29", "18d2f40000000002"),
        ], stale_rows=STALE_ROWS, stale_outside_main=True),
        ListPage("synthetic-sent-two-mains.html", "#sent", [
            Row([OMAR], "Packing list", t("Mon, Nov 30, 2026", "12:30 PM"), f"12:30{NNBSP}PM", "18d2f50000000001"),
        ], second_main=True, stale_rows=STALE_ROWS),
        ListPage("synthetic-sent-inbox.html", "#inbox", [
            Row([DANIEL], "Lunch?", t("Mon, Nov 30, 2026", "1:00 PM"), f"1:00{NNBSP}PM", "18d2f60000000001"),
        ], title=f"Inbox (3) - {ME} - Gmail", nav_selected="inbox"),
        ListPage("synthetic-sent-bad-id.html", "#sent", [
            Row([DANIEL], "Status", t("Mon, Nov 30, 2026", "1:00 PM"), f"1:00{NNBSP}PM", "18d2f70000000001"),
            Row([LENA], "Plan", t("Mon, Nov 30, 2026", "12:00 PM"), f"12:00{NNBSP}PM", "#msg-f:1781234567890000001"),
        ]),
        ListPage("synthetic-sent-german.html", "#sent", [
            Row([DANIEL], "Angebot", "Mo., 30. Nov. 2026, 14:03", "14:03", "18d2f80000000001"),
            Row([LENA], "Termin", "Fr., 27. Nov. 2026, 08:15", "27. Nov.", "18d2f80000000002"),
        ], title=f"Gesendet - {ME} - Gmail", account_label=f"Google-Konto: Priya Raman\n({ME})",
            older_label="Ältere", newer_label="Neuere", lang="de", count_text="1–50 von 2.481"),
        ListPage("synthetic-sent-japanese.html", "#sent", [
            Row([DANIEL], "見積もり", "2026年11月30日(月) 14:03", "14:03", "18d2fb0000000001"),
            Row([LENA], "日程", "2026年11月27日(金) 8:15", "11月27日", "18d2fb0000000002"),
        ], title=f"送信済み - {ME} - Gmail", account_label=f"Google アカウント: Priya Raman\n({ME})",
            older_label="古い", newer_label="新しい", lang="ja", count_text="1～50 / 2,481"),
        ListPage("synthetic-sent-korean.html", "#sent", [
            Row([DANIEL], "견적", "2026년 11월 30일 (월) 오후 2:03", "오후 2:03", "18d2fc0000000001"),
            Row([LENA], "일정", "2026년 11월 27일 (금) 오전 8:15", "11월 27일", "18d2fc0000000002"),
        ], title=f"보낸편지함 - {ME} - Gmail", account_label=f"Google 계정: Priya Raman\n({ME})",
            older_label="이전", newer_label="다음", lang="ko", count_text="2,481개 중 1~50"),
        ListPage("synthetic-sent-no-account.html", "#sent", [
            Row([DANIEL], "Status", t("Mon, Nov 30, 2026", "1:00 PM"), f"1:00{NNBSP}PM", "18d2f90000000001"),
        ], account_label=None),
        ListPage("synthetic-sent-view-mismatch.html", "#sent", [
            Row([DANIEL], "Status", t("Mon, Nov 30, 2026", "1:00 PM"), f"1:00{NNBSP}PM", "18d2fa0000000001"),
        ], title=f"Inbox (3) - {ME} - Gmail", nav_selected="inbox"),
        # page 1 by its route, but a shown Newer is enabled: not the head, rows and no window (§8.1)
        ListPage("synthetic-sent-newer-enabled.html", "#sent", [
            Row([DANIEL], "Quarterly numbers", t("Mon, Nov 30, 2026", "1:15 PM"), f"1:15{NNBSP}PM", "18d2fd0000000001"),
            Row([LENA], "Room booking", t("Sun, Nov 29, 2026", "10:20 AM"), "Nov 29", "18d2fd0000000002"),
        ], newer_disabled=False),
        # the newest row naming the account (in capitals) is one message and newer than every
        # conversation row: the window starts a minute after it (§8.1, grading contract v1.14)
        ListPage("synthetic-sent-to-self.html", "#sent", [
            Row([OWN_CAPS, LENA], "Shared doc", t("Mon, Nov 30, 2026", "2:05 PM"), f"2:05{NNBSP}PM", "18d2fe0000000001"),
            Row([DANIEL], "Budget follow-up", t("Mon, Nov 30, 2026", "1:00 PM"), f"1:00{NNBSP}PM", "18d2fe0000000002"),
            Row([OMAR], "Venue", t("Mon, Nov 30, 2026", "11:00 AM"), f"11:00{NNBSP}AM", "18d2fe0000000003",
                thread="18d2fe00000000f3", count="2"),
            Row([MEI], "Photos", t("Sun, Nov 29, 2026", "5:00 PM"), "Nov 29", "18d2fe0000000004"),
        ]),
        # one row's time reads as no time in any of its three places: DEGRADED, the other row posted
        ListPage("synthetic-sent-time-unreadable.html", "#sent", [
            Row([DANIEL], "Status", t("Mon, Nov 30, 2026", "1:00 PM"), f"1:00{NNBSP}PM", "18d2ff0000000001"),
            Row([LENA], "Plan", "sometime soon", "soon", "18d2ff0000000002"),
        ]),
    ]


def write_all(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for p in pages():
        path = out / p.name
        path.write_text(build(p), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for written in write_all():
        print(written.relative_to(REPO))
