"""The safety net run over every sanitised page.

1. Idempotence: cleaning the output again (same key, same capture) must change nothing. A rule
   that still finds something in its own output missed it the first time.
2. Parser agreement: html5lib (a separate, spec-following parser) and selectolax must read the same
   element tree (tag names and attribute names) from the output. A page two parsers read
   differently is how mutation XSS slips past a sanitiser; when they differ, every svg, math or
   select subtree they read apart is dropped (else the first element where they part), counted as
   "parser-differential", and the check runs again.
   html5lib is pure Python (about 1 MB/s), so on pages over ``FULL_CHECK_BYTES`` it checks only
   the subtrees where parsers are known to part: foreign content (svg, math) and <select>.
"""

from __future__ import annotations

from collections.abc import Callable

import html5lib
from selectolax.lexbor import LexborHTMLParser, LexborNode

from attest_kit.errors import BadInput

FULL_CHECK_BYTES = 1024 * 1024
#: html5lib checks an end tag's scope by walking its whole stack of open elements, so a page nested
#: n deep costs it n^2 (12,000 deep: 7 s; 40,000: over a minute). Past this depth (no mail or calendar
#: page comes near it) only the risky subtrees are checked, as on a big page.
FULL_CHECK_DEPTH = 1024
RISKY = ("svg", "math", "select")
_MAX_ROUNDS = 25


def _local(name: str) -> str:
    name = name.rsplit("}", 1)[-1]
    return name.rsplit(":", 1)[-1].lower()


def _html5lib_sequence(html: str, fragment: bool = False) -> list[tuple[str, tuple[str, ...]]] | None:
    """html5lib's element sequence, or None when html5lib cannot read the text at all (it fails its own
    assertions on some select and foreign-content trees): a tree one parser cannot read is one the
    parsers do not agree on."""
    try:
        if fragment:
            doc = html5lib.parseFragment(html, container="div", treebuilder="etree", namespaceHTMLElements=False)
        else:
            doc = html5lib.parse(html, treebuilder="etree", namespaceHTMLElements=False)
    except Exception:  # noqa: BLE001 - any failure of the other parser means "not confirmed"
        return None
    out = []
    for el in doc.iter():
        if not isinstance(el.tag, str) or el.tag in ("DOCUMENT_ROOT", "DOCUMENT_FRAGMENT", "<!DOCTYPE>"):
            continue
        out.append((_local(el.tag), tuple(sorted(_local(a) for a in el.attrib))))
    if fragment and out and out[0][0] == "div" and html[:4].lower() != "<div":
        out = out[1:]
    return out


def _lexbor_elements(root: LexborNode) -> list[LexborNode]:
    return [n for n in root.traverse() if n.is_element_node]


def _sequence(nodes: list[LexborNode]) -> list[tuple[str, tuple[str, ...]]]:
    return [(_local(n.tag or ""), tuple(sorted(_local(a) for a in n.attributes))) for n in nodes]


def _tree_depth(nodes: list[LexborNode]) -> int:
    """How deep ``nodes`` (every element, in document order: a parent before its children) nest, read
    from the parse itself (a page's text may write "<div>" inside an attribute value)."""
    depth: dict[int, int] = {}
    deepest = 0
    for node in nodes:
        parent = node.parent
        d = depth.get(parent.mem_id, 0) + 1 if parent is not None else 1
        depth[node.mem_id] = d
        deepest = max(deepest, d)
    return deepest


def _first_difference(a: list, b: list | None) -> int | None:
    if b is None:
        return 0
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def _drop(node: LexborNode) -> None:
    if node.tag in ("html", "head", "body"):
        child = node.child
        while child is not None and not child.is_element_node:
            child = child.next
        if child is None:
            raise BadInput(None, "page could not be made parser-stable")
        node = child
    node.decompose()


def parser_stable(html: str, counts: dict[str, int]) -> str:
    """Return ``html`` once html5lib and selectolax read the same tree from it."""
    return _stable_tree(html, counts)[0]


def _stable_tree(html: str, counts: dict[str, int]) -> tuple[str, LexborHTMLParser]:
    """``parser_stable`` that also returns selectolax's parse of the result (unchanged by the check)."""
    for _ in range(_MAX_ROUNDS):
        tree = LexborHTMLParser(html)
        targets = _differing(html, tree)
        if not targets:
            return html, tree
        for node in targets:
            _drop(node)
        counts["parser-differential"] = counts.get("parser-differential", 0) + len(targets)
        html = tree.html or ""
    raise BadInput(None, "page could not be made parser-stable")


def _differing(html: str, tree: LexborHTMLParser) -> list[LexborNode]:
    """What this round drops: every risky subtree the parsers read apart, else (a page small enough
    for the whole check) the first element where they part. All the risky ones at once: one per
    round ran out of rounds on a page with a few dozen (a customisable <select> each), and the page
    was refused."""
    nodes = _lexbor_elements(tree.root) if len(html) <= FULL_CHECK_BYTES else []
    if nodes and _tree_depth(nodes) <= FULL_CHECK_DEPTH:
        theirs = _html5lib_sequence(html)
        at = _first_difference(_sequence(nodes), theirs)
        if at is None:
            return []
        risky = _differing_risky(tree)
        if theirs is None and not risky:
            risky = _unreadable_suspects(tree)
            if not risky:
                raise BadInput(None, "page could not be made parser-stable: html5lib cannot read it")
        return risky or [nodes[min(at, len(nodes) - 1)]]
    return _differing_risky(tree)


def _unreadable_suspects(tree: LexborHTMLParser) -> list[LexborNode]:
    """html5lib failed on the whole page though each risky subtree reads alike on its own: its failures
    are in its select handling inside foreign content, so the outermost risky subtrees that hold a
    select go (else every outermost risky subtree); the next round checks the page again."""
    outermost = [node for node, _ in _outermost_risky(tree)]
    with_select = [n for n in outermost if n.tag == "select" or n.css_first("select") is not None]
    return with_select or outermost


def _differing_risky(tree: LexborHTMLParser) -> list[LexborNode]:
    """The outermost svg, math and select subtrees html5lib reads apart from selectolax (as fragments)."""
    return [node for node, sub in _outermost_risky(tree)
            if _first_difference(_sequence(sub), _html5lib_sequence(node.html or "", fragment=True)) is not None]


def _outermost_risky(tree: LexborHTMLParser) -> list[tuple[LexborNode, list[LexborNode]]]:
    """Each svg, math or select element not inside another, with its elements. A risky element inside
    one is read with it, in its context, and never again on its own: read again per level, subtrees
    nested hundreds deep cost n^2 (and a dropped subtree's nodes are freed with it)."""
    found: list[tuple[LexborNode, list[LexborNode]]] = []
    inside: set[int] = set()  # elements of the subtrees listed (the query lists ancestors first)
    for node in tree.css(",".join(RISKY)):
        if node.mem_id in inside:
            continue
        sub = _lexbor_elements(node)
        inside.update(n.mem_id for n in sub)
        found.append((node, sub))
    return found


def ensure_safe(result, again: Callable[[str, LexborHTMLParser], object]):
    """Apply both checks; ``again(html, tree)`` re-runs every rule (same faker) over a page, given its
    parse (which it may change), and must give back the same bytes."""
    html, tree = _stable_tree(result.html, result.counts)
    for _ in range(3):
        second = again(html, tree)
        if second.html == html:
            result.html = html
            return result
        html, tree = _stable_tree(second.html, result.counts)
    raise BadInput(None, "sanitised page is not stable under a second pass")
