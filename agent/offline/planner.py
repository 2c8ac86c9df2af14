"""The offline engine's loop: which tool next, from what the question asks and what was found so far.

Entity questions: search (unless an anchor or uid is known) -> the tools the asked facts need
(network for persons and connections, history for events and dates, the profile row for address,
purpose, capital...). Empty search -> full-text fallback. Aggregates: one server-side aggregation.
"""
from __future__ import annotations

from agent import intents as I
from agent.engines.base import ToolCall, Turn
from agent.offline import compare
from agent.offline.understand import EVENT_FACTS, PROFILE_FACTS, Understanding


def _called(turn: Turn, tool: str) -> bool:
    return any(s.tool == tool for s in turn.trace)


def next_call(u: Understanding, turn: Turn) -> ToolCall | None:
    if u.go_global:
        return None
    if u.compare:
        return compare.next_call(turn, u.compare, u.pair)
    if u.graph is not None and u.graph.entities != 1:  # a list, a ranking, a connection: one call
        return None if _called(turn, u.graph.tool) else ToolCall(u.graph.tool, u.graph.args)
    if u.intent == I.ANALYTICS:
        if turn.trace:
            return None
        if u.count is not None:
            return ToolCall("count_entities_by_event", u.count)
        return ToolCall("get_top_entities", u.rank or {})
    if u.intent == I.ALL and u.text_query:
        return None if _called(turn, "global_text_search") else ToolCall("global_text_search", {"query": u.text_query})
    s = turn.session
    if not s.current_uid:
        if not _called(turn, "search_companies"):
            query = u.uid or u.name
            kind = u.kind
            if kind == "any" and u.facts & {*PROFILE_FACTS, *EVENT_FACTS, "persons"}:
                kind = "company"  # an address, capital or foundation date belongs to a company, not a person
            return ToolCall("search_companies", {"query": query, "kind": kind}) if query else None
        last = turn.trace[-1]
        if last.tool == "search_companies" and last.status == "empty" and not _called(turn, "global_text_search"):
            return ToolCall("global_text_search", {"query": u.name or u.uid})
        return None  # several candidates (S0) or nothing at all
    uid, facts = s.current_uid, u.facts
    if u.graph is not None:  # the company on a date, its former seats or names
        if _called(turn, u.graph.tool) or s.current_kind != "Company":
            return None
        return ToolCall(u.graph.tool, u.graph.args | {"uid": uid})
    if facts == {"unread"}:
        return None  # the entity is identified; what is asked about it the rules cannot tell (synthesis says so)
    company = s.current_kind == "Company"
    wants_network = bool(facts & {"network", "persons", "dossier", "head_office", "branches", "auditor"}) or (
        not company and not facts <= {"history", *EVENT_FACTS})  # a person is known by their companies and roles
    wants_history = bool(facts & ({"history", "dossier", *EVENT_FACTS} | (set(PROFILE_FACTS) if company else set())))
    # a head office asked where: the own seat answers when the company is no branch
    wants_profile = bool(facts & {*PROFILE_FACTS, "dossier", "deletion", "bankruptcy"}) or (
        not company and bool(facts & {"persons"})) or ("head_office" in facts and u.place_asked)
    if wants_profile and turn.profile is None and not _called(turn, "search_companies"):
        query = uid if company and uid.upper().startswith("CHE") else (s.current_name or uid)
        return ToolCall("search_companies", {"query": query, "kind": "company" if company else "person"})
    if wants_network and not _called(turn, "explore_network"):
        return ToolCall("explore_network", {"uid": uid})
    if wants_history and not _called(turn, "get_node_history"):
        return ToolCall("get_node_history", {"uid": uid})
    return None
