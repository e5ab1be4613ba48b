"""Where the capture key comes from: ``--key-file F`` or ``ATTEST_CAPTURE_KEY``; there is no default.

A public default would make every fake an unkeyed hash of its original (spec §6.2, SEC-L2), so a
missing key is bad input, and a key file inside a git work tree is refused: it would end up
committed beside the fixtures it protects.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path

from attest_kit.errors import BadInput
from attest_kit.fsio import inside_work_tree, read_fault

ENV_VAR = "ATTEST_CAPTURE_KEY"
#: Shorter keys are refused: a guessable key is as good as none.
MIN_KEY_BYTES = 16


def load_key(key_file: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None) -> bytes:
    """Return the capture key, or raise BadInput naming what is wrong (never the key itself)."""
    env = os.environ if env is None else env
    if key_file is not None:
        path = Path(key_file)
        if inside_work_tree(path):
            raise BadInput(path, "key file is inside a git work tree; keep the capture key outside the repository")
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise read_fault(path, exc, "key file") from None
        key = raw.strip()
        where: object = path
    else:
        value = env.get(ENV_VAR)
        if value is None:
            raise BadInput(None, f"no capture key: pass --key-file or set {ENV_VAR}")
        key = value.strip().encode("utf-8")
        where = ENV_VAR
    if not key:
        raise BadInput(where, "capture key is empty")
    if len(key) < MIN_KEY_BYTES:
        raise BadInput(where, f"capture key is shorter than {MIN_KEY_BYTES} bytes")
    return key


def loose_key_file(key_file: str | os.PathLike[str] | None) -> str | None:
    """A warning when a key file others on this machine can read (its mode gives group or others read access), or
    None. Not refused: a key readable by others is a weaker key, not a missing one, and the warning says how to
    mend it (ssh refuses such a private key; the README makes the file with umask 077)."""
    if key_file is None:
        return None
    try:
        mode = Path(key_file).stat().st_mode
    except OSError:
        return None  # load_key names a missing or unreadable file
    if not stat.S_ISREG(mode) or not mode & (stat.S_IRGRP | stat.S_IROTH):
        return None
    return (f"{key_file}: the key file is readable by others on this machine (mode {stat.S_IMODE(mode):o}); "
            f"chmod 600 {key_file}")
