"""Each rule of spec §8.1 on a page built for it; each case fails without its rule."""

from __future__ import annotations

from datetime import datetime, timezone

from observers.run import PassInput, run_pass
from observers.shared.own_address import is_own_address, mailbox_key
from observers.shared.route import parse_route
from tests.fixture_builders.gmail_sent_pages import DANIEL, LENA, NNBSP, OWN, ListPage, Row, build, t

NOW = datetime(2026, 11, 30, 22, 30, tzinfo=timezone.utc)
TZ = "America/Los_Angeles"


def run(rows, route="#sent", **kw):
    page = ListPage("synthetic-test.html", route, rows, **kw)
    return run_pass(build(page), "gmail.sent",
                    PassInput("https://mail.google.com/mail/u/0/" + route, TZ, NOW)).posted()


def row(people, last, clock="1:00 PM", day="Mon, Nov 30, 2026", **kw):
    return Row(people, "Subject", t(day, clock), clock.replace(" ", NNBSP), last, **kw)


def counterparties(posted):
    return [o["fields"]["counterparty"] for o in posted["observations"]]


def test_route_decides_the_view():
    assert run([row([DANIEL], "a" * 16)], route="#inbox")["health"] == {"status": "IDLE", "reasons": ["not_sent_folder"]}
    assert run([row([DANIEL], "a" * 16)], route="#sent/18d2f0a1b2c3d4e5")["health"]["reasons"] == ["not_sent_list"]
    assert run([row([DANIEL], "a" * 16)], route="#label/sent")["health"]["reasons"] == ["not_sent_folder"]
    assert parse_route("https://x/#sent?compose=new").folder == "sent"


def test_a_count_marks_a_conversation_and_pushes_the_window():
    rows = [row([DANIEL], "a" * 16, "2:00 PM", count="2"), row([LENA], "b" * 16, "1:00 PM")]
    posted = run(rows)
    assert counterparties(posted) == ["lena.park@example.org"]
    assert posted["windows"] == [{"windowStart": "2026-11-30T22:01:00.000Z", "windowEnd": "2026-11-30T22:30:00.000Z"}]


def test_a_count_beside_one_id_contradicts_it_and_the_row_is_not_timed():
    posted = run([row([DANIEL], "a" * 16, count="3"), row([LENA], "b" * 16, "12:00 PM")])
    assert "daniel.okafor@example.com" not in counterparties(posted)


def test_draft_first_mail_is_single_only_on_a_list_that_draws_counts():
    draft_first = row([DANIEL], "a" * 16, "2:00 PM", thread="c" * 16)
    with_counts = run([draft_first, row([LENA], "b" * 16, "1:00 PM", count="2")])
    without = run([draft_first, row([LENA], "b" * 16, "1:00 PM")])
    assert "daniel.okafor@example.com" in counterparties(with_counts)
    assert "daniel.okafor@example.com" not in counterparties(without)


def test_a_draft_on_a_thread_is_a_conversation():
    posted = run([row([DANIEL], "a" * 16, non_draft="d" * 16, draft=True)])
    assert posted["observations"] == []


def test_the_account_is_left_out_in_any_spelling_and_narrows_the_window():
    own_dots = ("Priya", "Priya.Raman+x@example.com")
    posted = run([row([DANIEL, own_dots], "a" * 16, "2:00 PM"), row([LENA], "b" * 16, "1:00 PM")])
    assert counterparties(posted) == ["daniel.okafor@example.com", "lena.park@example.org"]
    assert posted["windows"][0]["windowStart"] == "2026-11-30T22:01:00.000Z"
    assert is_own_address("p.r.iyaraman+x@GMAIL.com", "priyaraman@gmail.com")
    assert not is_own_address("p.riya@example.com", "priya@example.com")


def test_an_international_domain_is_own_in_any_case_and_in_its_ascii_form():
    """Spec §8.1: "any spelling Gmail delivers to it (any case …)". A domain's case is no part of a mailbox in
    any script, and xn--bcher-kva is how DNS spells bücher: the account's mailbox was posted as a recipient,
    and the window not narrowed, when a row spelled its domain either way."""
    assert is_own_address("ada@BÜCHER.example", "ada@bücher.example")
    assert is_own_address("ada@xn--bcher-kva.example", "ada@bücher.example")
    assert is_own_address("ada@bücher.example", "ADA@XN--BCHER-KVA.EXAMPLE")
    # a look-alike stays another mailbox: a Cyrillic а is not a Latin a, in either spelling
    assert not is_own_address("ada@bаcher.example", "ada@bacher.example")
    assert not is_own_address("ada@xn--bcher-kva.example", "ada@bucher.example")
    assert not is_own_address("ada@xn--zz.example", "ada@bücher.example")  # no valid label: as written
    assert not is_own_address("ada@xn--bacher-.example", "ada@bacher.example")  # decodes to ASCII: no IDN label
    # review of 1.2.53: an A-label of an upper-case letter is no valid label (no IDNA takes it), and a letter whose
    # lower case is an ASCII one (the Kelvin sign K) is a look-alike of it: each stays another domain
    assert not is_own_address("ada@xn--bcher-kva.example", "ada@xn--bcher-2pa.example")
    assert not is_own_address("ada@kodak.example", "ada@\u212aodak.example")
    assert is_own_address("ada@\u212aODAK.example", "ada@\u212aodak.example")  # its case is still no part of it
    assert mailbox_key("x@googlemail.com") == "x@gmail.com"
    assert "priya.raman@example.com" not in counterparties(run([row([OWN, DANIEL], "a" * 16)]))


def test_the_window_starts_a_minute_late_unless_older_is_shown_and_disabled():
    rows = [row([DANIEL], "a" * 16, "2:00 PM"), row([LENA], "b" * 16, "1:00 PM")]
    assert run(rows)["windows"][0]["windowStart"] == "2026-11-30T21:01:00.000Z"
    assert run(rows, older_disabled=True)["windows"][0]["windowStart"] == "2026-11-30T21:00:00.000Z"


def test_a_page_with_newer_enabled_posts_rows_but_no_window():
    posted = run([row([DANIEL], "a" * 16)], newer_disabled=False)
    assert posted["health"]["status"] == "OK" and posted["windows"] == [] and len(posted["observations"]) == 1


def test_a_head_with_no_whole_minute_left_asserts_no_window():
    posted = run([row([DANIEL], "a" * 16, "2:29 PM", count="2")])
    assert posted["health"]["status"] == "OK" and posted["windows"] == []


def test_minutes_going_up_is_window_unknown():
    posted = run([row([DANIEL], "a" * 16, "1:00 PM"), row([LENA], "b" * 16, "2:00 PM")])
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["window.unknown"]}


def test_time_falls_back_from_title_to_aria_label_to_text():
    r = row([DANIEL], "a" * 16, "1:00 PM")
    r.title = "not a time"
    posted = run([r])
    # aria-label repeats the title in the builder; the text "1:00 PM" (U+202F) is today's minute
    assert posted["observations"][0]["fields"]["occurredAt"] == "2026-11-30T21:00:00.000Z"


def test_a_time_that_names_no_minute_is_unreadable():
    r = Row([DANIEL], "S", "Nov 30", "Nov 30", "a" * 16)
    assert run([r])["health"] == {"status": "DEGRADED", "reasons": ["time.unreadable"]}


def test_a_missing_or_malformed_id_degrades_the_page():
    assert run([row([DANIEL], "A" * 16)])["health"]["reasons"] == ["row.invalid_id"]
    assert run([row([DANIEL], "a" * 15)])["health"]["reasons"] == ["row.invalid_id"]


def test_a_count_on_a_row_that_does_not_read_still_says_the_list_draws_counts():
    # the counted row's time does not read (DEGRADED); the next row, composed as a draft first, keeps
    # an older thread id and shows no count: on a list that draws counts that says one message
    unreadable = Row([DANIEL], "Subject", "", "soon", "a" * 16, count="3")
    drafted = row([LENA], "b" * 16, "1:00 PM", thread="c" * 16)
    posted = run([unreadable, drafted])
    assert posted["health"] == {"status": "DEGRADED", "reasons": ["time.unreadable"]}
    assert counterparties(posted) == ["lena.park@example.org"]


def test_the_hidden_summary_is_never_read():
    # The builder's summary repeats ids and people; a recipient only in the summary must not appear.
    page = ListPage("s.html", "#sent", [row([DANIEL], "a" * 16)])
    html = build(page).replace('To: <span email="daniel.okafor@example.com"',
                                'To: <span email="ghost@example.com" name="Ghost"></span><span email="daniel.okafor@example.com"', 1)
    posted = run_pass(html, "gmail.sent", PassInput("https://mail.google.com/mail/u/0/#sent", TZ, NOW)).posted()
    assert counterparties(posted) == ["daniel.okafor@example.com"]


def test_an_empty_subject_posts_no_hint():
    r = row([DANIEL], "a" * 16)
    r.subject = "(no subject)"
    assert "subjectHint" not in run([r])["observations"][0]["fields"]


def test_gmails_no_subject_placeholder_posts_no_hint_in_every_language_the_time_reader_reads():
    for placeholder in ("(件名なし)", "(제목 없음)", "(无主题)", "(без темы)", "(konu yok)", "(inget ämne)"):
        r = row([DANIEL], "a" * 16)
        r.subject = placeholder
        assert "subjectHint" not in run([r])["observations"][0]["fields"], placeholder


def test_a_main_inside_the_main_is_part_of_it_a_sibling_is_a_second_view():
    # the shared rule of gmail.receipt 1.2.12 (an email's own role=main is part of Gmail's main)
    html = build(ListPage("synthetic-test.html", "#sent", [row([DANIEL], "a" * 16)]))
    grid_at = html.index('role="grid"')
    tag_start = html.rindex("<", 0, grid_at)
    nested = html[:tag_start] + '<div role="main"><p>Tip</p></div>' + html[tag_start:]
    sibling = html.replace("</body>", '<div role="main"><p>Another view</p></div></body>', 1)
    for page, status in ((nested, ("OK", [])), (sibling, ("DEGRADED", ["selector.ambiguous.main"]))):
        posted = run_pass(page, "gmail.sent", PassInput("https://mail.google.com/mail/u/0/#sent", TZ, NOW)).posted()
        health = posted["health"]
        assert (health["status"], health["reasons"]) == status


def test_direction_marks_around_the_account_address_are_not_part_of_it():
    # A held-out audit: Gmail wraps bracketed left-to-right text in direction marks in a right-to-left display
    # language. The marks stayed in the address: the account's hash was another account's, and the account
    # itself, a recipient of a row, was posted as its counterparty.
    from attest_kit.hashing import account_hash
    from tests.fixture_builders.gmail_sent_pages import ME

    own = ("Priya", ME)
    for before, after in (("\u200e", "\u200e"), ("\u202a", "\u202c"), ("\u2066", "\u2069")):
        label = f"Google Account: Priya Raman\n({before}{ME}{after})"
        posted = run([row([DANIEL, own], "a" * 16, "2:00 PM"), row([LENA], "b" * 16, "1:00 PM")], account_label=label)
        assert posted["accountHash"] == account_hash(ME)
        assert counterparties(posted) == ["daniel.okafor@example.com", "lena.park@example.org"]


def test_the_no_subject_placeholder_of_a_language_whose_rows_read_by_their_clock_posts_no_hint():
    # A held-out audit: today's rows are timed by a bare clock in any display language, so their placeholder
    # was posted as the subject hint in languages the date reader does not name.
    for placeholder in ("(tanpa subjek)", "(\u05dc\u05dc\u05d0 \u05e0\u05d5\u05e9\u05d0)", "(intet emne)",
                        "(ingen emne)", "(brak tematu)", "(kh\u00f4ng c\u00f3 ch\u1ee7 \u0111\u1ec1)",
                        "(nincs t\u00e1rgy)", "(sense assumpte)", "(bez p\u0159edm\u011btu)", "(ei aihetta)"):
        r = row([DANIEL], "a" * 16)
        r.subject = placeholder
        assert "subjectHint" not in run([r])["observations"][0]["fields"], placeholder
