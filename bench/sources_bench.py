"""SHAB reader: parse throughput (publications/s) and peak memory, measured in a child process."""
from __future__ import annotations

import json
import subprocess
import sys

from bench.common import scale, world

CHILD = """
import json, resource, sys, time
from data_pipeline.sources import Quarantine, read_publications
q = Quarantine(); t = time.perf_counter(); n = 0
for _ in read_publications([sys.argv[1]], q):
    n += 1
dt = time.perf_counter() - t
print(json.dumps({"n": n, "seconds": dt, "quarantined": q.count,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(n: int) -> dict:
    w = world(n)
    out = subprocess.run([sys.executable, "-c", CHILD, str(w / "xml")], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    print("== SHAB reader (parse of generated per-publication XML) ==")
    for n in (scale(100_000),):
        r = measure(n)
        print(f"{r['n']:>9,} publications: {r['n'] / r['seconds']:8,.0f} publications/s, "
              f"peak RSS {r['peak_mb']:6.0f} MB, quarantined {r['quarantined']}")
