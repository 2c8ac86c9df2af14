"""The agent as a LangGraph graph: route -> (act -> tool)* -> control -> synthesize (paper Figure 2).

The engine decides (intent, next call, wording); the graph enforces the rest the same way for both
engines: at most four sequential tool calls, tools restricted by intent, recovery feedback after an
empty or failed call, the focus set from search results, and the state machine's instruction handed
to synthesis. Progress is streamed as custom events, so a UI can show each step as it happens.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, TypedDict

from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph

from agent.engines.base import Engine, EngineError, Turn
from agent.intents import ANALYTICS, GLOBAL_COMMAND, INTENTS, MAX_TOOL_CALLS, SEARCH, TOOLS_FOR_INTENT
from agent.session import Session
from agent.states import Decision, transition
from agent.tools import execute
from agent.trace import AgentAnswer
from kg.endpoints import Context, ToolResult
from kg.endpoints.entity import resolve

CLEAR_WINNER, CLEAR_GAP = 0.8, 0.1


class _State(TypedDict, total=False):
    turn: Turn
    call: Any
    decision: Decision
    answer: str


def _emit(event: dict[str, Any]) -> None:
    try:
        get_stream_writer()(event)
    except RuntimeError:  # outside a streaming run
        pass


def winner(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The one candidate a search identified: the only good match, or clearly the best."""
    if len(rows) == 1:
        return rows[0]
    good = [r for r in rows if r.get("match", 0) >= CLEAR_WINNER]
    if len(good) == 1 or (good and good[0]["match"] - good[1]["match"] >= CLEAR_GAP):
        return good[0]
    return None


def _apply_search(turn: Turn, res: ToolResult) -> None:
    """A search with one clear match focuses the conversation on it (dossier mode); several are an S0 table."""
    s = turn.session
    if res.status != "ok":
        return
    top = winner(res.rows)
    if top is not None:
        s.focus(top["uid"], top["name"], top["kind"])
        turn.profile, turn.candidates, s.candidates = top, [], []
    elif not s.current_uid or res.args.get("query") not in (s.current_uid, s.current_name):
        s.focus(None)
        turn.candidates = s.candidates = [
            {k: r.get(k) for k in ("uid", "name", "kind", "seat", "status", "residences", "notices") if r.get(k) is not None}
            for r in res.rows]


def build_graph(engine: Engine):  # -> CompiledStateGraph
    def route(state: _State) -> _State:
        turn = state["turn"]
        if GLOBAL_COMMAND.search(turn.question):
            turn.session.focus(None)
        intent = engine.route(turn)
        turn.intent = intent if intent in INTENTS else SEARCH
        turn.allowed = TOOLS_FOR_INTENT[turn.intent]
        _emit({"type": "route", "intent": turn.intent, "tools": list(turn.allowed), "current_uid": turn.session.current_uid})
        return {"turn": turn}

    def act(state: _State) -> _State:
        turn = state["turn"]
        call = engine.next_call(turn) if len(turn.trace) < MAX_TOOL_CALLS else None
        return {"turn": turn, "call": call}

    def tool(state: _State) -> _State:
        turn, call = state["turn"], state["call"]
        _emit({"type": "tool_start", "tool": call.tool, "args": call.args, "index": len(turn.trace)})
        step, res = execute(turn.ctx, call.tool, call.args, turn.allowed)
        turn.trace.append(step)
        turn.results.append(res)
        if res.tool == "search_companies":
            _apply_search(turn, res)
        engine.observe(turn, step, res)
        _emit({"type": "tool_end", "step": step})
        return {"turn": turn, "call": None}

    def control(state: _State) -> _State:
        turn = state["turn"]
        ranked = turn.intent == ANALYTICS and turn.results and turn.results[-1].tool == "get_top_entities"
        listed = len(turn.candidates) or (len(turn.results[-1].rows) if ranked else 0)
        decision = transition(turn.session, turn.trace, listed, turn.intent == ANALYTICS)
        turn.session.state = decision.state
        _emit({"type": "state", "state": decision.state, "instruction": decision.instruction})
        return {"turn": turn, "decision": decision}

    def synthesize(state: _State) -> _State:
        turn = state["turn"]
        text = engine.synthesize(turn, state["decision"], lambda piece: _emit({"type": "token", "text": piece}))
        return {"turn": turn, "answer": text}

    g = StateGraph(_State)
    for name, fn in (("route", route), ("act", act), ("tool", tool), ("control", control), ("synthesize", synthesize)):
        g.add_node(name, fn)
    g.add_edge(START, "route")
    g.add_edge("route", "act")
    g.add_conditional_edges("act", lambda s: "tool" if s.get("call") else "control", {"tool": "tool", "control": "control"})
    g.add_edge("tool", "act")
    g.add_edge("control", "synthesize")
    g.add_edge("synthesize", END)
    return g.compile()


class Agent:
    """One engine, one graph connection; `ask` for a whole answer, `stream` for events as they happen."""

    def __init__(self, ctx: Context, engine: Engine, fallback: Engine | None = None) -> None:
        self.ctx, self.engine, self.fallback = ctx, engine, fallback
        self.graph = build_graph(engine)

    def stream(self, question: str, session: Session, uid: str | None = None) -> Iterator[dict[str, Any]]:
        """Events: route, tool_start, tool_end, state, token..., and last {"type": "answer", "answer": AgentAnswer}.

        With a fallback engine, a failed engine (the LLM endpoint down) does not end the turn: the
        conversation is put back as it was, a {"type": "fallback"} event says why, and the fallback
        answers, its answer carrying the same notice."""
        if self.fallback is None:
            yield from self._stream(self.engine, self.graph, question, session, uid)
            return
        before = session.to_dict()
        try:
            yield from self._stream(self.engine, self.graph, question, session, uid)
        except EngineError as exc:
            session.__dict__.update(Session.from_dict(before).__dict__)
            notice = f"{exc}; this answer comes from the {self.fallback.label} instead."
            yield {"type": "fallback", "reason": str(exc), "engine": self.fallback.label, "notice": notice}
            for event in self._stream(self.fallback, build_graph(self.fallback), question, session, uid):
                if event["type"] == "answer":
                    event["answer"].notice = notice
                yield event

    def _stream(self, engine: Engine, graph: Any, question: str, session: Session,
                uid: str | None) -> Iterator[dict[str, Any]]:
        started = time.perf_counter()
        if uid and uid != session.current_uid:  # the UI's anchor: start in dossier mode on that entity
            entity = resolve(self.ctx, uid)
            if entity is None:
                raise ValueError(f"no entity has the uid {uid!r}")
            session.focus(entity.uid, entity.name, entity.kind)
        turn = Turn(question, session, self.ctx)
        final: dict[str, Any] = {}
        for mode, chunk in graph.stream({"turn": turn}, stream_mode=["custom", "values"],
                                             config={"recursion_limit": 4 * MAX_TOOL_CALLS + 8}):
            if mode == "custom":
                yield chunk
            else:
                final = chunk
        answer = final.get("answer", "")
        session.add("user", question)
        session.add("assistant", answer)
        network = next((r.extra.get("graph") for r in reversed(turn.results) if r.tool == "explore_network" and r.extra),
                       None)
        citations: dict[str, str] = {}
        for r in turn.results:
            for c in r.citations:
                citations.setdefault(c["publication_number"], c["date"])
        decision: Decision = final["decision"]
        yield {"type": "answer", "answer": AgentAnswer(
            answer=answer, engine=engine.name, engine_label=engine.label, intent=turn.intent,
            state=decision.state, trace=turn.trace,
            citations=[{"publication_number": n, "date": d} for n, d in citations.items() if n in answer] or
            [{"publication_number": n, "date": d} for n, d in list(citations.items())[:10]],
            latency_ms=(time.perf_counter() - started) * 1000, llm_calls=turn.llm_calls,
            current_uid=session.current_uid, current_name=session.current_name, candidates=turn.candidates,
            suggestions=list(decision.suggestions), network=network)}

    def ask(self, question: str, session: Session | None = None, uid: str | None = None,
            on_event: Callable[[dict[str, Any]], None] | None = None) -> AgentAnswer:
        session = session if session is not None else Session()
        for event in self.stream(question, session, uid):
            if event["type"] == "answer":
                return event["answer"]
            if on_event:
                on_event(event)
        raise RuntimeError("the agent ended without an answer")

