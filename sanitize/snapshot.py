"""Build an inert fixture document from one ``DOMSnapshot.captureSnapshot`` of a live tab.

The live page is never asked to run anything: the snapshot gives the DOM, form state and computed
styles in one read-only call, and this module writes HTML from it in Python. Each element carries
its critical computed styles inline (display and visibility, which every observer's shown rule
reads, plus position, colours and flex or grid layout) and none of the page's own stylesheets or
style attributes (a real Gmail page holds about 4 MB of them). An element the browser renders no
box for, under a parent that has one, is written ``display:none``: that is how a ``display:none``
element appears in a snapshot (an element with ``display:contents`` does too; it is rare in the
vendors' pages and would read as hidden, the safe side). Values typed into fields are not
captured; a checkbox's live ticked state is (Calendar's side panel is read by it). Shadow roots and
frames are not captured, and the counts say how many were left out.
"""

from __future__ import annotations

import html as htmlmod
import re
from dataclasses import dataclass, field
from typing import Any

#: Computed styles copied inline onto every element (spec §6.2, "What the tool does to your browser").
CRITICAL_STYLES: tuple[str, ...] = (
    "display", "visibility", "position", "top", "right", "bottom", "left", "z-index",
    "color", "background-color", "opacity",
    "flex-direction", "flex-wrap", "justify-content", "align-items", "order",
    "grid-template-columns", "grid-template-rows", "grid-column", "grid-row",
)

#: Elements whose content a fixture never carries: they run, fetch or style the live page.
DROPPED_ELEMENTS = frozenset({"script", "style", "link", "noscript", "template", "iframe", "frame", "object", "embed", "base"})
VOID_ELEMENTS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                           "track", "wbr"})
RAW_TEXT = frozenset({"textarea", "title"})

ELEMENT, TEXT, COMMENT, DOCUMENT, DOCTYPE = 1, 3, 8, 9, 10


@dataclass
class SnapshotCounts:
    elements: int = 0
    text_nodes: int = 0
    dropped_elements: int = 0
    shadow_roots_skipped: int = 0
    frames_skipped: int = 0
    typed_values_skipped: int = 0
    hidden_marked: int = 0
    extra: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, int]:
        return {k: v for k, v in self.__dict__.items() if k != "extra"} | self.extra


#: A page's own stylesheet: a <style> element or a stylesheet <link>. A capture writes none (each element
#: carries its computed styles inline), so a page holding one was saved from the browser.
_OWN_STYLESHEET = re.compile(r"<style[\s>/]|<link\b[^>]*\bstylesheet\b", re.I)


def carries_stylesheets(html: str) -> bool:
    """Whether ``html`` holds the page's own stylesheets: a page saved from the browser, whose views its
    stylesheets hide, where a capture draws them with inline computed styles the observers read.

    >>> carries_stylesheets('<head><style>.a{display:none}</style></head>'), carries_stylesheets('<p style="x">')
    (True, False)
    """
    return _OWN_STYLESHEET.search(html) is not None


def _string(strings: list[str], index: int) -> str:
    # -1 means "no string": Python would otherwise read the last entry of the table.
    return strings[index] if 0 <= index < len(strings) else ""


def _sparse(rare: dict[str, list[int]] | None) -> set[int]:
    return set(rare.get("index", [])) if rare else set()


def snapshot_to_html(snapshot: dict[str, Any], styles: tuple[str, ...] = CRITICAL_STYLES) -> tuple[str, SnapshotCounts]:
    """The main frame of a captureSnapshot result as an inert HTML document, and what was done."""
    strings: list[str] = snapshot["strings"]
    doc = snapshot["documents"][0]
    nodes = doc["nodes"]
    parent = nodes["parentIndex"]
    count = len(parent)
    names = [_string(strings, i) for i in nodes["nodeName"]]
    values = nodes.get("nodeValue", [-1] * count)
    types = nodes["nodeType"]
    attributes = nodes.get("attributes", [[] for _ in range(count)])
    checked = _sparse(nodes.get("inputChecked"))
    typed = _sparse(nodes.get("inputValue"))
    shadow = _sparse(nodes.get("shadowRootType"))
    frames = _sparse(nodes.get("contentDocumentIndex"))
    counts = SnapshotCounts()
    counts.typed_values_skipped = len(typed)
    counts.frames_skipped = len(frames)

    layout_styles: dict[int, list[int]] = dict(zip(doc["layout"]["nodeIndex"], doc["layout"]["styles"]))
    children: list[list[int]] = [[] for _ in range(count)]
    for index in range(count):
        if parent[index] >= 0:
            children[parent[index]].append(index)

    out: list[str] = ["<!DOCTYPE html>"]

    def style_of(index: int) -> str | None:
        computed = layout_styles.get(index)
        if computed is None:
            parent_index = parent[index]
            if parent_index in layout_styles and names[index].lower() not in ("head",):
                counts.hidden_marked += 1
                return "display:none"
            return None
        return ";".join(f"{name}:{_string(strings, value)}" for name, value in zip(styles, computed)
                        if _string(strings, value) != "")

    def emit(index: int, in_body: bool) -> None:
        kind = types[index]
        if kind == TEXT:
            counts.text_nodes += 1
            parent_name = names[parent[index]].lower() if parent[index] >= 0 else ""
            text = _string(strings, values[index])
            out.append(text if parent_name in ("style", "script") else htmlmod.escape(text, quote=False))
            return
        if kind != ELEMENT:
            if kind == DOCUMENT:
                for child in children[index]:
                    emit(child, in_body)
            return  # comments, doctype, processing instructions: never captured
        if index in shadow:
            counts.shadow_roots_skipped += 1
            return
        tag = names[index].lower()
        if tag in DROPPED_ELEMENTS:
            counts.dropped_elements += 1
            return
        counts.elements += 1
        pairs = attributes[index]
        attrs: list[tuple[str, str]] = []
        for a in range(0, len(pairs), 2):
            name = _string(strings, pairs[a])
            if name.lower() in ("style", "checked", "value") and not (name.lower() == "value" and tag != "input"):
                continue  # the computed style and the live state replace them below
            attrs.append((name, _string(strings, pairs[a + 1])))
        if tag == "input":
            value = next((_string(strings, pairs[a + 1]) for a in range(0, len(pairs), 2)
                          if _string(strings, pairs[a]).lower() == "value"), None)
            if value is not None:
                attrs.append(("value", value))  # the markup's value, never one typed since
            if index in checked:
                attrs.append(("checked", ""))
        inside_body = in_body or tag == "body"
        style = style_of(index) if inside_body else None
        if style:
            attrs.append(("style", style))
        rendered = "".join(f' {n}="{htmlmod.escape(v, quote=True)}"' if v != "" else f" {n}" for n, v in attrs
                           if n and all(c not in n for c in ' "\'<>/='))
        out.append(f"<{tag}{rendered}>")
        if tag in VOID_ELEMENTS:
            return
        for child in children[index]:
            emit(child, inside_body)
        out.append(f"</{tag}>")

    emit(0, False)
    return "".join(out) + "\n", counts
