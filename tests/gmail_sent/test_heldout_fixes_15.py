"""gmail.sent (and gmail.receipt, which shares the reader): an audit of 2026-12-02 (e), Sent pages in other display
languages written from §8.1 and REAL-PAGES.md.

Several display languages start an absolute date with a short weekday and write Tuesday ``mar`` (Romanian,
Galician, Filipino, Albanian, French as written in Canada), the one word the reader also knows as a month (March).
When the date's own month word was one the reader does not know (Romanian ``ian.``, Filipino ``Peb``, Canadian
French ``juill.``), ``mar`` was the only month word left and was taken: a Tuesday in January posted as a send in
March, and at the head of the list the window reached back to that March (spec §8.1: "the first that reads as a
time decides", and a date the reader cannot tell is refused, never guessed). An overlap word is now the month only
when no unknown word of three letters or more stands between it and the year.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from observers.shared.gmail_time import read_minute

NOW = datetime(2026, 12, 2, 12, 0, tzinfo=timezone.utc)
ZONE = ZoneInfo("Europe/Bucharest")


def _local(text: str) -> str | None:
    minute = read_minute(text, NOW, ZONE)
    return None if minute is None else minute.astimezone(ZONE).strftime("%Y-%m-%d %H:%M")


@pytest.mark.parametrize("text", [
    "mar., 7 ian. 2025, 14:03",  # Romanian: Tuesday 7 January
    "mar., 3 iun. 2025, 14:03",  # Romanian June
    "mar. 1 juill. 2025, 14 h 03",  # French as written in Canada: July
    "Mar, Peb 4, 2025, 2:03 PM",  # Filipino February
    "mar., 7 de xan. de 2025, 14:03",  # Galician January
    "mar, 4 shk 2025, 14:03",  # Albanian February
])
def test_tuesday_written_mar_beside_a_month_word_not_known_is_refused(text: str) -> None:
    assert _local(text) is None


@pytest.mark.parametrize("text, expected", [
    ("mar. 6 oct. 2026, 14:03", "2026-10-06 14:03"),  # French: the known month nearest the year
    ("mar. 3 mars 2026, 14:03", "2026-03-03 14:03"),
    ("mar, 3 mar 2026, 14:03", "2026-03-03 14:03"),  # Spanish or Italian: Tuesday 3 March
    ("mar., 3 de mar. de 2026, 14:03", "2026-03-03 14:03"),  # a two-letter word between stays a filler
    ("3 mar 2026, 14:03", "2026-03-03 14:03"),
    ("Tue, Mar 3, 2026, 2:03\u202fPM", "2026-03-03 14:03"),
    ("Tue, Mar 3, 2026 at 2:03 PM", "2026-03-03 14:03"),  # the word after the year is not between
    ("3 Mar 2026 Sal 14:03", "2026-03-03 14:03"),  # Turkish: the weekday after the year
])
def test_mar_as_march_still_reads(text: str, expected: str) -> None:
    assert _local(text) == expected
