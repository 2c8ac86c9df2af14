"""Run every benchmark that exists and print its figures."""
from __future__ import annotations

from bench import agent_bench, baseline_bench, build_bench, chat_bench, generator_bench, server_bench, sources_bench


def main() -> int:
    for bench in (server_bench, generator_bench, sources_bench, build_bench, agent_bench, baseline_bench, chat_bench):
        bench.main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
