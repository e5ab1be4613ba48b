"""The seeded secrets (spec §6.2): three invented values placed visibly in every fixture's main
landmark, so the no-leak test can prove they never reach storage, logs, exports or reports."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser, LexborNode

from attest_kit.errors import BadInput
from attest_kit.fsio import read_json

ATTR = "data-attest-seeded"


@dataclass(frozen=True)
class Seed:
    id: str
    value: str


def load_seeds(path: Path | str | None = None) -> list[Seed]:
    """Read seeded.json: a list of {"id", "value"} (default: the tree in use, ``ATTEST_KIT_ROOT`` or this checkout)."""
    from attest_kit.paths import seeded_secrets_path

    p = Path(path) if path is not None else seeded_secrets_path()
    data = read_json(p)  # "no such file", "is not valid JSON (line …)": a file's faults in words, not Python's
    shape = 'is not a seeded-secrets file: a JSON list of {"id", "value"} objects'
    if not isinstance(data, list):
        raise BadInput(p, shape)
    for number, e in enumerate(data, 1):  # never the values in a message: they are the secrets
        if not isinstance(e, dict) or not isinstance(e.get("id"), str | int) or not isinstance(e.get("value"), str):
            raise BadInput(p, f"{shape} (entry {number} is not one)")
    return [Seed(str(e["id"]), e["value"]) for e in data]


def as_seeds(seeded: Sequence[str | Mapping[str, str] | Seed]) -> list[Seed]:
    """Accept Seed objects, {"id","value"} mappings, or bare values (ids seed-1, seed-2, ...)."""
    out = []
    for i, s in enumerate(seeded, 1):
        if isinstance(s, Seed):
            out.append(s)
        elif isinstance(s, Mapping):
            out.append(Seed(str(s["id"]), str(s["value"])))
        else:
            out.append(Seed(f"seed-{i}", str(s)))
    return out


def main_landmark(tree: LexborHTMLParser) -> LexborNode:
    """The first main landmark (``[role=main]`` or ``<main>``) a capture's inline styles show, else <body>.

    Hidden: ``display:none`` or the ``hidden`` attribute on it or an ancestor, or ``visibility:hidden``
    (or ``collapse``) where the nearest element declaring a visibility, itself first, declares it (a
    child may show itself again inside a hidden wrapper). Spec §6.2: the seeds are *visible*."""
    hidden_at: dict[int, bool] = {}  # mem_id → display hides it or an ancestor below <html> (memo)
    declared_at: dict[int, bool] = {}  # mem_id → the visibility it computes to hides it (memo)
    for node in tree.css('[role="main"], main'):
        if _nearest_says(node, hidden_at, _display_says) or _nearest_says(node, declared_at, _visibility_says):
            continue
        return node
    body = tree.body or tree.css_first("body")
    if body is None:  # a <frameset> page loses its only content with the frameset
        body = tree.create_node("body")
        tree.root.insert_child(body)
        body = tree.css_first("body")
        if body is None:
            raise BadInput(None, "page has no body")
    return body


def _style_of(node: LexborNode) -> str:
    return (node.attributes.get("style") or "").replace(" ", "").lower()


def _nearest_says(node: LexborNode, memo: dict[int, bool], says: Callable[[LexborNode], bool | None]) -> bool:
    """What the nearest element at or above ``node`` (below <html>) for which ``says`` is not None says,
    else False; ``memo`` keeps each element's answer, so nested landmarks cost one step each (read
    again per level, 8,000 nested ones cost seconds)."""
    path: list[int] = []
    p: LexborNode | None = node
    answer = False
    while p is not None and p.tag != "html":
        known = memo.get(p.mem_id)
        if known is not None:
            answer = known
            break
        path.append(p.mem_id)
        said = says(p)
        if said is not None:
            answer = said
            break
        p = p.parent
    for mid in path:
        memo[mid] = answer
    return answer


def _display_says(node: LexborNode) -> bool | None:
    """Hidden by its display (``display:none`` or the ``hidden`` attribute), else nothing said."""
    return True if "display:none" in _style_of(node) or "hidden" in node.attributes else None


def _visibility_says(node: LexborNode) -> bool | None:
    """Its declared visibility hides it (the last declaration wins), or nothing said without one."""
    style = _style_of(node)
    at = style.rfind("visibility:")
    if at < 0:
        return None
    return style[at + len("visibility:"):].split(";", 1)[0].replace("!important", "") in ("hidden", "collapse")


def existing_seeds(tree: LexborHTMLParser, seeds: list[Seed], counts: dict[str, int]) -> set[int]:
    """Seed elements already on the page (a second pass): keep exact ones, remove forgeries.

    Returns the mem_ids of the kept elements' subtrees, which the value rules must not touch.
    """
    wanted = {s.id: s.value for s in seeds}
    kept: set[int] = set()
    for node in tree.css(f"[{ATTR}]"):
        sid = node.attributes.get(ATTR)
        if sid in wanted and _only_text(node) == wanted[sid] and _as_injected(node):
            if "style" in node.attributes:
                del node.attrs["style"]  # written as injected: a kept seed's style shelters nothing
            kept.update(n.mem_id for n in node.traverse(include_text=True))
        else:
            node.decompose()  # an element claiming to be a seed must not shelter real text
            counts["forged-seed"] = counts.get("forged-seed", 0) + 1
    return kept


def _as_injected(node: LexborNode) -> bool:
    """The seed's own attribute and, at most, the style a capture writes on every element (a served fixture
    captured again), which the kept seed loses: any other attribute is no seed of ours."""
    return set(node.attributes) - {ATTR} <= {"style"}


def _only_text(node: LexborNode) -> str | None:
    """The element's text when one text node is all it holds (as injected), else None: an element inside a
    kept seed would be sheltered from every value rule."""
    child = node.child
    if child is None or child.next is not None or not child.is_text_node:
        return None
    return child.text_content


def inject_seeds(tree: LexborHTMLParser, seeds: list[Seed], counts: dict[str, int]) -> None:
    """Add each seed not yet present as a visible <div data-attest-seeded=id>value</div>."""
    # With a <body>, ``main_landmark`` only reads the tree (it creates one on a page without), so when
    # no seed is to be added (none given, or every one present: a second pass) the two full-tree
    # queries it and ``present`` cost are skipped (8 ms over both passes of a 4 MB capture).
    if not seeds and tree.body is not None:
        return
    present = {n.attributes.get(ATTR) for n in tree.css(f"[{ATTR}]")}
    if tree.body is not None and all(seed.id in present for seed in seeds):
        return
    landmark = main_landmark(tree)
    for seed in seeds:
        if seed.id in present:
            continue
        div = tree.create_node("div")
        div.attrs[ATTR] = seed.id
        landmark.insert_child(div)
        div_in_tree = landmark.last_child
        div_in_tree.insert_child(seed.value)
        counts["seeded"] = counts.get("seeded", 0) + 1
