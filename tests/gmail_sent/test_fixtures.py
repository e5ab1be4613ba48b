"""gmail.sent over every labelled fixture and over the variants made from them."""

from __future__ import annotations

import pytest

from bench.metrics import score_page
from bench.runner import pass_input
from labels.corpus import folder_pages
from observers.registry import fixture_folders
from observers.run import run_pass
from observers.shared.route import parse_route
from tests.variants import double_landmark, remove_landmark, rewrite_classes

PAGES = [p for folder in fixture_folders("gmail.sent") for p in folder_pages(folder)
         if p.entry.expected_for("gmail.sent") is not None]
OK_SENT = [p for p in PAGES if p.entry.expected_for("gmail.sent").health.status == "OK"]
IDS = lambda p: p.name  # noqa: E731


def _posted(page, html=None):
    return run_pass(html or page.path.read_text(encoding="utf-8"), "gmail.sent", pass_input(page, "gmail.sent")).posted()


def test_there_are_at_least_twelve_sent_pages():
    assert len(PAGES) >= 12


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_pass_agrees_with_label(page):
    score = score_page(page.name, page.entry.expected_for("gmail.sent"), _posted(page))
    assert score.disagreements == []


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_rewriting_every_class_leaves_the_pass_identical(page):
    html = page.path.read_text(encoding="utf-8")
    assert _posted(page, rewrite_classes(html)) == _posted(page, html)


@pytest.mark.parametrize("page", OK_SENT, ids=IDS)
@pytest.mark.parametrize("selector, reason", [("[role=main]", "selector.missing.main"),
                                              ("[role=grid]", "selector.missing.grid")])
def test_a_removed_landmark_is_degraded_with_its_reason(page, selector, reason):
    posted = _posted(page, remove_landmark(page.path.read_text(encoding="utf-8"), selector))
    assert posted["health"]["status"] == "DEGRADED" and reason in posted["health"]["reasons"]
    assert posted["windows"] == [] and posted["observations"] == []


@pytest.mark.parametrize("page", [p for p in OK_SENT if p.entry.expected_for("gmail.sent").observations], ids=IDS)
def test_a_removed_time_element_is_missing_not_unreadable(page):
    """The date cell's span removed: the row has no time element. The hover toolbar's buttons after it
    carry labels too, but a control is no time element (spec §4.2: selector.missing.<landmark>)."""
    html = remove_landmark(page.path.read_text(encoding="utf-8"), "[role=row] [role=gridcell] > [title]")
    posted = _posted(page, html)
    assert posted["health"]["status"] == "DEGRADED"
    assert "selector.missing.time" in posted["health"]["reasons"]
    assert "time.unreadable" not in posted["health"]["reasons"]


@pytest.mark.parametrize("page", OK_SENT, ids=IDS)
@pytest.mark.parametrize("selector, reason", [("[role=main]", "selector.ambiguous.main"),
                                              ("[role=grid]", "selector.ambiguous.grid")])
def test_a_doubled_landmark_is_degraded_with_its_reason(page, selector, reason):
    posted = _posted(page, double_landmark(page.path.read_text(encoding="utf-8"), selector))
    assert posted["health"] == {"status": "DEGRADED", "reasons": [reason]}
    assert posted["windows"] == []


@pytest.mark.parametrize("page", OK_SENT, ids=IDS)
def test_a_removed_account_button_fails_the_head_only(page):
    html = remove_landmark(page.path.read_text(encoding="utf-8"), "[role=banner] [aria-label^='Google']")
    posted = _posted(page, html)
    if page.entry.expected_for("gmail.sent").windows:
        assert "selector.missing.account" in posted["health"]["reasons"]
    else:
        assert posted["health"]["status"] == "OK"


@pytest.mark.parametrize("page", [p for p in OK_SENT if p.entry.expected_for("gmail.sent").observations], ids=IDS)
def test_a_page_whose_rows_lose_their_role_is_missing_rows_never_a_silent_gap(page):
    """Every row's ``role="row"`` taken away: its sends sit in the grid outside every row (``selector.missing.row``,
    DEGRADED, no window), never an OK page that vouches for minutes whose sends it did not read."""
    posted = _posted(page, page.path.read_text(encoding="utf-8").replace('role="row"', ""))
    assert posted["health"]["status"] == "DEGRADED" and "selector.missing.row" in posted["health"]["reasons"]
    assert posted["windows"] == []


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_another_display_language_widens_a_window_only_where_the_route_decides(page):
    """Older and Newer are read by their English labels: in another language neither is seen, so the route alone
    decides the head and a window can only start later (spec §8.1, Known limits); the one window that appears from
    none is a page-1 route whose English page showed an enabled Newer."""
    from tests.variants import change_language

    html = page.path.read_text(encoding="utf-8")
    english, other = _posted(page, html), _posted(page, change_language(html))
    assert other["health"] == english["health"]
    assert other["observations"] == english["observations"]
    if not english["windows"] and other["windows"]:
        # The one way a window appears: a page-1 route whose shown Newer is enabled. In another
        # language Newer is not seen, so the route alone decides the head (spec §8.1, Known limits).
        assert parse_route(page.entry.page.url).page == 1 and english["health"]["status"] == "OK"
        assert len(other["windows"]) == 1
        return
    for w in other["windows"]:  # Older/Newer unseen: the route decides, the start can only move later
        assert any(e["windowStart"] <= w["windowStart"] and w["windowEnd"] <= e["windowEnd"] for e in english["windows"])
