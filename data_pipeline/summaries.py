"""The `GraphSummary` nodes a build writes last: what the endpoints read instead of a scan of the whole graph
(`kg.hub_counts` for rank_persons, `kg.company_tops` for get_top_entities, `kg.event_counts` for
count_entities_by_event, `kg.list_counts` and `kg.seat_cantons` for list_events, `kg.name_words` for the typo pass of
search_companies and the offline engine's linker). Each carries a `version`; a build
marks them invalid (version 0) before it changes the graph and writes them again at its end, so a build that stops
halfway leaves no summary that disagrees with the graph (the endpoints then read the graph itself).
"""
from __future__ import annotations

import json
import logging
import uuid
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType

from neo4j import ManagedTransaction, Record

from data_pipeline.inserts import existing, insert, missing, to_write
from kg import company_tops, event_counts, list_counts, name_words, seat_cantons
from kg.ddl import INDEX_BUILD_S, SCHEMA_UID, SCHEMA_VERSION
from kg.driver import Graph
from kg.event_scope import GROUPED_TYPES
from kg.hub_counts import SUMMARY_LABEL

log = logging.getLogger(__name__)
INSERT_SUMMARY = insert(SUMMARY_LABEL)
UPDATE_SUMMARIES = "UNWIND $rows AS row MATCH (s:BaseNode {uid: row.uid}) SET s += row"
INVALIDATE_SUMMARY = "MATCH (s:BaseNode {uid: $uid}) WHERE s.version <> 0 SET s.version = 0"  # (written once)
VERSION_OF = "MATCH (s:BaseNode {uid: $uid}) RETURN s.version AS version"
# the nodes of a summary set (a head and its chunks or cells, their uids "<prefix>|...") that this build did not write
PRUNE_SET = (f"MATCH (s:{SUMMARY_LABEL}) WHERE s.uid STARTS WITH $prefix + '|' AND NOT s.uid IN $keep "
             "DETACH DELETE s")


def invalidate(graph: Graph, uid: str) -> None:
    graph.write((INVALIDATE_SUMMARY, {"uid": uid}))


def write_summary(graph: Graph, uid: str, version: int, props: dict[str, object]) -> None:
    """The summary node `uid` with these properties (created when missing), valid."""
    write_summaries(graph, [props | {"uid": uid, "version": version}])


def write_summaries(graph: Graph, rows: list[dict[str, object]]) -> None:
    """Summary nodes (each row with its uid), created when missing, in one transaction. Where `rows` are a whole set
    (a head whose uid is the prefix of the others': chunks of words, cells of counts), the set's nodes an earlier
    build wrote and this one did not (a vocabulary that needs fewer chunks now, a canton no longer counted) are
    removed with it: the head names only its own, and nothing is kept that no reader asks for."""
    uids = [str(r["uid"]) for r in rows]
    heads = [u for u in uids if "|" not in u and any(v.startswith(u + "|") for v in uids)]

    def work(tx: ManagedTransaction) -> None:
        present = existing(tx, uids)
        for q, p in to_write([(UPDATE_SUMMARIES, {"rows": [r for r in rows if r["uid"] in present]}),
                              (INSERT_SUMMARY, {"rows": missing(rows, present)})]):
            tx.run(q, **p).consume()
        for prefix in heads:
            tx.run(PRUNE_SET, prefix=prefix, keep=uids).consume()

    graph.transact(work)


def is_valid(graph: Graph, uid: str, version: int) -> bool:
    with graph.driver.session(database=graph.database) as s:
        return [r["version"] for r in s.run(VERSION_OF, uid=uid)] == [version]


def _stream(graph: Graph, query: str) -> Iterator[Record]:
    """The rows of `query`, read when iterated: streams consumed one after the other are never held whole (a second
    `run` on a session while the first result is open makes the driver buffer all of that result)."""
    with graph.driver.session(database=graph.database) as s:
        yield from s.run(query)


def summarize_tops(graph: Graph, notices: Mapping[str, int] | None = None,
                   persons: Mapping[str, set[str]] | None = None) -> None:
    """The top companies of each metric, in all cantons and in each (`kg.company_tops`). `notices` (company uid ->
    notices) and `persons` (company uid -> its persons' NameHubs): where a pass of the build counted them already
    (`summarize_event_counts`, phase 3's count of every hub), else read here. A summary is an optimization: when it
    cannot be computed, the build goes on, says so, and get_top_entities sorts by query."""
    try:
        if notices is None:
            notices = company_tops.notice_counts(_stream(graph, company_tops.NOTICES))
        if persons is None:
            persons = company_tops.hub_sets(_stream(graph, company_tops.PERSONS))
        found = company_tops.values(_stream(graph, company_tops.COMPANIES), notices, persons)
    except Exception:
        log.exception("could not summarize the top companies; get_top_entities will sort every company")
        return
    props: dict[str, object] = {}
    for metric, rows in found.items():
        props |= {k: json.dumps(v) for k, v in company_tops.tops(metric, rows).items()}
    write_summary(graph, company_tops.SUMMARY_UID, company_tops.VERSION, props)


@dataclass
class EventCounts:
    """What `count_events` counted, to be written (`write_event_counts`): the summary rows of `kg.event_counts` and of
    `kg.list_counts`, and each company's notices, which the same pass counts for `summarize_tops`."""
    rows: list[tuple[ModuleType, list[dict[str, object]]]]
    notices: Counter


def count_events(graph: Graph) -> EventCounts | None:
    """The notices, companies and persons of each kind of notice per canton and year (`kg.event_counts`), and the
    companies of each kind list_events lists (`kg.list_counts`), from one pass over the companies' notices; nothing
    written (None when the pass failed)."""
    lists = list_counts.Tally()
    notices: Counter = Counter()

    def companies() -> Iterator[dict]:
        for r in list_counts.WITH_EVENT_COUNTS.rows(_stream(graph, list_counts.WITH_EVENT_COUNTS.query)):
            lists.add(r)
            notices[r["who"]] += 1
            yield r

    try:
        counted = event_counts.count(_stream(graph, event_counts.NOTICES), companies(),
                                     _stream(graph, event_counts.PERSONS), GROUPED_TYPES)
    except Exception:
        log.exception("could not count the notices per kind, canton and year; count_entities_by_event and list_events "
                      "will count them")
        return None
    return EventCounts([(event_counts, event_counts.rows(counted, uuid.uuid4().hex, GROUPED_TYPES)),
                        (list_counts, list_counts.rows(lists.cells(), uuid.uuid4().hex))], notices)


def write_event_counts(graph: Graph, counted: EventCounts) -> None:
    """Each summary of `counted` in one transaction, its head node with it. An optimization: where one cannot be
    written, its endpoint counts."""
    for module, rows in counted.rows:
        try:
            write_summaries(graph, rows)
        except Exception:  # the head stays invalid (marked at the build's start): the endpoint counts
            log.exception("could not write the counts of %s; its endpoint will count them", module.__name__)


def summarize_event_counts(graph: Graph) -> Counter | None:
    """`count_events`, written; returns each company's notices for `summarize_tops` (None when the pass failed)."""
    counted = count_events(graph)
    if counted is None:
        return None
    write_event_counts(graph, counted)
    return counted.notices


def summarize_list_counts(graph: Graph) -> None:
    """Only the companies of each kind list_events lists (`kg.list_counts`): a graph whose other counts are
    current."""
    try:
        counted = list_counts.count(list_counts.STREAM.rows(_stream(graph, list_counts.STREAM.query)))
        write_summaries(graph, list_counts.rows(counted, uuid.uuid4().hex))
    except Exception:  # the head stays invalid (marked at the build's start): the endpoint counts
        log.exception("could not count the companies of each kind of list; list_events will count them")


def summarize_seat_cantons(graph: Graph) -> None:
    """The canton of each seat (`kg.seat_cantons`), counted in the server. An optimization: when it fails, the build
    goes on and list_events reads the companies of a seat."""
    try:
        found = seat_cantons.cantons(_stream(graph, seat_cantons.COUNT))
    except Exception:
        log.exception("could not count the seats' cantons; list_events will read the companies of each seat")
        return
    write_summary(graph, seat_cantons.SUMMARY_UID, seat_cantons.VERSION, seat_cantons.props(found))


def summarize_name_words(graph: Graph) -> None:
    """The words of each name index (`kg.name_words`), read from the names themselves (the server's index does not
    list its terms). An optimization: when it fails, the build goes on and a typo is looked up by fuzzy terms."""
    try:
        counted = {index: name_words.count(r["name"] for r in _stream(graph, query))
                   for index, query in name_words.NAMES.items()}
        write_summaries(graph, name_words.rows(counted, uuid.uuid4().hex))
    except Exception:  # the head stays invalid (marked at the build's start)
        log.exception("could not summarize the names' words; search_companies will look up typos by fuzzy terms")


def summarize_schema(graph: Graph) -> None:
    """The graph's schema as the custom-Cypher tool reads it (`kg.ddl.SCHEMA_UID`), read once here on the
    read-only path. An optimization too: when it fails, the build goes on and the tool reads the schema live."""
    from kg.graph_store import GuardedGraphStore  # noqa: PLC0415 - langchain_neo4j: only where the schema is read

    try:
        props = GuardedGraphStore(graph, timeout_s=INDEX_BUILD_S).summary()
    except Exception:
        log.exception("could not summarize the schema; the custom-Cypher tool will read it from the graph")
        return
    write_summary(graph, SCHEMA_UID, SCHEMA_VERSION, props)


def list_counts_summarized(graph: Graph) -> bool:
    return is_valid(graph, list_counts.HEAD_UID, list_counts.VERSION)


def seat_cantons_summarized(graph: Graph) -> bool:
    return is_valid(graph, seat_cantons.SUMMARY_UID, seat_cantons.VERSION)


def name_words_summarized(graph: Graph) -> bool:
    return is_valid(graph, name_words.HEAD_UID, name_words.VERSION)


def schema_summarized(graph: Graph) -> bool:
    return is_valid(graph, SCHEMA_UID, SCHEMA_VERSION)


def tops_summarized(graph: Graph) -> bool:
    return is_valid(graph, company_tops.SUMMARY_UID, company_tops.VERSION)


def event_counts_summarized(graph: Graph) -> bool:
    return is_valid(graph, event_counts.HEAD_UID, event_counts.VERSION)
