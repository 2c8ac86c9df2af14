"""`python -m agent ask "QUESTION" [--engine offline|llm] [--uid UID] [--session FILE] [--json]`"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from agent.engines.base import EngineError
from agent.factory import make_agent
from agent.session import Session
from kg.driver import GraphUnavailable, connect
from kg.embedded import EmbeddedServerError
from kg.endpoints import Context
from kg.server import ensure_running
from kg.settings import get_settings


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agent", description="Ask the analytical agent a question.")
    sub = ap.add_subparsers(dest="command", required=True)
    ask = sub.add_parser("ask", help="answer one question (a conversation continues with --session)")
    ask.add_argument("question")
    ask.add_argument("--engine", choices=["offline", "llm"], help="default: llm when OPENAI_API_KEY/OPENAI_BASE_URL "
                                                                  "is set, else offline")
    ask.add_argument("--uid", help="the active entity (dossier mode), as a UI would pass it")
    ask.add_argument("--session", type=Path, help="a JSON file that keeps the conversation across calls")
    ask.add_argument("--json", action="store_true", help="print the full result as JSON")
    ask.add_argument("--payloads", action="store_true", help="with --json: include each tool's raw result")
    args = ap.parse_args(argv)
    settings = get_settings()
    session = Session.load(args.session)
    try:
        ensure_running(settings)  # the command starts the embedded server when none is running
        graph = connect(settings)
    except (GraphUnavailable, EmbeddedServerError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    with graph:
        agent = make_agent(Context(graph, settings), args.engine)
        try:
            result = agent.ask(args.question, session, uid=args.uid)
        except ValueError as exc:  # an unknown --uid
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except EngineError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    session.save(args.session)
    if args.json:
        print(json.dumps(result.to_dict(payloads=args.payloads), ensure_ascii=False, indent=1))
    else:
        print(result.answer)
        if result.notice:
            print(f"\nnote: {result.notice}", file=sys.stderr)
        print(f"\n[{result.engine_label} · intent {result.intent} · state {result.state} · "
              f"{len(result.trace)} tool call(s) · {result.latency_ms:.0f} ms]", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
