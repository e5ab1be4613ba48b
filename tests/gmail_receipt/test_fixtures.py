"""Every synthetic receipt page against its hand-written label, its reference check, and variants."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from attest_kit.contract import PassContext
from attest_kit.instants import load_zone, parse_instant
from attest_kit.plan import plan_pass
from labels.reference.gmail_receipt import check_page
from labels.schema import LabelEntry, load_labels
from observers.gmail_receipt.observer import OBSERVER
from observers.gmail_receipt.selectors import SELECTORS
from observers.registry import get_observer

FOLDER = Path(__file__).resolve().parents[2] / "fixtures/pages/gmail/2026-11-30"
LABELS = load_labels(FOLDER / "labels.json")
PAGES = sorted(n for n in LABELS if n.startswith("synthetic-receipt-"))


def _posted(html: str, entry: LabelEntry, observer_id: str = "gmail.receipt") -> dict:
    assert entry.page is not None
    ctx = PassContext(html=html, url=entry.page.url, tz=load_zone(entry.page.time_zone),
                      instant=parse_instant(entry.page.read_at))
    return plan_pass(get_observer(observer_id), ctx).posted()


def _comparable(status: str, reasons: list[str], observations: list[dict], windows: list[dict]) -> tuple:
    rows = sorted(json.dumps({"type": o["type"], "fields": o["fields"]}, sort_keys=True) for o in observations)
    return status, sorted(reasons), rows, windows


def test_the_folder_is_listed_and_every_platform_has_a_receipt() -> None:
    assert "gmail/2026-11-30" in SELECTORS.fixtures
    assert len(PAGES) >= 20
    merchants = {o.fields["merchant"] for n in PAGES for e in [LABELS[n].expected_for("gmail.receipt")] if e
                 for o in e.observations}
    for platform in ("Amazon", "Facebook", "Instacart", "Uber", "Fernhill Ceramics", "Juniper Table",
                     "Tidewater Candle Co."):
        assert platform in merchants


@pytest.mark.parametrize("name", PAGES)
def test_pass_matches_label(name: str) -> None:
    entry = LABELS[name]
    html = (FOLDER / name).read_text(encoding="utf-8")
    assert entry.selectors_version == f"gmail.receipt@{OBSERVER.version} gmail.sent@{get_observer('gmail.sent').version}"
    for expected in entry.expected:
        got = _posted(html, entry, expected.observer)
        want = _comparable(expected.health.status, expected.health.reasons,
                           [o.model_dump() for o in expected.observations],
                           [w.model_dump(by_alias=True) for w in expected.windows])
        assert _comparable(got["health"]["status"], got["health"]["reasons"], got["observations"],
                           got["windows"]) == want, expected.observer


@pytest.mark.parametrize("name", PAGES)
def test_reference_reader_finds_every_labelled_fact(name: str) -> None:
    assert check_page((FOLDER / name).read_text(encoding="utf-8"), LABELS[name]) == []


def test_reference_reader_catches_a_drifted_label() -> None:
    entry = LABELS["synthetic-receipt-stripe.html"].model_copy(deep=True)
    obs = entry.expected_for("gmail.receipt").observations[0]  # type: ignore[union-attr]
    obs.fields.update(amountCents=4900, occurredAt="2026-11-30T14:42:00.000Z", merchant="Old Mill Tea Co")
    problems = check_page((FOLDER / "synthetic-receipt-stripe.html").read_text(encoding="utf-8"), entry)
    assert any("amount" in p for p in problems)
    assert any("occurredAt" in p for p in problems)
    assert any("merchant" in p for p in problems)


_CLASS = re.compile(r'class="[^"]*"')


@pytest.mark.parametrize("name", PAGES)
def test_every_class_rewritten_gives_an_identical_pass(name: str) -> None:
    html = (FOLDER / name).read_text(encoding="utf-8")
    counter = iter(range(10**6))
    rewritten = _CLASS.sub(lambda _: f'class="q{next(counter)}z"', html)
    assert rewritten != html
    assert _posted(rewritten, LABELS[name]) == _posted(html, LABELS[name])


_MAIN = re.compile(r'role="main"')


@pytest.mark.parametrize("name", PAGES)
def test_main_removed(name: str) -> None:
    """No main under a thread route is the page changing (DEGRADED); no thread route stays IDLE."""
    entry = LABELS[name]
    html = _MAIN.sub('role="region"', (FOLDER / name).read_text(encoding="utf-8"))
    got = _posted(html, entry)
    if "/" in entry.page.url.split("#", 1)[1]:  # type: ignore[union-attr]
        assert got["health"] == {"status": "DEGRADED", "reasons": ["selector.missing.main"]}
        assert got["observations"] == [] and got["windows"] == []
    else:
        assert got["health"] == {"status": "IDLE", "reasons": ["no_conversation"]}


@pytest.mark.parametrize("name", PAGES)
def test_main_doubled(name: str) -> None:
    entry = LABELS[name]
    html = (FOLDER / name).read_text(encoding="utf-8")
    doubled = html.replace("</body>", '<div role="main" style="display:block;visibility:visible">'
                                      '<h2 data-legacy-thread-id="18d3a1c0de00ffff">Copy</h2></div></body>')
    got = _posted(doubled, entry)
    assert got["health"] == {"status": "DEGRADED", "reasons": ["selector.ambiguous.main"]}
    assert got["windows"] == []


def test_a_shown_copy_of_a_hidden_view_is_ambiguous() -> None:
    """Un-hiding the stale conversation Gmail keeps (a shown view duplicated) is two shown mains."""
    entry = LABELS["synthetic-receipt-stripe.html"]
    html = (FOLDER / "synthetic-receipt-stripe.html").read_text(encoding="utf-8")
    unhidden = html.replace('style="display:none;visibility:visible"', 'style="display:block;visibility:visible"')
    assert _posted(unhidden, entry)["health"]["reasons"] == ["selector.ambiguous.main"]


def test_no_seeded_secret_leaves_in_a_pass() -> None:
    seeds = json.loads((FOLDER.parents[2] / "secrets/seeded.json").read_text(encoding="utf-8"))
    for name in PAGES:
        text = json.dumps(_posted((FOLDER / name).read_text(encoding="utf-8"), LABELS[name]))
        assert all(s["value"] not in text for s in seeds)
        assert all(s["value"] in (FOLDER / name).read_text(encoding="utf-8") for s in seeds)


@pytest.mark.parametrize("name", PAGES)
def test_shared_variants(name: str) -> None:
    """The lead's shared variants (tests/variants.py) agree with the ones above."""
    from tests.variants import double_landmark, remove_landmark, rewrite_classes

    entry = LABELS[name]
    html = (FOLDER / name).read_text(encoding="utf-8")
    thread = "/" in entry.page.url.split("#", 1)[1]  # type: ignore[union-attr]
    idle = {"status": "IDLE", "reasons": ["no_conversation"]}
    assert _posted(rewrite_classes(html), entry) == _posted(html, entry)
    # Two shown list views are still no conversation: only an opened one can be DEGRADED (§4.3).
    assert _posted(double_landmark(html, "[role=main]"), entry)["health"] == (
        {"status": "DEGRADED", "reasons": ["selector.ambiguous.main"]} if thread else idle)
    removed = _posted(remove_landmark(html, "[role=main]"), entry)["health"]
    assert removed == ({"status": "DEGRADED", "reasons": ["selector.missing.main"]} if thread else idle)


def test_the_reference_check_wants_a_receipts_date_and_amount_in_one_message() -> None:
    """A user-journey review (for Sent rows; the same holds for a thread of receipts): each fact was looked for
    anywhere on the page, so a label giving one receipt the other's amount passed check."""
    def message(key: str, title: str, amount: str) -> str:
        return (f'<div role="listitem"><div data-legacy-message-id="{key}"><span email="r@shop.example.io">Shop</span>'
                f'<span title="{title}">x</span></div><table><tr><td>Total</td><td>{amount}</td></tr></table></div>')
    html = ('<html><body><div role="main"><h2 data-legacy-thread-id="18d3a1c0de000009">Your order receipt</h2>'
            '<div role="list">' + message("18d3a1c0de000001", "Mon, Nov 30, 2026, 9:41 AM", "$12.50")
            + message("18d3a1c0de000002", "Mon, Nov 30, 2026, 10:05 AM", "$40.00") + "</div></div></body></html>")

    def entry(first: int, second: int) -> LabelEntry:
        def obs(cents: int, at: str) -> dict:
            return {"type": "purchase.made", "fields": {"merchant": "Shop", "amountCents": cents, "currency": "USD",
                                                        "subjectHint": "Your order receipt", "occurredAt": at}}
        return LabelEntry.model_validate({
            "capturedAt": "2026-11-30", "selectorsVersion": None, "seededSecrets": [],
            "page": {"view": "conversation", "url": "https://mail.google.com/mail/u/0/#inbox/18d3a1c0de000009",
                     "timeZone": "UTC", "readAt": "2026-11-30T12:00:00.000Z", "account": None},
            "expected": [{"observer": "gmail.receipt", "health": {"status": "OK", "reasons": []},
                          "observations": [obs(first, "2026-11-30T09:41:00.000Z"), obs(second, "2026-11-30T10:05:00.000Z")],
                          "windows": []}]})
    assert check_page(html, entry(1250, 4000)) == []
    swapped = check_page(html, entry(4000, 1250))
    assert len(swapped) == 2 and all("in no one message" in p for p in swapped), swapped


@pytest.mark.parametrize("name", PAGES)
def test_a_comment_in_a_message_header_changes_nothing(name: str) -> None:
    """A benign-mutation audit: a comment in a header (beside the sender or the "to" line) made the reader ask a
    comment node for its attributes, and the pass was DEGRADED health.threw with its receipts lost. A capture
    strips comments; a page built by hand, or a live one, has them."""
    entry = LABELS[name]
    html = (FOLDER / name).read_text(encoding="utf-8")
    commented = re.sub(r"(<\w+[^<>]*\semail=)", r"<!-- c -->\1", html)  # beside every sender and recipient
    assert commented != html
    assert _posted(commented, entry) == _posted(html, entry)
