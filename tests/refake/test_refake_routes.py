"""refake-people in a search's route: Gmail writes the words of a search percent-encoded in its links
(``#search/from%3Aada%40…``, ``#search/Ada%20Quorn``), and the sanitiser fakes them there; the re-faker finds each
fake there too (a review of session 36: a fake after a percent escape was left, an old fake beside new ones)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sanitize.refake_shapes import find, render
from tests.refake.conftest import captured, refake_people_on_one_page


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
    html = refake_people_on_one_page(tmp_path, cli, monkeypatch, page)
    assert old_email.replace("@", "%40") not in html and old_email not in html
    for word in old_name.split():
        assert not re.search(rf"(?<![A-Za-z]){word}(?![A-Za-z])", html), (word, html)
    assert {e["old"] for e in json.loads((tmp_path / "p.json").read_text())["emails"]} == {old_email}


def test_a_fake_written_with_an_encoded_dot_is_found_and_written_so_again() -> None:
    """Right after another encoded @ the sanitiser writes a fake's dot as %2E (``emails.fake_percent``: written plain,
    "12345678%40umber.russet" read as an address of its own on the next pass); the re-faker left such a fake."""
    text = "12345678%40umber%2Erusset%40example.org"
    hits = find(text)
    assert [u.old for h in hits for u in h.units] == ["umber.russet"]
    new = render(hits[0], lambda u: "corin.fallowby@example.net")
    assert new == "corin%2Efallowby%40example.net", new


def test_refake_people_leaves_no_old_fake_written_with_an_encoded_dot(tmp_path: Path, cli, monkeypatch) -> None:
    page = captured('<div role="main"><p>Ref 12345678%40ada%40corp.test</p></div>')
    written = re.search(r"%40([a-z]+%2E[a-z]+)%40example\.", page)
    assert written is not None, page
    html = refake_people_on_one_page(tmp_path, cli, monkeypatch, page)
    assert written.group(1) not in html and written.group(1).replace("%2E", ".") not in html, html
    assert re.search(r"12345678%40[a-z]+%2E[a-z]+%40example\.", html), html
