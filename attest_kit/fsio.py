"""File input and output that never leaves a half-written file or reads something it should not.

Every write goes to a temporary file in the target's folder and is renamed into place, so a crash
or a refused input leaves what was on disk untouched (DESIGN.md, exit codes).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attest_kit.errors import BadInput

#: Largest page the toolkit reads. A real Gmail page with its inline computed styles is about 4 MB;
#: 64 MiB leaves room for a long conversation and still refuses a stray video or archive.
MAX_PAGE_BYTES = 64 * 1024 * 1024


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: Path | str, data: bytes, *, private: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file renamed into place.

    ``private`` keeps the file readable by its owner only (a refake record holds reversible fakes).
    A folder that cannot be made or written is BadInput naming the path.
    """
    target = Path(path)
    try:
        _write_atomically(target, data, private)
    except OSError as exc:
        raise BadInput(target, f"cannot write: {_write_fault(exc)}") from None


def _write_atomically(target: Path, data: bytes, private: bool) -> None:
    tmp = _stage(target, data, private)
    try:
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def atomic_write_all(files: Sequence[tuple[Path, bytes, bool]]) -> None:
    """Write several files (path, data, private) as one change: every one is first written beside its target,
    and only when all of them are there is each renamed into place, in the order given.

    A file that cannot be written (a read-only folder, a full disk, a target that is a folder) is BadInput
    naming it, and then no target has changed: writing one after another left a refake's pages re-faked and
    their labels not. A rename within one folder fails only when the disk itself does; then the files
    renamed before it stay renamed, and the BadInput says so.
    """
    staged: list[tuple[str, Path]] = []
    try:
        for target, data, private in files:
            try:
                if target.is_dir():
                    raise IsADirectoryError(21, "Is a directory")
                staged.append((_stage(target, data, private), target))
            except OSError as exc:
                raise BadInput(target, f"cannot write: {_write_fault(exc)}") from None
        for done, (tmp, target) in enumerate(staged):
            try:
                os.replace(tmp, target)
            except OSError as exc:
                raise BadInput(target, f"cannot write: {_write_fault(exc)} (after {done} of {len(staged)} "
                                       "files were written)") from None
    finally:
        for tmp, _ in staged:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass


def read_fault(path: Path | str, exc: OSError, what: str = "file") -> BadInput:
    """A read that failed, in the same words for every file a command reads: "no such file", "is a folder, not a
    <what>", else "cannot read: <why>" (a folder said "cannot read: Is a directory" to some commands and "is a
    folder" to others; a usability review, session 39)."""
    if isinstance(exc, FileNotFoundError):
        return BadInput(path, "no such file" if what == "file" else f"no such {what}")
    if isinstance(exc, IsADirectoryError):
        return BadInput(path, f"is a folder, not a {what}")
    return BadInput(path, f"cannot read: {exc.strerror or exc}")


def _write_fault(exc: OSError) -> str:
    """What stopped a write, in words: making a folder whose path runs through a file says "File exists"."""
    if isinstance(exc, IsADirectoryError):
        return "it is a folder"
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        return "a part of its folder's path is a file, not a folder"
    return str(exc.strerror or exc)


def _stage(target: Path, data: bytes, private: bool) -> str:
    """``data`` in a temporary file beside ``target`` (the name returned), flushed to disk."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes the file private (0600); a written fixture or report gets the usual mode.
        os.chmod(tmp, 0o600 if private else 0o666 & ~_current_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def json_bytes(value: Any) -> bytes:
    """``value`` as the toolkit writes JSON: indented, UTF-8, a final newline."""
    return (json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")


def atomic_write_text(path: Path | str, text: str, *, private: bool = False) -> None:
    """Write UTF-8 ``text`` to ``path`` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"), private=private)


def atomic_write_json(path: Path | str, value: Any, *, private: bool = False) -> None:
    """Write ``value`` as indented JSON with a final newline, atomically."""
    atomic_write_bytes(path, json_bytes(value), private=private)


def utf8_text(path: Path, data: bytes) -> str:
    """``data`` (read from ``path``) as text; BadInput when it is binary (a NUL byte) or not UTF-8."""
    if b"\x00" in data:
        raise BadInput(path, "is binary (holds a NUL byte), not text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(path, f"is not UTF-8 (byte {exc.start})") from None


def read_html(path: Path | str, max_bytes: int = MAX_PAGE_BYTES) -> str:
    """Read an HTML page from disk, refusing what is not one.

    Raises BadInput for a missing or unreadable file, an empty one, one over ``max_bytes``, one
    that is not UTF-8, one holding a NUL byte (binary), or one with no markup at all.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise read_fault(p, exc) from None
    if p.is_dir():
        raise BadInput(p, "is a folder, not an HTML file")
    if size > max_bytes:
        raise BadInput(p, f"is {size} bytes, over the {max_bytes}-byte bound for a page")
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise read_fault(p, exc) from None
    if not data.strip():
        raise BadInput(p, "is empty")
    text = utf8_text(p, data)
    if "<" not in text:
        raise BadInput(p, "holds no markup: not an HTML page")
    return text.removeprefix("\ufeff")


def read_json(path: Path | str) -> Any:
    """Read a JSON file, turning every failure into BadInput naming the file."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise read_fault(p, exc) from None
    raw = utf8_text(p, data)  # "is not UTF-8 (byte N)", as a page is told, not the codec's own words
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise BadInput(p, f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise BadInput(p, "is not valid JSON (nested deeper than the parser reads)") from None


def _git_top(start: Path) -> Path | None:
    for parent in [start, *start.parents]:
        if (parent / ".git").exists():
            return parent
    return None


def inside_work_tree(path: Path | str, root: Path | str | None = None) -> bool:
    """True when ``path`` lies inside a work tree a secret must stay out of.

    That is ``root`` when given; else any git work tree (a key or a record there is one commit away
    from being published) and this toolkit's own checkout, git or not (a tarball has no .git).
    Used to refuse key files and refake records inside the repository (spec §6.2, §6.3).
    """
    from attest_kit.paths import repo_root

    p = Path(path).expanduser().resolve()
    roots = [Path(root).resolve()] if root is not None else [repo_root()]
    if root is None:
        top = _git_top(p)
        if top is not None:
            roots.append(top)
    return any(p == r or r in p.parents for r in roots)


def update_json_entry(path: Path | str, key: str, value: Any, *, force: bool = False) -> None:
    """Add or replace one entry of a JSON object file, keeping every other entry; atomic.

    Refuses (BadInput) to replace an existing entry unless ``force``, and refuses a file that is
    not a JSON object. A replaced entry keeps its place, so the file changes in that entry only
    (and not at all when it is the same); a new one is added in key order, so a sorted file
    stays sorted and diffs cleanly.
    """
    p = Path(path)
    current: Any = read_json(p) if p.exists() else {}
    if not isinstance(current, dict):
        raise BadInput(p, "is not a JSON object")
    if key in current and not force:
        raise BadInput(p, f"already has an entry for {key} (use --force to replace it)")
    replacing = key in current
    current[key] = value
    atomic_write_json(p, current if replacing else dict(sorted(current.items())))
