"""python -m agent.baseline index [--json] | ask "QUESTION" [--engine offline|llm] [--session FILE] [--json]"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from agent.baseline.api import Baseline
from agent.baseline.store import VariantMismatch
from agent.session import Session
from kg.settings import get_settings


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m agent.baseline", description="Vector-RAG baseline over the Event texts")
    sub = p.add_subparsers(dest="command", required=True)
    ix = sub.add_parser("index", help="embed the graph's Event texts into Chroma (re-runs add only what changed)")
    ix.add_argument("--json", action="store_true", help="print the report as JSON")
    ix.add_argument("--quiet", action="store_true", help="no progress bar")
    ask = sub.add_parser("ask", help="answer a question from the top-5 notices")
    ask.add_argument("question")
    ask.add_argument("--engine", choices=["offline", "llm"], help="default: llm when configured, else offline")
    ask.add_argument("--session", type=Path, help="JSON file carrying the conversation across calls")
    ask.add_argument("--json", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    baseline = Baseline(get_settings())
    if args.command == "index":
        try:
            report = baseline.index(progress=not args.quiet)
        except (VariantMismatch, ValueError) as e:  # another precision's vectors on a Chroma server, a token in clear
            print(f"error: {e}", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(report.to_dict()))
        else:
            if report.rebuilt:
                print(f"the collection held another embedder variant's vectors: rebuilt with {report.embedder}")
            print(f"{report.events:,} events: {report.added:,} added, {report.reembedded:,} re-embedded, "
                  f"{report.metadata_updated:,} metadata updated, {report.deleted:,} deleted; "
                  f"{report.documents:,} documents in {report.seconds:.1f} s ({report.embedder})")
        return 0
    session = Session.load(args.session)
    try:
        result = baseline.ask(args.question, history=session.turns, engine=args.engine)
    except (RuntimeError, ValueError) as e:  # e.g. the LLM engine asked for without a configured endpoint
        print(f"error: {e}", file=sys.stderr)
        return 2
    session.add("user", args.question)
    session.add("assistant", result.answer)
    session.save(args.session)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(result.answer)
        print(f"\n[{result.engine_label} · {result.latency_ms} ms]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
