"""Dependencies point one way (DESIGN.md): kernel ← observers ← labels ← bench ← CLI.

The sanitiser needs only the kernel (it reads the receipt registry as JSON), except refake, which
reads the label schema to keep labels in step (issue 7). Only the CLI reaches everything.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TOP = ("attest_kit", "observers", "labels", "bench", "sanitize")
ALLOWED = {
    "attest_kit": {"attest_kit"},
    "observers": {"attest_kit", "observers"},
    "labels": {"attest_kit", "observers", "labels"},
    "bench": {"attest_kit", "observers", "labels", "bench"},
    "sanitize": {"attest_kit", "sanitize"},
}
#: Modules that may reach further, and why.
EXCEPTIONS = {
    "attest_kit/cli.py": set(TOP),  # the CLI wires every library together
    "attest_kit/ledger/commands.py": {"observers"},  # the ledger command plugs in the Calendar step
    "sanitize/refake_common.py": {"labels"},  # refake keeps labels in step (the label schema)
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & set(TOP)


MODULES = sorted(p for top in TOP for p in (REPO / top).rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(REPO)))
def test_dependencies_point_one_way(path: Path):
    rel = str(path.relative_to(REPO))
    allowed = ALLOWED[rel.split("/")[0]] | EXCEPTIONS.get(rel, set())
    assert _imports(path) <= allowed, f"{rel} imports {sorted(_imports(path) - allowed)}"


def test_nothing_imports_the_cli():
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "attest_kit.cli", path
            elif isinstance(node, ast.Import):
                assert all(alias.name != "attest_kit.cli" for alias in node.names), path
