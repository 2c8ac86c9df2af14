"""The sub-rubric mix, shaped like the SHAB counts in the paper (HR02 the majority, HR01 about 16%, HR03 9%,
KK01-KK10 together 9%, LS calls to creditors about 4%), and the controller that keeps the generated mix on it."""
from __future__ import annotations

import bisect
import random

_SHARES: tuple[tuple[str, float], ...] = (
    ("HR01", 0.160), ("HR03", 0.090),
    ("KK01", 0.012), ("KK02", 0.017), ("KK03", 0.022), ("KK04", 0.010), ("KK05", 0.004), ("KK06", 0.015),
    ("KK07", 0.0015), ("KK08", 0.002), ("KK09", 0.003), ("KK10", 0.0035),
    ("LS01", 0.014), ("LS02", 0.021), ("LS03", 0.0015), ("LS04", 0.0015), ("LS05", 0.0015), ("LS06", 0.001),
    ("LS07", 0.0004), ("LS08", 0.0001),
)
TARGET_SHARES: dict[str, float] = {"HR01": 0.160, "HR02": round(1.0 - sum(s for _, s in _SHARES), 6)}
TARGET_SHARES.update(dict(_SHARES))
SUB_RUBRICS: tuple[str, ...] = ("HR01", "HR02", "HR03", *(f"KK{i:02d}" for i in range(1, 11)),
                                *(f"LS{i:02d}" for i in range(1, 9)))


class MixController:
    """Draws the next sub-rubric with probability proportional to how far its count lags behind its target share
    (systematic sampling: the realised mix tracks the targets closely, yet the order stays random). The life cycle
    may answer with a different sub-rubric (the step that must come first); `count` records what was produced."""

    def __init__(self, shares: dict[str, float] | None = None):
        shares = shares or TARGET_SHARES
        self.names = [s for s in SUB_RUBRICS if shares.get(s, 0.0) > 0]
        self.shares = [shares[s] for s in self.names]
        self._pairs = list(zip(self.names, self.shares, strict=True))
        self.counts = dict.fromkeys(SUB_RUBRICS, 0)
        self.done = 0

    def pick(self, rng: random.Random) -> str:
        n = self.done + 1
        counts = self.counts
        cum, total = [], 0.0
        for name, share in self._pairs:
            lag = share * n - counts[name]
            total += (lag if lag > 0.0 else 0.0) + 1e-9
            cum.append(total)
        return self.names[min(bisect.bisect_right(cum, rng.random() * total), len(self.names) - 1)]

    def count(self, sub_rubric: str) -> None:
        self.counts[sub_rubric] += 1
        self.done += 1
