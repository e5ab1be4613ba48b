"""The Gmail page shell the synthetic fixtures share: banner, nav, views, seeded secrets.

Everything here imitates REAL-PAGES.md: random short class names (different per page), inline
computed display/visibility as a capture leaves them, hidden earlier views, the account button
whose label holds a line break before the bracketed address. The values are invented.
"""

from __future__ import annotations

import html
import json
import random
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SEEDED = json.loads((REPO / "fixtures/secrets/seeded.json").read_text(encoding="utf-8"))
SEEDED_IDS = [s["id"] for s in SEEDED]


class Classes:
    """Random-looking class names, reproducible per page, never read by an observer."""

    def __init__(self, seed: str) -> None:
        self._rng = random.Random(seed)

    def __call__(self, n: int = 2) -> str:
        letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        return " ".join(self._rng.choice(letters) + self._rng.choice(letters + "0123456789") for _ in range(n))


def esc(text: str) -> str:
    return html.escape(text, quote=True)


def shown(tag_style: str = "block") -> str:
    return f'style="display:{tag_style};visibility:visible"'


HIDDEN = 'style="display:none;visibility:visible"'


def seeded_block(c: Classes) -> str:
    """The three seeded secrets, visible, inside the main landmark, as a capture writes them: the seed's
    attribute and the computed style (the sanitiser injects them so; any other attribute reads as forged).
    A class name is still drawn for each, so the names after them stay the pages' own."""
    return "".join(
        f'<div data-attest-seeded="{esc(s["id"])}" {shown()}>{esc(s["value"])}</div>' for s in SEEDED if c()
    )


def account_button(c: Classes, label: str | None) -> str:
    if label is None:
        return f'<a class="{c()}" role="button" aria-label="Google apps" href="https://www.google.com/intl/en/about/products" {shown("inline-block")}></a>'
    return (
        f'<a class="{c()}" role="button" aria-label="Google apps" href="https://www.google.com/intl/en/about/products" {shown("inline-block")}></a>'
        f'<a class="{c()}" role="button" tabindex="0" aria-label="{esc(label)}" href="https://accounts.google.com/SignOutOptions" {shown("inline-block")}>'
        f'<span class="{c(1)}" {shown("inline")}>P</span></a>'
    )


def nav(c: Classes, selected: str, lang: str = "en") -> str:
    names = {"en": [("inbox", "Inbox"), ("starred", "Starred"), ("sent", "Sent"), ("drafts", "Drafts")],
             "de": [("inbox", "Posteingang"), ("starred", "Markiert"), ("sent", "Gesendet"), ("drafts", "Entwürfe")],
             "ja": [("inbox", "受信トレイ"), ("starred", "スター付き"), ("sent", "送信済み"), ("drafts", "下書き")],
             "ko": [("inbox", "받은편지함"), ("starred", "별표편지함"), ("sent", "보낸편지함"), ("drafts", "임시보관함")]}[lang]
    links = []
    for route, text in names:
        current = ' aria-current="page"' if route == selected else ""
        links.append(f'<div class="{c()}" {shown()}><a class="{c(1)}" href="https://mail.google.com/mail/u/0/#{route}"{current} {shown("inline")}>{esc(text)}</a></div>')
    return f'<div class="{c()}" role="navigation" {shown()}>{"".join(links)}</div>'


def page(c: Classes, *, title: str, account_label: str | None, nav_selected: str, views: str, lang: str = "en") -> str:
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{esc(title)}</title></head>'
        f'<body class="{c()}" {shown()}>'
        f'<header class="{c()}" role="banner" {shown("flex")}><div class="{c()}" {shown("flex")}>{account_button(c, account_label)}</div></header>'
        f'<div class="{c()}" {shown("flex")}>{nav(c, nav_selected, lang)}<div class="{c()}" {shown()}>{views}</div></div>'
        "</body></html>\n"
    )
