"""The parts of a chip sentence after its title (sentence.py): the calendar part, the response status, the place,
the guests, and the parts the form does not explain (a day named in a form not read makes the chip unreadable:
never a guess). Pure text predicates over the comma-separated parts, English only (spec §8.3 "Chip labels are read
in English only")."""

from __future__ import annotations

import re

from attest_kit.text import one_line
from observers.gcal_event.selectors import SELECTORS
from observers.gcal_event.sentence_days import UNREAD_DATE, WEEKDAY, is_date_part, names_a_day

P = SELECTORS.patterns
L = SELECTORS.labels
_ADDRESS = re.compile(P.address)


def split_parts(middle: str) -> list[str]:
    return [one_line(p) for p in middle.split(",")]


def unexplained_parts(after: list[str]) -> list[str]:
    """The parts after the title that are none the form names: the calendar (first), a response
    status, ``No location``, ``Guests:`` and its addresses, or ``Location:`` (running to the end,
    commas and all, so only where no status or ``No location`` follows: the location comes after
    them). An empty part is an invitation's empty calendar (first); anywhere else it is a comma
    inside the title ("Lunch, then walk, , Needs RSVP"). A trailing comma is cut before the parts."""
    unexplained: list[str] = []
    in_guests = False
    for index, part in enumerate(after):
        if part.startswith(L.location_prefix) and not any(names_status_or_place(p) for p in after[index + 1:]):
            break
        if part.startswith(L.guests_prefix):
            in_guests = True
            continue
        if in_guests and _ADDRESS.match(part):
            continue
        in_guests = False
        if index == 0 and not part.startswith(L.location_prefix):
            continue
        if names_status_or_place(part):
            continue
        unexplained.append(part)
    return unexplained


def names_status_or_place(part: str) -> bool:
    return part == L.no_location or part in L.response_statuses


def unexplained(after: list[str]) -> bool:
    return bool(unexplained_parts(after))


def known_part(part: str) -> bool:
    return (part == L.no_location or part.startswith(L.location_prefix) or part in L.response_statuses
            or part.startswith(L.guests_prefix))


def calendar_at(parts: list[str]) -> int:
    """Where the calendar part stands: the first ``Calendar: <name>`` before the status, the place and the guests
    (REAL-PAGES: "Another calendar's event names it as `Calendar: <name>`", so it names the calendar
    even after a bare name: "Sync, Sam Lee, Calendar: Team Rota"), else the first part (the bare name)."""
    for index, part in enumerate(parts):
        if part.startswith(L.calendar_prefix):
            return index
        if known_part(part):
            break  # the calendar stands before the status, the place and the guests (a review of 1.3.81)
    return 0


def late_calendar_part(parts: list[str]) -> bool:
    """A ``Calendar: <name>`` part after a status or ``No location`` and before the place and the guests
    ("Sync, Accepted, Calendar: Team Rota"): the form reads none there, and leaving it out posted the event on no
    calendar or on the bare name before it (a review of 1.3.82)."""
    at = calendar_at(parts)
    for index, part in enumerate(parts):
        if part.startswith((L.location_prefix, L.guests_prefix)):
            return False
        if index != at and part.startswith(L.calendar_prefix):
            return True
    return False


def calendar_of(parts: list[str], calendars: tuple[str, ...] = ()) -> str | None:
    """The calendar part: ``Calendar: <name>``, a bare name, or none. A name holding a comma spans
    several parts; the longest run of them that the side panel lists (``calendars``) is the name."""
    parts = parts[calendar_at(parts):]
    if not parts:
        return None
    first = parts[0]
    if first.startswith(L.calendar_prefix):
        name = one_line(first[len(L.calendar_prefix):])
    elif not first or known_part(first):
        return None
    else:
        name = first
    for end in range(len(parts), 1, -1):
        joined = ", ".join([name, *parts[1:end]])
        if joined in calendars:
            return joined
    return name or None


def unlisted_calendar_names(text: str) -> list[str]:
    """The names a side panel could list for a ``Calendar:`` part holding commas, shortest first:
    the part's name joined with each run of the parts after it, up to the next part the form names
    ("…, Calendar: Rota, May 2026, No location, …" → "Rota, May 2026"). Read only while the lists
    are missing, to tell a chip that reads once they name its calendar from one that never will.

    >>> unlisted_calendar_names("9am to 5pm, Shift, Calendar: Rota, May 2026, No location, December 2, 2026")
    ['Rota, May 2026']
    """
    parts = split_parts(text)
    for index, part in enumerate(parts):
        if part.startswith(L.calendar_prefix):
            names, name = [], one_line(part[len(L.calendar_prefix):])
            for later in parts[index + 1:]:
                if known_part(later):
                    break
                name = f"{name}, {later}"
                names.append(name)
            return names
    return []


def guests_of(parts: list[str]) -> tuple[str, ...] | None:
    """The addresses after ``Guests:``, up to the next part the form names or the end; None when an
    entry is anything else ("Ola Nowak", "and 5 more"): cut there, a partial guest set and count would
    pass for the whole (the step compares guest sets)."""
    guests: list[str] = []
    for index, part in enumerate(parts):
        if not part.startswith(L.guests_prefix):
            continue
        following = [one_line(part[len(L.guests_prefix):])] + parts[index + 1:]
        for position, candidate in enumerate(following):
            if _ADDRESS.match(candidate):
                guests.append(candidate)
            elif position and known_part(candidate) and not candidate.startswith(L.guests_prefix):
                break  # the list ends at the next part the form names
            else:
                return None
        break
    return tuple(guests)


def names_another_day(after: list[str], calendar: str | None, calendars: tuple[str, ...],
                       dated_by_tail: bool) -> bool:
    """A part after the title that names a day in a form not read: a range's first day ("Monday,
    November 30 – Wednesday, …"), a recurrence ("Weekly on Tuesday, until …"), an undated chip's own
    days. A shown title line explains the title, never these (never guess). The calendar's parts (a
    listed name may hold commas: "Rota, May 2026") are the calendar's. A location runs to the end,
    so within one only the part right before the tail's date is held to it: a weekday there joins
    another day to the date ("Location: Hall, Tuesday, December 1 – Wednesday, December 2, 2026")."""
    calendar_parts = 1 + calendar.count(",") if calendar is not None and calendar in calendars else 1
    at = calendar_at(after)
    # the calendar's own parts are the calendar's, read first (explained); a part before a later calendar part
    # is held to the rest ("Offsite, December 1 – 3, Calendar: Team Rota": a range, not a name; a review of 1.3.81)
    rest = [after[at], *after[:at], *after[at + calendar_parts:]] if after else []
    if any(UNREAD_DATE.search(part) or WEEKDAY.search(part) for part in unexplained_parts(rest)):
        return True
    last = rest[-1] if len(rest) > 1 else None
    return (dated_by_tail and last is not None and not last.startswith(L.location_prefix)
            and names_a_day(last))


def dated_after_location(after: list[str]) -> bool:
    """A part after the location's own that is a day or a range of days (``Location: Room 4, December 1 – 3,
    2026``, ``1 – 3 December 2026``). In an all-day sentence that names no date, that is the event's days in a
    form not read, not the place: placed on its cell, it was one day (1.3.50). A part that holds another word
    is a place's (``Level 3, 12 March Street``: 1.3.53, 1.3.54: a review found any month word beside a number
    refused half of twenty real addresses), and so is the location's own part (``Location: 3 March Street``)."""
    at = next((i for i, part in enumerate(after) if part.startswith(L.location_prefix)), None)
    return at is not None and any(is_date_part(part) for part in after[at + 1:])
