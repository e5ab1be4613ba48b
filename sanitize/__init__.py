"""The sanitiser (spec §6.2, §6.3): sanitise a captured page, the keyed faker, the @ check, the fixture server."""

from sanitize.pipeline import SanitizeResult, sanitize_page

__all__ = ["SanitizeResult", "sanitize_page"]
