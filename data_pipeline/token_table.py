"""The privacy layer's token -> original table: JSONL outside the graph, mode 0600 in a 0700 directory.

Appended to, one line per token the first time it is seen (across runs too: the existing table is read
before anything is added). `lookup` serves `reveal` and the build itself, which reads tokens back from
the graph and needs the original text to extract names (phase 2) and compute name keys (phase 3).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import IO

from kg.files import open_private_append


class TokenTable:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._values: dict[str, str] | None = None
        self._fh: IO[str] | None = None
        self.added = 0

    def _load(self) -> dict[str, str]:
        if self._values is None:
            self._values = {}
            if self.path.exists():
                with open(self.path, encoding="utf-8") as f:
                    for line in f:
                        if line.strip():
                            rec = json.loads(line)
                            self._values.setdefault(rec["token"], rec["value"])
        return self._values

    def first(self) -> tuple[str, str] | None:
        """The first (token, value) pair of the table, to check a key against (None when empty)."""
        values = self._load()
        return next(iter(values.items()), None)

    def verify(self, token_of: Callable[[str], str]) -> bool:
        """True when the table is empty or was written with the key behind `token_of`."""
        pair = self.first()
        return pair is None or token_of(pair[1]) == pair[0]

    def add(self, token: str, value: str) -> None:
        values = self._load()
        if token in values:
            return
        values[token] = value
        if self._fh is None:
            self._fh = open_private_append(self.path, line_buffered=True)  # on disk before the graph sees the token
        self._fh.write(json.dumps({"token": token, "value": value}, ensure_ascii=False) + "\n")
        self.added += 1

    def lookup(self, token: str) -> str | None:
        return self._load().get(token)

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self) -> TokenTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
