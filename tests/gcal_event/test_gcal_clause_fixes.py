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
