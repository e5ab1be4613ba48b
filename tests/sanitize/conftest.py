"""Shared values for the sanitiser's tests: a fixed public key and invented seeds only."""

from __future__ import annotations

import pytest

from sanitize.faker import Faker
from sanitize.pipeline import sanitize_page

#: The fixed public test key (never a capture key).
KEY = b"attest-kit-test-key-0"
OTHER_KEY = b"attest-kit-test-key-1"
SEEDS = [
    {"id": "api-key", "value": "attest-seed-test-api-0000"},
    {"id": "card-token", "value": "attest-seed-test-card-0000"},
    {"id": "password", "value": "attest-seed-test-pw-0000"},
]
GMAIL = "https://mail.google.com/mail/u/0/#inbox"


def clean(body: str, *, page_url: str = GMAIL, key: bytes = KEY, seeded=(), **kw) -> str:
    """Sanitise ``body`` inside a minimal page and return the sanitised <body> inner HTML."""
    from selectolax.lexbor import LexborHTMLParser

    out = sanitize_page(f"<!doctype html><html><head></head><body>{body}</body></html>", page_url=page_url, key=key, seeded=list(seeded), **kw)
    return LexborHTMLParser(out.html).body.inner_html


def counts(body: str, **kw) -> dict[str, int]:
    return sanitize_page(f"<html><body>{body}</body></html>", page_url=kw.pop("page_url", GMAIL), key=KEY, seeded=[], **kw).counts


@pytest.fixture
def faker() -> Faker:
    return Faker(KEY)


def outputs_over_hash_seeds(script: str, seeds: range = range(6)) -> set[str]:
    """What ``script`` prints, run once per hash seed in a fresh interpreter: one output when nothing the
    sanitiser writes depends on a set's or a dict's order (spec §6.2: same key, byte-identical output)."""
    import subprocess
    import sys

    return {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": str(seed), "PATH": ""}).stdout for seed in seeds}
