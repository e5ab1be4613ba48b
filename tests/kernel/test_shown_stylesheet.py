"""The shown rule reads a page's own ``<style>`` rules for display and visibility, as the browser's computed style
does (spec §2: an observer reads "computed style"; the original's fixture tests compute it in a test DOM).

A capture carries no stylesheet (every element's computed display and visibility are inline), so this matters
for pages built by hand: two held-out-style audits (2026-12-02) hid Gmail's stored views with a class rule
(``<style>.v{display:none}</style>``) and lost the whole page to ``selector.ambiguous.main``. Inline declarations
decide over any rule; among rules the cascade's order decides (!important, then specificity, then order).
A rule the reader cannot evaluate (a selector it cannot match) that could show an element makes it read no
rule of that page: never hide what a browser might draw.
"""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from observers.shared.dom import ShownRule, accessible_text_within


def _shown(css: str, body: str, **attrs: str) -> bool:
    extra = "".join(f' {k}="{v}"' for k, v in attrs.items())
    tree = LexborHTMLParser(f"<html><head><style{extra}>{css}</style></head><body>{body}</body></html>")
    return ShownRule().shown(tree.css_first("#x"))


@pytest.mark.parametrize("css, body, expected", [
    (".v{display:none}", '<div class="v"><span id="x">a</span></div>', False),
    (".v{visibility:hidden}", '<div class="v"><span id="x">a</span></div>', False),
    (".v{visibility:hidden} .w{visibility:visible}", '<div class="v"><span id="x" class="w">a</span></div>', True),
    ("#m .v{display:none}", '<div id="m"><div class="v"><p id="x">a</p></div></div>', False),
    # the inline declaration decides over any rule (a capture's computed style is inline)
    (".v{display:none}", '<div class="v" style="display:block"><span id="x">a</span></div>', True),
    (".v{visibility:hidden}", '<div class="v"><span id="x" style="visibility:visible">a</span></div>', True),
    # specificity, then order, then !important
    (".v.on{display:block} .v{display:none}", '<div class="v on"><span id="x">a</span></div>', True),
    (".v{display:block} .v{display:none}", '<div class="v"><span id="x">a</span></div>', False),
    (".v{display:none} .v{display:block}", '<div class="v"><span id="x">a</span></div>', True),
    (".v{display:none !important} #y.v{display:block}", '<div id="y" class="v"><span id="x">a</span></div>', False),
    # a rule's own last declaration, an invalid value dropped
    (".v{display:none;display:bogus}", '<div class="v"><span id="x">a</span></div>', False),
    (".v{display:none;display:block}", '<div class="v"><span id="x">a</span></div>', True),
    # a rule set display wins over the browser's [hidden] rule, as an inline one does
    (".v{display:block}", '<div class="v" hidden><span id="x">a</span></div>', True),
    # rules that never apply to the element: a pseudo-element's, a state's, another medium's
    (".v::before{display:none}", '<div class="v"><span id="x">a</span></div>', True),
    (".v:hover{display:none}", '<div class="v"><span id="x">a</span></div>', True),
    ("@media print{.v{display:none}}", '<div class="v"><span id="x">a</span></div>', True),
    ("@media screen{.v{display:none}}", '<div class="v"><span id="x">a</span></div>', False),
    ("/* .v{display:none} */", '<div class="v"><span id="x">a</span></div>', True),
    # a conditional rule that may show what another hides: nothing of the sheet is read
    (".v{display:none} @media (min-width: 1px){.v{display:block}}", '<div class="v"><span id="x">a</span></div>', True),
    (".v{display:none} a:visited{visibility:visible}", '<div class="v"><span id="x">a</span></div>', True),
    # no rule at all
    ("", '<div class="v"><span id="x">a</span></div>', True),
])
def test_a_style_rule_decides_where_no_inline_declaration_does(css: str, body: str, expected: bool) -> None:
    assert _shown(css, body) is expected


def test_a_style_element_for_another_medium_is_not_read() -> None:
    assert _shown(".v{display:none}", '<div class="v"><span id="x">a</span></div>', media="print") is True
    assert _shown(".v{display:none}", '<div class="v"><span id="x">a</span></div>', media="screen") is False


def test_a_style_in_the_body_is_read_too() -> None:
    tree = LexborHTMLParser('<body><style>.v{display:none}</style><div class="v"><span id="x">a</span></div></body>')
    assert ShownRule().shown(tree.css_first("#x")) is False


def test_the_accessible_text_leaves_out_what_a_rule_hides() -> None:
    tree = LexborHTMLParser('<style>.h{display:none} .i{visibility:hidden}</style>'
                            '<div id="s">1<span class="h">1</span>pm to <b class="i">3</b>2pm</div>')
    assert accessible_text_within(tree.css_first("#s")) == "1pm to 2pm"
