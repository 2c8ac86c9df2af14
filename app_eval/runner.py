"""Executes one evaluation run: plans the records (tiers x datasets x systems), asks the systems, has the
judge score each answer, writes each record and the progress to the store as it finishes, and ends with
the summary. Cancellation is checked between records."""
from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from tqdm import tqdm

from agent.session import Session
from app_eval.config import RunConfig
from app_eval.datasets import AUTOMATED, CONVERSATIONAL, GOLDEN, Dataset, Item, load
from app_eval.datasets.truth import Truth
from app_eval.judges import JudgeInput, make_judge
from app_eval.judges.base import Judge
from app_eval.metrics.tier4 import exact_match
from app_eval.store import Record, RunStore
from app_eval.summary import DATASET_METRICS, TIER1, summarize
from app_eval.systems import BASELINE, GRAPHRAG, Reply, System, make_system
from app_eval.tier1 import sample_hubs, true_pairs
from kg.driver import connect
from kg.endpoints import Context
from kg.server import ensure_running
from kg.settings import Settings

T = TypeVar("T")


# Answered records the judge sees at once before scoring them (the deterministic judge embeds their texts in one
# call: ~2x faster than one record at a time), and how long a batch may wait for answers: with a language model
# answering in seconds, the store, the progress and a cancellation trail the answers by a few seconds, not 64 answers
JUDGE_BATCH, JUDGE_WAIT_S = 64, 5.0


class Cancelled(Exception):
    pass


def _batches(items: Iterable[T], size: int = JUDGE_BATCH, wait_s: float = JUDGE_WAIT_S) -> Iterator[list[T]]:
    """Consecutive lists of the items as they come: `size` of them, or fewer when `wait_s` has passed since the
    first one came (checked as each comes)."""
    batch: list[T] = []
    started = 0.0
    for item in items:
        if not batch:
            started = time.monotonic()
        batch.append(item)
        if len(batch) >= size or time.monotonic() - started >= wait_s:
            yield batch
            batch = []
    if batch:
        yield batch


def stratified(items: list[Item], limit: int | None) -> list[Item]:
    """The first `limit` items taken level by level in turn, so a short run still covers every level."""
    if limit is None or limit >= len(items):
        return items
    by_level: dict[str, list[Item]] = {}
    for it in items:
        by_level.setdefault(it.level, []).append(it)
    out: list[Item] = []
    queues = [list(v) for v in by_level.values()]
    while len(out) < limit:
        for q in queues:
            if q and len(out) < limit:
                out.append(q.pop(0))
    order = {it.id: n for n, it in enumerate(items)}
    return sorted(out, key=lambda it: order[it.id])


@dataclass
class Plan:
    automated: Dataset | None
    golden: Dataset | None
    conversational: Dataset | None
    automated_systems: list[str]
    golden_systems: list[str]
    conversation_systems: list[str]
    tier1: bool

    phrasings: str = "original"

    def variants(self, it: Item) -> list[tuple[str, str, str]]:
        """(family, language, question) of every phrasing of `it` this run asks."""
        own = [("original", "en", it.question)]
        return own + ([(p.family, p.language, p.question) for p in it.paraphrases] if self.phrasings == "all" else [])

    def units(self) -> int:
        n = 0
        if self.automated:
            n += sum(len(self.variants(it)) for it in self.automated.items) * len(self.automated_systems)
        if self.golden:
            n += sum(len(self.variants(it)) for it in self.golden.items) * len(self.golden_systems)
        if self.conversational:
            n += sum(len(c.turns) for c in self.conversational.conversations) * len(self.conversation_systems)
        return n


def plan(config: RunConfig, settings: Settings) -> Plan:
    from pathlib import Path  # noqa: PLC0415

    directory = Path(config.datasets_dir) if config.datasets_dir else None
    tiers = set(config.tiers)

    def get(kind: str) -> Dataset:
        ds, _ = load(kind, directory, settings)
        if ds.items:
            ds.items = [it for split in config.splits
                        for it in stratified([i for i in ds.items if i.split == split], config.limit)]
        if ds.conversations:
            ds.conversations = [c for split in config.splits
                                for c in [c for c in ds.conversations if c.split == split][:config.limit]]
        return ds

    sets = set(config.sets)
    automated_systems = [s for s in config.systems if AUTOMATED in sets and ((s == GRAPHRAG and 2 in tiers) or 3 in tiers)]
    golden = 3 in tiers and GOLDEN in sets
    conversations = 4 in tiers and CONVERSATIONAL in sets
    return Plan(automated=get(AUTOMATED) if automated_systems else None,
                golden=get(GOLDEN) if golden else None,
                conversational=get(CONVERSATIONAL) if conversations else None,
                automated_systems=automated_systems, golden_systems=list(config.systems) if golden else [],
                conversation_systems=list(config.systems) if conversations else [], tier1=1 in tiers,
                phrasings=config.phrasings)


class Runner:
    def __init__(self, config: RunConfig, settings: Settings, store: RunStore, run_id: str, progress: bool = True) -> None:
        self.config, self.settings, self.store, self.run_id = config, settings, store, run_id
        self.progress = progress
        self.done = 0
        self.judge: Judge | None = None

    @staticmethod
    def _input(rec: Record, facts: list[dict[str, Any]], answer_kind: str = "", entity_uids: tuple[str, ...] = ()
               ) -> JudgeInput:
        return JudgeInput(question=rec.question, answer=rec.answer, expected=rec.expected, facts=tuple(facts),
                          context=rec.context, answer_kind=answer_kind, category=rec.category or "",
                          entity_uids=entity_uids)

    def _judge_save(self, judged: list[tuple[Record, JudgeInput | None]], metrics: tuple[str, ...], bar: tqdm) -> None:
        """Scores and stores a batch of answered records in order (None: a record this run does not judge).
        The judge sees the batch first, so it can do at once what the scores share."""
        inputs = [item for _, item in judged if item is not None]
        if inputs:
            self.judge.prepare(inputs, metrics)
        for rec, item in judged:
            if item is not None:
                for m in metrics:
                    rec.scores[m] = self.judge.score(m, item)
            self._save(rec, bar)

    def _save(self, rec: Record, bar: tqdm) -> None:
        self.done += 1
        self.store.add_record(self.run_id, rec, self.judge.name if self.judge else "-", done=self.done)
        bar.update(1)
        if self.store.cancel_requested(self.run_id):
            raise Cancelled

    def _answer(self, system: System, tier: str, dataset: str, item_id: str, question: str, expected: str,
                session: Session, **meta: Any) -> Record:
        reply: Reply = system.ask(question, session)
        return Record(tier=tier, dataset=dataset, system=system.name, item_id=item_id, question=question, expected=expected,
                      answer=reply.answer, trace=reply.trace, context=reply.context, latency_ms=reply.latency_ms,
                      error=reply.error, extra=reply.extra, **meta)

    def _systems(self, p: Plan, ctx: Context) -> dict[str, System]:
        names = set(p.automated_systems) | set(p.golden_systems) | set(p.conversation_systems)
        systems = {n: make_system(n, ctx, self.config.engine) for n in names}
        if BASELINE in systems and systems[BASELINE].baseline.collection.count() == 0:
            raise RuntimeError("the baseline's vector index is empty: run `python -m agent.baseline index` first")
        return systems

    def _tier1(self, ctx: Context) -> Iterator[Record]:
        truth_dir = self.config.world_dir(self.settings)
        for hub in sample_hubs(ctx.graph, self.config.tier1_sample, self.config.seed):
            yield Record(tier="1", dataset=TIER1, system="graph", item_id=hub.uid, question=hub.name, category="hub",
                         extra={"members": hub.members, "comparisons": [
                             {"merged": c.merged_name, "similarity": round(c.similarity, 4), "token_match": c.token_match,
                              "true_positive": c.true_positive} for c in hub.comparisons]})
        if (truth_dir / "truth.jsonl").exists():
            counts, mentions = true_pairs(ctx.graph, Truth.load(truth_dir))
            yield Record(tier="1", dataset=TIER1, system="graph", item_id="true_pairs", category="true_pairs",
                         extra={"pairs": {"correct": counts.correct, "predicted": counts.predicted, "true": counts.true},
                                "mentions": mentions, "world": str(truth_dir)})

    def execute(self) -> dict[str, Any]:
        cfg, store = self.config, self.store
        p = plan(cfg, self.settings)
        store.update_run(self.run_id, status="running", started=time.time(), total=p.units(), phase="starting",
                         worker_pid=os.getpid(),
                         config=_config_json(cfg, p))
        self.judge = make_judge(cfg.judge, self.settings) if {3, 4} & set(cfg.tiers) else None
        ensure_running(self.settings)  # the run owns the embedded server while it lasts: started (or reused) once
        with connect(self.settings) as graph, tqdm(total=p.units(), desc="evaluation", unit="rec", file=sys.stderr,
                                                   disable=not self.progress, dynamic_ncols=True, mininterval=0.5) as bar:
            ctx = Context(graph, self.settings)
            if p.tier1:
                store.update_run(self.run_id, phase="tier 1: NameHubs")
                for rec in self._tier1(ctx):
                    store.add_record(self.run_id, rec, "-")
            systems = self._systems(p, ctx)
            tiers = set(cfg.tiers)
            for dataset, systems_for, tier in ((p.automated, p.automated_systems, None), (p.golden, p.golden_systems, "3")):
                if dataset is None:
                    continue
                for name in systems_for:
                    store.update_run(self.run_id, phase=f"{dataset.kind}: {name}")
                    rec_tier = tier or ",".join(t for t in ("2", "3") if int(t) in tiers and (t == "3" or name == GRAPHRAG))
                    units = [(it, family, language, question) for it in dataset.items
                             for family, language, question in p.variants(it)]

                    def one(unit: tuple, system: System = systems[name], kind: str = dataset.kind,
                            rec_tier: str = rec_tier) -> Record:
                        it, family, _language, question = unit
                        item_id = it.id if family == "original" else f"{it.id}~{family}"
                        return self._answer(system, rec_tier, kind, item_id, question, it.expected, Session(),
                                            level=it.level, category=it.category)

                    judged = "3" in rec_tier.split(",")
                    for batch in _batches(zip(units, self._map(one, units), strict=True)):
                        for (it, family, language, _q), rec in batch:
                            rec.extra |= {"split": it.split, "family": family, "language": language,
                                          "expected_first_tool": it.expected_first_tool, "entity_uids": it.entity_uids,
                                          "answer_kind": it.answer_kind}
                        self._judge_save([(rec, self._input(rec, [f.model_dump() for f in it.facts], it.answer_kind,
                                                            tuple(it.entity_uids)) if judged else None)
                                          for (it, *_), rec in batch], DATASET_METRICS[dataset.kind], bar)
            if p.conversational is not None:
                for name in p.conversation_systems:
                    store.update_run(self.run_id, phase=f"conversations: {name}")

                    def converse(conv: Any, system: System = systems[name]) -> list[Record]:
                        session = Session()  # one conversation, one state, carried across its turns
                        return [self._answer(system, "4", CONVERSATIONAL, f"{conv.id}.{n}", turn.question, turn.expected,
                                             session, level=conv.goal, category=conv.goal, conversation_id=conv.id, turn=n)
                                for n, turn in enumerate(conv.turns, start=1)]

                    convs = p.conversational.conversations
                    turns = ((conv, turn, rec) for conv, recs in zip(convs, self._map(converse, convs), strict=True)
                             for turn, rec in zip(conv.turns, recs, strict=True))
                    for batch in _batches(turns):
                        for conv, turn, rec in batch:
                            rec.extra |= {"tags": turn.tags, "expected_tool_behavior": turn.expected_tool_behavior,
                                          "exact_match": exact_match(rec.answer, turn.expected), "split": conv.split,
                                          "entity_uids": turn.entity_uids, "answer_kind": turn.answer_kind}
                        self._judge_save([(rec, self._input(rec, [f.model_dump() for f in turn.facts], turn.answer_kind,
                                                            tuple(turn.entity_uids))) for _, turn, rec in batch],
                                         DATASET_METRICS[CONVERSATIONAL], bar)
        return summarize(store.records(self.run_id), cfg.judge)

    def _map(self, fn: Callable[[Any], Any], units: list[Any]) -> Iterator[Any]:
        """fn over the units, `workers` at a time (the systems answer concurrently; each answer comes back in the
        units' order, so judging and storing stay sequential and the records keep their order)."""
        if self.config.workers <= 1:
            yield from map(fn, units)
            return
        with ThreadPoolExecutor(max_workers=self.config.workers, thread_name_prefix="eval") as pool:
            futures = [pool.submit(fn, u) for u in units]
            try:
                for f in futures:
                    yield f.result()
            finally:
                for f in futures:
                    f.cancel()


def _config_json(cfg: RunConfig, p: Plan) -> str:
    import json  # noqa: PLC0415

    versions = {d.kind: d.version for d in (p.automated, p.golden, p.conversational) if d is not None}
    return json.dumps(cfg.model_dump() | {"dataset_versions": versions})


def run_evaluation(config: RunConfig, settings: Settings, store: RunStore, run_id: str | None = None,
                   progress: bool = True) -> str:
    """Run to the end in this process (the CLI, and the background worker behind `start_run`)."""
    run_id = run_id or store.create_run(config.model_dump(), config.label)
    t0 = time.time()
    try:
        summary = Runner(config, settings, store, run_id, progress).execute()
    except Cancelled:
        store.update_run(run_id, status="cancelled", finished=time.time(), phase="cancelled",
                         summary=summarize(store.records(run_id), config.judge))
        return run_id
    except Exception as exc:  # noqa: BLE001 - recorded on the run, then re-raised for the CLI's exit status
        store.update_run(run_id, status="failed", finished=time.time(), error=f"{type(exc).__name__}: {exc}",
                         phase="failed")
        traceback.print_exc(file=sys.stderr)
        raise
    summary["wall_s"] = round(time.time() - t0, 1)
    store.update_run(run_id, status="done", finished=time.time(), phase="done", summary=summary)
    return run_id
