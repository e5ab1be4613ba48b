"""The shared time reader never misreads a time in any Gmail display language (a sweep of 2026-12-01).

Gmail writes its titles in the display language's own CLDR forms. For each language Gmail offers, four
instants are written the way CLDR writes a date (weekday and abbreviated month, or month alone) with the
locale's short time, joined by the locale's own date-time pattern; and the short time alone (today). The
reader may refuse any of them (a language it does not know: the row is ``time.unreadable``, loud), but
what it reads must be the instant written: a wrong minute is a silent wrong answer (spec §7).
Babel supplies CLDR; its version is the one installed (the floor in pyproject.toml).
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from babel import Locale
from babel.dates import format_skeleton, format_time

from observers.shared.gmail_time import read_minute

#: Gmail's display languages, as CLDR locale ids (its settings list, 2026).
GMAIL_LANGUAGES = (
    "af az id ms ca cs cy da de de_AT de_CH et en en_GB en_AU en_CA en_IN es es_419 eu fil fr fr_CA ga gl hr zu "
    "is it sw lv lt hu nb nl pl pt pt_PT ro sk sl fi sv vi tr el bg mn ru sr uk hy he ur ar fa am mr hi bn gu ta "
    "te kn ml si th lo ka km zh zh_Hant ja ko sq mk be kk ky uz ne pa my or as ps"
).split()
ZONE = ZoneInfo("America/New_York")
NOW = datetime(2026, 12, 4, 23, 0, tzinfo=timezone.utc)  # 18:00 in New York
INSTANTS = (
    datetime(2026, 3, 5, 15, 7, tzinfo=ZONE),
    datetime(2026, 10, 6, 9, 41, tzinfo=ZONE),
    datetime(2025, 12, 4, 0, 5, tzinfo=ZONE),
    datetime(2026, 12, 4, 12, 30, tzinfo=ZONE),  # today: its short time alone is read as today
)


def _titles(locale: Locale, instant: datetime) -> set[str]:
    clock = format_time(instant, "short", tzinfo=ZONE, locale=locale)
    titles = {clock} if instant.date() == date(2026, 12, 4) else set()
    for skeleton in ("yMMMEd", "yMMMd", "yMMMMEEEEd"):
        if skeleton not in locale.datetime_skeletons:
            continue
        day = format_skeleton(skeleton, instant, tzinfo=ZONE, locale=locale)
        for width in ("medium", "long", "short"):
            pattern = str(locale.datetime_formats.get(width, "{1}, {0}"))
            titles.add(pattern.replace("{1}", day).replace("{0}", clock).replace("'", ""))
    return titles


@pytest.mark.parametrize("language", GMAIL_LANGUAGES)
def test_a_title_in_a_gmail_language_reads_right_or_not_at_all(language: str) -> None:
    locale = Locale.parse(language)
    misread = []
    for instant in INSTANTS:
        for title in _titles(locale, instant):
            minute = read_minute(title, NOW, ZONE)
            if minute is not None and minute != instant.astimezone(timezone.utc):
                misread.append((title, minute.astimezone(ZONE).isoformat()))
    assert not misread


def test_the_languages_the_reader_knows_read() -> None:
    """The sweep is no check that cannot fail: the languages docs/gmail_sent.md names are read."""
    for language in ("en", "en_GB", "de", "fr", "es", "it", "pt", "nl", "sv", "ru", "tr", "ja", "zh", "ko"):
        locale = Locale.parse(language)
        titles = _titles(locale, INSTANTS[1])
        assert any(read_minute(t, NOW, ZONE) is not None for t in titles), language
