"""Embedded graph server: cold start (new data dir), restart (existing data), idle RSS."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.common import scratch_settings, tree_rss
from kg.embedded import EmbeddedServer


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = scratch_settings(Path(tmp))
        server = EmbeddedServer(settings)
        t0 = time.perf_counter()
        st = server.start()
        cold = time.perf_counter() - t0
        time.sleep(5)
        idle = tree_rss(st.pid) / 2**20
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
