"""attest-kit: the fixture loop for Attest's observers (capture, sanitise, label, measure, gate)."""

__version__ = "0.1.0"
