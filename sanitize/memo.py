"""What the passes of one ``sanitize_page`` call share, so the idempotence pass costs little.

The value rules are functions of (string, context, rule state): a Gmail page repeats the same
style, class, title and label strings thousands of times, so each pass memoises per distinct
string. The second pass (the idempotence check) must still be a real pass, and it is: it parses
the output, walks it and runs every context rule again. Only one thing is carried over: the
strings the first pass *left unchanged* ("fixed points"). A fixed point stays one in the second
pass because every piece of rule state only adds replacements as it grows (learned names,
labelled values, redacted texts) or only removes them (the faker's issued fakes: a value that is
already a fake is left); so a string the first pass left under a state S is left under any state
the second pass holds that is a subset of S. ``usable`` checks exactly that, per entry: each
fixed point records how many names the first pass had learned when it was computed. Every string
the first pass changed is computed afresh in the second pass, which is the idempotence check.
"""

from __future__ import annotations

from collections.abc import Iterable


class PassMemo:
    def __init__(self) -> None:
        self.fixed: dict[tuple, int] = {}  # key → names learned (count) when the first pass computed it
        self.sealed = False
        self._learned: dict[str, int] = {}  # first pass: learned name (lower) → 1-based learn order
        self._labelled: frozenset[str] = frozenset()
        self._redacted: frozenset[str] = frozenset()

    def seal(self, learned: Iterable[str], labelled: Iterable[str], redacted: Iterable[str]) -> None:
        """End of the first pass: from now on entries are read, never written."""
        self._learned = {name: i for i, name in enumerate(learned, 1)}
        self._labelled = frozenset(labelled)
        self._redacted = frozenset(redacted)
        self.sealed = True

    def min_state(self, learned: Iterable[str], labelled: Iterable[str], redacted: Iterable[str]) -> float:
        """The least first-pass learn count whose state includes the second pass's state (inf: none)."""
        if not self._labelled.issuperset(labelled) or not self._redacted.issuperset(redacted):
            return float("inf")
        k = 0
        for name in learned:
            i = self._learned.get(name)
            if i is None:
                return float("inf")
            k = max(k, i)
        return k
