"""Malformed records are never dropped silently: each goes to a JSONL quarantine file with its reason.

The file is a log: every run appends to it (it is never truncated or deleted), and each line carries
the run's id and a UTC timestamp, so the entries of one run can be told from those of the last. The
file is created 0600 in a 0700 directory (it quotes the input).
"""
from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Literal

from kg.files import open_private_append

Kind = Literal["record", "skipped"]
MAX_REASON = 500


def new_run_id() -> str:
    """Sortable and unique: `20260901T101500Z-1a2b3c4d`."""
    return f"{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}-{secrets.token_hex(4)}"


@dataclass
class QuarantineEntry:
    source: str  # file (and record index inside it, where a file holds several)
    reason: str
    kind: Kind = "record"  # "skipped": not a regular file, never opened


@dataclass
class Quarantine:
    """Collects the entries of one run, optionally appending each to `path` as it arrives."""
    path: Path | None = None
    run_id: str = field(default_factory=new_run_id)
    entries: list[QuarantineEntry] = field(default_factory=list)
    _fh: IO[str] | None = field(default=None, repr=False)

    def add(self, source: str, reason: str, kind: Kind = "record") -> None:
        text = " ".join(reason.split())
        entry = QuarantineEntry(source, text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…", kind)
        self.entries.append(entry)
        if self.path is not None:
            if self._fh is None:
                self._fh = open_private_append(self.path)
            self._fh.write(json.dumps({"run_id": self.run_id, "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                                       "source": entry.source, "kind": entry.kind, "reason": entry.reason},
                                      ensure_ascii=False) + "\n")
            self._fh.flush()

    @property
    def count(self) -> int:
        """Entries of this run (records refused and inputs skipped)."""
        return len(self.entries)

    @property
    def skipped(self) -> int:
        return sum(1 for e in self.entries if e.kind == "skipped")

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self) -> Quarantine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
