from datetime import datetime, timezone

import pytest

from attest_kit.hashing import account_hash, normalize_email, sha256_hex
from attest_kit.instants import InvalidInstant, format_instant, parse_instant
from attest_kit.text import SUBJECT_HINT_MAX, clamp_subject_hint, has_control_character, one_line


def test_one_line_collapses_every_run_of_white_space_and_trims():
    assert one_line(" Design\n\treview \u00a0 notes\u202f ") == "Design review notes"


def test_one_line_keeps_other_control_characters_so_project_still_refuses():
    assert "\x07" in one_line("bell\x07 here")


def test_subject_hint_is_cut_at_80_code_points_and_never_splits_a_pair():
    assert clamp_subject_hint("x" * 100) == "x" * SUBJECT_HINT_MAX
    emoji = "\U0001F600" * 100
    cut = clamp_subject_hint("a" + emoji)
    assert len(cut) == 80 and cut.encode("utf-16-le", "strict")


def test_subject_hint_shorter_than_cap_is_unchanged():
    assert clamp_subject_hint("short") == "short"


def test_account_hash_normalises_display_name_brackets_and_ascii_case():
    assert account_hash("Priya Raman <Priya@Example.COM>") == sha256_hex("priya@example.com")
    assert account_hash("(priya@example.com)") == sha256_hex("priya@example.com")


def test_lookalike_address_hashes_as_another_account():
    cyrillic_a = "\u0430"
    assert account_hash(f"priy{cyrillic_a}@example.com") != account_hash("priya@example.com")
    # ASCII-only lowercasing: a non-ASCII capital is kept as written.
    assert normalize_email("\u00c9lise@example.com") == "\u00c9lise@example.com"


def test_not_one_address_is_refused():
    with pytest.raises(ValueError):
        account_hash("two@example.com, three@example.com")
    assert normalize_email("no address here") is None


def test_control_characters_are_detected():
    assert has_control_character("a\nb") and has_control_character("a\x85b") and not has_control_character("a b")


def test_instants_round_trip_in_the_wire_format():
    value = parse_instant("2026-10-06T14:03:00-07:00")
    assert format_instant(value) == "2026-10-06T21:03:00.000Z"
    assert format_instant(datetime(2026, 1, 2, 3, 4, 5, 678900, tzinfo=timezone.utc)) == "2026-01-02T03:04:05.678Z"


@pytest.mark.parametrize("bad", ["2026-10-06", "2026-10-06T21:03:00", "yesterday", ""])
def test_an_instant_without_a_zone_is_refused(bad):
    with pytest.raises(InvalidInstant):
        parse_instant(bad)


@pytest.mark.parametrize("bad", ["2026-02-30T18:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T18:61:00Z",
                                 "0001-01-01T00:30:00+01:00", "9999-12-31T23:30:00-01:00", "0000-01-01T00:00:00Z"])
def test_an_instant_of_the_right_shape_but_no_real_time_is_refused(bad):
    # a held-out audit: the shape check passed them and datetime's own errors escaped as tracebacks
    with pytest.raises(InvalidInstant):
        parse_instant(bad)


@pytest.mark.parametrize("text", ["2026-02-30T18:00:00.000Z", "2026-11-30T24:00:00.000Z", "0000-01-01T00:00:00.000Z"])
def test_a_wire_instant_names_a_real_time(text):
    from attest_kit.instants import is_wire_instant
    assert not is_wire_instant(text)
    assert is_wire_instant("2028-02-29T23:59:59.999Z")
