from pathlib import Path

import pytest

from attest_kit.contract import Health
from attest_kit.reasons import BY_CODE, CATALOGUE, IDLE_CODES, render_markdown

DOC = Path(__file__).resolve().parents[2] / "docs/reasons.md"


def test_docs_reasons_md_is_fresh():
    assert DOC.read_text(encoding="utf-8") == render_markdown(), "run: attest-kit reasons --markdown > docs/reasons.md"


def test_catalogue_is_closed_and_unique():
    assert len(BY_CODE) == len(CATALOGUE)
    with pytest.raises(ValueError):
        Health.degraded("selector.missing.everything")


def test_idle_codes_are_the_three_the_spec_names():
    assert IDLE_CODES == {"not_sent_folder", "not_sent_list", "no_conversation"}


def test_every_entry_says_what_it_means_and_what_to_do():
    for reason in CATALOGUE:
        assert reason.meaning.strip() and reason.action.strip(), reason.code


def test_reasons_command_prints_every_code(cli):
    from attest_kit.cli import main

    out = cli.invoke(main, ["reasons"]).output
    assert all(r.code in out for r in CATALOGUE)
