"""The vendors whose pages the observers read, by fixture folder name, and each one's host."""

from __future__ import annotations

from urllib.parse import urlsplit

#: fixtures/pages/<vendor>/… → the host its pages live at (capture's default tab; a Calendar page's rules).
VENDOR_HOSTS: dict[str, str] = {"gmail": "mail.google.com", "gcal": "calendar.google.com"}


def vendor_of_observer(observer_id: str) -> str:
    """The vendor whose pages an observer reads: its id's first part, as its fixture folders' (``gmail.sent``).

    >>> vendor_of_observer("gcal.event")
    'gcal'
    """
    return observer_id.split(".", 1)[0]


def vendor_of_url(url: str) -> str | None:
    """The vendor whose host an http(s) address is on (a host may end in the root's dot), else None.

    >>> vendor_of_url("https://calendar.google.com./calendar/r/week"), vendor_of_url("notaurl")
    ('gcal', None)
    """
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").rstrip(".") if parts.scheme in ("http", "https") else ""
    except ValueError:  # a bracketed host that does not close, a port that is no number
        return None
    return next((vendor for vendor, known in VENDOR_HOSTS.items() if known == host), None)


def off_vendor_host(vendor: str, url: str) -> str | None:
    """Why ``url`` is no address of a ``vendor`` page ("is not on <host>"), None when it is one. The words never
    hold the address (a live one may carry a token). The extension runs each observer on its vendor's host only,
    so a pass over another host's address, or a label that puts a page there, stands for nothing it does.

    >>> off_vendor_host("gmail", "https://mail.google.com/mail/u/0/#sent") is None
    True
    >>> off_vendor_host("gmail", "HTTP://Mail.Google.com.:443/mail/u/0/") is None
    True
    >>> off_vendor_host("gmail", "https://calendar.google.com/calendar/r/week"), off_vendor_host("gcal", "notaurl")
    ('is not on mail.google.com', 'is not on calendar.google.com')
    """
    host = VENDOR_HOSTS.get(vendor)
    if host is None:
        return None  # a folder of no known vendor: what it is is the gate's and check's to say
    return None if vendor_of_url(url) == vendor else f"is not on {host}"
