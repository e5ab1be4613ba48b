"""Defects a sentence-by-sentence trace of spec §2, §3 and §8.3 found (selectors 1.3.11).

- §3.5: still drawing is aria-busy on main, a shown grid or *an ancestor of either*: busy on <html>
  was passed over (the ancestor walk stops below it), and a week still drawing posted its window.
- §8.3: a first sighting is "every event the stored snapshot could not have seen": an event wholly after
  the range (a chip of next week left on a grid redrawn for this one) was an ordinary creation.
- §8.3: a change "another account" already held in its new state is a first sighting: each account's
  view leaves its own address out of the guests, so two accounts' views of one event never agreed.
- §4.4: a day key or a date no calendar day can be is a page fault (range.invalid, event.unreadable),
  not health.threw: "2905²" passed ``isdigit`` and ``int`` raised; "December 31, 9999" overflowed.
"""

from __future__ import annotations

from attest_kit.hashing import sha256_hex
from observers.gcal_event.step import step
from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_gcal_review_fixes import REVIEW, grid, health, page, row
from tests.gcal_event.test_gcal_step import ACC, at, event, kinds, record, snap


def test_aria_busy_on_the_html_element_is_a_page_still_drawing():
    html = page(grid(row({"29054": REVIEW}))).replace("<html>", '<html aria-busy="true">')
    posted = posted_for(html)
    assert health(posted) == ("OK", [])
    assert posted["windows"] == [] and posted["snapshot"] is None and posted["accountHash"] is None


def test_an_event_wholly_after_the_range_is_a_first_sighting():
    base = record(snap(at(0), [event()]))
    later = event("e2", start="2026-12-20T18:00:00.000Z", end="2026-12-20T19:00:00.000Z", days=())
    assert kinds(step(base, snap(at(1), [event(), later]))) == [("calendar.created", True)]


def test_the_posted_days_of_an_event_after_the_range_are_empty_and_it_is_still_read():
    chip = ('<div role="button" data-eventid="bGF0ZQ"><div>10am to 11am, Later call, Dana Whitfield, Accepted, '
            'No location, December 20, 2026</div><div aria-hidden="true">Later call</div></div>')
    # in main, in no day cell (1.3.48: in a day's cell, a chip whose sentence misses that day is unreadable)
    posted = posted_for(page(grid(row({"29054": REVIEW})) + f"<div>{chip}</div>"))
    assert health(posted) == ("OK", [])
    assert {e["title"]: e["days"] for e in posted["snapshot"]["events"]}["Later call"] == []


def test_a_change_another_accounts_view_already_held_is_a_first_sighting_whatever_its_guests():
    me, them = "dana.whitfield@example.com", "sam.okafor@example.org"
    shared = ["omar@example.org"]
    # both accounts are guests: each view counts all three (its own account included) and lists the other two
    base = record(snap(at(0), [event(guests=[them, *shared], count=3)]))
    # the other account's view leaves its own address out and names this account instead
    theirs = record(snap(at(0, 30), [event(title="Renamed", guests=[me, *shared], count=3)],
                         account=sha256_hex(them)))
    result = step(base, snap(at(1), [event(title="Renamed", guests=[them, *shared], count=3)]), others=[theirs])
    assert kinds(result) == [("calendar.created", True)]
    # a guest set that differs beyond the two accounts is another state
    other_guests = record(snap(at(0, 30), [event(title="Renamed", guests=[me], count=2)], account=sha256_hex(them)))
    result = step(base, snap(at(1), [event(title="Renamed", guests=[them, *shared], count=3)]), others=[other_guests])
    assert kinds(result) == [("calendar.updated", False)]
    assert ACC == sha256_hex(me)


def test_a_day_key_with_a_digit_python_cannot_read_is_range_invalid():
    html = page(grid(row())).replace('data-datekey="29058"', 'data-datekey="2905\u00b2"')
    assert health(posted_for(html)) == ("DEGRADED", ["range.invalid"])


def test_a_date_past_the_last_calendar_day_is_unreadable():
    chip = ('<div data-eventid="eTk"><div role="button"><div>All day, Far future, Dana Whitfield, No location, '
            'December 31, 9999</div><div aria-hidden="true">Far future</div></div></div>')
    assert health(posted_for(page(grid(row({"29057": chip}))))) == ("DEGRADED", ["event.unreadable"])


# --- statements the trace found implemented but untested (each test fails when its rule is removed) ---

def test_aria_busy_on_an_element_between_main_and_a_grid_is_still_drawing():
    html = page('<div aria-busy="true">' + grid(row({"29054": REVIEW})) + "</div>")
    posted = posted_for(html)
    assert health(posted) == ("OK", []) and posted["windows"] == [] and posted["snapshot"] is None


def test_the_guest_hash_lowercases_ascii_letters_only():
    from observers.gcal_event.snapshot import guest_hash
    assert guest_hash("\u00c5MY@Example.net") == sha256_hex("\u00c5my@example.net")


def test_a_calendar_row_cuts_its_subject_hint_to_80_code_points():
    title = "\U0001f389" + "Planning session " * 8  # a supplementary-plane character first
    chip = (f'<div role="button" data-eventid="bG9uZw"><div>3pm to 3:30pm, {title.strip()}, Dana Whitfield, Accepted, '
            f'No location, November 30, 2026</div><div aria-hidden="true">{title.strip()}</div></div>')
    html = page(grid(row({"29054": chip}))).replace("dana.whitfield@example.com", "").replace(
        "Google Account: Dana Whitfield\n()", "Google Account")
    posted = posted_for(html)
    [row_] = posted["observations"]
    assert len(row_["fields"]["subjectHint"]) == 80 and row_["fields"]["subjectHint"] == title.strip()[:80]


def test_the_other_account_seen_as_a_tagged_guest_is_left_out_of_the_comparison():
    # A held-out sequence audit: the other account, a guest under a +tag address on this view, is left out
    # of that account's own view ("any case, a +tag"), so the two never agreed and a change the other view
    # already held was derived as a timely update (an agent active now could be named for it).
    them, tagged = "sam.okafor@example.org", "Sam.Okafor+rota@example.org"
    shared = ["omar@example.org"]
    base = record(snap(at(0), [event(guests=[tagged, *shared])]))
    # each view counts every guest its label names, its own spelling too
    theirs = record(snap(at(0, 30), [event(title="Renamed", guests=shared, count=2)], account=sha256_hex(them)))
    result = step(base, snap(at(1), [event(title="Renamed", guests=[tagged, *shared])]), others=[theirs])
    assert kinds(result) == [("calendar.created", True)]


def test_this_account_seen_as_a_tagged_guest_on_the_other_view_is_left_out_too():
    # The other direction (the audit's sequence): the other view names this account under a +tag, which it
    # records only as a hash; this view left its own account out.
    me_tagged, them = "dana.whitfield+rota@example.com", "sam.okafor@example.org"
    shared = ["omar@example.org"]
    base = record(snap(at(0), [event(guests=[them, *shared], count=3)]))
    theirs = record(snap(at(0, 30), [event(title="Renamed", guests=[me_tagged, *shared], count=3)],
                         account=sha256_hex(them)))
    result = step(base, snap(at(1), [event(title="Renamed", guests=[them, *shared], count=3)]), others=[theirs])
    assert kinds(result) == [("calendar.created", True)]
    # two guests more on one side is another state
    more = record(snap(at(0, 30), [event(title="Renamed", guests=[me_tagged, "x@example.org", *shared], count=4)],
                       account=sha256_hex(them)))
    result = step(base, snap(at(1), [event(title="Renamed", guests=[them, *shared], count=3)]), others=[more])
    assert kinds(result) == [("calendar.updated", False)]


def test_a_guest_removed_after_the_other_account_read_the_event_is_a_timely_update():
    # A review of the rule above: the other view's one extra guest was taken for this account under a +tag when
    # it was a guest removed after that view was read: the older state passed for the new one.
    me, them, lena = "dana.whitfield@example.com", "sam.okafor@example.org", "lena.park@example.org"
    base = record(snap(at(0), [event(guests=[them, lena], count=3)]))
    theirs_old = record(snap(at(0, 10), [event(guests=[me, lena], count=3)], account=sha256_hex(them)))
    result = step(base, snap(at(1), [event(guests=[them], count=2)]), others=[theirs_old])
    assert kinds(result) == [("calendar.updated", False)]


def test_another_accounts_view_with_the_same_guests_holds_the_state_whatever_this_accounts_count():
    """A randomized step audit of 2026-12-01 (84,944 steps against an oracle written from §8.3): another
    account's view held the retitled event with the same guests, and this account accepted the invitation
    after that read (its own guest count 1 → 2). The counts were required to agree, so the change was a
    timely update an agent active at this pass could be named for. The counts need to agree only where one
    guest more on the other view is taken for this account (1.3.18's reason); with the same guests, left
    out both accounts, the other view held the new state."""
    them = sha256_hex("other@example.com")
    base = record(snap(at(0), [event(guests=["a@x.com"], count=1)]))
    theirs = record(snap(at(0, 30), [event(title="v2", guests=["a@x.com"], count=1)], account=them))
    result = step(base, snap(at(1), [event(title="v2", guests=["a@x.com"], count=2)]), others=[theirs])
    assert kinds(result) == [("calendar.created", True)]
    # one guest more on the other view, counts differing: an older state may pass for the new one, as before
    wider = record(snap(at(0, 30), [event(title="v2", guests=["a@x.com", "b@x.com"], count=2)], account=them))
    result = step(base, snap(at(1), [event(title="v2", guests=["a@x.com"], count=3)]), others=[wider])
    assert kinds(result) == [("calendar.updated", False)]


def test_the_other_account_leaving_after_its_read_is_an_update_it_did_not_hold():
    """An end-of-day review of 1.3.49: the same guests on both views, both accounts left out, also held when
    the other account was a guest at its read and left after it: that view held the old guest set, and the
    update was taken for one it already held. The other account's presence then is told by its count (its
    own address is not in its hashes) and must be its presence now."""
    me, them, lena = "dana.whitfield@example.com", "sam.okafor@example.org", "lena.park@example.org"
    base = record(snap(at(0), [event(guests=[them, lena], count=3)]))
    theirs = record(snap(at(0, 10), [event(guests=[me, lena], count=3)], account=sha256_hex(them)))
    result = step(base, snap(at(1), [event(guests=[lena], count=2)]), others=[theirs])
    assert kinds(result) == [("calendar.updated", False)]


def test_views_whose_counts_leave_their_own_account_out_still_hold_the_same_state():
    """A review of 1.3.52: whether a view's guest list names its own account is not known (the week grid
    names no guests); with counts that agree, the rule of 1.3.18 decides, as it did before 1.3.49. Here
    each view counts only the guests it lists, and the other view held the new state: a first sighting."""
    me, them = "dana.whitfield@example.com", "sam.okafor@example.org"
    base = record(snap(at(0), [event(guests=[them, "omar@example.org"])]))
    theirs = record(snap(at(0, 30), [event(title="Renamed", guests=[me, "omar@example.org"])], account=sha256_hex(them)))
    result = step(base, snap(at(1), [event(title="Renamed", guests=[them, "omar@example.org"])]), others=[theirs])
    assert kinds(result) == [("calendar.created", True)]
