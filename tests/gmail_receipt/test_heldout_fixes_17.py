"""gmail.receipt: an audit of 2026-12-02 (e), conversation structure written from §8.2 and REAL-PAGES.md.

Gmail opens a reply or forward editor inside the message it answers, right after its body, and what the user types
there was read as the message's body: a draft line ``Total: $90.00`` under a receipt for $48.00 posted $90.00 (or made
the total lines disagree: ``receipt.amount_missing``, the page lost), and a draft quoting Uber's "This is not a payment
receipt" made the trip receipt no receipt. Spec §8.2 reads "the body … to find the total line and … the words that
make it no receipt"; §6.1: "Text you are typing into an editor is part of the page". An editable region (a
``contenteditable`` element or a ``<textarea>``) is the user's, never the message's: the pass reads it as absent
(``selectors.editor``). A review narrowed the first cut (any ``textbox`` role, any ``<input>``): Gmail keeps a mail's
own roles.
"""

from __future__ import annotations

import pytest

from tests.fixture_builders.gmail_receipt_pages import generic_table_body, msg
from tests.gmail_receipt.test_page import page, stripe_msg

_AFTER_BODY = "If you have any questions, contact Fernhill Ceramics.</p></td></tr></tbody></table></div>"
_S = 'style="display:block;visibility:visible"'

EDITORS = {
    "contenteditable textbox": f'<div {_S} role="textbox" aria-label="Message Body" contenteditable="true">{{text}}</div>',
    "contenteditable alone": f'<div {_S} contenteditable="">{{text}}</div>',
    "plaintext-only": f'<div {_S} contenteditable="plaintext-only"><p {_S}>{{text}}</p></div>',
    "textarea": f'<textarea {_S}>{{text}}</textarea>',
}


def _with_draft(html: str, editor: str, text: str) -> str:
    reply = (f'<div class="ip iq" {_S}><span {_S} email="wren.halloway@example.com">Wren</span>'
             f'{EDITORS[editor].format(text=text)}</div>')
    assert html.count(_AFTER_BODY) == 1
    return html.replace(_AFTER_BODY, _AFTER_BODY + reply)


@pytest.mark.parametrize("editor", list(EDITORS))
def test_a_draft_total_typed_under_a_receipt_is_not_its_total(run, editor: str) -> None:
    result = run(_with_draft(page(stripe_msg()), editor, "Amount paid: $90.00"))
    assert result.health.status == "OK"
    assert [(o.fields["amountCents"], o.fields["currency"]) for o in result.observations] == [(4800, "USD")]


@pytest.mark.parametrize("editor", list(EDITORS))
def test_a_draft_total_under_a_generic_receipt_leaves_its_lines_agreeing(run, editor: str) -> None:
    result = run(_generic_with(_with_draft(_AFTER_BODY, editor, "Total: $45.00")[len(_AFTER_BODY):]))
    assert result.health.status == "OK"
    assert [o.fields["amountCents"] for o in result.observations] == [4104]


def _generic_with(block: str) -> str:
    generic = msg("Larkspur Bakery", "orders@example.com", "Mon, Nov 30, 2026", "9:41 AM", "18d3a1c0de000001",
                  generic_table_body([("Total", "$41.04")]))
    return page(generic, subject="Your order confirmation #4821").replace("</table></div></div>",
                                                                          f"</table></div>{block}</div>", 1)


def test_a_region_marked_not_editable_is_still_the_message(run) -> None:
    """``contenteditable="false"`` is no editor: its total line is read, the lines disagree, and a stranger's mail
    with no unambiguous total is no receipt."""
    assert run(_generic_with("")).observations
    result = run(_generic_with(f'<div {_S} contenteditable="false">Total: $45.00</div>'))
    assert result.health.status == "OK" and list(result.observations) == []


@pytest.mark.parametrize("editor", list(EDITORS))
def test_a_draft_quoting_ubers_charge_summary_leaves_the_trip_receipt_a_receipt(run, editor: str) -> None:
    from tests.gmail_receipt.test_heldout_fixes_13 import TRIP, UBER, _page

    html = _page(UBER, "Uber Receipts", TRIP, ("Total", "$23.45"))
    draft = EDITORS[editor].format(text="Your first email said this is not a payment receipt.")
    assert html.count("</table></div></div>") >= 1
    html = html.replace("</table></div></div>", f"</table></div>{draft}</div>", 1)
    result = run(html)
    assert result.health.status == "OK"
    assert [(o.fields["merchant"], o.fields["amountCents"]) for o in result.observations] == [("Uber", 2345)]


@pytest.mark.parametrize("wrapper", [f'<div {_S} role="textbox">{{body}}</div>', f'<div {_S} contenteditable="inherit">{{body}}</div>',
                                     f'<span {_S} role="Textbox">{{body}}</span>'])
def test_a_mails_own_textbox_role_is_still_the_mail(run, wrapper: str) -> None:
    """A review of the first cut: Gmail keeps a mail's roles, so a template's ``role="textbox"`` is the mail's own
    markup (its total, or Uber's "not a payment receipt", hidden by it, would turn a miss into a wrong row); only
    what the browser edits (``contenteditable``, a ``<textarea>``) is the user's."""
    html = _generic_with(wrapper.format(body="Total: $45.00"))
    result = run(html)
    assert result.health.status == "OK" and list(result.observations) == []
