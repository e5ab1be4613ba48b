"""The accuracy bench: every observer over every labelled page, RESULTS.md, and the CI gate."""
