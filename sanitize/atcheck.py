"""The @ check (spec §6.3): every @domain in a fixture is a fake domain or a kept registry sender.

It reads what ``grep -oE '@[A-Za-z0-9.-]+'`` reads, so it agrees with the founder's own check, and
it reports offending domains only, never a local part (that could be a person's name). It also reads an
@ written as a character reference (``&#64;``, ``&commat;``), a percent escape (``%40``) or a JSON escape
(``\\u0040``): the browser draws, or a link carries, the address all the same, and grep never sees it.
(The sanitiser writes a plain @; a hand-built fixture may not.)
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from pathlib import Path

from attest_kit.errors import BadInput
from attest_kit.fsio import MAX_PAGE_BYTES, read_fault, utf8_text
from attest_kit.selectors import VERSION_TOKEN
from sanitize.registry import allowed_domain

AT_DOMAIN = re.compile(r"@([A-Za-z0-9.\-]+)")
#: an @ written as a character reference (decimal, hex or named) or as an escape (percent, JSON)
_REFERENCE_AT = re.compile(r"&(?:#0*64|#[xX]0*40|commat);?", re.IGNORECASE)
#: an escaped @ counts after a local part only (not after another escape, "%3A%40"): the sanitiser leaves a bare
#: "%40corp.io" (no address) as it is
_ESCAPED_AT = re.compile(r"(?<=[A-Za-z0-9._+\-])(?<!%[0-9A-Fa-f][0-9A-Fa-f])(?:%40|\\u0040)", re.IGNORECASE)
#: what follows such an @ must be an address's domain (dotted) to count: "wght%40400" in a font link names none
_DOTTED = re.compile(r"[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+")


def _written_at_domains(text: str) -> set[str]:
    """Offending domains after an @ written as a reference (the text a browser draws: references read once,
    so "&amp;#64;" is no @) or as an escape (a link's)."""
    bad: set[str] = set()
    variants = []
    if "&" in text and _REFERENCE_AT.search(text):
        variants.append(html.unescape(text))
    if _ESCAPED_AT.search(text):
        variants.append(_ESCAPED_AT.sub("@", text))
    for variant in variants:
        bad |= {d for d in offending_domains(variant) if _DOTTED.fullmatch(d)}
    return bad


def offending_domains(text: str) -> set[str]:
    """Domains after an @ that are neither example.com/.org/.net nor a registry (sub)domain."""
    bad: set[str] = set()
    for m in AT_DOMAIN.finditer(text):
        domain = m.group(1).rstrip(".-").lower()
        if not domain or not allowed_domain(domain):
            bad.add(domain or "(empty)")
    return bad


def check_files(paths: Iterable[str | Path]) -> dict[str, set[str]]:
    """{path: offending domains} for every file with at least one; BadInput for a file it cannot read as
    text (binary or not UTF-8: a UTF-16 or gzipped page hides its addresses from the pattern, and a
    check that cannot read a file must not call it clean)."""
    found: dict[str, set[str]] = {}
    for path in paths:
        p = Path(path)
        try:
            size = p.stat().st_size
            if size > MAX_PAGE_BYTES:  # the bound every command reads a page under (a stray archive, a video)
                raise BadInput(p, f"is {size} bytes, over the {MAX_PAGE_BYTES}-byte bound for a page")
            data = p.read_bytes()
        except OSError as exc:
            raise read_fault(p, exc) from None
        text = utf8_text(p, data)
        if p.suffix == ".json":  # a labels.json names selectors versions, "gmail.sent@1.2.17": no address
            text = VERSION_TOKEN.sub(" ", text)
        bad = offending_domains(text) | _written_at_domains(text)
        if bad:
            found[str(p)] = bad
    return found
