"""Web addresses written glued to the words beside them (spec §6.2: an address written as text is cut as a link
is). Chinese, Japanese and Korean write no space between words, so a written address stands glued to them; and a
scheme may follow a digit or "_" with no space. Each was left whole, its path and all (session 36)."""

from __future__ import annotations

import pytest

from sanitize.urls import cut_addresses

from .conftest import clean

HOST = "mail.google.com"


@pytest.mark.parametrize(
    "text, kept",
    [
        # a scheme right after a word of those scripts: the path went unread
        ("詳しくはhttps://shop.corp.io/help/InvTok1をご覧ください", "詳しくはhttps://shop.corp.io/"),
        ("请访问https://shop.corp.io/orders/InvTok2", "请访问https://shop.corp.io/"),
        ("자세한 내용은https://shop.corp.io/u/InvTok3", "자세한 내용은https://shop.corp.io/"),
        # after a digit or "_": the scheme is the letters the run of scheme characters ends with
        ("Ref 42https://shop.corp.io/u/InvTok4 now", "Ref 42https://shop.corp.io/ now"),
        ("see_https://shop.corp.io/u/InvTok5 now", "see_https://shop.corp.io/ now"),
        # the run still reads whole where a start stands before it (a scheme of its own: only it is kept)
        ("see x.https://shop.corp.io/u/InvTok6 now", "see x.https: now"),
        # the page's own host keeps its path, as a link to it does
        ("请打开https://mail.google.com/mail/u/0/#inbox", "请打开https://mail.google.com/mail/u/0/#inbox"),
    ],
)
def test_a_scheme_glued_to_the_word_before_it_is_cut(text: str, kept: str) -> None:
    assert cut_addresses(text, HOST) == kept


@pytest.mark.parametrize(
    "text, kept",
    [
        # those scripts' sentence marks end an address (none is written in a web address unencoded), and the
        # words after them stay
        ("链接：https://shop.corp.io/x/InvTok7，请准时参加", "链接：https://shop.corp.io/，请准时参加"),
        ("See https://shop.corp.io/help/InvTok8。Then reply", "See https://shop.corp.io/。Then reply"),
        ("「https://shop.corp.io/help/InvTok9」を参照", "「https://shop.corp.io/」を参照"),
        ("会议链接meet.google.com/abc-defg-hij，请准时", "会议链接meet.google.com/，请准时"),
        ("（https://shop.corp.io/a/InvTok10）", "（https://shop.corp.io/）"),
    ],
)
def test_an_address_ends_at_a_full_width_sentence_mark(text: str, kept: str) -> None:
    assert cut_addresses(text, HOST) == kept


def test_a_glued_address_is_cut_in_text_and_attributes() -> None:
    out = clean('<p title="詳しくはhttps://shop.corp.io/help/InvTok11">请访问https://shop.corp.io/o/InvTok12获取</p>')
    assert "InvTok" not in out and "shop.corp.io/" in out
