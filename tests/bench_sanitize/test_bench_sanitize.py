"""Benchmark: the full sanitiser vs nh3.clean (a generous allowlist) on a generated ~4 MB Gmail-like page.

Target: the sanitiser takes at most 5x nh3's time. Run: pytest tests/bench_sanitize --benchmark-enable
(the suite's default --benchmark-disable makes this a one-shot smoke run).
"""

from __future__ import annotations

import random

import pytest

from sanitize.pipeline import sanitize_page

nh3 = pytest.importorskip("nh3")

KEY = b"attest-kit-test-key-0"
FIRST = ["Ada", "Bo", "Cyra", "Dex", "Eun", "Fitz", "Gia", "Hal", "Ines", "Jun"]
LAST = ["Quorn", "Ravel", "Sable", "Tarn", "Umber", "Vail", "Wren", "Yule", "Zinn", "Pike"]


def gmail_like(target_bytes: int = 4_000_000) -> str:
    """Rows of tr[role=row] with inline computed styles, people with emails, amounts and links with queries."""
    rng = random.Random(7)
    people = [(f"{f} {l}", f"{f.lower()}.{l.lower()}@corp{i % 7}.example.io") for i, (f, l) in
              enumerate((f, l) for f in FIRST for l in LAST)]
    rows, size, i = [], 0, 0
    while size < target_bytes:
        i += 1
        name, email = rng.choice(people)
        row = (
            f'<tr role="row" class="zA yO x{i % 97}" id=":{i:x}" tabindex="-1" draggable="false" '
            'style="display:table-row;visibility:visible;position:relative;color:rgb(32, 33, 36);'
            'background-color:rgb(255, 255, 255);flex-direction:row">'
            '<td class="oZ-x3" style="display:table-cell;visibility:visible"><div role="checkbox" aria-checked="false" '
            'style="display:block"></div></td>'
            f'<td role="gridcell" style="display:table-cell;visibility:visible">To: <span email="{email}" name="{name}" '
            f'data-hovercard-id="{email}">{name}</span></td>'
            '<td role="gridcell" style="display:table-cell"><span data-thread-id="#thread-f:17'
            f'{i:016d}" data-legacy-thread-id="18a{i:013x}">Receipt {i} for your order</span>'
            f'<span> - total ${rng.randint(1, 999)}.{rng.randint(0, 99):02d}, see '
            f'<a href="https://shop{i % 20}.example.io/o/{i}?token=t{i}&amp;u=x" '
            f'data-saferedirecturl="https://www.google.com/url?q=https://shop.example.io/o/{i}">order</a></span></td>'
            '<td style="display:table-cell"><span title="Tue, Oct 6, 2026, 2:03\u202fPM" aria-label="Oct 6">Oct 6</span></td>'
            "</tr>\n"
        )
        rows.append(row)
        size += len(row)
    return (
        '<!doctype html><html><head><title>Inbox</title></head><body><div role="main"><table role="grid"><tbody>'
        + "".join(rows)
        + "</tbody></table></div></body></html>"
    )


@pytest.fixture(scope="module")
def page() -> str:
    return gmail_like()


def _nh3(html: str) -> str:
    return nh3.clean(
        html,
        tags={"html", "head", "title", "body", "div", "span", "table", "tbody", "tr", "td", "a", "p"},
        attributes={"*": {"role", "style", "class", "id", "title", "tabindex", "draggable", "name", "email", "href"}},
        generic_attribute_prefixes={"data-", "aria-"},
    )


def _sanitize(html: str) -> str:
    return sanitize_page(html, page_url="https://mail.google.com/mail/u/0/#inbox", key=KEY, seeded=[]).html


@pytest.mark.benchmark(group="sanitize-4MB")
def test_bench_nh3(benchmark, page):
    out = benchmark.pedantic(_nh3, args=(page,), rounds=3, iterations=1)
    assert out


@pytest.mark.benchmark(group="sanitize-4MB")
def test_bench_sanitize(benchmark, page):
    out = benchmark.pedantic(_sanitize, args=(page,), rounds=3, iterations=1)
    assert "corp0.example.io" not in out and "token=" not in out
