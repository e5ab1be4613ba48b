"""What a reply or forward draws above the mail it carries, read by the generic parser (spec §8.2).

§8.2 refuses "reply or forward" for the generic parser by a marker in the subject, but Gmail draws one
subject heading for a whole conversation (Known limits: "Each message is read under its own
conversation's subject heading"), so a reply or forward inside one is told only by what its body draws:
a separator line, an attribution line, a From/Sent/Subject header block (``generic.quotedMail``).
Without this, a receipt a person forwarded into its own conversation was read as that person's purchase.
Every shape names what only a mail client writes there, so a receipt's own fields are none.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from selectolax.lexbor import LexborNode

from observers.gmail_receipt.selectors import SELECTORS
from observers.shared.dom import ShownRule
from observers.shared.layout import block_lines_of
from observers.shared.own_address import is_own_address

_QUOTED = SELECTORS.generic.quoted_mail
_SEPARATOR_LINE = re.compile(_QUOTED.separator_line)
_ATTRIBUTION = re.compile(_QUOTED.attribution_line)
_NOT_QUOTE = re.compile(_QUOTED.attribution_not_quote, re.I)
_DATE = re.compile(_QUOTED.date)
_CLOCK = re.compile(_QUOTED.clock)
_WEEKDAY = re.compile(_QUOTED.weekday)
_ADDRESS = re.compile(_QUOTED.address)
_LABEL = re.compile(_QUOTED.label)
#: An attribution longer than this is a paragraph, not a header line (and the patterns read short lines only).
_ATTRIBUTION_MAX = _QUOTED.attribution_max_length


def draws_a_quoted_mail(body: LexborNode, shown: ShownRule, account: str | None) -> bool:
    """True when the message draws what a reply or forward writes above the mail it carries (``generic.quotedMail``:
    a separator line, an attribution line, a From/Sent/Subject header block). Whole lines only, each shape naming
    what only a mail client writes: a receipt's own "Valid From:", "Sent: Dec 1, 2026" or "… wrote:" is none, and
    neither is a copy of the user's own submission (its From is the ``account``'s address)."""
    lines = block_lines_of(body, shown)
    for i, line in enumerate(lines):
        if _SEPARATOR_LINE.match(line) or _attribution(line, account):
            return True
        # a long name and address wrapped onto a second line ("On … Fernhill" / "<…> wrote:")
        if i + 1 < len(lines) and len(line) + len(lines[i + 1]) < _ATTRIBUTION_MAX \
                and (lines[i + 1] == _QUOTED.wrapped_end or _ADDRESS.search(lines[i + 1])) \
                and _attribution(f"{line} {lines[i + 1]}", account):
            return True
    return _holds_a_header_block(lines, account)


def _someone_else(text: str, account: str | None) -> bool:
    """Whether ``text`` names an address, and not the account's own (any spelling Gmail delivers to it)."""
    return any(not is_own_address(m.group(0), account) for m in _ADDRESS.finditer(text))


def _attribution(line: str, account: str | None) -> bool:
    line = line.strip(_QUOTED.attribution_frame)
    if len(line) > _ATTRIBUTION_MAX or not _ATTRIBUTION.match(line) or _NOT_QUOTE.search(line):
        return False
    if line.startswith(_QUOTED.quoting_start):
        return _someone_else(line, account)
    return bool(_DATE.search(line)) and bool(_CLOCK.search(line) or _WEEKDAY.search(line))


def _holds_a_header_block(lines: list[str], account: str | None) -> bool:
    """A from line naming someone else's address with, within ``header_lines`` lines of it, a subject line and a
    sent or date line whose value names a clock. A bare label's value is the next line (a header drawn as a
    table), unless that line is a label of its own. Each label's lines are found once: a message of many from
    lines costs one pass."""
    def starting(label: str) -> list[int]:
        return [i for i, line in enumerate(lines) if line.startswith(label)]

    def value(at: int, label: str) -> str:
        own = lines[at][len(label):].strip()
        if own or at + 1 >= len(lines) or _LABEL.match(lines[at + 1]):
            return own  # a label drawn empty ("From:" then "To: …") has no value
        return lines[at + 1]

    def near(found: list[int], at: int) -> list[int]:
        k = bisect_left(found, at - _QUOTED.header_lines)
        return found[k:bisect_right(found, at + _QUOTED.header_lines)]

    subjects = starting(_QUOTED.subject_label)
    stamps = [(at, _QUOTED.sent_label) for at in starting(_QUOTED.sent_label)]
    stamps += [(at, _QUOTED.date_label) for at in starting(_QUOTED.date_label)]
    stamped = sorted(at for at, label in stamps if _CLOCK.search(value(at, label)))
    return any(near(subjects, at) and near(stamped, at) and _someone_else(value(at, _QUOTED.from_label), account)
               for at in starting(_QUOTED.from_label))
