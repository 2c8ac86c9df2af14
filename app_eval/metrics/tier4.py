"""Tier 4, conversations (paper Table 10): the turn-success rule and the conversation-level rates."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

MEMORY_TAGS = frozenset({"context_carryover", "entity_memory", "temporal_memory", "subject_shift", "correction",
                         "comparison"})


def normalize(text: str) -> str:
    """Exact-match normalization: case, accents, punctuation and whitespace do not count."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def exact_match(answer: str, expected: str) -> float:
    return 1.0 if normalize(answer) and normalize(answer) == normalize(expected) else 0.0


def turn_success(exact: float, correctness: float | None, relevance: float | None) -> bool | None:
    """Success if the normalized exact match is 1.0, or correctness >= 0.80, or both correctness and
    relevance >= 0.70. None (unknown) when it hinges on a judge score that is missing."""
    if exact >= 1.0 or (correctness is not None and correctness >= 0.80):
        return True
    if correctness is not None and correctness >= 0.70:
        return None if relevance is None else relevance >= 0.70
    if correctness is None:
        return None
    return False


def rate(outcomes: Iterable[bool | None]) -> float | None:
    """Mean of the known binary outcomes (unknown ones are counted as missing by the caller)."""
    known = [o for o in outcomes if o is not None]
    return sum(known) / len(known) if known else None


def memory_turn(tags: Sequence[str]) -> bool:
    return bool(MEMORY_TAGS.intersection(tags))


def tool_transition_hit(expected_tools: Sequence[str], trace: Sequence[dict[str, Any]],
                        entity_uids: Sequence[str] = ()) -> bool | None:
    """1 if one of the expected tools was called in the turn, and, when the turn names its entity, called
    about that entity (its uid among the arguments of a call that takes a uid): a follow-up answered about the
    previous company is a miss. None when the turn expects nothing."""
    if not expected_tools:
        return None
    wanted = set(entity_uids)
    for step in trace:
        args = step.get("args") or {}
        takes_uid = any("uid" in k for k in args)  # a name lookup (search_companies) has no uid to check
        if step.get("tool") in expected_tools and (not wanted or not takes_uid or wanted & _arg_values(args)):
            return True
    return False


def _arg_values(args: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for v in args.values():
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, list | tuple):
            out |= {x for x in v if isinstance(x, str)}
    return out


def about_entity(current_uid: str | None, entity_uids: Sequence[str]) -> bool | None:
    """Whether a turn's answer is about the turn's entity: the agent's active entity is it. None when the
    turn names no entity or the system keeps no active entity (the baseline: its correctness, judged on
    the entity's facts, is the only check there)."""
    if not entity_uids or current_uid is None:
        return None
    return current_uid in entity_uids
