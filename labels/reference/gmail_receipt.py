"""Reference reader for gmail.receipt labels: are a label's facts on its page? (spec §6.6)

Independent of the observer on purpose: html5lib, not selectolax, and none of the observer's
code (its time reader, amount parser and selectors included). It does not decide what is a
receipt; it checks that what a label claims can be found on the page it names, so a label that
drifts from its page fails:

* every observation's occurredAt is the minute of some element's absolute ``title`` time;
* its amount is written on the page in one of the usual forms (``1,234.56``, ``1.234,56``);
* its merchant is on the page (text or an attribute: a fixed platform name is in the sender);
* its subjectHint starts the conversation's subject heading (``h2[data-legacy-thread-id]``);
* there are at least as many message keys (``data-legacy-message-id``) as observations;
* one message (a ``role=listitem`` holding a message key) shows both its date and its amount, when the
  page draws messages: each fact somewhere on the page is not enough (a label pairing one receipt's
  date with another's amount);
* every window is a single instant at some observation's minute;
* IDLE no_conversation only where the address names no thread;
* page.account is the banner's account address.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import html5lib

from labels.reference.html5 import banner_addresses

OBSERVER = "gmail.receipt"
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}
# Gmail's English absolute time: "Mon, Nov 30, 2026, 9:41 AM" (or "... 2026 at 9:41 AM").
_TITLE = re.compile(
    r"([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4}),? (?:at )?(\d{1,2}):(\d{2})[\s\u202f\u00a0]*([AaPp])[Mm]")
_SPACE = re.compile(r"[\s\u00a0\u202f]+")


def _minute_of(title: str, zone: ZoneInfo) -> str | None:
    match = _TITLE.search(title)
    if match is None or match.group(1).lower() not in _MONTHS:
        return None
    month, day, year = _MONTHS[match.group(1).lower()], int(match.group(2)), int(match.group(3))
    hour = int(match.group(4)) % 12 + (12 if match.group(6).lower() == "p" else 0)
    local = datetime(year, month, day, hour, int(match.group(5)), tzinfo=zone)
    return local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:00.000Z")


def _amount_forms(cents: int, currency: str) -> list[str]:
    digits = 0 if currency in {"JPY", "KRW", "VND", "CLP", "ISK"} else 2
    units, minor = divmod(cents, 10**digits) if digits else (cents, 0)
    grouped = f"{units:,}"
    if not digits:
        return [grouped, str(units), grouped.replace(",", ".")]
    frac = f"{minor:0{digits}d}"
    return [f"{grouped}.{frac}", f"{units}.{frac}", f"{grouped.replace(',', '.')},{frac}", f"{units},{frac}",
            f"{grouped.replace(',', ' ')},{frac}"]


def _page_facts(html: str, zone: ZoneInfo) -> dict[str, Any]:
    root = html5lib.parse(html, treebuilder="etree", namespaceHTMLElements=False)
    minutes: set[str] = set()
    keys: set[str] = set()
    headings: list[str] = []
    attrs: list[str] = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        title = el.get("title")
        if title:
            minute = _minute_of(title, zone)
            if minute:
                minutes.add(minute)
        if el.get("data-legacy-message-id"):
            keys.add(el.get("data-legacy-message-id"))
        if el.tag == "h2" and el.get("data-legacy-thread-id") is not None:
            headings.append(_SPACE.sub(" ", "".join(el.itertext())).strip())
        attrs.extend(v for k, v in el.attrib.items() if k in ("email", "name"))
    text = _SPACE.sub(" ", "".join(root.itertext()))
    messages = [_message_facts(el, zone) for el in root.iter()
                if el.get("role") == "listitem" and any(d.get("data-legacy-message-id") for d in el.iter())]
    return {"minutes": minutes, "keys": keys, "headings": headings, "text": text, "attrs": " ".join(attrs),
            "messages": messages}


def _message_facts(item: Any, zone: ZoneInfo) -> tuple[set[str], str]:
    """One message's date minutes and text."""
    minutes = {m for el in item.iter() if (t := el.get("title")) and (m := _minute_of(t, zone))}
    return minutes, _SPACE.sub(" ", "".join(item.itertext()))


def check_page(html: str, entry: Any) -> list[str]:
    """Problems with ``entry``'s gmail.receipt expectation on ``html``; [] when every fact is there."""
    expected = entry.expected_for(OBSERVER)
    if expected is None or entry.page is None:
        return []
    problems: list[str] = []
    if entry.page.account is not None:
        root = html5lib.parse(html, treebuilder="etree", namespaceHTMLElements=False)
        if entry.page.account.lower() not in banner_addresses(root):
            problems.append("page.account is not the address in the banner's account label")
    fragment = urlsplit(entry.page.url).fragment
    if expected.health.status == "IDLE":
        parts = [p for p in fragment.split("?", 1)[0].split("/") if p]
        rest = parts[2:] if parts[:1] in (["label"], ["search"]) else parts[1:]
        # A part like "p2" is a list page, never a thread.
        if any(not re.fullmatch(r"p\d+", part) for part in rest):
            problems.append("IDLE no_conversation, but the address names a thread")
        return problems
    facts = _page_facts(html, ZoneInfo(entry.page.time_zone))
    observations = expected.observations
    if len(observations) > len(facts["keys"]):
        problems.append(f"{len(observations)} observations but {len(facts['keys'])} message keys on the page")
    minutes: set[str] = set()
    for index, obs in enumerate(observations, 1):
        f = obs.fields
        where = f"observation {index} ({obs.type})"
        at = f.get("occurredAt")
        minutes.add(at)
        if at not in facts["minutes"]:
            problems.append(f"{where}: occurredAt {at} is no message date title on the page")
        cents, currency = f.get("amountCents"), f.get("currency")
        if not isinstance(cents, int) or not isinstance(currency, str) or not re.fullmatch(r"[A-Z]{3}", currency):
            problems.append(f"{where}: amountCents/currency malformed")
        elif not any(form in facts["text"] for form in _amount_forms(cents, currency)):
            problems.append(f"{where}: amount {cents} {currency} is not written on the page")
        merchant = f.get("merchant") or ""
        haystack = (facts["text"] + " " + facts["attrs"]).casefold()
        if not merchant or merchant.casefold() not in haystack:
            problems.append(f"{where}: merchant is not on the page")
        hint = f.get("subjectHint")
        if hint is not None and not any(h.startswith(hint) for h in facts["headings"]):
            problems.append(f"{where}: subjectHint does not start a subject heading")
        if (facts["messages"] and at in facts["minutes"] and isinstance(cents, int) and isinstance(currency, str)
                and not any(at in m and any(form in t for form in _amount_forms(cents, currency))
                            for m, t in facts["messages"])):
            problems.append(f"{where}: its date and its amount are on the page, but in no one message")
    for window in expected.windows:
        if window.window_start != window.window_end:
            problems.append("a gmail.receipt window is wider than one instant")
        elif window.window_start not in minutes:
            problems.append(f"window {window.window_start} is no observation's minute")
    return problems
