"""Every endpoint runs in one envelope (kg.endpoints.base): the tool's name, the validated arguments, the
milliseconds and a typed status that still compares and serializes as the plain word."""
from __future__ import annotations

import json

import pytest
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from kg.endpoints import ENDPOINTS, Context, Status, ToolResult, call
from kg.endpoints.base import Endpoint, Rows, Stop, endpoint

CALLS = {
    "search_companies": {"query": "Gartenbau"},
    "explore_network": {"uid": "no-such-uid"},
    "get_node_history": {"uid": "no-such-uid"},
    "global_text_search": {"query": "Konkurs"},
    "get_top_entities": {"metric": "capital", "limit": 3},
    "count_entities_by_event": {"event_type": "bankruptcy"},
    "execute_custom_cypher": {"query": "MATCH (e:Event) RETURN count(e) AS n"},
    "company_as_of": {"uid": "no-such-uid", "date": "2020-01-01"},
    "list_events": {"kind": "founded", "year": 2020},
    "rank_persons": {"role": "board", "limit": 3},
    "find_connections": {"a": "no-such-uid", "b": "no-such-uid-either"},
}


def test_status_is_typed_and_still_the_plain_word():
    assert Status.OK == "ok" and Status.REFUSED == "refused" and "empty" == Status.EMPTY
    assert json.dumps({"s": Status.ERROR}) == '{"s": "error"}'
    res = ToolResult("t", {}, "empty")
    assert res.status is Status.EMPTY and res.to_dict()["status"] == "empty" and type(res.to_dict()["status"]) is str
    with pytest.raises(ValueError):
        ToolResult("t", {}, "fine")


def test_every_endpoint_fills_the_envelope(ctx):
    assert set(CALLS) == set(ENDPOINTS)
    for name, args in CALLS.items():
        res = call(ctx, name, args)
        assert isinstance(res.status, Status), name
        assert res.tool == name and res.ms > 0, name
        assert res.status in ("ok", "empty"), (name, res.message)
        assert res.status == "ok" or res.message, name  # an empty result says why
        d = res.to_dict()
        assert json.loads(json.dumps(d))["status"] == res.status.value
        assert set(args) <= set(d["args"])  # the validated arguments, defaults included


def test_errors_refusals_and_early_stops_come_back_typed_and_timed(ctx):
    cases = [("get_top_entities", {"canton": "Atlantis"}, Status.ERROR, "unknown canton"),
             ("count_entities_by_event", {"event_type": "picnic"}, Status.ERROR, "choose one of"),
             ("get_top_entities", {"limit": "many"}, Status.ERROR, "invalid arguments"),
             ("search_companies", {"query": "!!!"}, Status.ERROR, "no searchable word"),
             ("get_node_history", {"uid": "nope"}, Status.EMPTY, "search_companies"),
             ("execute_custom_cypher", {"query": "MATCH (n) DETACH DELETE n"}, Status.REFUSED, "refused"),
             ("execute_custom_cypher", {"query": "MATCH (n RETURN n"}, Status.ERROR, "failed")]
    for name, args, status, words in cases:
        res = call(ctx, name, args)
        assert res.status is status and words in res.message and res.tool == name and res.ms > 0, (name, res)
    unknown = call(ctx, "no_such_tool", {})
    assert unknown.status is Status.ERROR and "unknown tool" in unknown.message


def test_the_envelope_turns_a_failure_into_an_error_result(ctx):
    def boom(_ctx, _args):
        raise RuntimeError("graph gone")

    broken = Endpoint("broken", "never works", ENDPOINTS["search_companies"].args_model, boom)
    res = broken(ctx, {"query": "x"})
    assert res.status is Status.ERROR and res.message == "RuntimeError: graph gone" and res.ms > 0
    assert res.args == {"query": "x", "kind": "any", "limit": 10}


def test_a_body_only_returns_rows_or_stops(ctx):
    args_model = ENDPOINTS["search_companies"].args_model

    @endpoint("demo", "a demo endpoint", args_model)
    def demo(_ctx, args):
        if args.query == "stop":
            raise Stop(Status.REFUSED, "not this one", extra={"why": "test"})
        return Rows([{"q": args.query}] if args.query != "none" else [], "nothing for none", "one row")

    assert isinstance(demo, Endpoint) and demo.name == "demo"
    ok, empty, stopped = demo(ctx, {"query": "a"}), demo(ctx, {"query": "none"}), demo(ctx, {"query": "stop"})
    assert (ok.status, ok.message, ok.rows) == (Status.OK, "one row", [{"q": "a"}])
    assert (empty.status, empty.message) == (Status.EMPTY, "nothing for none")
    assert (stopped.status, stopped.message, stopped.extra) == (Status.REFUSED, "not this one", {"why": "test"})


def test_a_result_survives_a_checkpoint_round_trip():
    """The agent checkpoints ToolResults with LangGraph's serializer; the typed status comes back typed."""
    serde = JsonPlusSerializer(allowed_msgpack_modules=[("kg.endpoints.base", "ToolResult")])
    res = ToolResult("search_companies", {"query": "x"}, Status.OK, [{"uid": "u"}], "", 1.5)
    back = serde.loads_typed(serde.dumps_typed(res))
    assert back == res and back.status is Status.OK


def test_a_read_gives_plain_rows_as_they_are_and_converts_the_rest(reader, graph_settings):
    """`read` takes a row of plain values as it is and converts one with a node, a list or a map as before: the
    rows are those of converting every value."""
    from kg.endpoints.base import read
    from kg.records import to_jsonable
    ctx = Context(reader, graph_settings)
    query = ("UNWIND range(1, 3) AS i RETURN i AS n, 'x' + toString(i) AS s, i * 1.5 AS f, i > 1 AS b, null AS z, "
             "CASE WHEN i = 2 THEN [i, 'a'] WHEN i = 3 THEN {k: i} ELSE i END AS mixed")
    with reader.read_session() as s:
        expected = [to_jsonable(r.data()) for r in s.run(query)]
    assert read(ctx, query) == expected
    assert [type(r["mixed"]) for r in expected] == [int, list, dict]
