"""The LLM engine (paper Table 1): one routing call, 0-4 tool-choosing calls, one streamed synthesis call,
through a LangChain chat model on any OpenAI-compatible endpoint (temperature 0)."""
from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from agent.engines.base import Engine, EngineError, ToolCall, Turn
from agent.intents import ALL, INTENTS, MAX_TOOL_CALLS
from agent.llm import chat_model, engine_label
from agent.safe_text import Neutraliser, prompt_json
from agent.states import Decision
from agent.tools import as_model_content, langchain_tools, new_nonce
from agent.trace import Step
from kg.endpoints import ToolResult
from kg.settings import Settings

HISTORY_TURNS = 6


def prompt(name: str) -> str:
    return files("agent.prompts").joinpath(f"{name}.txt").read_text(encoding="utf-8")


def _nonce(turn: Turn) -> str:
    """The turn's mark on the loop's own tool-result and feedback blocks (see agent.tools.as_model_content)."""
    return turn.scratch.setdefault("nonce", new_nonce())


def _anchor(turn: Turn) -> str:
    s = turn.session
    if not s.current_uid:
        return "Mode: global (no entity selected)."
    entity = prompt_json({"name": s.current_name, "kind": s.current_kind, "uid": s.current_uid})  # names are data
    return (f"Active entity (dossier mode): {entity}. "
            "Pronouns and phrases like 'this company', 'its', 'he', 'she' refer to it unless the user names another entity.")


def _history(turn: Turn) -> list[BaseMessage]:
    out: list[BaseMessage] = []
    for t in turn.session.turns[-2 * HISTORY_TURNS:]:
        out.append(HumanMessage(t["content"]) if t["role"] == "user" else AIMessage(t["content"]))
    return out


class LLMEngine(Engine):
    name = "llm"

    def __init__(self, settings: Settings, model: BaseChatModel | None = None) -> None:
        self.model = model or chat_model(settings)
        self.label = engine_label(settings, "llm")

    def _invoke(self, turn: Turn, messages: list[BaseMessage], model: object | None = None) -> AIMessage:
        turn.llm_calls += 1
        try:
            return (model or self.model).invoke(messages)  # type: ignore[union-attr]
        except Exception as exc:  # noqa: BLE001 - any client failure becomes one clear message
            raise EngineError(f"the LLM endpoint failed ({type(exc).__name__}): {str(exc)[:200]}") from exc

    def route(self, turn: Turn) -> str:
        reply = self._invoke(turn, [SystemMessage(prompt("router").format(anchor=_anchor(turn))), *_history(turn),
                                    HumanMessage(turn.question)])
        text = str(reply.content).strip().lower()
        return next((i for i in INTENTS if i in text), ALL)  # an unparseable answer gets the full tool set

    def next_call(self, turn: Turn) -> ToolCall | None:
        msgs: list[BaseMessage] = turn.scratch.setdefault("messages", [])
        if not msgs:
            msgs += [SystemMessage(""), *_history(turn), HumanMessage(turn.question)]
        remaining = MAX_TOOL_CALLS - len(turn.trace)
        msgs[0] = SystemMessage(prompt("loop").format(max_calls=MAX_TOOL_CALLS, remaining=remaining, anchor=_anchor(turn),
                                                      nonce=_nonce(turn)))
        bound = self.model.bind_tools(langchain_tools(turn.allowed, turn.ctx), parallel_tool_calls=False)
        reply = self._invoke(turn, msgs, bound)
        # Only the reply's structured tool calls run. Text is never parsed as a call (SPEC §10): a `<tool_call>`
        # block or bare JSON in the reply's content, copied from a notice or not, ends the loop like any text.
        if not reply.tool_calls:
            return None
        msgs.append(reply)
        first, *rest = reply.tool_calls
        for extra in rest:  # no parallel calls: the others are answered, not run
            msgs.append(ToolMessage("not executed: call one tool at a time", tool_call_id=extra["id"]))
        turn.scratch["pending_id"] = first["id"]
        return ToolCall(first["name"], dict(first["args"]))

    def observe(self, turn: Turn, step: Step, result: ToolResult) -> None:
        turn.scratch["messages"].append(ToolMessage(as_model_content(step, _nonce(turn)),
                                                    tool_call_id=turn.scratch.pop("pending_id")))

    def synthesize(self, turn: Turn, decision: Decision, emit: Callable[[str], None]) -> str:
        """The streamed answer, with any link, image or HTML the model wrote made inert: the product gives it
        none, so whatever it wrote came from the data (see agent.safe_text)."""
        nonce = _nonce(turn)
        data = "\n".join(as_model_content(s, nonce) for s in turn.trace) or "(no tool was called)"
        system = prompt("synthesis").format(instruction=decision.instruction, anchor=_anchor(turn), nonce=nonce,
                                            suggestions=prompt_json(list(decision.suggestions)) if decision.suggestions
                                            else "none")
        trace = prompt_json([s.brief() for s in turn.trace])
        messages = [SystemMessage(system), *_history(turn),
                    HumanMessage(f"{turn.question}\n\nRetrieved data:\n{data}\n\nExecution trace: {trace}")]
        turn.llm_calls += 1
        parts: list[str] = []
        guard = Neutraliser()
        try:
            for chunk in self.model.stream(messages):
                piece = guard.feed(chunk.content) if isinstance(chunk.content, str) else ""
                if piece:
                    parts.append(piece)
                    emit(piece)
        except Exception as exc:  # noqa: BLE001
            raise EngineError(f"the LLM endpoint failed while answering ({type(exc).__name__}): {str(exc)[:200]}") from exc
        tail = guard.flush()
        if tail:
            parts.append(tail)
            emit(tail)
        return "".join(parts)
