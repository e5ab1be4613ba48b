"""Words Gmail writes in place of a value (``gmail_words.json``), shared by both Gmail observers."""

from __future__ import annotations

import json
from pathlib import Path

from attest_kit.text import one_line

_WORDS = json.loads(Path(__file__).with_name("gmail_words.json").read_text(encoding="utf-8"))
#: Gmail's "(no subject)" in each display language, case-folded.
NO_SUBJECT = frozenset(word.casefold() for word in _WORDS["noSubject"])


def is_no_subject(text: str) -> bool:
    """True for an empty subject or Gmail's placeholder for one ("(no subject)", "(kein Betreff)", …).

    >>> is_no_subject("  (No  subject) "), is_no_subject(""), is_no_subject("No subject here")
    (True, True, False)
    """
    line = one_line(text)
    return not line or line.casefold() in NO_SUBJECT
