"""The reference ledger (spec §3.4, §3.6, §4.5, §8.3, §9): see ``core.Ledger`` and docs/ledger.md."""

from attest_kit.ledger.calendar import CalendarStep, DerivedRow, StepResult, StoredRecord
from attest_kit.ledger.core import Ledger

__all__ = ["CalendarStep", "DerivedRow", "Ledger", "StepResult", "StoredRecord"]
