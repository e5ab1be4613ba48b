"""An address written against harvesters with its @ (and its dots) spelled out in brackets, as signatures and
imprints write one: ``ada.quorn(at)corp.test``, ``ada.quorn [at] corp [dot] test``. No rule read it, so it was kept
whole. Every value is invented; each test failed first but the prose guards."""

from __future__ import annotations

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


@pytest.mark.parametrize("text", ["Find us (at) github.com", "Sign up (at) corp.test", "print(at) os.path",
                                  "lut[ at ]\tself.value", "Visit us [at] corp.test today"])
def test_a_plain_word_spaced_from_a_bracketed_at_is_prose(text):
    # a review of session 37: a space beside the bracket and a local part that is a plain word is prose or code
    assert clean(f"<p>{text}</p>") == f"<p>{text}</p>"


@pytest.mark.parametrize("text", ["ada.quorn (at) corp.test", "ada_q [at] corp.test", "ada2 (at) corp.test",
                                  "ada (at) corp (dot) test", "ada(at)corp.test"])
def test_a_spaced_address_says_it_is_one_by_its_local_part_or_its_dots(text):
    out = clean(f"<p>{text}</p>")
    assert "ada" not in out and "corp" not in out, out


@pytest.mark.parametrize("text", ["ada(at)bob(at)cy(at)dee(at)corp.test", "b@q@o@q[@]x.test", "ada(at)bob(at)corp.test",
                                  "ada[at]bob[at]cy[at]corp[dot]test"])
def test_a_chain_of_spelled_out_ats_is_sanitised(text):
    # a review of session 37: four or more in a row were refused (a fake's dotted local part read as a domain)
    out = clean(f"<p>{text}</p>")
    assert "corp" not in out, out


def test_words_of_unspaced_scripts_glued_to_it_are_kept():
    # a review of session 37: the local part and the last label ran into the Japanese words either side
    out = clean("<p>連絡先はada.quorn(at)corp.testまで</p>")
    assert out.startswith("<p>連絡先は") and out.endswith("まで</p>") and "quorn" not in out, out


@pytest.mark.parametrize("text", ["ada.quorn（at）corp.test", "ada.quorn [at] corp [.] test", "ada.quorn(at)corp(.)test",
                                  "ada.quorn\u00a0(at)\u00a0corp.test", "ada.quorn［at］corp［dot］test"])
def test_full_width_brackets_bracketed_dots_and_no_break_spaces_are_read_too(text):
    # left by session 37's first cut (its review listed them): Japanese input writes full-width brackets, and a
    # bracketed dot is as common as a spelled one
    out = clean(f"<p>{text}</p>")
    assert "quorn" not in out and "corp" not in out, out
