"""`python -m kg.server start|stop|status [--json]`: manage the embedded graph server.

With NEO4J_URI set the product talks to that Neo4j instead; `status` then reports it.

`ensure_running(settings)` is the one function that starts a graph server: the app or command that owns it
calls it once at start (and again to restart a server that died); `kg.driver.connect()` never starts one.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from kg.driver import get_driver
from kg.embedded import EmbeddedServer, EmbeddedServerError, ServerStatus
from kg.settings import Settings, get_settings


def ensure_running(settings: Settings | None = None) -> ServerStatus | None:
    """Start the embedded graph server, or reuse it when it already runs (a dead one is started again); returns
    its status once it answers a Bolt query. With NEO4J_URI set nothing is started (that server is its owner's)
    and None is returned. Raises `EmbeddedServerError` (one clear message) when it cannot start."""
    settings = settings or get_settings()
    if not settings.embedded:
        return None
    return EmbeddedServer(settings).start()


def _external_status(settings: Settings) -> ServerStatus:
    try:
        with get_driver(settings) as drv:
            drv.verify_connectivity()
        running = True
    except Exception:  # noqa: BLE001 - reported as not running
        running = False
    return ServerStatus(running, settings.neo4j_uri or "", "neo4j", None, "")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m kg.server", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("action", choices=["start", "stop", "status"])
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    args = p.parse_args(argv)
    settings = get_settings()

    if not settings.embedded:
        if args.action != "status":
            print(f"NEO4J_URI is set ({settings.neo4j_uri}): the embedded server is not used", file=sys.stderr)
            return 2
        st = _external_status(settings)
        _print(st.to_dict(), args.json, f"neo4j at {st.uri}: {'running' if st.running else 'unreachable'}")
        return 0 if st.running else 1

    server = EmbeddedServer(settings)
    try:
        if args.action == "start":
            t0 = time.monotonic()
            st = server.start()  # what ensure_running does for the embedded server
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
