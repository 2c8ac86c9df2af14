"""Tier 1, entity resolution (paper §5.2, Eq. 1) and true pairwise precision/recall against the truth."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

SIMILARITY_THRESHOLD = 0.6  # strictly greater than, as in the paper
_TOKEN = re.compile(r"[\W_]+", re.UNICODE)


def similarity(a: str, b: str) -> float:
    """S(A, B) = (|A| + |B| - Lev(A, B)) / (|A| + |B|); two empty strings are identical."""
    total = len(a) + len(b)
    return 1.0 if total == 0 else (total - Levenshtein.distance(a, b)) / total


def token_set(name: str) -> tuple[str, ...]:
    """The alphabetically sorted tokens (lowercase, punctuation dropped): "Doe, John" == "John Doe"."""
    return tuple(sorted(t for t in _TOKEN.sub(" ", name.lower()).split() if t))


def is_true_positive(merged: str, hub: str) -> bool:
    return similarity(merged, hub) > SIMILARITY_THRESHOLD or token_set(merged) == token_set(hub)


@dataclass(frozen=True)
class Comparison:
    hub_uid: str
    hub_name: str
    merged_name: str
    similarity: float
    token_match: bool

    @property
    def true_positive(self) -> bool:
        return self.similarity > SIMILARITY_THRESHOLD or self.token_match


def compare_hub(hub_uid: str, hub_name: str, member_names: Iterable[str]) -> list[Comparison]:
    """One comparison per distinct merged name against the hub's representative name (not all pairs)."""
    return [Comparison(hub_uid, hub_name, n, similarity(n, hub_name), token_set(n) == token_set(hub_name))
            for n in sorted(set(member_names))]


def merge_precision(comparisons: list[Comparison]) -> float | None:
    return sum(c.true_positive for c in comparisons) / len(comparisons) if comparisons else None


@dataclass(frozen=True)
class PairCounts:
    """Pairs of mentions merged under one hub (predicted) vs pairs that are one real entity (truth)."""
    correct: int
    predicted: int
    true: int

    @property
    def precision(self) -> float | None:
        return self.correct / self.predicted if self.predicted else None

    @property
    def recall(self) -> float | None:
        return self.correct / self.true if self.true else None


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def pairwise(hub_of: Mapping[str, str], entity_of: Mapping[str, str]) -> PairCounts:
    """hub_of: mention -> hub; entity_of: mention -> truth entity; mentions missing from either are left out."""
    both = [m for m in hub_of if m in entity_of]
    by_hub = Counter(hub_of[m] for m in both)
    by_cell = Counter((hub_of[m], entity_of[m]) for m in both)
    by_entity = Counter(entity_of[m] for m in both)
    return PairCounts(correct=sum(_pairs(n) for n in by_cell.values()),
                      predicted=sum(_pairs(n) for n in by_hub.values()),
                      true=sum(_pairs(n) for n in by_entity.values()))
