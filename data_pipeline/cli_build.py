"""`python -m data_pipeline build --input DIR_OR_FILES... [--extractor rules|llm] [--privacy [--tokenize-ids]]
[--json]` and `python -m data_pipeline stats [--json]`.

build runs phase 1 (structured), phase 2 (extraction), phase 3 (identity resolution) into the
configured graph (NEO4J_URI, or the embedded server), with a progress bar per phase, and prints a
summary shaped like the paper's Table 7. Re-running it on the same input changes no count.
Malformed records (and inputs that are not regular files) are quarantined with their reason in
$GAZETTE_DATA_DIR/build/quarantine.jsonl, a log every run appends to (each line names its run_id).

--privacy pseudonymizes names, places and texts before anything is written (keyed HMAC-SHA256 tokens
and uids; PRIVACY_KEY). It builds only into an empty or an already pseudonymized graph: build a
pseudonymized graph into a fresh database (a new GRAPH_DATA_DIR or Neo4j database), so that no
plaintext stays in the write-ahead log or index files of an old one.
"""
from __future__ import annotations

import argparse
import json
import sys

from neo4j.exceptions import Neo4jError

from data_pipeline import offload
from data_pipeline.build import ALL_SUB_RUBRICS, LLM_SUB_RUBRICS, build, quarantine_file, quarantined_count
from data_pipeline.extract.base import Extractor
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.privacy import Pseudonymizer, open_pseudonymizer, refusal
from data_pipeline.stats import graph_stats
from kg.driver import connect
from kg.server import ensure_running
from kg.settings import get_settings


def make_extractor(name: str) -> Extractor:
    if name == "rules":
        return RuleExtractor()
    from data_pipeline.extract.llm import LLMExtractor  # noqa: PLC0415 - pulls in the LLM client only when used

    return LLMExtractor.from_settings(get_settings())


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m data_pipeline build", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--input", nargs="+", required=True, help="directories or files (.xml, .json)")
    ap.add_argument("--extractor", choices=["rules", "llm"], default="rules")
    ap.add_argument("--sub-rubrics", help="comma-separated sub-rubrics for phase 2 "
                                          "(default: all for rules, the paper's high-value list + HR02 for llm)")
    ap.add_argument("--privacy", action="store_true",
                    help="pseudonymize names, places and texts before they are written, with keyed uids "
                         "(needs PRIVACY_KEY; into an empty or already pseudonymized graph only)")
    ap.add_argument("--tokenize-ids", action="store_true",
                    help="with --privacy, also tokenize the public identifiers (CHE uids, publication numbers "
                         "and ids). Trade-off: the graph can no longer be joined with the public SHAB by id "
                         "and citations show tokens; `python -m data_pipeline reveal TOKEN` maps one back")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no progress bars")
    return ap


def main_build(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    settings = get_settings()
    subs = args.sub_rubrics.split(",") if args.sub_rubrics else (
        ALL_SUB_RUBRICS if args.extractor == "rules" else LLM_SUB_RUBRICS)
    if args.tokenize_ids and not args.privacy:
        print("error: --tokenize-ids needs --privacy", file=sys.stderr)
        return 2
    if args.privacy and settings.privacy_key is None:
        print("error: --privacy needs PRIVACY_KEY in the environment or .env", file=sys.stderr)
        return 2
    try:
        offload.parsers()  # the environment's settings checked before anything starts
        extractor = make_extractor(args.extractor)
    except (ValueError, ImportError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    px: Pseudonymizer | None = None
    if args.privacy:
        try:
            px = open_pseudonymizer(settings, tokenize_ids=args.tokenize_ids)
        except ValueError as exc:  # a PRIVACY_KEY that is not the token table's
            print(f"error: {exc}", file=sys.stderr)
            return 2
    try:
        ensure_running(settings)  # the command owns the embedded server: started (or reused) once, here
        with connect(settings, role="writer") as graph:
            problem = refusal(graph, args.privacy, args.tokenize_ids)
            if problem:
                print(f"error: {problem}", file=sys.stderr)
                return 2
            report = build(graph, args.input, extractor, subs, settings.data_dir / "build", progress=not args.quiet,
                           privacy=px)
    finally:
        if px is not None:
            px.close()
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(f"built {report.publications:,} publications from {report.files:,} files "
              f"in {sum(report.seconds.values()):.1f}s {report.seconds} (run {report.run_id})")
        if report.quarantined:
            print(f"quarantined {report.quarantined:,} (skipped inputs among them: {report.skipped:,}), "
                  f"run_id {report.run_id}: see {quarantine_file(settings.data_dir / 'build')}")
        print(report.stats.table() if report.stats else "")
    return 0


def main_stats(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m data_pipeline stats")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    settings = get_settings()
    ensure_running(settings)
    # Counting every node and edge is a whole-graph statement: on the embedded server (one statement timeout per
    # database, the readers' 15 s) it runs as the build does, with the build's timeout (a 1M graph takes ~20 s).
    with connect(settings, role="writer" if settings.embedded else "reader") as graph, graph.long_statements():
        try:
            st = graph_stats(graph, quarantined_count(settings.data_dir / "build"))
        except Neo4jError as exc:
            print(f"error: counting the graph failed: {exc.code}: {exc.message}", file=sys.stderr)
            return 1
    print(json.dumps(st.to_dict()) if args.json else st.table())
    return 0
