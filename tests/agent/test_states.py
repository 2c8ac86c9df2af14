"""The state machine's transitions (paper §4.2.3) and the recovery feedback, without a graph."""
from __future__ import annotations

from agent.feedback import feedback_for
from agent.pipeline import winner
from agent.session import Session
from agent.states import S0, S1, S2, S3, S4, transition
from agent.trace import Step


def step(tool: str, status: str = "ok") -> Step:
    return Step(tool, {}, status, 1 if status == "ok" else 0, 1.0)


def anchored() -> Session:
    s = Session()
    s.focus("CHE-1", "Muster AG", "Company")
    return s


def test_several_candidates_without_anchor_is_disambiguation():
    d = transition(Session(), [step("search_companies")], candidates=3, analytic=False)
    assert d.state == S0 and "Which of these entities" in d.instruction


def test_single_entity_is_dossier_then_network_then_history_then_deep_text():
    s = anchored()
    assert transition(s, [step("search_companies")], 0, False).state == S1
    d = transition(s, [step("explore_network")], 0, False)
    assert d.state == S2 and "event history" in d.instruction and s.has_network
    d = transition(s, [step("get_node_history")], 0, False)
    assert d.state == S4 and s.has_history  # both explored: deep text search


def test_history_first_suggests_the_network():
    s = anchored()
    d = transition(s, [step("get_node_history")], 0, False)
    assert d.state == S3 and "network" in d.instruction and any("network" in x for x in d.suggestions)


def test_failed_calls_do_not_count_as_explored():
    s = anchored()
    assert transition(s, [step("explore_network", "empty")], 0, False).state == S1 and not s.has_network


def test_a_new_focus_restarts_the_exploration():
    s = anchored()
    transition(s, [step("explore_network"), step("get_node_history")], 0, False)
    s.focus("CHE-2", "Other AG", "Company")
    assert transition(s, [], 0, False).state == S1


def test_analytics_get_the_aggregate_instruction():
    d = transition(Session(), [step("count_entities_by_event")], 0, True)
    assert d.state == S0 and d.instruction.startswith("AGGREGATE")


def test_feedback_names_the_next_valid_step():
    assert "global_text_search" in feedback_for(step("search_companies", "empty"))
    assert "search_companies" in feedback_for(step("explore_network", "empty"))
    assert "refused" in feedback_for(step("execute_custom_cypher", "refused"))
    err = Step("get_top_entities", {}, "error", 0, 1.0, message="invalid arguments: limit")
    assert "invalid arguments: limit" in feedback_for(err)
    assert feedback_for(step("search_companies")) == ""


def test_winner_needs_one_clear_match():
    assert winner([{"match": 0.85}])["match"] == 0.85  # the only candidate, a good match
    assert winner([{"match": 0.75}]) is None  # the only candidate, but a loose match: the user decides
    assert winner([{"match": 0.97}, {"match": 0.7}]) is not None
    assert winner([{"match": 0.9}, {"match": 0.85}]) is None  # too close: ask the user
    assert winner([{"match": 0.75}, {"match": 0.72}]) is None
