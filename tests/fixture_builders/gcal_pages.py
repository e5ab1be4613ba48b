"""The synthetic Google Calendar pages (gcal/2026-11-30/synthetic-*.html).

Run ``python -m tests.fixture_builders.gcal_pages`` to write them. The labels beside them
(labels.json) are written by hand from these designs, never from an observer's output.

They imitate REAL-PAGES.md: one shown ``div[role=main]`` holding an all-day grid above a timed
grid (month view: one grid whose cells carry an ``h2`` naming the day), ``data-datekey`` day
cells, chips as ``div[role=button][data-eventid]`` (all-day and multi-day ones with the id on a
parent around the button) whose first child is the visually hidden sentence followed by
``aria-hidden`` lines, a GMT gutter cell, the side panel's "My calendars"/"Other calendars"
lists, a hidden earlier view, random class names per page and inline computed display styles.
Every value is invented. The browser's zone is America/Los_Angeles (GMT-08 in this range).
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from tests.fixture_builders.gmail_shell import HIDDEN, REPO, Classes, esc, seeded_block, shown

OUT = REPO / "fixtures/pages/gcal/2026-11-30"
ME = "dana.whitfield@example.com"
ACCOUNT_LABEL = f"Google Account: Dana Whitfield\n({ME})"
OTHER_LABEL = "Google Account: Rui Tanaka  \n(rui.tanaka@example.net)"
WEEK = [date(2026, 11, 29) + timedelta(days=i) for i in range(7)]
VISUALLY_HIDDEN = 'style="display:block;visibility:visible;position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0px, 0px, 0px, 0px)"'


def datekey(day: date) -> int:
    return (day.year - 1970) * 512 + day.month * 32 + day.day


def event_id(token: str, owner: str = ME) -> str:
    """data-eventid as Calendar writes it: base64 of '<event id> <calendar address>'."""
    return base64.b64encode(f"{token} {owner}".encode()).decode().rstrip("=")


@dataclass
class Chip:
    token: str  # event id token (the label's key is SHA-256 of the full data-eventid)
    sentence: str
    days: list[date]  # the columns it is drawn in
    all_day: bool = False
    lines: tuple[str, ...] = ()
    owner: str = ME
    each_line_hidden: bool = False  # aria-hidden on each line instead of on one wrapper around them

    @property
    def eid(self) -> str:
        return event_id(self.token, self.owner)


@dataclass
class Calendar:
    name: str
    shown: bool = True
    native: bool = True  # input[type=checkbox] (else role=checkbox with aria-checked)


DEFAULT_MINE = [Calendar("Dana Whitfield"), Calendar("Team Rota")]
DEFAULT_OTHER = [Calendar("Holidays in Testland", native=False)]


@dataclass
class GcalPage:
    name: str
    title: str
    view: str = "week"  # week | day | month
    days: list[date] = field(default_factory=lambda: list(WEEK))
    chips: list[Chip] = field(default_factory=list)
    account_labels: list[str] = field(default_factory=lambda: [ACCOUNT_LABEL])
    mine: list[Calendar] = field(default_factory=lambda: list(DEFAULT_MINE))
    other: list[Calendar] = field(default_factory=lambda: list(DEFAULT_OTHER))
    zone: str = "GMT-08"
    more: dict[date, int] = field(default_factory=dict)  # all-day cell → "N more"
    main_busy: bool = False
    grid_busy: bool = False
    main_progress: bool = False
    panel_progress: bool = False
    month_floating: list[Chip] = field(default_factory=list)  # month view: chips outside the cells
    one_grid: bool = False  # week drawn as one grid: an all-day row above a timed row (spec: "may split")
    more_plain: bool = False  # "N more" as a bare focusable div with no role
    other_collapsed: bool = False  # "Other calendars" section collapsed: its list kept, display:none
    lists: bool = True  # False: the side panel's lists have not filled in yet
    list_labels: tuple[str, str] = ("My calendars", "Other calendars")  # another display language names them in it
    lang: str = "en"
    bubble: Chip | None = None  # an event's detail bubble left open in the main region (a dialog naming its id)


def _title_line(chip: Chip) -> str:
    """The shown title line when a chip gives none: the part after the head. A sentence that opens
    with dates ("December 2, 2026 at 10pm to ...") holds commas in its head, so it must give its lines."""
    head = chip.sentence.split(", ")[0]
    if any(month in head for month in ("January", "February", "March", "April", "May", "June", "July", "August",
                                       "September", "October", "November", "December")):
        raise ValueError(f"{chip.token}: a sentence that opens with a date needs its lines")
    return chip.sentence.split(", ")[1]


def _chip(c: Classes, chip: Chip) -> str:
    lines = chip.lines or (_title_line(chip),)
    if chip.each_line_hidden:
        hidden_lines = "".join(f'<div class="{c()}" aria-hidden="true" {shown()}>{esc(line)}</div>' for line in lines)
    else:  # real chips: one aria-hidden wrapper, each line its own element inside it
        inner = "".join(f'<div class="{c()}" {shown()}><span class="{c()}" {shown("inline")}>{esc(line)}</span></div>'
                        for line in lines)
        hidden_lines = f'<div class="{c()}" aria-hidden="true" {shown()}>{inner}</div>'
    sentence = f'<div class="{c(1)}" {VISUALLY_HIDDEN}>{esc(chip.sentence)}</div>'
    if chip.all_day:
        return (f'<div class="{c()}" data-eventid="{esc(chip.eid)}" style="display:block;visibility:visible;top:0px;left:0%;width:100%">'
                f'<div class="{c()}" role="button" tabindex="0" {shown()}>{sentence}{hidden_lines}</div></div>')
    return (f'<div class="{c()}" role="button" tabindex="0" data-eventid="{esc(chip.eid)}" '
            f'style="display:block;visibility:visible;top:240px;height:24px;left:0%;width:100%">{sentence}{hidden_lines}</div>')


def _bubble(c: Classes, chip: Chip) -> str:
    """An open detail bubble: a dialog with the event's id, its action buttons and its shown title and time
    (no sentence: the bubble is no chip)."""
    buttons = "".join(f'<div class="{c()}" role="button" tabindex="0" aria-label="{label}" {shown("inline-block")}></div>'
                      for label in ("Edit event", "Delete event", "Email event details", "Options", "Close"))
    lines = "".join(f'<div class="{c()}" {shown()}>{esc(line)}</div>' for line in (chip.lines or (_title_line(chip),)))
    return (f'<div class="{c()}" role="dialog" aria-label="Event details" data-eventid="{esc(chip.eid)}" {shown()}>'
            f'<div class="{c()}" {shown("flex")}>{buttons}</div>{lines}</div>')


def _cell(c: Classes, day: date, inner: str, heading: str | None = None) -> str:
    head = f'<h2 class="{c()}" {shown()}>{esc(heading)}</h2>' if heading else ""
    return f'<div class="{c()}" role="gridcell" data-datekey="{datekey(day)}" {shown()}>{head}{inner}</div>'


def _timed_cell(c: Classes, index: int, day: date, chips: list[Chip]) -> str:
    """A timed day column as real day and week views draw it: labelled by a visually hidden h2."""
    count = f"{len(chips)} event{'' if len(chips) == 1 else 's'}" if chips else "No events"
    head = f'<h2 id="tsc-{index}" class="{c(1)}" {VISUALLY_HIDDEN}>{esc(count)}, {esc(day.strftime("%A, %B %-d"))}</h2>'
    return (f'<div class="{c()}" role="gridcell" aria-labelledby="tsc-{index}" data-column-index="{index}" '
            f'data-datekey="{datekey(day)}" {shown()}>{head}<div class="{c()}" role="presentation" {shown()}>'
            f'{"".join(_chip(c, ch) for ch in chips)}</div></div>')


def _week_grids(c: Classes, p: GcalPage) -> str:
    headers = "".join(
        f'<div class="{c()}" role="columnheader" {shown()}><div class="{c()}" role="button" aria-label="{esc(d.strftime("%A, %B %-d"))}" {shown()}>{d.day}</div></div>'
        for d in p.days)
    all_day_cells = []
    timed_cells = []
    for index, d in enumerate(p.days):
        chips_all = "".join(_chip(c, ch) for ch in p.chips if ch.all_day and d in ch.days)
        if d in p.more:
            role = "" if p.more_plain else ' role="button"'
            chips_all += f'<div class="{c()}"{role} tabindex="0" {shown()}>{p.more[d]} more</div>'
        all_day_cells.append(_cell(c, d, chips_all))
        timed_cells.append(_timed_cell(c, index, d, [ch for ch in p.chips if not ch.all_day and d in ch.days]))
    grid_busy = ' aria-busy="true"' if p.grid_busy else ""
    gutter = f'<div class="{c()}" {shown()}><div class="{c(1)}" {shown()}>{esc(p.zone)}</div></div>' if p.zone else ""
    hours = "".join(f'<div class="{c(1)}" {shown()}><span class="{c(1)}" {shown("inline")}>{h} AM</span></div>' for h in range(1, 12))
    if p.one_grid:
        return (
            f'<div class="{c()}" role="row" {shown("flex")}>{gutter}{headers}</div>'
            f'<div class="{c()}" {shown("flex")}><div class="{c()}" {shown()}>{hours}</div>'
            f'<div class="{c()}" role="grid"{grid_busy} {shown()}>'
            f'<div class="{c()}" role="row" {shown("flex")}>{"".join(all_day_cells)}</div>'
            f'<div class="{c()}" role="row" {shown("flex")}>{"".join(timed_cells)}</div></div></div>'
        )
    return (
        f'<div class="{c()}" role="row" {shown("flex")}>{gutter}{headers}</div>'
        f'<div class="{c()}" role="grid" aria-label="All-day events" {shown()}><div class="{c()}" role="row" {shown("flex")}>{"".join(all_day_cells)}</div></div>'
        f'<div class="{c()}" {shown("flex")}><div class="{c()}" {shown()}>{hours}</div>'
        f'<div class="{c()}" role="grid"{grid_busy} {shown()}><div class="{c()}" role="row" {shown("flex")}>{"".join(timed_cells)}</div></div></div>'
    )


def _month_grid(c: Classes, p: GcalPage) -> str:
    rows = []
    for i in range(0, len(p.days), 7):
        cells = "".join(
            _cell(c, d, f'<div class="{c()}" role="button" tabindex="0" aria-label="{esc(d.strftime("%B %-d"))}" {shown()}>{d.day}</div>',
                  heading=f'No events, {d.strftime("%A, %B %-d")}')
            for d in p.days[i:i + 7])
        rows.append(f'<div class="{c()}" role="row" {shown("flex")}>{cells}</div>')
    floating = "".join(_chip(c, ch) for ch in p.month_floating)
    layer = f'<div class="{c()}" {shown()}>{floating}</div>' if floating else ""
    return f'<div class="{c()}" role="grid" {shown()}>{"".join(rows)}{layer}</div>'


def _stale_view(c: Classes) -> str:
    """An earlier view Calendar keeps in the page, hidden: a day view of another week."""
    day = date(2026, 11, 23)
    chip = Chip("zz9stale0old", "10am to 11am, Old planning, Dana Whitfield, Accepted, No location, November 23, 2026", [day])
    return (f'<div class="{c()}" {HIDDEN}><div class="{c()}" {shown()}>GMT-08</div>'
            f'<div class="{c()}" role="grid" {shown()}><div class="{c()}" role="row" {shown()}>{_cell(c, day, _chip(c, chip))}</div></div></div>')


def _calendar_list(c: Classes, label: str, calendars: list[Calendar]) -> str:
    entries = []
    for cal in calendars:
        if cal.native:
            ticked = " checked" if cal.shown else ""
            box = f'<input class="{c()}" type="checkbox" aria-label="{esc(cal.name)}"{ticked} {shown("inline-block")}>'
        else:
            box = (f'<div class="{c()}" role="checkbox" aria-checked="{"true" if cal.shown else "false"}" '
                   f'aria-label="{esc(cal.name)}" tabindex="0" {shown("inline-block")}></div>')
        entries.append(f'<li class="{c()}" role="listitem" {shown()}>{box}<span class="{c()}" {shown("inline")}>{esc(cal.name)}</span></li>')
    return f'<ul class="{c()}" role="list" aria-label="{esc(label)}" {shown()}>{"".join(entries)}</ul>'


def _banner(c: Classes, labels: list[str]) -> str:
    buttons = [f'<a class="{c()}" role="button" aria-label="Google apps" href="https://www.google.com/intl/en/about/products" {shown("inline-block")}></a>']
    for label in labels:
        buttons.append(f'<a class="{c()}" role="button" tabindex="0" aria-label="{esc(label)}" href="https://accounts.google.com/SignOutOptions" {shown("inline-block")}>'
                       f'<span class="{c(1)}" {shown("inline")}>D</span></a>')
    return f'<header class="{c()}" role="banner" {shown("flex")}><div class="{c()}" {shown("flex")}>{"".join(buttons)}</div></header>'


def render(p: GcalPage) -> str:
    c = Classes(p.name)
    panel_progress = f'<div class="{c()}" role="progressbar" aria-label="Loading" {shown()}></div>' if p.panel_progress else ""
    panel_class = c()  # drawn before its lists, so a page's class names stay as they were
    mine = _calendar_list(c, p.list_labels[0], p.mine) if p.lists else ""
    other = _calendar_list(c, p.list_labels[1], p.other) if p.lists else ""
    if p.other_collapsed:
        other = (f'<div class="{c()}" role="button" aria-expanded="false" tabindex="0" {shown()}>Other calendars</div>'
                 f'<div class="{c()}" {HIDDEN}>{other}</div>')
    panel = f'<div class="{panel_class}" role="complementary" {shown()}>{panel_progress}{mine}{other}</div>'

    grids = _month_grid(c, p) if p.view == "month" else _week_grids(c, p)
    main_busy = ' aria-busy="true"' if p.main_busy else ""
    main_progress = f'<div class="{c()}" role="progressbar" {shown()}></div>' if p.main_progress else ""
    main = (f'<div class="{c()}" role="main"{main_busy} {shown()}>{main_progress}{seeded_block(c)}'
            f'{_stale_view(c)}<div class="{c()}" {shown()}>{grids}</div>{_bubble(c, p.bubble) if p.bubble else ""}</div>')
    return (
        f'<!DOCTYPE html><html lang="{p.lang}"><head><meta charset="utf-8"><title>{esc(p.title)}</title></head>'
        f'<body class="{c()}" {shown()}>{_banner(c, p.account_labels)}'
        f'<div class="{c()}" {shown("flex")}>{panel}{main}</div></body></html>\n'
    )


# --- the events -------------------------------------------------------------------------------
D = {d.day: d for d in WEEK}  # 29, 30, 1..5
REVIEW = Chip("7f3kq0design", "3pm to 3:30pm, Design review, Dana Whitfield, Accepted, No location, November 30, 2026", [D[30]])
FOUNDERS = Chip("holi2026fd01", "All day, Founders Day, Calendar: Holidays in Testland, No location, December 1, 2026",
                [D[1]], all_day=True, owner="holidays@example.org")
DEPLOY = Chip("n1ghtdeploy7", "December 2, 2026 at 10pm to December 3, 2026 at 1:15am, Night deploy, Team Rota, No location,",
              [D[2], D[3]], lines=("Night deploy", "10pm – 1:15am"), owner="team.rota@example.com", each_line_hidden=True)
STANDUP = Chip("st4ndup0x41", "9:30am to 10am, Stand-up , Dana Whitfield, Accepted, Location: 1 Example St, Springfield, December 4, 2026",
               [D[4]], lines=("Stand-up ", "9:30 – 10am", "1 Example St, Springfield"))
NOTITLE = Chip("n0t1tle55", "11am to 12pm, (No title), Dana Whitfield, No location, December 5, 2026", [D[5]])
OFFSITE = Chip("0ffs1te2026", "All day, Offsite, Team Rota, No location, December 1, 2026 to December 2, 2026",
               [D[1], D[2]], all_day=True, owner="team.rota@example.com")
PARADE = Chip("p4rade2026x", "All day, Lantern Parade, Calendar: Holidays in Testland, No location, December 1, 2026",
              [D[1]], all_day=True, owner="holidays@example.org")
# Titles holding commas: only the shown title line tells where the title ends (one wrapper; each line hidden).
LUNCH = Chip("lunch0walk22", "12pm to 1pm, Lunch, then walk, Dana Whitfield, Accepted, No location, December 2, 2026",
             [D[2]], lines=("Lunch, then walk", "12 – 1pm"))
SUPPLIES = Chip("pens0paper33", "4pm to 5pm, Pens, paper, clips, Dana Whitfield, Accepted, No location, December 3, 2026",
                [D[3]], lines=("Pens, paper, clips", "4 – 5pm"), each_line_hidden=True)
# An invitation (its calendar part empty) with a comma in its title, short enough to be drawn as one line
# ("title, time"): no shown line is the title alone, so nothing tells where the title ends.
INVITE_ONE_LINE = Chip("lunch0walk44", "2pm to 2:15pm, Lunch, then walk, , Needs RSVP, No location, December 2, 2026",
                       [D[2]], lines=("Lunch, then walk, 2pm",))
DAY_BUDGET = Chip("bdg3tsync01", "1pm to 2pm, Budget sync, Dana Whitfield, Accepted, No location, December 1, 2026", [D[1]])

# A span of days written with an en dash, drawn once in its first day's cell (as a chip spanning columns is):
# not a form the reader reads, so it must not be taken for an undated chip of that one day.
OFFSITE_DASH = Chip("0ffs1tedash", "All day, Offsite, Team Rota, No location, December 1 – 2, 2026",
                    [D[1]], all_day=True, owner="team.rota@example.com")
# A span written with weekdays (a guess at a form): the parts before the tail date name its first day.
OFFSITE_WEEKDAYS = Chip("0ffs1tewkdy", "All day, Offsite, Team Rota, No location, Tuesday, December 1 – Wednesday, December 2, 2026",
                        [D[1]], all_day=True, owner="team.rota@example.com", lines=("Offsite",))
# Events that began before the visible range: a conference of all-day days from the Thursday before, drawn in the
# range's first three columns, and a red-eye flight from the evening before the range's first day.
CONFERENCE = Chip("c0nf2026nov", "All day, Conference, Team Rota, No location, November 26, 2026 to December 1, 2026",
                  [D[29], D[30], D[1]], all_day=True, owner="team.rota@example.com")
REDEYE = Chip("r3deye0flt", "November 28, 2026 at 10pm to November 29, 2026 at 2am, Red-eye flight, Dana Whitfield, "
              "No location,", [D[29]], lines=("Red-eye flight", "10pm – 2am"))
# Calendar in German: its chips and its side-panel lists in German (invented wording, spec §1: not guessed).
# places named with a day word, right before the date (a location runs to the end of the sentence)
FERRY = Chip("ferry0harbor", "8:30am to 9:30am, Ferry, Dana Whitfield, Accepted, Location: Ferry Terminal, Friday Harbor, "
             "December 2, 2026", [D[2]])
SKI = Chip("ski0river026", "All day, Ski day, Dana Whitfield, Location: Lodge, Sunday River, December 4, 2026", [D[4]],
           all_day=True)
GERMAN_REVIEW = Chip("7f3kq0dereview", "15:00 bis 15:30, Designprüfung, Dana Whitfield, Zugesagt, Kein Ort, 30. November 2026",
                     [D[30]])
GERMAN_HOLIDAY = Chip("holi2026defd", "Ganztägig, Gründertag, Kalender: Feiertage in Testland, Kein Ort, 1. Dezember 2026",
                      [D[1]], all_day=True, owner="holidays@example.org")

WEEK_CHIPS = [REVIEW, FOUNDERS, DEPLOY, STANDUP, NOTITLE]
WEEK_TITLE = "Google Calendar - Week of November 29, 2026"

# The step chain: one week read six times (guests are listed after "Guests:").
A1 = Chip("aaa1review", "3pm to 3:30pm, Design review, Dana Whitfield, Accepted, Guests: Omar.Lindqvist@example.org, "
          "dana.whitfield@example.com, No location, November 30, 2026", [D[30]])
A3 = Chip("aaa1review", "4pm to 4:30pm, Design review v2, Dana Whitfield, Accepted, Guests: Omar.Lindqvist@example.org, "
          "ian.mercer@example.net, dana.whitfield@example.com, No location, November 30, 2026", [D[30]])
B1 = Chip("bbb2holiday", "All day, Founders Day, Calendar: Holidays in Testland, No location, December 1, 2026",
          [D[1]], all_day=True, owner="holidays@example.org")
C1 = Chip("ccc3budget", "1pm to 2pm, Budget sync, Dana Whitfield, Accepted, Guests: kemal.aydin@example.org, "
          "No location, December 1, 2026", [D[1]])
D2 = Chip("ddd4vendor", "10am to 10:30am, Vendor call, Dana Whitfield, Accepted, Guests: zoe.ng@example.net, "
          "Bea.Castillo@example.com, No location, December 2, 2026", [D[2]])
D6 = Chip("ddd4vendor", "10am to 10:30am, Vendor call (moved), Dana Whitfield, Accepted, Guests: zoe.ng@example.net, "
          "Bea.Castillo@example.com, No location, December 2, 2026", [D[2]])

NOVEMBER = [date(2026, 11, 1) + timedelta(days=i) for i in range(35)]
_MONTH_FIRST = re.compile(r"(January|February|March|April|May|June|July|August|September|October|November|December) "
                          r"(\d{1,2}), (\d{4})")


def day_first(chip: Chip) -> Chip:
    """The chip as en-GB Calendar labels it: "30 November 2026" for "November 30, 2026"."""
    return replace(chip, sentence=_MONTH_FIRST.sub(r"\2 \1 \3", chip.sentence))


JANUARY = [date(2026, 12, 27) + timedelta(days=i) for i in range(42)]

PAGES = [
    GcalPage("synthetic-week.html", WEEK_TITLE, chips=WEEK_CHIPS, panel_progress=True),
    GcalPage("synthetic-day.html", "Google Calendar - Tuesday, December 1, 2026", view="day", days=[D[1]],
             chips=[FOUNDERS, DAY_BUDGET]),
    # the same day with the budget sync's detail bubble left open over it (a dialog in main naming the event)
    GcalPage("synthetic-day-bubble-open.html", "Google Calendar - Tuesday, December 1, 2026", view="day", days=[D[1]],
             chips=[FOUNDERS, DAY_BUDGET], bubble=DAY_BUDGET),
    GcalPage("synthetic-month-empty.html", "Google Calendar - January 2027", view="month", days=JANUARY, zone=""),
    GcalPage("synthetic-month-event.html", "Google Calendar - November 2026", view="month", days=NOVEMBER, zone="",
             month_floating=[REVIEW]),
    GcalPage("synthetic-week-more.html", WEEK_TITLE, chips=[REVIEW, FOUNDERS, OFFSITE, DEPLOY], more={D[1]: 2}),
    GcalPage("synthetic-week-busy.html", WEEK_TITLE, chips=[REVIEW], grid_busy=True),
    GcalPage("synthetic-week-busy-long.html", WEEK_TITLE, chips=[REVIEW], main_progress=True),
    GcalPage("synthetic-week-calendar-off.html", WEEK_TITLE, chips=[REVIEW, FOUNDERS, STANDUP],
             mine=[Calendar("Dana Whitfield"), Calendar("Team Rota", shown=False)]),
    GcalPage("synthetic-week-zone-mismatch.html", WEEK_TITLE, chips=[REVIEW, FOUNDERS], zone="GMT-05"),
    GcalPage("synthetic-week-no-account.html", WEEK_TITLE, chips=[REVIEW, FOUNDERS, DEPLOY, NOTITLE], account_labels=[]),
    GcalPage("synthetic-week-two-accounts.html", WEEK_TITLE, chips=[REVIEW], account_labels=[ACCOUNT_LABEL, OTHER_LABEL]),
    GcalPage("synthetic-week-one-grid.html", WEEK_TITLE, chips=WEEK_CHIPS, one_grid=True),
    GcalPage("synthetic-week-more-plain.html", WEEK_TITLE, chips=[REVIEW, FOUNDERS, OFFSITE, DEPLOY], more={D[1]: 2},
             more_plain=True),
    GcalPage("synthetic-week-other-collapsed.html", WEEK_TITLE, chips=[REVIEW, STANDUP], other_collapsed=True,
             other=[Calendar("Holidays in Testland", shown=False, native=False)]),
    GcalPage("synthetic-week-comma-title.html", WEEK_TITLE, chips=[REVIEW, LUNCH, SUPPLIES]),
    GcalPage("synthetic-week-place-day-word.html", WEEK_TITLE, chips=[REVIEW, FERRY, SKI]),
    GcalPage("synthetic-week-invite-one-line.html", WEEK_TITLE, chips=[REVIEW, INVITE_ONE_LINE]),
    GcalPage("synthetic-week-no-lists.html", WEEK_TITLE, chips=[REVIEW], lists=False),
    GcalPage("synthetic-week-en-gb.html", "Google Calendar - Week of 29 November 2026",
             chips=[day_first(c) for c in WEEK_CHIPS], panel_progress=True),
    GcalPage("synthetic-week-dash-span.html", WEEK_TITLE, chips=[REVIEW, OFFSITE_DASH]),
    GcalPage("synthetic-week-weekday-span.html", WEEK_TITLE, chips=[REVIEW, OFFSITE_WEEKDAYS]),
    GcalPage("synthetic-week-began-before.html", WEEK_TITLE, chips=[REVIEW, CONFERENCE, REDEYE]),
    GcalPage("synthetic-week-german.html", "Google Kalender - Woche vom 29. November 2026",
             chips=[GERMAN_REVIEW, GERMAN_HOLIDAY], account_labels=[f"Google-Konto: Dana Whitfield\n({ME})"],
             mine=[Calendar("Dana Whitfield"), Calendar("Team-Dienstplan")], other=[Calendar("Feiertage in Testland", native=False)],
             list_labels=("Meine Kalender", "Weitere Kalender"), lang="de"),
    GcalPage("synthetic-step-1-first-look.html", WEEK_TITLE, chips=[A1, B1, C1]),
    GcalPage("synthetic-step-2-created.html", WEEK_TITLE, chips=[A1, B1, C1, D2]),
    GcalPage("synthetic-step-3-updated.html", WEEK_TITLE, chips=[A3, B1, C1, D2]),
    GcalPage("synthetic-step-4-absent-once.html", WEEK_TITLE, chips=[A3, B1, D2]),
    GcalPage("synthetic-step-5-deleted.html", WEEK_TITLE, chips=[A3, B1, D2]),
    GcalPage("synthetic-step-6-late.html", WEEK_TITLE, chips=[A3, B1, D6]),
]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for p in PAGES:
        (OUT / p.name).write_text(render(p), encoding="utf-8")
        print(p.name)


if __name__ == "__main__":
    main()
