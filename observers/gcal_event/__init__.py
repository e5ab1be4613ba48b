"""gcal.event: the Google Calendar observer (spec §8.3)."""

from observers.gcal_event.observer import OBSERVER, GcalEventObserver

__all__ = ["OBSERVER", "GcalEventObserver"]
