"""A phone beside another number with only white space between them (spec §6.4: phones in groups are caught).
A leak audit of 2026-12-03 (session 35). Invented values only.

The phone rules read a whole run of digit groups, so that a number's tail is never read as a phone on its own;
with only a space between them, a phone and the number beside it were one run that was no phone, and the phone
was left whole: `Call 415-555-0123 24/7`, `Open 9–5 503-555-0172`, `2026-11-30 415 555 0123`. White space ends a
run where the number on its other side is written apart from it: the phone's last group follows a dash, a dot or
a slash (`415-555-0123 12 pages`), the token after the space is no plain group of digits (`24/7`, `9am`, `10:30`,
`12.50`), or the token before the space holds such a mark inside it (a range, a date, a version).
"""

from __future__ import annotations

import pytest

from sanitize import values

from .test_value_patterns_intl import KEYS, _fake, _kinds, _reread


@pytest.mark.parametrize("text, phones", [
    # a phone, then a number written apart from it
    ("Call 415-555-0123 24/7", ["415-555-0123"]), ("Call 415-555-0123 9am-5pm", ["415-555-0123"]),
    ("Fax 415-555-0123 12 pages", ["415-555-0123"]), ("Tel 415.555.0123 2nd floor", ["415.555.0123"]),
    ("Call (415) 555-0123 10 to 6", ["(415) 555-0123"]), ("Call 415 555 0123 24/7", ["415 555 0123"]),
    ("Call 415 555 0123 10:30-18:00", ["415 555 0123"]), ("+1 415 555 0123 24/7", ["+1 415 555 0123"]),
    ("Tel 020 7946 0958 2nd floor", ["020 7946 0958"]),
    # a trunk or international number's digits are counted up to a token that is no group of it (letters, a clock,
    # and for a trunk number a slash)
    ("Tel 030 90182245 24/7", ["030 90182245"]), ("Mobile 07700 900123 2nd line", ["07700 900123"]),
    ("+33 1 42 68 53 00 24h/24", ["+33 1 42 68 53 00"]), ("Tel (030) 90182245 24/7", ["(030) 90182245"]),
    ("Tel +49 30 901820 9am-5pm", ["+49 30 901820"]), ("Tel 030/12345678 10:00-18:00", ["030/12345678"]),
    ("Tel 0049 30 12345678 24h", ["0049 30 12345678"]),
    # two phones with a space between them
    ("Tel: 415-555-0123 503-555-0172", ["415-555-0123", "503-555-0172"]),
    ("1-800-555-0144 503-555-0172", ["1-800-555-0144", "503-555-0172"]),
    ("Tel: 415-555-0123 503 555 0172", ["415-555-0123", "503 555 0172"]),
    # a number written apart from it, then a phone
    ("Open 9\u20135 503-555-0172", ["503-555-0172"]), ("Mon-Fri 9-5 503-555-0172", ["503-555-0172"]),
    ("Hours 8:30-5 503-555-0172", ["503-555-0172"]), ("Hours 9\u20135 (503) 555-0172", ["(503) 555-0172"]),
    ("2026-11-30 415 555 0123", ["415 555 0123"]), ("30.11.2026 415 555 0123", ["415 555 0123"]),
    ("11/30/2026 415-555-0123", ["415-555-0123"]), ("v2.3 503-555-0172", ["503-555-0172"]),
    ("Hours 9-17 030 90182245", ["030 90182245"]),
])
def test_a_phone_beside_a_number_written_apart_is_faked_whole(text, phones):
    for key in KEYS:
        faker, out, got = _fake(text, key)
        for phone in phones:
            assert phone not in out, (text, out)
        assert got == {"phone": len(phones)}, (text, got)
        assert len(out) == len(text)
        # the number beside it is kept: only the phones' characters changed
        changed = [i for i, (a, b) in enumerate(zip(text, out)) if a != b]
        spans = [(text.index(p), text.index(p) + len(p)) for p in phones]
        assert all(any(s <= i < e for s, e in spans) for i in changed), (text, out)
        again: dict[str, int] = {}
        assert _reread(faker, out, again) == out and again == {}, (text, out)
        assert _kinds(out) == _kinds(text) and values.pattern_spans(out) == values.pattern_spans(text), (text, out)


@pytest.mark.parametrize("text", [
    # a run of plain groups is still read whole, or not at all: its tail is no phone of its own
    "12 345 678 901 234 567", "Ref 12 34 56 78 90 12", "0 1 2 3 4 5 6 7 8 9 10 11 12",
    # numbers beside numbers that are no phones
    "June 13\u201315 2026 10 30", "Seats 3-4 2026", "2026-11-30 10:30 11:30", "v2.3.4 2026", "10:30 05 11 2026",
    "Heft 04/2026 123-145", "pp. 12\u201315 1999 2000",
])
def test_runs_of_numbers_that_hold_no_phone_are_left(text):
    assert values.pattern_spans(text) == [], (text, values.pattern_spans(text))
    assert _fake(text)[1] == text


@pytest.mark.parametrize("text, found", [
    ("Total $12.50 555-0133", ["$12.50", "555-0133"]), ("Total $12.50 555-0133 24/7", ["$12.50", "555-0133"]),
    ("Paid $12.50 1234 2nd", ["$12.50"]), ("Paid €12.50 415 555 0123", ["€12.50", "415 555 0123"]),
])
def test_an_amount_after_its_sign_is_no_phones_first_group(text, found):
    """``$12.50 555-0133`` read as one phone of groups 12, 50, 555 and 0133 (and the amount was no amount: a receipt's
    total lines then disagreed); a phone never starts right after a currency sign."""
    assert [text[a:b] for a, b in sorted(values.pattern_spans(text))] == found


def test_a_street_after_a_phone_keeps_its_house_number():
    """``+1 415-555-0199 88 Pitt Street``: the phone's groups ran on into the house number, and the street rule then
    read no street (its number was the phone's)."""
    text = "+1 415-555-0199 88 Pitt Street"
    assert [text[a:b] for a, b in sorted(values.pattern_spans(text))] == ["+1 415-555-0199", "88 Pitt Street"]
    faker, out, got = _fake(text)
    assert got == {"phone": 1, "street": 1} and "Pitt" not in out and "415-555-0199" not in out


# -- a review of the first cut (session 35) ------------------------------------------------------------------------
@pytest.mark.parametrize("text, found", [
    # the ideographic space parts fields in these scripts' layouts: a group space only between full-width digits
    ("₩1,200\u30001-800-555-0144", ["₩1,200", "1-800-555-0144"]), ("本日\u30003\u300003-1234-5678", ["03-1234-5678"]),
    ("+1 415 555 0123\u3000503 555 0172", ["+1 415 555 0123", "503 555 0172"]),
    ("￥1,200\u300003-1234-5678", ["￥1,200", "03-1234-5678"]), ("03-1234-5678\u30001,200円", ["03-1234-5678", "1,200円"]),
    ("June 13\u201315\u30002026", []),
    # a large amount after a date, a range or a decimal is the amount's (its number ends with a sign or a code)
    ("Ngày 30/11/2026 12.345.678 ₫", ["12.345.678 ₫"]), ("2026-11-30 12 345 678 KRW", ["12 345 678 KRW"]),
    ("Qty 2-3 12 345 678 ₽", ["12 345 678 ₽"]),
    # no phone starts on an amount's digits: after its sign, a code, or a digit and a comma (a group of its number)
    ("$1,200 555-0133", ["$1,200", "555-0133"]), ("USD 12.50 555-0133", ["USD 12.50", "555-0133"]),
    ("Price $06.21 626-2921", ["$06.21", "626-2921"]),
    # a full-width colon writes a clock as a colon does
    ("受付１０：３０\u3000０３－１２３４－５６７８", ["０３－１２３４－５６７８"]), ("Call 415 555 0123 10：30", ["415 555 0123"]),
    # a count after a trunk number is no group of it
    ("03-1234-5678 2名", ["03-1234-5678"]), ("电话 010-1234-5678 3人", ["010-1234-5678"]),
])
def test_values_a_review_found_read_otherwise(text, found):
    assert [text[a:b] for a, b in sorted(values.pattern_spans(text))] == found


@pytest.mark.parametrize("key", [b"k15", *KEYS[:20]])
def test_a_local_number_starting_with_0_keeps_it_so_no_fake_reads_as_an_international_prefix(key):
    """``050-8864 665-432-5490``: the local number's fake could start ``00`` and the next pass read the two as one
    international number (the run rule parts them now); a 0-led number's fake keeps its 0, as a trunk number's does."""
    text = "Tel 050-8864 665-432-5490"
    faker, out, got = _fake(text, key)
    assert got == {"phone": 2} and out.startswith("Tel 0"), out
    again: dict[str, int] = {}
    assert _reread(faker, out, again) == out and again == {}, (text, out)
