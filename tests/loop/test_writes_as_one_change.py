"""Commands that write several files write them as one change (a user-journey audit, 2026-12-03).

`refake` over a folder it could not write left 28 pages re-faked, their labels.json not and the record
written; `check --update-versions` rewrote the folders before the one it could not write. A write that
fails part-way now leaves every file as it was. The failure is made by refusing the write of one target
(the tests run as root, whom a read-only folder does not stop).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from attest_kit import fsio
from attest_kit.cli import main
from tests.refake.conftest import KEY


def _refuse_writes_into(monkeypatch, folder: Path) -> None:
    real = fsio._stage

    def stage(target: Path, data: bytes, private: bool) -> str:
        if target.parent.resolve() == folder.resolve():
            raise PermissionError(13, "Permission denied")
        return real(target, data, private)
    monkeypatch.setattr(fsio, "_stage", stage)


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_refake_that_cannot_write_one_folder_changes_nothing(repo_copy, cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    pages = sorted(str(p) for p in (repo_copy / "fixtures/pages").glob("*/*/*.html"))
    before = _snapshot(repo_copy / "fixtures")
    _refuse_writes_into(monkeypatch, repo_copy / "fixtures/pages/gcal/2026-11-30")
    record = tmp_path / "values.json"
    result = cli.invoke(main, ["refake", "--record", str(record), *pages])
    assert result.exit_code == 3 and "cannot write" in result.output and "Traceback" not in result.output
    assert _snapshot(repo_copy / "fixtures") == before
    assert not record.exists()
    assert not [p for p in (repo_copy / "fixtures").rglob(".*.tmp")]


def test_refake_people_that_cannot_write_its_labels_changes_nothing(repo_copy, cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    folder = repo_copy / "fixtures/pages/gmail/2026-11-30"
    before = _snapshot(repo_copy / "fixtures")
    real = fsio._stage

    def stage(target: Path, data: bytes, private: bool) -> str:
        if target.name == "labels.json":
            raise OSError(28, "No space left on device")
        return real(target, data, private)
    monkeypatch.setattr(fsio, "_stage", stage)
    record = tmp_path / "people.json"
    result = cli.invoke(main, ["refake-people", "--record", str(record), *map(str, sorted(folder.glob("*.html"))),
                               str(folder / "labels.json")])
    assert result.exit_code == 3 and "labels.json" in result.output, result.output
    assert _snapshot(repo_copy / "fixtures") == before and not record.exists()


def test_check_update_versions_that_cannot_write_one_folder_changes_nothing(repo_copy, cli, monkeypatch):
    files = sorted((repo_copy / "fixtures/pages").glob("*/*/labels.json"))
    assert len(files) >= 2
    stale = {f: f.read_text(encoding="utf-8") for f in files}
    for f, text in stale.items():  # every folder's labels behind the current versions
        f.write_text(re.sub(r"(gcal\.event|gmail\.sent|gmail\.receipt)@[0-9.]+", r"\1@0.0.1", text), encoding="utf-8")
    before = {f: f.read_bytes() for f in files}
    assert all(before[f] != stale[f].encode() for f in files)
    _refuse_writes_into(monkeypatch, files[-1].parent)
    result = cli.invoke(main, ["check", "-q", "--update-versions"])
    assert result.exit_code == 3 and "cannot write" in result.output, result.output
    assert {f: f.read_bytes() for f in files} == before


@pytest.mark.parametrize("fail_at", [0, 1, 2])
def test_atomic_write_all_leaves_no_target_changed_and_no_temporary_file(tmp_path, monkeypatch, fail_at):
    targets = [tmp_path / "a" / "one.json", tmp_path / "b" / "two.html", tmp_path / "b" / "three.txt"]
    for t in targets:
        t.parent.mkdir(exist_ok=True)
        t.write_bytes(b"old")
    real = fsio._stage

    def stage(target: Path, data: bytes, private: bool) -> str:
        if target == targets[fail_at]:
            raise OSError(5, "Input/output error")
        return real(target, data, private)
    monkeypatch.setattr(fsio, "_stage", stage)
    with pytest.raises(fsio.BadInput, match="cannot write: Input/output error"):
        fsio.atomic_write_all([(t, b"new", False) for t in targets])
    assert [t.read_bytes() for t in targets] == [b"old"] * 3
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["one.json", "three.txt", "two.html"]
    monkeypatch.setattr(fsio, "_stage", real)
    fsio.atomic_write_all([(t, b"new", i == 0) for i, t in enumerate(targets)])
    assert [t.read_bytes() for t in targets] == [b"new"] * 3
    assert targets[0].stat().st_mode & 0o777 == 0o600


def test_a_target_that_is_a_folder_is_refused_before_any_file_is_written(tmp_path):
    """A review: the staging step passed a target that is a folder, and its rename then failed after the files
    before it were in place (a raw IsADirectoryError)."""
    first, folder = tmp_path / "one.json", tmp_path / "two.json"
    first.write_bytes(b"old")
    folder.mkdir()
    with pytest.raises(fsio.BadInput, match="two.json.*cannot write: it is a folder"):
        fsio.atomic_write_all([(first, b"new", False), (folder, b"new", False)])
    assert first.read_bytes() == b"old" and folder.is_dir() and sorted(tmp_path.iterdir()) == sorted([first, folder])


def test_a_rename_that_fails_is_bad_input_naming_what_was_written(tmp_path, monkeypatch):
    targets = [tmp_path / "a.txt", tmp_path / "b.txt"]
    real = fsio.os.replace

    def replace(src, dst):
        if str(dst).endswith("b.txt"):
            raise OSError(5, "Input/output error")
        return real(src, dst)
    monkeypatch.setattr(fsio.os, "replace", replace)
    with pytest.raises(fsio.BadInput, match=r"b.txt.*after 1 of 2 files were written"):
        fsio.atomic_write_all([(t, b"new", False) for t in targets])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]  # no temporary file left
