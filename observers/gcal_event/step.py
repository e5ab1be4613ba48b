"""The step from a range's stored record to a new snapshot: the Calendar rows (calendar-step.ts).

Pure: the ledger calls it with the record it stored for the range and account (``None`` for the
first look) and the snapshot a pass posted, and stores the record it returns. Rules (spec §8.3):

* first sightings (``calendar.created``, ``firstSighting``): every event the stored record could not
  have seen: no record, a record of another selectors version (or another range or account), a
  calendar switched on or not shown and named once, a day hidden or outside the record's range
  (an event that began before the visible range included); an event the record held only as pending
  and could not have shown (its calendar off, its day hidden) is one too when shown again, changed or
  not;
* ``calendar.created``: an event new on a calendar the record showed and named once, when the
  record saw every day of its range whole (other calendars named twice do not matter);
* ``calendar.updated``: start, end, all-day flag, title, calendar or guest set changed;
* ``calendar.deleted``: absent from two consecutive complete snapshots (every day whole, each
  calendar named once, the event's calendar shown). The first absence is kept in the record's
  ``pending``; the second confirms it and the row is seen at the first absence. Coming back clears it.
  A snapshot that vouches for no absence of it in between breaks the run: the pending entry stays
  (``firstAbsentAt`` null) and the next vouching snapshot is its first absence again; an event first
  missing from such a snapshot is kept pending the same way (else it would be in no later base).
  ``lastSeenAt`` keeps the last read that showed the event: a first absence more than the late-change
  limit after it makes the deletion a first sighting (it may be that old);
* a change noticed late (a creation or update compared with a record read more than two minutes
  before, a deletion whose first absence was) is a first sighting; so is a creation or update
  another range's record (``others``) already held in its new state, read after the base and
  before this pass: it happened before that read.

One row per event. counterparty: the first guest in ASCII-lowercase order (the account is already
left out of the snapshot's guests), or for an update that added guests the first one added.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from attest_kit.contract import RawRow
from attest_kit.hashing import ascii_lower, normalize_email, sha256_hex
from attest_kit.instants import parse_instant
from attest_kit.text import clamp_subject_hint
from observers.gcal_event.selectors import SELECTORS
from observers.gcal_event.snapshot import guest_hash, stored_event, stored_form
from observers.shared.own_address import mailbox_key

STALE_CHANGE = timedelta(seconds=SELECTORS.limits.stale_change_seconds)
_COMPARED = ("start", "end", "allDay", "title", "calendarKey", "guestHashes")
_ONE_DAY = timedelta(days=1)


@dataclass(frozen=True)
class StepRow:
    """One row the step derives: its raw row, whether it is a first sighting, and when it was first seen."""

    type: str
    fields: dict[str, Any]
    row_key: str
    first_sighting: bool
    seen_at: str

    def raw(self) -> RawRow:
        return RawRow(self.type, dict(self.fields), self.row_key)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "fields": dict(self.fields), "firstSighting": self.first_sighting,
                "seenAt": self.seen_at}


@dataclass
class StepResult:
    rows: list[StepRow] = field(default_factory=list)
    record: dict[str, Any] | None = None
    skipped: bool = False  # a snapshot read at or before the stored one (late_sighting): nothing changes
    # Days of the range whose changes the chain has not followed up to this pass: every day on a first look
    # (no base was compared, whatever the ledger stored), and a day holding an event missing since it was last
    # seen whose deletion is not reported yet (pending here or in another record of this account: one complete
    # absence, or none a view could vouch for). A deletion there may never be reported, so the ledger follows
    # such a day's changes only from this pass (changesSince).
    unsettled_days: list[str] = field(default_factory=list)


def _range(days: list[dict[str, Any]]) -> list[str]:
    return [d["date"] for d in days]


def comparable(record: dict[str, Any] | None, snapshot: dict[str, Any]) -> bool:
    """True when ``record`` is a base for ``snapshot``: same selectors version, range and account."""
    return (record is not None and record.get("selectorsVersion") == snapshot["selectorsVersion"]
            and _range(record["days"]) == _range(snapshot["days"])
            and record.get("accountHash") == snapshot["accountHash"])


def _named_once(view: dict[str, Any]) -> dict[str, bool]:
    """Calendar key → shown, for the calendars the view names exactly once."""
    counts: dict[str, int] = {}
    for calendar in view["calendars"]:
        if calendar["key"] is not None:
            counts[calendar["key"]] = counts.get(calendar["key"], 0) + 1
    return {c["key"]: c["shown"] for c in view["calendars"] if c["key"] is not None and counts[c["key"]] == 1}


def is_complete(view: dict[str, Any]) -> bool:
    """A complete view saw every day of its range whole and names each calendar once.

    It names at least one calendar, and none unnamed: a labelled list drawn empty is read as one
    unnamed entry (page.py), so it never makes a snapshot complete (spec: an empty labelled list
    never makes allCalendars true; it does not vouch for an absence either).
    """
    keys = [c["key"] for c in view["calendars"]]
    return _every_day_whole(view) and bool(keys) and None not in keys and len(keys) == len(set(keys))


def _every_day_whole(view: dict[str, Any]) -> bool:
    """Every day of the range whole: each day listed is, and none between the first and the last is
    missing (Calendar with weekends hidden lists Friday, then Monday: the weekend is a day of the
    range it did not see, and an event moved onto it would read as absent)."""
    days = view["days"]
    if not days or not all(d["whole"] for d in days):
        return False
    dates = [date.fromisoformat(d["date"]) for d in days]
    return all(later - earlier == _ONE_DAY for earlier, later in zip(dates, dates[1:]))


def _calendar_shown(view: dict[str, Any], key: str | None) -> bool:
    return key is not None and _named_once(view).get(key) is True


def _could_see(base: dict[str, Any], event: dict[str, Any]) -> bool:
    """Whether ``base`` would have shown ``event`` had it been there: its calendar shown and named
    once, and each of its days in the base's range seen whole (none before the range)."""
    if not _calendar_shown(base, event["calendarKey"]):
        return False
    whole = {d["date"]: d["whole"] for d in base["days"]}
    first = base["days"][0]["date"] if base["days"] else None
    if first is None or not event["days"] or event.get("beganBefore") or event["days"][0] < first:
        # no day in the range (an event wholly after it), or it began before it (a record stored before 1.3.89
        # wrote the range's eve first in its days instead of the flag)
        return False
    return all(whole.get(day, False) for day in event["days"])  # clipped to the range (snapshot.event_days)


def _state(event: dict[str, Any]) -> tuple[Any, ...]:
    """What an update compares."""
    return tuple(event[k] for k in _COMPARED)


def _state_but_guests(event: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(event[k] for k in _COMPARED if k != "guestHashes")


def _first_guest(guests: Iterable[str]) -> str | None:
    ordered = sorted(guests, key=lambda g: (ascii_lower(g), g))
    return ordered[0] if ordered else None


def _fields(event: dict[str, Any], counterparty: str | None) -> dict[str, Any]:
    fields: dict[str, Any] = {"occurredAt": event["start"]}
    if event["title"] is not None:
        fields["subjectHint"] = clamp_subject_hint(event["title"])
    if counterparty is not None:
        fields["counterparty"] = counterparty
    return fields


def _account_spellings(guest: str) -> set[str]:
    """The account hashes ``guest`` may deliver to: as written, without its +tag, as its mailbox."""
    normal = normalize_email(guest)
    if normal is None:
        return set()
    local, _, domain = normal.rpartition("@")
    spelled = {normal, f"{local.split('+', 1)[0]}@{domain}", mailbox_key(guest)}
    return {sha256_hex(s) for s in spelled if s is not None}


def _guests_agree_between_accounts(mine: dict[str, Any], my_guests: list[str], theirs: dict[str, Any],
                                   accounts: set[str], me: str | None) -> bool:
    """Two accounts' views of one event name the same guests. Each view leaves its own account out (any
    case, a +tag) and may name the other: on this view, whose addresses are known, any spelling of the
    other account is left out; on the other, which records only hashes, one guest more than here may be
    this account under a +tag or Gmail's dots, when both count as many guests (a guest removed in between
    changes the count, so an older view never passes for the new state). With the same guests on both and
    counts that differ, this account (``me``) may have joined or left in between, which the update rule,
    leaving the account out, does not see (1.3.49); the other account, which its own view leaves out of its
    hashes, must be a guest then, as its count tells, exactly when it is one now (1.3.52). Counts that agree
    are read as before 1.3.49 (a view whose labels do not name its own account counts it nowhere). The other account under Gmail's
    dots or googlemail.com on this view is not told: its hash is of the address as written."""
    tagged = {guest_hash(g) for g in my_guests if accounts & _account_spellings(g)}
    a, b = set(mine["guestHashes"]) - accounts - tagged, set(theirs["guestHashes"]) - accounts
    if mine["guestCount"] == theirs["guestCount"]:
        return a <= b and len(b - a) <= 1  # each view counts every guest its label names, its own spelling too
    if a != b:
        return False
    # The same guests, both accounts left out, and the counts differ: this account joined or left in between
    # (which the update rule, leaving it out, does not see: 1.3.49), or the other account did (its view then
    # held another guest set: 1.3.52). The other account is not in its own view's hashes; its count tells
    # whether it was a guest then, which must be whether it is one now.
    me_then = me is not None and me in set(theirs["guestHashes"])
    them_then = theirs["guestCount"] - len(b) - int(me_then)
    return them_then == int(bool(tagged))


def _seen_elsewhere(others: Iterable[dict[str, Any]], base_read: str, read: str, event: dict[str, Any],
                    guests: list[str], account: str | None) -> bool:
    """Whether another range's or account's view, read between the base and this pass, held ``event``
    (whose guests' addresses are ``guests``) in its new state; between two accounts, the guests as
    ``_guests_agree_between_accounts`` says."""
    low, high = parse_instant(base_read), parse_instant(read)
    for other in others:
        at = parse_instant(other["readAt"])
        if not low < at < high:
            continue
        if other.get("accountHash") == account:
            if any(e["key"] == event["key"] and _state(e) == _state(event) for e in other["events"]):
                return True
            continue
        accounts = {account, other.get("accountHash")} - {None}
        for e in other["events"]:
            if e["key"] == event["key"] and _state_but_guests(e) == _state_but_guests(event) \
                    and _guests_agree_between_accounts(event, guests, e, accounts, account):
                return True
    return False


def _unsettled(snapshot: dict[str, Any], pending: dict[str, Any], others: list[dict[str, Any]],
               account: str | None) -> list[str]:
    """The days of ``snapshot`` holding a deletion not reported yet, in this record or another of this
    account (a day tab that saw an event created and then missing, a week tab that never held it)."""
    held: set[str] = set()
    own = set(_range(snapshot["days"]))  # this range's pending entries were recorded over its own days
    for shown, entries in [(own, pending.values()),
                           *((set(_range(o["days"])), o.get("pending", {}).values())
                             for o in others if o.get("accountHash") == account)]:
        for entry in entries:
            held.update(_held_days(entry["event"], shown))
    return [day for day in _range(snapshot["days"]) if day in held]


def _held_days(event: dict[str, Any], shown: set[str]) -> list[str]:
    """The days an event may touch, as far as a record over the days ``shown`` tells: the shown days it touches (its
    ``days``, exact), and every day its instants span that the record did not show, from the start's UTC date less
    one to the end's plus one (a local day is within one of its UTC date; a day too many only restarts a window's
    changesSince: the safe side). A record lists the shown days only (1.3.89, 1.3.91), so the day before the range,
    a weekend the range hides and the days after it are found from the instants; until 1.3.88 the days listed held
    the eve and the hidden weekend (reviews of 1.3.89 and 1.3.91)."""
    start = parse_instant(event["start"]).date() - _ONE_DAY
    end = parse_instant(event["end"]).date() + _ONE_DAY
    span = [(start + timedelta(days=i)).isoformat() for i in range((end - start).days + 1)]
    return [*event["days"], *(day for day in span if day not in shown)]


def _row_order(row: StepRow) -> tuple[str, str, str]:
    return (row.fields["occurredAt"], row.type, row.row_key)


def step(record: dict[str, Any] | None, snapshot: dict[str, Any],
         others: Iterable[dict[str, Any]] = ()) -> StepResult:
    """The rows and the new record from ``record`` (the range's stored record, or None) to ``snapshot``."""
    read = snapshot["readAt"]
    account = snapshot.get("accountHash")
    new_record = stored_form(snapshot)
    full = {e["key"]: e for e in snapshot["events"]}
    new_events = {e["key"]: e for e in new_record["events"]}
    base = record if comparable(record, snapshot) else None
    if base is not None and parse_instant(read) <= parse_instant(base["readAt"]):
        return StepResult([], record, skipped=True)
    result = StepResult(record=new_record)

    if base is None:  # the first look at this range (or a new version): every event is a first sighting
        result.unsettled_days = _range(snapshot["days"])
        for key, event in new_events.items():
            result.rows.append(StepRow("calendar.created", _fields(event, event["firstGuest"]), key, True, read))
        result.rows.sort(key=_row_order)
        return result

    late = parse_instant(read) - parse_instant(base["readAt"]) > STALE_CHANGE
    others = list(others)
    pending: dict[str, Any] = dict(base.get("pending", {}))
    old_events = {e["key"]: e for e in base["events"]}
    unseen = set()  # events the base holds only as pending with no vouched absence: it did not see them
    for key, entry in pending.items():
        if key not in old_events:
            old_events[key] = entry["event"]
            if entry.get("firstAbsentAt") is None:
                unseen.add(key)

    for key, event in new_events.items():
        came_back = pending.pop(key, None)  # coming back clears a pending deletion
        old = old_events.get(key)
        if old is None:
            first = late or not (_every_day_whole(base) and _could_see(base, event)) or \
                _seen_elsewhere(others, base["readAt"], read, event, full[key]["guests"], account)
            result.rows.append(StepRow("calendar.created", _fields(event, event["firstGuest"]), key, first, read))
            continue
        if _state(old) == _state(event):
            if key in unseen and not _could_see(base, event):
                # the base held it only as pending and could not have shown it (its calendar off, its
                # day hidden): shown again, it is a first sighting (spec §8.3), changed or not; unchanged
                # since a calendar.created of the same state, the ledger finds that row (a row's id
                # is its type and fields) and stores nothing new; after an update it is a row of its own
                result.rows.append(StepRow("calendar.created", _fields(event, event["firstGuest"]), key, True, read))
            continue
        added = [g for g in full[key]["guests"] if guest_hash(g) not in set(old["guestHashes"])]
        counterparty = _first_guest(added) or event["firstGuest"]
        # a change made while the base could not see the event (its calendar off, its day hidden)
        # may be hours old: a first sighting, like a late one; so may one to an event back from a
        # pending deletion: it is compared with the state last seen, not with the base (which held it absent)
        seen_long_ago = came_back is not None and \
            parse_instant(read) - parse_instant(came_back.get("lastSeenAt", base["readAt"])) > STALE_CHANGE
        if late or key in unseen or seen_long_ago or \
                _seen_elsewhere(others, base["readAt"], read, event, full[key]["guests"], account):
            result.rows.append(StepRow("calendar.created", _fields(event, counterparty), key, True, read))
        else:
            result.rows.append(StepRow("calendar.updated", _fields(event, counterparty), key, False, read))

    complete = is_complete(snapshot)
    for key, old in old_events.items():
        if key in new_events:
            continue
        # an invitation names no calendar (", ,"): only a view with every calendar shown vouches for it
        vouched = complete and (_calendar_shown(snapshot, old["calendarKey"]) if old["calendarKey"] is not None
                                else all(_named_once(snapshot).values()))
        if not vouched:
            # An incomplete view vouches for no absence, and it breaks the run of consecutive
            # complete absences: the pending deletion is kept (the event is in no stored event
            # list any more) but the next vouching snapshot counts as its first absence again.
            # An event first missing from such a view is kept the same way: dropped, it would be in
            # no later base, so neither its deletion nor its coming back could be told.
            if key in pending:
                pending[key] = {**pending[key], "firstAbsentAt": None}
            else:
                pending[key] = {"event": stored_event_copy(old), "firstAbsentAt": None, "late": late,
                                "lastSeenAt": base["readAt"]}
            continue
        if key in pending and pending[key].get("firstAbsentAt") is not None:
            entry = pending.pop(key)
            result.rows.append(StepRow("calendar.deleted", _fields(old, old["firstGuest"]), key,
                                       bool(entry["late"]), entry["firstAbsentAt"]))
        else:
            # The deletion happened after the last view that showed the event: when that is more than
            # the late-change limit before this first vouched absence (no view could vouch in
            # between: its calendar off, its day hidden), the row is a first sighting, like a late one.
            last_seen = pending[key].get("lastSeenAt", base["readAt"]) if key in pending else base["readAt"]
            stale = parse_instant(read) - parse_instant(last_seen) > STALE_CHANGE
            pending[key] = {"event": stored_event_copy(old), "firstAbsentAt": read, "late": late or stale,
                            "lastSeenAt": last_seen}
    new_record["pending"] = dict(sorted(pending.items()))
    result.unsettled_days = _unsettled(snapshot, pending, others, account)
    result.rows.sort(key=_row_order)
    return result


def stored_event_copy(event: dict[str, Any]) -> dict[str, Any]:
    """A stored event as kept in ``pending`` (already in stored form)."""
    return {k: (list(v) if isinstance(v, list) else v) for k, v in event.items()}


def chain(snapshots: Iterable[dict[str, Any]], record: dict[str, Any] | None = None) -> tuple[list[StepResult], dict[str, Any] | None]:
    """Step through ``snapshots`` in order, each against the record the previous one left."""
    results = []
    for snapshot in snapshots:
        result = step(record, snapshot)
        results.append(result)
        record = result.record
    return results, record


__all__ = ["StepResult", "StepRow", "chain", "comparable", "is_complete", "step", "stored_event"]
