"""The dev/test split (SPEC §8, §10): a fixed seed, stratified by level and category (conversations by
goal), so both splits hold every stratum. Engines and rules are tuned on `dev` only; `test` items are worded
in families no `dev` item uses (`families.py`) and no string of theirs may appear in `agent/`."""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import TypeVar

from app_eval.datasets.model import DEV, TEST

SPLIT_SEED = 2026_10
TEST_SHARE = 0.5

X = TypeVar("X")


def assign(units: Sequence[X], stratum: Callable[[X], tuple[str, ...]], key: Callable[[X], str],
           seed: int = SPLIT_SEED, share: float = TEST_SHARE) -> dict[str, str]:
    """key -> "dev" | "test". In each stratum (taken in sorted order) the units are shuffled with one seeded
    generator and the first round(n * share) go to test; an odd stratum's extra unit goes to the split that
    is behind so far, so the totals stay balanced."""
    rng = random.Random(seed)
    strata: dict[tuple[str, ...], list[X]] = defaultdict(list)
    for u in units:
        strata[stratum(u)].append(u)
    out: dict[str, str] = {}
    n_test = n_dev = 0
    for s in sorted(strata):
        group = sorted(strata[s], key=key)
        rng.shuffle(group)
        exact = len(group) * share
        k = int(exact)
        if exact - k > 0 and (n_test + k) / max(1, n_test + n_dev + len(group)) < share:
            k += 1
        for i, u in enumerate(group):
            out[key(u)] = TEST if i < k else DEV
        n_test += k
        n_dev += len(group) - k
    return out
