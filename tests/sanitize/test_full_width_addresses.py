"""Addresses written with full-width dots or letters, as Japanese pages write them so that harvesters miss them
(`info＠corp．co．jp`): no rule read them, so they were kept whole. Every value is invented; each test failed
first."""

from __future__ import annotations

import pytest

from sanitize.emails import fake_plain, fake_wide
from sanitize.faker import Faker

from .conftest import KEY, clean


@pytest.mark.parametrize("text", ["info＠corp．co．jp", "sales@corp．co．jp", "ａｄａ＠ｃｏｒｐ．ｉｏ", "ada.quorn＠corp．io",
                                  "お問い合わせ：info＠corp．co．jpまで", "（info＠corp．co．jp）"])
def test_an_address_with_full_width_dots_or_letters_is_faked(text):
    out = clean(f'<p title="{text}">{text}</p>')
    for word in ("corp", "ｃｏｒｐ", "info", "sales", "ａｄａ", "quorn"):
        assert word not in out, out
    assert "まで" in out or "まで" not in text, out


def test_it_gets_the_fake_of_the_address_written_plain():
    faker = Faker(KEY)
    plain = fake_plain(faker, "info@corp.co.jp", {})
    assert fake_wide(faker, "info＠corp．co．jp", {}) == plain.replace("@", "＠")
    assert fake_plain(faker, "info@corp．co．jp", {}) == plain
    assert fake_wide(faker, "ｉｎｆｏ＠ｃｏｒｐ．ｃｏ．ｊｐ", {}) == plain.replace("@", "＠")


def test_a_sentence_full_stop_after_an_address_is_no_dot_of_it():
    out = clean("<p>連絡先はinfo＠corp.co.jp．次に</p>")
    assert "corp" not in out and "次に" in out, out


@pytest.mark.parametrize("text", ["ａｄａ．ｑｕｏｒｎ＠ｃｏｒｐ．ｉｏ", "taro．yamada＠corp．co．jp", "ada－quorn＠corp.io", "ａｄａ＋ｎｅｗｓ＠corp.io",
                                  "ada＿quorn@corp.io"])
def test_a_full_width_mark_inside_a_local_part_is_read_with_it(text):
    """A review of the first cut: the local part ended at a full-width dot, hyphen, plus or low line, so its first
    words were kept (``ａｄａ．`` of ``ａｄａ．ｑｕｏｒｎ＠…``)."""
    out = clean(f"<p>{text}</p>")
    for word in ("ａｄａ", "ada", "taro", "quorn", "ｎｅｗｓ"):
        assert word not in out, out


def test_a_full_stop_before_a_capitalised_word_is_no_dot_of_the_domain():
    """A review of the first cut: "ada@corp.io．Bob Quorn <…>" read "Bob" into the domain."""
    out = clean("<p>Mail ada@corp.io．Bob Quorn &lt;bob@corp.io&gt; today</p><p>Bob Quorn</p>")
    assert "．" in out and "corp" not in out and "Bob" not in out and "Quorn" not in out, out


@pytest.mark.parametrize("text", ["ADA@CORP．IO", "INFO＠CORP．CO．JP", "ada@corp．IO"])
def test_a_full_stop_before_a_label_in_capitals_is_a_dot_of_the_domain(text):
    # a review of session 37: a ． before any capital ended the address, and one in capitals was kept whole
    out = clean(f"<p>{text}</p>")
    assert "CORP" not in out and "corp" not in out, out


def test_a_full_stop_before_a_one_letter_word_in_capitals_ends_the_sentence():
    # a second review (session 38): "I" after "．" was read as the domain's last label and lost
    out = clean("<p>Write to ada@corp.test．I will reply</p>")
    assert "．I will reply" in out and "corp" not in out, out
