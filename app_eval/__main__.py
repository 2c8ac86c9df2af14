"""python -m app_eval run | datasets build|show | runs list|show|export|compare | worker (see --help)"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import ValidationError

from app_eval import api, report
from app_eval.config import RunConfig, default_store
from app_eval.datasets import KINDS, built_dir, load
from app_eval.export import as_csv, as_json
from app_eval.runner import run_evaluation
from app_eval.store import RunStore
from kg.settings import get_settings


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m app_eval", description="Evaluate GraphRAG against the vector baseline "
                                                                          "(tiers 1-4, SPEC §8).")
    p.add_argument("--store", type=Path, help="the run store (SQLite); default <data_dir>/runs/runs.sqlite")
    sub = p.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run tiers over the datasets and print the summary and the run id")
    run.add_argument("--tiers", default="1,2,3,4", help="comma-separated, e.g. 1,2,3,4")
    run.add_argument("--systems", default="graphrag,baseline", help="graphrag, baseline or both")
    run.add_argument("--engine", choices=["offline", "llm"], help="answer engine of both systems (default: llm when configured)")
    run.add_argument("--judge", choices=["deterministic", "llm"], default="deterministic")
    run.add_argument("--limit", type=int,
                     help="at most N questions per dataset and split (spread over its levels), N conversations per split")
    run.add_argument("--datasets", help="directory of dataset files (default: built ones, else the committed demo-world files)")
    run.add_argument("--world", help="generated world with truth.jsonl for Tier 1 (default <data_dir>/demo-world)")
    run.add_argument("--tier1-sample", type=int, default=1000, help="NameHubs sampled for Tier 1")
    run.add_argument("--label", help="a name for the run")
    run.add_argument("--splits", default="dev,test", help="dataset splits to run: dev, test or both (default)")
    run.add_argument("--phrasings", choices=["original", "all"], default="original",
                     help="original: each item's own question; all: also every paraphrase (families, four languages)")
    run.add_argument("--sets", default="automated,golden,conversational",
                     help="datasets the tiers run: automated, golden, conversational (default all)")
    run.add_argument("--workers", type=int, default=1,
                     help="questions answered at once (set it to the LLM server's parallel slots); default 1")
    run.add_argument("--background", action="store_true", help="start a background worker and return the run id")
    run.add_argument("--levels", action="store_true", help="also print the figures by level")
    run.add_argument("--json", action="store_true", help="print {run_id, summary} as JSON")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    ds = sub.add_parser("datasets", help="build or show the evaluation datasets")
    dsub = ds.add_subparsers(dest="action", required=True)
    b = dsub.add_parser("build", help="golden + conversational from a world's truth, automated from the graph")
    b.add_argument("--world", type=Path, help="default <data_dir>/demo-world")
    b.add_argument("--out", type=Path, help="default <data_dir>/eval/datasets")
    b.add_argument("--only", choices=KINDS, action="append", help="build only this dataset (repeatable)")
    b.add_argument("--paraphrase", action="store_true", help="reword automated questions with the configured LLM")
    ind = dsub.add_parser("independent", help="the golden asks and the conversations on other entities, in the "
                          "phrasings of writers from outside the project (golden: A-L, O, P dev, M, N test; "
                          "conversations: CA-CD dev, CE, CF test); run it with --sets golden,conversational "
                          "--datasets DIR")
    ind.add_argument("--writers", help="comma-separated writers, of either set (default all of both)")
    ind.add_argument("--world", type=Path, help="default <data_dir>/demo-world")
    ind.add_argument("--out", type=Path, help="default <data_dir>/eval/independent")
    s = dsub.add_parser("show", help="counts per level and category, and sample questions")
    s.add_argument("kind", nargs="?", choices=KINDS)
    s.add_argument("--dir", type=Path, help="dataset directory (default: built, else committed)")
    s.add_argument("--json", action="store_true", help="print the whole dataset")
    runs = sub.add_parser("runs", help="stored runs")
    rsub = runs.add_subparsers(dest="action", required=True)
    rl = rsub.add_parser("list")
    rl.add_argument("--json", action="store_true")
    rs = rsub.add_parser("show")
    rs.add_argument("run_id")
    rs.add_argument("--levels", action="store_true")
    rs.add_argument("--json", action="store_true")
    rx = rsub.add_parser("export")
    rx.add_argument("run_id")
    fmt = rx.add_mutually_exclusive_group(required=True)
    fmt.add_argument("--csv", action="store_true")
    fmt.add_argument("--json", action="store_true")
    rx.add_argument("--out", type=Path, help="file to write (default: stdout)")
    rc = rsub.add_parser("compare")
    rc.add_argument("run_a")
    rc.add_argument("run_b")
    rc.add_argument("--json", action="store_true")
    rk = rsub.add_parser("cancel")
    rk.add_argument("run_id")
    w = sub.add_parser("worker", help=argparse.SUPPRESS)
    w.add_argument("run_id")
    return p


def _run(args: argparse.Namespace, store: Path) -> int:
    settings = get_settings()
    try:
        config = RunConfig(tiers=[int(t) for t in args.tiers.split(",") if t.strip()],
                           systems=[s.strip() for s in args.systems.split(",") if s.strip()], engine=args.engine,
                           judge=args.judge, limit=args.limit, datasets_dir=args.datasets, world=args.world,
                           tier1_sample=args.tier1_sample, label=args.label,
                           splits=[x.strip() for x in args.splits.split(",") if x.strip()], phrasings=args.phrasings,
                           workers=args.workers, sets=[x.strip() for x in args.sets.split(",") if x.strip()])
    except (ValidationError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.background:
        run_id = api.start_run(config, settings, store)
        print(json.dumps({"run_id": run_id}) if args.json else run_id)
        return 0
    st = RunStore(store)
    try:
        run_id = run_evaluation(config, settings, st, progress=not args.quiet)
    except Exception as exc:  # noqa: BLE001 - the traceback went to stderr; the exit status says it failed
        print(f"error: {exc}", file=sys.stderr)
        return 1
    r = st.run(run_id)
    if args.json:
        print(json.dumps({"run_id": run_id, "status": r["status"], "summary": r["summary"]}, ensure_ascii=False, default=str))
    else:
        print(report.table(r["summary"], args.levels))
        print(f"run {run_id}: {r['status']} in {r['elapsed_s']:.1f} s (store {st.path})")
    return 0 if r["status"] == "done" else 1


def _datasets(args: argparse.Namespace) -> int:
    settings = get_settings()
    if args.action == "build":
        from app_eval.datasets.build import build_all  # noqa: PLC0415
        from kg.driver import connect  # noqa: PLC0415
        from kg.server import ensure_running  # noqa: PLC0415

        kinds = tuple(args.only or KINDS)
        world, out = args.world or settings.data_dir / "demo-world", args.out or built_dir(settings)
        if "automated" in kinds:
            ensure_running(settings)  # the command owns the embedded server
            with connect(settings) as graph:
                written = build_all(world, out, graph, kinds, settings, args.paraphrase)
        else:
            written = build_all(world, out, None, kinds, settings)
        for kind, path in written.items():
            print(f"{kind}: {path}")
        return 0
    if args.action == "independent":
        from app_eval.datasets import independent, independent_conversations  # noqa: PLC0415
        from app_eval.datasets.store import save  # noqa: PLC0415
        from app_eval.datasets.truth import Truth  # noqa: PLC0415

        world = args.world or settings.data_dir / "demo-world"
        golden, _ = load("golden", None, settings)
        conversational, _ = load("conversational", None, settings)
        chosen = [w.strip().upper() for w in args.writers.split(",")] if args.writers else None
        of_golden = [w for w in chosen or independent.writers() if w not in independent_conversations.writers()]
        of_convs = [w for w in chosen or independent_conversations.writers() if w in independent_conversations.writers()]
        truth, out = Truth.load(world), args.out or settings.data_dir / "eval" / "independent"
        if of_golden:
            ds = independent.build_independent(truth, golden, of_golden)
            path = save(ds, out)
            print(f"golden (independent phrasings): {path}: {len(ds.items)} items, "
                  f"{sum(len(it.paraphrases) + 1 for it in ds.items)} questions, "
                  f"splits {', '.join(sorted({it.split for it in ds.items}))}")
        if of_convs:
            ds = independent_conversations.build_independent_conversations(truth, [conversational, golden], of_convs)
            path = save(ds, out)
            print(f"conversational (independent phrasings): {path}: {len(ds.conversations)} conversations, "
                  f"{sum(len(c.turns) for c in ds.conversations)} turns, "
                  f"splits {', '.join(sorted({c.split for c in ds.conversations}))}")
        return 0
    for kind in [args.kind] if args.kind else KINDS:
        try:
            ds, path = load(kind, args.dir, settings)
        except FileNotFoundError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        if args.json:
            print(ds.model_dump_json(indent=1))
            continue
        print(f"{kind} {ds.version} ({ds.size} {'conversations' if ds.conversations else 'questions'}, built from "
              f"{ds.built_from}) {path}")
        from collections import Counter  # noqa: PLC0415

        counts = Counter((i.level, i.category) for i in ds.items) or Counter((c.goal, f"{len(c.turns)} turns")
                                                                             for c in ds.conversations)
        for (level, cat), n in sorted(counts.items()):
            print(f"  {level:<26} {cat:<18} {n:>4}")
        for q in (ds.items[:: max(1, len(ds.items) // 4)] if ds.items else [t for c in ds.conversations[:1] for t in c.turns]):
            print(f"  e.g. {q.question}")
    return 0


def _runs(args: argparse.Namespace, store: Path) -> int:
    st = RunStore(store)
    try:
        if args.action == "list":
            rows = api.list_runs(store=store)
            if args.json:
                print(json.dumps(rows, default=str))
            for r in rows if not args.json else []:
                print(f"{r['id']}  {r['status']:<9} {r['done']:>5}/{r['total']:<5} {r['elapsed_s']:>8.1f}s  tiers {r['tiers']} "
                      f"systems {r['systems']} judge {r['judge']} engine {r['engine']}  {r['label'] or ''}")
        elif args.action == "show":
            r = st.run(args.run_id)
            summary = api.load_summary(args.run_id, store=store)
            if args.json:
                print(json.dumps(r | {"summary": summary}, default=str, ensure_ascii=False))
            else:
                print(f"run {r['id']} {r['status']} ({r['phase']}) {r['done']}/{r['total']} in {r['elapsed_s']:.1f} s")
                print(report.table(summary, args.levels))
        elif args.action == "export":
            text = as_csv(st, args.run_id) if args.csv else as_json(st, args.run_id)
            if args.out:
                args.out.write_text(text, encoding="utf-8")
                print(f"wrote {args.out}")
            else:
                sys.stdout.write(text)
        elif args.action == "compare":
            rows = api.compare(args.run_a, args.run_b, store=store)
            if args.json:
                print(json.dumps(rows, default=str))
            for r in rows if not args.json else []:
                a, b, d = (f"{v:.3f}" if isinstance(v, float) else str(v) for v in (r["a"], r["b"], r["delta"]))
                print(f"{r['tier']:<3} {r['scope']:<18} {r['system']:<9} {r['metric']:<27} {a:>8} {b:>8} {d:>8}")
        elif args.action == "cancel":
            api.cancel_run(args.run_id, store=store)
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    store = args.store or default_store(get_settings())
    if args.command == "run":
        return _run(args, store)
    if args.command == "datasets":
        return _datasets(args)
    if args.command == "runs":
        return _runs(args, store)
    st = RunStore(store)  # worker: the run row holds the configuration
    config = RunConfig.model_validate({k: v for k, v in st.run(args.run_id)["config"].items() if k in RunConfig.model_fields})
    try:
        run_evaluation(config, get_settings(), st, run_id=args.run_id, progress=False)
    except Exception:  # noqa: BLE001 - recorded on the run by run_evaluation
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
