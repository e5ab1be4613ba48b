"""The snapshot of the range a clean pass read, and the smaller form the service worker stores (snapshot.ts).

The snapshot (spec §8.3) names the selectors version it was read under, the account hash, the
pass instant, the days and whether each was seen whole, the calendars (SHA-256 of their names)
and whether each is shown, and per event its key (SHA-256 of ``data-eventid``, which itself never
leaves the page), its calendar's key, title, start, end, all-day flag, days (those of the visible range it
touches, after the day before the range when it began before it: all the step reads, and bounded by the
range, where an event may last months), guest addresses (the
account left out, ASCII-lowercase order) and guest count (every distinct guest the sentence names,
the account included).

The stored form keeps per event only the first guest's address (a deletion's row names it) and the
SHA-256 of every ASCII-lowercased guest address, which is all a comparison needs.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from attest_kit.hashing import account_hash, ascii_lower, normalize_email, sha256_hex
from attest_kit.instants import format_instant
from observers.gcal_event.calendars import CalendarEntry
from observers.gcal_event.page import GcalRead
from observers.gcal_event.selectors import SELECTORS_VERSION
from observers.gcal_event.sentence import Sentence
from observers.shared.own_address import is_own_address


def calendar_key(name: str | None) -> str | None:
    """The key a calendar's name leaves the page as."""
    return sha256_hex(name) if name else None


def guest_hash(address: str) -> str:
    """SHA-256 of the ASCII-lowercased address (the stored form's guest key)."""
    return sha256_hex(ascii_lower(address.strip()))


def _guests(sentence: Sentence, account: str | None) -> tuple[list[str], int]:
    """The guests with the account left out (ASCII-lowercase order, one per address), and the count of distinct
    guests, the account once in any of the spellings Gmail delivers to it (1.3.93: "dana+cal@…" beside "DANA@…"
    counted twice)."""
    unique: dict[str, str] = {}
    for guest in sentence.guests:
        unique.setdefault(normalize_email(guest) or ascii_lower(guest), guest)
    others = [g for g in unique.values() if not is_own_address(g, account)]
    named_account = len(others) < len(unique)
    return sorted(others, key=lambda g: (ascii_lower(g), g)), len(others) + named_account


def event_days(sentence: Sentence, shown: list[date]) -> tuple[list[str], bool]:
    """The event's days among the range's ``shown`` days (in order), and whether it began before the range.

    The step asks only whether the event began before the range and which of the range's days it sits on
    (``step._could_see``); listing every day it touches put a secondment of two months over the bus's cap on a day
    list, and the whole snapshot was refused (1.3.10). The days are the shown ones only: 1.3.10 wrote the range's
    eve first to say it began before (1.3.89), and a week with its weekends hidden listed the hidden Saturday and
    Sunday an event spans (1.3.91): days the snapshot of the visible range does not show."""
    touched = sentence.days()
    visible = set(shown)
    return [d.isoformat() for d in touched if d in visible], bool(touched) and bool(shown) and touched[0] < shown[0]


def event_entry(key: str, sentence: Sentence, account: str | None, shown: list[date]) -> dict[str, Any]:
    guests, count = _guests(sentence, account)
    days, began_before = event_days(sentence, shown)
    return {
        "key": key,
        "calendarKey": calendar_key(sentence.calendar),
        "title": sentence.title,
        "start": format_instant(sentence.start),
        "end": format_instant(sentence.end),
        "allDay": sentence.all_day,
        "days": days,
        "beganBefore": began_before,
        "guests": guests,
        "guestCount": count,
    }


def build_snapshot(read: GcalRead, instant: datetime) -> dict[str, Any]:
    """The snapshot of a clean, drawn page (the observer posts it only with a known account)."""
    account = read.account.address
    shown = [d.date for d in read.days]
    events = [event_entry(key, s, account, shown) for key, s in read.events.items()]
    events.sort(key=lambda e: (e["start"], e["end"], e["key"]))
    return {
        "selectorsVersion": SELECTORS_VERSION,
        "accountHash": account_hash(account) if account else None,
        "readAt": format_instant(instant),
        "allCalendars": read.all_calendars,
        "days": [{"date": d.date.isoformat(), "whole": d.whole} for d in read.days],
        "calendars": _listed(read.calendars),
        "events": events,
    }


def _listed(calendars: list[CalendarEntry]) -> list[dict[str, Any]]:
    """The snapshot's calendars, in page order, each name at most twice and one unnamed entry at most: a
    calendar named twice is never named once (``step._named_once``), and an unnamed entry makes the view
    incomplete however many there are, so further copies say nothing (250 copies of one entry were over the
    bus's 200 calendars, and the pass was ``message.invalid``). A name listed twice is shown nowhere, whatever
    its copies say; more than 200 different entries are still over the cap (a bug code: no page draws them)."""
    out: list[dict[str, Any]] = []
    seen: dict[str | None, int] = {}
    for calendar in calendars:
        key = calendar_key(calendar.name)
        if seen.get(key, 0) < (1 if key is None else 2):
            seen[key] = seen.get(key, 0) + 1
            out.append({"key": key, "shown": calendar.shown})
    return out


def stored_event(event: dict[str, Any]) -> dict[str, Any]:
    """One event of a snapshot in the service worker's stored form."""
    # The first guest in ASCII-lowercase order, whatever order the snapshot listed them in.
    guests = sorted(event.get("guests", []), key=lambda g: (ascii_lower(g), g))
    return {
        "key": event["key"],
        "calendarKey": event["calendarKey"],
        "title": event["title"],
        "start": event["start"],
        "end": event["end"],
        "allDay": event["allDay"],
        "days": list(event["days"]),
        "beganBefore": bool(event.get("beganBefore", False)),
        "firstGuest": guests[0] if guests else None,
        "guestHashes": sorted({guest_hash(g) for g in guests}),
        "guestCount": event["guestCount"],
    }


def stored_form(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The smaller form the service worker stores (privacy-architecture §5.4), pure over ``snapshot``.

    A record also carries ``pending``: deletions seen once, waiting for a second complete absence.
    """
    return {
        "selectorsVersion": snapshot["selectorsVersion"],
        "accountHash": snapshot["accountHash"],
        "readAt": snapshot["readAt"],
        "allCalendars": snapshot["allCalendars"],
        "days": [dict(d) for d in snapshot["days"]],
        "calendars": [dict(c) for c in snapshot["calendars"]],
        "events": [stored_event(e) for e in snapshot["events"]],
        "pending": {},
    }
