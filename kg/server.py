"""`python -m kg.server start|stop|status [--json]`: manage the embedded graph server.

With NEO4J_URI set the product talks to that Neo4j instead; `status` then reports it.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from kg.embedded import EmbeddedServer, EmbeddedServerError, ServerStatus
from kg.settings import get_settings


def _external_status() -> ServerStatus:
    from kg.driver import get_driver  # noqa: PLC0415

    settings = get_settings()
    try:
        with get_driver(settings) as drv:
            drv.verify_connectivity()
        running = True
    except Exception:  # noqa: BLE001 - reported as not running
        running = False
    return ServerStatus(running, settings.neo4j_uri or "", "neo4j", None, "")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m kg.server", description=__doc__)
    p.add_argument("action", choices=["start", "stop", "status"])
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    args = p.parse_args(argv)
    settings = get_settings()

    if not settings.embedded:
        if args.action != "status":
            print(f"NEO4J_URI is set ({settings.neo4j_uri}): the embedded server is not used", file=sys.stderr)
            return 2
        st = _external_status()
        _print(st.to_dict(), args.json, f"neo4j at {st.uri}: {'running' if st.running else 'unreachable'}")
        return 0 if st.running else 1

    server = EmbeddedServer(settings)
    try:
        if args.action == "start":
            t0 = time.monotonic()
            st = server.start()
            out = st.to_dict() | {"seconds": round(time.monotonic() - t0, 2)}
            _print(out, args.json, f"embedded graph running at {st.uri} (pid {st.pid}, data {st.data_dir})")
        elif args.action == "stop":
            stopped = server.stop()
            _print({"stopped": stopped}, args.json, "stopped" if stopped else "not running")
        else:
            st = server.status()
            _print(st.to_dict(), args.json, f"embedded graph at {st.uri}: {'running' if st.running else 'stopped'}")
            return 0 if st.running else 1
    except EmbeddedServerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def _print(obj: dict, as_json: bool, text: str) -> None:
    print(json.dumps(obj) if as_json else text)


if __name__ == "__main__":
    raise SystemExit(main())
