"""The @ check (spec §6.3): every @domain in a fixture is a fake domain or a kept registry sender.

It reads what ``grep -oE '@[A-Za-z0-9.-]+'`` reads, so it agrees with the founder's own check, and
it reports offending domains only, never a local part (that could be a person's name).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from attest_kit.errors import BadInput
from attest_kit.fsio import utf8_text
from attest_kit.selectors import VERSION_TOKEN
from sanitize.registry import allowed_domain

AT_DOMAIN = re.compile(r"@([A-Za-z0-9.\-]+)")


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
            data = p.read_bytes()
        except OSError as exc:
            raise BadInput(p, f"cannot read: {exc.strerror or exc}") from None
        text = utf8_text(p, data)
        if p.suffix == ".json":  # a labels.json names selectors versions, "gmail.sent@1.2.17": no address
            text = VERSION_TOKEN.sub(" ", text)
        bad = offending_domains(text)
        if bad:
            found[str(p)] = bad
    return found
