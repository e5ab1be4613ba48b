"""The text rules every extractor follows (spec §2.1).

>>> one_line("  Design\\n review\\t ")
'Design review'
>>> clamp_subject_hint("a" * 81) == "a" * 80
True
>>> len(clamp_subject_hint("\\U0001F600" * 90))
80
"""

from __future__ import annotations

import re

#: Cap of a subject hint, in Unicode code points (a surrogate pair is one code point).
SUBJECT_HINT_MAX = 80

# JavaScript's \s: the white space oneLine() collapses. Other control characters are kept, so
# project() still refuses a row whose text holds one.
_WHITESPACE = re.compile(
    "[\t\n\x0b\x0c\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+"
)


def one_line(text: str) -> str:
    """Collapse each run of white space to one space and trim the ends."""
    return _WHITESPACE.sub(" ", text).strip(" ")


def clamp_subject_hint(text: str) -> str:
    """Cut a subject hint to its first 80 code points.

    Python strings are sequences of code points, so a character outside the BMP (a surrogate pair
    in JavaScript) counts once and is never split. A lone surrogate is dropped from the end so the
    hint always encodes.
    """
    cut = text[:SUBJECT_HINT_MAX]
    while cut and "\ud800" <= cut[-1] <= "\udfff":
        cut = cut[:-1]
    return cut


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def has_control_character(text: str) -> bool:
    """True when ``text`` holds a line break or any other C0/C1 control character."""
    return _CONTROL.search(text) is not None
