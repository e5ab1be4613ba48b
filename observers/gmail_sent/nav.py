"""Whether the nav or the document title refuses a Sent route (spec §8.1: "the nav's selected folder and the
document title can only refuse it (DEGRADED view.mismatch)").

Only the navigation region that lists the Sent folder speaks, and in it only an entry marked selected or current
that names another mail folder by a Gmail link. An app rail (Mail, Chat, Meet) drawn beside or inside it names no
folder: its Mail entry links to the inbox whatever folder is shown.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from attest_kit.contract import PassContext
from observers.gmail_sent.selectors import SELECTORS
from observers.shared.dom import ShownRule, ancestors, attr, matches_itself, text_of
from observers.shared.route import parse_route

S = SELECTORS.selectors
A = SELECTORS.attributes
L = SELECTORS.labels
_TITLE_COUNT = re.compile(SELECTORS.patterns.title_count)


def view_mismatch(ctx: PassContext, shown: ShownRule) -> bool:
    """Whether the nav's selected folder or the document title names another folder than Sent."""
    # Only the nav that lists the Sent folder speaks for the view (an app rail's "Mail" does not): an entry speaks
    # for the nearest region around it that holds the Sent link, unless a nearer region on the way is an app rail
    # (it holds a Chat or Meet link): an outer <nav> around the rail and the folders holds Sent only through the
    # folders' (a review of 1.2.64), and a folder list split into sibling regions still speaks (of 1.2.65)
    regions = ctx.tree.css(S.nav)
    region_ids = {region.mem_id for region in regions}
    folder_navs = [region for region in regions if region.css_first(S.nav_sent_link) is not None]
    folder_ids = {region.mem_id for region in folder_navs}
    entries = {n.mem_id: n for region in folder_navs for n in region.css(S.nav_selected)}
    for nav in shown.filter(entries.values()):
        # the nearest region holding the Sent link speaks, unless a nearer region on the way is an app rail
        speaks = False
        for up in ancestors(nav):
            if up.mem_id not in region_ids:
                continue
            if up.mem_id in folder_ids:
                speaks = True
                break
            if up.css_first(S.nav_app_link) is not None:
                break
        if not speaks:
            continue
        folder = _selected_folder(nav, shown)
        if folder is not None and folder.split("/")[0] in L.other_folder_routes:
            return True
    title = ctx.tree.css_first(S.document_title)
    if title is not None:
        first = _TITLE_COUNT.sub("", text_of(title).split(L.title_separator)[0]).strip().lower()
        if first in {f.lower() for f in L.title_other_folders}:
            return True
    return False


def _selected_folder(entry: LexborNode, shown: ShownRule) -> str | None:
    """The Gmail folder a selected nav entry names: its own link's; for a tree item or option with no link of its
    own, or any element marked the current page (a ``<li aria-current="page">`` around its link), the one folder its
    shown links name (a parent whose links name several names none). A link elsewhere than Gmail (a date cell, a
    help page) names no folder, nor does an app rail's tab, or an entry holding or inside one (1.2.58, 1.2.69 to
    1.2.71: ``<a role="tab" aria-selected="true" href="#inbox">Mail</a>``)."""
    if attr(entry, A.href):
        links = [entry] if matches_itself(entry, S.nav_link) and not _an_app_rails_tab(entry) else []
    elif matches_itself(entry, S.nav_entry) or (
            matches_itself(entry, S.nav_current) and not _an_app_rails_tab(entry)):
        links = shown.filter(entry.css(S.nav_link))
    else:
        links = []
    folders = {parse_route(attr(link, A.href) or "").folder for link in links}
    folders.discard(None)
    return folders.pop() if len(folders) == 1 else None


def _an_app_rails_tab(entry: LexborNode) -> bool:
    """Whether ``entry`` is, sits in or holds an app rail's tab: the nearest tab at or above it (else the first
    inside it), in a tab list (else beside tabs, under one parent) that holds a Chat or Meet link
    (``selectors.navAppLink``), and, when it is above the entry, holding no other Gmail link. A folder list drawn as
    tabs holds no app link, and a folders' list inside the rail's Mail tab holds several links: their selected entry
    names its folder (a review of 1.2.69, where every tab was the rail's).

    Tabs and tab lists are found among the page's own, never by ``css_matches``: lexbor's is true when anything
    inside the node matches, so every ancestor up to <body> "was" a tab on a page holding one anywhere (1.2.59)."""
    above = list(ancestors(entry))
    root = above[-1] if above else entry
    tabs = {tab.mem_id for tab in root.css(S.nav_tab)}
    lists = {tab_list.mem_id for tab_list in root.css(S.nav_tab_list)}
    tab = next((node for node in (entry, *above) if node.mem_id in tabs), None)
    if tab is not None and tab is not entry and len(tab.css(S.nav_link)) > 1:
        return False  # a tab holding the folders' list (a flyout under the rail's Mail) is no Mail entry
    if tab is None:
        tab = entry.css_first(S.nav_tab)
        if tab is None:
            return False
    holder = next((up for up in ancestors(tab) if up.mem_id in lists), tab.parent)
    return holder is not None and holder.css_first(S.nav_app_link) is not None
