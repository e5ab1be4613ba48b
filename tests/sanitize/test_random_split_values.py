"""Random texts cut by inline markup at random points (a search's highlights): every page must be a
fixed point (a third: after the first pass wherever it is one without the join), pass the @ check, and keep no part of an invented
address it holds (fixed seeds)."""

from __future__ import annotations

import random
import re

import pytest
from selectolax.lexbor import LexborHTMLParser

from sanitize.atcheck import offending_domains
from sanitize.faker import Faker
from sanitize.pipeline import Options, clean, sanitize_page
from sanitize.valuepass import ValuePass

from . import test_random_value_mixes as mixes

INLINE = ["b", "span", "em", "a", "mark", "strong", "i"]
ADDRESSES = ["wyn.tarrow@quillmarsh.io", "o'hale+news@brackenfold.co.uk", "r.ostle@sub.vantmere.net"]
PAGES = 600


def _cut(rng: random.Random, text: str) -> str:
    """``text`` cut at one to three points, each piece between two cuts in an inline element (some nested)."""
    points = sorted(rng.sample(range(1, len(text)), min(len(text) - 1, rng.randint(1, 3)))) if len(text) > 1 else []
    out, pos = [], 0
    for i, point in enumerate([*points, len(text)]):
        piece = text[pos:point]
        pos = point
        if i % 2:
            tag = rng.choice(INLINE)
            inner = f"<i>{piece}</i>" if rng.random() < 0.2 else piece
            piece = f"<{tag} class=hl>{inner}</{tag}>" if tag != "a" else f"<a href='#h'>{inner}</a>"
        out.append(piece)
    return "".join(out)


def _page(rng: random.Random) -> tuple[str, str | None]:
    address = rng.choice(ADDRESSES) if rng.random() < 0.5 else None
    parts = []
    for _ in range(4):
        text = mixes._value(rng)
        if address and not parts:
            text = f"{text} {address} {mixes._value(rng)}"
        parts.append(f"<p>{_cut(rng, text)}</p>")
    return '<!doctype html><html><body><div role="main">' + "".join(parts) + "</div></body></html>", address


@pytest.mark.parametrize("block", range(3))
def test_random_cuts_sanitise_to_a_fixed_point_and_keep_no_address(block):
    refused, kept = [], []
    for seed in range(block * PAGES // 3, (block + 1) * PAGES // 3):
        rng = random.Random(seed)
        html, address = _page(rng)
        try:
            out = sanitize_page(html, page_url="https://mail.google.com/mail/u/0/#search/x",
                                key=b"attest-kit-test-key-%d" % seed, seeded=[])
        except Exception as exc:  # noqa: BLE001 - every failure is reported with its seed
            refused.append((seed, str(exc)))
            continue
        if offending_domains(out.html):
            refused.append((seed, "at-check"))
        if seed % 3 == 0 and not _first_pass_is_a_fixed_point(html, seed) and _first_pass_is_a_fixed_point(
                html, seed, join=False):
            # the safety net's later rounds hide such a bug; the rules' own overlaps (a labelled id beside a card
            # ending) leave a few first passes unsettled with or without the join: only the join's are counted
            refused.append((seed, "the join leaves the first pass unsettled"))
        text = LexborHTMLParser(out.html).body.text(deep=True)
        if address:
            local, domain = address.split("@")
            words = [w for w in re.split(r"[.'+]", local) + domain.split(".")[:-1] if len(w) > 3]
            kept += [(seed, w) for w in words if w in text]
    assert not refused, refused[:5]
    assert not kept, kept[:5]


def _first_pass_is_a_fixed_point(html: str, seed: int, join: bool = True) -> bool:
    faker = Faker(b"attest-kit-test-key-%d" % seed)
    opts = Options(page_host="mail.google.com")
    with pytest.MonkeyPatch.context() as patch:
        if not join:
            patch.setattr(ValuePass, "join_split_values", lambda self, *args: None)
        first = clean(html, faker, opts).html
        faker.own_output = True
        return clean(first, faker, opts).html == first
