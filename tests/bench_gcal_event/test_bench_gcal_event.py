"""Benchmark: one gcal.event pass over a busy week page (200 chips) vs an html5lib reference read of it.

The reference read is what labels/reference/gcal_event.py does to a page: parse with html5lib and
collect the shown chips' sentences and the day cells. Figures are ratios in the same run, never
timed assertions. Run: pytest tests/bench_gcal_event --benchmark-enable (the suite's default
--benchmark-disable makes this a one-shot smoke run).
"""

from __future__ import annotations


import pytest

from labels.reference.gcal_event import _chip_sentences
from labels.reference.html5 import parent_map, parse
from tests.fixture_builders.gcal_pages import WEEK, WEEK_TITLE, Chip, GcalPage, render
from tests.gcal_event.helpers import posted_for

CHIPS = 200
TITLES = ["Design review", "Stand-up", "Vendor call", "Budget sync", "1:1", "Hiring loop", "Planning", "Retro"]


def busy_week() -> str:
    """A week whose seven timed columns hold 200 chips (quarter-hour slots from 7am), with guests on some."""
    chips = []
    for i in range(CHIPS):
        day = WEEK[i % 7]
        slot = i // 7  # 0..28 per day
        start = 7 * 60 + slot * 15
        h1, m1, h2, m2 = start // 60, start % 60, (start + 15) // 60, (start + 15) % 60

        def clock(h: int, m: int) -> str:
            return f"{h % 12 or 12}{':%02d' % m if m else ''}{'am' if h < 12 else 'pm'}"

        guests = f"Guests: g{i}@example.org, h{i}@example.net, " if i % 3 == 0 else ""
        sentence = (f"{clock(h1, m1)} to {clock(h2, m2)}, {TITLES[i % len(TITLES)]} {i}, Dana Whitfield, Accepted, "
                    f"{guests}No location, {day.strftime('%B')} {day.day}, {day.year}")
        chips.append(Chip(f"bench{i:05d}", sentence, [day]))
    return render(GcalPage("bench.html", WEEK_TITLE, chips=chips))


@pytest.fixture(scope="module")
def page() -> str:
    return busy_week()


def _reference(html: str) -> int:
    root = parse(html)
    return sum(len(v) for v in _chip_sentences(root, parent_map(root)).values())


def test_the_bench_page_reads_clean(page):
    posted = posted_for(page)
    assert posted["health"]["status"] == "OK" and len(posted["snapshot"]["events"]) == CHIPS
    assert _reference(page) >= CHIPS


@pytest.mark.benchmark(group="gcal-week-200-chips")
def test_bench_html5lib_reference_read(benchmark, page):
    assert benchmark.pedantic(_reference, args=(page,), rounds=15, iterations=1) >= CHIPS


@pytest.mark.benchmark(group="gcal-week-200-chips")
def test_bench_gcal_event_pass(benchmark, page):
    posted = benchmark.pedantic(posted_for, args=(page,), rounds=15, iterations=1)
    assert len(posted["snapshot"]["events"]) == CHIPS
