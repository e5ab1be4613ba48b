"""``ShownRule.leave_out``: what it takes out stays out (a review of 2026-12-02 (e): a second call cleared the first's)."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from observers.shared.dom import ShownRule


def test_each_call_adds_to_what_is_left_out() -> None:
    tree = LexborHTMLParser("<div id=a><span id=a1>x</span></div><div id=b>y</div><div id=c>z</div>")
    a, a1, b, c = (tree.css_first(f"#{i}") for i in ("a", "a1", "b", "c"))
    shown = ShownRule()
    shown.leave_out([a])
    assert not shown.shown(a1)
    shown.leave_out([b])
    assert not shown.shown(a) and not shown.shown(a1) and not shown.shown(b) and shown.shown(c)
