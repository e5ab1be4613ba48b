"""Gmail's route: the URL fragment read by its parts, never by a prefix (route.ts).

>>> r = parse_route("https://mail.google.com/mail/u/0/#sent/p2")
>>> (r.folder, r.page, r.thread)
('sent', 2, None)
>>> parse_route("https://mail.google.com/mail/u/0/#label/Receipts").thread is None
True
>>> parse_route("https://mail.google.com/mail/u/0/#inbox/FMfcgzQZTdHrkWmDLqXsbNvB").thread
'FMfcgzQZTdHrkWmDLqXsbNvB'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

_PAGE = re.compile(r"^p(\d{1,6})$")
# A thread id: Gmail's 16 hex digits, or a long opaque token (FMfcgz...). After a label or a search a part
# may be a nested label's or a query's, so only these are threads there; after a one-part folder (#inbox/…)
# Gmail writes nothing but a page number or a thread, so any token is one (a hand-written "FMfcgzQXJWxyz"
# of 13 characters was no thread, and a conversation route drawing the list read as a list).
_THREAD = re.compile(r"^(?:[0-9a-f]{16}|[A-Za-z0-9_-]{20,})$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{6,}$")
# Folders whose name is one part; label/ and search/ carry a second part.
_TWO_PART = frozenset({"label", "search", "category", "advanced-search", "settings"})


@dataclass(frozen=True)
class Route:
    folder: str | None
    page: int
    thread: str | None


def parse_route(url: str) -> Route:
    """Read the fragment of a Gmail address into folder, page and open thread."""
    fragment = urlsplit(url).fragment if url else ""
    fragment = fragment.split("?", 1)[0]
    parts = [p for p in fragment.split("/") if p != ""]
    if not parts:
        return Route(None, 1, None)
    head = unquote(parts[0]).lower()
    rest = parts[1:]
    folder = head
    if head in _TWO_PART and rest:
        folder = f"{head}/{unquote(rest[0])}"
        rest = rest[1:]
    page = 1
    thread = None
    thread_form = _THREAD if folder != head else _TOKEN
    for part in rest:
        page_match = _PAGE.match(part)
        if page_match and thread is None:
            page = int(page_match.group(1))
        elif thread_form.match(part):
            thread = part
        else:
            # An unknown part: not a list page we can read, and not a thread we know.
            return Route(folder, 0, None)
    return Route(folder, page, thread)
