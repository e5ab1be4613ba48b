"""``attest-kit ledger``: replay a scenario through the reference ledger, print the bus schema.

The CLI registers the ``ledger`` group. This is CLI code, so it may reach the
Calendar observer's step (observers/gcal_event/step.py) that the kernel itself never imports.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from attest_kit.bus import render_schema
from attest_kit.errors import AttestKitError
from attest_kit.fsio import atomic_write_bytes
from attest_kit.ledger.calendar import CalendarStep
from attest_kit.ledger.plug import adapt_observer_step
from attest_kit.ledger.replay import read_scenario, replay, summary_lines
from attest_kit.paths import repo_root

def load_calendar_step() -> CalendarStep:
    """The Calendar observer's step, adapted to the ledger's protocol.

    Imported here, in CLI code, so the ledger library itself never imports an observer.
    """
    from observers.gcal_event.step import step

    return adapt_observer_step(step)


@click.group("ledger")
def ledger() -> None:
    """The reference ledger: feed bus messages, show what it stored and answered."""


@ledger.command("replay")
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--db", "db", default=":memory:", show_default=True,
              help="SQLite file to keep the ledger in (it holds no page content; never commit one).")
def replay_command(scenario: Path, db: str) -> None:
    """Replay SCENARIO.jsonl: one {"at", "tab", "message"} a line; print each ack and a summary."""
    try:
        steps = read_scenario(scenario)
        results, led = replay(steps, db, load_calendar_step())
    except AttestKitError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    try:
        for item in results:
            click.echo(f"line {item['line']}: {item['type']} tab={item['tab'] or '-'} "
                       f"-> {json.dumps(item['ack'], separators=(',', ':'))}")
        for line in summary_lines(led):
            click.echo(line)
    finally:
        led.close()


@ledger.command("schema")
@click.option("--write", is_flag=True, help="Write docs/bus-schema.json instead of printing it.")
def schema_command(write: bool) -> None:
    """Print (or write) the JSON Schema of the bus messages and acks."""
    text = render_schema()
    if write:
        target = repo_root() / "docs" / "bus-schema.json"
        atomic_write_bytes(target, text.encode("utf-8"))
        target.chmod(0o644)  # the temporary file was created private
        click.echo(f"wrote {target}")
    else:
        click.echo(text, nl=False)
