"""Benchmark: one gmail.sent pass over a generated ~4 MB Sent page (issue 2).

Three timings in one run, compared as ratios (pytest-benchmark's group table):
- the bare lexbor parse of the page (the floor any selectolax reader pays);
- one gmail.sent pass (target: within 2x of the bare parse);
- reading the same facts with the html5lib reference reader (target: the pass at least 40x faster).
Run: ``pytest tests/bench_gmail_sent --benchmark-enable``.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest
from selectolax.lexbor import LexborHTMLParser

from labels.reference.html5 import parse, text, walk
from observers.run import PassInput, run_pass
from tests.fixture_builders.gmail_sent_pages import DANIEL, LENA, NNBSP, ListPage, Row, build, t

# What a capture leaves inline on every element: display and visibility plus layout and colours.
CAPTURED_STYLE = (
    "display:{d};visibility:visible;position:relative;top:0px;left:0px;z-index:auto;color:rgb(32, 33, 36);"
    "background-color:rgba(0, 0, 0, 0);flex-direction:row;flex-wrap:nowrap;justify-content:normal;"
    "align-items:normal;grid-template-columns:none;grid-template-rows:none;font-size:14px;"
    "font-family:&quot;Google Sans&quot;, Roboto, RobotoDraft, Helvetica, Arial, sans-serif"
)
NOW = datetime(2026, 11, 30, 22, 30, tzinfo=timezone.utc)
FACTS = PassInput("https://mail.google.com/mail/u/0/#sent", "America/Los_Angeles", NOW)


def big_sent_page(rows: int = 100, target_bytes: int = 4_000_000) -> str:
    listed = []
    for i in range(rows):
        minute = 59 - (i % 60)
        hour = 12 - (i // 60)
        clock = f"{hour}:{minute:02d} PM" if hour == 12 else f"{hour}:{minute:02d} AM"
        listed.append(Row([DANIEL, LENA] if i % 3 else [DANIEL], f"Subject number {i}",
                          t("Mon, Nov 30, 2026", clock), clock.replace(" ", NNBSP), f"{0x18d2f00000000000 + i:016x}",
                          count="2" if i % 7 == 0 else None))
    html = build(ListPage("synthetic-bench.html", "#sent", listed))
    html = re.sub(r'style="display:([a-z-]+);visibility:visible"',
                  lambda m: 'style="' + CAPTURED_STYLE.format(d=m.group(1)) + '"', html)
    filler_unit = f'<div class="xq" style="{CAPTURED_STYLE.format(d="block")}"><span style="{CAPTURED_STYLE.format(d="inline")}">label</span></div>'
    filler = filler_unit * max(0, (target_bytes - len(html)) // len(filler_unit))
    return html.replace('<div role="navigation"', f'<div style="display:block">{filler}</div><div role="navigation"', 1) \
        if '<div role="navigation"' in html else html.replace("</body>", f"<div>{filler}</div></body>")


@pytest.fixture(scope="module")
def page() -> str:
    html = big_sent_page()
    assert 3_500_000 < len(html.encode()) < 5_000_000
    return html


def html5lib_reference_read(html: str) -> list[tuple[str, str, str]]:
    """The same facts (recipients, subject, time title per row) through html5lib."""
    root = parse(html)
    facts = []
    for row in walk(root):
        if row.get("role") != "row":
            continue
        emails = [el.get("email") for el in row.iter() if el.get("email")]
        subject = next((text(el) for el in row.iter() if el.get("data-legacy-last-message-id")), "")
        title = next((el.get("title") for el in row.iter() if el.get("title")), "")
        facts.append((",".join(emails), subject, title))
    return facts


def test_the_pass_reads_the_big_page(page):
    posted = run_pass(page, "gmail.sent", FACTS).posted()
    assert posted["health"]["status"] == "OK" and len(posted["observations"]) > 100


@pytest.mark.benchmark(group="gmail.sent 4MB")
def test_bench_bare_lexbor_parse(benchmark, page):
    root = benchmark(lambda: LexborHTMLParser(page).root)
    assert len(root.css("[role=row]")) == 100


@pytest.mark.benchmark(group="gmail.sent 4MB")
def test_bench_gmail_sent_pass(benchmark, page):
    result = benchmark(lambda: run_pass(page, "gmail.sent", FACTS))
    assert len(result.posted()["observations"]) > 100  # the timed pass read every row


@pytest.mark.benchmark(group="gmail.sent 4MB")
def test_bench_html5lib_reference_read(benchmark, page):
    facts = benchmark.pedantic(html5lib_reference_read, args=(page,), rounds=2, iterations=1)
    assert len(facts) == 100 and all(all(f) for f in facts)  # the baseline read every row whole
