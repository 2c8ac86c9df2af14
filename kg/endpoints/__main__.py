"""`python -m kg.endpoints NAME --args JSON [--json]`: call one semantic endpoint on the configured graph."""
from __future__ import annotations

import argparse
import json
import sys

from kg.driver import GraphUnavailable, connect
from kg.embedded import EmbeddedServerError
from kg.endpoints import ENDPOINTS, Context, call
from kg.server import ensure_running
from kg.settings import get_settings


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m kg.endpoints", description=__doc__)
    ap.add_argument("name", choices=sorted(ENDPOINTS))
    ap.add_argument("--args", default="{}", help='arguments as JSON, e.g. \'{"query": "Muster AG"}\'')
    ap.add_argument("--json", action="store_true", help="print the whole result as JSON")
    ns = ap.parse_args(argv)
    try:
        args = json.loads(ns.args)
    except json.JSONDecodeError as exc:
        ap.error(f"--args is not JSON: {exc}")
    settings = get_settings()
    try:
        ensure_running(settings)  # a command owns the embedded server: started once, here
        with connect(settings) as graph:
            res = call(Context(graph, settings), ns.name, args)
    except (GraphUnavailable, EmbeddedServerError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if ns.json:
        print(json.dumps(res.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(f"{res.tool}: {res.status}, {len(res.rows)} rows, {res.ms:.0f} ms" + (f" — {res.message}" if res.message else ""))
        for row in res.rows:
            print("  " + json.dumps(row, ensure_ascii=False)[:200])
    return {"ok": 0, "empty": 0, "refused": 2}.get(res.status, 1)


if __name__ == "__main__":
    sys.exit(main())
