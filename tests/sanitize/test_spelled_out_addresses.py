"""An address written against harvesters with its @ (and its dots) spelled out in brackets, as signatures and
imprints write one: ``ada.quorn(at)corp.test``, ``ada.quorn [at] corp [dot] test``. No rule read it, so it was kept
whole. Every value is invented; each test failed first but the prose guards."""

from __future__ import annotations

import re

import pytest

from sanitize.emails import fake_plain, fake_spelled_out
from sanitize.faker import Faker

from .conftest import KEY, clean


@pytest.mark.parametrize("text", ["ada.quorn(at)corp.test", "ada.quorn (at) corp.test", "ada.quorn [at] corp [dot] test",
                                  "ada.quorn{at}corp{dot}test", "Ada.Quorn(AT)Corp.Test", "ada.quorn[@]corp.test",
                                  "E-Mail: ada.quorn(at)mail.corp.test.", "(ada.quorn(at)corp.test)"])
def test_an_address_with_a_spelled_out_at_is_faked(text):
    out = clean(f'<p title="{text}">{text}</p>')
    assert "quorn" not in out.lower() and "corp" not in out.lower(), out


def test_its_fake_is_the_fake_of_the_address_keeping_the_spelling_of_its_at():
    faker = Faker(KEY)
    plain = fake_plain(faker, "ada.quorn@corp.test", {})
    assert fake_spelled_out(faker, "ada.quorn (at) corp [dot] test", {}) == plain.replace("@", " (at) ")
    assert fake_spelled_out(faker, plain.replace("@", "(at)"), {}) == plain.replace("@", "(at)")  # a fake is left


@pytest.mark.parametrize("text", ["Meet (at) noon.", "We met [at] the corp.", "see (at) x", "price (at) 5.00"])
def test_prose_with_a_bracketed_at_is_left(text):
    assert clean(f"<p>{text}</p>") == f"<p>{text}</p>"


@pytest.mark.parametrize("text", ["ada.quorn (at) corp.test", "ada_q [at] corp.test", "ada2 (at) corp.test",
                                  "ada (at) corp (dot) test", "ada(at)corp.test", "info (at) corp.test", "ADA (at)CORP.TEST",
                                  "王伟ADA [ at ] mail.corp.test"])
def test_a_spaced_address_is_faked_whatever_its_local_part(text):
    # a rule that left a plain word spaced from its bracket (after a review of session 37: "Find us (at) github.com")
    # left an imprint's "info (at) corp.test" too (a second review, session 38): a bracketed at is read as an @
    out = clean(f"<p>{text}</p>")
    assert "ada" not in out.lower() and "corp" not in out.lower() and "info" not in out, out


@pytest.mark.parametrize("text", ["ada(at)bob(at)cy(at)dee(at)corp.test", "b@q@o@q[@]x.test", "ada(at)bob(at)corp.test",
                                  "ada[at]bob[at]cy[at]corp[dot]test"])
def test_a_chain_of_spelled_out_ats_is_sanitised(text):
    # a review of session 37: four or more in a row were refused (a fake's dotted local part read as a domain)
    out = clean(f"<p>{text}</p>")
    assert "corp" not in out, out


def test_words_of_unspaced_scripts_glued_after_it_are_kept_and_before_it_faked_with_it():
    # a review of session 37: the last label ran into the Japanese words after it. The words before it are read with
    # its local part, as ``EMAIL`` reads them: they may be a name glued to it (a second review, session 38)
    out = clean("<p>連絡先はada.quorn(at)corp.testまで</p><p>请联系王伟wangwei(at)corp.test</p>")
    assert out.count("まで</p>") == 1 and "quorn" not in out and "王伟" not in out and "wangwei" not in out, out


def test_a_domain_with_words_of_those_scripts_is_read():
    out = clean("<p>ada2(@)例え.test</p>")
    assert "例え" not in out and "ada2" not in out, out


@pytest.mark.parametrize("text", ["Reach ada.quorn(at)corp.test (at) any time", "ada.quorn [at] corp.test [at] work",
                                  "Mail: ada.quorn(at)corp.test(at)", "ada.quorn(at)corp.test@", "@ada.quorn(at)corp.test",
                                  "＠ada.quorn(at)corp.test"])
def test_a_bracketed_at_or_an_at_beside_it_that_starts_no_address_leaves_it_read(text):
    # a second review of session 37's fixes: the chain guard refused these, and the whole address was left
    out = clean(f"<p>{text}</p>")
    assert "quorn" not in out and "corp" not in out, out


@pytest.mark.parametrize("text", ["ada.quorn（at）corp.test", "ada.quorn [at] corp [.] test", "ada.quorn(at)corp(.)test",
                                  "ada.quorn\u00a0(at)\u00a0corp.test", "ada.quorn［at］corp［dot］test"])
def test_full_width_brackets_bracketed_dots_and_no_break_spaces_are_read_too(text):
    # left by session 37's first cut (its review listed them): Japanese input writes full-width brackets, and a
    # bracketed dot is as common as a spelled one
    out = clean(f"<p>{text}</p>")
    assert "quorn" not in out and "corp" not in out, out


@pytest.mark.parametrize("text", ["Ada Quorn &lt;ada.quorn(at)corp.test&gt;", "Ada Quorn, ada.quorn(at)corp.test",
                                  "Ada Quorn (ada.quorn [at] corp [dot] test)"])
def test_a_display_name_beside_a_spelled_out_address_is_learned(text):
    # left by session 37 (a display name was learned beside a written @ only): the name stayed beside its fake
    out = clean(f"<p>Hi Ada Quorn,</p><p>{text}</p>")
    assert "Quorn" not in out and "Ada" not in out, out


@pytest.mark.parametrize("text, words", [
    # a last label of Chinese, Japanese or Korean characters (a third review, session 38: a first cut read Latin ones only)
    ("wangwei(at)corp.中国", ["wangwei", "corp"]), ("minjun(at)회사.한국", ["minjun", "회사"]), ("ada(at)例え.テスト", ["ada", "例え"]),
    # as Japanese pages write one: full-width dots, letters and @, the words アット and ドット (left by session 37)
    ("info（at）corp．co．jp", ["info", "corp"]), ("info(at)corp．co．jp", ["info", "corp"]),
    ("ａｄａ（ａｔ）ｃｏｒｐ．ｉｏ", ["ａｄａ", "ｃｏｒｐ"]), ("ada（＠）corp.io", ["ada", "corp"]), ("ada[＠]corp.io", ["ada", "corp"]),
    ("info（アット）corp（ドット）co（ドット）jp", ["info", "corp"]),
    # after a percent escape, as the plain rule reads one
    ("%20ada(at)corp.io", ["ada", "corp"]),
])
def test_more_spellings_of_a_spelled_out_address_are_faked(text, words):
    out = clean(f"<p>{text}</p>")
    for word in words:
        assert word not in out, out


def test_its_full_width_form_gets_the_fake_of_the_address_written_plain():
    faker = Faker(KEY)
    plain = fake_plain(faker, "ada@corp.io", {})
    assert fake_spelled_out(faker, "ａｄａ（ａｔ）ｃｏｒｐ．ｉｏ", {}) == plain.replace("@", "（ａｔ）")


@pytest.mark.parametrize("text", ["Ada &lt;ada.quorn(at)corp.test&gt;", "Ada (ada.quorn [at] corp [dot] test)"])
def test_a_one_word_display_name_beside_a_spelled_out_address_is_faked_where_it_stands(text):
    # a one-word name beside a written @ is faked in its own text (a name of one word is as often an interface word);
    # beside a spelled-out one it was left (session 38)
    out = clean(f"<p>{text}</p>")
    assert "Ada" not in out and "quorn" not in out, out


def test_the_cheap_gate_knows_every_opening_bracket_the_pattern_reads():
    # ``may_spell_out`` tests each opening bracket with a plain ``in`` (it runs on every text); the pattern's class
    # ``_OPEN`` is the same fact, and a bracket added to one alone would be read nowhere or never gated
    from sanitize import emails
    opens = [ch for ch in "([{\uff08\uff3b\uff5b<\u3010\u300c" if re.fullmatch(emails._OPEN, ch)]
    assert opens == list("([{\uff08\uff3b\uff5b")
    for ch, close in zip(opens, ")]}\uff09\uff3d\uff5d"):
        assert emails.may_spell_out(f"ada{ch}at{close}corp.io"), ch
