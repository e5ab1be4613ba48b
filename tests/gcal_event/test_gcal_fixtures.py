"""gcal.event over every labelled fixture, and over the variants made from them."""

from __future__ import annotations

import pytest

from bench.metrics import score_page
from bench.runner import pass_input
from labels.corpus import folder_pages
from labels.reference.gcal_event import check_page
from observers.gcal_event.bench_step import step_rows_for
from observers.registry import fixture_folders
from observers.run import run_pass
from tests.variants import double_landmark, remove_landmark, rewrite_classes

OBSERVER = "gcal.event"
PAGES = [p for folder in fixture_folders(OBSERVER) for p in folder_pages(folder)
         if p.entry.expected_for(OBSERVER) is not None]
BY_NAME = {f"{p.folder}/{p.name}": p for p in PAGES}
OK_READ = [p for p in PAGES if p.entry.expected_for(OBSERVER).health.status == "OK"
           and p.entry.expected_for(OBSERVER).snapshot is not None]
IDS = lambda p: p.name  # noqa: E731


def _guests_as_sets(snapshot):
    """A snapshot with each event's guests in one order: they are a set, as the bench compares them."""
    if snapshot is None:
        return None
    events = [{**e, "guests": sorted(g, key=lambda a: (a.lower(), a)) if isinstance(g := e.get("guests"), list) else g}
              for e in snapshot["events"]]
    return {**snapshot, "events": events}


def _posted(page, html=None):
    return run_pass(html or page.path.read_text(encoding="utf-8"), OBSERVER, pass_input(page, OBSERVER)).posted()


POSTED = {f"{p.folder}/{p.name}": _posted(p) for p in PAGES}


def test_the_corpus_holds_every_case_the_issue_names():
    names = {p.name for p in PAGES}
    assert len(PAGES) >= 17
    for needed in ("synthetic-week.html", "synthetic-day.html", "synthetic-month-empty.html", "synthetic-month-event.html",
                   "synthetic-week-more.html", "synthetic-week-busy.html", "synthetic-week-calendar-off.html",
                   "synthetic-week-zone-mismatch.html", "synthetic-week-no-account.html", "synthetic-week-two-accounts.html"):
        assert needed in names


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_pass_agrees_with_label(page):
    expected = page.entry.expected_for(OBSERVER)
    posted = POSTED[f"{page.folder}/{page.name}"]
    score = score_page(page.name, expected, posted)
    assert score.disagreements == [] and score.unsound_windows == 0
    want = expected.snapshot.model_dump(by_alias=True, mode="json") if expected.snapshot is not None else None
    assert _guests_as_sets(posted["snapshot"]) == _guests_as_sets(want)  # the whole snapshot, not only the events
    assert posted["allCalendars"] == expected.all_calendars


@pytest.mark.parametrize("page", [p for p in PAGES if p.entry.expected_for(OBSERVER).step is not None], ids=IDS)
def test_step_from_the_labelled_base_gives_the_labelled_rows(page):
    key = f"{page.folder}/{page.name}"
    rows = step_rows_for(page, POSTED[key], BY_NAME, POSTED)
    assert rows == [r.model_dump(by_alias=True, mode="json") for r in page.entry.expected_for(OBSERVER).step.rows]


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_reference_reader_finds_every_labelled_fact_on_the_page(page):
    assert check_page(page.path.read_text(encoding="utf-8"), page.entry) == []


def test_reference_reader_catches_a_label_that_drifts():
    page = BY_NAME["gcal/2026-11-30/synthetic-week.html"]
    entry = page.entry.model_copy(deep=True)
    entry.expected[0].snapshot.events[0].title = "Design preview"
    entry.expected[0].windows[0].window_end = "2026-12-07T08:00:00.000Z"
    problems = check_page(page.path.read_text(encoding="utf-8"), entry)
    assert any("title" in p for p in problems) and any("window 1" in p for p in problems)


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_rewriting_every_class_leaves_the_pass_identical(page):
    html = page.path.read_text(encoding="utf-8")
    assert _posted(page, rewrite_classes(html)) == POSTED[f"{page.folder}/{page.name}"]


@pytest.mark.parametrize("page", OK_READ, ids=IDS)
def test_a_removed_main_is_missing(page):
    posted = _posted(page, remove_landmark(page.path.read_text(encoding="utf-8"), "[role=main]"))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.main"]}
    assert posted["windows"] == [] and posted["snapshot"] is None and posted["observations"] == []


@pytest.mark.parametrize("page", OK_READ, ids=IDS)
def test_a_doubled_main_is_ambiguous(page):
    posted = _posted(page, double_landmark(page.path.read_text(encoding="utf-8"), "[role=main]"))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.ambiguous.main"]}
    assert posted["windows"] == [] and posted["snapshot"] is None


@pytest.mark.parametrize("page", OK_READ, ids=IDS)
def test_every_grid_removed_is_missing(page):
    posted = _posted(page, remove_landmark(page.path.read_text(encoding="utf-8"), "[role=grid]"))
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.grid"]}
    assert posted["windows"] == [] and posted["snapshot"] is None


@pytest.mark.parametrize("page", [p for p in OK_READ if "All-day events" in p.path.read_text(encoding="utf-8")
                                  and 'role="dialog"' not in p.path.read_text(encoding="utf-8")], ids=IDS)
def test_one_of_two_grids_removed_reads_the_other_alone(page):
    """A week may be drawn as one grid (spec §8.3 "may split"), so the grid left is read: its days,
    its chips, and no more. The events of the removed grid are then simply not on the page. (A page
    with an open detail bubble still names its event: with that chip's grid gone, no chip reads the
    id, and the pass is rightly DEGRADED; ``test_gcal_heldout_fixes_5`` covers it.)"""
    html = page.path.read_text(encoding="utf-8")
    full = POSTED[f"{page.folder}/{page.name}"]["snapshot"]
    kept = []
    for which in ("[role=main] [role=grid][aria-label]", "[role=main] [role=grid]:not([aria-label])"):
        posted = _posted(page, remove_landmark(html, which))
        assert posted["health"]["status"] == "OK", which
        assert [d["date"] for d in posted["snapshot"]["days"]] == [d["date"] for d in full["days"]]
        kept.append({e["key"] for e in posted["snapshot"]["events"]})
    # every chip lives in one of the two grids: the two halves part the events between them
    assert kept[0] | kept[1] == {e["key"] for e in full["events"]} and not kept[0] & kept[1]


def test_the_bench_scores_every_snapshot_fact_not_only_times_and_titles():
    """A review of the loop: a label whose event had the wrong guests, days or calendar, or whose day was
    not seen whole, scored 1.0 in every bench figure (events compared on title, start, end, all-day)."""
    page = next(p for p in OK_READ if any(e.guests for e in p.entry.expected_for(OBSERVER).snapshot.events))
    posted = POSTED[f"{page.folder}/{page.name}"]
    expected = page.entry.expected_for(OBSERVER)
    event = next(e for e in expected.snapshot.events if e.guests)
    for change in ({"guest_count": event.guest_count + 1}, {"days": []}, {"calendar_key": "0" * 64}):
        wrong_event = event.model_copy(update=change)
        events = [wrong_event if e is event else e for e in expected.snapshot.events]
        wrong = expected.model_copy(update={"snapshot": expected.snapshot.model_copy(update={"events": events})})
        score = score_page(page.name, wrong, posted)
        assert score.events.fn == 1 and score.events.fp == 1, change
    day = expected.snapshot.days[0]
    days = [day.model_copy(update={"whole": not day.whole}), *expected.snapshot.days[1:]]
    wrong = expected.model_copy(update={"snapshot": expected.snapshot.model_copy(update={"days": days})})
    score = score_page(page.name, wrong, posted)
    assert not score.windows_exact and "snapshot days or calendars differ" in score.disagreements


def test_the_bench_compares_a_snapshots_guests_in_any_order():
    """Spec §8.3 lists "guest addresses" with no order (only the counterparty is chosen in ASCII-lowercase
    order). The observer writes them so; a label that lists them as the chip names them is the same
    set, and scored as a different event it failed the whole event (an independent labelling of
    2026-12-01). The bench compares guests as a set; each address is still compared whole, case kept."""
    page = next(p for p in OK_READ if any(len(e.guests or []) > 1 for e in
                                          p.entry.expected_for(OBSERVER).snapshot.events))
    expected = page.entry.expected_for(OBSERVER).model_copy(deep=True)
    event = next(e for e in expected.snapshot.events if len(e.guests or []) > 1)
    event.guests = list(reversed(event.guests))
    assert score_page(page.name, expected, POSTED[f"{page.folder}/{page.name}"]).disagreements == []
    event.guests = [event.guests[0].upper(), *event.guests[1:]]
    assert score_page(page.name, expected, POSTED[f"{page.folder}/{page.name}"]).disagreements != []
