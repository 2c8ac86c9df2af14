"""The agent's state belongs to LangGraph: a conversation is a checkpointed thread that resumes (also from
SQLite after a restart), the candidate table waits in an interrupt resumed with the chosen uid, a failed
engine's turn is re-run from the checkpoint before it, and a stopped turn leaves the thread as it was."""
from __future__ import annotations

import asyncio
import sqlite3
import time
import warnings
from contextlib import closing

import pytest
from langgraph.checkpoint.sqlite import SqliteSaver

from agent.checkpoints import serializer
from agent.engines.llm import LLMEngine
from agent.offline.engine import OfflineEngine
from agent.pipeline import Agent, compiled
from agent.session import Session
from app_chat.runtime import events
from tests.app_chat.conftest import branch_family
from tests.support.scripted_chat import ScriptedChat


def _two_companies(truth) -> tuple[tuple[str, str], tuple[str, str]]:
    found = [(u, truth.name(u)) for u, c in sorted(truth.companies.items())
             if c["status"] == "active" and "," not in truth.name(u) and truth.officers(u)]
    return found[0], found[1]


def test_the_graph_is_compiled_once_per_process(ctx):
    a, b = Agent(ctx, OfflineEngine()), Agent(ctx, OfflineEngine())
    assert a.graph is b.graph is compiled()


def test_a_thread_continues_from_its_checkpoint(ctx, truth):
    (uid, name), _ = _two_companies(truth)
    thread = "t-continue"
    first = Agent(ctx, OfflineEngine()).ask(f"What is the address of {name}?", thread_id=thread)
    assert first.current_uid == uid
    # another Agent object (as after a new chat message): only the checkpoint carries the conversation
    follow = Agent(ctx, OfflineEngine()).ask("Who are its board members?", thread_id=thread)
    assert follow.current_uid == uid and name in follow.answer
    assert follow.trace and all(s.args.get("uid", uid) == uid for s in follow.trace)
    convo = Agent(ctx, OfflineEngine()).conversation(thread)
    assert [t["role"] for t in convo.turns] == ["user", "assistant"] * 2


def test_checkpoint_values_need_no_unregistered_types(ctx, truth, caplog):
    (_, name), _ = _two_companies(truth)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        Agent(ctx, OfflineEngine()).ask(f"Show the history of {name}", thread_id="t-types")
        Agent(ctx, OfflineEngine()).ask("and its network?", thread_id="t-types")
    assert not [w for w in caught if "unregistered" in str(w.message)]
    assert not [r for r in caplog.records if "allowed_msgpack_modules" in r.getMessage()]  # "Blocked ..."


def test_the_candidate_table_waits_in_an_interrupt_resumed_with_the_chosen_uid(ctx, truth):
    word, name, uid = branch_family(truth)
    agent, thread = Agent(ctx, OfflineEngine()), "t-choice"
    table = agent.ask(word, thread_id=thread)
    assert table.state == "S0" and len(table.candidates) >= 2
    waiting = agent.pending_choice(thread)
    assert uid in {c["uid"] for c in waiting}
    dossier = agent.ask(None, thread_id=thread, choice=uid)
    assert dossier.current_uid == uid and name in dossier.answer
    assert {s.args.get("uid") or s.args.get("query") for s in dossier.trace} == {uid}  # the dossier of the chosen one
    assert agent.pending_choice(thread) == []
    assert Agent(ctx, OfflineEngine()).ask("Who are its board members?", thread_id=thread).current_uid == uid


def test_a_typed_choice_resumes_the_interrupt_too(ctx, truth):
    word, _, _ = branch_family(truth)
    agent, thread = Agent(ctx, OfflineEngine()), "t-typed"
    table = agent.ask(word, thread_id=thread)
    second = table.candidates[1]
    chosen = agent.ask(second["name"], thread_id=thread)  # typed instead of clicked
    assert chosen.current_uid == second["uid"] and chosen.state != "S0"


@pytest.mark.parametrize("reply", ["the second one", "die zweite", "la deuxième", "il secondo", "#2"])
def test_an_ordinal_typed_during_the_interrupt_picks_from_the_table(ctx, truth, reply):
    word, _, _ = branch_family(truth)
    agent, thread = Agent(ctx, OfflineEngine()), f"t-ordinal-{reply}"
    table = agent.ask(word, thread_id=thread)
    assert agent.ask(reply, thread_id=thread).current_uid == table.candidates[1]["uid"]


def test_a_new_question_instead_of_a_choice_is_answered(ctx, truth):
    word, _, _ = branch_family(truth)
    (uid, name), _ = _two_companies(truth)
    agent, thread = Agent(ctx, OfflineEngine()), "t-other"
    agent.ask(word, thread_id=thread)
    other = agent.ask(f"What is the address of {name}?", thread_id=thread)
    assert other.current_uid == uid and agent.pending_choice(thread) == []


def test_a_failed_engine_is_re_run_from_the_checkpoint_before_the_turn(ctx, truth):
    (uid_a, name_a), (uid_b, name_b) = _two_companies(truth)
    thread = "t-fallback"
    Agent(ctx, OfflineEngine()).ask(f"What is the address of {name_a}?", thread_id=thread)

    def boom(_messages):
        raise ConnectionError("endpoint went away")

    # the LLM routes, searches the other company (moving the focus), then its endpoint fails
    model = ScriptedChat(script=["search_companies", {"tool": "search_companies", "args": {"query": name_b}}, boom])
    agent = Agent(ctx, LLMEngine(ctx.settings, model=model), fallback=OfflineEngine())
    events = list(agent.stream("Who are its board members?", thread_id=thread))
    assert [e for e in events if e["type"] == "fallback"]
    answer = events[-1]["answer"]
    # re-run from the checkpoint: the pronoun still means the first company, the failed search left nothing
    assert answer.engine == "offline" and answer.current_uid == uid_a and "endpoint went away" in answer.notice
    assert all(s.tool != "search_companies" or s.args.get("query") != name_b for s in answer.trace)
    assert len(agent.conversation(thread).turns) == 4


def test_a_stopped_turn_leaves_the_thread_as_it_was(ctx, truth):
    (uid_a, name_a), (_, name_b) = _two_companies(truth)
    agent, thread = Agent(ctx, OfflineEngine()), "t-stop"
    agent.ask(f"What is the address of {name_a}?", thread_id=thread)
    before = agent.conversation(thread)
    with closing(agent.stream(f"Tell me about {name_b}", thread_id=thread)) as events:
        for event in events:
            if event["type"] == "tool_end":
                break  # the user pressed stop after the first tool call
    assert agent.conversation(thread) == before
    assert agent.ask("Who are its board members?", thread_id=thread).current_uid == uid_a


def test_a_session_file_conversation_is_updated_in_place_and_leaves_no_thread(ctx, truth):
    (uid, name), _ = _two_companies(truth)
    agent, session = Agent(ctx, OfflineEngine()), Session()
    agent.ask(f"What is the address of {name}?", session)
    assert session.current_uid == uid and len(session.turns) == 2
    assert not any(t.startswith("session-") for t in {c.config["configurable"]["thread_id"]
                                                       for c in agent.saver.list(None)})


def test_an_unknown_anchor_uid_is_refused_and_changes_nothing(ctx, truth):
    (_, name), _ = _two_companies(truth)
    agent, thread = Agent(ctx, OfflineEngine()), "t-bad-uid"
    agent.ask(f"What is the address of {name}?", thread_id=thread)
    before = agent.conversation(thread)
    with pytest.raises(ValueError, match="no entity has the uid"):
        agent.ask("Show the dossier", uid="no-such-uid", thread_id=thread)
    assert agent.conversation(thread) == before


def test_a_sqlite_thread_survives_a_restart(ctx, truth, tmp_path):
    (uid, name), _ = _two_companies(truth)
    db = tmp_path / "threads.sqlite"

    def saver() -> SqliteSaver:  # a new connection and graph each time, as in a new process
        s = SqliteSaver(sqlite3.connect(db, check_same_thread=False), serde=serializer())
        s.setup()
        return s

    first = saver()
    Agent(ctx, OfflineEngine(), saver=first).ask(f"What is the address of {name}?", thread_id="t-sqlite")
    first.conn.close()
    second = saver()
    agent = Agent(ctx, OfflineEngine(), saver=second)
    assert agent.graph is not compiled() and agent.graph.checkpointer is second  # compiled for this saver
    assert agent.conversation("t-sqlite").current_uid == uid
    assert agent.ask("Who are its board members?", thread_id="t-sqlite").current_uid == uid


def test_the_chat_stop_ends_the_turn_at_its_next_step(ctx, truth):
    """Chainlit's stop button cancels the task reading the events: the worker stops the agent at its next
    step and the thread is as before the turn."""
    (uid_a, name_a), (_, name_b) = _two_companies(truth)
    agent, thread = Agent(ctx, OfflineEngine()), "t-chat-stop"
    agent.ask(f"What is the address of {name_a}?", thread_id=thread)
    before = agent.conversation(thread)

    async def stopped() -> list[str]:
        seen = []
        stream = events(agent, f"Tell me about {name_b}", thread)
        async for event in stream:
            seen.append(event["type"])
            if event["type"] == "tool_start":
                break
        await stream.aclose()  # what cancelling the task does to the generator
        return seen

    assert asyncio.run(stopped())[-1] == "tool_start"
    for _ in range(100):  # the worker notices at the agent's next step
        if agent.conversation(thread) == before and not agent.graph.get_state(agent._config(thread)).next:
            break
        time.sleep(0.05)
    assert agent.conversation(thread) == before
    assert agent.ask("Who are its board members?", thread_id=thread).current_uid == uid_a


def test_leaving_the_entity_puts_the_thread_in_global_mode(ctx, truth):
    (uid, name), _ = _two_companies(truth)
    agent, thread = Agent(ctx, OfflineEngine()), "t-leave"
    assert agent.ask(f"What is the address of {name}?", thread_id=thread).current_uid == uid
    agent.leave_entity(thread)
    assert agent.conversation(thread).current_uid is None and agent.graph.get_state(agent._config(thread)).next == ()
    follow = agent.ask("Who are its board members?", thread_id=thread)
    assert follow.current_uid is None  # "its" has no entity to refer to any more
