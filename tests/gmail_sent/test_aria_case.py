"""ARIA's true and false in any case (an end-of-day review of 2026-12-01: Calendar read them so since 1.3.46,
the Gmail readers in lower case only; gmail.sent 1.2.35, gmail.receipt 1.2.52). Never trimmed."""

from __future__ import annotations

from datetime import datetime, timezone

from observers.run import PassInput, run_pass
from tests.fixture_builders.gmail_sent_pages import DANIEL, NNBSP, ListPage, Row, build, t

NOW = datetime(2026, 11, 30, 22, 30, tzinfo=timezone.utc)


def _window_start(html: str) -> list[str]:
    posted = run_pass(html, "gmail.sent", PassInput("https://mail.google.com/mail/u/0/#sent", "America/Los_Angeles",
                                                    NOW)).posted()
    return [w["windowStart"] for w in posted["windows"]]


def test_an_older_control_disabled_in_capitals_ends_the_list() -> None:
    rows = [Row([DANIEL], "Subject", t("Mon, Nov 30, 2026", "1:00 PM"), f"1:00{NNBSP}PM", "a" * 16)]
    html = build(ListPage("synthetic-test.html", "#sent", rows, older_disabled=True))
    assert _window_start(html) == ["2026-11-30T21:00:00.000Z"]  # the list ends: the oldest row's own minute
    assert html.count('aria-disabled="true"') >= 2
    assert _window_start(html.replace('aria-disabled="true"', 'aria-disabled="TRUE"')) == ["2026-11-30T21:00:00.000Z"]
    assert _window_start(html.replace('aria-disabled="true"', 'aria-disabled=" true"')) == []  # Newer enabled
