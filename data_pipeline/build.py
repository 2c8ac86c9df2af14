"""The build: sources -> phase 1 -> phase 2 -> phase 3 into the configured graph.

One bad record never stops a build: whatever goes wrong while reading, mapping or writing one record,
or extracting one event, quarantines it with its reason and the run goes on. The full-text indexes,
dropped for the bulk load, are restored in a `finally`, so search works even after a build that failed.
Each run has an id; the quarantine log (`quarantine.jsonl`) is appended to, never deleted, and
`last_build.json` holds the counts of the last run. Under `--privacy` a keyed `Pseudonymizer` turns
every row into tokens before it is written (see `privacy.py`).
"""
from __future__ import annotations

import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from data_pipeline import offload
from data_pipeline.ahead import ahead
from data_pipeline.company_updates import CompanyUpdates
from data_pipeline.extract.base import Extractor
from data_pipeline.gc_budget import fewer_collections
from data_pipeline.offload import Offload
from data_pipeline.phase1 import backfill_kind_scopes, backfill_scopes, write_kept, write_rows
from data_pipeline.phase1_rows import prepare, read_rows
from data_pipeline.phase2 import run_phase2
from data_pipeline.phase3 import CompanyHubs, count_hubs, run_phase3, settle_nodes, summarized
from data_pipeline.privacy import PLAIN, Pseudonymizer
from data_pipeline.progress import bar
from data_pipeline.sources import Quarantine, iter_files, read_chunk
from data_pipeline.stats import GraphStats, graph_stats
from data_pipeline.summaries import (
    count_events,
    event_counts_summarized,
    invalidate,
    list_counts_summarized,
    name_words_summarized,
    schema_summarized,
    seat_cantons_summarized,
    summarize_event_counts,
    summarize_list_counts,
    summarize_name_words,
    summarize_schema,
    summarize_seat_cantons,
    summarize_tops,
    tops_summarized,
    write_event_counts,
)
from data_pipeline.text_spool import TextSpool
from data_pipeline.uid_ledger import UidLedger
from kg import company_tops, event_counts, list_counts, name_words, seat_cantons
from kg.ddl import FULLTEXT_INDEX, SCHEMA_UID
from kg.driver import Graph
from kg.files import private_dir, write_private_text

log = logging.getLogger(__name__)

ALL_SUB_RUBRICS = [f"HR{i:02d}" for i in range(1, 8)] + [f"KK{i:02d}" for i in range(1, 13)] + \
    [f"LS{i:02d}" for i in range(1, 9)]
# Paper §4.1.3: foundations, bankruptcies and liquidations, plus HR02 where board changes live.
LLM_SUB_RUBRICS = ["HR01", "HR02", "KK02", "KK03", "KK06", "LS01", "LS02"]


@dataclass
class BuildReport:
    publications: int = 0
    files: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    mentions: int = 0
    phase3: dict = field(default_factory=dict)
    stats: GraphStats | None = None
    run_id: str = ""
    quarantined: int = 0  # records refused and inputs skipped by this run
    skipped: int = 0  # of those, inputs that are not regular files (never opened)
    # phases 1-2: uids looked up in the graph, and those the build's ledger answered without it (`uid_ledger`)
    lookups: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["stats"] = self.stats.to_dict() if self.stats else None
        return d


def last_build_file(state_dir: Path) -> Path:
    return state_dir / "last_build.json"


def quarantine_file(state_dir: Path) -> Path:
    return state_dir / "quarantine.jsonl"


def quarantined_count(state_dir: Path) -> int:
    """Records quarantined by the last run (the log itself keeps every run)."""
    f = last_build_file(state_dir)
    return json.loads(f.read_text()).get("quarantined", 0) if f.exists() else 0


def complete_older_graph(graph: Graph) -> None:
    """What a complete graph built by older code lacks, written without a rebuild: the notices' scopes (by kind
    too), the counts rank_persons reads and the summaries. Nothing to write on a current graph (a few scans)."""
    graph.ensure_schema()
    with graph.long_statements():
        backfill_scopes(graph)
        backfill_kind_scopes(graph)
        if not summarized(graph):
            log.info("counting the persons' companies per role group and canton")
            for summary in (company_tops.SUMMARY_UID, event_counts.HEAD_UID, list_counts.HEAD_UID):
                invalidate(graph, summary)  # phase 3 may merge or absorb nodes
            run_phase3(graph)
        if not tops_summarized(graph):
            summarize_tops(graph)
        if not event_counts_summarized(graph):
            summarize_event_counts(graph)  # and the list counts
        elif not list_counts_summarized(graph):
            summarize_list_counts(graph)
        if not seat_cantons_summarized(graph):
            summarize_seat_cantons(graph)
        if not name_words_summarized(graph):
            summarize_name_words(graph)
        if not schema_summarized(graph):
            summarize_schema(graph)


def _phase1(graph: Graph, files: list[Path], q: Quarantine, px: Pseudonymizer, batch_files: int,
            progress: bool, processes: bool | None = None, ledger: UidLedger | None = None,
            spool: TextSpool | None = None) -> int:
    """Batches are written in file order; the next one is read and parsed meanwhile (`ahead`), in a second process
    on a large build (`offload`: parsing costs more CPU than the server's writes). What reading a chunk quarantined is
    logged just before its batch is written, so the log reads as if the two ran one after the other. On a build that
    found the graph empty the companies' updates are written once each, at the end (`company_updates`)."""
    chunks = [files[i: i + batch_files] for i in range(0, len(files), batch_files)]
    kept = CompanyUpdates(ledger is not None and ledger.fresh)
    written = 0
    # the rows are made beside the writes too, but a keyed pseudonymizer's table is in this process: mapped here
    mapped = not px.keyed
    with bar("phase 1 structured", len(files), "file", progress) as pb, \
            Offload(offload.use(len(files), processes), processes=offload.parsers()) as off:
        for chunk, got in zip(chunks, ahead(lambda c: off.run(read_rows if mapped else read_chunk, c), chunks,
                                            off.processes), strict=True):
            items, failed, entries = got if mapped else (None, [], got[1])
            for e in entries:
                q.add(e.source, e.reason, e.kind)
            for name, reason in failed:
                q.add(name, reason)
            if items is None:
                items = prepare(got[0], px, q.add)
            written += write_rows(graph, items, q.add, ledger, spool, kept)
            pb.update(len(chunk))
    write_kept(graph, kept, q.add)
    return written


def _phase3(graph: Graph, px: Pseudonymizer, fresh: bool, quarantined: int) -> tuple[dict, GraphStats]:
    """Phase 3 with the full-text indexes and the summaries the build writes last; its counts, and the whole graph's
    (`graph_stats`, with the build's `quarantined` records). `fresh`: the build found the graph empty
    (`UidLedger.fresh`)."""
    # The notices are final: their texts' index is built now, and ArcadeDB's compaction of it (as long as the build
    # again) runs beside phase 3 instead of holding up the names' indexes built after it. (Phase 3 cannot run beside
    # the build of the index itself: the server answers no other statement meanwhile.)
    graph.resume_fulltext(FULLTEXT_INDEX)
    seen = CompanyHubs()
    settled = settle_nodes(graph, px, fresh)
    # Once the nodes are settled, the counts per kind of notice (and of list) read the notices, companies and persons
    # while the hubs are counted, which writes none of what they read (the server and this process each have work
    # for a core: at 100,000 notices 7-10 s, with the hubs' 20-25 s); they are written after the hubs' summary, as
    # always, so that the summaries lie in the store in the same order (the schema summary samples them). Then the
    # top companies, the seats' cantons and the names' words, while the server builds the names' full-text indexes;
    # the tops count each company's notices and persons from the passes that read them already (the companies'
    # notices for the counts, every post in phase 3).
    # The schema summary after both, so that it lists the indexes and the summaries' properties every time.
    with ThreadPoolExecutor(1) as pool:
        counting = pool.submit(count_events, graph)
        stats = asdict(count_hubs(graph, settled, seen, fresh))
        events = counting.result()
        if events is not None:
            write_event_counts(graph, events)
        def summaries() -> None:
            summarize_tops(graph, events.notices if events is not None else None, seen.hubs if seen.complete else None)
            summarize_seat_cantons(graph)
            summarize_name_words(graph)

        tops = pool.submit(summaries)
        graph.ensure_schema()  # the names' full-text indexes
        tops.result()
        schema = pool.submit(summarize_schema, graph)
        counted = graph_stats(graph, quarantined)  # whole-graph counts, read while the schema is sampled
        schema.result()
    return stats, counted


def _restore_fulltext(graph: Graph) -> None:
    """After a failed build: rebuild the full-text indexes it dropped; a failure here is logged, not raised over
    the build's own."""
    try:
        graph.ensure_schema()  # the full-text indexes (texts, company and hub names)
    except Exception:
        log.exception("could not restore the full-text indexes after a failed build; run the build again")


def build(graph: Graph, inputs: list[str], extractor: Extractor, sub_rubrics: list[str], state_dir: Path,
          batch_files: int = 500, progress: bool = True, *, privacy: Pseudonymizer | None = None,
          processes: bool | None = None, ledger: bool = True) -> BuildReport:
    """Phases 1-3 of `inputs` into `graph`. `processes`: whether phase 1's reading and a rule extractor run in a
    second process (`data_pipeline.offload`; None: on a build large enough, where the machine has two cores).
    `ledger`: whether a build that finds the graph empty looks up only the uids it may have written
    (`data_pipeline.uid_ledger`) and reads the notices' texts in phase 2 from a copy phase 1 kept
    (`data_pipeline.text_spool`): the same graph either way."""
    px = privacy or PLAIN
    report = BuildReport()
    private_dir(state_dir)
    q = Quarantine(quarantine_file(state_dir))  # appended to: it is the log of every run
    report.run_id = q.run_id
    files = list(iter_files(inputs))
    report.files = len(files)
    # the server's read timeout is lifted for the build's own statements
    with graph.long_statements(), fewer_collections():
        uids = UidLedger.for_graph(graph, len(files)) if ledger else UidLedger(False)
        spool = TextSpool.for_build(state_dir, uids.fresh)
        try:
            _run(graph, files, extractor, sub_rubrics, state_dir, batch_files, progress, px, q, report, processes, uids,
                 spool)
        finally:
            spool.close()
        report.lookups = {"looked_up": uids.looked_up, "skipped": uids.skipped}
    if px.keyed:
        report.phase3["privacy"] = px.counts()
    return report


def _run(graph: Graph, files: list[Path], extractor: Extractor, sub_rubrics: list[str], state_dir: Path,
         batch_files: int, progress: bool, px: Pseudonymizer, q: Quarantine, report: BuildReport,
         processes: bool | None, ledger: UidLedger, spool: TextSpool) -> None:
    failed = True
    try:  # the indexes are restored below whatever fails, dropping them included
        graph.ensure_schema(fulltext=False)
        # the summaries are written again below, once the graph holds this run
        for summary in (company_tops.SUMMARY_UID, event_counts.HEAD_UID, list_counts.HEAD_UID, seat_cantons.SUMMARY_UID,
                        name_words.HEAD_UID, SCHEMA_UID):
            invalidate(graph, summary)
        graph.suspend_fulltext()  # rebuilt in bulk (phase 2 writes every event, phases 2-3 the names)
        t0 = time.perf_counter()
        # notices written before scopes by month and kind scopes existed (nothing to read on an empty graph)
        backfill_scopes(graph)
        backfill_kind_scopes(graph)
        report.publications = _phase1(graph, files, q, px, batch_files, progress, processes, ledger, spool)
        report.seconds["phase1"] = round(time.perf_counter() - t0, 2)

        t0 = time.perf_counter()
        with bar(f"phase 2 {extractor.name}", None, "event", progress) as pb:
            p2 = run_phase2(graph, extractor, sub_rubrics, on_start=lambda n: setattr(pb, "total", n) or pb.refresh(),
                            on_progress=pb.update, px=px, on_error=lambda uid, reason: q.add(f"event {uid}", reason),
                            processes=processes, ledger=ledger, spool=spool)
        spool.close()  # the texts are in the graph; the copy is deleted as soon as phase 2 is done
        report.mentions = p2.mentions
        report.seconds["phase2"] = round(time.perf_counter() - t0, 2)

        t0 = time.perf_counter()
        report.phase3, report.stats = _phase3(graph, px, ledger.fresh, q.count)
        report.seconds["phase3"] = round(time.perf_counter() - t0, 2)
        failed = False
    finally:
        if failed:
            _restore_fulltext(graph)
        q.close()
        report.quarantined, report.skipped = q.count, q.skipped
        write_private_text(last_build_file(state_dir), json.dumps({
            "run_id": q.run_id, "completed": not failed, "quarantined": q.count, "skipped": q.skipped,
            "files": len(files), "publications": report.publications}))
