"""The peer suites ship with the tests (CI runs on a clone without /work/shared): their absence is a
failure, never a skip, and their sources and licences travel with them."""

from __future__ import annotations

import json
from pathlib import Path

PEER = Path(__file__).parent / "peer_suites"


def test_peer_suites_and_their_licences_are_in_the_repository():
    for name in ("dompurify-vectors.json", "h5sc-vectors.json", "httpleaks-leak.html", "httpleaks-LICENSE.txt", "README.md"):
        assert (PEER / name).is_file(), f"{PEER / name} is missing"
    assert len(json.loads((PEER / "dompurify-vectors.json").read_text(encoding="utf-8"))) == 223
    assert len(json.loads((PEER / "h5sc-vectors.json").read_text(encoding="utf-8"))) == 149
    readme = (PEER / "README.md").read_text(encoding="utf-8")
    for licence in ("MPL-2.0", "Apache-2.0", "BSD-2-Clause"):
        assert licence in readme
