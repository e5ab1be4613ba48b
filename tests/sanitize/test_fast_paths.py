"""The value pass's shortcuts (issue 5) give exactly what the full readings give.

Each shortcut skips work only where a reading is known in advance; these tests pin that down by
comparing it with the full reading it stands for.
"""

from __future__ import annotations

import gc
import json
import random
import re
import weakref
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from sanitize import strip, urls, values
from sanitize.faker import Faker
from sanitize.model import NOT_TEXT_PARENTS, elements_named, walk
from sanitize.pipeline import Cleaner, Options, clean
from sanitize.receipts import PAYMENT_WORDS, LabelledValues

from .conftest import KEY, counts

NEVER = re.compile(r"(?!)")


@pytest.mark.parametrize(
    "raw",
    [
        "https://shop3.example.io/o/1234?token=t1&u=x", "http://a.example", "https://www.google.com/url?q=https://x.io/o/1",
        "https://mail.google.com/mail/u/0/#inbox?compose=x", "https://a-b.c-d.example/#frag", "https://x.example\\evil.example/",
        "https://x.example?q", "https://x.example#a@b", "https://u:p@x.example/", "https://x.example:8080/a", "https://a..b/",
        "https://-a.example/", "https://x.example./", "HTTPS://X.example/", "https://x.example/%2e%2e", "https://1.2.3.4/x",
        "https://x.example/a b", "https://xn--bcher-kva.example/", "http://mail.google.com/x", "https:x.example/a",
    ],
)
def test_plain_link_shortcut_reads_as_the_full_reading(raw, monkeypatch):
    fast = urls.cut_link(raw, "mail.google.com", lambda a: "fake")
    monkeypatch.setattr(urls, "_PLAIN_LINK", NEVER)
    assert fast == urls.cut_link(raw, "mail.google.com", lambda a: "fake")


@pytest.mark.parametrize(  # no "?" or "%3": drop_queries' earlier steps leave these alone
    "text",
    ["#thread-f:1700000000000123", "a#b=c", "x#y&z", "#a%26b", "#p%20q", "#x #y=1", "see #1 and #a=b", "#=", "##&",
     "no fragment", "#frag%", "https://x.example/#a=b&c", "#a&", "#%26"],
)
def test_fragment_precheck_reads_as_the_full_reading(text):
    assert urls.drop_queries(text) == urls._FRAGMENT.sub(urls._fragment, text)


@pytest.mark.parametrize("value", ["#x:javascript:alert(1)", ":f2a", "/javascript:x", "1javascript:x", "[data:x", "javascript:x",
                                   " javascript:x", "\x01data:x", "\u180ejavascript:x", "Data:text/html,x", "#thread-f:17"])
def test_dangerous_shortcut_agrees_with_scheme_reading(value):
    squeezed = re.sub(r"[^\x21-\x7e]", "", value)
    full = urls.scheme_of(value) in urls.DANGEROUS_SCHEMES or bool(
        (m := re.match(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):", squeezed)) and m.group(1).lower() in urls.DANGEROUS_SCHEMES
    )
    assert urls.is_dangerous(value) == full


@pytest.mark.parametrize(
    "snippet",
    ["<p>a<!--c-->b</p>", "<p>a<?pi x?>b</p>", "<p>a</3>b</p>", "<p>a<!x>b</p>", "<p>a<![CDATA[x]]>b</p>", "<p>a</ p>b</p>",
     "<p>a</\x00>b</p>", "<!DOCTYPE html><p>a</p>", "<!doctype html><p>a<!---->b</p>", "<p>a</p>b<p>", "<p>a<b>c</b>"],
)
def test_comment_prescan_never_misses_a_comment(snippet):
    tree = LexborHTMLParser(snippet)
    has_comment = any(n.is_comment_node or not (n.is_element_node or n.is_text_node) for n in tree.root.traverse(include_text=True))
    if has_comment:
        assert strip._COMMENT_SOURCE.search(snippet)
    got: dict[str, int] = {}
    strip.strip_page(tree, snippet, got, PAYMENT_WORDS)
    assert not any(n.is_comment_node for n in tree.root.traverse(include_text=True))
    assert bool(got.get("comment")) == has_comment


@pytest.mark.parametrize(
    "body",
    [
        "<noscript><meta http-equiv=refresh content=0><script>x</script></noscript><meta name=csrf-token content=t>",
        "<svg><animate attributeName=href to=javascript:x><script>y</script></animate><set attributeName=fill to=red></set></svg>",
        "<table><tr><td>Visa</td><td><img alt='Visa ending'><picture><img alt=x></picture></td></tr></table><iframe></iframe>",
        "<template><script>x</script></template><object><embed><param></object><link rel=x><base href=/>",
        "<svg><animate attributeName=href><meta http-equiv=x></animate></svg><meta property=og:session content=s>",
    ],
)
def test_strip_page_matches_the_rules_run_one_by_one(body):
    html = f"<html><head></head><body>{body}<!--c--></body></html>"
    one, seq = LexborHTMLParser(html), LexborHTMLParser(html)
    got: dict[str, int] = {}
    rows = strip.strip_page(one, html, got, PAYMENT_WORDS)
    want: dict[str, int] = {}
    want_rows = strip.payment_image_rows(seq, PAYMENT_WORDS)
    strip.remove_comments(seq.root, want)
    strip.remove_active_elements(seq, want)
    strip.remove_secret_meta(seq, want)
    strip.remove_animations(seq, want)
    assert (one.html, got, len(rows)) == (seq.html, want, len(want_rows))


def test_unchanged_label_neighbours_are_remembered_not_refaked():
    faker = Faker(KEY)
    values = LabelledValues(faker)
    c: dict[str, int] = {}
    assert values.fake_words("Oct 6", c) == "Oct 6"
    assert ("Oct 6", None, 0) in values._unchanged
    fake = values.fake_words("48213", c)
    assert fake != "48213" and c == {"labelled-id": 1}
    assert values.fake_words(fake, c) == fake and c == {"labelled-id": 1}  # a fake is left, and stays left


def test_repeated_elements_count_once_each():
    row = "<div title='x'><a href='https://shop.example/o/1?token=t'>o</a><span data-x='a@corp.example'>s</span></div>"
    got = counts(row * 30)
    assert got["link-cut"] == 30 and got["email"] == 30


def test_a_pass_is_freed_without_the_cyclic_collector():
    # the decision cache points back at its Cleaner; clean() breaks that cycle so a pass's caches
    # go by reference count (a deferred collection over them cost 150 ms on a 4 MB page)
    made: list[weakref.ref] = []
    real_init = Cleaner.__init__

    def init(self, *a, **kw):
        real_init(self, *a, **kw)
        made.append(weakref.ref(self))

    was = gc.isenabled()
    gc.disable()
    try:
        Cleaner.__init__ = init
        clean("<p>Order 48213, a@corp.example</p>", Faker(KEY), Options(page_host="mail.google.com"))
        assert made and made[0]() is None
    finally:
        Cleaner.__init__ = real_init
        if was:
            gc.enable()


def _neutralise_at_by_pattern(text: str, counts: dict[str, int]) -> str:
    """``values.neutralise_at`` as first written: ``_AT`` tried at every position."""
    from sanitize.registry import allowed_domain

    def one(m: re.Match[str]) -> str:
        local, domain, after = m.group(1), m.group(2).rstrip(".-"), m.group(3)
        lookalike = bool(after) and not after.isascii() and after.isalnum()
        if local and domain and allowed_domain(domain) and not lookalike and domain == m.group(2)[: len(domain)]:
            return m.group(0)
        counts["at-sign"] = counts.get("at-sign", 0) + 1
        return f"{local}\uff20{m.group(2)}"

    return values._AT.sub(one, text)


def test_neutralise_at_found_from_each_at_reads_as_the_pattern():
    """Random texts over the characters that matter (local-part and domain characters, a fake and a
    registry domain, lookalike letters, several @ in a row): same text, same counts."""
    import random

    pieces = ["a", "B", "1", ".", "-", "+", "_", "é", " ", "\n", "@", "@@", "example.com", "stripe.com", "x.io",
              "gmail.com", "ı", "ß", "mail", ".-", "@example.org"]
    rng = random.Random(3)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        mine: dict[str, int] = {}
        theirs: dict[str, int] = {}
        assert values.neutralise_at(text, mine) == _neutralise_at_by_pattern(text, theirs), text
        assert mine == theirs, text


def test_schemed_addresses_found_from_each_separator_read_as_the_pattern():
    """``urls._schemed_sub`` finds what ``_SCHEMED.sub`` finds from each letter no letter stands before, on
    random texts over scheme characters, separators, word characters glued before a scheme, and URL ends."""
    import random

    pieces = ["a", "Z", "1", "+", ".", "-", "_", "é", "://", ":", "/", " ", "http", "x.y", "é", ")", ",", "'", "?q=1",
              "山", "。", "42"]
    reference = re.compile(r"(?<![a-zA-Z])" + urls._SCHEMED.pattern)
    rng = random.Random(5)

    def mark(m: re.Match[str]) -> str:
        return f"[{m.start()}:{m.group(1)}:{m.group(0)}]"

    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        assert urls._schemed_sub(mark, text) == reference.sub(mark, text), text


class _SteeredFaker(Faker):
    """Fakes the labelled words of ``steer`` as given (a keyed fake makes such a word one time in
    hundreds): a fake that spells a street suffix where the original did not."""

    def __init__(self, key: bytes, steer: dict[str, str]) -> None:
        super().__init__(key)
        self.steer = steer

    def shaped(self, kind: str, original: str, **shape: bool) -> str:
        if kind == "order" and original in self.steer:
            return self.steer[original]
        return super().shaped(kind, original, **shape)


STEER = {"Ab-1": "Dr-1", "Cd-22": "St-22", "ef-3": "kr-3", "Gh-4": "Ln-4", "Xy-5": "Apt5", "Ij12": "St12",
         "Kl-9": "Rs-9"}


def test_label_spans_carried_over_fakes_read_as_spans_read_afresh(monkeypatch):
    """``labelled_values.SpanMemo`` keeps a text's pattern spans across labelled fakes that cannot move them.
    A later label's word faked into a street suffix makes "1234 Code. Dr" a street, so the earlier
    label's "1234" belongs to the street rule; random texts over such words, labels and capitals
    read the same page and counts as reading the spans afresh after every fake."""
    import random

    from sanitize import labelled_values

    pieces = ["Order ", "Code. ", "code: ", "Invoice no. ", "1234 ", "4321 ", "12 ", "Main ", "Oak ", "Ab-1 ",
              "Cd-22 ", "ef-3 ", "Gh-4 ", "Xy-5", "Ij12 ", "Kl-9 ", "St12 ", "Dr-1 ", "A1B2 ", "12ab ", "kr ", "USD ", "100 ", " ", ", ", "Apt ", "Rs ",
              "4567 8901 ", "\n"]
    rng = random.Random(11)
    pages = ["<p>Order 1234 Code. Ab-1 here</p>"]
    for _ in range(400):
        pages.append("<p>" + "".join(rng.choice(pieces) for _ in range(rng.randint(4, 30))) + "</p>")

    def run_all() -> list[tuple[str, dict[str, int]]]:
        out = []
        for page in pages:
            result = clean(f"<html><body>{page}</body></html>", _SteeredFaker(KEY, STEER), Options(page_host="mail.google.com"))
            out.append((result.html, result.counts))
        return out

    carried = run_all()
    assert "1234 Code. Dr" not in carried[0][0]  # the street rule faked the street, the label did not
    monkeypatch.setattr(labelled_values.SpanMemo, "carry", lambda self, old, new: None)
    assert carried == run_all()


def test_url_edges_stripped_at_once_as_in_turn():
    """``urls.normalise`` strips controls and spaces in one go: the same as stripping them in turn
    until nothing changes, on random edges of controls, Unicode spaces and printable characters."""
    import random

    assert set(urls.UNICODE_SPACES) == {chr(c) for c in range(0x110000) if chr(c).isspace()}

    def in_turn(value: str) -> str:
        old = None
        while old != value:
            old = value
            value = value.strip(urls._CTRL_EDGES).strip()
        return re.sub(r"[\t\n\r]", "", value)

    pieces = ["\x01", "\x00", " ", "\t", "\n", "\xa0", "\u2028", "\u3000", "\x1f", "\x7f", "a", "j", ":", "\u180e"]
    rng = random.Random(8)
    for _ in range(20_000):
        value = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        assert urls.normalise(value) == in_turn(value), repr(value)


def test_the_card_ending_precheck_never_rules_out_a_match():
    import random

    from sanitize.receipts import CARD_ENDING_INLINE, may_name_card_ending
    rng = random.Random(11)
    pieces = ["ending", "EndING in", "ends  in", "visa", "Mastercard-", "AMEX –", "discover", "rupay", "x", "X", "•", "*",
              "·", "-", " ", "in", "card", "1234", "56789", "0", "e", "nd", "with", "ending with", "Last", "last 4", "four",
              " digits", ":", "PayPal", "paypal (", "(", ")", "…", "XXXX-", "** "]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 8))) for _ in range(100_000)]
    matching = [t for t in texts if CARD_ENDING_INLINE.search(t)]
    assert len(matching) > 5_000  # the sample holds matches of every anchor
    assert all(may_name_card_ending(t) for t in matching)


def _tag_walk_corpus() -> list[str]:
    """Pages and snippets for the tag walk: the peer suites' payloads, the golden and fixture pages, names
    lexbor knows and does not, in HTML, SVG and MathML, and random nestings of them."""
    root = Path(__file__).resolve().parents[2]
    peer = Path(__file__).parent / "peer_suites"
    pages = [*json.loads((peer / "dompurify-vectors.json").read_text(encoding="utf-8")),
             *json.loads((peer / "h5sc-vectors.json").read_text(encoding="utf-8"))]
    pages += [p.read_text(encoding="utf-8") for p in sorted((root / "fixtures" / "pages").rglob("*.html"))]
    pages += [p.read_text(encoding="utf-8") for p in sorted((Path(__file__).parent / "golden").glob("*.in.html"))]
    vocabulary = [*strip.STRUCTURAL_TAGS, *NOT_TEXT_PARENTS, "animateMotion", "SCRIPT", "Set", "c-wiz", "x-img", "img2",
                  "svg", "math", "mi", "foreignObject", "select", "option", "table", "tr", "td", "p", "div", "span"]
    rng = random.Random(11)
    for _ in range(300):
        parts = []
        for _ in range(rng.randint(1, 12)):
            tag = rng.choice(vocabulary)
            parts.append(rng.choice((f"<{tag}>x", f"<{tag}/>", f"</{tag}>", "text", f"<{tag} alt=Visa>")))
        pages.append("".join(parts))
    return pages


def test_elements_named_finds_what_the_selector_list_finds():
    custom = frozenset({"c-wiz", "set", "portal", "img"})
    for page in _tag_walk_corpus():
        tree = LexborHTMLParser(page, scripting=True)
        for names in (strip.STRUCTURAL_TAGS, NOT_TEXT_PARENTS, custom):
            want = [n.mem_id for n in tree.css(",".join(sorted(names)))]
            assert [n.mem_id for n in elements_named(tree.root, names)] == want, (page[:200], sorted(names))


def test_walk_skips_exactly_the_texts_of_non_text_parents():
    for page in _tag_walk_corpus():
        root = LexborHTMLParser(page, scripting=True).root
        parents = root.css(",".join(sorted(NOT_TEXT_PARENTS)))
        skipped = [c.mem_id for el in parents for c in _children(el) if c.is_text_node]
        styles = [c.mem_id for el in parents if el.tag == "style" for c in _children(el) if c.is_text_node]
        w = walk(root)
        in_runs = {n.mem_id for run in w.runs for n in run.nodes}
        texts = {n.mem_id for n in root.traverse(include_text=True) if n.is_text_node}
        assert in_runs == texts - set(skipped), page[:200]
        assert [n.mem_id for n in w.styles] == styles, page[:200]


def _children(el):
    child = el.child
    while child is not None:
        yield child
        child = child.next


_LABEL_WORDS = ["A1B2C3D4", "W12345678", "1Z999AA10123456784", "$5.00", "12.50 EUR", "ending in 4242", "Visa 4111",
                "EUR1234", "Rs12345", "Apt 4B", "2nd", "Oct 6", "0x7f3a", "ab12-cd34", "です", "415-555-0199", "ST1234"]
#: What stands beside an id in a text with an address: addresses plain, encoded and bracketed, glued to an id or
#: after an escape or glued to one's digits, a display name glued to digits.
_ADDRESS_WORDS = ["ada@corp.io", "<ada@corp.io>", "Ada Quorn <a1b2@x.io>", "from%3Aada%40corp.io", "2n(ada@corp.io)",
                  "A1B2@x", "o'A1B2@corp.io", "%2BA1B2@x.io", "ada%2DA1B2@corp.io", "A1B2C3(b@c.io)", "x%40A1B2",
                  "\"Q7 Ada\" <q7@x.io>", "[mailto:a9@b.io]", "A1B2.ada@corp.io", "ada@corp.A1B2",
                  "%2A1B2C3D4", "%3A4F2Bada%40x.io", "x%C3A1B2@corp.io", "%A1B2.ada@corp.io", "%2B4E1A.b@c.io"]


def _labelled_texts(n: int, seed: int, words: list[str], apart: str = " ") -> list[str]:
    """Texts of several id labels each, with what a label's next words can be: ids, amounts, card endings,
    literal words a fake may spell (``values.LITERAL_WORDS``), dates, hex, words glued to CJK; ``apart`` between
    them ("" and "、": a run with no space, where each label's two tokens run to its end)."""
    rng = random.Random(seed)
    labels = ["Order number", "Order #", "order no.", "Confirmation code:", "Booking reference", "注文のOrder number:",
              "Ref:", "Order#"]
    return [apart.join(f"{rng.choice(labels)}{apart or ' '}{rng.choice(words)}{apart}{rng.choice(words)}"
                       for _ in range(rng.randint(2, 9))) for _ in range(n)]


_SPACED = _labelled_texts(120, 5, _LABEL_WORDS) + _labelled_texts(300, 6, _LABEL_WORDS + _ADDRESS_WORDS) + [
    # a review's fuzzer: a fake inside a display name moved its span; an encoded @ faked away dropped the ＠ spans
    "PNR 40A1B2 order no. A1B2 Quorn <ada@x.io>", "PNR x%40A1B2 order no. A1B2 Quorn <ada@x.io>",
    "code Q6N6G2 12ABinfo＠corp．co．jp Order # x%40A1B2"]
_GLUED = (_labelled_texts(150, 7, _LABEL_WORDS + _ADDRESS_WORDS, apart="")
          + _labelled_texts(150, 8, _LABEL_WORDS + _ADDRESS_WORDS, apart="、"))


@pytest.mark.parametrize("text, spaced", [(t, True) for t in _SPACED] + [(t, False) for t in _GLUED])
def test_labels_faked_together_read_as_one_call_per_label(text, spaced):
    from sanitize.receipt_labels import inline_label_ends

    ends = inline_label_ends(text)
    one, each = LabelledValues(Faker(KEY)), LabelledValues(Faker(KEY))
    got_counts: dict[str, int] = {}
    want_counts: dict[str, int] = {}
    got = one.fake_after_labels(text, ends, got_counts, limit_tokens=2)
    want = text
    for end in reversed(ends):
        want = each.fake_words(want, want_counts, limit_tokens=2, start=end)
    assert (got, got_counts, one.fakes) == (want, want_counts, each.fakes)
    if spaced:  # a fixed point (glued into one run, an id's fake may take a card ending's word from it, "0622Visa
        # 4111", and the ending's digits are an id on the next call: one call per label does the same; recorded)
        assert one.fake_after_labels(got, inline_label_ends(got), got_counts, limit_tokens=2) == got
