"""Harmless markup changes that made a receipt unread (a metamorphic audit of 2026-12-01: every shipped
receipt page, each changed one way a browser draws the same; selectors 1.2.50). Each test failed before
its fix; none of them was a wrong row, each lost one (a platform receipt DEGRADED, a generic one
dropped while the pass stayed OK).

1. Digits split by a comment or a <wbr> ("$6<!-- -->7.08") were taken for digits drawn apart (raised
   cents), and the amount was refused. Neither draws: a browser shows $67.08. Any element between
   them still parts them, an empty one too (a review of 1.2.50: a capture keeps no padding or margin,
   and "$23<span></span>45" read as $2,345.00 where a spacer draws "$23  45").
2. A hidden "to " before the sender made the sender its first recipient (selector.missing.sender):
   the text before a recipient is read by the shown rule, as everything else is.
"""

from __future__ import annotations

import pytest

SENDER = '<h3><span email="auto-confirm@amazon.com" name="Amazon.com">Amazon.com</span></h3>'
TO_ME = '<div><span>to </span><span email="wren.halloway@example.com" name="me">me</span></div>'
DATE = '<span title="Sun, Nov 29, 2026, 6:12 PM">Nov 29, 6:12 PM</span>'
HEADER = f"<table><tbody><tr><td>{SENDER}{TO_ME}</td><td>{DATE}</td></tr></tbody></table>"
WHEN = "2026-11-29T23:12:00.000Z"


def _page(header: str = HEADER, amount: str = "$67.08") -> str:
    return (
        "<!DOCTYPE html><html><head><title>Your Amazon.com order #112-4829301-5520147 - Gmail</title></head><body>"
        '<header role="banner"><a role="button" aria-label="Google Account: Wren Halloway\n'
        '(wren.halloway@example.com)" href="#"></a></header>'
        '<div role="main"><h2 data-legacy-thread-id="18d3a1c0de000002">Your Amazon.com order #112-4829301-5520147</h2>'
        '<div role="list"><div role="listitem" aria-expanded="true"><div data-legacy-message-id="18d3a1c0de000002">'
        f'{header}<div dir="ltr"><table><tbody><tr><td>Order Total:</td><td>{amount}</td></tr></tbody></table></div>'
        "</div></div></div></div></body></html>"
    )


def _read(run, html: str) -> tuple[str, tuple[str, ...], list[tuple[int, str]], list[str]]:
    result = run(html, route="inbox/18d3a1c0de000002")
    rows = [(o.fields["amountCents"], o.fields["occurredAt"]) for o in result.observations]
    return result.health.status, result.health.reasons, rows, [w["windowStart"] for w in result.posted()["windows"]]


def test_the_unchanged_page_reads(run) -> None:
    assert _read(run, _page()) == ("OK", (), [(6708, WHEN)], [WHEN])


@pytest.mark.parametrize("amount", ["$6<!-- x -->7.08", "$6<wbr>7.08", "$67<!---->.0<!---->8", "$6<!---->7<wbr>.08"])
def test_digits_split_by_what_draws_nothing_read(run, amount: str) -> None:
    assert _read(run, _page(amount=amount)) == ("OK", (), [(6708, WHEN)], [WHEN])


@pytest.mark.parametrize("amount", [
    "$6<br>7.08", "$6<img alt=''>7.08", "$6<span style='display:block'></span>7.08",
    "$6<span style='display:none'>9</span>7.08", "$6<span>7</span>.08", "$6<sup>7.08</sup>",
    "$23<span class='gap' style='display:inline;visibility:visible'></span>45", "$6<q></q>7.08",
    "$6<i class='icon'></i>7.08",
])
def test_digits_drawn_apart_are_still_refused(run, amount: str) -> None:
    assert _read(run, _page(amount=amount)) == ("DEGRADED", ("receipt.amount_missing",), [], [])


@pytest.mark.parametrize("header", [
    f"<table><tbody><tr><td><div>{SENDER}{TO_ME}</div></td><td>{DATE}</td></tr></tbody></table>",
    f"<div><div>{SENDER}{TO_ME}</div><div>{DATE}</div></div>",
])
def test_a_header_regrouped_beyond_gmails_layout_stays_loud(run, header: str) -> None:
    """The sender and "to" line wrapped inside their cell, or div columns: the date beside is not read.
    The audit found the wrapped form; a review of the widening that read it built a body in the cell
    beside, whose date it took (DECISIONS.md, 1.2.2 and 1.2.51): a loud miss, never a wrong row."""
    assert _read(run, _page(header=header)) == ("DEGRADED", ("selector.missing.time",), [], [])


def test_a_hidden_to_before_the_sender_is_not_read(run) -> None:
    header = (f'<table><tbody><tr><td><span style="display:none">to </span>{SENDER}{TO_ME}</td><td>{DATE}</td>'
              "</tr></tbody></table>")
    assert _read(run, _page(header=header)) == ("OK", (), [(6708, WHEN)], [WHEN])


def test_a_header_date_in_another_zone_is_never_read_from_its_short_text(run) -> None:
    """A guard beside gmail.sent 1.2.34 (there the title's short text was read in the browser's zone): the
    title "…, 2:12 PM UTC" is refused (1.2.32), and a header's title that shows a clock and does not read
    leaves its date untold, so its text "2:12 PM (48 minutes ago)", the same UTC clock, is never read."""
    date = '<span title="Mon, Nov 30, 2026, 2:12 PM UTC">2:12 PM (48 minutes ago)</span>'
    header = f"<table><tbody><tr><td>{SENDER}{TO_ME}</td><td>{date}</td></tr></tbody></table>"
    assert _read(run, _page(header=header)) == ("DEGRADED", ("time.unreadable",), [], [])


def test_a_message_collapsed_in_capitals_is_not_read(run) -> None:
    """ARIA's false in any case (an end-of-day review: Calendar read it so since 1.3.46): a listitem with
    aria-expanded="FALSE" is a collapsed message, never read (1.2.52)."""
    html = _page().replace('aria-expanded="true"', 'aria-expanded="FALSE"')
    status, _, rows, windows = _read(run, html)
    assert rows == [] and windows == []
