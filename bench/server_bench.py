"""Embedded graph server: cold start (new data dir), restart (existing data), idle RSS."""
from __future__ import annotations

import socket
import tempfile
import time
from pathlib import Path

import psutil

from kg.embedded import EmbeddedServer
from kg.settings import Settings


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_mb(pid: int) -> float:
    proc = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [proc, *proc.children(recursive=True)]) / 2**20


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(NEO4J_URI=None, GRAPH_DATA_DIR=Path(tmp), GRAPH_BOLT_PORT=_free_port(),
                            GRAPH_HTTP_PORT=_free_port(), _env_file=None)
        server = EmbeddedServer(settings)
        t0 = time.perf_counter()
        st = server.start()
        cold = time.perf_counter() - t0
        time.sleep(5)
        idle = _rss_mb(st.pid)
        server.stop()
        restarts = []
        for _ in range(3):
            t0 = time.perf_counter()
            server.start()
            restarts.append(time.perf_counter() - t0)
            server.stop()
        server.start()
        t0 = time.perf_counter()
        server.start()  # finds the running server and reuses it
        reuse = time.perf_counter() - t0
        server.stop()
    restarts.sort()
    print("== embedded graph server (ArcadeDB + Bolt) ==")
    print(f"cold start (new data dir, until a Bolt query succeeds): {cold:6.2f} s")
    print(f"restart with existing data, median of 3:                {restarts[1]:6.2f} s")
    print(f"start when already running (reuse):                     {reuse:6.2f} s")
    print(f"idle RSS after start:                                   {idle:6.0f} MB")
