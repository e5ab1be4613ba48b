"""The no-leak rule: the ledger's database never holds a seeded secret.

Every labelled fixture page is read by every observer its label names (real passes, the real
Calendar step plugged in as the CLI does), each pass's messages are fed to a ledger kept in a
file, and then the file's bytes and its SQL dump are searched for every seeded secret.
"""

from __future__ import annotations

from datetime import timedelta

from attest_kit.instants import load_zone, parse_instant
from attest_kit.ledger import Ledger
from attest_kit.ledger.commands import load_calendar_step
from attest_kit.ledger.plug import pass_messages
from labels.check import load_seeded
from labels.corpus import all_folders, folder_pages
from observers.run import PassInput, run_pass


def _passes():
    for folder in all_folders():
        for page in folder_pages(folder):
            for expected in page.entry.expected:
                yield page, expected.observer


def test_the_ledger_database_never_holds_a_seeded_secret(tmp_path):
    passes = sorted(_passes(), key=lambda p: (p[0].entry.page.read_at, p[0].name, p[1]))
    assert passes, "the shipped fixtures hold labelled pages"
    latest = max(parse_instant(p.entry.page.read_at) for p, _ in passes)
    db = tmp_path / "ledger.sqlite"
    step = load_calendar_step()
    assert step is not None, "the Calendar step must plug in"
    ledger = Ledger(str(db), clock=lambda: latest + timedelta(seconds=1), step=step)
    acks = []
    for page, observer in passes:
        facts = page.entry.page
        zone = load_zone(facts.time_zone)
        result = run_pass(page.path.read_text(encoding="utf-8"), observer,
                          PassInput(facts.url, facts.time_zone, parse_instant(facts.read_at),
                                    dict(facts.pass_state or {})))
        for message in pass_messages(result, zone):
            acks.append(ledger.handle(message, tab=page.name).ok)
            if not acks[-1]:
                break  # a refused post ends the pass
    counts = ledger.counts()
    dump = "\n".join(ledger.conn.iterdump())
    ledger.close()
    assert counts["rows"] > 0 and counts["windows"] > 0 and counts["snapshot_records"] > 0  # something to search
    raw = db.read_bytes()
    secrets = load_seeded()
    assert secrets
    for secret_id, value in secrets.items():
        assert value not in dump, secret_id
        assert value.encode() not in raw, secret_id
