"""kg.warm calls every endpoint once, with arguments drawn from the graph, before the first user asks: on the built
world each call answers (none fails); on a graph without companies the calls end without raising."""
from __future__ import annotations

from kg.endpoints import ENDPOINTS, Context
from kg.warm import warm


def test_every_endpoint_is_called_once_with_arguments_from_the_graph(ctx):
    done = warm(ctx)
    assert {w.tool for w in done} == set(ENDPOINTS)  # a new endpoint needs its warming call
    assert [w.tool for w in done if w.status == "error"] == []
    answered = {w.tool for w in done if w.status == "ok"}
    # drawn from the graph: the busiest company is found by name, its network, history and state read
    assert {"search_companies", "explore_network", "get_node_history", "company_as_of", "get_top_entities",
            "count_entities_by_event", "rank_persons", "execute_custom_cypher"} <= answered
    assert all(w.ms > 0 for w in done)


def test_a_graph_without_companies_is_warmed_without_raising(reader, graph_settings):
    done = warm(Context(reader, graph_settings))
    assert {w.tool for w in done} == set(ENDPOINTS)


def test_the_year_asked_is_one_the_graph_has_notices_of(ctx):
    done = warm(ctx)
    counted = [w for w in done if w.tool == "count_entities_by_event"]
    assert len(counted) == 2 and all(w.status == "ok" for w in counted)
    # the companies founded in the busiest company's canton in the last year with a bankruptcy: some
    assert next(w for w in done if w.tool == "list_events").status == "ok"
