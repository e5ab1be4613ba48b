"""Reference reader for gcal.event labels: every labelled fact must be on the page.

Written again from the spec with html5lib, sharing no code with the observer: each expected event
is a shown chip (its key the SHA-256 of a shown data-eventid) whose sentence holds its title and,
for a timed event, its local start time; its days and every window's and snapshot's days are day
cells (data-datekey, (year − 1970) × 512 + month × 32 + day); each snapshot calendar is a side-panel
checkbox; the account is the banner's.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from labels.reference.html5 import account_problems, hidden, parent_map, parse, text, walk


def _key(day: date) -> str:
    return str((day.year - 1970) * 512 + day.month * 32 + day.day)


def _sha(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def _local(instant: str, zone: ZoneInfo) -> datetime:
    return datetime.fromisoformat(instant.replace("Z", "+00:00")).astimezone(zone)


def _clock(local: datetime) -> str:
    hour = local.hour % 12 or 12
    suffix = "am" if local.hour < 12 else "pm"
    return f"{hour}{suffix}" if local.minute == 0 else f"{hour}:{local.minute:02d}{suffix}"


def _chip_sentences(root: ET.Element, parents: dict[ET.Element, ET.Element]) -> dict[str, list[str]]:
    """Shown data-eventid hash → the sentences drawn for it: the chip's aria-label, else its button's first child."""
    out: dict[str, list[str]] = {}
    for el in walk(root):
        eid = el.get("data-eventid")
        if not eid or hidden(el, parents):
            continue
        button = el if el.get("role") == "button" else next(
            (b for b in el.iter() if b is not el and b.get("role") == "button"), None)
        sentences = out.setdefault(_sha(eid), [])
        label = (button.get("aria-label") if button is not None else None) or el.get("aria-label")
        if label and label.strip():
            sentences.append(" ".join(label.split()))  # the accessible name, when the chip has one
        elif button is not None and len(button):
            sentences.append(text(button[0]))
    return out


def _days_between(start: str, end: str, zone: ZoneInfo) -> list[date]:
    first = _local(start, zone).date()
    last = (_local(end, zone) - timedelta(microseconds=1)).date()
    return [first + timedelta(days=i) for i in range((last - first).days + 1)]


def check_page(html: str, entry: Any) -> list[str]:
    """Problems where the label says something the page does not show."""
    problems: list[str] = []
    root = parse(html)
    parents = parent_map(root)
    facts = entry.page
    if facts is None:
        return ["no page facts"]
    problems += account_problems(root, facts.account)
    expected = entry.expected_for("gcal.event")
    if expected is None:
        return problems
    zone = ZoneInfo(facts.time_zone)
    day_keys = {el.get("data-datekey") for el in walk(root)
                if el.get("role") == "gridcell" and el.get("data-datekey") and not hidden(el, parents)}
    chips = _chip_sentences(root, parents)
    all_sentences = [s for group in chips.values() for s in group]
    calendars = {_sha(el.get("aria-label") or "") for el in walk(root)
                 if (el.get("role") == "checkbox" or (el.tag == "input" and el.get("type") == "checkbox"))}

    for n, window in enumerate(expected.windows, 1):
        for day in _days_between(window.window_start, window.window_end, zone):
            if _key(day) not in day_keys:
                problems.append(f"window {n}: day {day.isoformat()} is no shown day cell")

    for n, obs in enumerate(expected.observations, 1):  # counted as a person counts them
        hint = obs.fields.get("subjectHint")
        if hint is not None and not any(f", {hint}" in s for s in all_sentences):
            problems.append(f"observation {n}: subjectHint is in no chip sentence")

    snapshot = expected.snapshot
    if snapshot is None:
        return problems
    for day in snapshot.days:
        if _key(date.fromisoformat(day.date)) not in day_keys:
            problems.append(f"snapshot day {day.date} is no shown day cell")
    for calendar in snapshot.calendars:
        if calendar.key not in calendars:
            problems.append("snapshot calendar is no side-panel checkbox")
    for n, event in enumerate(snapshot.events, 1):
        sentences = chips.get(event.key)
        if not sentences:
            problems.append(f"snapshot event {n}: key is no shown data-eventid's SHA-256")
            continue
        title = event.title if event.title is not None else "(No title)"
        if not any(title in s for s in sentences):
            problems.append(f"snapshot event {n}: title is not in its chip's sentence")
        if not event.all_day:
            clock = _clock(_local(event.start, zone))
            if not any(clock in s for s in sentences):
                problems.append(f"snapshot event {n}: start time is not in its chip's sentence")
        if not any(_key(date.fromisoformat(d)) in day_keys for d in event.days):
            problems.append(f"snapshot event {n}: none of its days is a shown day cell")
    return problems
