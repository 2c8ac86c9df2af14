"""Progress bars for long phases: records/s and ETA on stderr, silent when asked."""
from __future__ import annotations

import sys

from tqdm import tqdm


def bar(desc: str, total: int | None, unit: str, enabled: bool = True) -> tqdm:
    return tqdm(total=total, desc=desc, unit=unit, unit_scale=True, file=sys.stderr, disable=not enabled,
                dynamic_ncols=True, mininterval=0.5, smoothing=0.1)
