"""`python -m data_pipeline demo`: the demo world, generated and built once, then reused.

A fixed seed gives every presenter the same world (and so the same answers). The world is
complete when its truth file ends with the summary line; the graph is built when it holds every
publication of the world and nothing is left to extract.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from data_pipeline.build import ALL_SUB_RUBRICS, build
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.generator import generate_world
from data_pipeline.phase2 import pending_uids
from data_pipeline.stats import graph_stats
from kg.driver import connect
from kg.settings import get_settings

DEMO_SEED = 2026
DEMO_PUBLICATIONS = 20_000


def world_complete(world: Path) -> dict | None:
    """The summary record of a fully generated world, or None."""
    truth = world / "truth.jsonl"
    if not truth.exists():
        return None
    with open(truth, "rb") as f:
        f.seek(max(0, truth.stat().st_size - 4096))
        last = f.read().decode("utf-8", "replace").strip().splitlines()[-1]
    try:
        rec = json.loads(last)
    except ValueError:
        return None
    return rec if rec.get("type") == "summary" else None


def main(argv: list[str] | None = None) -> int:
    settings = get_settings()
    world = settings.data_dir / "demo-world"
    summary = world_complete(world)
    if summary is None:
        print(f"generating the demo world ({DEMO_PUBLICATIONS:,} publications, seed {DEMO_SEED}) in {world}",
              file=sys.stderr)
        generate_world(DEMO_PUBLICATIONS, DEMO_SEED, world, overwrite=True)
        summary = world_complete(world)
    else:
        print(f"reusing the demo world in {world}", file=sys.stderr)
    with connect(settings) as graph:
        graph.ensure_schema()
        st = graph_stats(graph)
        if st.events >= DEMO_PUBLICATIONS and not pending_uids(graph, ALL_SUB_RUBRICS):
            print(f"reusing the demo graph ({st.events:,} events)", file=sys.stderr)
        else:
            report = build(graph, [str(world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, settings.data_dir / "build")
            st = report.stats or st
    print(st.table())
    return 0
