"""Defects a randomised comparison with a spec oracle found (gcal.event 1.3.13), both on the days a
zone's clocks change at midnight (Havana, Santiago, the Azores, Beirut, Cairo).

1. "7pm to 12am" on the day whose own midnight is repeated or skipped: the end was first placed on
   the chip's own day, at that day's midnight, the hour a zone repeats or skips, so the chip was
   unreadable before "ends the next day" could apply; the whole range lost its coverage. An end
   clock before the start clock is on the next day at once.
2. The zone hint was compared with the offsets at wall-clock 00:00 and 23:59 of each day, which on
   such days name an hour that does not exist or leave out the repeated one: a hint the zone never
   has in the range was "ambiguous" (Havana, 8 March: 00:00 is skipped) and one it has in the
   repeated hour "mismatch" (Santiago, 4 April, the second 23:00 hour). Now every instant of the
   visible days counts (decision 1.3.0: ambiguous when the zone has the offset at some other hour
   of the range, mismatch when never).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from observers.gcal_event.sentence import parse_sentence
from tests.fixture_builders.gcal_pages import datekey
from tests.gcal_event.helpers import posted_for
from tests.gcal_event.test_gcal_review_fixes import health, page

UTC = timezone.utc


def test_an_end_at_12am_on_the_day_a_zone_repeats_its_midnight_is_the_next_day():
    havana = ZoneInfo("America/Havana")  # 1 November 2026: 01:00 CDT back to 00:00 CST
    read = parse_sentence("7pm to 12am, Design review, Dana Whitfield, Accepted, No location, November 1, 2026", havana)
    assert read is not None
    assert (read.start, read.end) == (datetime(2026, 11, 2, 0, 0, tzinfo=UTC), datetime(2026, 11, 2, 5, 0, tzinfo=UTC))
    long_form = parse_sentence("November 1, 2026 at 7pm to November 2, 2026 at 12am, Design review, Dana Whitfield, "
                               "Accepted, No location,", havana)
    assert long_form is not None and (long_form.start, long_form.end) == (read.start, read.end)


def test_an_end_in_the_hour_a_zone_repeats_stays_unreadable():
    # the recorded decision: on 31 October the end "12am" is 1 November 00:00, in Havana's repeated hour
    havana = ZoneInfo("America/Havana")
    for end in ("12am", "12:30am"):
        sentence = f"11pm to {end}, Design review, Dana Whitfield, Accepted, No location, October 31, 2026"
        assert parse_sentence(sentence, havana) is None


def _range_page(days: list[date], zone: str) -> str:
    cells = "".join(f'<div role="gridcell" data-datekey="{datekey(d)}"></div>' for d in days)
    return page(f'<div role="grid"><div role="row">{cells}</div></div>', zone=zone)


def _zone_health(days: list[date], zone: str, tz: str) -> tuple[str, list[str]]:
    at = datetime(days[0].year, days[0].month, days[0].day, 18, tzinfo=UTC)
    return health(posted_for(_range_page(days, zone), instant=at, zone=tz))


def test_a_hint_the_zone_never_has_on_a_day_whose_midnight_is_skipped_is_a_mismatch():
    day = [date(2026, 3, 8)]  # Havana: 00:00 CST is skipped, the day is CDT (-04) throughout
    assert _zone_health(day, "GMT-04", "America/Havana") == ("OK", [])
    assert _zone_health(day, "GMT-05", "America/Havana") == ("DEGRADED", ["time_zone.mismatch"])


def test_a_hint_the_zone_has_only_in_the_repeated_hour_at_the_range_end_is_ambiguous():
    week = [date(2026, 3, 29) + timedelta(days=i) for i in range(7)]  # Santiago: 4 April 24:00 -03 → 23:00 -04
    assert _zone_health(week, "GMT-03", "America/Santiago") == ("OK", [])
    assert _zone_health(week, "GMT-04", "America/Santiago") == ("DEGRADED", ["time_zone.ambiguous"])
    assert _zone_health(week, "GMT-05", "America/Santiago") == ("DEGRADED", ["time_zone.mismatch"])
