"""Synthetic SHAB world generator: publications per second and peak RSS for 100,000 publications
(and 1,000,000 with BENCH_MILLION=1). Each size runs in a fresh subprocess so its peak RSS is its own;
the generated files are deleted afterwards.

Two figures per size: end to end (XML files + truth.jsonl on disk, usually bound by file creation) and the
generation alone (same world, nothing written), which is the generator's own CPU cost."""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 42


def _child(n: int, out: str | None) -> dict:
    """Runs inside the subprocess: one generation, then its own resource usage."""
    t0 = time.perf_counter()
    if out is not None:
        from data_pipeline.generator import generate_world
        summary = generate_world(n, SEED, Path(out))
        companies, persons = summary.companies, summary.persons
    else:
        import datetime as dt

        from data_pipeline.generator.lifecycle import World
        from data_pipeline.generator.mix import MixController
        from data_pipeline.generator.xml_writer import render
        counts = {"company": 0, "person": 0}

        def emit(record: dict) -> None:
            if record["type"] in counts:
                counts[record["type"]] += 1

        world = World(SEED, n, dt.date(2019, 1, 1), 7.0, emit)
        world.prewarm()
        mix = MixController()
        for i in range(n):
            notice = world.produce(mix.pick(world.rng), int(i / world.rate))
            mix.count(notice.sub_rubric)
            render(notice).encode("utf-8")
            world.after_publication()
        world.finish()
        companies, persons = counts["company"], counts["person"]
    seconds = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"n": n, "seconds": seconds, "per_second": n / seconds, "peak_rss_mb": usage.ru_maxrss / 1024,
            "user_s": usage.ru_utime, "sys_s": usage.ru_stime, "companies": companies, "persons": persons}


def _run(n: int, write: bool) -> dict:
    tmp = tempfile.mkdtemp(prefix="shab-gen-bench-") if write else None
    try:
        args = [sys.executable, "-m", "bench.generator_bench", "--child", str(n)] + ([tmp] if tmp else [])
        proc = subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True)
        result = json.loads(proc.stdout.strip().splitlines()[-1])
        if tmp:
            size = sum(p.stat().st_size for p in Path(tmp).rglob("*") if p.is_file())
            result["disk_mb"] = size / 2**20
        return result
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    sizes = [100_000]
    if os.environ.get("BENCH_MILLION") == "1":
        sizes.append(1_000_000)
    print("== synthetic SHAB world generator ==")
    for n in sizes:
        full = _run(n, write=True)
        print(f"{n:>9,} publications, end to end (files + truth): {full['per_second']:8,.0f} publ/s "
              f"({full['seconds']:.1f} s; cpu user {full['user_s']:.1f} s, sys {full['sys_s']:.1f} s), "
              f"peak RSS {full['peak_rss_mb']:.0f} MB, {full['disk_mb']:.0f} MB on disk, "
              f"{full['companies']:,} companies, {full['persons']:,} persons")
        gen = _run(n, write=False)
        print(f"{n:>9,} publications, generation only (no disk):  {gen['per_second']:8,.0f} publ/s "
              f"({gen['seconds']:.1f} s), peak RSS {gen['peak_rss_mb']:.0f} MB")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--child":
        out_dir = sys.argv[3] if len(sys.argv) > 3 else None
        print(json.dumps(_child(int(sys.argv[2]), out_dir)))
    else:
        main()
