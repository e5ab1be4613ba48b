"""Output to a reader that stops reading (``attest-kit bench | head -1``) never stops the work.

Click turns a broken pipe into exit 1 at the first write after the reader closed, and the command stops
where it was: ``bench`` printed its summary before writing RESULTS.md, so a piped bench wrote nothing,
and its exit said "found something" (DESIGN.md: 1) when nothing was found. Once the reader is gone the
rest of the output goes to the null device, as a reader that closed wants, and the command finishes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import Any, TextIO


class ReaderSafeStream:
    """A text stream that sends what it is given to ``stream`` until its reader closes, then to nowhere."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._to_null()
            return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._to_null()

    def _to_null(self) -> None:
        # what is still buffered is flushed to the null device later, as the rest is (Python's own advice
        # for SIGPIPE: https://docs.python.org/3/library/signal.html#note-on-sigpipe)
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, self._stream.fileno())
        finally:
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def protect_streams() -> None:
    """Wrap sys.stdout and sys.stderr (once) so that a closed reader never stops the command."""
    if not isinstance(sys.stdout, ReaderSafeStream) and hasattr(sys.stdout, "fileno"):
        sys.stdout = ReaderSafeStream(sys.stdout)  # type: ignore[assignment]
    if not isinstance(sys.stderr, ReaderSafeStream) and hasattr(sys.stderr, "fileno"):
        sys.stderr = ReaderSafeStream(sys.stderr)  # type: ignore[assignment]
