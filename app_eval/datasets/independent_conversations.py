"""Conversations written outside the project: the held-out measure of how well the offline engine follows a chat
(subject shifts, pronouns, corrections, comparisons) worded as its users word it (issue 16).

Each file in `files/conversation_writers/` is one writer's set: for each turn of the committed conversational set
(`conversational.wording`: `who`, `roles`, … `first_officers`, `first_address`, `first_capital`), five templates
(`key<TAB>lang<TAB>template`): two English, one each German, French and Italian. The writers were agents told never
to read the repository or its datasets, each given a persona and the meaning of every turn only. A turn that names
its subject holds `{n}` (a company) or `{p}` (a person) once; a follow-up holds no placeholder.

A writer's set gives five wordings (`en1`, `en2`, `de`, `fr`, `it`: a conversation keeps one language), each asked in
one conversation of every goal on entities neither the committed sets nor an earlier writer use; references come from
the world's truth as in the committed set, and the judge is the same.

The split is the writer's: CA to CD are `dev` (read, and used to find rules), CE and CF were written for `test` and
are never read while working on the engine (their figures are looked at as means only;
`tests/app_eval/test_independent_conversations.py` holds `agent/` to that).

    python -m app_eval datasets independent --writers CE,CF --out DIR
    python -m app_eval run --tiers 4 --sets conversational --datasets DIR --splits test
"""
from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path

from app_eval.datasets.conversational import GOALS, _Turns, conversation, entities_of, plans, wording
from app_eval.datasets.independent import tsv_rows
from app_eval.datasets.model import CONVERSATIONAL, DEV, TEST, Dataset
from app_eval.datasets.truth import Truth

WRITERS_DIR = Path(__file__).resolve().parent / "files" / "conversation_writers"
TEST_WRITERS = ("CE", "CF")  # written for the test split: never read while working on the engine
FIRST_SEED = 131  # writer k (in sorted order) draws its entities with seed FIRST_SEED + k
VARIANTS = ("en1", "en2", "de", "fr", "it")  # one conversation per goal in each
# each turn's placeholder (None: a follow-up, which names nothing)
SLOTS: dict[str, str | None] = {key: ("{p}" if "{p}" in text else "{n}" if "{n}" in text else None)
                                for key, text in wording(DEV).items()}


def writers() -> list[str]:
    return sorted(p.stem for p in WRITERS_DIR.glob("*.tsv"))


def split_of(writer: str) -> str:
    return TEST if writer in TEST_WRITERS else DEV


def wordings(writer: str) -> dict[str, dict[str, str]]:
    """variant -> turn key -> template, checked: every key of the committed set, two English and one German,
    French and Italian template each, the turn's placeholder once (none in a follow-up)."""
    path = WRITERS_DIR / f"{writer}.tsv"
    out: dict[str, dict[str, str]] = {v: {} for v in VARIANTS}
    for n, (key, language, text) in tsv_rows(path, 3):
        if key not in SLOTS:
            raise ValueError(f"{path.name} line {n}: no turn {key!r} (turns: {', '.join(SLOTS)})")
        slot, braces = SLOTS[key], len(re.findall(r"[{}]", text))
        if (braces != 0) if slot is None else (text.count(slot) != 1 or braces != 2):
            raise ValueError(f"{path.name} line {n}: turn {key} takes {slot or 'no placeholder'} once: {text!r}")
        variant = language if language != "en" else "en1" if key not in out["en1"] else "en2"
        if variant not in out or key in out[variant]:
            raise ValueError(f"{path.name} line {n}: one {language} template too many for turn {key}")
        out[variant][key] = re.sub(r"\s+", " ", text)
    for variant, keys in out.items():
        if lacking := [k for k in SLOTS if k not in keys]:
            raise ValueError(f"{path.name}: no {variant} template for {', '.join(lacking)}")
    return out


def _used(ds: Dataset) -> set[str]:
    """The entities a committed set asks about: its items' and turns' entities, and the companies of a conversation's
    source (a person's companies, the wrong company of a correction)."""
    used = {u for it in ds.items for u in (it.entity_uids or [])}
    for c in ds.conversations:
        used |= {u for t in c.turns for u in t.entity_uids} | set(c.source.get("uids", []))
        used |= {v for k, v in c.source.items() if k in ("uid", "then", "wrong") and isinstance(v, str)}
    return used


def build_independent_conversations(truth: Truth, committed: Sequence[Dataset],
                                    chosen: Sequence[str] | None = None) -> Dataset:
    """One conversation per goal and wording of every writer in `chosen` (default all), on entities that no set in
    `committed` and no earlier writer uses."""
    names = writers()
    if chosen is not None and (unknown := sorted(set(chosen) - set(names))):
        raise ValueError(f"no conversation writer {', '.join(unknown)} in {WRITERS_DIR} (there are {', '.join(names)})")
    exclude: set[str] = set().union(*(_used(ds) for ds in committed))
    tt = _Turns(truth, None)
    convs = []
    for k, writer in enumerate(names):
        if chosen is not None and writer not in chosen:
            continue
        texts = wordings(writer)
        chosen_plans = plans(truth, random.Random(FIRST_SEED + k), {g: len(VARIANTS) for g in GOALS}, exclude)
        seen: dict[str, int] = {}
        for n, (goal, arg) in enumerate(chosen_plans, start=1):
            variant = VARIANTS[seen.get(goal, 0)]
            seen[goal] = seen.get(goal, 0) + 1
            c = conversation(tt, texts[variant], goal, arg)
            c.id, c.split = f"{writer}{n:02d}", split_of(writer)  # type: ignore[assignment]
            c.source |= {"writer": writer, "variant": variant, "language": variant[:2]}
            convs.append(c)
            exclude |= entities_of(truth, goal, arg)
    base = committed[0] if committed else None
    return Dataset(kind=CONVERSATIONAL, version=base.version if base else "independent", world=base.world if base else {},
                   built_from="truth", conversations=convs, world_digest=base.world_digest if base else None)
