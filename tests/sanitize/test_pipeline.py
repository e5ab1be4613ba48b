"""Whole-page properties: golden files, determinism, keys, idempotence, the @ check on every output,
seeded secrets, structure kept, the parser-differential net."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from sanitize.atcheck import offending_domains
from sanitize.faker import Faker
from sanitize.pipeline import clean as clean_once, Options, sanitize_page
from sanitize.safety import parser_stable

from .conftest import GMAIL, KEY, OTHER_KEY, SEEDS, clean

GOLDEN = Path(__file__).parent / "golden"
PEER = Path(__file__).resolve().parent / "peer_suites"
CASES = {
    "gmail-sent": dict(page_url=GMAIL, names=["Ottilie Vance"], redact_selectors=[".bog"]),
    "receipt": dict(page_url="https://mail.google.com/mail/u/0/#inbox/FMfcgzInvented"),
}


def _golden(name: str, key: bytes = KEY) -> str:
    src = (GOLDEN / f"{name}.in.html").read_text(encoding="utf-8")
    return sanitize_page(src, key=key, seeded=SEEDS, **CASES[name]).html


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name):
    out = _golden(name)
    expected = GOLDEN / f"{name}.out.html"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        expected.write_text(out, encoding="utf-8")
        pytest.skip(f"golden file rewritten: {expected.name}; review its diff")
    assert expected.exists(), f"{expected} is missing (UPDATE_GOLDEN=1 writes it)"
    assert out == expected.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_outputs_hold_no_invented_original(name):
    out = _golden(name)
    for original in ("Ottilie", "Bram", "555-0142", "ABCDEF", "tok_abc123", "AF6bupN", "acct_1Qz9", "4821-9930",
                     "42.17", "6407", "Kestrel", "Quillby", "marmot.example.io", "3f2b8c1e", "Lunch on Thursday"):
        # as a whole word: a pool fake may contain an original's letters (Bramwell holds Bram)
        assert not re.search(rf"(?<![\w]){re.escape(original)}(?![\w])", out), original
    if name == "receipt":
        assert "Marmot Supply Co" in out  # a +tag registry sender keeps its name (the merchant)
    assert not offending_domains(out)


def test_same_key_is_byte_identical():
    assert _golden("receipt") == _golden("receipt")
    assert _golden("gmail-sent") == _golden("gmail-sent")


def test_another_key_shares_no_fake():
    a, b = _golden("receipt"), _golden("receipt", OTHER_KEY)
    words = lambda s: set(re.findall(r"[\w.+-]+@[\w.-]+|\$\d+\.\d\d|\b\d{4}-\d{4}\b|- \d{4}", s))  # noqa: E731
    fakes_a, fakes_b = words(a), words(b)
    assert fakes_a and not ({f for f in fakes_a if not f.endswith("@stripe.com")} & fakes_b)


def test_idempotent_with_the_same_capture_faker():
    faker = Faker(KEY)
    opts = Options(page_host="mail.google.com", names=("Ottilie Vance",), redact_selectors=(".bog",),
                   seeds=tuple(__import__("sanitize.seeds", fromlist=["as_seeds"]).as_seeds(SEEDS)))
    src = (GOLDEN / "gmail-sent.in.html").read_text(encoding="utf-8")
    once = clean_once(src, faker, opts).html
    faker.own_output = True  # read as the second pass reads the first's output
    assert clean_once(once, faker, opts).html == once


def test_seeded_secrets_visible_in_main_landmark_once():
    out = _golden("receipt")
    for seed in SEEDS:
        assert out.count(seed["value"]) == 1
        assert f'<div data-attest-seeded="{seed["id"]}">{seed["value"]}</div>' in out
    main = out.index('role="main"')
    assert all(out.index(s["value"]) > main for s in SEEDS)


def test_seeds_fall_back_to_body_and_forged_seeds_removed():
    out = clean('<div data-attest-seeded="api-key">lena.corvid@corp.example.io</div>', seeded=SEEDS)
    assert "lena.corvid" not in out and out.count("data-attest-seeded") == 3


def test_a_seed_a_capture_drew_with_its_computed_style_is_the_seed():
    """A capture of a fixture page (``capture`` of a served fixture) writes each element's computed style
    inline, seeds too: they were read as forged, removed and injected again ("forged-seed: 3" on every
    re-sanitised fixture). The seed is kept, written as injected."""
    from sanitize.pipeline import sanitize_page

    seed = SEEDS[0]
    injected = f'<div data-attest-seeded="{seed["id"]}">{seed["value"]}</div>'
    # a review: a kept style sheltered what it held from every value rule, or hid the seed; it is dropped
    for style in ("display:block;visibility:visible", "display:none", "opacity:0",
                  "--x:'ada.quorn@corp.example.io'", "background:url(https://tracker.example/x)"):
        drawn = injected.replace(">", f' style="{style}">', 1)
        result = sanitize_page(f"<html><body><main>{drawn}</main></body></html>", page_url="https://mail.google.com/",
                               key=KEY, seeded=SEEDS)
        assert "forged-seed" not in result.counts and injected in result.html and style not in result.html
    # anything else on it, or inside it, is a forgery: an element inside a kept seed escaped the value rules
    for forged in (injected.replace(">", ' title="ada.quorn@corp.example.io">', 1),
                   injected.replace("</div>", '<span title="ada.quorn@corp.example.io"></span></div>')):
        result = sanitize_page(f"<html><body><main>{forged}</main></body></html>", page_url="https://mail.google.com/",
                               key=KEY, seeded=SEEDS)
        assert result.counts.get("forged-seed") == 1 and "ada.quorn" not in result.html


@pytest.mark.parametrize("body, landmark", [
    ('<nav>n</nav><main id="m"><p>content</p></main>', 'id="m"'),  # <main> is the main landmark too
    ('<div role="main" style="visibility:hidden"><p>c</p></div><div role="main" id="m2">second</div>', 'id="m2"'),
    ('<div style="visibility:hidden"><div role="main"><p>c</p></div></div><main id="m3">x</main>', 'id="m3"'),
])
def test_seeds_go_into_the_first_shown_main_landmark(body, landmark):
    """A traceability review: seeds went into <body> beside a <main> element, and into a main landmark
    hidden by visibility (spec §6.2: "visible ... in the main landmark")."""
    from selectolax.lexbor import LexborHTMLParser
    out = clean(body, seeded=SEEDS)
    target = LexborHTMLParser(out).css_first(f"[{landmark.split('=')[0]}={landmark.split('=')[1]}]")
    assert target is not None and target.html.count("data-attest-seeded") == 3, out


def test_a_main_landmark_shown_again_inside_a_hidden_wrapper_takes_the_seeds():
    out = clean('<div style="visibility:hidden"><div role="main" id="m" style="visibility:visible">c</div></div>', seeded=SEEDS)
    assert out.index('id="m"') < out.index("data-attest-seeded")


def test_repo_seeded_json_has_three_invented_secrets():
    data = json.loads((Path(__file__).resolve().parents[2] / "fixtures/secrets/seeded.json").read_text())
    assert len(data) == 3 and all(e["value"].startswith("attest-seed-") for e in data)


def test_structure_role_aria_data_id_class_kept():
    out = clean('<div role="grid" aria-label="Inbox" data-x="1" id=":6w" class="zA yO"><span>t</span></div>')
    assert out == '<div role="grid" aria-label="Inbox" data-x="1" id=":6w" class="zA yO"><span>t</span></div>'


def _peer_payloads() -> list[str]:
    return json.loads((PEER / "dompurify-vectors.json").read_text()) + json.loads((PEER / "h5sc-vectors.json").read_text())


def test_at_check_passes_on_every_peer_output():
    for p in _peer_payloads():
        out = sanitize_page(p, page_url="https://attest.test/p.html", key=KEY, seeded=SEEDS).html
        assert not offending_domains(out)
        tree = LexborHTMLParser(out)
        for node in tree.root.traverse():
            assert node.tag not in ("script", "iframe", "object", "embed", "img", "link", "base")
            for name, value in node.attributes.items():
                assert not name.lower().startswith("on"), name
                assert "javascript:" not in (value or "").lower().replace("\t", "")


def test_parser_differential_drops_the_subtree():
    # lexbor and html5lib disagree about <isindex>; the net must drop it and count it
    counts: dict[str, int] = {}
    out = parser_stable('<html><head></head><body><p>a</p><isindex x="1"><p>b</p></body></html>', counts)
    assert counts.get("parser-differential", 0) >= 1 and "<p>a</p>" in out
    assert parser_stable(out, {}) == out


#: lexbor reads the customisable <select> (an element inside <option> stays); html5lib drops it.
_SELECT_DIFFERING = "<select><option>a<b>c</b></option></select>"


@pytest.mark.parametrize("filler", [0, 1_100_000], ids=["full-check", "over-full-check-bytes"])
def test_many_parser_differentials_are_all_dropped(filler):
    # one element dropped per round ran out of rounds at 25: the whole page was refused
    body = "<p>filler text.</p>" * (filler // 19) + ("<p>keep</p>" + _SELECT_DIFFERING) * 60
    counts: dict[str, int] = {}
    out = parser_stable(f"<html><head></head><body>{body}</body></html>", counts)
    assert counts["parser-differential"] >= 60
    assert out.count("<p>keep</p>") == 60 and "<b>" not in out
    assert parser_stable(out, {}) == out


#: html5lib itself fails on this tree (an assertion in its select handling, inside foreign content
#: inside a select); found by a review's random mix of risky snippets.
_HTML5LIB_FAILS = (
    '<!DOCTYPE html><html><head><title>t</title></head><body><div role="main"><math><annotation-xml '
    'encoding="text/html"><svg><foreignObject><div><svg><g><math><annotation-xml encoding="text/html"><select>'
    "<option><svg><title><p></p><hr>&lt;b&gt;</title><svg><style></style></svg><form><svg><foreignObject><select>"
    "</select></foreignObject></svg></form></svg></option></select></annotation-xml></math></g></svg></div>"
    "</foreignObject></svg></annotation-xml></math><p>kept</p></div></body></html>"
)


def test_a_tree_html5lib_cannot_read_is_a_differential_not_a_crash():
    counts: dict[str, int] = {}
    out = parser_stable(_HTML5LIB_FAILS, counts)
    assert counts["parser-differential"] >= 1 and "<p>kept</p>" in out and "<select" not in out
    assert parser_stable(out, {}) == out
    page = sanitize_page(_HTML5LIB_FAILS, page_url=GMAIL, key=KEY, seeded=SEEDS).html
    assert "<p>kept</p>" in page
