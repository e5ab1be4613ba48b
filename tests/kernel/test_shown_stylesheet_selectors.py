"""The stylesheet reader places exactly what lexbor matches as a browser does: the four combinators, structural
pseudo-classes and ``:not``/``:is``/``:where`` of compounds (a held-out-style audit of 2026-12-02 hid a Calendar
chip with ``.copy:not(.live)``, a stored view with ``[role=main] ~ [role=main]`` and a "2 more" with
``.more:not(.open)``; each was read as drawn: a phantom event posted as evidence, a page DEGRADED, a day lost).

A differential fuzz against Chromium (7,500 page and selector pairs a feature; then the reader's own path on four
seeds) found lexbor apart in three ways. The reader rewrites around two (``exact_selectors._for_lexbor``): a compound
that starts with a pseudo-class before a descendant or sibling combinator (``:is(.a) .b`` read as ``:is(.a) > .b``),
and the doctype counted as ``<html>``'s elder sibling (``:first-child`` false of it, ``:nth-child(2)`` true); the
third, ``:nth-child(… of S)``, stays a superset. ``a ~ b`` is matched by the reader itself:
lexbor's cost grows with the square of a sibling run.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from selectolax.lexbor import LexborHTMLParser

from attest_kit.contract import PassContext
from observers.shared.dom import ShownRule
from observers.shared.stylesheet import MAX_STRUCTURAL_ELEMENTS, _reach

DOCTYPE = "<!doctype html>"


def _drawn(css: str, body: str) -> bool:
    tree = LexborHTMLParser(f"{DOCTYPE}<html><head><style>{css}</style></head><body>{body}</body></html>")
    return ShownRule().shown(tree.css_first("#x"))


@pytest.mark.parametrize("css, body, drawn", [
    # the audit's pages, reduced
    (".copy:not(.live){display:none}", '<div class="copy"><span id="x">a</span></div>', False),
    (".copy:not(.live){display:none}", '<div class="copy live"><span id="x">a</span></div>', True),
    ("[role=main] ~ [role=main]{display:none}", '<div role="main">a</div><p></p><div role="main" id="x">b</div>', False),
    ("[role=main] ~ [role=main]{display:none}", '<div role="main" id="x">a</div><div role="main">b</div>', True),
    (".mark + div{display:none}", '<i class="mark"></i><div id="x">a</div>', False),
    (".mark + div{display:none}", '<i class="mark"></i><p></p><div id="x">a</div>', True),
    (".copy:first-child{display:none}", '<div><p class="copy" id="x">a</p><p class="copy">b</p></div>', False),
    (".copy:first-child{display:none}", '<div><p class="copy">a</p><p class="copy" id="x">b</p></div>', True),
    (":is(.old, .stale) .chip{display:none}", '<section class="stale"><div><b class="chip" id="x">a</b></div></section>', False),
    (":where(.old) ~ .chip{display:none}", '<i class="old"></i><u></u><b class="chip" id="x">a</b>', False),
    ("li:nth-child(2n+1){display:none}", '<ul><li>a</li><li>b</li><li id="x">c</li></ul>', False),
    ("li:nth-child(2n+1){display:none}", '<ul><li>a</li><li id="x">b</li></ul>', True),
    ("li:not(:last-child){display:none}", '<ul><li id="x">a</li><li>b</li></ul>', False),
    ("p:empty{display:none}", '<p id="x"></p>', True),  # not placed exactly: see the review's <?…?> below
    # specificity of :not and :is is their most specific argument's; :where's is none
    (".v:not(#w){display:none} .v.on{display:block}", '<p class="v on" id="x">a</p>', False),
    (":where(#b) .v{display:none} .v{display:block}", '<div id="b"><p class="v" id="x">a</p></div>', True),
    # still a superset, drawing only: a state, a complex argument, the "of" form
    (".v:hover{display:none}", '<p class="v" id="x">a</p>', True),
    (".v:not(.a .b){display:none}", '<p class="v" id="x">a</p>', True),
    ("li:nth-child(1 of .v){display:none}", '<ul><li class="v" id="x">a</li></ul>', True),
])
def test_a_rule_lexbor_matches_as_a_browser_does_is_placed_exactly(css: str, body: str, drawn: bool) -> None:
    assert _drawn(css, body) is drawn


@pytest.mark.parametrize("css, drawn", [
    (":first-child > body{display:none}", False),  # <html> is its document's first child
    (":only-child > body{display:none}", False),
    (":nth-child(2) > body{display:none}", True),  # and never its second (lexbor counts the doctype)
    (":nth-child(odd) > body{display:none}", False),
    (":not(:first-child) > body{display:none}", True),
])
def test_html_is_its_documents_first_child(css: str, drawn: bool) -> None:
    tree = LexborHTMLParser(f'{DOCTYPE}<html><head><style>{css}</style></head><body id="x">a</body></html>')
    assert ShownRule().shown(tree.css_first("#x")) is drawn


def test_a_long_sibling_run_is_matched_exactly() -> None:
    """5,000 siblings: lexbor's own ``~`` walks every earlier sibling of each (1 s a rule at 10,000)."""
    rows = '<p class="a"></p>' + '<p class="b"></p>' * 5000 + '<p class="b" id="x">z</p>'
    assert _drawn(".a ~ .b{display:none}", f"<div>{rows}</div>") is False
    assert _drawn(".c ~ .b{display:none}", f"<div>{rows}</div>") is True
    assert _drawn(".a ~ .b{display:none}", f"<div><p class='b' id='x'>z</p>{rows}</div>") is True


def test_a_pseudo_class_that_starts_a_compound_is_read_from_any_ancestor() -> None:
    assert [(css, exact) for _, css, exact in _reach(":is(.a) .b, :not(ul) ~ .c")] == [
        ("*:is(.a) .b", True), ("*:not(ul) ~ .c", True)]
    assert _drawn(":is(.a) .b{display:none}", '<div class="a"><div><p class="b" id="x">z</p></div></div>') is False


# A review of the widening (Chromium as the oracle on 4,000 random sheets and the shipped pages with rules added):
@pytest.mark.parametrize("css, body, drawn", [
    # a :not list is what cssselect cannot read: its arguments are what it leaves out, never what it reaches, and
    # it is scored by its most specific argument
    (":not(.b, b){visibility:visible !important} p + *{visibility:hidden}", '<p></p><i id="x">x</i>', True),
    ("p:not(.z){visibility:hidden} :not(.x, .y):first-child{visibility:visible}", '<p id="x">a</p>', True),
    ("p:not(.z, #w){visibility:hidden} :not(.x, .y):first-child{visibility:visible}", '<p id="x">a</p>', False),
    (":not(.a, .b){display:block}", '<div hidden id="x">a</div>', True),
    (".v:not(.a, .b){display:none}", '<p class="v" id="x">a</p>', False),
    (".v:not(.a, .b){display:none}", '<p class="v b" id="x">a</p>', True),
    # Chromium matches no An+B of a number from 2^30 on; lexbor does
    ("li:nth-child(-n+1073741824){display:none}", '<ul><li id="x">a</li></ul>', True),
    # a <?…?> is a comment to a browser, content to lexbor: :empty is not placed exactly
    ("td:not(:empty){visibility:hidden}", '<table><tr><td id="x"><?php echo 1 ?></td></tr></table>', True),
])
def test_what_the_review_found_lexbor_and_cssselect_read_apart(css: str, body: str, drawn: bool) -> None:
    assert _drawn(css, body) is drawn


def test_a_head_noscript_moves_nothing_into_the_body() -> None:
    """The observers parse as a browser that runs scripts does: a tracking pixel in a head ``<noscript>`` stayed an
    element, became the body's first child and made ``.step:first-child`` miss the first step."""
    page = ('<!doctype html><html><head><style>.step{display:none} .step:first-child{display:block}</style>'
            '<noscript><img src="p.gif"></noscript></head><body><div class="step" id="x">a</div></body></html>')
    ctx = PassContext(html=page, url="https://mail.google.com/mail/u/0/#sent", tz=ZoneInfo("UTC"),
                      instant=datetime(2026, 12, 1, tzinfo=timezone.utc))
    assert ShownRule().shown(ctx.tree.css_first("#x")) is True


def test_structural_pseudo_classes_on_a_big_page_reach_a_superset() -> None:
    """lexbor counts each element's siblings afresh (``tr:nth-child(n+51)`` over 20,000 rows: 2.4 s a rule): past
    ``MAX_STRUCTURAL_ELEMENTS`` such a rule may draw its subject's elements, and hides none."""
    rows = "<tr><td>a</td></tr>" * 60 + '<tr id="x"><td>b</td></tr>'
    assert _drawn("tr:nth-child(n+51){display:none}", f"<table>{rows}</table>") is False
    big = rows + "<tr><td>c</td></tr>" * MAX_STRUCTURAL_ELEMENTS
    assert _drawn("tr:nth-child(n+51){display:none}", f"<table>{big}</table>") is True


def test_a_class_named_like_a_pseudo_class_is_placed_exactly_on_a_big_page() -> None:
    """A final review: the big-page rule looked for "-child" anywhere in the selector, so ``.row-child`` on a page
    of more than ``MAX_STRUCTURAL_ELEMENTS`` elements hid nothing. Only a sibling-counting pseudo-class counts."""
    filler = "<i></i>" * MAX_STRUCTURAL_ELEMENTS
    assert _drawn(".row-child{display:none}", f'<div class="row-child" id="x">a</div>{filler}') is False
    assert _drawn('[title=":first-child"]{display:none}', f'<p title=":first-child" id="x">a</p>{filler}') is False


@pytest.mark.parametrize("css, drawn", [
    ("@media (min-width:1px){.u{display:block}} .u.u{display:none}", False),
    (".u.u{display:none} @media (min-width:1px){.u{display:block}}", False),
    ("@supports (display:grid){.u{display:block}} .u.u{display:none}", False),
    ("@media (min-width:1px){.u.u{display:block}} .u{display:none}", True),
    (".u{display:none} @media (max-width:1px){.u{display:block}}", True),
    ("@layer base{.u{display:block!important}} .u.u{display:none!important}", True),
])
def test_a_condition_leaves_a_rules_place_in_the_cascade_its_own(css: str, drawn: bool) -> None:
    """A metamorphic audit of the shipped pages: a drawing rule inside ``@media (min-width:1px)`` that a later, more
    specific rule beats drew a stored view (the page DEGRADED). A condition says whether a rule applies, not where
    it ranks; only a layer or a scope moves it (there it still outranks every rule of its importance)."""
    assert _drawn(css, '<div class="u" id="x">a</div>') is drawn


def test_an_unread_selector_under_a_condition_still_outranks_every_rule() -> None:
    """A Chromium fuzz after the change above: a rule cssselect cannot read (a ``:not`` list holding a parenthesis)
    reaches every element at the lowest rank; under a condition it had the top rank, and lost it to ``.A.A``."""
    css = ".A.A{visibility:hidden} @media (min-width:1px){.a :not(div:nth-child(2), div){visibility:visible}}"
    assert _drawn(css, '<em class="a"><p class="A" id="x">a</p></em>') is True


def test_a_not_list_holding_a_structural_pseudo_class_is_placed_exactly() -> None:
    """The same fuzz: ``:not(:nth-child(odd), span.b)`` was unread (its list holds a parenthesis), so it reached every
    element at the lowest rank and lost to ``i:is(*)``; a browser scores it (0,1,1), above."""
    css = ":not(:nth-child(odd), span.b){visibility:visible} i:is(*){visibility:hidden}"
    assert _drawn(css, '<p></p><i id="x">a</i>') is True
    assert _drawn(css, '<i id="x">a</i>') is False
