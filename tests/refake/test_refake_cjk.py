"""Addresses and names glued to Chinese, Japanese or Korean text (no space between, as those scripts
write): the sanitiser fakes the address alone and keeps the words around it, and ``refake-people``
finds the fakes there as it finds them between spaces. Invented values and public test keys only."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from attest_kit.cli import main
from sanitize.refake_shapes import find
from tests.refake.conftest import KEY, captured, entry, folder, refake_people_on_one_page

PERSON = '<span email="ada.quorn@corp.test" name="Ada Quorn">Ada Quorn</span>'
#: An address glued to the words of each script on both sides: (before, after).
GLUED = [("メールは", "までお送りください"), ("请联系", "获取更多信息"), ("연락처", "로 보내주세요")]
FAKE_ADDRESS = re.compile(r"[a-z]+\.[a-z]+@example\.(?:com|org|net)")


def _latin_word(word: str) -> re.Pattern[str]:
    """``word`` with no Latin letter glued to it (a CJK character may be)."""
    return re.compile(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])")


@pytest.mark.parametrize("before, after", GLUED)
def test_the_sanitiser_fakes_a_glued_address_and_keeps_the_words_after_it(before: str, after: str) -> None:
    """The words after the address stay; the words before it go with the local part (they may be a name written
    glued to it, 王伟wangwei@…: a review, session 36)."""
    html = captured(f'<div role="main"><p>{before}ada.quorn@corp.test{after}</p></div>')
    text = LexborHTMLParser(html).css_first("p").text()
    assert "ada.quorn" not in html and "corp.test" not in html and before not in html
    m = FAKE_ADDRESS.search(text)
    assert m is not None and m.start() == 0, text
    assert text[m.end():] == after


@pytest.mark.parametrize("before, after", GLUED)
def test_a_glued_address_in_an_attribute_keeps_the_words_after_it(before: str, after: str) -> None:
    html = captured(f'<div role="main"><p title="{before}ada.quorn@corp.test{after}">x</p></div>')
    title = LexborHTMLParser(html).css_first("p").attributes["title"]
    assert "ada.quorn" not in title and before not in title and title.endswith(after) and FAKE_ADDRESS.match(title)


@pytest.mark.parametrize("local", ["山田taro", "王伟wangwei", "김민준kim", "山田_taro", "山田1"])
def test_a_local_part_that_starts_in_the_script_is_faked_whole(local: str) -> None:
    html = captured(f'<div role="main"><p>联系人：{local}@corp.test，谢谢</p></div>')
    assert local[:2] not in html.split("联系人")[1] and "corp.test" not in html, html


@pytest.mark.parametrize("after", ["まで-よろしく", "获取-x", "로-x"])
def test_a_fake_address_before_glued_words_and_a_hyphen_keeps_its_at(after: str) -> None:
    html = captured(f'<div role="main"><p>ada@corp.io{after}</p></div>')
    text = LexborHTMLParser(html).css_first("p").text()
    assert "\uff20" not in text and FAKE_ADDRESS.match(text) and text.endswith(after), text
    assert [h.units[0].kind for h in find(text)] == ["email"]


def test_an_address_whose_domain_is_written_in_the_script_is_read_whole() -> None:
    # an IDN domain of one script, glued to nothing: faked whole (the rule cuts only a Latin label glued to CJK)
    html = captured('<div role="main"><p>Write to ada@例え.テスト today</p></div>')
    assert "例え" not in html and "ada@" not in html


@pytest.mark.parametrize("text", ["Corin Fallowby様", "Corin Fallowby님", "お世話になります、Corin Fallowby様"])
def test_refake_finds_a_fake_name_glued_to_the_script(text: str) -> None:
    units = [u for h in find(text) for u in h.units]
    assert [u.old for u in units] == ["corin", "fallowby"]


@pytest.mark.parametrize("before, after", GLUED)
def test_refake_finds_a_fake_address_glued_to_the_script(before: str, after: str) -> None:
    hits = find(f"{before}brook.isle@example.org{after}")
    assert [(h.text, h.units[0].old, h.units[0].extra) for h in hits] == [
        ("brook.isle@example.org", "brook.isle", "example.org")]


def test_refake_people_leaves_no_old_fake_glued_to_the_script(tmp_path: Path, cli, monkeypatch) -> None:
    body = "".join(f"<p>{b}ada.quorn@corp.test{a}</p>" for b, a in GLUED)
    sent = captured(f'<div role="main">{PERSON}<p>Ada Quorn様、お世話になります。</p><p>Ada Quorn님 안녕하세요</p>{body}</div>')
    tree = LexborHTMLParser(sent)
    old_name = tree.css_first("span").attributes["name"]
    old_email = tree.css_first("span").attributes["email"]
    assert "Ada" not in sent and f"{old_name}様" in sent and f"{old_name}님" in sent
    html = refake_people_on_one_page(tmp_path, cli, monkeypatch, sent)
    record = json.loads((tmp_path / "p.json").read_text())
    olds = {e["old"] for e in record["emails"]}
    assert old_email in olds and len(olds) == 1 + len(GLUED)  # each glued address was faked with its words before it
    assert not any(o in html for o in olds)
    for word in old_name.split():
        assert not _latin_word(word).search(html), word
    texts = [p.text() for p in LexborHTMLParser(html).css("p")]
    for (b, a), t in zip(GLUED, texts[2:], strict=True):
        assert t.endswith(a) and FAKE_ADDRESS.match(t), t


def test_refake_replaces_a_labelled_id_glued_to_the_script_in_page_and_label(tmp_path: Path, cli, monkeypatch) -> None:
    page = captured('<div role="main"><p>Order number: QX4T9Z27</p><p>ご注文QX4T9Z27を確認しました</p>'
                    "<p>Total $48.00</p></div>")
    old = LexborHTMLParser(page).css("p")[0].text().split()[-1]
    assert old != "QX4T9Z27" and f"ご注文{old}を確認" in page  # the capture faked the glued copy as the same value
    obs = [{"type": "purchase.made", "fields": {"merchant": "Fernhill Ceramics", "currency": "USD", "amountCents": 4800,
                                                "occurredAt": "2026-11-30T14:41:00.000Z",
                                                "subjectHint": f"ご注文{old}を確認しました"}}]
    base = folder(tmp_path, {"r.html": page}, {"r.html": entry(observations=obs)})
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    r = cli.invoke(main, ["refake", "--record", str(tmp_path / "rec.json"), str(base / "r.html")])
    assert r.exit_code == 0, r.output
    html = (base / "r.html").read_text()
    new = LexborHTMLParser(html).css("p")[0].text().split()[-1]
    assert old not in html and new != old and f"ご注文{new}を確認" in html
    fields = json.loads((base / "labels.json").read_text())["r.html"]["expected"][0]["observations"][0]["fields"]
    assert fields["subjectHint"] == f"ご注文{new}を確認しました"


@pytest.mark.parametrize("text", ["お問い合わせ：info＠corp.co.jp まで", "Contact: ada.quorn＠corp.io today", "（ada.quorn＠corp.io）"])
def test_an_address_written_with_a_full_width_at_is_faked_with_it(text: str) -> None:
    """Japanese pages write an address with the full-width ＠ (so that harvesters miss it): it was left whole, the ＠
    being what the sanitiser writes for an @ that is no address (a review, session 36). Its fake keeps the ＠."""
    html = captured(f'<div role="main"><p>{text}</p></div>')
    out = LexborHTMLParser(html).css_first("p").text()
    assert "corp." not in out and "info" not in out and "ada.quorn" not in out, out
    fake = re.search(r"[a-z]+\.[a-z]+＠example\.(?:com|org|net)", out)
    assert fake is not None and "@" not in out, out
    assert [(h.text, h.units[0].kind) for h in find(out)] == [(fake.group(0), "email")]


def test_a_full_width_at_the_sanitiser_wrote_is_no_address() -> None:
    # an @ of no address (a quoted local part) becomes ＠, and the second pass reads no address there
    html = captured('<div role="main"><p>"ada quorn"@corp.io and @mention</p></div>')
    out = LexborHTMLParser(html).css_first("p").text()
    assert out == '"ada quorn"＠corp.io and ＠mention'


def test_refake_people_replaces_an_address_written_with_a_full_width_at(tmp_path: Path, cli, monkeypatch) -> None:
    sent = captured('<div role="main"><p>連絡先：ada.quorn＠corp.test まで</p></div>')
    old = FAKE_ADDRESS.pattern.replace("@", "＠")
    before = re.search(old, sent)
    assert before is not None, sent
    html = refake_people_on_one_page(tmp_path, cli, monkeypatch, sent)
    after = re.search(old, html)
    assert after is not None and after.group(0) != before.group(0) and before.group(0) not in html
