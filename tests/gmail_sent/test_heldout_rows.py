"""Minimal pages of a held-out audit of the Sent list's rows (selectors 1.2.8); each expectation was
written from the spec (§8.1) before the observer ran, and each page failed before its fix.

M1: a recipient whose address is only in its ``title`` (no ``name``) was not a recipient: the row lost
it and the window vouched for the send. M2: a recipient with a ``name`` and no address was dropped the
same way; it must not read (DEGRADED, no window). M3/M4: a message count with an invisible format
character beside it (a right-to-left mark, a zero-width space) was not read as a count, so a
conversation posted as one message. M5 (a guard, it read before too): the same count on the only row.
A review of the fix: a chip in the subject cell whose title holds an "@" (a label "@Action", an
attachment "logo@2x.png") is no person there, and the row still reads.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from observers.run import PassInput, run_pass

HERE = Path(__file__).with_name("heldout_pages")
NOW = datetime(2026, 11, 30, 22, 30, tzinfo=timezone.utc)
SENT = "https://mail.google.com/mail/u/0/#sent"


def _posted(name: str) -> dict:
    html = (HERE / f"{name}.html").read_text(encoding="utf-8")
    return run_pass(html, "gmail.sent", PassInput(SENT, "America/Los_Angeles", NOW, {})).posted()


def _rows(posted: dict) -> list[list[str]]:
    return sorted([o["fields"]["counterparty"], o["fields"]["occurredAt"]] for o in posted["observations"])


def _windows(posted: dict) -> list[list[str]]:
    return [[w["windowStart"], w["windowEnd"]] for w in posted["windows"]]


def test_a_recipient_named_by_its_title_alone_is_a_recipient():
    posted = _posted("M1_title_only_recipient")
    assert posted["health"]["status"] == "OK"
    assert _rows(posted) == [["lena.park@example.org", "2026-11-30T19:42:00.000Z"],
                             ["omar.haddad@example.net", "2026-11-30T19:42:00.000Z"]]
    assert _windows(posted) == [["2026-11-30T19:43:00.000Z", "2026-11-30T22:30:00.000Z"]]


def test_a_recipient_with_a_name_and_no_address_does_not_read():
    posted = _posted("M2_name_only_recipient")
    assert posted["health"]["status"] == "DEGRADED"
    assert _windows(posted) == []


@pytest.mark.parametrize("name", ["M3_count_rlm", "M4_count_zwsp", "M5_count_lrm_alone"])
def test_a_count_beside_an_invisible_format_character_is_a_count(name: str):
    posted = _posted(name)
    assert posted["health"]["status"] == "OK"
    assert posted["observations"] == []
    assert _windows(posted) == [["2026-11-30T22:04:00.000Z", "2026-11-30T22:30:00.000Z"]]


@pytest.mark.parametrize("chip", ['<span title="@Action">@Action</span>', '<span title="logo@2x.png">logo@2x.png</span>'])
def test_a_chip_in_the_subject_cell_whose_title_holds_an_at_is_no_recipient(chip: str):
    html = (HERE / "M1_title_only_recipient.html").read_text(encoding="utf-8")
    snippet = '<span class="Hg X5" style="display:inline;visibility:visible"> - Thanks, see the notes below</span>'
    assert snippet in html
    html = html.replace(snippet, snippet + chip, 1)
    posted = run_pass(html, "gmail.sent", PassInput(SENT, "America/Los_Angeles", NOW, {})).posted()
    assert posted["health"]["status"] == "OK"
    assert _rows(posted) == [["lena.park@example.org", "2026-11-30T19:42:00.000Z"],
                             ["omar.haddad@example.net", "2026-11-30T19:42:00.000Z"]]


def test_a_row_whose_only_recipient_is_known_by_its_title_reads():
    posted = _posted("46_title_only_sole")
    assert posted["health"]["status"] == "OK"
    assert ["lena.park@example.org", "2026-11-30T19:42:00.000Z"] in _rows(posted)
    assert _windows(posted) == [["2026-11-27T16:11:00.000Z", "2026-11-30T22:30:00.000Z"]]
