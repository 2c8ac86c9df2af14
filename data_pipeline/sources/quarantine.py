"""Malformed records are never dropped silently: each goes to a JSONL quarantine file with its reason."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO


@dataclass
class QuarantineEntry:
    source: str  # file (and record index inside it, where a file holds several)
    reason: str


@dataclass
class Quarantine:
    """Collects entries, optionally appending each to `path` as it arrives."""
    path: Path | None = None
    entries: list[QuarantineEntry] = field(default_factory=list)
    _fh: IO[str] | None = field(default=None, repr=False)

    def add(self, source: str, reason: str) -> None:
        entry = QuarantineEntry(source, " ".join(reason.split()))
        self.entries.append(entry)
        if self.path is not None:
            if self._fh is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._fh = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - closed in close()
            self._fh.write(json.dumps({"source": entry.source, "reason": entry.reason,
                                       "at": time.strftime("%Y-%m-%dT%H:%M:%S")}, ensure_ascii=False) + "\n")
            self._fh.flush()

    @property
    def count(self) -> int:
        return len(self.entries)

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self) -> Quarantine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
