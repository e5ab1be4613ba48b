"""The observers: selectolax ports of gmail.sent, gmail.receipt and gcal.event."""
