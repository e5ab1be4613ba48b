"""selectors.json: CSS only under "selectors", never a class; the registry keeps the sanitiser's shape."""

from __future__ import annotations

import json
import re

from observers.gmail_receipt.selectors import PATH, SELECTORS
from sanitize.registry import load_registry, platform_for


def test_no_class_selector() -> None:
    raw = json.loads(PATH.read_text(encoding="utf-8"))
    for key, css in raw["selectors"].items():
        assert not re.search(r"\.[A-Za-z_-]|\[class", css), key


def test_registry_shape_is_what_the_sanitiser_reads() -> None:
    platforms = {p.name: p for p in load_registry(PATH)}
    assert set(platforms) == set(SELECTORS.platforms)
    assert platform_for("t.shopifyemail.com").name == "shopify"  # type: ignore[union-attr]
    assert not platforms["facebook"].keeps_sender_name


def test_a_merchant_from_the_sender_name_only_where_the_sanitiser_keeps_it() -> None:
    for name, platform in SELECTORS.platforms.items():
        if platform.merchant.sender_name_with_tag:
            assert SELECTORS.registry[name].keeps_sender_name, name
