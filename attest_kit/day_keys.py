"""Calendar's day keys: ``data-datekey`` is an integer, ``(year − 1970) × 512 + month × 32 + day``.

One fact, two readers: the Calendar observer reads its visible days by them (``observers/gcal_event``)
and the sanitiser keeps them as they are (a day key is the page's structure, never the user's value).

>>> decode_date_key("29000")
datetime.date(2026, 10, 8)
>>> encode_date_key(date(2026, 11, 30))
29054
>>> decode_date_key("29024") is None
True
"""

from __future__ import annotations

from datetime import date

#: The attribute Calendar keys each day by. The sanitiser keeps it on a Calendar page when it is a day's
#: key (``sanitize.valuepass``): a labelled order number equal to one was faked there too (a labelled
#: value is faked wherever it stands alone), and the sanitised page read as another range.
DAY_KEY_ATTRIBUTE = "data-datekey"


def decode_date_key(value: str | None) -> date | None:
    """The date a ``data-datekey`` names, or None when it is not one."""
    if value is None or not value.strip().isascii() or not value.strip().isdigit():
        return None  # isdigit alone takes "²" and other digits int() does not read
    if len(value.strip()) > 9:
        return None  # no key of a four-digit year is longer (and int() reads no string past 4,300 digits)
    key = int(value)
    try:
        return date(1970 + key // 512, (key % 512) // 32, key % 32)
    except (ValueError, OverflowError):  # no such date; a year past any int date() takes
        return None


def encode_date_key(day: date) -> int:
    """The ``data-datekey`` of ``day``."""
    return (day.year - 1970) * 512 + day.month * 32 + day.day
