"""Latency of every semantic endpoint and of `agent ask` (offline engine) on built graphs of 30,000 and 100,000
publications (1,000,000 with BENCH_1M=1; BENCH_PUBLICATIONS for one size): p50/p95 per endpoint, per question, tool
calls per question, and the p95 curve across the sizes. Each graph is built once and kept in data/bench/."""
from __future__ import annotations

import random
import statistics
import time

from agent.offline.engine import OfflineEngine
from agent.pipeline import Agent
from agent.session import Session
from bench.common import BuiltGraph, sizes
from kg.endpoints import Context, call
from kg.endpoints.base import read

SAMPLE = 40
EVERY_POST_CALLS = 5  # rank_persons calls also run reading every post (seconds each at 100,000)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _entities(ctx: Context, n: int = SAMPLE) -> tuple[list[dict], list[dict]]:
    """`n` companies and `n` person hubs, drawn with a fixed seed (the first `SAMPLE` of a larger draw are the same)."""
    rng = random.Random(7)
    # the first 5,000 the graph returns, sorted here (an ORDER BY of every company exceeds the server's query heap
    # budget at a million publications)
    companies = sorted(read(ctx, "MATCH (c:Company) WHERE c.strength = 'strong' AND c.status = 'active' "
                                 "RETURN c.uid AS uid, c.name AS name LIMIT 5000"), key=lambda r: r["uid"])
    hubs = sorted(read(ctx, "MATCH (p:Person)-[:HAS_NAME]->(h:NameHub) RETURN DISTINCT h.uid AS uid, h.name AS name "
                            "LIMIT 5000"), key=lambda r: r["uid"])
    return rng.sample(companies, min(n, len(companies))), rng.sample(hubs, min(n, len(hubs)))


# The companies of some persons: pairs find_connections joins (a person and a company of theirs, two companies of one
# person), beside random pairs, which are seldom joined within three notices
LINKED = """
UNWIND $hubs AS u
MATCH (h:NameHub {uid: u})<-[:HAS_NAME]-(:Person)-[:ACTED_IN]->(:Event)<-[:HAS_EVENT]-(c:Company)
WHERE c.strength = 'strong'
RETURN u AS hub, collect(DISTINCT c.uid)[0..2] AS companies
"""


def _linked(ctx: Context, persons: list[dict]) -> list[dict]:
    """find_connections' arguments of joined pairs: a person and a company of theirs, then two companies of one
    person (a chain of one notice, of two)."""
    found = {r["hub"]: r["companies"] for r in read(ctx, LINKED, hubs=[p["uid"] for p in persons])}
    own = [{"a": p["uid"], "b": found[p["uid"]][0]} for p in persons if found.get(p["uid"])]
    shared = [{"a": cs[0], "b": cs[1]} for p in persons if len(cs := found.get(p["uid"], [])) > 1]
    return own[:5] + shared[:10]


CANTONS = ["ZH", "BE", "GE", "VD", "TI", "AG", "SG", "LU"]
WARM_CANTONS = ["SZ", "NE", "FR", "VS", "GR", "SO", "BL", "TG"]  # the calls on the server just started (other cantons)


def _typo(name: str) -> str:
    """The name with two neighbouring letters of its longest word swapped, the slip of a quick typist ("Gartenbau"
    -> "Gartnebau"): found by the fuzzy pass of search_companies (or an earlier one, by its other words)."""
    words = name.split()
    i = max(range(len(words)), key=lambda k: len(words[k]))
    w = words[i]
    k = next((k for k in range(len(w) // 2, len(w) - 1) if w[k].isalpha() and w[k + 1].isalpha() and w[k] != w[k + 1]),
             None)
    if k is not None:
        words[i] = w[:k] + w[k + 1] + w[k] + w[k + 2:]
    return " ".join(words)


def _calls(companies: list[dict], persons: list[dict], cantons: list[str] = CANTONS,
           linked: list[dict] | None = None) -> dict[str, list[dict]]:
    return {
        "search_companies": [{"query": c["name"][:-2] if len(c["name"]) > 8 else c["name"]} for c in companies]
        + [{"query": p["name"], "kind": "person"} for p in persons[:10]],
        "search_companies (typo)": [{"query": _typo(c["name"])} for c in companies[:20]],
        "explore_network": [{"uid": e["uid"]} for e in companies[:25] + persons[:15]],
        "get_node_history": [{"uid": e["uid"]} for e in companies[:25] + persons[:15]],
        "global_text_search": [{"query": c["name"].split()[0]} for c in companies],
        "get_top_entities": [{"metric": m, "canton": k} for m in ("capital", "notices") for k in cantons],
        "count_entities_by_event": [{"event_type": t, "canton": k, "year": 2022} for t in ("bankruptcy", "foundation")
                                    for k in cantons]
        + [{"event_type": t, "group_by": "year", "canton": k} for t in ("bankruptcy", "foundation") for k in (None, *cantons[:2])]
        + [{"event_type": t, "group_by": "canton", "year": y} for t in ("liquidation", "deletion") for y in (2021, 2023)],
        "execute_custom_cypher": [{"query": "MATCH (c:Company {uid: $u})-[:HAS_EVENT]->(e:Event) RETURN count(e) AS n",
                                   "params": {"u": c["uid"]}} for c in companies[:20]],
        # the graph-native endpoints (issue 17)
        "company_as_of": [{"uid": c["uid"], "date": d} for c in companies[:20] for d in ("2020-06-30", "2023-06-30")],
        "list_events": [{"kind": k, "canton": c, "year": 2022} for k in ("founded", "moved", "merged", "deleted")
                        for c in cantons[:5]] + [{"kind": "moved", "from_place": "Zürich", "to_place": "Zug"},
                                                 {"kind": "renamed", "since": "2023-01-01"}],
        "rank_persons": [{"metric": m, "role": r, "canton": c} for m in ("companies", "mandates") for r in ("board", None)
                         for c in (None, cantons[0], cantons[2])] + [{"role": "board", "min_count": k} for k in (2, 3, 4)],
        "find_connections": [{"a": a["uid"], "b": b["uid"]} for a, b in zip(companies[:10], companies[20:30], strict=False)]
        + [{"a": p["uid"], "b": c["uid"]} for p, c in zip(persons[:5], companies[:5], strict=False)] + (linked or []),
    }


def _questions(companies: list[dict], persons: list[dict]) -> list[str]:
    qs = []
    for i, c in enumerate(companies):
        qs.append(["What is the address of {n}?", "Who are the board members of {n}?", "When was {n} founded?",
                   "Show the network of {n}", "Wo ist der Sitz der {n}?"][i % 5].format(n=c["name"]))
    for p in persons[:10]:
        last, _, first = p["name"].partition(", ")
        qs.append(f"Who is {first} {last}?")
    qs += ["Top 10 companies by capital in Geneva", "How many bankruptcies in canton Zürich in 2024?",
           "Wie viele Konkurse gab es 2023?", "How many companies were founded per year?",
           "Which notices mention Gartenbau?"]
    return qs


def _timed(ctx: Context, name: str, arg_list: list[dict]) -> tuple[list[float], int]:
    """Each call's latency (ms) in order, and how many answered with another status than ok."""
    ms, empty = [], 0
    for args in arg_list:
        t0 = time.perf_counter()
        res = call(ctx, name.split(" ")[0], args)  # "search_companies (typo)": search_companies
        ms.append((time.perf_counter() - t0) * 1000)
        empty += res.status != "ok"
    return ms, empty


def _every_post(ctx: Context, arg_list: list[dict]) -> list[float]:
    """rank_persons as it runs on a graph without the hubs' counts (every ACTED_IN post read), for the ratio in one
    run."""
    from kg.endpoints import persons  # noqa: PLC0415

    saved, persons.SUMMARY = persons.SUMMARY, "MATCH (s:BaseNode {uid: $uid}) WHERE s.version < 0 RETURN s AS summary"
    try:
        return _timed(ctx, "rank_persons", arg_list)[0]
    finally:
        persons.SUMMARY = saved


def endpoints(n: int) -> dict[str, tuple[float, float]]:
    """Prints and returns each endpoint's p50 and p95 (ms) on a graph of `n` publications, then the agent's."""
    with BuiltGraph(n) as bg:
        ctx = Context(bg.graph, bg.settings)
        companies, persons = _entities(ctx, 2 * SAMPLE)
        # each endpoint is first called as often with arguments none of its timed calls has (other entities, other
        # cantons), on the server just started: its JVM compiles the code each query shape runs, and the first calls
        # of each endpoint there take up to twice as long; those calls are shown apart ('just started'). The timed
        # calls then read data no call read before, on a server that has answered calls: one in use.
        warm = _calls(companies[SAMPLE:], persons[SAMPLE:], WARM_CANTONS, _linked(ctx, persons[SAMPLE:]))
        companies, persons = companies[:SAMPLE], persons[:SAMPLE]
        linked = _linked(ctx, persons)
        print(f"== endpoints on a graph of {n:,} publications (ms; {SAMPLE} sampled entities; server heap "
              f"{bg.settings.graph_heap_size}; 'just started': as many calls with other arguments first, on the server "
              "just started; p50/p95: the timed calls, their data read for the first time; 'again': the timed calls "
              "repeated) ==")
        print(f"{'endpoint':<26}{'calls':>6}{'p50':>9}{'p95':>9}{'max':>9}{'just started p95':>18}{'empty':>7}"
              f"{'again p50':>11}{'p95':>6}")
        out = {}
        t0 = time.perf_counter()  # the first custom query reads the graph's schema for the guard, once per graph
        call(ctx, "execute_custom_cypher", {"query": "MATCH (c:Company) RETURN count(c) AS n"})
        print(f"{'(schema read, once)':<26}{1:>6}{(time.perf_counter() - t0) * 1000:>9.0f}")
        for name, arg_list in _calls(companies, persons, CANTONS, linked).items():
            started = _timed(ctx, name, warm[name])[0]
            ms, empty = _timed(ctx, name, arg_list)
            again = _timed(ctx, name, arg_list)[0]  # the same calls once more: their pages read
            out[name] = (pct(ms, .5), pct(ms, .95))
            print(f"{name:<26}{len(ms):>6}{pct(ms, .5):>9.0f}{pct(ms, .95):>9.0f}{max(ms):>9.0f}"
                  f"{pct(started, .95):>18.0f}{empty:>7}{pct(again, .5):>11.0f}{pct(again, .95):>6.0f}", flush=True)
            if name == "rank_persons" and n <= 100_000:
                some = ms[:EVERY_POST_CALLS]
                full = _every_post(ctx, arg_list[:EVERY_POST_CALLS])
                print(f"{'  … every post read':<26}{len(full):>6}{pct(full, .5):>9.0f}{pct(full, .95):>9.0f}"
                      f"   (the same {len(full)} calls: stored counts p95 / every post read p95 "
                      f"{pct(some, .95) / pct(full, .95):.3f})")
        agent = Agent(ctx, OfflineEngine())
        latencies, tools = [], []
        for q in _questions(companies, persons):
            t0 = time.perf_counter()
            a = agent.ask(q, Session())
            latencies.append((time.perf_counter() - t0) * 1000)
            tools.append(len(a.trace))
        print(f"== agent ask, offline engine: {len(latencies)} questions ==")
        print(f"latency p50 {pct(latencies, .5):.0f} ms, p95 {pct(latencies, .95):.0f} ms; tool calls per question: "
              f"mean {statistics.mean(tools):.2f}, max {max(tools)}")
        out["agent ask"] = (pct(latencies, .5), pct(latencies, .95))
        return out


def main() -> None:
    curve = {n: endpoints(n) for n in sizes()}
    if len(curve) > 1:
        print("== p95 (ms) as the graph grows ==")
        print(f"{'endpoint':<26}" + "".join(f"{n:>11,}" for n in curve) + f"{'last/first':>12}")
        first, *_, last = curve.values()
        for name in first:
            print(f"{name:<26}" + "".join(f"{c[name][1]:>11.0f}" for c in curve.values())
                  + f"{last[name][1] / max(first[name][1], 0.001):>11.2f}x")
