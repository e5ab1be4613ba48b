"""The toolkit's error types, each mapped to one exit code by the CLI.

Library code raises these; ``attest_kit.cli`` turns them into one clear line on stderr and the exit
code of DESIGN.md (1 a check found something, 2 a bad option value, 3 bad input). Nothing else is allowed to reach the
user as a traceback.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FOUND = 1
EXIT_USAGE = 2
EXIT_BAD_INPUT = 3


class AttestKitError(Exception):
    """Base of every error the CLI reports as one line."""

    exit_code: int = EXIT_BAD_INPUT


class BadInput(AttestKitError):
    """A missing, unreadable, non-HTML or oversized file, an invalid label, a missing key.

    ``path`` names the file at fault (may be None for a non-file input such as an env variable).
    """

    exit_code = EXIT_BAD_INPUT

    def __init__(self, path: object, problem: str) -> None:
        self.path = None if path is None else str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}" if self.path else problem)


class BadOption(AttestKitError):
    """An option's value a command cannot use (an unknown zone, a date that is no day, a path in a
    name): a usage error, exit 2, as Click's own are; the message names the option."""

    exit_code = EXIT_USAGE


class CheckFailed(AttestKitError):
    """A check or gate found something (exit 1)."""

    exit_code = EXIT_FOUND
