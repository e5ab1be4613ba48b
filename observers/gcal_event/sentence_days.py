"""How a chip sentence names days outside the parts its form reads (sentence.py): a range written short at its end
("October 2 – 12, 2026", read), and, in the parts the form does not explain, a date or a weekday that says the event
is on another day than the sentence's date (unreadable: never a guess). Pure text predicates, English only, as the
chip labels are (spec §8.3 "Chip labels are read in English only")."""

from __future__ import annotations

import re
from datetime import date

from observers.gcal_event.selectors import SELECTORS

L = SELECTORS.labels
_TO = re.escape(L.to)
MONTHS = {name: index + 1 for index, name in enumerate(L.months)}

#: A date the form does not read, in a part the form does not explain: a month word (whole, its first
#: three letters, or "Sept") beside a digit, or a year alone ("December 1 – 3", "2026"; "Dec 1, 2026").
_MONTH_FORMS = sorted({form for m in L.months for form in (m, m[:3])} | {"Sept"}, key=len, reverse=True)
_MONTH_WORD = "|".join(rf"{re.escape(form)}\.?" for form in _MONTH_FORMS)
UNREAD_DATE = re.compile(rf"\b(?:{_MONTH_WORD})\s*\d|\d\s*(?:{_MONTH_WORD})\b|^\d{{4}}$", re.I)
#: A month word beside a day's number, one or two digits, an ordinal ending allowed ("December 1", "3rd Dec"); not
#: a year ("May 2026"), and a year alone after a place is as often its postcode ("Sydney NSW, 2000").
_MONTH_BESIDE_DAY = re.compile(rf"\b(?:{_MONTH_WORD})\s*\d{{1,2}}(?!\d)|(?<!\d)\d{{1,2}}(?:st|nd|rd|th)?\s*(?:of\s+)?(?:{_MONTH_WORD})\b",
                               re.I)
#: The words a written day or range of days holds besides numbers: month words, weekdays (whole), and what joins
#: them ("between December 1 and 3", "the 1st – 3rd of December", "Wednesday December 1 – 3": 1.3.56).
_DATE_PART_WORDS = frozenset(form.lower() for form in _MONTH_FORMS) | frozenset(
    day.lower() for day in L.weekdays) | frozenset(
    {"to", "through", "thru", "until", "till", "from", "and", "between", "of", "the"})
_ORDINAL_ENDING = re.compile(r"(?<=\d)(?:st|nd|rd|th)\b", re.I)
_LETTERS = re.compile(r"[^\W\d_]+")
#: A weekday named in a part the form does not explain: the first day of a range written with weekdays
#: ("Monday, November 30 – Wednesday, December 2, 2026" leaves "Monday" and "November 30 – Wednesday"
#: before the tail's date), a recurrence ("Weekly on Tuesday, until Tuesday, …").
WEEKDAY = re.compile(r"\b(?:" + "|".join(re.escape(day) for day in L.weekdays) + r")\b", re.I)

_MONTH_NAME = "|".join(re.escape(month) for month in L.months)
_RANGE_JOIN = rf"(?:\s*(?:{'|'.join(re.escape(dash) for dash in L.range_dashes)})\s*|{_TO})"
#: An all-day range written short, as the tail: "October 2 – 12, 2026", "October 28 – November 2, 2026",
#: "October 2, 2026 – October 12, 2026", "2 – 12 October 2026" (a dash or "to"); the last day is written in full,
#: the first takes the month and year it leaves out from it (``range_days``).
_WEEKDAY_NAME = "|".join(re.escape(day) for day in L.weekdays)
#: Either day may carry its weekday before it ("Tuesday, December 1 – Wednesday, December 2, 2026"), read only when
#: it is that day's (1.3.94).
_RANGE = (rf"(?:(?P<w1>{_WEEKDAY_NAME}),? )?(?P<m1>{_MONTH_NAME}) (?P<d1>\d{{1,2}})(?:, (?P<y1>\d{{4}}))?{_RANGE_JOIN}"
          rf"(?:(?P<w2>{_WEEKDAY_NAME}),? )?(?:(?P<m2>{_MONTH_NAME}) )?(?P<d2>\d{{1,2}}), (?P<y2>\d{{4}})"
          rf"|(?:(?P<gw1>{_WEEKDAY_NAME}),? )?(?P<gd1>\d{{1,2}})(?: (?P<gm1>{_MONTH_NAME})(?: (?P<gy1>\d{{4}}))?)?"
          rf"{_RANGE_JOIN}(?:(?P<gw2>{_WEEKDAY_NAME}),? )?(?P<gd2>\d{{1,2}}) (?P<gm2>{_MONTH_NAME}) (?P<gy2>\d{{4}})")
TAIL_RANGE = re.compile(rf"(?:^|,\s*)(?:{_RANGE})[,\s]*$")
#: The same range opening the sentence, alone or after "All day," and before the title's part ("December 1 – 3,
#: 2026, Offsite, …"; a guess, as the tail's: 1.3.86).
HEAD_RANGE = re.compile(rf"^(?:{re.escape(L.all_day)},\s*)?(?P<range>{_RANGE}),\s*(?P<rest>.*)$", re.S)


def range_days(match: re.Match[str]) -> tuple[date, date] | None:
    """The first and last day of a ``TAIL_RANGE``; None unless both are days and the first is before the last
    ("December 30 – January 2, 2027" runs backwards once the first takes 2027: never guessed).

    >>> range_days(TAIL_RANGE.search("No location, October 28 – November 2, 2026"))
    (datetime.date(2026, 10, 28), datetime.date(2026, 11, 2))
    """
    if match["m1"]:
        if match["y1"] and not match["m2"]:
            return None  # "October 2, 2025 – 12, 2026": a whole first date, then a day with no month
        month1, day1, year1 = match["m1"], match["d1"], match["y1"]
        month2, day2, year2 = match["m2"] or month1, match["d2"], match["y2"]
    else:
        month2, day2, year2 = match["gm2"], match["gd2"], match["gy2"]
        month1, day1, year1 = match["gm1"] or month2, match["gd1"], match["gy1"]
    try:
        # a first day left without its year is in the last day's, or the year before when its month comes later
        # ("December 30 – January 5, 2027": a range runs forward, so the 30th is 2026's)
        lent_year = int(year2) - 1 if not year1 and MONTHS[month1] > MONTHS[month2] else int(year1 or year2)
        first = date(lent_year, MONTHS[month1], int(day1))
        last = date(int(year2), MONTHS[month2], int(day2))
    except (KeyError, ValueError):
        return None
    for day, weekday in ((first, match["w1"] or match["gw1"]), (last, match["w2"] or match["gw2"])):
        if weekday and L.weekdays[day.weekday()] != weekday:
            return None  # a weekday that is not its day's: the range says two things (never guessed)
    return (first, last) if first < last else None


def is_date_part(part: str) -> bool:
    """A month word beside a day's number, and no word but month words and what joins days (``1 – 3 December``,
    ``December 1 to 3``, ``Dec 1st – 3rd``: an ordinal ending only on a number); a place holds another word
    (``12 March Street``, ``44 May St``, ``Oct Lane``: 1.3.55)."""
    return _MONTH_BESIDE_DAY.search(part) is not None and all(
        word.lower().rstrip(".") in _DATE_PART_WORDS for word in _LETTERS.findall(_ORDINAL_ENDING.sub("", part)))


_CONNECTORS = frozenset(word.lower() for word in L.day_connectors)
#: A weekday, one or many ("Tuesdays"): a day word of a range or a recurrence. Whole names only: a short one
#: ("Sat", "Sun", "Mon") is as often a place's word ("Market Hall, Sat", "London, The Sun", "Mon Repos").
_DAY_WORD = "|".join(re.escape(day) for day in L.weekdays)
_DAY_WORDS = re.compile(rf"\b(?:{_DAY_WORD})s?\b", re.I)
#: Two weekdays with a dash between, a day number on either side ("Tuesday – Thursday", "Tuesday 1 – Thursday"),
#: or a weekday with a day number after it ("Tuesday 1", "Tuesday 12/1"). A dash beside one weekday is a
#: place's ("Westin – Friday Harbor", "Sunday River – Jordan Hotel").
_DAY_RANGE = re.compile(rf"\b(?:{_DAY_WORD})\b\.?,?(?:\s+\d{{1,2}}(?:/\d{{1,2}})?)?\s*[\u2010-\u2015\-]\s*"
                        rf"(?:\d{{1,2}}\s+)?(?:{_DAY_WORD})\b"
                        rf"|\b(?:{_DAY_WORD})\b,?\s+\d{{1,2}}(?:/\d{{1,2}})?(?![\d/.:])", re.I)
#: Numbers a range or a recurrence writes: an ordinal ("1st Tuesday"), a count ("every 2 weeks"), a clock ("3pm", "9:30").
_ORDINAL = re.compile(r"\b\d+(?:st|nd|rd|th)\b|\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?(?![\w.])|\b\d+\b", re.I)
_MONTH_WORDS = frozenset(month.lower() for month in L.months)


def names_a_day(part: str) -> bool:
    """A weekday that is a day here, not a word of a place: with an unread date beside it ("December 1
    – Wednesday"), in a range ("Tuesday 1 – Thursday", "Tuesday 12/1"),
    or with nothing else but words that join days, counts, clock times and months ("Tuesday", "until
    Tuesday", "Every other Tuesday at 10", "Monthly on the 1st Tuesday", "Tuesdays and Thursdays",
    "Friday to Sunday (2 nights)", "Every Tuesday in December"). A place keeps a word of its own and
    reads: "Friday Harbor 98250", "12 Friday Street", "Sunday River – Jordan Hotel", "Tuesday Morning"
    (a store), "Monday to Friday Cafe". Real chip sentences write no recurrence (REAL-PAGES.md): when
    in doubt between a place and a day, a place, since a refused chip voids the whole pass."""
    if _DAY_WORDS.search(part) is None:
        return False
    if UNREAD_DATE.search(part) or _DAY_RANGE.search(part):
        return True
    rest = _ORDINAL.sub(" ", _DAY_WORDS.sub(" ", part))
    words = [word.lower() for word in re.findall(r"[^\W\d_]+", rest)]
    return all(word in _CONNECTORS or word in _MONTH_WORDS for word in words)
