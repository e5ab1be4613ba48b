"""The CSS neutraliser's anchor-first scans (issue 5) read exactly what the plain scans read.

``sanitize.css`` finds each "(", "@", quote or bracket first and reads a window around it;
``css_reference`` is the same neutraliser written with character loops and patterns tried at
every position. On CSS built to hit the edges (escaped names and brackets, hex escapes ended by
white space, unterminated strings and blocks, names of every length, mixed case) and on every
style the peer suites carry, both must give the same bytes and the same counts.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sanitize import css
from tests.sanitize import css_reference as ref

PEER_SUITES = Path(__file__).parent / "peer_suites"  # shipped with the tests (CI has no ../shared)

#: Pieces random CSS is built from: names fetching or not, the characters the scans stop at, escapes.
PIECES = [
    "url", "URL", "uRl", "image-set", "-webkit-image-set", "image", "src", "element", "expression", "cross-fade",
    "rgba", "calc", "var", "a-url", "xurl", "translate", "u", "r", "l", "(", "(", "(", ")", ")", "'", '"', "\\",
    "\\75 ", "\\75", "\\000075", "\\(", "\\)", "\\\\", "\\\n", "\\'", "\\@", "@", "@media", "@import", "@font-face",
    "{", "}", "[", "]", ";", ":", ",", " ", "  ", "\t", "\n", "#", "#frag", "a", "b", "f", "0", "7", "-", "_", "é",
    "ſrc", "/*", "*/", "<", ">", "javascript:", "data:image/png;base64,AAAA", "//x.example/a.png", "%", ".",
]


def _random_css(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40)))


def _agree(text: str) -> None:
    assert css.neutralise_functions(text) == ref.neutralise_functions(text), text
    assert css.drop_at_rules(text) == ref.drop_at_rules(text), text
    for stylesheet in (False, True):
        assert css.neutralise_css(text, stylesheet=stylesheet) == ref.neutralise_css(text, stylesheet=stylesheet), text


@pytest.mark.parametrize("seed", range(8))
def test_random_css_reads_as_the_plain_scan(seed):
    rng = random.Random(seed)
    for _ in range(1500):
        _agree(_random_css(rng))


@pytest.mark.parametrize(
    "text",
    [
        "", "(", "\\(", "url(", "url(#a)", "url( '#a' )", "a:url(x)url(y)", "url(a)url(b)", "\\75 rl(x)",
        "\\75rl(x)", ":\\75 rl(x)", "a \\75 rl(x)", "u\\(rl(x)", "ur\\(l(x)", "x\\\\(y)", "\\\\75 rl(x)",
        "'unterminated url(x)", "\"a\\\nb\" url(x)", "@media{a{b:url(x)}", "@x;url(y)", "@x", "@{", "a{@x}b",
        "@import 'a.css'", "'@x'url(y)", "\\@x url(y)", "b:IMAGE-SET(x)", "b: image  (x)", "b:ſrc(x)",
        "-" * 300 + "url(x)", "a" * 300 + "(x)", " " * 50 + "url(x)", "a\\75 " * 40 + "(x)", "url(x" + "\\",
        "'" + "\\", "content:'\\201C';background:url(//x.example/a.png)",
    ],
)
def test_edge_cases_read_as_the_plain_scan(text):
    _agree(text)


def test_peer_suite_styles_read_as_the_plain_scan():
    texts = []
    for path in sorted(PEER_SUITES.rglob("*")):
        if path.is_file() and path.suffix in (".json", ".html", ".txt", ".js", ".xml"):
            raw = path.read_text(encoding="utf-8", errors="replace")
            texts += re.findall(r"<style[^>]*>(.*?)</style>", raw, re.S | re.I)
            texts += re.findall(r"style\s*=\s*\\?[\"']([^\"'\\]*)", raw, re.I)
    assert len(texts) > 20, "the peer suites should carry styles to read"
    for text in texts:
        _agree(text)


def test_a_stylesheet_of_gmails_size_reads_as_the_plain_scan():
    rng = random.Random(11)
    rules = []
    for i in range(3000):
        kind = rng.random()
        if kind < 0.05:
            rules.append(f"@media (max-width:{i}px){{.a{i}{{color:red;background:url(//x.example/{i}.png)}}}}")
        elif kind < 0.1:
            rules.append(f".b{i}{{background-image:-webkit-image-set(url(a{i}.png) 1x,url('b{i}.png') 2x)}}")
        elif kind < 0.15:
            rules.append(f".c{i}::before{{content:'\\201C';transform:translate(-50%,-50%) scale(1.{i})}}")
        else:
            rules.append(f".d{i} .e{{box-shadow:0 1px 2px 0 rgba(60,64,67,.3);width:calc(100% - {i}px)}}")
    _agree("".join(rules))


#: Inputs on which a pattern that may backtrack costs 2^n (n = 40 here): a failing run of hex
#: escapes before an escaped "(", and a quoted string of backslashes that names no closing quote.
BACKTRACKING_TRAPS = [
    "a:" + "\\75" * 40 + ";b:\\(x(y)",
    "a:" + "\\75 " * 40 + ";" + "\\(" * 40 + "x(y)",
    "-o-link:'" + "\\a" * 40 + "javascript:" + "\\\\" * 40,
    "b:" + "\\\\" * 40 + "\\(c(d)",
    '"' + "\\'" * 400 + "script:",  # a string never closed: escaped quotes, then script:
]


def test_no_input_makes_a_pattern_backtrack(tmp_path):
    """Each trap runs in a child process that must finish within two minutes (it takes well under a
    second; with the backtracking patterns each took longer than the age of the universe)."""
    code = (
        "import json, sys\nfrom sanitize.css import neutralise_css\n"
        "for text in json.load(open(sys.argv[1])):\n    neutralise_css(text, stylesheet=True)\n"
    )
    data = tmp_path / "traps.json"
    data.write_text(json.dumps([t * 50 for t in BACKTRACKING_TRAPS]))
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, str(data)], cwd=root, timeout=120, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()[-2000:]


@pytest.mark.parametrize("text", BACKTRACKING_TRAPS)
def test_backtracking_traps_read_as_the_plain_scan(text):
    """Same bytes as the plain reading on shortened traps (the reference still backtracks)."""
    _agree(text[:60])


@pytest.mark.parametrize(
    ("css_text", "kept"),
    [
        ('a{-o-link:"java\\script:alert(1)"}', 'a{-o-link:""}'),  # CSS reads "javascript:"
        ('a{b:"\\SCRIPT:x";c:d}', 'a{b:"";c:d}'),
        ("-o-link:'javascript:alert(1)\\'", '-o-link:""'),  # a string never closed is still a string
        ("a{b:javascript:x}", ""),  # outside a string: the whole CSS goes
    ],
)
def test_a_script_url_is_read_as_css_reads_it(css_text, kept):
    """A string is read as CSS reads it, escapes decoded, before it is looked at for "script:"; what still
    reads as "script:" after that empties the CSS."""
    assert css.neutralise_css(css_text, stylesheet=True) == (kept, 1)
