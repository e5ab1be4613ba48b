"""gmail.receipt: the conversation's structure, as an audit of 118 pages built from spec §8.2 found it misread
(gmail.receipt 1.2.82). Pages are the shipped ones, changed in one way; each case failed before its fix.

1. "Each message is read under its own conversation's subject heading": a mail's own markup holding an
   ``h2[data-legacy-thread-id]`` (a newsletter's heading) was a second subject heading, and the pass said
   ``selector.ambiguous.heading``. A heading inside a message item is that message's content.
2. "Only expanded messages": an item without ``aria-expanded`` of its own whose message key sits inside an
   element that says ``aria-expanded="false"`` is a collapsed message; its snippet's total was read as a receipt.
3. "the address names a thread": under a one-part folder (``#inbox/…``) any part that is not a page number
   is a thread id, short or long; ``#inbox/FMfcgzQXJWxyz`` (13 characters) was no thread, and a conversation
   route whose main still drew the list was IDLE instead of DEGRADED.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from observers.run import PassInput, run_pass
from observers.shared.route import parse_route

FOLDER = Path(__file__).parents[2] / "fixtures/pages/gmail/2026-11-30"
LABELS = json.loads((FOLDER / "labels.json").read_text(encoding="utf-8"))


def _posted(name: str, html: str, url: str | None = None) -> dict:
    page = LABELS[name]["page"]
    instant = datetime.fromisoformat(page["readAt"].replace("Z", "+00:00")).astimezone(timezone.utc)
    facts = PassInput(url or page["url"], page["timeZone"], instant, {})
    return run_pass(html, "gmail.receipt", facts).posted()


def _page(name: str) -> str:
    return (FOLDER / name).read_text(encoding="utf-8")


def test_a_heading_inside_a_mail_is_no_subject_heading() -> None:
    name = "synthetic-receipt-instacart.html"
    html = _page(name)
    plain = _posted(name, html)
    assert plain["health"]["status"] == "OK" and len(plain["observations"]) == 1
    key = html.index("data-legacy-message-id=")
    body_at = html.index(">", key) + 1
    changed = html[:body_at] + '<h2 data-legacy-thread-id="18d3a1c0de0000ff">Newsletter</h2>' + html[body_at:]
    posted = _posted(name, changed)
    assert posted["health"] == plain["health"] and posted["observations"] == plain["observations"]


def test_a_key_inside_a_collapsed_element_is_a_collapsed_message() -> None:
    name = "synthetic-receipt-collapsed.html"
    html = _page(name)
    plain = _posted(name, html)
    collapsed_item = html.index('aria-expanded="false"')
    key = html.index("<div", collapsed_item + 1)
    # the item's own state moved onto an element around its key
    changed = (html[:collapsed_item] + 'data-was="1"' + html[collapsed_item + len('aria-expanded="false"'):key]
               + '<div aria-expanded="false">' + html[key:])
    close = changed.index("</div>", changed.index("data-legacy-message-id=", collapsed_item))
    changed = changed[:close] + "</div>" + changed[close:]
    posted = _posted(name, changed)
    assert posted["observations"] == plain["observations"] and posted["windows"] == plain["windows"]


def test_a_short_token_under_a_one_part_folder_is_a_thread() -> None:
    assert parse_route("https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJWxyz").thread == "FMfcgzQXJWxyz"
    assert parse_route("https://mail.google.com/mail/u/0/#sent/KtbxLzGx").thread == "KtbxLzGx"
    assert parse_route("https://mail.google.com/mail/u/0/#inbox/p2").thread is None
    # under a label a part may be a nested label's name: only a long token is a thread there
    assert parse_route("https://mail.google.com/mail/u/0/#label/Receipts/Shopping2026").thread is None
    name = "synthetic-receipt-list-view.html"
    posted = _posted(name, _page(name), url="https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJWxyz")
    assert posted["health"]["status"] == "DEGRADED"
