"""Means with bootstrap 95% confidence intervals (fixed seed: the same records give the same figures)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np

SEED = 20260
RESAMPLES = 2000


@dataclass(frozen=True)
class Estimate:
    mean: float | None
    lo: float | None
    hi: float | None
    n: int  # values that went into the mean
    missing: int  # scores that were expected but absent (failed or unparseable judge calls)

    def to_dict(self) -> dict:
        return asdict(self)


def bootstrap(values: Sequence[float], missing: int = 0, resamples: int = RESAMPLES, seed: int = SEED) -> Estimate:
    """Percentile bootstrap of the mean; one value has no spread, so its interval is the value itself."""
    if not values:
        return Estimate(None, None, None, 0, missing)
    arr = np.asarray(values, dtype=float)
    mean = float(arr.mean())
    if len(arr) == 1:
        return Estimate(mean, mean, mean, 1, missing)
    rng = np.random.default_rng(seed)
    means = arr[rng.integers(0, len(arr), size=(resamples, len(arr)))].mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return Estimate(mean, float(lo), float(hi), len(arr), missing)
