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
        # a sentence mark that ends the address stays, as an ASCII one does
        ("See https://shop.corp.io/help/InvTok8。", "See https://shop.corp.io/。"),
        ("链接：https://shop.corp.io/x/InvTok7， 请准时参加", "链接：https://shop.corp.io/， 请准时参加"),
        ("（https://shop.corp.io/a/InvTok10）", "（https://shop.corp.io/）"),
        # inside the address, those marks are its path's and go with it (a first cut ended the address at them and
        # kept the rest: a review, session 36)
        ("https://files.corp.io/share/報告書（InvName）.pdf", "https://files.corp.io/"),
        ("https://x.io/u/田中，ada.quorn/private", "https://x.io/"),
        ("https://corp.io/reset？token=InvTok13", "https://corp.io/"),
        ("https://x.io/wiki/【社外秘】InvName-review", "https://x.io/"),
        ("链接：https://shop.corp.io/x/InvTok14，请准时参加", "链接：https://shop.corp.io/"),
    ],
)
def test_an_address_keeps_a_full_width_mark_only_at_its_end(text: str, kept: str) -> None:
    assert cut_addresses(text, HOST) == kept


@pytest.mark.parametrize(
    "text, kept",
    [
        # a scheme-less address after a word of those scripts, and a special scheme written with one slash or
        # backslashes after a digit (the review's findings)
        ("请访问//x.io/secret/InvTok15", "请访问//x.io/"),
        ("42https:/x.io/secret/InvTok16", "42https://x.io/"),
        ("42https:\\x.io\\secret\\InvTok17", "42https://x.io/"),
    ],
)
def test_other_address_forms_glued_to_the_word_before_are_cut(text: str, kept: str) -> None:
    assert cut_addresses(text, HOST) == kept


def test_a_glued_address_is_cut_in_text_and_attributes() -> None:
    out = clean('<p title="詳しくはhttps://shop.corp.io/help/InvTok11">请访问https://shop.corp.io/o/InvTok12获取</p>')
    assert "InvTok" not in out and "shop.corp.io/" in out
