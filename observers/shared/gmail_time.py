"""Gmail's shown times, read as one minute in the browser's zone (sent-time.ts).

Gmail writes an absolute time in a ``title`` (``Tue, Oct 6, 2026, 2:03 PM``; older pages
``Thu, Dec 4, 2014 at 2:02 PM``; other display languages in their own words and 24-hour clocks)
and a short text (``2:03 PM`` today, ``Oct 6`` earlier this year). Current Chrome puts a narrow
no-break space (U+202F) before AM/PM. Only a text that names a minute is a time: ``Oct 6`` is not.
Month words are read whole, in the languages ``month_names.json`` lists; Japanese, Chinese and
Korean dates are numeric (``2026年11月27日``, ``2026년 11월 27일``) with the AM/PM word before the
clock. What cannot be told is refused, never guessed: an unknown word of those scripts before the
clock, an unknown word after a clock that could be a 12-hour one (Malay ``9:14 PTG``), a date
without its year, a month word another language uses for another month.

>>> from zoneinfo import ZoneInfo
>>> from datetime import datetime, timedelta, timezone
>>> now = datetime(2026, 10, 7, 3, 0, tzinfo=timezone.utc)
>>> la = ZoneInfo("America/Los_Angeles")
>>> read_minute("Tue, Oct 6, 2026, 2:03\\u202fPM", now, la).isoformat()
'2026-10-06T21:03:00+00:00'
>>> read_minute("Di., 6. Okt. 2026, 14:03", now, la).isoformat()
'2026-10-06T21:03:00+00:00'
>>> read_minute("Oct 6", now, la) is None
True
>>> read_minute("7:15 PM (5 minutes ago)", now, la).isoformat()
'2026-10-07T02:15:00+00:00'
>>> read_minute("Sun, Nov 1, 2026, 1:30 AM", now, la) is None  # the repeated hour: no single minute
True
>>> read_minute("2026년 10월 6일 (화) 오후 2:03", now, la).isoformat()
'2026-10-06T21:03:00+00:00'
"""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo

#: A clock: 14:03, 14.03, 14h03 and Canadian French 14 h 03 (spaced, any of the three spaces).
_TIME = re.compile(
    r"(?<![\d:+\-\u2212])(\d{1,2})(?:[:.]|[\s\u202f\u00a0]?h[\s\u202f\u00a0]?)(\d{2})(?![\d:])(?:[\s\u202f\u00a0]*([AaPp])\.?[\s\u202f\u00a0]?[Mm]\.?(?![A-Za-z]))?"
)
_TOKEN = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
#: Japanese, Chinese and Korean write the date in numbers with year, month and day marks.
_EAST_ASIAN_DATE = re.compile(r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]")
#: Part of such a date (11月27日 with no year): not today's date, and no date this reader can tell.
_EAST_ASIAN_DATE_PART = re.compile(r"\d\s*[年년月월日일]")
#: Their AM and PM words, written before the clock (午後8:15, 下午8:15, 오후 8:15), with the hours
#: each counts: a Japanese 12-hour clock runs 0 to 11 (午後0:15 is 12:15; 午後12時 is read both
#: ways, so it is refused), a Chinese or Korean one 1 to 12 (下午12:05 is 12:05).
_EAST_ASIAN_MERIDIEM = {"午前": ("a", 0), "午後": ("p", 0), "上午": ("a", 1), "下午": ("p", 1),
                        "오전": ("a", 1), "오후": ("p", 1)}
_MERIDIEM_BEFORE = re.compile("(" + "|".join(_EAST_ASIAN_MERIDIEM) + r")\s*$")
#: A Latin AM/PM word before the clock: current CLDR writes Korean so ("(목) PM 3:20"), a 12-hour
#: clock counting 1 to 12. In capitals only: any other ("am", "Pm") may be a word of the date (German
#: "am"), and before a clock that could be a 12-hour one it is refused, never read either way.
_LATIN_MERIDIEM_BEFORE = re.compile(r"(?<![^\W\d_])([AaPp])\.?[\s\u202f\u00a0]?([Mm])\.?$")
#: A word of these scripts just before the clock says something about it (晚上 8:15: "in the
#: evening"); only a date's day mark and a weekday may stand there.
_EAST_ASIAN_LETTER = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]$")
_DAY_OR_WEEKDAY = re.compile(r"(?:[日일]|(?:周|週|星期|礼拜)[一二三四五六日天])$")
_SPACE = r"[\s\u202f\u00a0]"
#: A zone written right after the clock (and its AM/PM word), bracketed or not: GMT or UTC with an
#: offset or none, an offset alone after a space or bracket (+0530, −05:00: with nothing before it,
#: "04:00-05:00" is a range), Z; or a zone named by a capital abbreviation or an English "… Time" name,
#: which names no one offset (EST, IST, "Pacific Time"). Other languages' zone names are not known.
_WRITTEN_ZONE = re.compile(
    rf"(?P<lead>{_SPACE}*[(（]?{_SPACE}*)(?:"
    r"(?i:GMT|UTC)(?:(?P<sign>[+\-\u2212])(?P<offset>\d{4}|\d{1,2}(?::\d{2})?))?(?![^\W_]|[:+\-\u2212])"
    r"|(?P<bare_sign>[+\-\u2212])(?P<bare_offset>\d{2}:?\d{2})(?!\d)"
    r"|Z(?![^\W_])"
    rf"|(?P<word>[A-Z]{{2,5}}(?![^\W_])|(?:[A-Z][a-z]+{_SPACE}+)+Time(?![^\W_]))"
    r")"
)


@lru_cache(maxsize=1)
def _month_names() -> dict:
    """month_names.json, read once."""
    return json.loads(Path(__file__).with_name("month_names.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def month_words() -> dict[str, int]:
    """Month word → month number, from month_names.json (whole words only: see its "about")."""
    return {word: number for number, words in enumerate(_month_names()["months"], start=1) for word in words}


@lru_cache(maxsize=1)
def _weekday_overlaps() -> frozenset[str]:
    """Month words that are also a weekday in a language Gmail offers (mar: March, and Tuesday)."""
    return frozenset(_month_names()["weekdayOverlaps"])


@lru_cache(maxsize=1)
def _relative_words() -> tuple[dict[str, int], frozenset[str], frozenset[str]]:
    """(day word → days from today, words allowed beside one, the words a "(5 minutes ago)" note may
    hold): month_names.json."""
    data = _month_names()
    return data["relativeDays"], frozenset(data["relativeFillers"]), frozenset(data["recentWords"])


def _days_back(rest: str, notes: list[str]) -> int | None:
    """How many days before the pass's local date a time with no date is: 0 for a clock alone,
    1 for "Yesterday, 2:03 PM"; None when a word names a day this reader does not know (a weekday,
    another language's "yesterday", "Tomorrow") or a bracketed note is not in minutes or hours
    ("(1 day ago)"): never taken for today."""
    days, fillers, recent = _relative_words()
    words = [_fold(t) for t in _TOKEN.findall(unicodedata.normalize("NFC", rest)) if not t.isdigit()]
    if any(w in days for w in words):
        words = [w for w in words if w not in fillers]
    note_words = [_fold(t) for note in notes for t in _TOKEN.findall(unicodedata.normalize("NFC", note))
                  if not t.isdigit()]  # NFC first: a decomposed "há" is one word, not "ha" and an accent
    if any(w not in recent for w in note_words):
        return None
    if not words:
        return 0
    if len(words) == 1 and days.get(words[0], 1) <= 0 and not notes:
        return -days[words[0]]  # "Yesterday, 2:03 PM (5 minutes ago)" says two things: refused
    return None


def _fold(word: str) -> str:
    return unicodedata.normalize("NFC", word.lower().strip("."))


def _clock_match(text: str) -> re.Match[str] | None:
    """The first clock in ``text``. One written with a full stop is none where a full stop follows it or
    a number and a full stop come right before it: a day and month ("10.11.", Finnish for 10 November)
    or part of a date ("10.11.2026"); "kl.14.03" is a clock."""
    for match in _TIME.finditer(text):
        if text[match.start(2) - 1] != ".":
            return match
        start, end = match.start(), match.end(2)
        stop_after = text[end : end + 1] == "."
        date_before = text[start - 1 : start] == "." and text[start - 2 : start - 1].isdigit()
        if not (stop_after or date_before):
            return match
    return None


def _month_of(word: str) -> int | None:
    return month_words().get(_fold(word))


def _meridiem_before(text: str, match: re.Match[str]) -> tuple[str, int, int] | None:
    """An AM/PM word before the clock: ("a" or "p", the lowest hour its clock counts, where the word
    starts); ("", 0, the clock's start) when there is none; None when what stands there makes the
    clock untold: another word of the East Asian scripts (never read such a clock as 24-hour), a
    Latin AM/PM word with another after the clock, or one not in capitals before a clock of 0 to 12."""
    before = text[: match.start()].rstrip()
    latin = _LATIN_MERIDIEM_BEFORE.search(before)
    if match.group(3):  # "2:03 PM": the clock's own word; another before it contradicts or repeats it
        return None if latin is not None else ("", 0, match.start())
    word = _MERIDIEM_BEFORE.search(before)
    if word is not None:
        return (*_EAST_ASIAN_MERIDIEM[word.group(1)], word.start())
    if latin is not None:
        if latin.group(1).isupper() and latin.group(2).isupper():
            return latin.group(1).lower(), 1, latin.start()
        if int(match.group(1)) <= 12:
            return None
    if _EAST_ASIAN_LETTER.search(before) and not _DAY_OR_WEEKDAY.search(before):
        return None
    return "", 0, match.start()


def _word_follows(text: str, at: int) -> bool:
    """Whether a word (letters of any script) follows the clock that ends at ``at``, after any white
    space or invisible format character (a thin space, a zero-width space)."""
    for ch in text[at:]:
        if ch.isspace() or unicodedata.category(ch) == "Cf":
            continue
        return ch.isalpha()
    return False


def _written_zone(text: str, at: int) -> tuple[timedelta | bool | None, int]:
    """The zone written after the clock that ends at ``at``: (its offset, where it ends); (False, end)
    for a zone a word names; (None, at) for none.

    >>> [_written_zone(t, 4)[0] for t in ("2:03 (5 minutes ago)", "2:03 UTC", "2:03 (GMT+5:30)", "2:03 \u221205:00", "2:03 EST")]
    [None, datetime.timedelta(0), datetime.timedelta(seconds=19800), datetime.timedelta(days=-1, seconds=68400), False]
    """
    zone = _WRITTEN_ZONE.match(text, at)
    if zone is None or (zone.group("bare_sign") and not zone.group("lead")):
        return None, at
    if zone.group("word"):
        return False, zone.end()
    sign, offset = zone.group("sign") or zone.group("bare_sign"), zone.group("offset") or zone.group("bare_offset")
    if not sign:
        return timedelta(0), zone.end()
    digits = offset.replace(":", "")
    hours, minutes = (digits[:-2], digits[-2:]) if ":" in offset or len(digits) == 4 else (digits, "0")
    amount = timedelta(hours=int(hours), minutes=int(minutes))
    return (amount if sign == "+" else -amount), zone.end()


def _clock(match: re.Match[str], meridiem_before: tuple[str, int] = ("", 0)) -> tuple[int, int] | None:
    hour, minute = int(match.group(1)), int(match.group(2))
    meridiem, lowest = (match.group(3), 1) if match.group(3) else meridiem_before
    meridiem = meridiem.lower()
    if minute > 59:
        return None
    if meridiem:
        if not lowest <= hour <= lowest + 11:
            return None
        hour = hour % 12 + (12 if meridiem == "p" else 0)
    elif hour > 23:
        return None
    return hour, minute


def _date(text: str) -> tuple[int, int, int] | None | bool:
    """(year, month, day) from the text without its clock; False when it names no date at all."""
    east_asian = _EAST_ASIAN_DATE.search(text)
    if east_asian is not None:
        return int(east_asian.group(1)), int(east_asian.group(2)), int(east_asian.group(3))
    if _EAST_ASIAN_DATE_PART.search(text):
        return None
    tokens = _TOKEN.findall(text)
    years = [i for i, t in enumerate(tokens) if t.isdigit() and len(t) == 4]
    months = [(i, _month_of(t)) for i, t in enumerate(tokens) if not t.isdigit()]
    months = [(i, m) for i, m in months if m is not None]
    if not years and not months:
        # No date word at all is today; numbers this reader cannot place (10/6/25) are not.
        return None if any(t.isdigit() for t in tokens) else False
    if len(years) != 1 or not months:
        return None
    year_at = years[0]
    # The month word nearest the year (French "mar. 6 oct. 2026": mar is Tuesday there).
    month_at, month = min(months, key=lambda im: (abs(im[0] - year_at), -im[0]))
    if _fold(tokens[month_at]) in _weekday_overlaps() and any(
        not t.isdigit() and len(t) >= 3 and _month_of(t) is None
        for t in tokens[min(month_at, year_at) + 1 : max(month_at, year_at)]
    ):
        return None  # Tuesday beside a month word this reader does not know (Romanian "mar., 7 ian. 2025")
    days = [i for i, t in enumerate(tokens) if t.isdigit() and len(t) <= 2 and 1 <= int(t) <= 31]
    if not days:
        return None
    day_at = min(days, key=lambda i: (abs(i - month_at), i))
    return int(tokens[year_at]), month, int(tokens[day_at])


_NUMERIC_DATE = re.compile(r"\d{1,4}[./\-]\d{1,2}[./\-]\d{1,4}")


def names_a_day_or_time(text: str | None) -> bool:
    """Whether ``text`` names a clock or a day (a month word beside a number, a year with one, a
    numeric or an East Asian date), whether or not it reads as one minute: a time element's label.

    >>> [names_a_day_or_time(t) for t in ("Sun, Nov 29, 2026", "10/6/25", "2:03 PM", "Attachment", "Q4 plan")]
    [True, True, True, False, False]
    """
    if not text:
        return False
    if _TIME.search(text) or _NUMERIC_DATE.search(text) or _EAST_ASIAN_DATE_PART.search(text):
        return True
    tokens = _TOKEN.findall(text)
    return any(t.isdigit() for t in tokens) and any(not t.isdigit() and _month_of(t) is not None for t in tokens)


def names_another_zone(text: str | None, instant: datetime, tz: ZoneInfo) -> bool:
    """Whether ``text`` writes its clock in a zone that is not the browser's (or one a word names, which
    cannot be told): then no other text of the same time element may be read in the browser's zone in
    its place ("2:03 PM" beside a title "…, 2:03 PM UTC" is the same UTC clock).

    >>> from datetime import timezone
    >>> now, la = datetime(2026, 11, 30, 23, 30, tzinfo=timezone.utc), ZoneInfo("America/Los_Angeles")
    >>> [names_another_zone(t, now, la) for t in ("Mon, Nov 30, 2026, 2:03 PM UTC", "2:03 PM GMT-08:00",
    ...                                          "2:03 PM EST", "2:03 PM", "Nov 30")]
    [True, False, True, False, False]
    """
    if not text:
        return False
    match = _clock_match(text)
    if match is None:
        return False
    written, zone_end = _written_zone(text, match.end())
    if written is None:
        return False
    if written is False:
        return True
    minute = read_minute(text[:match.end()] + text[zone_end:], instant, tz)
    return minute is None or minute.astimezone(tz).utcoffset() != written


def read_minute(text: str | None, instant: datetime, tz: ZoneInfo) -> datetime | None:
    """The minute ``text`` names, as an aware UTC datetime, or None when it names no minute.

    A time with no date is today's, in ``tz``, as seen at the pass ``instant`` ("Yesterday" the day
    before); any other word naming its day refuses it (``_days_back``).
    """
    if not text:
        return None
    match = _clock_match(text)
    if match is None:
        return None
    before_word = _meridiem_before(text, match)
    if before_word is None:
        return None
    meridiem, word_at = before_word[:2], before_word[2]
    clock = _clock(match, meridiem)
    if clock is None:
        return None
    latin_word_before = bool(meridiem[0]) and text[word_at].isascii()  # the East Asian words are not ASCII
    if not match.group(3) and clock[0] <= 12 and _word_follows(text, match.end()) and (
            not meridiem[0] or latin_word_before):
        # "9:14 PTG", "9:14 μ.μ.": an AM/PM word this reader does not know; never read as 24-hour. After a
        # Latin AM/PM word before the clock ("AM 9:14 PTG") the word after may say the other half of the day.
        return None
    written, zone_end = _written_zone(text, match.end())
    if written is False:
        return None  # "2:03 PM EST": a zone this reader cannot turn into one offset
    before = text[:word_at]  # 午後8:15, PM 3:20: the AM/PM word is the clock's
    rest = before + " " + text[zone_end:]
    notes = re.findall(r"[(（](.*?)[)）]", rest)
    rest = re.sub(r"[(（].*?[)）]", " ", rest)  # "(5 minutes ago)", "（1 分前）"
    date = _date(rest)
    if date is None:
        return None
    today = date is False
    if today:
        back = _days_back(rest, notes)
        if back is None:
            return None
        local_today = instant.astimezone(tz).date() - timedelta(days=back)
        year, month, day = local_today.year, local_today.month, local_today.day
        today = back == 0
    else:
        year, month, day = date
    try:
        local = datetime(year, month, day, clock[0], clock[1], tzinfo=tz)
    except ValueError:
        return None
    # A wall time the zone repeats (the hour a clock goes back) or skips names no single minute:
    # never guess which one it was.
    other = local.replace(fold=1)
    if local.utcoffset() != other.utcoffset():
        return None
    if local.astimezone(timezone.utc).astimezone(tz).replace(tzinfo=None) != local.replace(tzinfo=None):
        return None
    if written is not None and written != local.utcoffset():
        return None  # a time written in another zone than the browser's (spec §8.1 reads in the browser's)
    if today and local > instant:
        return None  # "today" at a time still to come: a page drawn on an earlier day, never guess which
    return local.astimezone(timezone.utc)
