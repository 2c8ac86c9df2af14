"""The full offline four-tier evaluation on the demo graph, as `make eval` runs it: the baseline's index brought
up to date (a no-op when it is), then every tier for both systems with the deterministic judge. Prints each step's
wall time, the run's record count and its own clock (from the run store), and the total against the interactive
target of 3 minutes. Needs `make demo` to have built the graph (skipped otherwise)."""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.chat_bench import demo_ready

TARGET_S = 180.0
INDEX = [sys.executable, "-m", "agent.baseline", "index"]
RUN = [sys.executable, "-m", "app_eval", "--store", "{store}", "run", "--tiers", "1,2,3,4", "--systems",
       "graphrag,baseline", "--judge", "deterministic", "--quiet", "--json"]


def _timed(cmd: list[str], root: Path) -> tuple[float, str]:
    t0 = time.perf_counter()
    done = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[1:4])} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return time.perf_counter() - t0, done.stdout


def main() -> None:
    if not demo_ready():
        print("== offline evaluation: skipped, the demo graph is not built (run `make demo` first) ==")
        return
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        index_s, _ = _timed(INDEX, root)
        run_s, out = _timed([a.format(store=Path(tmp) / "runs.sqlite") for a in RUN], root)
    summary = json.loads(out)["summary"]
    total = index_s + run_s
    print("== offline evaluation (make eval): tiers 1-4, graphrag and baseline, deterministic judge, demo graph ==")
    print(f"baseline index (up to date: a no-op)   {index_s:7.1f} s")
    print(f"four tiers, both systems                {run_s:7.1f} s   ({summary.get('records', '?')} records; "
          f"the run's own clock {summary.get('wall_s', float('nan')):.1f} s)")
    print(f"total                                   {total:7.1f} s   target {TARGET_S:.0f} s: "
          f"{total / TARGET_S:.2f}x of it, {'met' if total <= TARGET_S else 'NOT met'}")


if __name__ == "__main__":
    main()
