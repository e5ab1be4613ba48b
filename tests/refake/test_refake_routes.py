"""refake-people in a search's route: Gmail writes the words of a search percent-encoded in its links
(``#search/from%3Aada%40…``, ``#search/Ada%20Quorn``), and the sanitiser fakes them there; the re-faker finds each
fake there too (a review of session 36: a fake after a percent escape was left, an old fake beside new ones)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from attest_kit.cli import main
from sanitize.refake_shapes import find
from tests.refake.conftest import KEY, captured, entry, folder


@pytest.mark.parametrize("route, units", [
    ("#search/from%3Asaffron.ember%40example.org", ["saffron.ember"]),
    ("#search/to%3Asaffron.ember%40example.org%20Corin", ["saffron.ember", "corin"]),
    ("#search/Corin%20Fallowby", ["corin", "fallowby"]),
    ("#search/%E6%8B%85%E5%BD%93Corin%20Fallowby", ["corin", "fallowby"]),
    # an address with a plain @ right after an escape, where the sanitiser now starts one (``emails._LOCAL_START``)
    ("#search/from%3Asaffron.ember@example.org", ["saffron.ember"]),
    ("x%20saffron.ember＠example.org", ["saffron.ember"]),
])
def test_find_reads_the_fakes_after_a_percent_escape(route: str, units: list[str]) -> None:
    assert [u.old for h in find(route) for u in h.units] == units


def test_refake_people_leaves_no_old_fake_in_a_search_route(tmp_path: Path, cli, monkeypatch) -> None:
    page = captured('<div role="main"><span email="ada.quorn@corp.test" name="Ada Quorn">Ada Quorn</span>'
                    '<a href="#search/from%3Aada.quorn%40corp.test">s</a><a href="#search/Ada%20Quorn">n</a></div>')
    span = re.search(r'email="([^"]+)" name="([^"]+)"', page)
    assert span is not None
    old_email, old_name = span.groups()
    assert f"%3A{old_email.replace('@', '%40')}" in page and old_name.replace(" ", "%20") in page
    base = folder(tmp_path, {"s.html": page}, {"s.html": entry(observer="gmail.sent")})
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    r = cli.invoke(main, ["refake-people", "--record", str(tmp_path / "p.json"), str(base / "s.html")])
    assert r.exit_code == 0, r.output
    html = (base / "s.html").read_text()
    assert old_email.replace("@", "%40") not in html and old_email not in html
    for word in old_name.split():
        assert not re.search(rf"(?<![A-Za-z]){word}(?![A-Za-z])", html), (word, html)
    assert {e["old"] for e in json.loads((tmp_path / "p.json").read_text())["emails"]} == {old_email}
