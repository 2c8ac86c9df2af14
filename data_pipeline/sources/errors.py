"""The one error a source reader raises for a record it refuses."""
from __future__ import annotations


class RecordError(ValueError):
    """A record that cannot become a Publication; the message is the reason, `source` the record."""

    def __init__(self, reason: str, source: str | None = None) -> None:
        super().__init__(reason)
        self.source = source
