"""A second review of session 36's rules for values glued to Chinese, Japanese and Korean words. Every value is
invented; each test failed first."""

from __future__ import annotations

import pytest

from sanitize.urls import cut_addresses

from .conftest import clean


@pytest.mark.parametrize("text", ["info＠corp.co.jpまたはsales＠corp.co.jp", "ada@corp.ioまたはbob@corp.io",
                                  "ada@corp.io和bob@corp.io和cy@corp.io"])
def test_addresses_glued_in_a_row_are_each_faked(text):
    """The first address's domain ended before the words after it, and then no local part could start inside them:
    the next address was left whole (with ＠), or two fakes were glued into one."""
    out = clean(f"<p>{text}</p>")
    assert "corp." not in out and "sales" not in out and "bob" not in out, out
    assert out.count("example.") == text.count("corp."), out
    for words in ("または", "和"):
        if words in text:
            assert words in out, out


@pytest.mark.parametrize("text", ["%20ada@corp.test", "from%3Aada@corp.test", "x%E5%BC%A0info＠corp.co.jp"])
def test_an_address_right_after_a_percent_escape_is_faked(text):
    out = clean(f'<p data-x="{text}">{text}</p>')
    assert "corp." not in out, out


@pytest.mark.parametrize("carrier, elsewhere", [
    ("担当Ada &lt;ada@corp.io&gt;", "再次：Adaより"),
    ("Ada様 &lt;ada@corp.io&gt;", "Ada said"),
    ("Quorn様 &lt;ada@corp.io&gt;", "こんにちはQuorn様 Quornより"),
])
def test_a_one_word_display_name_glued_to_these_scripts_is_replaced_in_its_text(carrier, elsewhere):
    out = clean(f"<p>{carrier} {elsewhere}</p>")
    assert "Ada" not in out and "Quorn" not in out, out


@pytest.mark.parametrize("carrier", [
    "Ada Quorn 様 &lt;ada.quorn@corp.io&gt;", "担当 Ada Quorn &lt;ada.quorn@corp.io&gt;", "Ada Quorn 님 &lt;ada.quorn@corp.io&gt;",
    "Ada Quorn（営業部） &lt;ada.quorn@corp.io&gt;", "Ada Quorn &lt;ada.quorn＠corp.io&gt;",
])
def test_a_display_name_with_a_spaced_honorific_or_full_width_brackets_is_learned(carrier):
    out = clean(f"<p>{carrier}</p><p>Ada Quornより</p>")
    assert "Quorn" not in out and "Ada" not in out, out


def test_a_cjk_name_in_full_width_brackets_before_an_address_is_replaced():
    out = clean("<p>山田太郎（営業部） &lt;taro.yamada@corp.io&gt;</p><p>山田太郎様</p>")
    assert "山田太郎" not in out, out


@pytest.mark.parametrize("text", ["请联系Order number A1B2C3D4", "注文のOrder number: A1B2C3D4です"])
def test_a_label_glued_after_these_scripts_is_read(text):
    out = clean(f"<p>{text}</p>")
    assert "A1B2C3D4" not in out, out


@pytest.mark.parametrize("text, kept", [
    ("詳しくはhttps://shop.corp.io。山田太郎様へ", "詳しくはhttps://shop.corp.io/。山田太郎様へ"),
    ("https://shop.corp.io、山田様", "https://shop.corp.io/、山田様"),
    ("see https://shop.corp.io，thanks", "see https://shop.corp.io/，thanks"),
])
def test_a_sentence_mark_after_a_host_ends_the_address(text, kept):
    """The host ran on across "。" (UTS #46 reads it as a dot) into the words after it, which became a punycode label
    of the host (reversible: a name written after a link was kept, encoded)."""
    assert cut_addresses(text, "mail.google.com") == kept


def test_a_fake_domain_before_an_ideographic_dot_and_a_latin_label_is_a_lookalike():
    """UTS #46 reads "。" as a dot: "example.org获取。cn" is another domain, whose @ goes as a lookalike's does."""
    out = clean("<p>ada@example.org获取。cn</p>")
    assert "@" not in out and "＠" in out, out


def test_a_fake_domain_before_words_and_a_sentence_end_keeps_its_at():
    out = clean("<p>ada@corp.ioまで。次は</p>")
    assert "＠" not in out and "@example." in out and "まで。次は" in out, out


# -- a third review ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["a%40b@c.d@e.f", "x%40ada@corp.ioada@corp.io", "q=x%40ada@corp.io@corp.io"])
def test_an_address_after_an_encoded_at_does_not_keep_the_passes_apart(text):
    """A local part started after "%40" and the percent-encoded rule took turns faking the text: refused."""
    out = clean(f"<p>{text}</p>")
    assert "corp.io" not in out, out


@pytest.mark.parametrize("text, gone", [
    ("https://ada.quorn：hunter2@corp.io", "ada.quorn"), ("https://tok3n（abc）@corp.io", "tok3n"),
    ("https://山田太郎。ada:pw@corp.io", "xn--"), ("https://ada.quorn:Secret（1）@corp.io", "Secret"),
])
def test_a_mark_in_an_addresss_userinfo_is_no_end(text, gone):
    assert gone not in cut_addresses(text, "mail.google.com")


@pytest.mark.parametrize("address", ["ada@abc中文.com", "ada@mail中.corp.io", "ada@例えabc例え.jp"])
def test_a_domain_label_that_mixes_the_scripts_is_read(address):
    out = clean(f"<p>{address}</p>")
    assert "ada" not in out and "@example." in out, out
