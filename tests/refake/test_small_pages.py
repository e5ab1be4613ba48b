"""The re-fakers on small pages: <wbr>, amounts by value, --also, subject hints at 80, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from attest_kit.cli import main
from attest_kit.text import clamp_subject_hint, one_line
from tests.refake.conftest import KEY, captured, entry, folder, snapshot, standing_alone

MAIN = '<div role="main">{}</div>'


def _obs(**fields) -> list[dict]:
    base = {"merchant": "Fernhill Ceramics", "currency": "USD", "occurredAt": "2026-11-30T14:41:00.000Z"}
    return [{"type": "purchase.made", "fields": {**base, **fields}}]


def _refake(cli, monkeypatch, args: list[str]):
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", KEY)
    return cli.invoke(main, args)


def test_wbr_amount_by_value_also_and_label(tmp_path: Path, cli, monkeypatch) -> None:
    page = MAIN.format(
        "<p>Order number: AB12<wbr>34CD</p><p>AB1234CD</p><p>Total $48.00</p><p>Charged USD 48.00</p>"
        "<p>Ref 7788123</p><span title='AB1234CD'>x</span>"
        "<i data-legacy-thread-id='0f8fad5b-d9cb-469f-a165-70867728950e' data-map='0f8fad5b-d9cb-469f-a165-70867728950e'>m</i>"
    )
    base = folder(tmp_path, {"r.html": f"<html><body>{page}</body></html>"},
                  {"r.html": entry(observations=_obs(amountCents=4800, subjectHint="Receipt AB1234CD 7788123"))})
    r = _refake(cli, monkeypatch, ["refake", "--record", str(tmp_path / "rec.json"), "--also", "7788123", str(base / "r.html")])
    assert r.exit_code == 0, r.output
    html = (base / "r.html").read_text()
    rec = json.loads((tmp_path / "rec.json").read_text())
    new = {x["old"]: x["new"] for x in rec["replaced"]}
    assert "AB1234CD" not in html and "7788123" not in html and "48.00" not in html
    fake_id = new["AB1234CD"]
    tree = LexborHTMLParser(html)
    texts = [p.text() for p in tree.css("p")]
    assert texts[0] == f"Order number: {fake_id}" and texts[1] == fake_id  # across the <wbr> too
    assert tree.css_first("p wbr") is not None and tree.css_first("span").attributes["title"] == fake_id
    # one amount, one fake, whatever its format
    total = re.fullmatch(r"Total \$(\d\d)\.00", texts[2])
    assert total and texts[3] == f"Charged USD {total.group(1)}.00"
    # data-legacy-* ids are never touched; another attribute's UUID is
    i = tree.css_first("i")
    assert i.attributes["data-legacy-thread-id"] == "0f8fad5b-d9cb-469f-a165-70867728950e"
    assert i.attributes["data-map"] != "0f8fad5b-d9cb-469f-a165-70867728950e"
    fields = json.loads((base / "labels.json").read_text())["r.html"]["expected"][0]["observations"][0]["fields"]
    assert fields["amountCents"] == int(total.group(1)) * 100
    assert fields["subjectHint"] == f"Receipt {fake_id} {new['7788123']}"
    # "the old fakes in it are reversible": the record holds them, nothing else does
    assert "AB1234CD" in (tmp_path / "rec.json").read_text()


def test_a_labelled_id_in_several_cases_gets_one_new_fake_in_each_case(tmp_path: Path, cli, monkeypatch) -> None:
    """The capture faked "QX4T9Z" and its lower-cased copy as one value; the re-fake keeps them one."""
    page = captured(MAIN.format("<p>Booking reference: QX4T9Z</p><p>manage qx4t9z online</p><a title='Qx4t9z'>x</a>"))
    old = LexborHTMLParser(page).css("p")[0].text().split()[-1]
    assert old != "QX4T9Z" and f"manage {old.lower()} online" in page
    base = folder(tmp_path, {"r.html": page}, {"r.html": entry(observations=_obs(amountCents=100))})
    r = _refake(cli, monkeypatch, ["refake", "--record", str(tmp_path / "rec.json"), str(base / "r.html")])
    assert r.exit_code == 0, r.output
    html = (base / "r.html").read_text()
    assert old.lower() not in html.lower()
    new = LexborHTMLParser(html).css("p")[0].text().split()[-1]
    assert f"manage {new.lower()} online" in html and f'title="{new[0]}{new[1:].lower()}"' in html


def test_an_also_value_of_two_words_is_a_usage_error(tmp_path: Path, cli, monkeypatch) -> None:
    base = folder(tmp_path, {"r.html": MAIN.format("<p>Total $48.00</p>")}, {"r.html": entry()})
    before = snapshot(tmp_path)
    r = _refake(cli, monkeypatch, ["refake", "--record", str(tmp_path / "rec.json"), "--also", "two words",
                                   str(base / "r.html")])
    assert r.exit_code == 2 and "--also" in r.output and snapshot(tmp_path) == before


def test_record_inside_work_tree_is_refused_before_anything_is_written(tmp_path: Path, cli, monkeypatch) -> None:
    base = folder(tmp_path, {"r.html": MAIN.format("<p>Total $48.00</p>")}, {"r.html": entry()})
    before = snapshot(tmp_path)
    record = Path(__file__).resolve().parent / "refused-record.json"
    for cmd in ("refake", "refake-people"):
        r = _refake(cli, monkeypatch, [cmd, "--record", str(record), str(base / "r.html")])
        assert r.exit_code == 3 and "git work tree" in r.output
        assert r.output.count("error:") == 1
    assert not record.exists() and snapshot(tmp_path) == before


def test_an_existing_record_is_refused_before_anything_is_written(tmp_path: Path, cli, monkeypatch) -> None:
    """A user-journey review: a second run overwrote the first run's record, the only map from its old fakes to
    its new ones, and re-faked the pages again."""
    base = folder(tmp_path, {"r.html": MAIN.format("<p>Total $48.00</p>")}, {"r.html": entry()})
    record = tmp_path / "rec.json"
    record.write_text('{"earlier": "run"}')
    before = snapshot(tmp_path)
    for cmd in ("refake", "refake-people"):
        r = _refake(cli, monkeypatch, [cmd, "--record", str(record), str(base / "r.html")])
        assert r.exit_code == 3 and "exists already" in r.output, r.output
    assert snapshot(tmp_path) == before


def test_a_run_that_changes_nothing_writes_no_record(tmp_path: Path, cli, monkeypatch) -> None:
    """A run that found nothing wrote an empty record, and the next run with that path was refused as "exists
    already" (a usability review, session 39): a record maps old fakes to new ones, and there are none."""
    base = folder(tmp_path, {"r.html": MAIN.format("<p>Nothing here to fake</p>")}, {"r.html": entry()})
    before = snapshot(tmp_path)
    for cmd in ("refake", "refake-people"):
        record = tmp_path / f"{cmd}-rec.json"
        for _ in range(2):  # and the same path again
            r = _refake(cli, monkeypatch, [cmd, "--record", str(record), str(base / "r.html")])
            assert r.exit_code == 0 and "no record written: nothing changed" in r.output, r.output
        assert not record.exists()
    assert snapshot(tmp_path) == before


def test_bad_input_exits_3_and_writes_nothing(tmp_path: Path, cli, monkeypatch) -> None:
    base = folder(tmp_path, {"r.html": MAIN.format("<p>Total $48.00</p>"), "stray.html": "<p>$5.00</p>"},
                  {"r.html": entry()})
    loose = tmp_path / "loose.html"
    loose.write_text("<p>Total $9.00</p>")
    notes = tmp_path / "notes.txt"
    notes.write_text("Total $9.00")
    rec = tmp_path / "out/rec.json"
    before = snapshot(tmp_path)
    cases = [
        ["refake", str(base / "r.html"), str(loose)],  # no labels.json beside it
        ["refake", str(base / "r.html"), str(base / "stray.html")],  # labels.json does not name it
        ["refake", str(notes)],  # not HTML
        ["refake-people", str(base / "r.html"), str(loose)],
    ]
    for args in cases:
        r = _refake(cli, monkeypatch, [args[0], "--record", str(rec), *args[1:]])
        assert r.exit_code == 3, args
        assert r.output.startswith("error: ") and r.output.count("\n") == 1
        assert snapshot(tmp_path) == before and not rec.exists(), args  # nothing written
    (base / "labels.json").write_text('{"r.html": ')  # does not parse
    before = snapshot(tmp_path)
    for cmd in ("refake", "refake-people"):
        r = _refake(cli, monkeypatch, [cmd, "--record", str(rec), str(base / "r.html")])
        assert r.exit_code == 3 and "labels.json" in r.output
    monkeypatch.delenv("ATTEST_CAPTURE_KEY")
    r = cli.invoke(main, ["refake", "--record", str(rec), str(base / "r.html")])
    assert r.exit_code == 3 and "ATTEST_CAPTURE_KEY" in r.output
    assert snapshot(tmp_path) == before and not rec.exists()


# -- refake-people on the real sanitiser's output --------------------------------------------------
#: Where a redacted phrase starts in a subject: near enough to 80 that some phrases cross it and
#: some end before it, so which side a new phrase lands on is a real constraint.
PREFIXES = {"subj": "Notes on the offsite planning thread and the catering for ",  # 58
            "subj2": "Fwd: plans for the week and the numbers for ",  # 44
            "subj4": "Notes on the offsite planning thread, the catering numbers and the agenda for "}  # 78
TAIL = " and a long tail of plain words that pushes this subject past the cut"


SUBJECTS = ("subj", "subj2", "subj3", "subj4")


def _people_pages(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    assert [len(p) for p in PREFIXES.values()] == [58, 44, 78]
    sent = captured(
        MAIN.format(
            '<div class="row"><span email="priya.raman@corp.test" name="Priya Raman">Priya Raman</span>'
            f'<span class="subj">{PREFIXES["subj"]}<b class="r">the secret merger talks</b>{TAIL}</span>'
            f'<span class="subj2">{PREFIXES["subj2"]}<b class="r">budget review for the lakeside venue</b>{TAIL}</span>'
            '<span class="subj3">Lunch with Priya Raman</span>'
            f'<span class="subj4">{PREFIXES["subj4"]}<b class="r">quiet acquisition</b></span>'
            "<p>Priya Raman &lt;priya.raman@corp.test&gt;</p></div>"
        ),
        names=["Priya Raman"], redact_selectors=[".r"],
    )
    tree = LexborHTMLParser(sent)
    subjects = {c: one_line(tree.css_first(f".{c}").text()) for c in SUBJECTS}
    email = re.search(r"[a-z]+\.[a-z]+@example\.(?:com|org|net)", sent).group(0)
    obs = [{"type": "email.sent", "fields": {"counterparty": email, "occurredAt": "2026-11-30T14:41:00.000Z",
                                              "subjectHint": clamp_subject_hint(s)}} for s in subjects.values()]
    base = folder(tmp_path, {"s.html": sent}, {"s.html": entry(observations=obs, observer="gmail.sent")})
    return base, subjects


@pytest.mark.parametrize("key", [f"attest-kit-test-key-refake-{k}" for k in "ABCD"])
def test_people_refake_keeps_every_hint_cut_where_it_was(tmp_path: Path, cli, monkeypatch, key: str) -> None:
    # with some of these keys the first draw puts a new phrase on the wrong side (key C does)
    base, old = _people_pages(tmp_path)
    assert all(len(old[c]) > 80 for c in ("subj", "subj2", "subj4"))
    monkeypatch.setenv("ATTEST_CAPTURE_KEY", key)
    r = cli.invoke(main, ["refake-people", "--record", str(tmp_path / "p.json"), str(base / "s.html"),
                                   str(base / "labels.json")])
    assert r.exit_code == 0, r.output
    rec = json.loads((tmp_path / "p.json").read_text())
    assert rec["emails"] and rec["names"] and len(rec["phrases"]) == 3
    html = (base / "s.html").read_text()
    tree = LexborHTMLParser(html)
    new = {c: one_line(tree.css_first(f".{c}").text()) for c in SUBJECTS}
    fields = [o["fields"] for o in json.loads((base / "labels.json").read_text())["s.html"]["expected"][0]["observations"]]
    # the labels follow the page: each hint is the new subject's first 80 characters
    assert [f["subjectHint"] for f in fields] == [clamp_subject_hint(new[c]) for c in SUBJECTS]
    phrases = {p["old"]: p["new"] for p in rec["phrases"]}
    sides = []
    for c, prefix in PREFIXES.items():  # each new phrase on its old one's side of the cut
        o = next(o for o in phrases if old[c].startswith(prefix + o))
        assert new[c].startswith(prefix + phrases[o])
        sides.append(len(prefix + o) > 80)
        assert (len(prefix + phrases[o]) > 80) == sides[-1], c
    assert True in sides and False in sides  # both sides are exercised
    # the counterparty follows the page's new address; no old fake remains in page or label
    assert fields[0]["counterparty"] in html
    labels_text = (base / "labels.json").read_text()
    for old_value in [e["old"] for e in rec["emails"]] + list(phrases):
        assert old_value not in html and old_value not in labels_text
    for n in rec["names"]:
        pat = standing_alone(n["old"].capitalize())
        assert not pat.search(html) and not pat.search(labels_text)


def test_people_refake_is_keyed(tmp_path: Path, cli, monkeypatch) -> None:
    outs = []
    for i, key in enumerate((KEY, KEY, "attest-kit-test-key-refake-B")):
        base, _ = _people_pages(tmp_path / str(i))
        monkeypatch.setenv("ATTEST_CAPTURE_KEY", key)
        r = cli.invoke(main, ["refake-people", "--record", str(tmp_path / f"p{i}.json"), str(base / "s.html")])
        assert r.exit_code == 0, r.output
        outs.append(((base / "s.html").read_bytes(), (base / "labels.json").read_bytes(),
                     json.loads((tmp_path / f"p{i}.json").read_text())))
    assert outs[0][:2] == outs[1][:2]
    a, b = outs[0][2], outs[2][2]
    assert all(x["new"] != y["new"] for x, y in zip(a["emails"] + a["phrases"], b["emails"] + b["phrases"], strict=True))


@pytest.mark.parametrize("amount, value", [("CHF 1'234.50", "1234.5"), ("CHF 1’234.50", "1234.5"), ("₹1,23,456.00", "123456")])
def test_an_amount_grouped_as_the_value_rule_reads_it_has_its_whole_value(amount: str, value: str) -> None:
    from sanitize.amount_values import canonical
    assert canonical(amount) == value  # Swiss and Indian grouping, as values.AMOUNT matches them
