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

``PassMemo`` is what the passes share; ``DecisionCache`` is one pass's per-string memo built on it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Protocol


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


class RuleState(Protocol):
    """What the cache reads of a pass (``pipeline.Cleaner``): its counts (swapped while a decision is
    computed, so the decision's own counts can be replayed on every later hit) and its rule state."""

    counts: dict[str, int]

    def rule_state(self) -> tuple[Collection[str], Collection[str], Collection[str]]:
        """(learned names in learn order, labelled values, redacted texts)."""
        ...


class DecisionCache:
    """One pass's memo of rule decisions: key → (result, the counts it made).

    A Gmail page repeats the same style, title and label strings thousands of times, and the fakes
    are fixed within a capture, so each distinct (string, context) is computed once per pass.
    Attribute keys are ``(ctx_tuple, name, value)``; text keys ``(text, keep, meet, scoped)``. In the
    second pass the first pass's fixed points valid under this pass's state are seeded as
    "unchanged", and dropped again when the state grows past what they were computed under.
    """

    def __init__(self, owner: RuleState, memo: PassMemo | None) -> None:
        self.owner = owner
        self.memo = memo
        self.attrs: dict[tuple, tuple] = {}
        self.texts: dict[tuple, tuple] = {}
        self._state_sig: tuple[int, int, int] = (-1, -1, -1)
        self._min_k = float("inf")
        self._seeded = False

    def _learned_count(self) -> int:
        return len(self.owner.rule_state()[0])

    def _min_state(self) -> float:
        """Second pass: the least first-pass state a fixed point must have been computed under."""
        learned, labelled, redacted = self.owner.rule_state()
        sig = (len(learned), len(labelled), len(redacted))  # each part only grows: its size is its version
        if sig != self._state_sig:
            assert self.memo is not None
            self._state_sig = sig
            self._min_k = self.memo.min_state(learned, labelled, redacted)
        return self._min_k

    def _cache_of(self, key: tuple) -> dict[tuple, tuple]:
        return self.attrs if isinstance(key[0], tuple) else self.texts

    def seed(self) -> None:
        """Second pass, before the value rules: every first-pass fixed point valid under this pass's
        state goes in as "unchanged" (one dict build, not a lookup per string)."""
        memo = self.memo
        if memo is None or not memo.sealed:
            return
        min_k = self._min_state()
        attrs, texts = self.attrs, self.texts
        for key, k in memo.fixed.items():
            if k >= min_k:
                if isinstance(key[0], tuple):
                    attrs[key] = (key[2], ())
                else:
                    texts[key] = (key[0], ())
        self._seeded = True

    def _revalidate(self) -> None:
        """Second pass: the state grew (a name learned), so drop seeded fixed points it no longer covers."""
        assert self.memo is not None
        min_k = self._min_state()
        for key, k in self.memo.fixed.items():
            if k < min_k:
                self._cache_of(key).pop(key, None)

    def counted(self, cache: dict[tuple, tuple], key: tuple, original: str, compute: Callable[[], object]) -> object:
        """The decision for ``key`` (computing it on a miss) with its counts added to the owner's."""
        owner = self.owner
        hit = cache.get(key)
        if hit is None:
            memo = self.memo
            learned_before = self._learned_count()
            saved, owner.counts = owner.counts, {}
            try:
                result = compute()
            finally:
                delta, owner.counts = owner.counts, saved
            hit = (result, tuple(delta.items()))
            cache[key] = hit
            learned_now = self._learned_count()
            if self._seeded and learned_now != learned_before:
                self._revalidate()
            if memo is not None and not memo.sealed and result == original and not delta and learned_now == learned_before:
                memo.fixed.setdefault(key, learned_before)
        if hit[1]:
            counts = owner.counts
            for kind, n in hit[1]:
                counts[kind] = counts.get(kind, 0) + n
        return hit[0]

    def seal(self) -> None:
        """End of the first pass (see ``PassMemo.seal``)."""
        if self.memo is not None and not self.memo.sealed:
            self.memo.seal(*self.owner.rule_state())
