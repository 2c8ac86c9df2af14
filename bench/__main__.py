"""Run the benchmarks and print their figures: `python -m bench` runs every one, `python -m bench baseline
build` only those named."""
from __future__ import annotations

import sys

from bench import (
    agent_bench,
    baseline_bench,
    build_bench,
    chat_bench,
    eval_bench,
    generator_bench,
    server_bench,
    sources_bench,
)

BENCHES = {"server": server_bench, "generator": generator_bench, "sources": sources_bench, "build": build_bench,
           "agent": agent_bench, "baseline": baseline_bench, "chat": chat_bench, "eval": eval_bench}


def main(argv: list[str] | None = None) -> int:
    names = sys.argv[1:] if argv is None else argv
    unknown = [n for n in names if n not in BENCHES]
    if unknown:
        print(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(BENCHES)}", file=sys.stderr)
        return 2
    for name in names or BENCHES:
        BENCHES[name].main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
