"""Structural rules of one pass, on pages built with the fixture builder and changed one thing at a time."""

from __future__ import annotations

from datetime import datetime, timezone

from tests.fixture_builders.gmail_receipt_pages import (
    AMAZON, STRIPE, Conversation, build_conversation, generic_table_body, layout, line, msg, p, shopify_body,
    stripe_body, table, td, tr,
)

ROUTE = "inbox/18d3a1c0de000001"
STRIPE_SUBJECT = "Your receipt from Fernhill Ceramics #1043-2291"


def stripe_msg(clock: str = "9:41 AM", legacy: str = "18d3a1c0de000001", amount: str = "$48.00", **kw):
    return msg("Fernhill Ceramics", STRIPE, "Mon, Nov 30, 2026", clock, legacy,
               stripe_body("Fernhill Ceramics", "1043-2291", amount, [("Mug", amount)]), **kw)


def page(*messages, subject: str = STRIPE_SUBJECT, **kw) -> str:
    return build_conversation(Conversation("unit", ROUTE, subject, "18d3a1c0de000001", list(messages), **kw))


def windows(result) -> list[str]:
    return [w["windowStart"] for w in result.posted()["windows"]]


def test_platform_receipt_gives_row_and_single_instant(run) -> None:
    result = run(page(stripe_msg()))
    assert result.health.status == "OK"
    assert windows(result) == ["2026-11-30T14:41:00.000Z"]
    assert result.posted()["windows"][0]["windowEnd"] == "2026-11-30T14:41:00.000Z"
    assert result.account_hash is not None


def test_platform_point_in_the_same_minute_as_a_generic_receipt_posts_none(run) -> None:
    generic = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000002",
                  generic_table_body([("Total", "$41.04")]))
    result = run(page(stripe_msg(), generic))
    assert len(result.observations) == 2
    assert windows(result) == []
    later = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "9:42 AM", "18d3a1c0de000002",
                generic_table_body([("Total", "$41.04")]))
    assert windows(run(page(stripe_msg(), later))) == ["2026-11-30T14:41:00.000Z"]


def test_without_an_account_generic_reads_nothing_and_platform_still_reads(run) -> None:
    generic = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "10:00 AM", "18d3a1c0de000002",
                  generic_table_body([("Total", "$41.04")]))
    result = run(page(stripe_msg(), generic, account_label=None))
    assert [o.fields["merchant"] for o in result.observations] == ["Fernhill Ceramics"]
    assert windows(result) == ["2026-11-30T14:41:00.000Z"]
    assert result.account_hash is None


def test_two_account_addresses_are_ambiguous(run) -> None:
    html = page(stripe_msg()).replace(
        "</header>", '<a role="button" aria-label="Google Account: Other\n(other@example.net)"></a></header>')
    assert run(html).health.reasons == ("selector.ambiguous.account",)


def test_expanded_message_without_sender_is_degraded(run) -> None:
    html = page(stripe_msg()).replace(f'email="{STRIPE}"', 'data-x="1"').replace('email="wren.', 'data-y="wren.')
    assert run(html).health.reasons == ("selector.missing.sender",)


def test_registry_receipt_without_legacy_id_is_degraded_generic_is_not(run) -> None:
    assert run(page(stripe_msg(legacy="not-a-legacy-id"))).health.reasons == ("selector.missing.message_id",)
    generic = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "10:00 AM", "bad",
                  generic_table_body([("Total", "$41.04")]))
    result = run(page(generic, subject="Your order confirmation #4821"))
    assert result.health.status == "OK" and result.observations == []


def test_date_comes_from_the_header_never_the_body(run) -> None:
    body_date = '<span title="Sat, Nov 28, 2026, 10:02 AM">Nov 28</span>'
    html = page(stripe_msg()).replace("Summary</p>", f"Summary {body_date}</p>")
    assert windows(run(html)) == ["2026-11-30T14:41:00.000Z"]


def test_missing_or_unreadable_date_is_degraded_for_a_registry_receipt(run) -> None:
    html = page(stripe_msg())
    title = "Mon, Nov 30, 2026, 9:41\u202fAM"
    assert title in html
    bare = html.replace(f'title="{title}"', 'data-t="x"').replace(f'aria-label="{title}"', "")
    bare = bare.replace("9:41\u202fAM (earlier today)", "Today")
    assert run(bare).health.reasons == ("selector.missing.time",)
    assert run(html.replace(title, "Mon, Nov 30, 2026, 29:41")).health.reasons == ("time.unreadable",)


def test_a_collapsed_message_is_not_read(run) -> None:
    result = run(page(stripe_msg(expanded=False, snippet="Amount paid $48.00")))
    assert result.health.status == "OK" and result.observations == [] and windows(result) == []


def test_a_thread_route_with_no_message_item_is_degraded(run) -> None:
    html = page(stripe_msg()).replace('role="listitem"', 'role="article"')
    assert run(html).health.reasons == ("selector.missing.message",)


def test_a_conversation_shown_without_a_thread_route_is_read(run) -> None:
    """A compose window can change the address; the main still shows the conversation."""
    result = run(page(stripe_msg()), route="inbox")
    assert len(result.observations) == 1


def test_no_conversation_is_idle(run) -> None:
    html = page(stripe_msg()).replace('role="listitem"', 'role="article"').replace("data-legacy-thread-id", "data-x")
    assert run(html, route="inbox").health.status == "IDLE"


def test_expanded_message_without_heading_is_degraded(run) -> None:
    html = page(stripe_msg()).replace("data-legacy-thread-id", "data-x")
    assert run(html).health.reasons == ("selector.missing.heading",)


def test_message_key_on_the_item_itself(run) -> None:
    html = page(stripe_msg()).replace('role="listitem" aria-expanded="true"',
                                      'role="listitem" data-legacy-message-id="18d3a1c0de0000aa"')
    result = run(html)
    assert len(result.observations) == 1  # no aria-expanded: read (only "false" collapses)


def test_a_list_inside_a_message_is_part_of_it(read) -> None:
    inner = ('<ul role="list"><li role="listitem" aria-expanded="true" data-legacy-message-id="18d3a1c0de0000ee">'
             '<span email="orders@example.com" name="Larkspur Bakery">x</span></li></ul>')
    html = page(stripe_msg()).replace("Summary</p>", f"Summary</p>{inner}")
    r = read(html)
    assert len(r.choices) == 1 and len(r.receipts) == 1


def test_refuse_text_makes_a_platform_mail_no_receipt(run) -> None:
    body = lambda c: layout(c, table(c, line(c, "Total", "$23.45")))  # noqa: E731
    uber = msg("Uber", "noreply@uber.com", "Sun, Nov 29, 2026", "8:31 PM", "18d3a1c0de000001", body)
    subject = "Your Sunday evening trip with Uber"
    assert len(run(page(uber, subject=subject)).observations) == 1
    summary_body = lambda c: layout(c, "<p>This is not a payment receipt.</p>", table(c, line(c, "Total", "$23.45")))  # noqa: E731
    summary = msg("Uber", "noreply@uber.com", "Sun, Nov 29, 2026", "8:31 PM", "18d3a1c0de000001", summary_body)
    assert run(page(summary, subject=subject)).observations == []


def test_layout_row_with_three_text_cells_is_not_a_line(run) -> None:
    body = lambda c: table(c, tr(c, td(c, table(c, tr(c, td(c, "Total")))), td(c, "$12.34"), td(c, "Thanks")))  # noqa: E731
    shop = msg("Tidewater Candle Co.", "store+5@t.shopifyemail.com", "Mon, Nov 30, 2026", "9:41 AM",
               "18d3a1c0de000001", body)
    assert run(page(shop, subject="Order #1047 confirmed")).health.reasons == ("receipt.amount_missing",)


def test_total_lines_that_disagree_are_not_read(run) -> None:
    body = lambda c: table(c, line(c, "Total", "$12.34"), line(c, "Total", "$15.00"))  # noqa: E731
    shop = msg("Tidewater", "store+5@t.shopifyemail.com", "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000001", body)
    assert run(page(shop, subject="Order #1047 confirmed")).health.reasons == ("receipt.amount_missing",)


def test_a_hidden_total_row_is_not_read(run) -> None:
    body = lambda c: table(c, '<tr style="display:none"><td>Total</td><td>$99.00</td></tr>')  # noqa: E731
    shop = msg("Tidewater", "store+5@t.shopifyemail.com", "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000001", body)
    assert run(page(shop, subject="Order #1047 confirmed")).health.reasons == ("receipt.amount_missing",)


def test_merchant_rules() -> None:
    from observers.gmail_receipt.merchant import merchant_for

    assert merchant_for("stripe", STRIPE, "Someone", STRIPE_SUBJECT) == "Fernhill Ceramics"
    assert merchant_for("shopify", "store+5@t.shopifyemail.com", "Tidewater Candle Co.", "Order #1 confirmed") == \
        "Tidewater Candle Co."
    assert merchant_for("shopify", "store@t.shopifyemail.com", "A Person", "Order #1 confirmed") is None
    assert merchant_for("amazon", AMAZON, "Jane at Amazon", "Order Confirmation") == "Amazon"
    assert merchant_for("facebook", "no-reply@facebookmail.com", "A Friend", "Your Meta Pay receipt") == "Facebook"


def test_a_receipt_after_the_pass_instant_is_window_future_and_keeps_its_row(run) -> None:
    instant = datetime(2026, 11, 30, 14, 40, 30, tzinfo=timezone.utc)
    result = run(page(stripe_msg()), instant=instant)
    assert result.health.reasons == ("window.future",)
    assert len(result.observations) == 1 and result.windows == []
    same_minute = datetime(2026, 11, 30, 14, 41, 30, tzinfo=timezone.utc)
    assert run(page(stripe_msg()), instant=same_minute).health.status == "OK"


def test_shopify_fixture_shape_reads(run) -> None:
    shop = msg("Tidewater", "store+5@t.shopifyemail.com", "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000001",
               shopify_body("$63.18"))
    assert [o.fields["amountCents"] for o in run(page(shop, subject="Order #1047 confirmed")).observations] == [6318]


def test_a_message_that_does_not_read_voids_coverage_but_not_the_receipts_that_did(run) -> None:
    broken = stripe_msg(clock="10:05 AM", legacy="18d3a1c0de000002", amount="Rs. 1,200.00")
    result = run(page(stripe_msg(), broken))
    assert result.health.reasons == ("receipt.amount_missing",)
    assert [o.fields["amountCents"] for o in result.observations] == [4800]
    assert windows(result) == []


def test_a_conversation_fault_posts_no_receipt(run) -> None:
    html = page(stripe_msg()).replace(
        "</header>", '<a role="button" aria-label="Google Account: Other\n(other@example.net)"></a></header>')
    assert run(html).observations == []


def test_a_half_drawn_switcher_reads_as_no_account_not_a_refusal(run) -> None:
    # Spec §8.2: without an address the ping carries no account hash and the generic parser reads
    # nothing; only Calendar turns a label that ends with no address into account.invalid (§4).
    generic = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "10:00 AM", "18d3a1c0de000002",
                  generic_table_body([("Total", "$41.04")]))
    html = page(stripe_msg(), generic, account_label="Google Account: Wren Halloway")
    result = run(html)
    assert result.health.status == "OK"
    assert [o.fields["merchant"] for o in result.observations] == ["Fernhill Ceramics"]
    assert result.account_hash is None


def test_an_account_label_whose_address_does_not_read_is_account_invalid(run) -> None:
    html = page(stripe_msg(), account_label="Google Account: Wren Halloway\n(wren@@example..com)")
    assert run(html).health.reasons == ("account.invalid",)


# A held-out audit of routes and accounts (selectors 1.2.7): the receipt observer read the account only
# from `header a[role=button]`, not as the shared reader the other two use (spec §8.2: "The shared
# Google-account reader, as for gmail.sent"), and judged an unreadable address on a conversation with
# nothing to post (§2.2: account() is read only when the pass has a window to post).
def _label_on_a_div(html: str) -> str:
    import re

    moved, n = re.subn(r'<a ([^>]*aria-label="Google Account[^"]*"[^>]*)>(.*?)</a>', r"<div \1>\2</div>", html, count=1,
                       flags=re.S)
    assert n == 1, "the builder draws the account label as an <a>"
    return moved


def test_the_account_label_is_read_on_any_element_of_the_banner(run) -> None:
    generic = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "10:00 AM", "18d3a1c0de000002",
                  generic_table_body([("Total", "$41.04")]))
    result = run(_label_on_a_div(page(stripe_msg(), generic)))
    assert result.health.status == "OK" and result.account_hash is not None
    assert sorted(o.fields["merchant"] for o in result.observations) == ["Fernhill Ceramics", "Larkspur Bakery"]


def test_a_second_address_on_another_element_of_the_banner_is_ambiguous(run) -> None:
    html = page(stripe_msg()).replace(
        "</header>", '<div role="button" aria-label="Google Account: Other\n(other@example.net)"></div></header>')
    assert run(html).health.reasons == ("selector.ambiguous.account",)


def test_an_unreadable_address_on_a_conversation_with_nothing_to_post_is_not_judged(run) -> None:
    personal = msg("Mara Quill", "mara.quill@example.org", "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000003",
                   lambda c: p(c, "See you at the lake on Saturday."))
    html = page(personal, subject="Saturday", account_label="Google Account: Wren Halloway\n(wren@@example..com)")
    result = run(html)
    assert result.health.status == "OK" and result.observations == [] and result.account_hash is None


def test_a_banner_inside_the_mail_is_not_the_account(run) -> None:
    # a review: an email's own markup can carry roles (spec §8.2); a "banner" in a body named a second address
    body_start = 'dir="ltr" style="display:block;visibility:visible">'
    html = page(stripe_msg()).replace(
        body_start, body_start + '<div role="banner"><a aria-label="Contact us (help@fernhill.example)">help</a></div>', 1)
    assert 'aria-label="Contact us' in html
    result = run(html)
    assert result.health.status == "OK" and result.account_hash is not None
    assert [o.fields["merchant"] for o in result.observations] == ["Fernhill Ceramics"]


UNREADABLE = "Google Account: Wren Halloway\n(wren.halloway@)"


def test_an_unreadable_address_is_judged_only_when_a_window_would_be_posted(run) -> None:
    """Spec §2.2: "account() is read only when the pass has a window or a snapshot to post". A pass
    DEGRADED for another reason posts no window, so the address is never read: its own reasons stand
    and the receipts that read are posted (it was account.invalid, and every receipt was dropped)."""
    future = run(page(stripe_msg(), account_label=UNREADABLE),
                 instant=datetime(2026, 11, 30, 14, 40, 30, tzinfo=timezone.utc))
    assert future.health.reasons == ("window.future",)
    assert [o.fields["amountCents"] for o in future.observations] == [4800]
    broken = stripe_msg(clock="10:05 AM", legacy="18d3a1c0de000002", amount="Rs. 1,200.00")
    degraded = run(page(stripe_msg(), broken, account_label=UNREADABLE))
    assert degraded.health.reasons == ("receipt.amount_missing",)
    assert [o.fields["amountCents"] for o in degraded.observations] == [4800]


def test_an_unreadable_address_voids_the_window_but_not_the_receipt(run) -> None:
    """Spec §2.2: a value that is not one address is DEGRADED account.invalid; §3.2 plans the rows
    before the account, so the receipt is still evidence, only its point is not posted."""
    result = run(page(stripe_msg(), account_label=UNREADABLE))
    assert result.health.reasons == ("account.invalid",)
    assert [o.fields["amountCents"] for o in result.observations] == [4800]
    assert windows(result) == [] and result.account_hash is None
