"""The ``capture`` command: a thin wrapper over ``sanitize.capture.capture``."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from attest_kit.errors import AttestKitError
from sanitize.capture import DEFAULT_CDP, CaptureRequest, capture
from sanitize.commands import warn_loose_key, warn_unmatched, warn_unread_names


@click.command("capture")
@click.option("--vendor", required=True, help="Fixture vendor folder: gmail, gcal, ...")
@click.option("--name", required=True, help="File name of the fixture (without .html).")
@click.option("--cdp", default=DEFAULT_CDP, show_default=True,
              help="DevTools address (loopback only) of a Chrome started with --remote-debugging-port.")
@click.option("--tab", help="Read the tab at this host (or a subdomain), with a port or a path prefix when given "
              "(127.0.0.1:4173, mail.google.com/mail/u/1); default: the vendor's host "
              "(mail.google.com for gmail, calendar.google.com for gcal), for any other vendor the first web page.")
@click.option("--names", multiple=True, help="Real names on the page, comma-separated; every part is replaced.")
@click.option("--redact-selector", multiple=True, help="CSS for cells whose text is replaced (repeatable).")
@click.option("--keep-selector", multiple=True, help="CSS for areas that names and redactions leave alone.")
@click.option("--key-file", type=click.Path(path_type=Path), help="Capture key file, outside the repository "
              "(else $ATTEST_CAPTURE_KEY). There is no default key.")
@click.option("--date", help="Fixture folder date YYYY-MM-DD (default: today, UTC).")
@click.option("--force", is_flag=True, help="Replace an existing fixture; a label written by hand is kept (check "
              "it again).")
def capture_cmd(vendor: str, name: str, cdp: str, tab: str | None, names: tuple[str, ...],
                redact_selector: tuple[str, ...], keep_selector: tuple[str, ...], key_file: Path | None,
                date: str | None, force: bool) -> None:
    """Capture one tab of a running Chrome, sanitise it, and write fixtures/pages/<vendor>/<date>/<name>.html.

    Attaches without Playwright's default overrides, reads one DOM snapshot, and disconnects without
    closing anything. Prints the tab's address (no query or fragment), the output path and counts,
    never page content.
    """
    try:
        report = capture(CaptureRequest(vendor, name, cdp, tab, names, redact_selector, keep_selector,
                                        str(key_file) if key_file else None, date, force))
    except AttestKitError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    click.echo(f"page: {report.address}")
    click.echo(f"wrote: {report.output}")
    click.echo(f"read at: {report.read_at}")
    if report.kept_label:
        click.echo("kept its label (page facts, expectations, notes), written for the page this one replaced: run "
                   "attest-kit check to see whether it still agrees with the new page")
        if report.kept_read_at is not None and report.kept_read_at != report.read_at:
            click.echo(f"warning: the label's page facts are the earlier capture's (read at {report.kept_read_at}); "
                       f"move them with attest-kit label --force ... --read-at {report.read_at}", err=True)
    for kind, n in sorted(report.counts.items()):
        click.echo(f"  {kind}: {n}")
    warn_unmatched(report.unmatched)
    warn_unread_names(report.unread_names)
    warn_loose_key(key_file)


commands: list[click.Command] = [capture_cmd]
