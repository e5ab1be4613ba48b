"""Instants in the wire format: UTC ISO 8601 with milliseconds and ``Z``.

>>> format_instant(parse_instant("2026-10-06T21:03:00Z"))
'2026-10-06T21:03:00.000Z'
>>> format_instant(parse_instant("2026-10-06T14:03:00.5-07:00"))
'2026-10-06T21:03:00.500Z'
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_ISO = re.compile(
    r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$"
)

MINUTE = timedelta(minutes=1)


class InvalidInstant(ValueError):
    """A text that is not an ISO 8601 instant with a zone."""


def parse_instant(text: str) -> datetime:
    """Parse an ISO 8601 instant that names its offset; return an aware UTC datetime."""
    if not isinstance(text, str) or not _ISO.match(text):
        raise InvalidInstant(f"not an ISO 8601 instant with a zone: {text!r}")
    try:  # the shape holds; the date and time must exist too (30 February, 24:00, year 0 do not)
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return value.astimezone(timezone.utc)
    except (ValueError, OverflowError):
        raise InvalidInstant(f"not a real date and time: {text!r}") from None


def format_instant(value: datetime) -> str:
    """Format an aware datetime as the wire format (UTC, milliseconds, ``Z``)."""
    if value.tzinfo is None:
        raise InvalidInstant("a naive datetime has no instant")
    utc = value.astimezone(timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


def is_wire_instant(text: object) -> bool:
    """True when ``text`` is already in the exact wire format, and names a real time."""
    if not isinstance(text, str) or re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z", text) is None:
        return False
    try:
        parse_instant(text)
    except InvalidInstant:
        return False
    return True


def is_day(text: object) -> bool:
    """True when ``text`` is a real calendar day written yyyy-mm-dd (a fixture folder's name)."""
    if not isinstance(text, str) or re.fullmatch(r"\d{4}-\d{2}-\d{2}", text) is None:
        return False
    try:
        datetime.strptime(text, "%Y-%m-%d")
    except ValueError:
        return False
    return True


def load_zone(name: str) -> ZoneInfo:
    """An IANA zone by name; ValueError for an unknown one."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown time zone: {name!r}") from None


def floor_minute(value: datetime) -> datetime:
    """The start of ``value``'s minute."""
    return value.replace(second=0, microsecond=0)
