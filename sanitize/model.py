"""One walk over the parsed page, into the lists every rule works on.

Text is handled in *runs*: text nodes that follow each other with only <wbr> elements between them
(Gmail breaks a long word with <wbr>), so an order number split in two is still seen whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from selectolax.lexbor import LexborNode

#: Text inside these is not page text (style text is CSS; the rest is removed anyway).
NOT_TEXT_PARENTS = frozenset({"style", "script", "noscript", "template", "xmp", "noembed", "noframes", "plaintext"})


@dataclass
class TextRun:
    nodes: list[LexborNode]
    texts: list[str]
    parent: LexborNode | None
    new: str | None = None  # joined replacement text decided by a context rule
    flags: set[str] = field(default_factory=set)

    @property
    def text(self) -> str:
        return "".join(self.texts)


@dataclass
class Walk:
    elements: list[LexborNode]
    runs: list[TextRun]
    styles: list[LexborNode]  # text nodes inside <style>
    run_of: dict[int, int]  # text node mem_id → index in runs


def walk(root: LexborNode) -> Walk:
    elements: list[LexborNode] = []
    runs: list[TextRun] = []
    styles: list[LexborNode] = []
    run_of: dict[int, int] = {}
    last_text: LexborNode | None = None
    for node in root.traverse(include_text=True):
        tag = node.tag
        if tag == "-text":
            parent = node.parent
            ptag = parent.tag if parent is not None else ""
            if ptag in NOT_TEXT_PARENTS:
                if ptag == "style":
                    styles.append(node)
                continue
            text = node.text_content or ""
            prev = node.prev
            if (
                last_text is not None
                and prev is not None
                and prev.tag == "wbr"
                and prev.prev is not None
                and prev.prev.mem_id == last_text.mem_id
            ):
                run = runs[-1]
                run.nodes.append(node)
                run.texts.append(text)
            else:
                runs.append(TextRun([node], [text], parent))
            run_of[node.mem_id] = len(runs) - 1
            last_text = node
        elif tag and tag[0] not in "-#_":
            elements.append(node)
    return Walk(elements, runs, styles, run_of)


def subtree_ids(nodes: list[LexborNode]) -> set[int]:
    """mem_ids of every node (elements and text) inside ``nodes``, the nodes included."""
    ids: set[int] = set()
    for n in nodes:
        for d in n.traverse(include_text=True):
            ids.add(d.mem_id)
    return ids
