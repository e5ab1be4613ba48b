"""The closed catalogue of health reason codes (spec §4).

Every reason an observer, the pass planner or the ledger can report is listed here once, with
the status it gives, what it means and what to do. A code not in this catalogue is a bug: the
pass planner and the bus models refuse it. ``attest-kit reasons`` prints it and
``docs/reasons.md`` is generated from it (a test keeps the doc fresh).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["IDLE", "DEGRADED"]

ANY = "any"


@dataclass(frozen=True)
class Reason:
    code: str
    status: Status
    observers: tuple[str, ...]
    meaning: str
    action: str


def _r(code: str, status: Status, observers: str, meaning: str, action: str) -> Reason:
    return Reason(code, status, tuple(observers.split()), meaning, action)


_SETTING = "Change the setting or the view, not the code."
_REPAIR = "The page changed: repair the selector (spec §7) against a fresh capture."
_BUG = "A bug: the observer answered outside its contract. Fix the observer."

CATALOGUE: tuple[Reason, ...] = (
    # --- the user is elsewhere: IDLE -------------------------------------------------------
    _r("not_sent_folder", "IDLE", "gmail.sent",
       "The Gmail route names another folder or view than Sent.", "Nothing is broken; no coverage."),
    _r("not_sent_list", "IDLE", "gmail.sent",
       "The route is in Sent but shows an open conversation, not the list.", "Nothing is broken; no coverage."),
    _r("no_conversation", "IDLE", "gmail.receipt",
       "No conversation is open, so there is no message to read.", "Nothing is broken; no coverage."),
    # --- pass reasons (plan.py) -----------------------------------------------------------
    _r("clock.invalid", "DEGRADED", ANY,
       "The clock gave no ISO instant; never posted, only in the pass's own result.", _BUG),
    _r("health.threw", "DEGRADED", ANY, "health() raised.", _BUG),
    _r("extract.threw", "DEGRADED", ANY, "extract() raised.", _BUG),
    _r("extract.invalid", "DEGRADED", ANY, "extract() returned something that is not a list of raw rows.", _BUG),
    _r("extract.foreign_type", "DEGRADED", ANY,
       "A raw row's type is not one the policy reads from this observer's source.", _BUG),
    _r("redact.invalid_field", "DEGRADED", ANY,
       "project() refused a row: an allowlisted value fails its schema (not one line, too long, wrong type).",
       "Read the row again: a name or subject holding a control character is not a name."),
    _r("redact.missing_field", "DEGRADED", ANY,
       "project() refused a row without a field its type requires (gmail.receipt on purpose: a platform receipt "
       "whose page names no merchant, e.g. a +tag sender with no display name, is read and not posted).",
       "A gmail.receipt merchant the page does not name: nothing to fix in the code; any other: a bug, fix the "
       "observer."),
    _r("redact.missing_occurred_at", "DEGRADED", ANY, "project() refused a row with no occurredAt.", _REPAIR),
    _r("window.unknown", "DEGRADED", ANY,
       "The observer should know what span it saw and cannot (visibleWindows() answered null).", _REPAIR),
    _r("window.threw", "DEGRADED", ANY, "visibleWindows() raised.", _BUG),
    _r("window.invalid", "DEGRADED", ANY, "A window is not two instants in order.", _BUG),
    _r("window.future", "DEGRADED", ANY,
       "A window reaches past the pass instant (a clock running behind the vendor's).",
       "Usually clears at the next pass; check the device clock."),
    _r("account.invalid", "DEGRADED", ANY,
       "The account reader found a value that is not one email address (on Calendar also a switcher label "
       "ending with no address).", _REPAIR),
    _r("account.threw", "DEGRADED", ANY, "account() raised.", _BUG),
    _r("snapshot.threw", "DEGRADED", ANY, "snapshot() or allCalendars() raised.", _BUG),
    _r("message.invalid", "DEGRADED", ANY,
       "A message of the pass failed its bus schema; only this health report is posted.", _BUG),
    # --- landmarks ------------------------------------------------------------------------
    _r("selector.missing.main", "DEGRADED", ANY, "No shown role=main region.", _REPAIR),
    _r("selector.ambiguous.main", "DEGRADED", ANY, "Two or more shown role=main regions.", _REPAIR),
    _r("selector.missing.grid", "DEGRADED", "gmail.sent gcal.event", "No shown grid in the main region.", _REPAIR),
    _r("selector.ambiguous.grid", "DEGRADED", "gmail.sent", "Two or more shown grids in the main region.", _REPAIR),
    _r("selector.missing.account", "DEGRADED", "gmail.sent",
       "No account address in the banner, which the Sent observer requires.", _REPAIR),
    _r("selector.ambiguous.account", "DEGRADED", ANY,
       "The banner names two different account addresses.", _REPAIR),
    # --- gmail.sent -----------------------------------------------------------------------
    _r("view.mismatch", "DEGRADED", "gmail.sent",
       "The route says Sent but the nav's selected folder or the title says another view.",
       "Usually one pass while Gmail redraws; persistent means the nav or title markup changed."),
    _r("selector.missing.subject", "DEGRADED", "gmail.sent", "A row has no subject anchor (ids).", _REPAIR),
    _r("selector.ambiguous.subject", "DEGRADED", "gmail.sent",
       "A row draws two subject anchors with different last message ids.", _REPAIR),
    _r("selector.missing.row", "DEGRADED", "gmail.sent",
       "A send (a last message id in legacy form) is drawn in the grid and no shown row holds it.", _REPAIR),
    _r("selector.missing.recipients", "DEGRADED", "gmail.sent",
       "A row shows no recipient before its subject, or draws its recipients short (\"..\", \"+3\").",
       "Drawn short: Gmail's own elision, nothing to repair. No recipient: " + _REPAIR),
    _r("selector.missing.time", "DEGRADED", "gmail.sent gmail.receipt",
       "A row or message has no time element.", _REPAIR),
    _r("time.unreadable", "DEGRADED", "gmail.sent gmail.receipt",
       "A time element's title, aria-label and text all fail to read as one minute.", _REPAIR),
    _r("row.invalid_id", "DEGRADED", "gmail.sent",
       "A row misses a legacy id or holds one not in Gmail's legacy form (16 lowercase hex digits).", _REPAIR),
    # --- gmail.receipt --------------------------------------------------------------------
    _r("selector.missing.sender", "DEGRADED", "gmail.receipt", "An expanded message shows no sender.", _REPAIR),
    _r("selector.missing.message_id", "DEGRADED", "gmail.receipt",
       "A receipt message has no data-legacy-message-id in legacy form.", _REPAIR),
    _r("receipt.amount_missing", "DEGRADED", "gmail.receipt",
       "A registry receipt shows no unambiguous amount on a total line (an ambiguous currency such as Rs. "
       "included).", "Check the total labels and currency patterns against a fresh capture."),
    # --- gmail.receipt 1.0.0 additions (issue 3, gmail_receipt area) -------------------------
    _r("selector.missing.message", "DEGRADED", "gmail.receipt",
       "An open conversation's main region shows no message item.", _REPAIR),
    _r("selector.missing.heading", "DEGRADED", "gmail.receipt",
       "An open conversation with an expanded message shows no subject heading.", _REPAIR),
    _r("selector.ambiguous.heading", "DEGRADED", "gmail.receipt",
       "An open conversation shows two different subject headings.", _REPAIR),
    # --- gcal.event -----------------------------------------------------------------------
    _r("selector.missing.days", "DEGRADED", "gcal.event", "The grid shows no day (data-datekey).", _REPAIR),
    _r("range.invalid", "DEGRADED", "gcal.event",
       "A day key does not read as a date, or the visible days leave a gap (a day missing between two drawn ones "
       "that is no hidden weekend); a day drawn twice is one day.", _REPAIR),
    _r("range.too_long", "DEGRADED", "gcal.event", "The visible range is longer than six weeks (a year view).",
       _SETTING),
    _r("time_zone.mismatch", "DEGRADED", "gcal.event",
       "The page's GMT offset is not the browser's zone's offset.", _SETTING),
    _r("time_zone.ambiguous", "DEGRADED", "gcal.event",
       "The page shows several different zone hints, or one that does not read.", _SETTING),
    _r("event.unreadable", "DEGRADED", "gcal.event",
       "A chip's sentence does not read (start, end, title), a month view shows an event, an event id "
       "the page shows is read by no chip, or a button in a day cell reads as an event but carries no "
       "event id.", _REPAIR),
    _r("page.busy", "DEGRADED", "gcal.event",
       "The page has looked busy (still drawing) through five minutes of passes.",
       "Reload the tab; persistent means the busy markers changed."),
    # --- set by the ledger (§4.5) ---------------------------------------------------------
    _r("ledger.invalid_input", "DEGRADED", ANY, "The ledger refused a row or pass as invalid input.", _BUG),
    _r("ledger.id_conflict", "DEGRADED", ANY,
       "The ledger refused a row whose id is stored with other content.", _BUG),
    _r("ledger.late_sighting", "DEGRADED", ANY,
       "The ledger refused a Gmail row sighted before its stored sighting.", "Check the device clock."),
    _r("ledger.update_held", "DEGRADED", "gcal.event",
       "The ledger held a Calendar update back (spec §4.5; the extension's code: the reference ledger holds none "
       "back, docs/ledger.md).", "Clears when a later pass is stored in full."),
)

BY_CODE: dict[str, Reason] = {r.code: r for r in CATALOGUE}

IDLE_CODES: frozenset[str] = frozenset(r.code for r in CATALOGUE if r.status == "IDLE")


def is_known(code: str) -> bool:
    """True when ``code`` is in the catalogue."""
    return code in BY_CODE


def codes_for(observer: str) -> list[str]:
    """Every code an observer can give (its own and the ones any observer can give)."""
    return [r.code for r in CATALOGUE if ANY in r.observers or observer in r.observers]


def render_markdown() -> str:
    """The catalogue as the Markdown of docs/reasons.md."""
    lines = [
        "# Health reason codes",
        "",
        "Generated from `attest_kit/reasons.py` by `attest-kit reasons --markdown`; do not edit by hand.",
        "A DEGRADED pass writes no coverage, so what it could not see grades UNVERIFIABLE, never NOT FOUND.",
        "",
        "| code | status | observers | what it means | what to do |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in CATALOGUE:
        lines.append(f"| `{r.code}` | {r.status} | {', '.join(r.observers)} | {r.meaning} | {r.action} |")
    return "\n".join(lines) + "\n"
