"""A folder where a command wants a file is bad input (exit 3, one line naming it), for every command.

A user-journey audit (2026-12-03): `at-check`, `sanitize` (its input and `-o`), `refake` (a page and
`--record`), `refake-people` and `ledger replay` answered a folder with Click's usage error (exit 2), where
`observe`, `label` and `check` said "is a folder" with exit 3 (DESIGN.md: a file that cannot be read is bad
input). A folder named like the file it replaces is what a user mistypes.
"""

from __future__ import annotations

import pytest

from attest_kit.cli import main
from tests.conftest import GMAIL_FOLDER

PAGE = str(GMAIL_FOLDER / "synthetic-sent-head.html")


@pytest.mark.parametrize("args", [
    lambda d, t: ["at-check", str(d)],
    lambda d, t: ["sanitize", str(d), "-o", str(t / "out.html"), "--page-url", "https://mail.google.com/mail/u/0/"],
    lambda d, t: ["sanitize", PAGE, "-o", str(d), "--page-url", "https://mail.google.com/mail/u/0/"],
    lambda d, t: ["refake", "--record", str(t / "r.json"), str(d)],
    lambda d, t: ["refake", "--record", str(d), PAGE],
    lambda d, t: ["refake-people", "--record", str(t / "r.json"), str(d)],
    lambda d, t: ["ledger", "replay", str(d)],
    lambda d, t: ["sanitize", PAGE, "-o", str(t / "out.html"), "--page-url", "https://mail.google.com/mail/u/0/",
                  "--key-file", str(d)],
], ids=["at-check", "sanitize-in", "sanitize-out", "refake-page", "refake-record", "refake-people", "ledger-replay",
        "sanitize-key-file"])
def test_a_folder_given_as_a_file_is_one_clear_line_and_exit_3(cli, tmp_path, monkeypatch, args):
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", "attest-kit-test-key-folder-as-file")
    folder = tmp_path / "mistyped.html"
    folder.mkdir()
    (tmp_path / "work").mkdir()
    result = cli.invoke(main, args(folder, tmp_path / "work"))
    assert result.exit_code == 3, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and "mistyped.html" in lines[0], result.output
    assert "Traceback" not in result.output
    assert list((tmp_path / "work").iterdir()) == [] and list(folder.iterdir()) == []
    # the fault named, not another one, in the same words everywhere (read after the path: the test's own folder
    # names hold "folder"); at-check, ledger replay and the key file said "cannot read: Is a directory" (session 39)
    problem = lines[0].split("mistyped.html", 1)[1]
    assert "is a folder" in problem and "Is a directory" not in problem, lines[0]
