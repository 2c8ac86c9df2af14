"""Tier 4, conversations (paper Table 10): the turn-success rule and the conversation-level rates."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

MEMORY_TAGS = frozenset({"context_carryover", "entity_memory", "temporal_memory"})


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


def tool_transition_hit(expected_tools: Sequence[str], called: Sequence[str]) -> bool | None:
    """1 if at least one expected tool was called in the turn; None when the turn expects nothing."""
    if not expected_tools:
        return None
    return bool(set(expected_tools).intersection(called))
