"""The guard of the test writers' templates (`app_eval/datasets/independent*.py`): which of their four-word runs
`agent/` holds, as sha256 prefixes, so that a failure names no run of a template nobody may read."""
from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

WORD = re.compile(r"\w+")
RUN = 4


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def _runs(w: list[str]) -> Iterable[tuple[str, ...]]:
    return (tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1))


def agent_runs(agent: Path) -> set[tuple[str, ...]]:
    """Every run of four words in the agent's code, prompts and data files."""
    out: set[tuple[str, ...]] = set()
    for p in sorted(agent.rglob("*")):
        if p.is_file() and p.suffix in (".py", ".txt", ".json"):
            out |= set(_runs(words(p.read_text(encoding="utf-8", errors="replace"))))
    return out


def shared_runs(templates: Iterable[str], agent: set[tuple[str, ...]]) -> set[str]:
    """The sha256 prefixes of the templates' runs (within the text between placeholders) that `agent` holds."""
    return {hashlib.sha256(" ".join(run).encode()).hexdigest()[:12]
            for text in templates for part in re.split(r"\{[np]\}", text) for run in _runs(words(part))
            if run in agent}
