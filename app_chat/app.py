"""Chainlit app: `chainlit run app_chat/app.py`. Every agent turn is one step (intent, state) with one
nested, collapsible step per tool call (arguments, status, rows, ms, raw JSON); the answer streams."""
from __future__ import annotations

import asyncio
import logging

import chainlit as cl

from agent.trace import AgentAnswer
from app_chat import auth, runtime, view
from app_chat.runtime import events, starter_questions
from kg.settings import get_settings

auth.configure()  # optional password login and persisted threads, from the environment
log = logging.getLogger(__name__)


def _thread() -> str:
    """The chat thread is the agent's thread: its checkpoints hold the conversation (resumed ones too)."""
    return cl.context.session.thread_id


@cl.on_app_startup
async def startup() -> None:
    """Before the chat serves: the graph server started and warmed and the agent loaded (runtime.warm_up), for at
    most CHAT_WARM_UP_SECONDS; a graph that cannot be reached is reported in the first answer, as without it."""
    wait = runtime.warm_up_seconds()
    if wait <= 0:
        return
    try:
        done = await asyncio.wait_for(asyncio.to_thread(runtime.warm_up, get_settings()), wait)
        log.info("warmed up before serving: %s", done)
    except TimeoutError:
        log.warning("the warm-up took over %.0f s: serving while it goes on", wait)
    except Exception as exc:  # noqa: BLE001 - no graph (yet): the chat serves and says so when asked
        log.warning("no warm-up (%s: %s)", type(exc).__name__, str(exc)[:200])


@cl.set_starters
async def starters(user: cl.User | None = None, language: str | None = None) -> list[cl.Starter]:
    try:
        return [cl.Starter(label=label, message=msg) for label, msg in starter_questions(get_settings())]
    except Exception:  # noqa: BLE001 - no graph yet: generic starters still help
        return [cl.Starter(label="Ranking", message="Top 10 companies by capital in canton Zürich")]


@cl.on_chat_resume
async def resume(thread: dict) -> None:
    """A persisted thread (CHAT_DB) continues from its last checkpoint: nothing to restore here."""


@cl.on_chat_end
async def end() -> None:
    runtime.forget(_thread())


@cl.on_message
async def on_message(message: cl.Message) -> None:
    await answer(message.content)


@cl.action_callback("select_entity")
async def select_entity(action: cl.Action) -> None:
    """A candidate (or a connected entity) picked: resumes the thread's candidate choice with its uid."""
    await answer(None, choice=action.payload["uid"])


@cl.action_callback("global_mode")
async def global_mode(action: cl.Action) -> None:
    runtime.agent().leave_entity(_thread())
    await cl.Message(content="Back in global mode: no entity is selected.").send()


async def answer(question: str | None, choice: str | None = None) -> None:
    try:
        agent = runtime.agent()
    except Exception as exc:  # noqa: BLE001 - graph down at the start of a turn
        await cl.Message(content=view.error_text(exc)).send()
        return
    label = agent.engine.label
    reply = cl.Message(content="", author=label)
    final: AgentAnswer | None = None
    streamed = False
    tools: dict[int, cl.Step] = {}
    async with cl.Step(name=view.turn_title("…", label), type="run", default_open=False) as turn:
        turn.input = question or f"(chosen: {choice})"
        async for event in events(agent, question, _thread(), choice):
            kind = event["type"]
            if kind == "route":
                turn.name = view.turn_title(event["intent"], label)
                await turn.update()
            elif kind == "tool_start":
                step = cl.Step(name=event["tool"], type="tool", parent_id=turn.id, show_input="json", language="json")
                step.input = view.tool_input(event["args"])
                await step.send()
                tools[event["index"]] = step
            elif kind == "tool_end":
                s = event["step"]
                step = tools[len(tools) - 1]
                step.name, step.output, step.is_error = view.tool_title(s), view.tool_output(s), s.status in ("error", "refused")
                await step.update()
            elif kind == "grounding":
                check = cl.Step(name=view.grounding_title(event["report"]), type="tool", parent_id=turn.id,
                                show_input=False, language="json")
                check.output = view.grounding_output(event["report"])
                await check.send()
            elif kind == "state":
                turn.output = view.state_summary(event["state"], event["instruction"])
            elif kind == "token":
                await reply.stream_token(event["text"])
                streamed = True
            elif kind == "answer":
                final = event["answer"]
            elif kind == "fallback":
                label = event["engine"]
                reply.author = label
                turn.name = view.turn_title("…", label)
                await turn.update()
            elif kind == "error":
                turn.output = view.error_text(event["error"])
                await cl.Message(content=view.error_text(event["error"])).send()
    if final is None:
        return
    warning = view.problem(final)
    reply.content = (view.notice(final) + final.answer + (f"\n\n{warning}" if warning else "")
                     + f"\n\n{view.banner(final)}")
    reply.actions = [cl.Action(**b) for b in
                     view.candidate_buttons(final) + view.focus_buttons(final) + view.global_button(final)]
    if final.network:
        reply.elements = [cl.Plotly(name="network", figure=view.network_figure(final.network, final.current_uid),
                                    display="inline", size="large")]
    await (reply.update() if streamed else reply.send())
