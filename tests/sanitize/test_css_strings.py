"""Personal values inside CSS strings (spec §6.2: the fakes apply to every text and attribute, query
strings are dropped "everywhere"). A string is the one place in a style where free text survives the
neutraliser (``content:``, custom properties, attribute selectors), so each string body goes through
the value rules. Every value here is invented; each test failed before ``css.map_strings`` existed.
"""

from __future__ import annotations

import pytest

from sanitize.css import map_strings
from sanitize.pipeline import sanitize_page

from .conftest import GMAIL, KEY, clean, outputs_over_hash_seeds


def test_an_email_in_a_style_attribute_string_is_faked():
    out = clean("""<div style="content:'ada.quorn@quornworks.example'">x</div>""")
    assert "ada.quorn" not in out and "quornworks" not in out
    assert "content:'" in out


def test_a_phone_and_an_email_in_a_stylesheet_string_are_faked():
    out = clean('<style>.a::after{content:"mail tove.brandt@brandt-hus.example or +1 415 555 0199"}</style><p>x</p>')
    assert "tove.brandt" not in out and "brandt-hus" not in out and "415 555 0199" not in out
    assert ".a::after{content:\"" in out


def test_a_query_string_in_a_css_string_is_dropped():
    out = clean("""<div style="--next:'https://track.example.io/p?u=ada.quorn&amp;t=42'">x</div>""")
    assert "u=ada" not in out and "t=42" not in out
    assert "https://track.example.io" in out


def test_font_names_and_escapes_are_left_as_they_are():
    css = """.a{font-family:'Google Sans',Roboto,Arial,sans-serif}.b::before{content:'\\201C'}"""
    out = clean(f"<style>{css}</style><p>x</p>")
    assert css in out


def test_a_quote_after_a_backslash_opens_no_string():
    # CSS reads \\' as an escaped quote: the text after it is not inside a string, and the string
    # that follows is read from its own quote
    seen: list[str] = []
    out = map_strings("a\\'b{content:\"one\"}c{content:'two'}", lambda body: seen.append(body) or body.upper())
    assert sorted(seen) == ["one", "two"]
    assert out == "a\\'b{content:\"ONE\"}c{content:'TWO'}"


@pytest.mark.parametrize(
    ("css", "bodies"),
    [
        ("content:'it\\'s'", ["it\\'s"]),  # an escaped quote stays inside its string
        ("content:'open to the end", ["open to the end"]),  # a string never closed runs to the end
        ("content:'one\nb{x:'two'}", ["one", "two"]),  # a newline ends a string
        ('content:"a\'b"', ["a'b"]),  # the other quote is plain text inside a string
        ("content:''", []),
        ("no strings at all", []),
    ],
)
def test_map_strings_reads_strings_as_css_does(css: str, bodies: list[str]):
    seen: list[str] = []
    assert map_strings(css, lambda body: seen.append(body) or body) == css
    assert sorted(seen) == sorted(bodies)


def test_a_body_the_rules_would_break_the_string_with_is_dropped_not_written():
    assert map_strings("a{content:'x'}b{content:\"y\"}", lambda body: body + "'\"\n") == 'a{content:\'\'}b{content:""}'


def test_a_long_tail_without_strings_costs_one_scan():
    # each search used to restart at every character of a tail holding no string (quadratic)
    tail = "a" * 200_000 + "\\"
    assert map_strings("x{content:'q'}" + tail, str.upper) == "x{content:'Q'}" + tail


def test_css_strings_are_a_fixed_point_within_a_capture(faker):
    page = ("""<html><head><style>p::after{content:"+44 20 7946 0958"}</style></head><body>"""
            """<div style="content:'ada.quorn@quornworks.example, +44 20 7946 0958'">x</div></body></html>""")
    once = sanitize_page(page, page_url=GMAIL, key=KEY, faker=faker).html
    assert "7946 0958" not in once
    assert sanitize_page(once, page_url=GMAIL, key=KEY, faker=faker).html == once


# A review of the first version (each failed before its fix).
@pytest.mark.parametrize(
    ("css", "bodies"),
    [
        ("content:'one\rb{x:'two'}", ["one", "two"]),  # CR and FF end a string as LF does
        ("content:'one\fb{x:'two'}", ["one", "two"]),
        ("content:'\\31\nstill'", ["\\31\nstill"]),  # a hex escape takes one white space, a newline too
        ("content:'end\\", ["end\\"]),  # a backslash last in the text stays in the string
    ],
)
def test_strings_end_where_css_ends_them(css: str, bodies: list[str]):
    seen: list[str] = []
    assert map_strings(css, lambda body: seen.append(body) or body) == css
    assert sorted(seen) == sorted(bodies)


def test_a_result_whose_last_backslash_would_escape_the_quote_empties_the_string():
    # dropping "?q=1" from 'x\?q=1' left 'x\' : the quote escaped, the string ran over the rest of the sheet
    assert map_strings("a{content:'x\\?q=1'}b{color:red}", lambda body: body.replace("?q=1", "")) == (
        "a{content:''}b{color:red}")


def test_a_phone_after_a_hex_escape_and_a_newline_is_faked():
    out = clean("<style>a::after{content:'\\31\n+1 415 555 0199 https://t.example.io/p?u=ada&amp;t=42'}</style><p>x</p>")
    assert "415 555 0199" not in out and "u=ada" not in out


def test_bodies_are_read_in_document_order_so_the_output_does_not_depend_on_hash_seeds():
    script = (
        "from tests.sanitize.conftest import clean\n"
        "print(clean(\"<style>\" + \"\".join(f\"p{i}::after{{content:'Ada Quorn {i}'}}\" for i in range(4))"
        " + \"q::after{content:'Ada Quorn (ada.quorn@quornworks.example)'}</style><p>x</p>\"))\n"
    )
    outs = outputs_over_hash_seeds(script)
    assert len(outs) == 1
    # and the name learned in the last string is faked in the strings before it too
    assert "Ada Quorn" not in outs.pop()


def test_a_meet_code_named_in_a_stylesheet_string_is_faked():
    out = clean("<style>a::after{content:'Meet abc-defg-hij'}</style><p>x</p>")
    assert "abc-defg-hij" not in out
