"""Command line: generate a synthetic SHAB world.

    python -m data_pipeline generate --publications 100000 --seed 42 --out data/synth [--start-date 2019-01-01] [--json]
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import sys
import time
from pathlib import Path

from tqdm import tqdm

from .engine import DEFAULT_START, generate_world


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m data_pipeline generate",
                                description="Generate a seeded synthetic SHAB world (XML publications + truth.jsonl).")
    p.add_argument("--publications", type=int, required=True, help="number of publications to generate")
    p.add_argument("--seed", type=int, required=True, help="random seed (same seed => byte-identical output)")
    p.add_argument("--out", type=Path, required=True, help="output directory (xml/NNN/*.xml and truth.jsonl)")
    p.add_argument("--start-date", type=dt.date.fromisoformat, default=DEFAULT_START,
                   help=f"date of the first publication (default {DEFAULT_START.isoformat()})")
    p.add_argument("--years", type=float, default=7.0, help="years the publications are spread over (default 7)")
    p.add_argument("--force", action="store_true", help="replace an existing xml/ folder in --out")
    p.add_argument("--json", action="store_true", help="print the summary as JSON on stdout")
    return p


class _Progress:
    """tqdm on a terminal; otherwise a line every 10% with publications/s and ETA (on stderr)."""

    def __init__(self, total: int):
        self.total = total
        self.bar = None
        self.t0 = time.perf_counter()
        self.next_report = 0.1
        if sys.stderr.isatty():
            self.bar = tqdm(total=total, unit="pub", file=sys.stderr, smoothing=0.05)
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        if self.bar is not None:
            self.bar.update(done - self.done)
        elif total and done / total >= self.next_report:
            elapsed = time.perf_counter() - self.t0
            rate = done / elapsed if elapsed > 0 else 0.0
            eta = (total - done) / rate if rate > 0 else 0.0
            print(f"generate: {done}/{total} publications, {rate:,.0f}/s, ETA {eta:,.0f} s", file=sys.stderr, flush=True)
            while self.next_report <= done / total:
                self.next_report += 0.1
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.publications < 0:
        print("--publications must be >= 0", file=sys.stderr)
        return 2
    progress = _Progress(args.publications)
    try:
        summary = generate_world(args.publications, args.seed, args.out, start_date=args.start_date, years=args.years,
                                 overwrite=args.force, progress=progress)
    except FileExistsError as e:
        progress.close()
        print(f"generate: {e}", file=sys.stderr)
        return 1
    progress.close()
    if args.json:
        print(json.dumps(dataclasses.asdict(summary), ensure_ascii=False, indent=2))
        return 0
    print(f"Generated {summary.publications} publications ({summary.start_date} .. {summary.end_date}) in "
          f"{summary.seconds:.1f} s ({summary.publications_per_second:,.0f}/s) into {summary.out_dir}")
    print(f"  companies: {summary.companies}  persons: {summary.persons}  files: {summary.files}")
    total = max(summary.publications, 1)
    for sub, count in summary.counts.items():
        if count:
            print(f"  {sub}: {count:8d}  ({100.0 * count / total:5.2f} %)")
    print(f"  truth: {summary.truth}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
