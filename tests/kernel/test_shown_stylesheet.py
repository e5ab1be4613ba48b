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


def _drawn(page: str) -> bool:
    """Whether the shown rule draws the page's ``#x``."""
    return ShownRule().shown(LexborHTMLParser(page).css_first("#x"))


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
    # a rule's own last declaration; a value the reader does not know reads no rule (a browser drops "bogus"
    # and hides: drawn here, the side to err on)
    (".v{display:none;display:bogus}", '<div class="v"><span id="x">a</span></div>', True),
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
    # a rule it cannot match exactly reaches a superset (a:visited: every a), never this span
    (".v{display:none} a:visited{visibility:visible}", '<div class="v"><span id="x">a</span></div>', False),
    (".v{display:none} span:hover{display:block}", '<div class="v"><span id="x">a</span></div>', False),
    (".v{visibility:hidden} span:hover{visibility:visible}", '<div class="v"><span id="x">a</span></div>', True),
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


V = '<div class="v w"><span id="x">a</span></div>'


@pytest.mark.parametrize("page", [
    # a value the reader does not evaluate, which a browser keeps: the earlier rule's hiding is not read
    "<style>.v{display:none} .v.w{display:var(--d, block)}</style>" + V,
    "<style>.v{display:none} .v.w{display:revert}</style>" + V,
    "<style>.v{display:none} .v.w{display:revert-layer}</style>" + V,
    "<style>.v{display:none} .v.w{display:-webkit-flex}</style>" + V,
    "<style>.v{visibility:hidden} .v.w{visibility:inherit}</style>" + V,
    "<style>.v{visibility:hidden} .v.w{visibility:unset}</style>" + V,
    "<style>.v{visibility:unset !important; visibility:hidden}</style>" + V,
    # an inline declaration of any value beats a rule that is not !important
    '<style>.v{visibility:hidden}</style><div><span id="x" class="v" style="visibility:inherit">a</span></div>',
    '<style>.v{display:none}</style><div class="v" style="display:revert"><span id="x">a</span></div>',
    '<style>.v{display:none}</style><div class="v" style="display:var(--d, block)"><span id="x">a</span></div>',
    # nested rules, an imported sheet, a style a page running scripts reads as text
    "<style>.v{display:none; &.w{display:block}}</style>" + V,
    "<style>.v{display:none; @media (min-width:1px){display:block}}</style>" + V,
    "<head><noscript><style>.v{display:none}</style></noscript></head><body>" + V + "</body>",
    # selectors where lexbor and a browser part: a rule that may show is not placed, one that hides is left out
    '<style>.v{display:none} :is(.c) ~ .v{display:block}</style><p class="c">p</p><p>q</p>' + V,
    "<style>.v:enabled{display:none}</style>" + V,
    "<style>|div.v{display:none}</style>" + V,
    "<style>.v:not(:blank){display:none}</style>" + V,
    '<style>.v{display:none} :disabled + .v{display:block}</style><fieldset disabled><input>'
    '<div class="v"><span id="x">a</span></div></fieldset>',
    # an !important rule beats an inline declaration that is not
    '<style>.v{display:block !important}</style><div class="v" style="display:none"><span id="x">a</span></div>',
    # a second review: the all shorthand sets both; a no-break space is part of a name; a namespace
    "<style>.v{display:none} .v.w{all:revert}</style>" + V,
    '<style>.v{display:none}</style><div class="v" style="all:initial"><span id="x">a</span></div>',
    "<style>.v\u00a0{display:none}</style>" + V,
    "<style>@namespace url(http://www.w3.org/2000/svg); .v{display:none}</style>" + V,
    '<style>[foo|a]{display:none}</style><div class="v" a="1"><span id="x">a</span></div>',
], ids=lambda page: page[:60])
def test_what_a_browser_may_draw_is_never_hidden_by_a_rule(page: str) -> None:
    """A review of the first cut (2026-12-02; each case checked in Chromium, which draws ``#x``): values the
    reader dropped, nested rules, ``<noscript>`` styles and selectors lexbor reads apart from a browser made it
    hide what a browser draws: a Sent list lost every row, a Calendar week its chips (a snapshot of whole days
    with no events: deletions that never happened)."""
    assert _drawn(page) is True


def test_an_important_inline_declaration_beats_an_important_rule() -> None:
    page = '<style>.v{display:block !important}</style><div class="v" style="display:none !important"><p id="x">a</p></div>'
    assert _drawn(page) is False


def test_a_page_saved_from_the_browser_reads_no_rule() -> None:
    """Sheets over MAX_SHEET_CHARS (a saved Gmail page carries megabytes) are not read: tinycss2 took seconds a pass."""
    from observers.shared.stylesheet import MAX_SHEET_CHARS
    filler = ".a{color:red}" * (MAX_SHEET_CHARS // 13 + 1)
    assert _shown(".v{display:none}" + filler, '<div class="v"><span id="x">a</span></div>') is True
    assert _shown(".v{display:none}", '<div class="v"><span id="x">a</span></div>') is False


@pytest.mark.parametrize(("css", "drawn"), [
    ("div\u00a0.v{display:none} .w{display:block}", True), ("[*|a]{display:none} .w{display:block}", True),
    ("[a!=b]{display:block} .v{display:none}", False),
    (".q,\u3000.r{display:block} .v{display:none}", True),  # placed on every element: drawn (Chromium: none)
], ids=["nbsp", "any-namespace", "not-equal", "ideographic-space"])
def test_a_selector_lexbor_cannot_read_never_breaks_the_pass(css: str, drawn: bool) -> None:
    """A second review: selectors that passed the plain check and made lexbor raise threw out of the pass
    (``health.threw`` on every observer). A rule lexbor cannot read is placed on a superset of its elements
    when it may draw, and left out when it only hides (Chromium drops ``[a!=b]``; ``\u3000.r`` matches none there,
    and here reaches every element: drawn, the side to err on)."""
    tree = LexborHTMLParser(f"<style>{css}</style>{V}")
    assert ShownRule().shown(tree.css_first("#x")) is drawn


@pytest.mark.parametrize("css", [
    "@media (max-width: 600px){.m{display:block !important}}",
    ".m:hover{display:block}",
    ".m{display:var(--d)}",
    ".m{all:revert}",
    "@import url(https://fonts.example.com/css);",
], ids=["responsive", "hover", "var", "all", "import"])
def test_a_rule_that_may_draw_elsewhere_leaves_the_stored_view_hidden(css: str) -> None:
    """A second held-out-style receipt audit (2026-12-02): one responsive rule of a merchant's mail
    (``@media (max-width:600px){.m{display:block}}``) voided every rule of the page, so the stored view Gmail's
    class rule hides was drawn (``selector.ambiguous.main``) and a quote's old total read. A rule that may draw
    is placed on the elements it may reach; the view it cannot reach stays hidden. An ``@import`` (a merchant's
    web font) is another sheet, which a fixture served offline never loads."""
    page = (f"<style>.stored{{display:none}} {css}</style><div class='stored'><span id='x'>a</span></div>"
            "<div class='m'>b</div>")
    assert _drawn(page) is False


@pytest.mark.parametrize(("css", "drawn"), [
    (".clearfix{*zoom:1} .v{display:none}", False),     # an invalid declaration is dropped, the rest read
    (".a{color} .v{display:none}", False),
    (".b" + "{" * 600 + " .v{display:none}", True),      # nested past what tinycss2 reads: no rule read
    (".v{display:" + "(" * 600 + "}", True),
    (".v{display:none; &.w{all:unset}}", True),          # a nested rule: no rule of the page is read
], ids=["star-hack", "no-value", "deep-blocks", "deep-parens", "nested-all"])
def test_a_sheet_the_reader_cannot_read_never_breaks_the_pass(css: str, drawn: bool) -> None:
    """A third review: an invalid declaration (the old ``*zoom:1`` hack) made ``tinycss2.serialize`` raise, and
    600 nested blocks a RecursionError: every observer's pass threw (``health.threw``). And a nested rule setting
    ``all`` slipped past the check for nested rules that named display or visibility."""
    assert ShownRule().shown(LexborHTMLParser(f"<style>{css}</style>{V}").css_first("#x")) is drawn


def test_a_long_selector_on_a_deep_page_is_matched_by_its_subject() -> None:
    """A third review: lexbor's descendant matching grows with the page's depth to the power of the selector's
    compounds (``aside div div div div div div td`` on a page 40 deep: 30 s a pass; three, 300 deep: 22 s). A
    selector of more than two compounds reaches its subject's elements, a superset: a rule that only hides is left
    out."""
    from observers.shared.stylesheet import _reach
    assert [(css, exact) for _, css, exact in _reach("aside div div div div div div td, div > td, div div td")] == [
        ("td", False), ("div > td", True), ("td", False)]
    deep = "<div>" * 40 + '<table><tr><td id="x">a</td></tr></table>' + "</div>" * 40
    tree = LexborHTMLParser(f"<style>aside div div div div div div td{{display:none}}</style>{deep}")
    assert ShownRule().shown(tree.css_first("#x")) is True


def test_an_important_inline_all_beats_an_important_rule() -> None:
    page = ('<style>.v{display:none !important}</style><div class="v" style="all:initial !important">'
            '<span id="x">a</span></div>')
    assert _drawn(page) is True


@pytest.mark.parametrize("css", [
    "@layer a{.v{display:block!important}} .v{display:none!important}",
    "@scope (.w){.v{display:block}} .v{display:none}",
    "#\\31 23{display:block} .v{display:none}",
    ".v.w{display:none} .v:is(.w){display:block}",
], ids=["layer-important", "scope-proximity", "escaped-id", "is"])
def test_a_rule_that_may_draw_outranks_what_the_reader_cannot_rank(css: str) -> None:
    """A fourth review: a layer's !important beats every unlayered !important, and a scope's proximity beats
    order, so a rule under such a condition that may draw outranks every rule of its importance; an escape
    hides what a selector's text says, so such a rule may draw every element."""
    page = f'<style>{css}</style><div class="v w" id="123"><span id="x">a</span></div>'
    assert _drawn(page) is True


def test_a_rule_lexbor_cannot_read_draws_anywhere_but_hides_nowhere() -> None:
    """Found reading the change once more: a rule lexbor cannot read that both hides (display) and draws
    (visibility) was placed on every element whole, so its display:none hid the page."""
    page = "<style>[a!=b]{display:none; visibility:visible}</style><div><span id='x'>a</span></div>"
    assert _drawn(page) is True


@pytest.mark.parametrize("css", [
    ".v, .q::-moz-placeholder{display:none}",                       # a browser drops the whole list
    ".v{display:none} .v:nth-child(1 of .v){display:block}",       # a selector cssselect cannot parse
], ids=["pseudo-element-in-list", "unparsed-draw"])
def test_a_list_a_browser_may_drop_never_hides_and_an_unparsed_draw_outranks(css: str) -> None:
    """A fifth review: a list holding a pseudo-element a browser does not know is dropped whole by it, but the
    reader matched the rest exactly and hid rows; a drawing selector cssselect cannot parse ranked lowest."""
    page = f'<style>{css}</style><div class="v"><span id="x">a</span></div>'
    assert _drawn(page) is True


def test_a_mathml_style_is_no_stylesheet() -> None:
    page = '<math><style>.v{display:none}</style></math><div class="v"><span id="x">a</span></div>'
    assert _drawn(page) is True


def test_an_unparsed_rule_draws_only_its_subjects_elements() -> None:
    """A sixth review: a rule cssselect cannot parse was placed on every element at the top rank, so one unrelated
    ``.zzz:nth-child(1 of .zzz){display:block}`` unhid every element a rule hid (a stored view's row was read)."""
    page = ("<style>.v{display:none} .zzz:nth-child(1 of .zzz){display:block}</style>"
            "<div class='v'><span id='x'>a</span></div>")
    assert _drawn(page) is False


def test_a_style_where_mathml_reads_html_again_is_a_stylesheet() -> None:
    page = ("<style>.v{display:none}</style><math><mtext><style>.v{display:block}</style></mtext></math>"
            "<div class='v'><span id='x'>a</span></div>")
    assert _drawn(page) is True


@pytest.mark.parametrize("css", [
    ".v{display:none} :-webkit-any(.v){display:block}",
    ".v{display:none} :-webkit-any(.a,.v){display:block}",
    ".v{display:none} :nth-child(1 of .v){display:block}",
    ".v{visibility:hidden} body :-webkit-any(.v){visibility:visible}",
], ids=["any", "any-list", "nth-of", "descendant-any"])
def test_an_unparsed_rule_draws_the_compounds_its_pseudo_classes_name(css: str) -> None:
    """A seventh check: with only a subject's plain compound kept, ``:-webkit-any(.v)`` reached nothing and the
    rule hiding ``.v`` won (a drawn row silently dropped). The compounds its functional pseudo-classes name are
    what it may style."""
    page = f"<style>{css}</style><div class='v'><span id='x'>a</span></div>"
    assert _drawn(page) is True


@pytest.mark.parametrize("extra", [
    "".join(f".unused-{i}{{display:block}}" for i in range(101)),  # rules that match nothing
    "/*" + "x" * 70_000 + "*/",  # a comment draws nothing
    "".join(f".m{i} td{{display:table-cell}}" for i in range(300)),  # a merchant mail's own sheet
], ids=["101-unmatched-rules", "70kB-comment", "300-rules"])
def test_a_mail_sized_sheet_is_read_whole(extra):
    """A metamorphic audit: 101 rules that match nothing, or a 70 kB comment, took a page past the caps (100
    rules, 64 kB), no rule of it was read, and a message its class rule hid was read as a receipt. The caps
    stand for a page saved from the browser (megabytes of Gmail's own CSS), not for a mail's sheet."""
    assert _shown(extra + ".hid{display:none}", '<div class="hid"><span id="x">a</span></div>') is False


def test_a_comment_opener_inside_a_string_opens_no_comment():
    """A review: `content:"/*"` made the rest of a sheet count as a comment, and a saved page's megabytes were read."""
    from observers.shared.stylesheet import MAX_SHEET_CHARS
    filler = ".a{color:red}" * (MAX_SHEET_CHARS // 13 + 1)
    assert _shown('.q::before{content:"/*"}.v{display:none}' + filler, '<div class="v"><span id="x">a</span></div>')
