"""gmail.sent: the Sent list observer (spec §8.1)."""

from observers.gmail_sent.observer import OBSERVER, GmailSentObserver

__all__ = ["OBSERVER", "GmailSentObserver"]
