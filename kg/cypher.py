"""`python -m kg.cypher "QUERY" [--params JSON] [--json]`: read-only Cypher console for analysts.

Queries go through the same guard and rolled-back execution as the agent's custom Cypher tool, as the
read-only database user. Like every command, it starts the embedded server when it is not running
(`kg.server.ensure_running`).
A refused query exits with status 2 and a one-line reason; a failing one with status 1.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys

from kg.driver import GraphUnavailable, connect
from kg.embedded import EmbeddedServerError
from kg.guard import QueryRefused, check_read_only
from kg.readonly import QueryFailed, QueryTimeout, one_line, run_read_only
from kg.server import ensure_running
from kg.settings import get_settings


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m kg.cypher", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("query")
    p.add_argument("--params", default="{}", help="query parameters as a JSON object")
    p.add_argument("--json", action="store_true", help="print the rows as a JSON array")
    p.add_argument("--timeout", type=float, help="seconds (default QUERY_TIMEOUT)")
    p.add_argument("--limit", type=int, help="row cap (default QUERY_ROW_CAP)")
    args = p.parse_args(argv)
    # The driver logs a dropped connection itself; the console reports it once, in one line.
    logging.getLogger("neo4j").addHandler(logging.NullHandler())
    settings = get_settings()
    try:
        params = json.loads(args.params)
        if not isinstance(params, dict):
            raise ValueError("not an object")
    except ValueError as exc:
        print(f"refused: --params must be a JSON object ({exc})", file=sys.stderr)
        return 2
    try:
        check_read_only(args.query.removeprefix("\ufeff"))  # a refusal needs no server
        ensure_running(settings)
        with connect(settings) as graph:
            res = run_read_only(
                graph.driver, args.query, params,
                database=graph.database,
                timeout_s=args.timeout or settings.query_timeout_s,
                row_cap=args.limit or settings.query_row_cap,
            )
    except QueryRefused as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 2
    except (QueryTimeout, QueryFailed, GraphUnavailable, EmbeddedServerError, OSError) as exc:
        print(f"error: {one_line(str(exc), 500)}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(res.rows, ensure_ascii=False, default=str))
    else:
        _print_table(res.columns, res.rows)
        print(f"({len(res.rows)} rows{', truncated' if res.truncated else ''}, {res.ms:.0f} ms)")
    if res.truncated:
        print(f"note: output truncated at {len(res.rows)} rows", file=sys.stderr)
    return 0


def _print_table(columns: list[str], rows: list[dict]) -> None:
    if not columns:
        return
    cells = [[json.dumps(r.get(c), ensure_ascii=False, default=str) for c in columns] for r in rows]
    widths = [min(60, max([len(c)] + [len(row[i]) for row in cells])) for i, c in enumerate(columns)]
    print(" | ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
    print("-+-".join("-" * w for w in widths))
    for row in cells:
        print(" | ".join(v[:w].ljust(w) for v, w in zip(row, widths, strict=True)))


if __name__ == "__main__":
    raise SystemExit(main())
