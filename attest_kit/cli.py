"""The attest-kit command line. Each command calls one library function and turns its errors
into one clear line and the exit code of DESIGN.md (0 ok, 1 found something, 2 usage, 3 bad input).
"""

from __future__ import annotations

import functools
import json
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from attest_kit.errors import EXIT_FOUND, AttestKitError, BadOption
from attest_kit.pipes import protect_streams

F = TypeVar("F", bound=Callable[..., Any])


def clean_errors(fn: F) -> F:
    """Turn the toolkit's errors into one line on stderr and their exit code, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except AttestKitError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(exc.exit_code)

    return wrapper  # type: ignore[return-value]


def _warn_unmeasured(run: Any) -> None:
    """What is labelled but not measured (the gate fails on it): the bench names it every run."""
    for line in run.unmeasured:
        click.echo(f"warning: {line}", err=True)


@contextmanager
def _progress(quiet: bool) -> Iterator[Callable[[str], None] | None]:
    """Progress lines on stderr (none with -q). In a log each stands on a line of its own (a slow page is named
    before it is read); on a terminal one line is rewritten in place and cleared at the end: a bench printed 122
    lines in a second there (a usability review, session 39)."""
    if quiet:
        yield None
        return
    if not sys.stderr.isatty():
        yield lambda what: click.echo(f"  {what}", err=True)
        return
    shown = False

    def show(what: str) -> None:
        nonlocal shown
        shown = True
        width = shutil.get_terminal_size().columns - 3  # a line that wraps is not rewritten in place
        click.echo(f"\r\x1b[K  {what[:width]}", err=True, nl=False)

    try:
        yield show
    finally:
        if shown:
            click.echo("\r\x1b[K", err=True, nl=False)


class _ReaderSafeGroup(click.Group):
    """The command group, its streams made safe for a reader that stops reading before click reads its
    arguments, so that --help, --version and a usage error finish with their own exit codes too."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        protect_streams()
        return super().main(*args, **kwargs)


@click.group(cls=_ReaderSafeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="attest-kit")
def main() -> None:
    """attest-kit: capture, sanitise, label and measure Attest's observers.

    The fixture loop: capture a page from your own Chrome (or sanitise a saved one), label what each
    observer must read from it, check the labels against the page, run the bench that regenerates
    RESULTS.md, and gate CI on the figures.

    Exit codes, every command: 0 success; 1 a check or the gate found something; 2 a usage error (a
    missing option, a bad option value); 3 bad input (one line naming the file and the fault; nothing
    is written).
    """


@main.command()
@click.option("--markdown", is_flag=True, help="Print docs/reasons.md instead of the plain list.")
def reasons(markdown: bool) -> None:
    """Print the closed catalogue of health reason codes (spec §4)."""
    from attest_kit.reasons import CATALOGUE, render_markdown

    if markdown:
        click.echo(render_markdown(), nl=False)
        return
    width = max(len(r.code) for r in CATALOGUE)
    for r in CATALOGUE:
        click.echo(f"{r.code:<{width}}  {r.status:<8}  {', '.join(r.observers)}")
        click.echo(f"{'':<{width}}  {r.meaning} {r.action}")


def _known_observer(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A usage error (exit 2), not bad input: the option names something that does not exist."""
    from observers.registry import observer_ids

    try:
        known = observer_ids()
    except AttestKitError as exc:  # a broken selectors.json: bad input, before the command's own handler runs
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    if value not in known:
        raise click.BadParameter(f"unknown observer {value!r} (known: {', '.join(known)})")
    return value


def _checked_by(parse: Callable[[str], object]) -> Callable[[click.Context, click.Parameter, str | None], str | None]:
    """An option callback: a value ``parse`` refuses (ValueError) is Click's usage error, exit 2."""

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is not None:
            try:
                parse(value)
            except ValueError as exc:
                raise click.BadParameter(str(exc)) from None
        return value

    return check


def _zone(value: str) -> object:
    from attest_kit.instants import load_zone

    return load_zone(value)


def _instant(value: str) -> object:
    from attest_kit.instants import parse_instant

    return parse_instant(value)


@main.command()
@click.argument("page", type=click.Path(path_type=Path))
@click.option("--observer", "observer_id", required=True, callback=_known_observer,
              help="Observer id: gmail.sent, gmail.receipt or gcal.event.")
@click.option("--url", help="The page's address (default: the label's page.url).")
@click.option("--tz", "time_zone", callback=_checked_by(_zone), help="The browser's IANA zone (default: the label's page.timeZone).")
@click.option("--now", "--read-at", "now", callback=_checked_by(_instant),
              help="The pass instant, ISO 8601 (default: the label's page.readAt; --read-at as label names it).")
@click.option("--state", "state_file", type=click.Path(path_type=Path),
              help="JSON file of state kept from earlier passes (Calendar's busy clock); default: the label's passState.")
@click.option("--json", "as_json", is_flag=True, help="Print the pass as one JSON object (the observe contract).")
@click.option("--messages", "as_messages", is_flag=True,
              help="Print the pass's bus messages, one JSON line each, as `ledger replay` reads them.")
@click.option("--tab", help="With --messages: the tab the messages come from (default: tab-1).")
@clean_errors
def observe(page: Path, observer_id: str, url: str | None, time_zone: str | None, now: str | None,
            state_file: Path | None, as_json: bool, as_messages: bool, tab: str | None) -> None:
    """Run one observer over one page and print what its pass posts.

    On a labelled page, given none of --url, --tz, --now and --state (the label's own facts), it ends
    with `label: agrees` or each way the pass disagrees with the label's expectation, as the bench
    scores it, and then exits 1 (0 when it agrees or the label holds no expectation for the observer).

    With --messages the pass is printed as the bus messages it posts, in order, each a scenario line
    for `attest-kit ledger replay` (arriving at the pass instant): `observe ... --messages > s.jsonl`.
    """
    from labels.observe import observe_messages, observe_page

    if as_json and as_messages:
        raise BadOption("give --json or --messages, not both")
    if tab is not None and (not as_messages or not tab.strip()):
        raise BadOption("--tab names the tab of --messages: give both, and a tab name that is not empty")
    if as_messages:
        for line in observe_messages(page, observer_id, tab=tab or "tab-1", url=url, time_zone=time_zone, now=now,
                                     state_file=state_file):
            click.echo(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
        return
    posted = observe_page(page, observer_id, url=url, time_zone=time_zone, now=now, state_file=state_file)
    if as_json:
        click.echo(json.dumps(posted, indent=2, ensure_ascii=False))
        return
    health = posted["health"]
    click.echo(f"{posted['observer']} {posted['version']} at {posted['instant']}: {health['status']}"
               + (f" ({', '.join(health['reasons'])})" if health["reasons"] else ""))
    click.echo(f"account: {'hash ' + posted['accountHash'][:12] if posted['accountHash'] else 'none posted'}")
    click.echo(f"observations: {len(posted['observations'])}")
    for obs in posted["observations"]:
        fields = ", ".join(f"{k}={v}" for k, v in sorted(obs["fields"].items()))
        click.echo(f"  {obs['type']:<18} {fields}")
    click.echo(f"windows: {len(posted['windows'])}")
    for w in posted["windows"]:
        click.echo(f"  {w['windowStart']} → {w['windowEnd']}")
    if posted.get("snapshot") is not None:
        click.echo(f"snapshot: {len(posted['snapshot'].get('events', []))} events")
    if not (url or time_zone or now or state_file):  # the label's own facts: its expectation applies
        if not _compare_with_label(page, observer_id, posted):
            sys.exit(EXIT_FOUND)  # a check that found something (README's exit codes): a script can test a page


def _compare_with_label(page: Path, observer_id: str, posted: dict[str, Any]) -> bool:
    """The bench's verdict on this one page, when its label holds an expectation for the observer; False when
    the pass disagrees with it."""
    from bench.metrics import score_page
    from labels.corpus import entry_for

    entry = entry_for(page)
    expected = entry.expected_for(observer_id) if entry is not None else None
    if expected is None:
        if entry is not None:  # labelled, with nothing yet to say about this observer: say so, not nothing
            click.echo(f"label: no {observer_id} expectation yet (write one, then `attest-kit check`)")
        return True
    score = score_page(page.name, expected, posted)
    for line in score.disagreements:
        click.echo(f"label: disagrees: {line}")
    if not score.disagreements:
        click.echo("label: agrees" + (" (its step is the bench's to score)" if expected.step is not None else ""))
    return not score.disagreements


@main.command()
@click.argument("labels_files", nargs=-1, type=click.Path(path_type=Path))
@click.option("-q", "--quiet", is_flag=True, help="No progress lines.")
@click.option("--update-versions", is_flag=True, help="First move the labels' selectorsVersion (and a Calendar "
              "snapshot's) to the versions their folder is checked against, in the folders checked: after a version "
              "bump (README loop, step 4).")
@clean_errors
def check(labels_files: tuple[Path, ...], quiet: bool, update_versions: bool) -> None:
    """Check every label against its page (all folders, or the labels.json files named).

    Each entry must parse, name a page of its folder (and each page have an entry with expectations),
    give a read time on the folder's date or a day either side (UTC),
    hold an expectation for exactly the observers whose selectors.json lists its folder, list exactly
    the seeds the page shows in its main landmark, name the selectors versions its folder
    was checked against, and agree with the html5lib reference reader of
    each observer that has one (what such a reader reads: recipients, subjects, times, amounts). It
    cannot tell a missing row or a wrong window from a right one: the bench and the gate measure those.

    A labelled folder no observer's selectors.json lists passes with a warning: the bench leaves it out
    and the gate fails on it.

    Exit 1 when a label disagrees, 3 when a labels.json does not parse or breaks its schema (every row a
    fixed point of project(), every window in order, the address a route only): nothing written.
    """
    from labels.check import check_all, check_folder, folder_of_labels_file
    from labels.corpus import folder_gaps

    # the named files are checked for what they are before anything is written
    folders = [folder_of_labels_file(f) for f in labels_files] if labels_files else None
    if update_versions:
        from labels.versions import update_versions as restamp

        for path in restamp(folders=folders):
            click.echo(f"updated: {path}", err=True)
    if folders is not None:
        with _progress(quiet) as progress:
            problems = [p for folder in folders for p in check_folder(folder, progress=progress)]
    else:
        with _progress(quiet) as progress:
            problems = check_all(progress=progress)
    for problem in problems:
        click.echo(str(problem))
    for line in folder_gaps(folders=folders):
        click.echo(f"warning: {line} (the gate fails on it)", err=True)
    if any(p.what.startswith("selectorsVersion is") for p in problems):
        click.echo("hint: after a version bump, attest-kit check --update-versions moves the labels to it", err=True)
    if problems:
        click.echo(f"{len(problems)} label problem(s)", err=True)
        sys.exit(EXIT_FOUND)
    click.echo("every label passed its checks (the bench measures the rest)")


@main.command()
@click.option("--check", "check_only", is_flag=True, help="Write nothing; exit 1 if RESULTS.md or bench/results is stale.")
@click.option("-q", "--quiet", is_flag=True, help="No progress lines.")
@clean_errors
def bench(check_only: bool, quiet: bool) -> None:
    """Run every observer over every labelled page; write bench/results/*.json and RESULTS.md."""
    from bench.report import stale_outputs, write_outputs
    from bench.runner import run_bench

    with _progress(quiet) as progress:
        run = run_bench(progress=progress)
    _warn_unmeasured(run)
    for o in run.observers:
        s = o.summary()
        click.echo(f"{o.observer} {o.version}: {s['pages']} pages, health {s['healthAgreement']:.4f}, rows P "
                   f"{s['rowsPrecision']:.4f} R {s['rowsRecall']:.4f}, windows exact {s['windowsExact']:.4f}, "
                   f"unsound {s['unsoundWindows']}")
        for score in o.scores:
            if score.disagreements:
                click.echo(f"  disagrees: {score.page}: {'; '.join(score.disagreements)}")
    if check_only:
        stale = stale_outputs(run)
        for path in stale:
            click.echo(f"stale: {path}", err=True)
        if stale:
            click.echo("run `attest-kit bench` and commit the regenerated files", err=True)
            sys.exit(EXIT_FOUND)
        click.echo("RESULTS.md and bench/results are up to date")
        return
    outputs, timings = write_outputs(run)
    for path, changed in outputs:
        click.echo(f"wrote {path}" if changed else f"up to date: {path}")
    click.echo(f"wrote {timings} (timings, not committed)")


@main.command()
@click.option("--update", is_flag=True, help="Re-pin: raise the floors to the current figures and pin the corpus "
              "fingerprint; refused, writing nothing, when a floor would go down or when the gate fails the "
              "corpus whatever the floors (a page it does not measure, an unsound window).")
@click.option("-q", "--quiet", is_flag=True, help="No progress lines.")
@clean_errors
def gate(update: bool, quiet: bool) -> None:
    """The CI accuracy gate: bench figures against bench/floors.json (floors only move up).

    Fails on a figure below its floor, any unsound window, a corpus changed since the floors were
    pinned, and any page the bench does not measure (a folder no selectors.json lists, a page with no
    label entry, a page with no expectation for an observer that lists its folder, an expectation for
    one that does not).
    """
    from attest_kit.paths import gate_file
    from bench.gate import judge, load_floors, unpinnable, update_floors
    from bench.runner import run_bench

    load_floors(gate_file())  # a bad floors file is bad input before a bench run, not after
    with _progress(quiet) as progress:
        run = run_bench(progress=progress)  # what it leaves unmeasured is a gate failure (judge)
    if update and unpinnable(run):
        click.echo("not pinned: the gate fails this corpus whatever the floors (FAIL lines below); "
                   "nothing was written", err=True)
    elif update:
        lowered = update_floors(gate_file(), run)
        for line in lowered:
            click.echo(f"would lower: {line}", err=True)
        if lowered:
            # Floors only move up (DESIGN): there is no option to lower one. Fix the regression.
            click.echo("refused: a floor would go down and floors only move up; fix the regression "
                       "(nothing was written)", err=True)
            sys.exit(EXIT_FOUND)
        click.echo(f"pinned floors at corpus {run.fingerprint[:12]} in {gate_file()}")
    verdict = judge(run, load_floors(gate_file()))
    if not update and not gate_file().exists():  # judge reads a missing file as no floors; the first line says why
        verdict.failures.insert(0, f"{gate_file()}: no such file: pin the floors with `attest-kit gate --update`")
    for line in verdict.failures:
        click.echo(f"FAIL {line}", err=True)
    for line in verdict.notes:
        click.echo(f"  disagrees: {line}", err=True)
    if not verdict.passed:
        sys.exit(EXIT_FOUND)
    click.echo(f"gate passed: {len(run.observers)} observer(s) at or above their floors, 0 unsound windows")


@main.command()
@click.argument("page", type=click.Path(path_type=Path))
@click.option("--view", required=True, help="What the page shows, e.g. sent-list, conversation, week.")
@click.option("--url", required=True, help="The live address the page was read at; the label keeps its "
              "route (path and fragment), never its query.")
@click.option("--tz", "time_zone", required=True, help="The browser's IANA zone at capture.")
@click.option("--read-at", required=True, help="The read instant, ISO 8601 with zone.")
@click.option("--account", help="The signed-in address the page shows (omit when it shows none).")
@click.option("--force", is_flag=True, help="Replace existing page facts.")
@clean_errors
def label(page: Path, view: str, url: str, time_zone: str, read_at: str, account: str | None, force: bool) -> None:
    """Scaffold a page's label: its page facts and selectorsVersion; expectations are yours to write."""
    from labels.scaffold import scaffold_label

    done = scaffold_label(page, view=view, url=url, time_zone=time_zone, read_at=read_at, account=account, force=force)
    click.echo(f"wrote the page facts of {page.name} in {done.labels_file}; "
               + ("kept its expectations: run attest-kit check" if done.has_expectations
                  else "now write its expected health, observations and windows"))
    if done.url_cut:
        click.echo("note: the label holds --url's route only (scheme, host, path and fragment): its query was "
                   "dropped", err=True)
    if done.account_cleared:
        click.echo("warning: the label's page facts named an account and now name none (no --account): give "
                   "--account when the page's banner shows one", err=True)
    if done.read_off_day:
        click.echo(f"warning: --read-at is not on {done.folder}'s date or a day either side (UTC), the day its page "
                   "was read: check will refuse the label until one of them is right", err=True)
    if done.selectors_version is None:
        click.echo(f"warning: no observer's selectors.json lists {done.folder} under \"fixtures\" yet, so selectorsVersion"
                   " is null: list it there, then run label again with --force (it keeps the expectations)", err=True)


def _register_library_commands() -> None:
    """Commands that live with their library: the sanitiser, capture and the ledger."""
    from attest_kit.ledger.commands import ledger
    from sanitize.capture_cli import commands as capture_commands
    from sanitize.commands import commands as sanitize_commands
    from sanitize.refake_cli import commands as refake_commands

    for command in [*sanitize_commands, *capture_commands, *refake_commands, ledger]:
        main.add_command(command)


_register_library_commands()


if __name__ == "__main__":  # pragma: no cover
    main()
