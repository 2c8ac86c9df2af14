"""The LLM engine (paper Table 1): one routing call, 0-4 tool-choosing calls, one streamed synthesis call,
through a LangChain chat model on any OpenAI-compatible endpoint (temperature 0).

Hardened for real models, weak ones included (issue 18): every call has a token cap and a timeout; the first
call is the offline engine's entity linking and plan when it has one (measured with Qwen2.5-Coder-1.5B: asked
itself, the model answered "no tool call", or under `tool_choice="required"` a malformed call to an invented
uid), else the model must call a tool (`tool_choice="required"`); the model decides every further call. A call
the model wrote as text is parsed from its own reply (`agent.text_calls`), and a malformed one is answered with
feedback once; the streamed answer passes through the grounding check (`agent.grounding`), so no claim the
retrieved data does not hold reaches the user.
"""
from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from agent import text_calls
from agent.engines.base import Engine, EngineError, ToolCall, Turn
from agent.grounding import GroundedStream
from agent.intents import ALL, INTENTS, MAX_TOOL_CALLS, TOOLS_FOR_INTENT
from agent.llm import chat_model, engine_label
from agent.safe_text import Neutraliser, prompt_json, tag_text
from agent.session import Session
from agent.states import Decision
from agent.tools import as_model_content, langchain_tools, new_nonce
from agent.trace import Step
from kg.endpoints import ToolResult
from kg.settings import Settings

HISTORY_TURNS = 6
ROUTE_TOKENS = 16  # one intent word
LOOP_TOKENS = 128  # one tool call (~40-60 tokens with its tags); the 1.5B model ran every loop step to 256, ~30-60 s here


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
        self.first_call = settings.llm_first_call

    def _invoke(self, turn: Turn, messages: list[BaseMessage], model: object | None = None) -> AIMessage:
        turn.llm_calls += 1
        try:
            reply = (model or self.model).invoke(messages)  # type: ignore[union-attr]
        except Exception as exc:  # noqa: BLE001 - any client failure becomes one clear message
            raise EngineError(f"the LLM endpoint failed ({type(exc).__name__}): {str(exc)[:200]}") from exc
        _count_usage(turn, reply)
        return reply

    def route(self, turn: Turn) -> str:
        reply = self._invoke(turn, [SystemMessage(prompt("router").format(anchor=_anchor(turn))), *_history(turn),
                                    HumanMessage(turn.question)], self.model.bind(max_tokens=ROUTE_TOKENS))
        text = str(reply.content).strip().lower()
        return next((i for i in INTENTS if i in text), ALL)  # an unparseable answer gets the full tool set

    def next_call(self, turn: Turn) -> ToolCall | None:
        msgs: list[BaseMessage] = turn.scratch.setdefault("messages", [])
        if not msgs:
            # The system message (and the tool schemas a chat template puts after it) is the same for every call
            # and every turn, so an OpenAI-compatible server's prompt cache serves it; what changes per turn (the
            # nonce, the active entity) comes in a second system message just before the question.
            msgs += [SystemMessage(prompt("loop").format(max_calls=MAX_TOOL_CALLS)), *_history(turn),
                     SystemMessage(prompt("loop_turn").format(nonce=_nonce(turn), anchor=_anchor(turn))),
                     HumanMessage(turn.question)]
        first = not turn.trace
        if first and self.first_call == "plan":  # the offline engine's linking and plan make the first call
            planned = _planned(turn)
            if planned is not None:
                _stat(turn, "planned_calls")
                return self._run(turn, msgs, planned.tool, planned.args)
        options: dict[str, object] = {"parallel_tool_calls": False, "max_tokens": LOOP_TOKENS}
        if first:  # no plan: the model must call a tool
            options["tool_choice"] = "required"
        bound = self.model.bind_tools(langchain_tools(turn.allowed, turn.ctx), **options)
        reply = self._invoke(turn, msgs, bound)
        if not reply.tool_calls and isinstance(reply.content, str) and reply.content.strip():
            # a call written as text, read from the model's own reply only (never from tool output)
            parsed = text_calls.parse(reply.content, turn.allowed)
            if isinstance(parsed, text_calls.TextCallProblem) and not turn.scratch.get("retried"):
                _stat(turn, "call_problems")
                turn.scratch["retried"] = True
                msgs += [AIMessage(reply.content), HumanMessage(
                    f'<feedback nonce="{_nonce(turn)}">Your reply was not a valid tool call: {tag_text(parsed.reason)}. '
                    "Call one tool with a structured tool call, or reply with no call if the evidence suffices.</feedback>")]
                reply = self._invoke(turn, msgs, bound)
                parsed = text_calls.parse(str(reply.content), turn.allowed) if not reply.tool_calls else None
            if isinstance(parsed, text_calls.TextCall):
                _stat(turn, "text_calls")
                return self._run(turn, msgs, parsed.name, parsed.args)
            if isinstance(parsed, text_calls.TextCallProblem):
                _stat(turn, "call_problems")
        if not reply.tool_calls:
            return None
        first_call, *rest = reply.tool_calls
        msgs.append(AIMessage(reply.content, tool_calls=[first_call]))
        if rest:  # no parallel calls: the others are not run (and not shown to the model as made)
            _stat(turn, "extra_calls", len(rest))
        turn.scratch["pending_id"] = first_call["id"]
        return ToolCall(first_call["name"], dict(first_call["args"]))

    @staticmethod
    def _run(turn: Turn, msgs: list[BaseMessage], tool: str, args: dict) -> ToolCall:
        """A call made for the model (parsed from its text, or planned): recorded as its own structured call."""
        call_id = f"call_{len(turn.trace) + 1}_{_nonce(turn)[:6]}"
        msgs.append(AIMessage("", tool_calls=[{"name": tool, "args": args, "id": call_id, "type": "tool_call"}]))
        turn.scratch["pending_id"] = call_id
        return ToolCall(tool, dict(args))

    def observe(self, turn: Turn, step: Step, result: ToolResult) -> None:
        turn.scratch["messages"].append(ToolMessage(as_model_content(step, _nonce(turn)),
                                                    tool_call_id=turn.scratch.pop("pending_id")))

    def synthesize(self, turn: Turn, decision: Decision, emit: Callable[[str], None]) -> str:
        """The streamed answer, with any link, image or HTML the model wrote made inert (the product gives it
        none, so whatever it wrote came from the data, see agent.safe_text), and every sentence checked
        against the data retrieved in this turn before it is passed on (agent.grounding)."""
        nonce = _nonce(turn)
        data = "\n".join(as_model_content(s, nonce) for s in turn.trace) or "(no tool was called)"
        system = prompt("synthesis").format(instruction=decision.instruction, anchor=_anchor(turn), nonce=nonce,
                                            suggestions=prompt_json(list(decision.suggestions)) if decision.suggestions
                                            else "none")
        trace = prompt_json([s.brief() for s in turn.trace])
        messages = [SystemMessage(system), *_history(turn),
                    HumanMessage(f"{turn.question}\n\nRetrieved data:\n{data}\n\nExecution trace: {trace}")]
        turn.llm_calls += 1
        guard = Neutraliser()
        grounded = GroundedStream(turn.question, turn.trace, emit)
        try:
            for chunk in self.model.stream(messages):
                _count_usage(turn, chunk)
                piece = guard.feed(chunk.content) if isinstance(chunk.content, str) else ""
                if piece:
                    grounded.feed(piece)
        except Exception as exc:  # noqa: BLE001
            raise EngineError(f"the LLM endpoint failed while answering ({type(exc).__name__}): {str(exc)[:200]}") from exc
        grounded.feed(guard.flush())
        text, report = grounded.close()
        turn.scratch["grounding"] = report.to_dict()
        return text


def _count_usage(turn: Turn, message: object) -> None:
    usage = getattr(message, "usage_metadata", None) or {}
    if usage:
        _stat(turn, "prompt_tokens", int(usage.get("input_tokens") or 0))
        _stat(turn, "completion_tokens", int(usage.get("output_tokens") or 0))


def _stat(turn: Turn, key: str, n: int = 1) -> None:
    stats = turn.scratch.setdefault("llm", {})
    stats[key] = stats.get(key, 0) + n


def _planned(turn: Turn) -> ToolCall | None:
    """The offline engine's first call for this question (its entity linking and plan), on a copy of the
    conversation; None when it has none or the call is outside the tools the route allows."""
    from agent.offline.engine import OfflineEngine  # noqa: PLC0415 - only when the model called nothing

    offline = OfflineEngine()
    shadow = Turn(turn.question, Session.from_dict(turn.session.to_dict()), turn.ctx)
    intent = offline.route(shadow)
    call = offline.next_call(shadow)
    if call is None:
        return None
    if call.tool not in turn.allowed:
        if call.tool not in TOOLS_FOR_INTENT.get(intent, ()):
            return None
        # The model's route leaves out the tool the plan needs (a 1.5B model routed "list the notices of CHE-…" as
        # analytics, where no search is allowed, then called nothing): the linker's route wins for this turn.
        turn.intent, turn.allowed = intent, TOOLS_FOR_INTENT[intent]
        _stat(turn, "rerouted")
    s = shadow.session
    if s.current_uid and s.current_uid != turn.session.current_uid:  # the entity the question names is the active one
        turn.session.focus(s.current_uid, s.current_name, s.current_kind)
    return call
