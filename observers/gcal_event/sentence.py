"""A chip's accessible sentence read into start, end, title, calendar and guests (label.ts).

Calendar gives each event chip a visually hidden first child that says the event in one English
sentence. The forms real pages show (REAL-PAGES.md):

* timed: ``3pm to 3:30pm, <title>, <calendar>, <status>, No location, September 9, 2026``;
* across midnight: ``January 4, 2026 at 10pm to January 5, 2026 at 1:15am, <title>, <calendar>, ...``;
* all day: ``All day, <title>, Calendar: <name>, ..., December 25, 2026``; a span of days is read
  as ``All day, ..., <date> to <date>`` or ``<date> to <date>, <title>, ...``, or written short with a dash
  (``All day, ..., October 2 – 12, 2026``, ``2 – 12 October 2026``), at the end or opening the sentence
  (``December 1 – 3, 2026, <title>, ...``, ``All day, <date> to <date>, <title>, ...``): guesses, tolerated.

A date is month-first (``December 25, 2026``) or day-first as en-GB Calendar writes it
(``25 December 2026``); both are English and unambiguous.

The part after the title names the calendar: ``Calendar: <name>`` for another calendar, the bare
name for the account's own, empty for an invitation. Guests, when a sentence lists them, follow a
``Guests:`` part. Location, conference details and response status are never read into a field.
Any other shape is unreadable (``None``): the reader never guesses a time (Hard Rule 5), nor a title:
a title holding commas is told by the chip's shown title line, and with no such line a sentence
holding parts the form does not explain is unreadable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from attest_kit.text import one_line
from observers.gcal_event.selectors import SELECTORS
from observers.gcal_event.sentence_days import HEAD_RANGE, MONTHS, TAIL_RANGE, range_days
from observers.gcal_event.sentence_parts import (calendar_of, dated_after_location, guests_of, known_part,
                                                  late_calendar_part, names_another_day, split_parts, unexplained)

P = SELECTORS.patterns
L = SELECTORS.labels

_DATE = P.date
_TO = re.escape(L.to)
_AT = re.escape(L.at)
_CLOCK_TOKEN = r"[^,]+?"
_HEAD_ALL_DAY = re.compile(rf"^{re.escape(L.all_day)},\s*(?P<rest>.*)$", re.S)
_HEAD_SPAN_TIMED = re.compile(
    rf"^(?P<d1>{_DATE}){_AT}(?P<t1>{_CLOCK_TOKEN}){_TO}(?P<d2>{_DATE}){_AT}(?P<t2>{_CLOCK_TOKEN}),\s*(?P<rest>.*)$", re.S)
_HEAD_SPAN_DAYS = re.compile(rf"^(?P<d1>{_DATE}){_TO}(?P<d2>{_DATE}),\s*(?P<rest>.*)$", re.S)
_HEAD_TIMED = re.compile(rf"^(?P<t1>{_CLOCK_TOKEN}){_TO}(?P<t2>{_CLOCK_TOKEN}),\s*(?P<rest>.*)$", re.S)
_TAIL = re.compile(rf"(?:^|,\s*)(?P<d1>{_DATE})(?:{_TO}(?P<d2>{_DATE}))?[,\s]*$")
_DATE_PARTS = re.compile(rf"^{_DATE}$")
_CLOCK12 = re.compile(P.clock12, re.I)
_CLOCK24 = re.compile(P.clock24)


@dataclass(frozen=True)
class Sentence:
    """What one chip's sentence says, instants in UTC and days in the browser's zone."""

    start: datetime
    end: datetime
    all_day: bool
    title: str | None
    calendar: str | None
    guests: tuple[str, ...]
    first_day: date
    last_day: date

    def days(self) -> list[date]:
        """Every local day the event touches, first to last."""
        return [self.first_day + timedelta(days=i) for i in range((self.last_day - self.first_day).days + 1)]


def local_midnight(day: date, tz: ZoneInfo) -> datetime:
    """Local midnight of ``day`` in ``tz`` as a UTC instant."""
    return datetime(day.year, day.month, day.day, tzinfo=tz).astimezone(timezone.utc)


def _date(text: str) -> date | None:
    """"November 30, 2026", or "30 November 2026" as en-GB Calendar writes it (English either way)."""
    match = _DATE_PARTS.match(text.strip())
    if not match:
        return None
    month_first, day, year, day_first, month, year_day_first = match.groups()
    if month_first is None:
        month, day, year = month, day_first, year_day_first
    else:
        month = month_first
    try:
        return date(int(year), MONTHS[month], int(day))
    except (KeyError, ValueError, TypeError):
        return None


def read_clock(text: str) -> time | None:
    """``3pm``, ``3:30 pm``, ``12am`` or ``15:30`` as a time of day; None otherwise."""
    token = one_line(text)
    match = _CLOCK12.match(token)
    if match:
        hour, minute = int(match.group(1)), int(match.group(2) or 0)
        if not 1 <= hour <= 12 or minute > 59:
            return None
        hour = hour % 12 + (12 if match.group(3).lower() == "pm" else 0)
        return time(hour, minute)
    match = _CLOCK24.match(token)
    if match:
        hour, minute = int(match.group(1)), int(match.group(2))
        if hour > 23 or minute > 59:
            return None
        return time(hour, minute)
    return None


def read_clock_pair(first: str, second: str) -> tuple[time, time] | None:
    """Both ends of a span, on one clock: "3:30" beside "4pm" is not 03:30 but a 12-hour time whose
    half of the day the sentence leaves out, so a pair that mixes the clocks is unreadable (never guess)."""
    t1, t2 = read_clock(first), read_clock(second)
    if t1 is None or t2 is None:
        return None
    if (_CLOCK12.match(one_line(first)) is None) != (_CLOCK12.match(one_line(second)) is None):
        return None
    return t1, t2


def _at(day: date, clock: time, tz: ZoneInfo) -> datetime | None:
    """The wall time as a UTC instant; None in the hour a zone repeats or skips (never guess which)."""
    local = datetime.combine(day, clock, tzinfo=tz)
    if local.utcoffset() != local.replace(fold=1).utcoffset():
        return None  # the repeated hour: two instants
    instant = local.astimezone(timezone.utc)
    if instant.astimezone(tz).replace(tzinfo=None) != local.replace(tzinfo=None):
        return None  # the skipped hour: no instant
    return instant


def _title_line_runs_into(rest: str, start: int, title_lines: tuple[str, ...]) -> bool:
    """Whether a shown line that starts the sentence after its head (the title, "Planning, December 1 – 3, 2026")
    runs past ``start``, where a range at the end begins: the range is the title's words. Any other line (a time or
    place line that shows the range, a title that ends before it) says nothing (a review of 1.3.82)."""
    for line in title_lines:
        line = one_line(line)
        if line and re.match(rf"{re.escape(line)}\s*(?:,|$)", rest) is not None and len(line) > start:
            return True
    return False


def _title_and_rest(middle: str, title_lines: tuple[str, ...], own_day: date | None = None,
                    start: time | None = None, calendars: tuple[str, ...] = ()) -> tuple[str, list[str]] | None:
    """The title and the parts after it; None when the title cannot be told.

    A shown title line settles a title holding commas. Without one the title is the first part,
    but only when the title is itself a shown line or the parts after it are all ones the form
    explains: ``Lunch, then walk, Dana Whitfield, ...`` with no line would else read "Lunch", a
    title no claim could match (Hard Rule 5: never guess). ``own_day``: the tail's date, whose own
    weekday written last before it is cut from the parts (never from the title: "Pay day, Friday").
    ``start``: the sentence's start clock, which a short event's one line writes after its title.
    ``calendars``: the side panel's names, so a listed calendar name holding a comma is one part.
    """
    lines = {one_line(line) for line in title_lines} - {""}
    lines |= {title for line in lines if (title := _one_line_title(line, start))}
    for line in sorted(lines, key=len, reverse=True):
        if "," in line and (match := re.match(rf"{re.escape(line)}\s*(?:,|$)", middle)) is not None:
            after = _cut_own_weekday(split_parts(middle[match.end():]), own_day)
            # the line settles the title only when the sentence says no more than the form names after one: a
            # line not yet redrawn after a rename ("Budget, Q4" over "Budget, Q4, Orbit Crew, <calendar>, …")
            # would else read the title's last part as the calendar
            if _says_only_the_form(after, calendars):
                return line, after
    parts = split_parts(middle)
    title, after = parts[0], _cut_own_weekday(parts[1:], own_day)
    if title in lines or not unexplained(after):
        return title, after
    return None


def _says_only_the_form(after: list[str], calendars: tuple[str, ...]) -> bool:
    """Whether the parts a sentence writes between a title and its first status, place or guests part are the ones
    the form names there: none, the calendar (a side-panel name holding commas read whole), or a bare name (a
    person's, "Lee, Sam" too) then a ``Calendar:`` part (its name holding commas only when listed). A line not yet
    redrawn after a rename leaves the rest of the title there ("Orbit Crew, Mira Castellanos"). What follows the
    status is the place's and beyond: not asked here, as before."""
    end = next((index for index, part in enumerate(after) if known_part(part)), len(after))
    head = after[:end]
    at = next((index for index, part in enumerate(head) if part.startswith(L.calendar_prefix)), None)
    if at is None:
        return len(head) <= 1 or ", ".join(head) in calendars
    before, named = head[:at], [one_line(head[at][len(L.calendar_prefix):]), *head[at + 1:]]
    # a person before the Calendar: part: one part, a listed name, or a name written surname first, a word a part
    # ("Lee, Sam", "Okafor, Ade, M."); more ("Orbit Crew, Mira Castellanos") is the rest of a title
    person = (len(before) <= 1 or ", ".join(before) in calendars
              or (len(before) <= 3 and all(len(part.split()) == 1 for part in before)))
    return person and (len(named) == 1 or ", ".join(named) in calendars)


def _one_line_title(line: str, start: time | None) -> str | None:
    """The title of a short event's one line (``Coffee, Sam, 12pm``): what stands before the start clock written
    after its last comma; None for any other line.

    >>> _one_line_title("Coffee, Sam, 12pm", time(12)), _one_line_title("Coffee, Sam, 1pm", time(12))
    ('Coffee, Sam', None)
    >>> _one_line_title("Coffee, Calendar: Team Rota, 12pm", time(12)) is None
    True
    """
    title, comma, clock = line.rpartition(",")
    if start is None or not comma or not title.strip() or read_clock(clock.strip()) != start:
        return None
    # a part the sentence's form names after a title (a calendar, a status, a place) is no title's
    if any(known_part(part) or part.startswith(L.calendar_prefix) for part in split_parts(title)[1:]):
        return None
    return one_line(title)


def _cut_own_weekday(after: list[str], day: date | None) -> list[str]:
    """``after`` without a last part that is ``day``'s own weekday ("…, Monday, November 30, 2026"):
    the date's weekday, written beside it, says nothing the date does not."""
    if day is not None and after and after[-1].lower() == L.weekdays[day.weekday()].lower():
        return after[:-1]
    return after


def parse_sentence(text: str, tz: ZoneInfo, title_lines: tuple[str, ...] = (),
                   all_day_cell: date | None = None, calendars: tuple[str, ...] = ()) -> Sentence | None:
    """Read one chip sentence; None when it is not one of the forms above, or names a day past the
    calendar's last (``December 31, 9999`` ends at a midnight no date can hold: unreadable, not a fault)."""
    try:
        return _parse_sentence(text, tz, title_lines, all_day_cell, calendars)
    except OverflowError:
        return None


def _head_range(sentence: str, title_lines: tuple[str, ...]) -> re.Match[str] | None:
    """An all-day range opening ``sentence`` (``HEAD_RANGE``), taken only where the rest names no other date (a
    sentence naming its days twice is a form no page shows), a title then the calendar part follow it before any
    status or place (else the range is an undated sentence's title, 1.3.87), and no shown title line starts with
    the range (the title's own words)."""
    head = HEAD_RANGE.match(sentence)
    if head is None or _TAIL.search(head["rest"]) or TAIL_RANGE.search(head["rest"]):
        return None
    # the rest must open as the form does after a date: a title, then the calendar part (``Calendar: …``, a bare
    # name or an invitation's empty part) before any status or place; else the range may be the title of an
    # undated all-day sentence ("All day, 1 – 3 December 2026, Calendar: Team Rota, No location,"), read as before
    # (a review of 1.3.86: the calendar part or the place was posted as the title)
    parts = split_parts(head["rest"].rstrip(", "))
    if len(parts) < 2 or not parts[0] or known_part(parts[0]) or parts[0].startswith(L.calendar_prefix) \
            or known_part(parts[1]):
        return None
    if any(one_line(line).startswith(head["range"]) for line in title_lines):
        return None
    return head


def _parse_sentence(text: str, tz: ZoneInfo, title_lines: tuple[str, ...],
                    all_day_cell: date | None, calendars: tuple[str, ...]) -> Sentence | None:
    """``parse_sentence``'s reading.

    ``calendars``: the side panel's calendar names (a name holding a comma is read whole).
    ``all_day_cell``: the day of the one day cell the chip sits in. An all-day sentence that names
    no date (``All day, Holiday, Calendar: Holidays, No location,``) is placed on it; one that names
    a date in a form not read (``December 1 – 3, 2026``) is unreadable, and a timed one never is
    placed (its clock times are the page's, the day a guess).
    """
    sentence = one_line(text)
    all_day = False
    d1 = d2 = None
    t1 = t2 = None
    head = _HEAD_SPAN_TIMED.match(sentence)
    if head:
        d1, d2 = _date(head["d1"]), _date(head["d2"])
        clocks = read_clock_pair(head["t1"], head["t2"])
        if d1 is None or d2 is None or clocks is None:
            return None
        t1, t2 = clocks
    elif (head := _HEAD_SPAN_DAYS.match(sentence)) is not None:
        all_day = True
        d1, d2 = _date(head["d1"]), _date(head["d2"])
        if d1 is None or d2 is None:
            return None
    elif (head := _head_range(sentence, title_lines)) is not None:
        all_day = True
        days = range_days(head)
        if days is None:
            return None
        d1, d2 = days
    elif (head := _HEAD_ALL_DAY.match(sentence)) is not None:
        all_day = True
    elif (head := _HEAD_TIMED.match(sentence)) is not None:
        clocks = read_clock_pair(head["t1"], head["t2"])
        if clocks is None:
            return None
        t1, t2 = clocks
    else:
        return None

    rest = head["rest"]
    tail = _TAIL.search(rest)
    span = TAIL_RANGE.search(rest) if all_day and d1 is None else None
    if span is not None and tail is not None and span.start() >= tail.start():
        span = None  # the plain tail reads it ("…, December 1, 2026 to December 3, 2026"); a range starting before
        # the tail's date is one it cannot ("Tuesday, December 1 – Wednesday, December 2, 2026", 1.3.94)
    if span is not None and _title_line_runs_into(rest, span.start(), title_lines):
        span = None  # the shown title line holds the range's words: the title's (a review of 1.3.81)
    if span is not None:
        days = range_days(span)
        if days is None:
            return None
        d1, d2 = days
        middle = rest[:span.start()]
    elif tail is not None:
        middle = rest[:tail.start()]
        if d1 is None:
            d1 = _date(tail["d1"])
            d2 = _date(tail["d2"]) if tail["d2"] else None
            if d1 is None or (tail["d2"] and d2 is None):
                return None
    else:
        middle = rest.rstrip(", ")
    own_day = d1 if tail is not None and d1 is not None and not tail["d2"] and d1 == _date(tail["d1"]) else None
    on_cell = d1 is None and all_day
    if on_cell:
        d1 = all_day_cell
    if d1 is None:
        return None  # a sentence that names no day cannot be placed

    told = _title_and_rest(middle, title_lines, own_day, t1, calendars)
    if told is None:
        return None
    title, after = told
    title = one_line(title)
    if title == L.no_title or not title:
        title = None
    calendar = calendar_of(after, calendars)
    if late_calendar_part(after):
        return None  # a form no page shows names a calendar where the form does not read one: never guessed
    if names_another_day(after, calendar, calendars, dated_by_tail=tail is not None or span is not None):
        return None
    if on_cell and dated_after_location(after):
        return None
    guests = guests_of(after)
    if guests is None:
        return None

    if all_day:
        last = d2 or d1
        if last < d1:
            return None
        start, end = local_midnight(d1, tz), local_midnight(last + timedelta(days=1), tz)
        return Sentence(start, end, True, title, calendar, guests, d1, last)
    assert t1 is not None and t2 is not None
    start = _at(d1, t1, tz)
    if d2 is not None:
        end = _at(d2, t2, tz)
    else:
        # "11pm to 12am": an end clock before the start clock is on the next day, placed there at once
        # (placed first on the chip's own day, a day whose own midnight a zone repeats or skips made
        # "7pm to 12am" unreadable before it could move)
        end = _at(d1 + timedelta(days=1) if t2 < t1 else d1, t2, tz)
    if start is None or end is None or end < start:
        return None
    last_moment = max(start, end - timedelta(microseconds=1))
    return Sentence(start, end, False, title, calendar, guests, d1, last_moment.astimezone(tz).date())
