"""Small fixture folders for the re-fakers: invented values and fixed public test keys only."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sanitize.pipeline import sanitize_page
from sanitize.scripts import WORD_NOT_CJK

#: Fixed public test keys: the "old" capture's seed and two "capture keys" (never real ones).
OLD_KEY = b"attest-kit-test-key-0"
KEY = "attest-kit-test-key-refake-A"
OTHER_KEY = "attest-kit-test-key-refake-B"
GMAIL = "https://mail.google.com/mail/u/0/#inbox/18d3a1c0de0000ff"


def entry(url: str = GMAIL, observations: list[dict] | None = None, observer: str = "gmail.receipt") -> dict:
    return {
        "capturedAt": "2026-11-30",
        "selectorsVersion": None,
        "seededSecrets": [],
        "page": {"view": "conversation", "url": url, "timeZone": "UTC", "readAt": "2026-11-30T20:00:00.000Z",
                 "account": None},
        "expected": [{"observer": observer, "health": {"status": "OK", "reasons": []},
                      "observations": observations or [], "windows": []}],
        "notes": "",
    }


def folder(root: Path, pages: dict[str, str], labels: dict[str, dict]) -> Path:
    """fixtures/pages/gmail/2026-11-30 under ``root`` with these pages and this labels.json."""
    base = root / "fixtures/pages/gmail/2026-11-30"
    base.mkdir(parents=True, exist_ok=True)
    for name, html in pages.items():
        (base / name).write_text(html, encoding="utf-8")
    (base / "labels.json").write_text(json.dumps(labels, indent=2) + "\n", encoding="utf-8")
    return base


def captured(body: str, **kw) -> str:
    """A page as the real sanitiser writes it with the old (public test) key."""
    return sanitize_page(f"<!doctype html><html><head></head><body>{body}</body></html>",
                         page_url=kw.pop("page_url", GMAIL), key=OLD_KEY, seeded=[], **kw).html


def refake_people_on_one_page(tmp_path: Path, cli, monkeypatch, page: str) -> str:
    """``refake-people`` with the capture key over one gmail.sent page in a fixture folder under ``tmp_path``
    (its record in ``tmp_path/p.json``): the page it writes."""
    from attest_kit.cli import main

    base = folder(tmp_path, {"s.html": page}, {"s.html": entry(observer="gmail.sent")})
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    r = cli.invoke(main, ["refake-people", "--record", str(tmp_path / "p.json"), str(base / "s.html")])
    assert r.exit_code == 0, r.output
    return (base / "s.html").read_text()


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def standing_alone(old: str) -> re.Pattern[str]:
    """``old`` where no word character (but a CJK one) or '-' is glued to a word edge (how the re-fakers replace)."""
    head = rf"(?<!{WORD_NOT_CJK})(?<!-)" if old[0].isalnum() else ""
    tail = rf"(?!{WORD_NOT_CJK}|-)" if old[-1].isalnum() else ""
    return re.compile(head + re.escape(old) + tail)
