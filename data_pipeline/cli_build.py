"""`python -m data_pipeline build --input DIR_OR_FILES... [--extractor rules|llm] [--privacy] [--json]`
and `python -m data_pipeline stats [--json]`.

build runs phase 1 (structured), phase 2 (extraction), phase 3 (identity resolution) into the
configured graph (NEO4J_URI, or the embedded server), with a progress bar per phase, and prints a
summary shaped like the paper's Table 7. Re-running it on the same input changes no count.
"""
from __future__ import annotations

import argparse
import json
import sys

from data_pipeline.build import ALL_SUB_RUBRICS, LLM_SUB_RUBRICS, build, quarantined_count
from data_pipeline.extract.base import Extractor
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.privacy import is_pseudonymized
from data_pipeline.stats import graph_stats
from kg.driver import connect
from kg.settings import get_settings


def make_extractor(name: str) -> Extractor:
    if name == "rules":
        return RuleExtractor()
    from data_pipeline.extract.llm import LLMExtractor  # noqa: PLC0415 - pulls in the LLM client only when used

    return LLMExtractor.from_settings(get_settings())


def main_build(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m data_pipeline build", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--input", nargs="+", required=True, help="directories or files (.xml, .json)")
    ap.add_argument("--extractor", choices=["rules", "llm"], default="rules")
    ap.add_argument("--sub-rubrics", help="comma-separated sub-rubrics for phase 2 "
                                          "(default: all for rules, the paper's high-value list + HR02 for llm)")
    ap.add_argument("--privacy", action="store_true", help="pseudonymize names, places and texts (needs PRIVACY_KEY)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no progress bars")
    args = ap.parse_args(argv)
    settings = get_settings()
    subs = args.sub_rubrics.split(",") if args.sub_rubrics else (
        ALL_SUB_RUBRICS if args.extractor == "rules" else LLM_SUB_RUBRICS)
    if args.privacy and settings.privacy_key is None:
        print("error: --privacy needs PRIVACY_KEY in the environment or .env", file=sys.stderr)
        return 2
    try:
        extractor = make_extractor(args.extractor)
    except (ValueError, ImportError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with connect(settings, role="writer") as graph:
        if not args.privacy and is_pseudonymized(graph):
            # phase 1 would write plaintext names back into a pseudonymized graph
            print("error: this graph is pseudonymized; build into it only with --privacy", file=sys.stderr)
            return 2
        report = build(graph, args.input, extractor, subs, settings.data_dir / "build", progress=not args.quiet)
        if args.privacy:
            from data_pipeline.privacy import pseudonymize_graph  # noqa: PLC0415

            report.phase3["privacy"] = pseudonymize_graph(graph, settings)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(f"built {report.publications:,} publications from {report.files:,} files "
              f"in {sum(report.seconds.values()):.1f}s {report.seconds}")
        print(report.stats.table() if report.stats else "")
    return 0


def main_stats(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m data_pipeline stats")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    settings = get_settings()
    with connect(settings) as graph:
        st = graph_stats(graph, quarantined_count(settings.data_dir / "build"))
    print(json.dumps(st.to_dict()) if args.json else st.table())
    return 0
