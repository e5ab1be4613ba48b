"""The gcal.event observer: health, rows, windows, allCalendars and the snapshot (spec §8.3).

With an account on the page the observer posts no rows: the ledger derives them from the step
between the stored snapshot and this one (``step.py``), and the pass checks through project() the
rows a first look would derive (``rows_derived_later``). With no account nothing is compared, and
every visible event is posted as a first sighting (calendar.created) with no counterparty, since
the account could be any guest; plan_pass then posts no snapshot.
"""

from __future__ import annotations

from typing import Any

from attest_kit.contract import Health, Observer, PassContext, RawRow, Window
from attest_kit.instants import format_instant
from attest_kit.text import clamp_subject_hint
from observers.gcal_event.bench_step import bench_step as _bench_step
from observers.gcal_event.days import whole_day_windows
from observers.gcal_event.page import read_gcal_page
from observers.gcal_event.selectors import SELECTORS
from observers.gcal_event.snapshot import build_snapshot
from observers.gcal_event.state import busy_too_long, state_problem
from observers.gcal_event.step import step


class GcalEventObserver(Observer):
    id = "gcal.event"
    source = "gcal.event"
    version = SELECTORS.version
    # A week window legitimately ends after the pass instant: local midnight after the last
    # visible day (plan_pass would otherwise refuse it as window.future).
    windows_may_end_after_instant = True
    # The busy clock (state.py): how long the page has looked busy across passes.
    keeps_pass_state = True

    def health(self, ctx: PassContext) -> Health:
        read = read_gcal_page(ctx)
        if read.reasons:
            return Health.degraded(*read.reasons)
        if read.busy and busy_too_long(ctx.state, ctx.instant):
            return Health.degraded("page.busy")
        return Health.ok()

    def extract(self, ctx: PassContext) -> list[RawRow]:
        """First sightings of every visible event, only on a drawn page that names no account."""
        read = read_gcal_page(ctx)
        if read.busy or read.reasons or read.account.address is not None:
            return []
        rows = []
        for key, sentence in sorted(read.events.items(), key=lambda kv: (kv[1].start, kv[0])):
            fields: dict[str, Any] = {"occurredAt": format_instant(sentence.start)}
            if sentence.title is not None:
                fields["subjectHint"] = clamp_subject_hint(sentence.title)
            rows.append(RawRow("calendar.created", fields, key))
        return rows

    def rows_derived_later(self, ctx: PassContext) -> list[RawRow]:
        """With an account, the rows the ledger may derive from this pass's snapshot: a first look's (every
        event a first sighting, naming its first guest), which a refused range restarts with, so a title
        project() refuses would refuse every pass; and each event's row with each other guest, the one an
        update names when it added that guest."""
        read = read_gcal_page(ctx)
        if read.busy or read.reasons or read.account.address is None:
            return []
        snapshot = build_snapshot(read, ctx.instant)
        guests = {event["key"]: event.get("guests", []) for event in snapshot["events"]}
        rows = []
        for row in step(None, snapshot).rows:
            rows.append(row.raw())
            rows += [RawRow(row.type, {**row.fields, "counterparty": guest}, row.row_key)
                     for guest in guests.get(row.row_key, []) if guest != row.fields.get("counterparty")]
        return rows

    def visible_windows(self, ctx: PassContext) -> list[Window] | None:
        read = read_gcal_page(ctx)
        if read.busy or read.reasons:
            return []
        return whole_day_windows(read.whole_days, ctx.tz)

    def all_calendars(self, ctx: PassContext) -> bool | None:
        read = read_gcal_page(ctx)
        return None if read.busy else read.all_calendars

    def snapshot(self, ctx: PassContext) -> dict[str, Any] | None:
        read = read_gcal_page(ctx)
        if read.busy or read.reasons:
            return None
        return build_snapshot(read, ctx.instant)

    def account(self, ctx: PassContext) -> str | None:
        return read_gcal_page(ctx).account.address

    def posts_snapshot(self) -> bool:
        return True

    def state_problem(self, state: dict[str, Any]) -> str | None:
        return state_problem(state)

    # The bench scores a label's ``step`` through this (bench/runner.py looks it up by name).
    bench_step = staticmethod(_bench_step)


OBSERVER = GcalEventObserver()
