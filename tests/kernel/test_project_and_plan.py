from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from attest_kit.contract import Health, Observer, PassContext, RawRow, Window
from attest_kit.plan import plan_pass
from attest_kit.policy import Refusal, load_policy, project

NOW = datetime(2026, 11, 30, 22, 30, tzinfo=timezone.utc)
GOOD = {"counterparty": "lena@example.org", "occurredAt": "2026-11-30T22:03:00.000Z", "subjectHint": "Hello"}


def _ctx() -> PassContext:
    return PassContext(html="<html></html>", url="https://mail.google.com/mail/u/0/#sent",
                       tz=ZoneInfo("UTC"), instant=NOW)


def test_project_keeps_only_allowlisted_fields_and_computes_ids():
    obs = project(RawRow("email.sent", {**GOOD, "snippet": "secret"}, "18d2f0a1b2c3d4e5"), "gmail.sent", NOW)
    assert not isinstance(obs, Refusal)
    assert obs.fields == GOOD
    assert obs.observed_at == "2026-11-30T22:30:00.000Z"
    assert obs.row_key_hash and obs.row_key_hash != "18d2f0a1b2c3d4e5"


def test_project_refuses_rather_than_cut_or_drop():
    long_merchant = "m" * 121
    refused = project(RawRow("purchase.made", {"merchant": long_merchant, "amountCents": 100, "currency": "USD",
                                                "occurredAt": GOOD["occurredAt"]}), "gmail.receipt", NOW)
    assert refused == Refusal("redact.invalid_field", "merchant")
    two_lines = project(RawRow("email.sent", {**GOOD, "subjectHint": "a\nb"}), "gmail.sent", NOW)
    assert two_lines == Refusal("redact.invalid_field", "subjectHint")


def test_project_refuses_a_missing_occurred_at_and_a_foreign_type():
    no_time = {k: v for k, v in GOOD.items() if k != "occurredAt"}
    assert project(RawRow("email.sent", no_time), "gmail.sent", NOW) == Refusal("redact.missing_occurred_at", "occurredAt")
    assert project(RawRow("calendar.created", GOOD), "gmail.sent", NOW) == Refusal("extract.foreign_type")


def test_same_row_on_two_pages_is_one_observation_and_two_sends_stay_two():
    a = project(RawRow("email.sent", GOOD, "18d2f0a1b2c3d4e5"), "gmail.sent", NOW)
    b = project(RawRow("email.sent", GOOD, "18d2f0a1b2c3d4e5"), "gmail.sent", NOW + timedelta(minutes=5))
    c = project(RawRow("email.sent", GOOD, "18d2f0a1b2c3d4e6"), "gmail.sent", NOW)
    assert a.id == b.id and a.id != c.id


def test_policy_names_a_source_for_every_type():
    policy = load_policy()
    assert policy.types_of("gmail.sent") == ["email.sent"]


class Scripted(Observer):
    id = source = "gmail.sent"
    version = "0.0.0"

    def __init__(self, rows=None, windows=None, health=None, account="me@example.com", raise_in=None):
        self._rows = rows if rows is not None else []
        self._windows = windows
        self._health = health or Health.ok()
        self._account = account
        self._raise = raise_in

    def _maybe(self, name):
        if self._raise == name:
            raise RuntimeError("boom")

    def health(self, ctx):
        self._maybe("health")
        return self._health

    def extract(self, ctx):
        self._maybe("extract")
        return self._rows

    def visible_windows(self, ctx):
        self._maybe("windows")
        return self._windows

    def account(self, ctx):
        self._maybe("account")
        return self._account


WINDOW = [Window(NOW - timedelta(hours=1), NOW)]


def test_a_refused_row_voids_coverage_but_not_the_accepted_rows():
    rows = [RawRow("email.sent", GOOD, "a" * 16), RawRow("email.sent", {**GOOD, "counterparty": "not an address"})]
    result = plan_pass(Scripted(rows, WINDOW), _ctx())
    assert result.health == Health.degraded("redact.invalid_field")
    assert len(result.observations) == 1 and result.windows == [] and result.account_hash is None


def test_the_pass_still_reads_windows_after_a_refusal_so_every_reason_is_named():
    no_time = {k: v for k, v in GOOD.items() if k != "occurredAt"}
    result = plan_pass(Scripted([RawRow("email.sent", no_time)], None), _ctx())
    assert result.health.reasons == ("redact.missing_occurred_at", "window.unknown")


def test_plan_pass_never_raises_and_names_the_phase():
    for phase, code in (("health", "health.threw"), ("extract", "extract.threw"), ("windows", "window.threw"),
                        ("account", "account.threw")):
        result = plan_pass(Scripted([], WINDOW, raise_in=phase), _ctx())
        assert result.health.status == "DEGRADED" and code in result.health.reasons, phase
        assert result.windows == []


def test_an_idle_pass_posts_its_health_only():
    result = plan_pass(Scripted([RawRow("email.sent", GOOD)], WINDOW, Health.idle("not_sent_folder")), _ctx())
    posted = result.posted()
    assert posted["health"] == {"status": "IDLE", "reasons": ["not_sent_folder"]}
    assert posted["observations"] == [] and posted["windows"] == [] and posted["accountHash"] is None


def test_account_is_read_only_with_a_window_and_an_invalid_one_voids_it():
    calls = []

    class Counting(Scripted):
        def account(self, ctx):
            calls.append(1)
            return "not an address"

    assert plan_pass(Counting([], []), _ctx()).health.status == "OK" and calls == []
    result = plan_pass(Counting([], WINDOW), _ctx())
    assert result.health == Health.degraded("account.invalid") and result.windows == []


def test_a_window_after_the_pass_instant_is_window_future():
    result = plan_pass(Scripted([], [Window(NOW, NOW + timedelta(minutes=1))]), _ctx())
    assert result.health == Health.degraded("window.future") and result.windows == []


def test_a_clock_without_an_instant_is_clock_invalid():
    ctx = _ctx()
    ctx.instant = datetime(2026, 1, 1)  # naive: no instant
    assert plan_pass(Scripted(), ctx).health == Health.degraded("clock.invalid")


def test_extract_returning_something_else_is_extract_invalid():
    result = plan_pass(Scripted("not a list", WINDOW), _ctx())  # type: ignore[arg-type]
    assert "extract.invalid" in result.health.reasons and result.windows == []


def test_a_degraded_health_posts_rows_only_for_an_observer_that_allows_it():
    class Partial(Scripted):
        rows_survive_degraded_health = True

    rows = [RawRow("email.sent", GOOD, "a" * 16), RawRow("email.sent", GOOD, "a" * 16)]
    strict = plan_pass(Scripted(rows, WINDOW, Health.degraded("row.invalid_id")), _ctx())
    partial = plan_pass(Partial(rows, WINDOW, Health.degraded("row.invalid_id")), _ctx())
    assert strict.observations == [] and strict.windows == []
    assert len(partial.observations) == 1  # the same row twice is one observation
    assert partial.windows == [] and partial.health == Health.degraded("row.invalid_id")


def test_a_subject_hint_cut_on_a_space_passes_the_line_schema():
    cut = "x" * 79 + " "
    assert not isinstance(project(RawRow("email.sent", {**GOOD, "subjectHint": cut}), "gmail.sent", NOW), Refusal)
    for bad in (" lead", "two  spaces", "", "   "):
        assert isinstance(project(RawRow("email.sent", {**GOOD, "subjectHint": bad}), "gmail.sent", NOW), Refusal), bad


# plan_pass never raises (DESIGN.md: every failure is a reason code). A review handed it an observer
# that answers outside its contract in each of these ways, and each escaped as an exception.

def _faulty(**overrides):
    from datetime import timedelta

    from attest_kit.contract import Health, Observer

    now = datetime(2026, 11, 30, 20, 0, tzinfo=timezone.utc)

    class Faulty(Observer):
        id = "gmail.sent"
        source = "gmail.sent"
        version = "0.0.1"

        def health(self, ctx):
            return Health.ok()

        def extract(self, ctx):
            return overrides.get("rows", [])

        def visible_windows(self, ctx):
            return overrides.get("windows", [Window(now - timedelta(hours=1), now)])

        def account(self, ctx):
            return overrides.get("account", "quill.test@example.com")

    ctx = PassContext(html="<p>x</p>", url="https://mail.google.com/mail/u/0/#sent", tz=ZoneInfo("UTC"), instant=now)
    return plan_pass(Faulty(), ctx)


@pytest.mark.parametrize("overrides, reason", [
    ({"rows": [RawRow(["email.sent"], {"counterparty": "a@example.com"})]}, "extract.invalid"),
    ({"rows": [RawRow("email.sent", ["not", "a", "dict"])]}, "extract.invalid"),
    ({"windows": [Window(datetime(2026, 11, 30, 19, tzinfo=timezone.utc), datetime(2026, 11, 30, 19, 30))]}, "window.invalid"),
    ({"windows": [Window("2026-11-30", "2026-12-01")]}, "window.invalid"),
    ({"account": 5}, "account.invalid"),
])
def test_plan_pass_turns_an_answer_outside_the_contract_into_a_reason(overrides, reason):
    result = _faulty(**overrides)
    assert result.health.status == "DEGRADED" and reason in result.health.reasons, result.health
    assert result.windows == []
