"""``refake`` and ``refake-people``: re-fake committed captures with the capture key (spec §6.3).

Both read every file and compute every output before writing anything; a bad input (a page that
is not a fixture, a labels file that does not parse, no key, a record inside a git work tree) is one
``error:`` line and exit 3 with nothing written. Progress is one line per file on stderr (its path
and counts by kind), then a summary; nothing read from a page is ever printed.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import click

from attest_kit.errors import AttestKitError
from sanitize.commands import warn_loose_key
from sanitize.key import load_key
from sanitize.refake_common import LabelsFile, refuse_record_in_work_tree, write_all


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {n}" for k, n in counts.items()) or "nothing found"


def _fail(e: AttestKitError) -> None:
    click.echo(f"error: {e}", err=True)
    sys.exit(e.exit_code)


_record = click.option("--record", "record", required=True, type=click.Path(path_type=Path),
                       help="Write what replaced what here (JSON, a new file); refused inside a git work tree.")
_key = click.option("--key-file", type=click.Path(path_type=Path), help="Capture key file (else $ATTEST_CAPTURE_KEY).")


@click.command("refake")
@click.argument("pages", nargs=-1, required=True, metavar="FIXTURE.html...", type=click.Path(path_type=Path))
@_record
@click.option("--also", multiple=True, metavar="VALUE",
              help="A value no rule finds, replaced wherever it stands alone (repeatable).")
@_key
def refake_cmd(pages, record, also, key_file) -> None:
    """Re-fake every value-rule value of committed pages with the capture key, and their labels."""
    from sanitize.refake import refake

    try:
        refuse_record_in_work_tree(record)
        key = load_key(key_file)
        warn_loose_key(key_file)
        # Progress as each page is re-faked (its path and counts); the writes come after, all or none.
        result = refake(list(pages), key, also,
                        progress=lambda r: click.echo(f"{r.path}: {_counts(r.counts)}", err=True))
        changed = {r.path: r.html for r in result.pages if r.pairs}
        wrote = _write_changes(record, result.record, changed, result.labels)
    except AttestKitError as e:
        _fail(e)
        return
    labels = sum(len(lf.touched) for lf in result.labels)
    click.echo(f"refake: {len(result.pages)} page(s), {len(changed)} changed, {labels} label {'entry' if labels == 1 else 'entries'} updated; "
               f"{_counts(result.totals)}", err=True)
    _say_record(record, wrote)


@click.command("refake-people")
@click.argument("files", nargs=-1, required=True, metavar="FILE...", type=click.Path(path_type=Path))
@_record
@click.option("--scan", multiple=True, type=click.Path(path_type=Path),
              help="A page or labels.json whose shapes join the mapping but which is not written (repeatable).")
@_key
def refake_people_cmd(files, record, scan, key_file) -> None:
    """Re-fake the faker's own emails, names and phrases in pages and labels.json files, one mapping."""
    from sanitize.refake_people import refake_people

    try:
        refuse_record_in_work_tree(record)
        key = load_key(key_file)
        warn_loose_key(key_file)
        result = refake_people(list(files), key, list(scan))
        wrote = _write_changes(record, result.record, result.pages, result.labels)
    except AttestKitError as e:
        _fail(e)
        return
    for path, counts in result.per_file.items():
        click.echo(f"{path}: {_counts(counts)}", err=True)
    click.echo(f"refake-people: {len(result.per_file)} file(s), {len(result.pages)} page(s) and "
               f"{sum(1 for lf in result.labels if lf.touched)} labels file(s) changed; {_counts(result.totals)}", err=True)
    _say_record(record, wrote)


def _write_changes(record: Path, record_value: object, pages: Mapping[Path, str], labels: Sequence[LabelsFile]) -> bool:
    """``write_all``, when the run changed a page or a labels file; False (nothing written) when it changed none:
    a record maps old fakes to new ones, and an empty one only made the next run with its path refused."""
    if not pages and not any(lf.touched for lf in labels):
        return False
    write_all(record, record_value, pages, labels)
    return True


def _say_record(record: Path, wrote: bool) -> None:
    click.echo(f"record: {record}" if wrote else "no record written: nothing changed", err=True)


commands: list[click.Command] = [refake_cmd, refake_people_cmd]
