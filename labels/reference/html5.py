"""html5lib helpers for the reference readers (ElementTree with the XHTML namespace stripped)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import html5lib


def parse(html: str) -> ET.Element:
    """Parse a page with html5lib into an ElementTree without namespaces."""
    return html5lib.parse(html, treebuilder="etree", namespaceHTMLElements=False)


def walk(root: ET.Element) -> Iterator[ET.Element]:
    yield from root.iter()


def text(el: ET.Element) -> str:
    return " ".join("".join(el.itertext()).split())


def hidden(el: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    """The shown rule, written again from the spec: hidden attribute, display:none, visibility:hidden."""
    node: ET.Element | None = el
    while node is not None:
        style = (node.get("style") or "").replace(" ", "").lower()
        if node.get("hidden") is not None or "display:none" in style or "visibility:hidden" in style:
            return True
        node = parents.get(node)
    return False


def parent_map(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {child: parent for parent in root.iter() for child in parent}


def banner_addresses(root: ET.Element) -> set[str]:
    """Every parenthesised address in an aria-label inside a role=banner element."""
    found: set[str] = set()
    for el in walk(root):
        if el.get("role") != "banner":
            continue
        for inner in el.iter():
            label = inner.get("aria-label") or ""
            while "(" in label and ")" in label:
                start = label.index("(")
                end = label.index(")", start)
                chunk = label[start + 1:end].strip()
                if "@" in chunk:
                    found.add(chunk.lower())
                label = label[end + 1:]
    return found


def account_problems(root: ET.Element, account: str | None) -> list[str]:
    """Problems when the label's page.account is not the one address the banner names (or names none)."""
    addresses = banner_addresses(root)
    if account is not None and account.lower() not in addresses:
        return ["page.account is not the address in the banner's account label"]
    if account is None and addresses:
        return ["page.account is null but the banner names an account"]
    return []
