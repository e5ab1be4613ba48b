"""One warm call of the sanitiser or of nh3 on a benchmark page, for counting instructions.

Timings on a shared machine vary by a third between runs; instruction counts do not. Count a
call as the difference between a run that makes it and one that does not:

    PY=$(python -c "import sys; print(sys.executable)")  # the interpreter itself, not a shim script
    for mode in base sanitize nh3; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        $PY tests/bench_sanitize/one_call.py capture $mode 2>&1 | grep Collected
    done

(sanitize − base) / (nh3 − base) is the ratio. Pages: capture, dense, saved (see test_bench_sanitize.py).
"""

from __future__ import annotations

import sys


def main(page_name: str, mode: str) -> None:
    from tests.bench_sanitize.test_bench_sanitize import PAGES, _nh3, _sanitize

    page = PAGES[page_name]()
    _sanitize(page)  # warm: module caches, compiled patterns
    _nh3(page)
    if mode == "sanitize":
        _sanitize(page)
    elif mode == "nh3":
        _nh3(page)
    elif mode != "base":
        raise SystemExit(f"mode must be base, sanitize or nh3, not {mode!r}")


if __name__ == "__main__":
    sys.path.insert(0, ".")
    main(*sys.argv[1:3])
