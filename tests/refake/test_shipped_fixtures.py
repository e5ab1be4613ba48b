"""refake-people then refake over a copy of the shipped fixtures: labels still agree, bench unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from attest_kit.cli import main
from bench.runner import run_bench
from labels.check import check_all
from sanitize.atcheck import check_files
from tests.refake.conftest import KEY, OTHER_KEY, snapshot, standing_alone


def _pages(root: Path) -> list[str]:
    return sorted(str(p) for p in (root / "fixtures/pages").glob("*/*/*.html"))


def _run(cli, root: Path, out: Path, key: str, monkeypatch) -> tuple[dict, dict]:
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", key)
    pages = _pages(root)
    labels = sorted(str(p) for p in (root / "fixtures/pages").glob("*/*/labels.json"))
    r1 = cli.invoke(main, ["refake-people", "--record", str(out / "people.json"), *pages, *labels])
    assert r1.exit_code == 0, r1.output
    r2 = cli.invoke(main, ["refake", "--record", str(out / "values.json"), *pages])
    assert r2.exit_code == 0, r2.output
    return json.loads((out / "people.json").read_text()), json.loads((out / "values.json").read_text())


def test_labels_and_bench_hold_and_no_old_fake_remains(repo_copy: Path, tmp_path: Path, cli, monkeypatch) -> None:
    before = [b.summary() for b in run_bench().observers]
    old_amounts = {p: p.read_text() for p in map(Path, _pages(repo_copy))}
    _, values = _run(cli, repo_copy, tmp_path, KEY, monkeypatch)
    assert [str(p) for p in check_all()] == []
    assert [b.summary() for b in run_bench().observers] == before
    assert check_files(_pages(repo_copy)) == {}
    replaced = values["replaced"]
    assert {r["kind"] for r in replaced} >= {"amount", "order", "card-ending", "street"}
    texts = [p.read_text() for p in (repo_copy / "fixtures/pages").glob("*/*/*")]
    for r in replaced:
        pat = standing_alone(r["old"])
        assert not any(pat.search(t) for t in texts), r["kind"]
    # a page was really rewritten, and its label's amount with it
    labels = json.loads((repo_copy / "fixtures/pages/gmail/2026-11-30/labels.json").read_text())
    shipped = json.loads((Path(__file__).resolve().parents[2] / "fixtures/pages/gmail/2026-11-30/labels.json").read_text())
    cents = lambda d: [o["fields"].get("amountCents") for e in d.values() for x in e["expected"] for o in x["observations"]]
    assert cents(labels) != cents(shipped)
    assert sum(old_amounts[p] != p.read_text() for p in old_amounts) >= 20


def test_same_key_same_bytes_other_key_no_shared_fake(repo_copy: Path, tmp_path: Path, cli, monkeypatch) -> None:
    import shutil

    pristine = tmp_path / "pristine"
    shutil.copytree(repo_copy / "fixtures", pristine)
    out_a, out_b, out_c = (tmp_path / n for n in "abc")
    for d in (out_a, out_b, out_c):
        d.mkdir()
    _, va = _run(cli, repo_copy, out_a, KEY, monkeypatch)
    first = snapshot(repo_copy / "fixtures")
    for key, out in ((KEY, out_b), (OTHER_KEY, out_c)):
        shutil.rmtree(repo_copy / "fixtures")
        shutil.copytree(pristine, repo_copy / "fixtures")
        _, v = _run(cli, repo_copy, out, key, monkeypatch)
        if key == KEY:
            assert snapshot(repo_copy / "fixtures") == first
            assert v == va
        else:
            new_a = {(r["kind"], r["old"]): r["new"] for r in va["replaced"]}
            new_b = {(r["kind"], r["old"]): r["new"] for r in v["replaced"]}
            assert new_a.keys() == new_b.keys()
            # every value with room for a fake (5+ random characters) differs under another key
            roomy = [k for k in new_a if sum(c.isalnum() for c in k[1]) >= 5]
            assert roomy and all(new_a[k] != new_b[k] for k in roomy)
