"""The vendors whose pages the observers read, by fixture folder name, and each one's host."""

from __future__ import annotations

#: fixtures/pages/<vendor>/… → the host its pages live at (capture's default tab; a Calendar page's rules).
VENDOR_HOSTS: dict[str, str] = {"gmail": "mail.google.com", "gcal": "calendar.google.com"}
