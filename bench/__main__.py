"""Run every benchmark that exists and print its figures."""
from __future__ import annotations

from bench import server_bench


def main() -> int:
    for bench in (server_bench,):
        bench.main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
