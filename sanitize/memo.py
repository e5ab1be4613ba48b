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
        # the same fixed points as ready cache entries (key → (value, no counts)), attributes and texts
        # apart, so a second pass whose state every entry covers seeds its caches with one update
        self.fixed_attrs: dict[tuple, tuple] = {}
        self.fixed_texts: dict[tuple, tuple] = {}
        # whole elements every attribute of which is a fixed point: signature → the least learn count
        # of its attributes' fixed points (the element is valid where all of them are)
        self.fixed_elements: dict[tuple, int] = {}
        self.sealed = False
        self._learned: dict[str, int] = {}  # first pass: learned name (lower) → 1-based learn order
        self._labelled: frozenset[str] = frozenset()
        self._redacted: frozenset[str] = frozenset()
        # pure functions of a string, so shared by both passes: does it name Meet ("meet" in lower)
        self.meet_word: dict[str, bool] = {}
        self.no_meet: set[str | None] = set()  # attribute values known not to name Meet
        self.no_address: set[str | None] = set()  # attribute values known to hold no email address
        self.labelled_unchanged: set[tuple] = set()  # see ``labelled_values.LabelledValues`` (one faker per capture)
        # (pieces, names learned) → ``split_values.joined_pieces`` of them
        self.crossing: dict[tuple[tuple[str, ...], frozenset[str] | None], tuple[str, ...]] = {}

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
        """(learned names in learn order, labelled values, redacted texts): live collections that
        only grow in place, so the cache keeps a reference and reads their sizes."""
        ...


class DecisionCache:
    """One pass's memo of rule decisions: key → (result, the counts it made).

    A Gmail page repeats the same style, title and label strings thousands of times, and the fakes
    are fixed within a capture, so each distinct (string, context) is computed once per pass.
    Attribute keys are ``(ctx_tuple, name, value)``; text keys ``(text, keep, meet, scoped)``. In the
    second pass the first pass's fixed points valid under this pass's state are seeded as
    "unchanged", and dropped again when the state grows past what they were computed under.
    ``elements`` memoises whole elements (tag, context and every attribute → the attribute changes
    and counts): a list page repeats the same cell thousands of times, and one lookup per element
    costs less than one per attribute. Its entries are compositions of ``attrs`` entries, so it is
    emptied whenever those are dropped.
    """

    def __init__(self, owner: RuleState, memo: PassMemo | None) -> None:
        self.owner = owner
        self.memo = memo
        self.attrs: dict[tuple, tuple] = {}
        self.texts: dict[tuple, tuple] = {}
        self.elements: dict[tuple, tuple] = {}
        self.generation = 0  # bumped whenever entries are dropped (``elements`` entries built across it are not kept)
        self._learned: Collection[str] | None = None  # the owner's learned names (a live collection)
        self._state_sig: tuple[int, int, int] = (-1, -1, -1)
        self._min_k = float("inf")
        self._seeded = False

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
        self._seed_elements(min_k)
        if min_k <= 0:  # every entry was computed under a state covering this pass's
            attrs.update(memo.fixed_attrs)
            texts.update(memo.fixed_texts)
            self._seeded = True
            return
        for key, k in memo.fixed.items():
            if k >= min_k:
                if isinstance(key[0], tuple):
                    attrs[key] = (key[2], ())
                else:
                    texts[key] = (key[0], ())
        self._seeded = True

    def _seed_elements(self, min_k: float) -> None:
        assert self.memo is not None
        unchanged = ((), ())
        self.elements.update((sig, unchanged) for sig, k in self.memo.fixed_elements.items() if k >= min_k)

    def _revalidate(self) -> None:
        """Second pass: the state grew (a name learned), so drop seeded fixed points it no longer covers."""
        assert self.memo is not None
        min_k = self._min_state()
        self.elements.clear()
        self.generation += 1
        for key, k in self.memo.fixed.items():
            if k < min_k:
                self._cache_of(key).pop(key, None)
        self._seed_elements(min_k)

    @property
    def recording(self) -> bool:
        """First pass: decisions are recorded as fixed points (``element_unchanged``)."""
        return self.memo is not None and not self.memo.sealed

    def element_unchanged(self, sig: tuple, attr_keys: list[tuple]) -> None:
        """First pass: an element whose attributes all stayed as they were, with the keys of their
        decisions; it is a fixed point where every one of those decisions is."""
        memo = self.memo
        if memo is None or memo.sealed:
            return
        fixed = memo.fixed
        ks = [fixed.get(key) for key in attr_keys]
        if attr_keys and None not in ks:
            memo.fixed_elements.setdefault(sig, min(ks))  # type: ignore[type-var]

    def counted(self, cache: dict[tuple, tuple], key: tuple, original: str, compute: Callable[[], object]) -> object:
        """The decision for ``key`` (computing it on a miss) with its counts added to the owner's."""
        hit = cache.get(key)
        if hit is None:
            return self.decide(cache, key, original, compute)
        if hit[1]:
            counts = self.owner.counts
            for kind, n in hit[1]:
                counts[kind] = counts.get(kind, 0) + n
        return hit[0]

    def decide(self, cache: dict[tuple, tuple], key: tuple, original: str, compute: Callable[..., object],
               *args: object) -> object:
        """``counted`` for a key known to be missing: ``compute(*args)``, memoised, counts added."""
        owner = self.owner
        memo = self.memo
        learned = self._learned if self._learned is not None else owner.rule_state()[0]
        self._learned = learned
        learned_before = len(learned)
        saved, owner.counts = owner.counts, {}
        try:
            result = compute(*args)
        finally:
            delta, owner.counts = owner.counts, saved
        hit = (result, tuple(delta.items()) if delta else ())
        cache[key] = hit
        learned_now = len(learned)
        if self._seeded and learned_now != learned_before:
            self._revalidate()
        if (
            memo is not None and not memo.sealed and not delta and learned_now == learned_before
            and result == original and memo.fixed.setdefault(key, learned_before) == learned_before
        ):
            (memo.fixed_texts if cache is self.texts else memo.fixed_attrs).setdefault(key, hit)
        if delta:
            counts = owner.counts
            for kind, n in hit[1]:
                counts[kind] = counts.get(kind, 0) + n
        return result

    def release(self) -> None:
        """Drop the reference to the owner (which holds this cache): without the cycle, a pass's
        caches are freed by reference count when it ends, not left to the cyclic collector."""
        self.owner = None  # type: ignore[assignment]
        self._learned = None

    def seal(self) -> None:
        """End of the first pass (see ``PassMemo.seal``)."""
        if self.memo is not None and not self.memo.sealed:
            self.memo.seal(*self.owner.rule_state())
