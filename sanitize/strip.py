"""Structural rules (spec §6.2): remove what runs or fetches, every external resource, session secrets.

Each rule is a small function that changes the tree and counts what it removed by kind. Elements
are removed whole; attributes are decided one by one in ``attribute_action``.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from sanitize.css import SVG_URL_ATTRS
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
#: SVG animation elements can rewrite an href or a handler after sanitising.
ANIMATION = frozenset({"set", "animate", "animatetransform", "animatemotion", "animatecolor"})
SECRET_META = re.compile(r"csrf|xsrf|token|nonce|session", re.I)


def _bump(counts: dict[str, int], kind: str, n: int = 1) -> None:
    counts[kind] = counts.get(kind, 0) + n


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
    # a processing instruction (<?import …?>) is a node of its own kind in lexbor: it goes too
    comments = [
        n for n in root.traverse(include_text=True) if n.is_comment_node or (not n.is_element_node and not n.is_text_node)
    ]
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
        attrs = meta.attributes
        if "http-equiv" in attrs:
            meta.decompose()
            _bump(counts, "meta-http-equiv")
        elif SECRET_META.search(attrs.get("name") or attrs.get("property") or ""):
            meta.decompose()
            _bump(counts, "session-secret")


def remove_href_animations(tree: LexborHTMLParser, counts: dict[str, int]) -> None:
    """<set>/<animate> that target an href or an event handler would undo the link rules."""
    for node in tree.css(",".join(sorted(ANIMATION))):
        target = (node.attributes.get("attributeName") or node.attributes.get("attributename") or "").lower()
        if "href" in target or target.startswith("on") or target in ("style", "src"):
            node.decompose()
            _bump(counts, "script")


def attribute_action(tag: str, name: str, value: str | None, attrs: dict[str, str | None]) -> str:
    """What to do with one attribute: 'drop:<kind>', 'link', 'css', 'keep' or 'text' (value rules)."""
    lname = name.lower()
    if lname.startswith("on"):
        return "drop:event-handler"
    if lname.startswith("xmlns"):
        return "keep"  # a namespace is left alone (spec §6.2)
    if lname in FETCH_ATTRS:
        return "drop:external-resource"
    if lname == "nonce":
        return "drop:session-secret"
    if lname == "value" and tag == "input" and (attrs.get("type") or "").lower() in ("hidden", "password"):
        return "drop:session-secret"
    if lname in ("href", "xlink:href") and tag not in ("a", "area"):
        # an SVG <use>/<feImage>/<pattern> href fetches unless it points inside the page
        return "keep" if (value or "").strip().startswith("#") and "(" not in (value or "") else "drop:external-resource"
    if lname in LINK_ATTRS:
        return "link"
    if lname == "style" or lname in SVG_URL_ATTRS:
        return "css"
    if value and ":" in value and is_dangerous(value):
        return "drop:script-url"
    if lname == "class":
        return "keep"
    return "text"
