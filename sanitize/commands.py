"""Thin Click commands over the sanitiser library: sanitize, at-check, serve.

Each calls one library function and turns BadInput into one line on stderr and its exit code.
Nothing here prints page content: only the page address without query or fragment, paths and counts.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlsplit

import click

from attest_kit.errors import EXIT_FOUND, AttestKitError, BadInput, BadOption
from attest_kit.fsio import atomic_write_text, read_html
from sanitize.atcheck import check_files
from sanitize.faker import Faker
from sanitize.key import load_key, loose_key_file
from sanitize.people import unread_given_names
from sanitize.pipeline import check_selector_options, sanitize_page
from sanitize.seeds import load_seeds
from sanitize.server import DEFAULT_PORT, serve
from sanitize.snapshot import carries_stylesheets
from sanitize.urls import public_address


def _fail(e: AttestKitError) -> None:
    click.echo(f"error: {e}", err=True)
    sys.exit(e.exit_code)


#: A page this long takes seconds to sanitise (a 4 MB capture about a quarter of one; a page naming thousands
#: of people far longer): ``sanitize`` says it has started.
BIG_PAGE_CHARACTERS = 1_000_000


def _page_url(ctx: click.Context, param: click.Parameter, value: str) -> str:
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise click.BadParameter("must be an http(s) address with a host")
    return value


@click.command("sanitize")
@click.argument("in_path", metavar="IN.html", type=click.Path(path_type=Path))
@click.option("-o", "--output", "out_path", required=True, type=click.Path(path_type=Path),
              help="Where to write the sanitised page (written atomically; nothing is written on bad input).")
@click.option("--page-url", "--url", "page_url", required=True, callback=_page_url,
              help="The page's live address (its host is 'own'); --url as label and observe name it.")
@click.option("--names", multiple=True, help="Real names on the page, comma-separated; every part is replaced.")
@click.option("--redact-selector", multiple=True, help="CSS for cells whose text is replaced (repeatable).")
@click.option("--keep-selector", multiple=True, help="CSS for areas names and redactions leave alone.")
@click.option("--key-file", type=click.Path(path_type=Path), help="Capture key file (else $ATTEST_CAPTURE_KEY).")
@click.option("--seeded", "seeded_path", type=click.Path(path_type=Path), default=None,
              help="Seeded-secrets file to inject (default: fixtures/secrets/seeded.json).")
@click.option("--force", is_flag=True, help="Replace OUT.html if it exists (else refused, exit 3, as capture refuses).")
def sanitize_cmd(in_path, out_path, page_url, names, redact_selector, keep_selector, key_file, seeded_path,
                 force) -> None:
    """Sanitise a saved page IN.html into OUT.html (spec §6.2)."""
    try:
        if Path(out_path).resolve() == Path(in_path).resolve():
            raise BadOption("-o names the input page: write the sanitised page elsewhere (keep the original for a re-run)")
        check_selector_options(redact_selector, keep_selector)  # a usage error, before the key or page is read
        if Path(out_path).is_dir():
            raise BadInput(out_path, "is a folder, not a file: -o names the page to write")
        if not force and Path(out_path).exists():  # a committed fixture as like as not: said before any work
            raise BadInput(out_path, "exists already (use --force to replace it)")
        key = load_key(key_file)
        warn_loose_key(key_file)
        html = read_html(in_path)
        seeds = load_seeds(seeded_path)
        if len(html) > BIG_PAGE_CHARACTERS:  # seconds, or more for a page of thousands of people: say so first
            click.echo(f"sanitising {Path(in_path).name} ({len(html) / 1e6:.1f} M characters): two passes and the "
                       "parser check ...", err=True)
        result = sanitize_page(
            html, page_url=page_url, key=key, names=names, redact_selectors=redact_selector,
            keep_selectors=keep_selector, seeded=[{"id": s.id, "value": s.value} for s in seeds],
        )
        atomic_write_text(out_path, result.html)
    except AttestKitError as e:
        _fail(e)
        return
    click.echo(f"page: {public_address(page_url)}")
    click.echo(f"wrote: {out_path}")
    for kind, n in result.counts.items():
        click.echo(f"  {kind}: {n}")
    warn_unmatched(result.unmatched)
    warn_unread_names(unread_given_names(names, html, Faker(key)))
    if carries_stylesheets(html):
        click.echo("warning: the page carries its own stylesheets (saved from the browser, not captured): the "
                   "observers read the computed styles attest-kit capture writes inline, so it is no fixture", err=True)


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def warn_unread_names(unread: list[tuple[int, str]]) -> None:
    """Name each --names name that replaced nothing, by its place only (a name is a real person's)."""
    for place, why in unread:
        click.echo(f"warning: --names: the {_ordinal(place)} name " + (
            "is shorter than two characters, so it is not read" if why == "short"
            else "is written nowhere on the page (check its spelling)"), err=True)


def warn_loose_key(key_file: Path | None) -> None:
    """Say so when the key file can be read by others (``key.loose_key_file``)."""
    warning = loose_key_file(key_file)
    if warning is not None:
        click.echo(f"warning: {warning}", err=True)


def warn_unmatched(unmatched: list[str]) -> None:
    """Name each selector that matched nothing: the text it was meant to protect is still there."""
    for option in unmatched:
        click.echo(f"warning: {option} matched no element; read the output for what it was meant to cover", err=True)


@click.command("at-check")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
def at_check_cmd(files) -> None:
    """The @ check: every @domain must be a fake domain or a registry sender (spec §6.3)."""
    try:
        found = check_files(files)
    except AttestKitError as e:
        _fail(e)
        return
    for path, domains in found.items():
        click.echo(f"{path}: {', '.join(sorted(domains))}")
    if found:
        sys.exit(EXIT_FOUND)
    click.echo(f"ok: {len(files)} file(s), every @ is a fake or a registry sender")


@click.command("serve")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535),
              help="Port on 127.0.0.1 (0 picks a free one).")
@click.option("--root", default=None, type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="Folder to serve (default: fixtures/pages).")
def serve_cmd(port, root) -> None:
    """Serve fixtures on 127.0.0.1 with a CSP that blocks every outside request (spec §6.3).

    Logs one line for every request it cannot answer and every request the browser blocked
    (from the page's CSP violation reports): paths and origins only, never a query.
    """
    try:
        serve(root, port)
    except AttestKitError as e:
        _fail(e)


commands: list[click.Command] = [sanitize_cmd, at_check_cmd, serve_cmd]
