"""Reference reader for gmail.sent labels: every labelled fact must be on the page."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from labels.reference.html5 import account_problems, parse, text, walk


def _clock_forms(local: datetime) -> list[str]:
    h12 = local.hour % 12 or 12
    return [f"{h12}:{local.minute:02d}", f"{local.hour:02d}:{local.minute:02d}", f"{local.hour}:{local.minute:02d}"]


def check_page(html: str, entry: Any) -> list[str]:
    """Problems where the label says something the page does not show."""
    problems: list[str] = []
    root = parse(html)
    facts = entry.page
    if facts is None:
        return ["no page facts"]
    problems += account_problems(root, facts.account)
    expected = entry.expected_for("gmail.sent")
    if expected is None:
        return problems
    emails = {el.get("email") for el in walk(root) if el.get("email")}
    titles = [el.get("title") for el in walk(root) if el.get("title")]
    subjects = [text(el) for el in walk(root) if el.get("data-legacy-last-message-id")]
    zone = ZoneInfo(facts.time_zone)
    for n, obs in enumerate(expected.observations):
        fields = obs.fields
        if fields.get("counterparty") not in emails:
            problems.append(f"observation {n}: counterparty is no recipient's email on the page")
        when = fields.get("occurredAt")
        if when:
            local = datetime.fromisoformat(when.replace("Z", "+00:00")).astimezone(zone)
            if not any(str(local.year) in t and str(local.day) in t and any(c in t for c in _clock_forms(local))
                       for t in titles):
                problems.append(f"observation {n}: occurredAt is no row's shown time")
        hint = fields.get("subjectHint")
        if hint is not None and not any(s.startswith(hint) for s in subjects):
            problems.append(f"observation {n}: subjectHint starts no subject on the page")
    for n, window in enumerate(expected.windows):
        if window.window_end != facts.read_at:
            problems.append(f"window {n}: a Sent window ends at the pass instant")
        if not window.window_start.endswith(":00.000Z"):
            problems.append(f"window {n}: a Sent window starts on a whole minute")
    return problems
