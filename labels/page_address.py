"""The page address a label holds (``page.url``): the route the observers read, and nothing else a live address carries.

A label is committed, so its address may hold no more than a fixture does (spec §6.2: a link to the page's own
host keeps its path and a plain fragment). A live address also carries a query (``?authuser=…``, session tokens),
sometimes a user name or an address, and a fragment may carry parameters (``#access_token=…``). ``label`` keeps
the route and drops the query; what it cannot drop without changing the page's view it refuses, never echoing
the address. A route's own words stay as Gmail writes them (``#search/size%3D10M``, ``#label/Bills+%26+Receipts``,
``#advanced-search/from=…&subset=all``): the observers read them (``observers/shared/route.py``).
"""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import unquote, urlsplit, urlunsplit

from attest_kit.mailbox import FAKE_DOMAINS

#: a fragment that starts with parameters ("#access_token=…&…", "#k=v") is no route: a route's first part is a word
_PARAMETER_FRAGMENT = re.compile(r"^[^/]*[=&]")
#: an address in the path or the fragment (read unescaped), its @ plain or full-width (the sanitiser's ＠ keeps the
#: words around it), its domain dotted and in any script (a search for "@x" names no one, and random bytes decoded
#: from an id rarely spell a whole address)
_ADDRESS = re.compile(r"[\w.+\-]+[@\uFF20\uFE6B]([\w\-]+(?:\.[\w\-]+)+)")
#: a part long enough to be a base64 id (Calendar's eventedit/<eid> is an event id and its owner's address)
_BASE64_PART = re.compile(r"[A-Za-z0-9+_-]{16,}={0,2}")  # one part of a path: no slash


class NotALabelAddress(ValueError):
    """Why an address cannot be a label's; its message never holds the address."""


def label_address(url: str) -> str:
    """The address as a label holds it: scheme, host, path and the fragment's route; the query is dropped.

    >>> label_address("https://mail.google.com/mail/u/0/?ogbl#sent")
    'https://mail.google.com/mail/u/0/#sent'
    >>> label_address("https://mail.google.com/mail/u/0/#inbox?compose=new")
    'https://mail.google.com/mail/u/0/#inbox'
    >>> label_address("https://mail.google.com/mail/u/0/#search/from%3Aorders%40example.com")
    'https://mail.google.com/mail/u/0/#search/from%3Aorders%40example.com'
    >>> label_address("https://calendar.google.com/calendar/u/0/r/week/2026/11/30")
    'https://calendar.google.com/calendar/u/0/r/week/2026/11/30'
    """
    try:
        parts = urlsplit(url.strip())
        host, _ = parts.hostname, parts.port
    except ValueError:  # a bracketed host that does not close, a port that is no number
        raise NotALabelAddress("must be the page's http(s) address with a host") from None
    if parts.scheme not in ("http", "https") or not host:
        raise NotALabelAddress("must be the page's http(s) address with a host")
    if parts.username is not None or parts.password is not None:
        raise NotALabelAddress("holds a user name or password before its host: give the page's address without them")
    fragment = parts.fragment.split("?", 1)[0]  # where Gmail's route ends (route.py reads it so)
    if _PARAMETER_FRAGMENT.match(fragment):
        raise NotALabelAddress("has a fragment that carries parameters ('#key=value'), not a route ('#sent', "
                               "'#inbox/<id>')")
    for where in (parts.path, fragment):
        if _holds_an_address(where):
            raise NotALabelAddress("holds an email address (in its path or its route, perhaps inside an encoded "
                                   "id): a label holds none but the fixture's fakes at example.com/.org/.net")
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", fragment))


def _holds_an_address(part: str) -> bool:
    """Whether ``part`` names an address at a domain other than the fakes', written plainly, escaped or inside
    a base64 id."""
    once = unquote(part)
    texts = [once, unquote(once)]  # twice: "%2540" is an escaped "%40"
    for m in _BASE64_PART.finditer(part):
        token = m.group(0).replace("-", "+").replace("_", "/")
        try:
            texts.append(base64.b64decode(token + "=" * (-len(token) % 4)).decode("utf-8", "replace"))
        except (binascii.Error, ValueError):
            continue
    return any(m.group(1).lower().rstrip(".") not in FAKE_DOMAINS for t in texts for m in _ADDRESS.finditer(t))


def label_address_problem(url: str) -> str | None:
    """Why ``url`` is no address a label may hold, or None (it is its own ``label_address``)."""
    try:
        kept = label_address(url)
    except NotALabelAddress as exc:
        return str(exc)
    if kept != url:
        return ("is not written as a label keeps it (scheme, host, path and the fragment's route; no query): "
                "attest-kit label --force writes it so")
    return None


def drops_a_query(url: str) -> bool:
    """Whether ``label_address`` drops a query from ``url``: after its path, or after its fragment's route."""
    parts = urlsplit(url.strip())
    return bool(parts.query) or "?" in url.split("#", 1)[0] or "?" in parts.fragment

