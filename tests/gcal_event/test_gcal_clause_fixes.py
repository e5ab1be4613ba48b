"""gcal.event: findings of a clause-by-clause audit of spec §8.3 and §2–§3 (2026-12-01, 83 hand-built pages).

A title holding a control character is no line (§2.1: "text holding one is not a name"), so project() refuses
the row that carries it. With no account on the page the pass posts that row itself and the refusal voids its
coverage (§3.2). With an account it posts no rows: the service worker derives them from the snapshot (§8.3),
and the first look at a range makes every event a first sighting, so the same title is refused there, the pass
is refused and the range restarts, again on every pass. The pass had read OK, posted a window and a snapshot
holding the title, and the ledger named the failure `ledger.invalid_input`, which says the observer is at fault.
The pass now checks the rows the ledger will derive: `redact.invalid_field`, no window, no snapshot.
"""

from __future__ import annotations

import pytest

from tests.gcal_event.test_gcal_review_fixes import REVIEW, health, posted_for, two_grids

BELL = REVIEW.replace("Design review", "Bell\x07ring")


def test_a_title_holding_a_control_character_voids_the_pass_on_a_page_with_an_account() -> None:
    posted = posted_for(two_grids(timed={"29054": BELL}))
    assert health(posted) == ("DEGRADED", ["redact.invalid_field"])
    assert posted["windows"] == [] and posted["snapshot"] is None
    assert posted["observations"] == []  # the ledger derives the rows of a page with an account


def test_the_same_title_on_a_page_with_no_account_is_refused_and_the_other_rows_are_posted() -> None:
    from tests.gcal_event.test_gcal_review_fixes import BANNER, HOLIDAY
    posted = posted_for(two_grids(all_day={"29057": HOLIDAY}, timed={"29054": BELL}).replace(BANNER, ""))
    assert health(posted) == ("DEGRADED", ["redact.invalid_field"])
    assert posted["windows"] == [] and posted["snapshot"] is None
    assert [o["fields"].get("subjectHint") for o in posted["observations"]] == ["Holiday"]


def test_a_clean_title_on_a_page_with_an_account_still_reads() -> None:
    posted = posted_for(two_grids())
    assert health(posted) == ("OK", []) and posted["windows"] and posted["snapshot"] is not None
    assert posted["observations"] == []


def test_a_guest_project_refuses_voids_the_pass_whichever_guest_it_is() -> None:
    """A review of the first draft: only a first look's rows were checked, which name each event's first guest;
    an update names the first guest it added, any of them, so a later guest project() refuses passed the page and
    the ledger refused the pass. Every guest is checked as the counterparty it may become."""
    def chip(guests: str) -> str:
        sentence = f"3pm to 3:30pm, Sync, Dana Whitfield, Accepted, Guests: {guests}, No location, November 30, 2026"
        return f'<div role="button" data-eventid="ZXYx"><div>{sentence}</div><div aria-hidden="true">Sync</div></div>'
    fine = posted_for(two_grids(timed={"29054": chip("a.valid@example.com, z.valid@example.com")}))
    assert health(fine) == ("OK", []) and fine["snapshot"] is not None
    later_bad = posted_for(two_grids(timed={"29054": chip("a.valid@example.com, z\x01bad@example.com")}))
    assert health(later_bad) == ("DEGRADED", ["redact.invalid_field"])
    assert later_bad["windows"] == [] and later_bad["snapshot"] is None


# A benign-mutation audit (7,659 passes over every fixture): a word split across nodes was not read whole, so a
# "2 more" control written `2 mo<span>re</span>` hid no day, and a zone hint written `G<span>MT-05</span>` was not
# seen: a page drawn in another zone read OK, every event placed hours off. The reader takes the innermost element
# whose whole text is the word.

from pathlib import Path  # noqa: E402

_FIXTURES = Path(__file__).resolve().parents[2] / "fixtures/pages/gcal/2026-11-30"


def _fixture(name: str) -> str:
    return (_FIXTURES / name).read_text(encoding="utf-8")


def test_an_n_more_control_whose_word_is_split_still_hides_its_day() -> None:
    html = _fixture("synthetic-week-more.html")
    whole = posted_for(html)
    for split in (" mo<span>re</span>", " mo<!---->re", "<span> m</span>ore"):
        mutated = html.replace(" more<", split + "<", 1)
        assert mutated != html
        assert posted_for(mutated)["windows"] == whole["windows"], split


def test_a_zone_hint_split_across_nodes_is_still_read() -> None:
    mismatch = _fixture("synthetic-week-zone-mismatch.html")
    week = _fixture("synthetic-week.html")
    for split in ("G<span>MT-0", "GM<!---->T-0", "<span>GMT</span>-0"):
        hidden = mismatch.replace(">GMT-0", ">" + split)
        assert hidden != mismatch
        assert health(posted_for(hidden)) == health(posted_for(mismatch)) and health(posted_for(mismatch))[0] == "DEGRADED"
        normal = week.replace(">GMT-0", ">" + split)
        assert normal != week
        assert health(posted_for(normal)) == ("OK", []), split


@pytest.mark.parametrize("hint, zone, status", [
    ("<span>GMT-0</span><span>8</span>", "America/Los_Angeles", "OK"),
    ("<span>GMT+05</span><span>:30</span>", "Asia/Kolkata", "OK"),
    ('<span>GMT-0<span style="display:none">8</span></span>', "America/Los_Angeles", "DEGRADED"),
    ('GMT-08<span style="display:none">:30</span>', "America/Los_Angeles", "OK"),
])
def test_a_split_hint_is_read_once_whole_and_as_drawn(hint: str, zone: str, status: str) -> None:
    """A review of 1.3.37's first draft: a hint split after a piece that reads alone ("GMT+05" then ":30") gave two
    offsets (time_zone.ambiguous), and the climb read hidden text into the hint ("GMT-0" drawn, "-08" read: OK in
    the wrong zone). One run of inline text is one hint, the outermost reading, of the text the page draws."""
    from tests.gcal_event.helpers import READ_AT
    html = _fixture("synthetic-week.html").replace(">GMT-08<", f">{hint}<")
    assert hint in html
    posted = posted_for(html, zone=zone, instant=READ_AT)
    assert posted["health"]["status"] == status, posted["health"]
