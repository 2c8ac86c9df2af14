"""The agent as a LangGraph graph: begin -> route -> (act -> tool)* -> control -> synthesize [-> choose]
(paper Figure 2).

The engine decides (intent, next call, wording); the graph enforces the rest the same way for both
engines: at most four sequential tool calls, tools restricted by intent, recovery feedback after an
empty or failed call, the focus set from search results, and the state machine's instruction handed
to synthesis. LangGraph owns the state (`agent.graph_state`): it is checkpointed after every step under
the conversation's thread, so a chat thread resumes from its checkpoint, a failed engine's turn is re-run
from the checkpoint before it, and a stopped turn leaves no trace. A candidate table (S0) ends in an
`interrupt()`: the choice (a uid) or the next question resumes the graph there. The graph is compiled
once per process and checkpointer; the connection and the engine come in through the runtime context.
Progress is streamed as custom events, so a UI can show each step as it happens.
"""
from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import closing
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Command, Overwrite, interrupt

from agent.checkpoints import checkpointer as default_checkpointer
from agent.engines.base import Engine, EngineError, Turn
from agent.graph_state import AgentState, Deps
from agent.intents import ANALYTICS, GLOBAL_COMMAND, INTENTS, MAX_TOOL_CALLS, SEARCH, TOOLS_FOR_INTENT
from agent.session import Session
from agent.states import S0, Decision, transition
from agent.tools import execute
from agent.trace import AgentAnswer
from kg.endpoints import Context, ToolResult
from kg.endpoints.entity import resolve

CLEAR_WINNER, CLEAR_GAP = 0.8, 0.1
RECURSION_LIMIT = 4 * MAX_TOOL_CALLS + 10


def winner(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The one candidate a search identified: the only good match, or clearly the best. A lone hit that matches
    the name only loosely ("Quarvex GmbH" for "Quarvex Design Sàrl") is a candidate, not the answer."""
    if len(rows) == 1 and rows[0].get("match", 1.0) >= CLEAR_WINNER:
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
            {k: r.get(k) for k in ("uid", "name", "kind", "seat", "status", "residences", "notices", "match")
             if r.get(k) is not None}
            for r in res.rows]


# -- the engines' view of the state --------------------------------------------------------------------------

def _turn(state: AgentState, deps: Deps) -> Turn:
    """The turn as the engines see it, rebuilt from the checkpointed state (engines mutate this copy)."""
    scratch = {k: list(v) if isinstance(v, list) else v for k, v in (state.get("scratch") or {}).items()}
    return Turn(state["question"], Session.from_dict(state.get("session")), deps.ctx, state.get("intent", ""),
                tuple(state.get("allowed") or ()), list(state.get("trace") or []), list(state.get("results") or []),
                list(state.get("candidates") or []), state.get("profile"), state.get("llm_calls", 0), scratch)


def _changes(turn: Turn) -> dict[str, Any]:
    """What a node hands back: the turn's plain fields (the trace and results have their own reducer)."""
    return {"session": turn.session.to_dict(), "intent": turn.intent, "allowed": list(turn.allowed),
            "candidates": turn.candidates, "profile": turn.profile, "llm_calls": turn.llm_calls, "scratch": turn.scratch}


# -- nodes ---------------------------------------------------------------------------------------------------

def begin(state: AgentState, runtime: Runtime[Deps]) -> dict[str, Any]:
    """A new turn: its own lists and counters. The UI's anchor (a uid, e.g. a candidate picked) puts the
    conversation on that entity; asked nothing else, the turn shows its dossier."""
    session, question = Session.from_dict(state.get("session")), state.get("question") or ""
    uid = state.get("anchor_uid")
    if uid and uid != session.current_uid:
        entity = resolve(runtime.context.ctx, uid)
        if entity is None:
            raise ValueError(f"no entity has the uid {uid!r}")
        session.focus(entity.uid, entity.name, entity.kind)
    if uid and not question.strip():
        question = f"Show the dossier of {session.current_name or uid}"
    return {"session": session.to_dict(), "question": question, "anchor_uid": None, "intent": "", "allowed": [],
            "trace": Overwrite([]), "results": Overwrite([]), "candidates": [], "profile": None, "llm_calls": 0,
            "scratch": {}, "call": None, "decision": None, "answer": "", "engine": runtime.context.engine.name}


def route(state: AgentState, runtime: Runtime[Deps]) -> dict[str, Any]:
    turn = _turn(state, runtime.context)
    if GLOBAL_COMMAND.search(turn.question):
        turn.session.focus(None)
    intent = runtime.context.engine.route(turn)
    turn.intent = intent if intent in INTENTS else SEARCH
    turn.allowed = TOOLS_FOR_INTENT[turn.intent]
    runtime.stream_writer({"type": "route", "intent": turn.intent, "tools": list(turn.allowed),
                           "current_uid": turn.session.current_uid})
    return _changes(turn)


def act(state: AgentState, runtime: Runtime[Deps]) -> dict[str, Any]:
    turn = _turn(state, runtime.context)
    call = runtime.context.engine.next_call(turn) if len(turn.trace) < MAX_TOOL_CALLS else None
    return _changes(turn) | {"call": call}


def tool(state: AgentState, runtime: Runtime[Deps]) -> dict[str, Any]:
    turn, call = _turn(state, runtime.context), state["call"]
    assert call is not None
    runtime.stream_writer({"type": "tool_start", "tool": call.tool, "args": call.args, "index": len(turn.trace)})
    step, res = execute(turn.ctx, call.tool, call.args, turn.allowed)
    turn.trace.append(step)
    turn.results.append(res)
    if res.tool == "search_companies":
        _apply_search(turn, res)
    runtime.context.engine.observe(turn, step, res)
    runtime.stream_writer({"type": "tool_end", "step": step})
    return _changes(turn) | {"trace": [step], "results": [res], "call": None}


def control(state: AgentState, runtime: Runtime[Deps]) -> dict[str, Any]:
    turn = _turn(state, runtime.context)
    ranked = turn.intent == ANALYTICS and turn.results and turn.results[-1].tool == "get_top_entities"
    listed = len(turn.candidates) or (len(turn.results[-1].rows) if ranked else 0)
    decision = transition(turn.session, turn.trace, listed, turn.intent == ANALYTICS)
    turn.session.state = decision.state
    runtime.stream_writer({"type": "state", "state": decision.state, "instruction": decision.instruction})
    return _changes(turn) | {"decision": decision}


def synthesize(state: AgentState, runtime: Runtime[Deps]) -> dict[str, Any]:
    turn, decision = _turn(state, runtime.context), state["decision"]
    assert decision is not None
    text = runtime.context.engine.synthesize(turn, decision,
                                             lambda piece: runtime.stream_writer({"type": "token", "text": piece}))
    if turn.scratch.get("grounding"):
        runtime.stream_writer({"type": "grounding", "report": turn.scratch["grounding"]})
    turn.session.add("user", turn.question)
    turn.session.add("assistant", text)
    return _changes(turn) | {"answer": text}


def choose(state: AgentState) -> Command:
    """S0: wait for the user's choice. Resumed with {"uid": ...} (a candidate picked: its dossier follows) or
    {"question": ...} (anything typed instead); either starts the next turn from here."""
    reply = interrupt({"candidates": state.get("candidates") or []})
    reply = reply if isinstance(reply, dict) else {"question": str(reply)}
    return Command(goto="begin", update={"anchor_uid": reply.get("uid"), "question": str(reply.get("question") or "")})


def _after_synthesis(state: AgentState) -> str:
    decision = state.get("decision")
    return "choose" if decision is not None and decision.state == S0 and state.get("candidates") else END


def build_graph(saver: BaseCheckpointSaver):  # -> CompiledStateGraph
    g = StateGraph(AgentState, context_schema=Deps)
    for name, fn in (("begin", begin), ("route", route), ("act", act), ("tool", tool), ("control", control),
                     ("synthesize", synthesize)):
        g.add_node(name, fn)
    g.add_node("choose", choose, destinations=("begin",))
    g.add_edge(START, "begin")
    g.add_edge("begin", "route")
    g.add_edge("route", "act")
    g.add_conditional_edges("act", lambda s: "tool" if s.get("call") else "control", {"tool": "tool", "control": "control"})
    g.add_edge("tool", "act")
    g.add_edge("control", "synthesize")
    g.add_conditional_edges("synthesize", _after_synthesis, {"choose": "choose", END: END})
    return g.compile(checkpointer=saver)


_compiled: dict[int, Any] = {}


def compiled(saver: BaseCheckpointSaver | None = None):  # -> CompiledStateGraph
    """The agent graph, compiled once per process and checkpointer."""
    saver = saver or default_checkpointer()
    graph = _compiled.get(id(saver))
    if graph is None:
        graph = _compiled[id(saver)] = build_graph(saver)
    return graph


# -- the agent -----------------------------------------------------------------------------------------------

class Agent:
    """One engine (and an optional fallback) over one graph connection.

    A conversation is either a checkpointed thread (`thread_id`: the chat) or a `Session` the caller keeps
    (`agent ask --session FILE`, the evaluation): then the turn runs on a throw-away thread seeded with it,
    and the session is updated in place."""

    def __init__(self, ctx: Context, engine: Engine, fallback: Engine | None = None,
                 saver: BaseCheckpointSaver | None = None) -> None:
        self.ctx, self.engine, self.fallback = ctx, engine, fallback
        self.saver = saver or default_checkpointer()
        self.graph = compiled(self.saver)

    # conversation state kept by the checkpointer
    def conversation(self, thread_id: str) -> Session:
        """The thread's conversation as its last checkpoint holds it (empty for a new thread)."""
        return Session.from_dict(self.graph.get_state(self._config(thread_id)).values.get("session"))

    def pending_choice(self, thread_id: str) -> list[dict[str, Any]]:
        """The candidates the thread waits on (an S0 interrupt), or [] when it waits on nothing."""
        snap = self.graph.get_state(self._config(thread_id))
        return next((i.value.get("candidates", []) for i in snap.interrupts if isinstance(i.value, dict)), [])

    def leave_entity(self, thread_id: str) -> None:
        """Back to global mode: the thread's conversation forgets its active entity."""
        config = self._config(thread_id)
        session = self.conversation(thread_id)
        session.focus(None)
        if self.graph.get_state(config).values:
            self.graph.update_state(config, {"session": session.to_dict()})

    def stream(self, question: str | None, session: Session | None = None, uid: str | None = None,
               thread_id: str | None = None, choice: str | None = None) -> Iterator[dict[str, Any]]:
        """Events: route, tool_start, tool_end, state, token..., and last {"type": "answer", "answer": AgentAnswer}.

        `thread_id` continues a checkpointed conversation; else `session` (or a new one) is the conversation.
        `choice` is a uid picked from the candidate table the thread waits on. With a fallback engine, a failed
        engine (the LLM endpoint down) does not end the turn: a {"type": "fallback"} event says why and the
        fallback re-runs the turn from the checkpoint before it, its answer carrying the same notice."""
        own_thread = thread_id is None
        thread_id = thread_id or f"session-{uuid.uuid4().hex}"
        config = self._config(thread_id)
        before = self.graph.get_state(config)
        fresh = not before.values
        if before.interrupts and (choice or question):
            payload: Any = Command(resume={"uid": choice} if choice else {"question": question})
        else:
            payload = {"question": question or "", "anchor_uid": choice or uid}
            if session is not None or fresh:
                payload["session"] = (session or Session()).to_dict()
        done = False
        try:
            try:
                for event in self._run(self.engine, payload, config, session):
                    done = done or event["type"] == "answer"
                    yield event
            except EngineError as exc:
                if self.fallback is None:
                    raise
                notice = f"{exc}; this answer comes from the {self.fallback.label} instead."
                yield {"type": "fallback", "reason": str(exc), "engine": self.fallback.label, "notice": notice}
                for event in self._run(self.fallback, payload, self._before(config, before, fresh), session):
                    if event["type"] == "answer":
                        event["answer"].notice = notice
                        done = True
                    yield event
        except BaseException:  # failed or stopped (GeneratorExit): the thread is as it was before the turn
            if not done:
                self._before(config, before, fresh, rewind=True)
            raise
        finally:
            if own_thread:
                self.saver.delete_thread(thread_id)

    def _before(self, config: dict[str, Any], before: Any, fresh: bool, rewind: bool = False) -> dict[str, Any]:
        """The checkpoint before the turn, to re-run from (`rewind`: made the thread's latest again)."""
        if fresh:
            self.saver.delete_thread(config["configurable"]["thread_id"])
            return config
        if rewind:
            self.graph.update_state(before.config, None)
            return config
        return before.config | {"recursion_limit": RECURSION_LIMIT}

    @staticmethod
    def _config(thread_id: str) -> dict[str, Any]:
        return {"configurable": {"thread_id": thread_id}, "recursion_limit": RECURSION_LIMIT}

    def _run(self, engine: Engine, payload: Any, config: dict[str, Any],
             session: Session | None) -> Iterator[dict[str, Any]]:
        started = time.perf_counter()
        yield from self.graph.stream(payload, config, stream_mode="custom", context=Deps(self.ctx, engine))
        values = self.graph.get_state(self._config(config["configurable"]["thread_id"])).values
        if session is not None:  # the caller keeps the conversation: hand it back before the answer ends the turn
            session.replace(Session.from_dict(values.get("session")))
        yield {"type": "answer", "answer": self._answer(values, engine, (time.perf_counter() - started) * 1000)}

    @staticmethod
    def _answer(values: AgentState, engine: Engine, latency_ms: float) -> AgentAnswer:
        answer, results = values.get("answer", ""), values.get("results") or []
        session = Session.from_dict(values.get("session"))
        network = next((r.extra.get("graph") for r in reversed(results) if r.tool == "explore_network" and r.extra), None)
        citations: dict[str, str] = {}
        for r in results:
            for c in r.citations:
                citations.setdefault(c["publication_number"], c["date"])
        decision: Decision | None = values.get("decision")
        assert decision is not None, "the turn ended before its state was decided"
        return AgentAnswer(
            answer=answer, engine=engine.name, engine_label=engine.label, intent=values.get("intent", ""),
            state=decision.state, trace=list(values.get("trace") or []),
            citations=[{"publication_number": n, "date": d} for n, d in citations.items() if n in answer] or
            [{"publication_number": n, "date": d} for n, d in list(citations.items())[:10]],
            latency_ms=latency_ms, llm_calls=values.get("llm_calls", 0),
            current_uid=session.current_uid, current_name=session.current_name,
            candidates=list(values.get("candidates") or []), suggestions=list(decision.suggestions), network=network,
            grounding=(values.get("scratch") or {}).get("grounding"), llm=dict((values.get("scratch") or {}).get("llm") or {}))

    def ask(self, question: str, session: Session | None = None, uid: str | None = None,
            on_event: Callable[[dict[str, Any]], None] | None = None, thread_id: str | None = None,
            choice: str | None = None) -> AgentAnswer:
        session = session if session is not None or thread_id else Session()
        with closing(self.stream(question, session, uid, thread_id=thread_id, choice=choice)) as events:
            for event in events:
                if event["type"] == "answer":
                    return event["answer"]
                if on_event:
                    on_event(event)
        raise RuntimeError("the agent ended without an answer")
