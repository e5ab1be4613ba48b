"""Phones, cards and amounts in Chinese, Japanese and Korean text, and numbers written with full-width forms or
another script's digits (spec §6.2, §6.4: "phone numbers and card numbers in groups (spaces or dashes) are caught").
A leak audit of 2026-12-03 (session 35). Invented values only.

These scripts write no space between words, so a number stands right beside an ideograph or a kana
("電話番号は03-1234-5678です"): such a neighbour is no word the number continues. Japanese input writes
digits, hyphens, brackets, plus and spaces full-width ("０３－１２３４－５６７８"); another script's
digits are digits ("٠٥٠-١٢٣-٤٥٦٧"), and a fake writes its digits in the original's script.
"""

from __future__ import annotations

import random
import unicodedata

import pytest

from sanitize import ibans, values
from sanitize.faker import Faker

from .conftest import KEY, clean
from .test_value_patterns_intl import KEYS, _assert_faked_whole, _fake, _kinds, _reread, _zero

#: Where a value stands in the text of these scripts: glued to the words either side, after a full-width colon,
#: before a full stop, inside full-width brackets.
CJK_CONTEXTS = ("{}", "電話{}", "電話番号は{}です", "请拨打{}。", "电话：{}", "연락처 {}로", "（{}）", "TEL：{}まで")


PHONES = [
    "03-1234-5678", "090-1234-5678", "0120-123-456", "010-1234-5678", "+86 10 1234 5678", "+81 3-1234-5678",
    "02-1234-5678", "(03) 1234-5678",
    # full-width forms, as Japanese input writes them: digits, the hyphen-minus, brackets, plus, the ideographic space
    "０３－１２３４－５６７８", "０９０－１２３４－５６７８", "（０３）１２３４－５６７８", "＋８１ ３－１２３４－５６７８",
    "＋８１－３－１２３４－５６７８", "０３\u3000１２３４\u3000５６７８", "03－1234－5678",
    # another script's digits
    "٠٥٠-١٢٣-٤٥٦٧", "०२२-१२३४-५६७८",
]


@pytest.mark.parametrize("phone", PHONES)
def test_phones_beside_cjk_words_and_in_full_width_forms_are_faked_whole(phone):
    _assert_faked_whole(phone, "phone", contexts=CJK_CONTEXTS)


@pytest.mark.parametrize("card", ["4539 1488 0343 6467", "４５３９－１４８８－０３４３－６４６７", "４５３９ １４８８ ０３４３ ６４６７"])
def test_cards_beside_cjk_words_and_in_full_width_digits_are_faked_whole(card):
    _assert_faked_whole(card, "card", contexts=("{}", "カード番号{}です", "卡号：{}。", "카드 {}로"))


@pytest.mark.parametrize("amount", ["￥1,200", "¥1,200", "1,200円", "1,200元", "1,200원", "₩1,200", "NT$1,200",
                                    # full-width digits, grouped by a full-width comma, a full-width decimal point
                                    "１，２００円", "￥１，２００", "１２００円", "￥１２，３４５．６７", "1，200元"])
def test_amounts_beside_cjk_words_are_faked_whole(amount):
    _assert_faked_whole(amount, "amount", contexts=("{}", "合計{}です", "价格{}，谢谢", "금액 {}입니다"))


def test_a_trunk_phone_in_full_width_digits_keeps_its_leading_zero():
    for key in KEYS:
        _, out, _ = _fake("電話０３－１２３４－５６７８です", key)
        assert out.startswith("電話０") and "１２３４－５６７８" not in out


#: What the rules leave in these scripts: dates, times, ranges, chapter numbers, a word's digits.
NOT_VALUES = [
    "2026年11月30日", "11月30日(月)", "10:30〜11:30", "第1-2章", "3-4名様", "令和8年", "1,200人", "ＡＢＣ１２３－４５６",
    "２０２６年１１月３０日", "１０：３０", "2026-11-30", "１０８０×１９２０",
]


@pytest.mark.parametrize("text", NOT_VALUES)
def test_dates_times_and_counts_in_these_scripts_are_left(text):
    for ctx in ("{}", "日時{}です", "（{}）"):
        line = ctx.format(text)
        assert values.pattern_spans(line) == [], line
        assert _fake(line)[1] == line


def test_the_faker_writes_another_scripts_digits_in_that_script():
    faker = Faker(KEY)
    for original in ("０３１２３４５６７８", "٠٥٠١٢٣٤٥٦٧", "०२२१२३४५६७८", "5０3"):
        fake = faker.shaped("phone", original, letters=False)
        assert fake != original and len(fake) == len(original)
        assert all(_zero(a) == _zero(b) for a, b in zip(original, fake)), (original, fake)
    # a leading digit that is not zero stays not zero, in any script
    for i in range(200):
        fake = Faker(f"attest-kit-test-key-{i}".encode()).shaped("order", "５１", letters=False)
        assert unicodedata.decimal(fake[0]) != 0


def test_a_page_of_cjk_values_is_a_fixed_point():
    rows = [f"電話番号は{p}です" for p in PHONES] + ["合計￥1,200です", "カード番号４５３９－１４８８－０３４３－６４６７です"]
    page = "".join(f"<p>{r}</p><span title='{r}'>x</span>" for r in rows + NOT_VALUES)
    out = clean(page)  # sanitize_page checks that a second pass changes nothing
    for r in [*PHONES, "￥1,200", "４５３９－１４８８－０３４３－６４６７"]:
        assert r not in out, r
    for r in NOT_VALUES:
        assert r in out, r


def test_prechecks_never_rule_out_a_match_in_these_scripts():
    """The anchor-first prechecks read the new forms as the full patterns do (random texts over them)."""
    pieces = ["0", "12", "123", "1234", "０", "１２", "１２３", "１２３４", "٠١٢", " ", "\u3000", "-", "－", "(", ")", "（", "）",
              "+", "＋", "電話", "です", "円", "元", "원", "￥", "$", ",", ".", ":", "：", "/", "a"]
    rng = random.Random(11)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        spans = ibans.iban_spans(text)
        for pattern in (values._CARD_OR_PHONE, values.DIAL_CODE, values.AMOUNT, values.STREET):
            spans += [m.span() for m in pattern.finditer(text) if not values.in_spans(spans, *m.span())]
        assert sorted(values.pattern_spans(text)) == sorted(spans), repr(text)


def test_fakes_in_these_scripts_read_again_as_the_same_kind_and_span():
    """Random texts over these scripts' words, full-width forms and digits: whatever the rules fake, the second
    pass changes nothing and reads the fakes as the same kinds and spans (a fake keeps each digit's script)."""
    pieces = ["0", "03", "123", "1234", "０", "０３", "１２３", "１２３４", "٠٥٠", " ", "\u3000", "-", "－", "（", "）", "(", ")",
              "+", "＋", "電話", "です", "円", "元", "원", "￥", "，", "．", ",", "。", "：", "カード", "abc-defg-hij"]
    rng = random.Random(13)
    for _ in range(6_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(2, 16)))
        faker, out, got = _fake(text, KEYS[rng.randrange(len(KEYS))])
        if not got:
            continue
        assert all(a == b or _zero(a) == _zero(b) for a, b in zip(text, out) if a.isdigit()), (text, out)
        again: dict[str, int] = {}
        assert _reread(faker, out, again) == out and again == {}, (text, out)
        assert _kinds(out) == _kinds(text), (text, out)
        assert values.pattern_spans(out) == values.pattern_spans(text), (text, out)


#: A street address glued to the words of these scripts, either side (session 36: both edges were word edges, and a
#: CJK character is a word character, so the street was left).
STREET_CONTEXTS = ("{}", "住所は{}です", "地址{}，谢谢", "주소는 {}입니다", "Ship to {}様", "送り先：{}まで",
                   "Ship to {}\U00020bb7野")  # an ideograph beyond the first plane (𠮷野, a review)


@pytest.mark.parametrize("street", ["123 Main Street", "4410 W Larkspur Blvd", "12B Ørsted Road"])
def test_streets_beside_cjk_words_are_faked_whole(street):
    for ctx in STREET_CONTEXTS:
        text = ctx.format(street)
        start = ctx.index("{}")
        assert values.pattern_spans(text) == [(start, start + len(street))], text
        _, out, got = _fake(text)
        assert got == {"street": 1}, (text, got)
        tail = len(text) - start - len(street)
        assert out[:start] == text[:start] and out[len(out) - tail:] == text[len(text) - tail:]
        assert street not in out


@pytest.mark.parametrize("text", ["Order number A1B2C3D4です", "Order number: A1B2C3D4様", "注文 Order #A1B2C3D4を確認",
                                  "Confirmation code: QX7R2M9P입니다", "Order number A1B2C3D4\U00020bb7野"])
def test_labelled_ids_glued_to_cjk_words_are_faked(text):
    value = next(w for w in text.replace("#", " ").replace(":", " ").split() if any(c.isdigit() for c in w))
    value = "".join(c for c in value if c.isascii())
    out = clean(f"<p>{text}</p>")
    assert value not in out, out
    assert f"{text[text.index(value) + len(value):]}</p>" in out  # the words glued after it stay


def test_streets_glued_in_a_row_are_each_faked_and_a_fixed_point():
    """A street word ran on into a CJK word and the next street ("Street様住所は123" was one word): two streets
    were read as one, and the second pass read the fake otherwise (session 36)."""
    text = "住所は123 Main Street様" * 3
    assert len(values.pattern_spans(text)) == 3
    faker, out, got = _fake(text)
    assert got == {"street": 3} and out.count("様住所は") == 2
    again: dict[str, int] = {}
    assert _reread(faker, out, again) == out and again == {}
