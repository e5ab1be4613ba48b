"""Structural rules (spec §6.2): remove what runs or fetches, every external resource, session secrets.

Each rule is a small function that changes the tree and counts what it removed by kind. Elements
are removed whole; attributes are decided one by one in ``attribute_action``.
"""

from __future__ import annotations

import functools
import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from sanitize.css import SVG_URL_ATTRS
from sanitize.model import elements_named, nearest_above
from sanitize.urls import LINK_ATTRS, is_dangerous

#: Elements that run code, load a document or a resource, or are a picture (a picture can be personal).
REMOVED_ELEMENTS: dict[str, str] = {
    "script": "script", "noscript": "script", "template": "template",
    "iframe": "frame", "frame": "frame", "frameset": "frame", "portal": "frame", "fencedframe": "frame",
    "object": "object", "embed": "object", "applet": "object", "param": "object",
    "base": "base", "link": "link",
    "img": "image", "picture": "image", "image": "image",
    # raw-text elements whose content a serialiser writes literally: a parser-differential risk
    "noembed": "raw-text", "noframes": "raw-text", "xmp": "raw-text", "plaintext": "raw-text",
}
#: Attributes that make the browser fetch something.
FETCH_ATTRS = frozenset(
    {
        "src", "srcset", "poster", "background", "ping", "attributionsrc", "lowsrc", "dynsrc", "longdesc",
        "codebase", "archive", "classid", "manifest", "profile", "icon", "srcdoc", "xml:base", "imagesrcset",
        "data-src", "data-srcset",
    }
)
#: SVG animation elements set attributes after sanitising: an href, a handler, or a presentation
#: attribute Chrome fetches from (mask, clip-path, marker-*: ``to="url(//host/x)"``). Every one goes.
ANIMATION = frozenset({"set", "animate", "animatetransform", "animatemotion", "animatecolor"})
SECRET_META = re.compile(r"csrf|xsrf|token|nonce|session", re.I)
#: Every element a structural rule reads: ``strip_page`` finds them in one walk.
STRUCTURAL_TAGS = frozenset({*REMOVED_ELEMENTS, "meta", *ANIMATION})


def _bump(counts: dict[str, int], kind: str, n: int = 1) -> None:
    counts[kind] = counts.get(kind, 0) + n


#: Where a tokenizer makes a comment (or a processing instruction, read as one): "<!" that is not
#: a doctype, "<?", and "</" before anything but a letter. A source without any has no comment node.
_COMMENT_SOURCE = re.compile(r"<!(?![Dd][Oo][Cc][Tt][Yy][Pp][Ee])|<\?|</[^A-Za-z]")


def strip_page(tree: LexborHTMLParser, html: str | None, counts: dict[str, int], payment_words: re.Pattern[str]) -> set[int]:
    """Every structural rule below, their elements found in one walk (``model.elements_named``), in
    their order; returns the payment image rows (read before images go). ``html``, when given, is
    the source ``tree`` was parsed from: without a comment-making sequence in it the comment walk
    is skipped. Each node's fate is decided before any node is freed (a removed element's
    descendants are never read after it)."""
    found = elements_named(tree.root, STRUCTURAL_TAGS)
    rows: set[int] = set()
    row_of: dict[int, int | None] = {}  # node mem_id → its nearest <tr> ancestor's (memo: one walk per node)
    for node in found:
        if node.tag == "img" and payment_words.search(node.attributes.get("alt") or ""):
            row = nearest_above(node, "tr", row_of)
            if row is not None:
                rows.add(row)
    if html is None or _COMMENT_SOURCE.search(html):
        remove_comments(tree.root, counts)
    # the rules ran one after the other: a meta or animation inside a removed element went with it
    # (uncounted); every node's fate is decided before any node is freed
    gone: set[int] = set()  # removed elements
    dropped_ids: set[int] = set()
    # mem_id → (an ancestor-or-self is gone, an ancestor-or-self is dropped); found is in document order,
    # so every found ancestor of a node is decided before the node is read
    state: dict[int, tuple[bool, bool]] = {}
    outermost: list[LexborNode] = []
    for node in found:
        tag = node.tag or ""
        anc_gone, anc_dropped = _ancestor_state(node, state, gone, dropped_ids)
        if tag in REMOVED_ELEMENTS:
            _bump(counts, REMOVED_ELEMENTS[tag])
            gone.add(node.mem_id)
        elif anc_gone:
            continue
        elif tag == "meta":
            kind = _meta_kind(node.attributes)
            if kind is None:
                continue
            _bump(counts, kind)
        elif tag.lower() in ANIMATION:
            _bump(counts, "animation")
        else:
            continue
        dropped_ids.add(node.mem_id)
        if not anc_dropped:
            outermost.append(node)
    for node in outermost:
        node.decompose()
    return rows


def _ancestor_state(node: LexborNode, state: dict[int, tuple[bool, bool]], gone: set[int],
                    dropped_ids: set[int]) -> tuple[bool, bool]:
    """(some proper ancestor of ``node`` is in ``gone``, some proper ancestor is in ``dropped_ids``),
    each ancestor's answer memoised so a chain of ancestors is walked once for the whole page."""
    path: list[LexborNode] = []
    p = node.parent
    known: tuple[bool, bool] = (False, False)
    while p is not None:
        hit = state.get(p.mem_id)
        if hit is not None:
            known = hit
            break
        path.append(p)
        p = p.parent
    g, d = known
    for q in reversed(path):  # outermost first
        mid = q.mem_id
        g = g or mid in gone
        d = d or mid in dropped_ids
        state[mid] = (g, d)
    return g, d


def payment_image_rows(tree: LexborHTMLParser, payment_words: re.Pattern[str]) -> set[int]:
    """mem_ids of table rows whose image alt names a payment method (read before images go)."""
    rows: set[int] = set()
    for img in tree.css("img[alt]"):
        if payment_words.search(img.attributes.get("alt") or ""):
            p = img.parent
            while p is not None and p.tag != "tr":
                p = p.parent
            if p is not None:
                rows.add(p.mem_id)
    return rows


def remove_comments(root: LexborNode, counts: dict[str, int]) -> None:
    """Every comment in the page, the ones beside ``root`` (the <html> element) included: a comment before
    <html> or after </html> is a child of the document, and Chrome's "Save page as" writes the page's
    whole address in one (``<!-- saved from url=(…)… -->``)."""
    # a processing instruction (<?import …?>) is a node of its own kind in lexbor: it goes too
    comments = [
        n for n in root.traverse(include_text=True) if n.is_comment_node or (not n.is_element_node and not n.is_text_node)
    ]
    document = root.parent
    sibling = document.child if document is not None else None
    while sibling is not None:
        if sibling.mem_id != root.mem_id and not sibling.is_element_node and not sibling.is_text_node \
                and sibling.tag != "-doctype":
            comments.append(sibling)
        sibling = sibling.next
    for c in comments:
        c.decompose()
    if comments:
        _bump(counts, "comment", len(comments))


def remove_active_elements(tree: LexborHTMLParser, counts: dict[str, int]) -> None:
    """Scripts, noscript, frames, object/embed, template, base, every link and every image."""
    # one query for all of them; an element inside another removed one goes with its ancestor
    found = tree.css(",".join(REMOVED_ELEMENTS))
    removed: set[int] = set()
    for node in found:
        p = node.parent
        inside = False
        while p is not None:
            if p.mem_id in removed:
                inside = True
                break
            p = p.parent
        removed.add(node.mem_id)
        _bump(counts, REMOVED_ELEMENTS.get(node.tag or "", "script"))
        if not inside:
            node.decompose()


def remove_secret_meta(tree: LexborHTMLParser, counts: dict[str, int]) -> None:
    """meta http-equiv (refresh, set-cookie, CSP) and csrf-token-style metas."""
    for meta in tree.css("meta"):
        kind = _meta_kind(meta.attributes)
        if kind is not None:
            meta.decompose()
            _bump(counts, kind)


def _meta_kind(attrs: dict[str, str | None]) -> str | None:
    if "http-equiv" in attrs:
        return "meta-http-equiv"
    if SECRET_META.search(attrs.get("name") or attrs.get("property") or attrs.get("itemprop") or ""):
        return "session-secret"
    return None


def remove_animations(tree: LexborHTMLParser, counts: dict[str, int]) -> None:
    """Every <set>/<animate>/<animateTransform>/<animateMotion>: each sets an attribute after the
    rules ran (an href, a handler, or a url() Chrome fetches), so none is kept."""
    for node in tree.css(",".join(sorted(ANIMATION))):
        node.decompose()
        _bump(counts, "animation")


@functools.lru_cache(maxsize=4096)
def name_action(tag: str, name: str) -> str | None:
    """``attribute_action``'s answer when the tag and name decide it alone; None when the value (or
    the input's type) matters too. Memoised: a page has few distinct (tag, name) pairs."""
    lname = name.lower()
    if lname.startswith("on"):
        return "drop:event-handler"
    if "@" in lname:
        return "drop:at-sign-name"  # an address written as an attribute's name: no rule reads a name
    if lname.startswith("xmlns"):
        return "keep"  # a namespace is left alone (spec §6.2)
    if lname in FETCH_ATTRS:
        return "drop:external-resource"
    if lname == "nonce":
        return "drop:session-secret"
    if (lname == "value" and tag == "input") or (lname in ("href", "xlink:href") and tag not in ("a", "area")):
        return None
    if lname in LINK_ATTRS:
        return "link"
    if lname == "style" or lname in SVG_URL_ATTRS:
        return "css"
    return None  # 'keep' (class) or 'text', unless the value is a javascript: URL


#: Attributes a browser only shows or speaks, never navigates to or runs: "Data: 3 files" there is text
#: (the value rules read it), not a data: URL. One written as a URL ("javascript:alert(1)") still goes.
_PROSE_ATTRIBUTES = frozenset({"title", "alt", "placeholder", "label"})


#: A word, a colon and white space: a text's heading ("Data: 3 files"), where a URL's scheme runs on.
_PROSE_COLON = re.compile(r"^\s*[A-Za-z]+:\s")


def _is_prose(lname: str) -> bool:
    return lname in _PROSE_ATTRIBUTES or lname.startswith("aria-")


def attribute_action(tag: str, name: str, value: str | None, attrs: dict[str, str | None]) -> str:
    """What to do with one attribute: 'drop:<kind>', 'link', 'css', 'keep' or 'text' (value rules)."""
    action = name_action(tag, name)
    if action is not None:
        return action
    lname = name.lower()
    if lname == "value" and tag == "input" and (
        (attrs.get("type") or "").lower() in ("hidden", "password") or "hidden" in attrs
    ):
        return "drop:session-secret"  # a hidden input, by its type or by the hidden attribute
    if lname in ("href", "xlink:href") and tag not in ("a", "area"):
        # an SVG <use>/<feImage>/<pattern> href fetches unless it points inside the page
        return "keep" if (value or "").strip().startswith("#") and "(" not in (value or "") else "drop:external-resource"
    if value and ":" in value and is_dangerous(value) and not (_is_prose(lname) and _PROSE_COLON.search(value)):
        return "drop:script-url"
    if lname == "class":
        return "keep"
    return "text"
