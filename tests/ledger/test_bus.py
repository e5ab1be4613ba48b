"""The bus message models: strict, capped, closed codes, and docs/bus-schema.json kept fresh."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from attest_kit.bus import ACK_ADAPTER, SCHEMA_LIMITS, parse_message, refused, render_schema

ROOT = Path(__file__).resolve().parents[2]


def test_every_message_type_parses(b):
    row = b.sent_row("ana@example.com", "2026-10-06T08:00:00.000Z", b.T0)
    for msg in (b.health("gmail.sent", "OK", b.T0), b.observations("gmail.sent", [row]),
                b.ping("gmail.sent", b.at(b.T0, hours=-1), b.T0, b.T0), b.snapshot(b.T0, [])):
        assert parse_message(msg).type == msg["type"]


@pytest.mark.parametrize("mutate", [
    lambda m: m.update(extra=1),                                   # unknown key
    lambda m: m.update(type="observer.unknown"),                   # unknown type
    lambda m: m.update(reasons=["not.a.code"]),                    # reason not in the catalogue
    lambda m: m.update(reasons=["ledger.invalid_input"]),          # only the ledger sets ledger.*
    lambda m: m.update(checkedAt="2026-10-06T09:00:00Z"),          # not the wire format
    lambda m: m.update(adapterId="g" * (SCHEMA_LIMITS["observer"] + 1)),
    lambda m: m.update(reasons=["health.threw"] * 2),
    lambda m: m.update(status="FINE"),
])
def test_a_health_report_outside_its_schema_is_refused(b, mutate):
    msg = b.health("gmail.sent", "DEGRADED", b.T0, "health.threw")
    parse_message(msg)
    mutate(msg)
    with pytest.raises(ValidationError):
        parse_message(msg)


def test_observations_are_capped_at_500_rows(b):
    row = b.sent_row("ana@example.com", "2026-10-06T08:00:00.000Z", b.T0)
    parse_message(b.observations("gmail.sent", [row] * SCHEMA_LIMITS["observations"]))
    with pytest.raises(ValidationError):
        parse_message(b.observations("gmail.sent", [row] * (SCHEMA_LIMITS["observations"] + 1)))


def test_an_observer_never_sends_sighted_at_or_changes_since(b):
    row = b.sent_row("ana@example.com", "2026-10-06T08:00:00.000Z", b.T0)
    with pytest.raises(ValidationError):
        parse_message(b.observations("gmail.sent", [{**row, "sightedAt": b.T0}]))
    with pytest.raises(ValidationError):
        parse_message({**b.ping("gmail.sent", b.T0, b.T0, b.T0), "changesSince": b.T0})


def test_ack_codes_are_closed():
    assert ACK_ADAPTER.validate_python({"ok": False, "code": "clock_behind"}).code == "clock_behind"
    with pytest.raises(ValidationError):
        ACK_ADAPTER.validate_python({"ok": False, "code": "whatever"})
    with pytest.raises(ValidationError):
        refused("whatever")


def test_bus_schema_doc_is_fresh():
    doc = ROOT / "docs" / "bus-schema.json"
    assert doc.read_text(encoding="utf-8") == render_schema(), "run: attest-kit ledger schema --write"
    assert "calendar.snapshot" in json.dumps(json.loads(doc.read_text(encoding="utf-8"))["message"])


def test_row_fields_are_exactly_the_policy_allowlist():
    from attest_kit.bus import RowFields
    from attest_kit.policy import load_policy

    allowlisted = {f for fields in load_policy().allowlisted_fields.values() for f in fields}
    wire = {field.alias or name for name, field in RowFields.model_fields.items()}
    assert wire == allowlisted, "attest_kit/policy.json is the one list of fields a row may carry"
