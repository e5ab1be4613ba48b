"""Property tests: the coverage merge never widens what a synced window saw, and the clock guard
never leaves a window vouching for an instant after the clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from attest_kit.instants import format_instant
from attest_kit.ledger import Ledger
from attest_kit.ledger.coverage import Span, merge_into, stored_spans

BASE = datetime(2026, 10, 6, tzinfo=timezone.utc)
SETTINGS = settings(max_examples=100, deadline=None)


def _t(minutes: int) -> str:
    return format_instant(BASE + timedelta(minutes=minutes))


spans = st.builds(
    lambda s, length, sync, allc, since: Span(_t(s), _t(s + length), _t(sync), allc,
                                              None if since is None else _t(since)),
    st.integers(0, 60), st.integers(0, 30), st.integers(0, 6), st.sampled_from([None, True, False]),
    st.one_of(st.none(), st.integers(0, 6)))


def _merge_all(inputs: list[Span]) -> list[Span]:
    stored: list[Span] = []
    for span in inputs:
        absorbed, result = merge_into(stored, span)
        stored = [s for s in stored if s not in absorbed] + [result]
    return stored


def _covered(span: Span, parts: list[Span]) -> bool:
    """True when ``parts`` together cover ``span`` with no gap."""
    reach = span.start
    for part in sorted(parts, key=lambda p: p.start):
        if part.start > reach:
            break
        reach = max(reach, part.end)
    return reach >= span.end


@SETTINGS
@given(st.lists(spans, max_size=8))
def test_merging_never_widens_what_any_synced_window_saw(inputs):
    """Each stored window's span, allCalendars and changesSince are vouched for by windows that
    synced at its instant: together they cover it, each saying at least as much."""
    for out in _merge_all(inputs):
        support = [i for i in inputs if i.synced == out.synced and out.start <= i.start and i.end <= out.end
                   and (not out.all_calendars or i.all_calendars)
                   and (out.changes_since is None or (i.changes_since is not None
                                                      and i.changes_since <= out.changes_since))]
        assert support and _covered(out, support)


@SETTINGS
@given(st.lists(spans, max_size=8))
def test_merging_loses_no_span_any_window_saw(inputs):
    out = _merge_all(inputs)
    for span in inputs:
        assert any(o.synced >= span.synced and o.start <= span.start and span.end <= o.end for o in out)


@SETTINGS
@given(st.lists(st.tuples(st.integers(-120, 240), st.integers(0, 60), st.integers(0, 30)), min_size=1,
                max_size=10))
def test_a_stored_window_never_vouches_for_an_instant_after_the_clock(moves):
    """Each move sets the clock, then posts a head ping synced at or before it."""
    now = {"t": BASE}
    ledger = Ledger(":memory:", clock=lambda: now["t"])
    try:
        for clock_min, back, length in moves:
            now["t"] = BASE + timedelta(minutes=clock_min)
            sync = _t(clock_min - back)
            ledger.handle({"type": "coverage.ping", "source": "gmail.sent", "accountHash": None, "lastSyncAt": sync,
                           "windowStart": _t(clock_min - back - length), "windowEnd": sync, "userActive": False})
            clock_text = format_instant(now["t"])
            for span in stored_spans(ledger.conn) + stored_spans(ledger.conn, kind="marker"):
                assert span.synced <= clock_text and span.end <= clock_text
            latest = [r[0] for r in ledger.conn.execute("SELECT last_sync_at FROM latest_pings")]
            assert all(t <= clock_text for t in latest)
    finally:
        ledger.close()
