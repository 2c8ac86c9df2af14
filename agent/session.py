"""A conversation kept across calls (`--session FILE`): the turns and the agent's anchor and state.

Plain JSON, so a session file can be read, diffed and deleted by hand.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

MAX_TURNS = 20  # older turns add tokens, not understanding


@dataclass
class Session:
    turns: list[dict[str, str]] = field(default_factory=list)  # {"role": "user"|"assistant", "content": ...}
    current_uid: str | None = None  # the active entity (dossier mode); None is global mode
    current_name: str | None = None
    current_kind: str | None = None  # "Company" | "Person"
    state: str | None = None  # last state of the state machine
    has_network: bool = False
    has_history: bool = False
    candidates: list[dict[str, Any]] = field(default_factory=list)  # the last S0 table, for "the second one"
    asked: list[str] = field(default_factory=list)  # what the last question asked, as read: for "same for X?"
    recent: list[dict[str, Any]] = field(default_factory=list)  # the entities focused, oldest first (max 4)

    def add(self, role: str, content: str) -> None:
        self.turns.append({"role": role, "content": content})
        del self.turns[:-MAX_TURNS]

    def focus(self, uid: str | None, name: str | None = None, kind: str | None = None) -> None:
        """Set the anchor; a new entity starts a fresh exploration (no network or history shown yet)."""
        if uid != self.current_uid:
            self.has_network = self.has_history = False
        self.current_uid, self.current_name, self.current_kind = uid, name, kind
        if uid is not None:  # "which of the two …" compares the last ones
            self.recent = [e for e in self.recent if e["uid"] != uid][-3:] + [{"uid": uid, "name": name, "kind": kind}]

    def replace(self, other: Session) -> None:
        """Become `other` (the caller's object keeps its identity: a file-backed session is saved from it)."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(other, name))

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Session:
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in (data or {}).items() if k in known})

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def load(cls, path: Path | None) -> Session:
        if path is None or not path.exists() or path.stat().st_size == 0:
            return cls()
        return cls.from_dict(json.loads(path.read_text(encoding="utf-8")))

    def save(self, path: Path | None) -> None:
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_dict(), ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, path)  # a crash never leaves half a session
