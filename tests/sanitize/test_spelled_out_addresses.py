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
