"""The no-leak test: the seeded secrets sit in every fixture and reach nothing the toolkit writes."""

from __future__ import annotations

import json

import pytest

from attest_kit.cli import main
from attest_kit.vendors import vendor_of_observer
from bench.runner import pass_input
from labels.check import load_seeded
from labels.corpus import all_folders, folder_pages
from observers.registry import observer_ids
from observers.run import run_pass

SEEDS = list(load_seeded().values())
PAGES = [p for folder in all_folders() for p in folder_pages(folder)]


def test_every_fixture_holds_every_seed():
    assert PAGES
    for page in PAGES:
        html = page.path.read_text(encoding="utf-8")
        assert all(seed in html for seed in SEEDS), page.name


@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.folder}/{p.name}")
def test_no_observer_output_holds_a_seed(page):
    html = page.path.read_text(encoding="utf-8")
    for observer_id in observer_ids():
        posted = json.dumps(run_pass(html, observer_id, pass_input(page, observer_id)).posted(), ensure_ascii=False)
        assert not any(seed in posted for seed in SEEDS), observer_id


def test_no_generated_file_holds_a_seed(repo_copy, cli):
    assert cli.invoke(main, ["bench", "-q"]).exit_code == 0
    written = [repo_copy / "RESULTS.md", *sorted((repo_copy / "bench/results").glob("*.json")),
               *sorted((repo_copy / "reports").glob("*"))]
    assert any(p.parent.name == "reports" for p in written), "the bench writes its timing report"
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert not any(seed in text for seed in SEEDS), path.name
    for page in PAGES:  # each observer of the page's vendor (the others are refused: test_vendor_hosts.py)
        for observer_id in (o for o in observer_ids() if vendor_of_observer(o) == page.folder.split("/", 1)[0]):
            result = cli.invoke(main, ["observe", str(repo_copy / "fixtures/pages" / page.folder / page.name),
                                       "--observer", observer_id])
            # an observe that failed prints no pass, and no pass is no proof: every run must print one (exit 1 is a
            # pass that disagrees with its label, printed whole)
            assert result.exit_code in (0, 1) and "observations:" in result.output, (page.name, observer_id, result.output)
            assert not any(seed in result.output for seed in SEEDS), (page.name, observer_id)
