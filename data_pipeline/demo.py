"""`python -m data_pipeline demo`: the demo world, generated and built once, then reused.

A fixed seed gives every presenter the same world (and so the same answers). The world is
complete when its truth file ends with the summary line; the graph is built when it holds every
publication of the world and nothing is left to extract.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from data_pipeline.build import ALL_SUB_RUBRICS, build, complete_older_graph
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.generator import GENERATOR_VERSION, generate_world
from data_pipeline.phase2 import pending_uids
from data_pipeline.stats import graph_stats
from kg.driver import Graph, connect
from kg.server import ensure_running
from kg.settings import get_settings

DEMO_SEED = 2026
DEMO_PUBLICATIONS = 20_000


def world_complete(world: Path) -> dict | None:
    """The summary record of a fully generated world of this generator version, or None."""
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
    return rec if rec.get("type") == "summary" and rec.get("generator") == GENERATOR_VERSION else None


def _clear_stale_graph(graph: Graph) -> None:
    """A demo graph built from an older world would mix two worlds. The embedded demo graph is the
    project's own and is cleared; a configured Neo4j is never cleared behind its owner's back."""
    if graph.backend != "arcadedb":
        raise SystemExit("the configured Neo4j holds a graph built from an older demo world; clear it "
                         "(MATCH (n) DETACH DELETE n) or point NEO4J_URI at an empty database, then run the demo again")
    _clear_graph(graph, "built from an older demo world")


def _clear_graph(graph: Graph, why: str) -> None:
    print(f"clearing the embedded graph {why}", file=sys.stderr)
    with graph.driver.session(database=graph.database) as s:
        s.run("MATCH (s:GraphSummary) DETACH DELETE s").consume()  # first: no summary outlives a clear cut short
        while s.run("MATCH (n) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS c").single()["c"]:
            pass


# What a build older than the graph model left out: a register notice without the state after the act (phase 1
# keeps it since the history endpoints), a name hub without its post counts (phase 3 writes them since the
# threshold scan of rank_persons), a register notice of a court-opened bankruptcy without the opening its text
# states (phase 1 reads it since data_pipeline/extract/court.py). The embedded graph is then built again from
# empty; a configured Neo4j is built again in place (its owner clears it for a clean build).
OUTDATED = ("""
MATCH (e:Event) WHERE e.rubric = 'HR' AND e.after_name IS NULL AND e.status_after IS NULL
RETURN e.uid AS uid LIMIT 1
""", "MATCH (h:NameHub) WHERE h.companies IS NULL RETURN h.uid AS uid LIMIT 1", """
MATCH (e:Event) WHERE e.sub_rubric = 'HR02' AND e.changes CONTAINS 'bankruptcy.dissolution'
  AND e.bankruptcy_opened IS NULL AND e.full_text CONTAINS 'Konkurs eröffnet'
RETURN e.uid AS uid LIMIT 1
""", """
MATCH (c:Company)-[:HEAD_OFFICE_OF|PROVIDES_ASSURANCE_TO]->(m:Event)
WHERE m.publication_date = c.as_of
WITH DISTINCT c
MATCH (c)-[:HAS_EVENT]->(e:Event)
WITH c, max(e.publication_date) AS own
WHERE own < c.as_of
RETURN c.uid AS uid LIMIT 1
""", """
MATCH (e:Event) WHERE e.sub_rubric = 'HR02' AND e.changes CONTAINS 'revocation' AND e.status_after IS NULL
RETURN e.uid AS uid LIMIT 1
""", """
MATCH (e:Event)<-[r:ACTED_IN]-(p:Person)
WHERE r.status = 'registered' AND r.signature IS NULL AND e.full_text CONTAINS ('[bisher: ' + p.name + ',')
RETURN e.uid AS uid LIMIT 1
""")  # the fourth: a notice naming a company (a branch's head office) dated its state and held back its own notices;
# the fifth: the register's notice of a revoked bankruptcy did not make the company active again; the last: the old
# name of a person registered under a new one ("[bisher: Metthofer, Sarah, ...]") was registered, not renamed


def _outdated(graph: Graph) -> bool:
    with graph.driver.session(database=graph.database) as s:
        if all(s.run(query).single() is None for query in OUTDATED):
            return False
    print("the demo graph predates the current graph model; building it again", file=sys.stderr)
    return True


def main(argv: list[str] | None = None) -> int:
    settings = get_settings()
    world = settings.data_dir / "demo-world"
    summary = world_complete(world)
    if summary is None:
        print(f"generating the demo world ({DEMO_PUBLICATIONS:,} publications, seed {DEMO_SEED}) in {world}",
              file=sys.stderr)
        generate_world(DEMO_PUBLICATIONS, DEMO_SEED, world, overwrite=True)
        regenerated = True
    else:
        regenerated = False
        print(f"reusing the demo world in {world}", file=sys.stderr)
    ensure_running(settings)  # the demo command owns the embedded server: started (or reused) once, here
    with connect(settings, role="writer") as graph:
        graph.ensure_schema()
        if regenerated and graph_stats(graph).events:
            _clear_stale_graph(graph)
        outdated = graph_stats(graph).events > 0 and _outdated(graph)
        if outdated and graph.backend == "arcadedb":
            # a build in place keeps a company's state where a later notice already set it (`as_of`), so a value
            # phase 1 derives anew from an older notice would stay missing: the project's own graph is rebuilt
            _clear_graph(graph, "built by an older graph model")
        st = graph_stats(graph)
        if st.events >= DEMO_PUBLICATIONS and not pending_uids(graph, ALL_SUB_RUBRICS) and not outdated:
            print(f"reusing the demo graph ({st.events:,} events)", file=sys.stderr)
            complete_older_graph(graph)
        else:
            report = build(graph, [str(world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, settings.data_dir / "build")
            st = report.stats or st
    print(st.table())
    return 0
