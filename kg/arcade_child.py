"""Entry point of the embedded ArcadeDB server process (started by `kg.embedded`, not by users).

It runs in its own process because JPype allows one JVM per process and forking after the JVM
has started is unsafe. It starts ArcadeDB with the Bolt plugin on 127.0.0.1, makes sure the
database exists, then sleeps until SIGTERM/SIGINT and stops the server cleanly.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from pathlib import Path

BOLT_PLUGIN = "Bolt:com.arcadedb.bolt.BoltProtocolPlugin"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="kg.arcade_child")
    p.add_argument("--dir", required=True, type=Path)
    p.add_argument("--bolt-port", required=True, type=int)
    p.add_argument("--http-port", required=True, type=int)
    p.add_argument("--database", default="neo4j")
    p.add_argument("--heap", default="2g")
    p.add_argument("--command-timeout-ms", type=int, default=0)
    args = p.parse_args(argv)

    os.umask(0o077)  # every file the server writes (databases, WAL, users, logs) is the owner's only
    root = args.dir.resolve()
    # ArcadeDB writes ./log relative to the working directory and a crash file next to it.
    os.chdir(root)
    os.environ.setdefault("ARCADEDB_JVM_ERROR_FILE", str(root / "log" / "hs_err_pid%p.log"))
    password = (root / "password").read_text(encoding="utf-8").strip()

    # The server class directly: create_server() cannot pass the heap size to the JVM.
    from arcadedb_embedded.server import ArcadeDBServer  # noqa: PLC0415 - starts the JVM

    server = ArcadeDBServer(
        str(root / "server"),
        password,
        {
            "host": "127.0.0.1",
            "http_port": args.http_port,
            "server_plugins": BOLT_PLUGIN,
            "bolt_port": args.bolt_port,
            "bolt_defaultDatabase": args.database,
            "command_timeout": args.command_timeout_ms,
        },
        # A query that exhausts the heap kills its Bolt thread but leaks its admission slot; after four the
        # server answers no one. Exiting instead lets the next connection start a fresh server
        # (kg.embedded restarts a server whose process is gone).
        jvm_kwargs={"heap_size": args.heap, "jvm_args": ["-XX:+ExitOnOutOfMemoryError"]},
    )
    server.start()
    server.create_database(args.database)  # opens it when it already exists
    print(f"arcadedb ready bolt=127.0.0.1:{args.bolt_port} db={args.database}", flush=True)

    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    while not stop.wait(1.0):
        pass
    try:
        server.stop()
    finally:
        print("arcadedb stopped", flush=True)
        sys.stdout.flush()
        os._exit(0)  # the JVM's own shutdown hooks have run in stop(); don't wait on daemon threads


if __name__ == "__main__":
    raise SystemExit(main())
