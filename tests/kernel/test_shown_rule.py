"""The shown rule (observers/shared/dom.py), which all three observers read with.

A capture writes each element's own computed display and visibility inline (spec §6.2), so the rule
reads them as a browser computes them. A held-out audit (selectors 1.2.4 / 1.3.4) found four ways it
read a drawn element as hidden, or a hidden one as drawn; each case below failed before its fix.
"""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

from observers.shared.dom import ShownRule


def _shown(html: str) -> bool:
    tree = LexborHTMLParser(f"<html><body>{html}</body></html>")
    return ShownRule().shown(tree.css_first("#x"))


@pytest.mark.parametrize("html, expected", [
    # visibility is inherited and a child may set it back: the element's own (or nearest) value decides
    ('<div style="visibility:hidden"><span id="x" style="visibility:visible">a</span></div>', True),
    ('<div style="visibility:hidden"><div style="visibility:visible"><span id="x">a</span></div></div>', True),
    ('<div style="visibility:visible"><div style="visibility:hidden"><span id="x">a</span></div></div>', False),
    ('<div style="visibility:collapse"><span id="x">a</span></div>', False),
    ('<span id="x" style="visibility:hidden">a</span>', False),
    # display:none cannot be undone below it
    ('<div style="display:none"><span id="x" style="display:block;visibility:visible">a</span></div>', False),
    # the hidden attribute is display:none only until a display is set: a capture writes the computed one
    ('<div hidden style="display:block"><span id="x">a</span></div>', True),
    ('<div hidden style="visibility:visible"><span id="x">a</span></div>', False),
    ('<div hidden><span id="x">a</span></div>', False),
    ('<div hidden style="display:none"><span id="x">a</span></div>', False),
    # the last declaration wins
    ('<div style="display:none;display:block"><span id="x">a</span></div>', True),
    ('<div style="display:block;display:none"><span id="x">a</span></div>', False),
    # a live tab runs scripts: <noscript> holds text there, never drawn elements
    ('<noscript><div id="x">a</div></noscript>', False),
    # a closed <details> draws its summary only
    ('<details><summary id="x">a</summary><div>b</div></details>', True),
    ('<details><summary>a</summary><div id="x">b</div></details>', False),
    ('<details><summary>a</summary><div><p id="x">b</p></div></details>', False),
    ('<details open><summary>a</summary><div id="x">b</div></details>', True),
    ('<div id="x">a</div>', True),
    # a review of the rewrite: hidden="until-found" keeps its box but hides its content
    ('<div hidden="until-found" style="display:block;visibility:visible"><span id="x">a</span></div>', False),
    # an earlier !important declaration beats a later normal one
    ('<div style="display:none !important;display:block"><span id="x">a</span></div>', False),
    ('<div style="visibility:hidden!important;visibility:visible"><span id="x">a</span></div>', False),
    ('<div style="display:none ! important"><span id="x">a</span></div>', False),
    # inherit, unset and revert take the parent's visibility; initial is visible
    ('<div style="visibility:hidden"><span id="x" style="visibility:inherit">a</span></div>', False),
    ('<div style="visibility:hidden"><span id="x" style="visibility:unset">a</span></div>', False),
    ('<div style="visibility:hidden"><span id="x" style="visibility:revert">a</span></div>', False),
    ('<div style="visibility:hidden"><span id="x" style="visibility:initial">a</span></div>', True),
    # an invalid display is dropped, and revert falls back to the browser's own [hidden] rule
    ('<div hidden style="display:"><span id="x">a</span></div>', False),
    ('<div hidden style="display:bogus"><span id="x">a</span></div>', False),
    ('<div hidden style="display:revert"><span id="x">a</span></div>', False),
    ('<div hidden style="display:inline-flex"><span id="x">a</span></div>', True),
    # a closed <details> draws its first summary only
    ('<details><summary>a</summary><summary id="x">b</summary></details>', False),
])
def test_shown(html: str, expected: bool):
    assert _shown(html) is expected


def test_the_memo_gives_each_node_its_own_answer():
    tree = LexborHTMLParser('<html><body><div style="visibility:hidden"><p id="a">a</p>'
                            '<p id="b" style="visibility:visible"><i id="c">c</i></p></div></body></html>')
    rule = ShownRule()
    assert [rule.shown(tree.css_first(f"#{i}")) for i in "cab"] == [True, False, True]
    assert [ShownRule().shown(tree.css_first(f"#{i}")) for i in "abc"] == [False, True, True]


def test_shown_text_leaves_out_the_text_of_a_closed_details_but_its_summary():
    from observers.shared.dom import shown_text_of

    tree = LexborHTMLParser("<html><body><h2 id='h'><details><summary>Receipt</summary> hidden words</details>"
                            "<span style='visibility:hidden'>B<b style='visibility:visible'>C</b></span></h2></body></html>")
    assert shown_text_of(tree.css_first("#h"), ShownRule()) == "ReceiptC"


@pytest.mark.parametrize("tag", ["style", "script", "title"])
def test_what_a_browser_never_draws_is_not_shown_unless_a_display_is_set(tag):
    """A browser's own stylesheet sets display:none on script, style, template, title and the rest of
    its list (HTML §15.3.1): a hand-built page carries no computed style for them (a capture writes
    display:none), and their text was read as drawn: a mail's <style> inside its total cell ran into
    the label ("td{color:red}Total"), and the line was no total line."""
    from observers.shared.dom import accessible_text_within, shown_text_of
    from observers.shared.layout import block_text_of

    tree = LexborHTMLParser(f'<html><body><div id="c">Total <{tag}>td{{color:red}}</{tag}>$12.34</div></body></html>',
                            scripting=True)
    cell, rule = tree.css_first("#c"), ShownRule()
    assert not rule.shown(cell.css_first(tag))
    assert shown_text_of(cell, rule) == block_text_of(cell, rule) == accessible_text_within(cell) == "Total $12.34"
    # an author's display brings it back, as in a browser
    tree = LexborHTMLParser(f'<html><body><{tag} id="x" style="display:block">a</{tag}></body></html>')
    assert ShownRule().shown(tree.css_first("#x"))
