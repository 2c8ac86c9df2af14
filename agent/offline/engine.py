"""The offline engine: rule-based router and planner, template synthesis. No key, no network, and the
same answer to the same question every time; every answer says it came from this engine."""
from __future__ import annotations

import re
from collections.abc import Callable

from agent.engines.base import Engine, ToolCall, Turn
from agent.llm import OFFLINE_LABEL
from agent.offline import planner, synthesis
from agent.offline.understand import Understanding, understand
from agent.safe_text import md_text
from agent.session import Session
from agent.states import Decision
from kg.endpoints.search import similarity

FOOTER = f"\n\n_Answered by the {OFFLINE_LABEL}._"


class OfflineEngine(Engine):
    name = "offline"
    label = OFFLINE_LABEL

    def route(self, turn: Turn) -> str:
        s = turn.session
        u = understand(turn.question, anchored=bool(s.current_uid))
        if u.go_global:
            s.focus(None)
        elif s.current_uid and (u.uid or u.name) and not u.refers_back and u.intent != "analytics":
            named = u.uid or u.name or ""
            if named != s.current_uid and similarity(named, s.current_name or "") < 0.8 and not _pick(s, named):
                s.focus(None)  # the question is about another entity: search it
        if not s.current_uid and u.name and s.candidates:
            chosen = _pick(s, u.name)  # "the second one" / a name from the last candidate table
            if chosen:
                s.focus(chosen["uid"], chosen["name"], chosen["kind"])
        turn.scratch["u"] = u
        return u.intent

    def next_call(self, turn: Turn) -> ToolCall | None:
        return planner.next_call(turn.scratch["u"], turn)

    def synthesize(self, turn: Turn, decision: Decision, emit: Callable[[str], None]) -> str:
        u: Understanding = turn.scratch["u"]
        text = synthesis.compose(u, turn, decision)
        if decision.suggestions and not u.go_global:  # they may carry the entity's name: data
            steps = [md_text(x) for x in decision.suggestions]
            text += "\n\n" + ("**" + steps[0] + "**" if decision.state == "S0" and turn.candidates
                              else "Next: " + " · ".join(steps))
        text += FOOTER
        for i in range(0, len(text), 24):  # streamed in small pieces, like model tokens
            emit(text[i: i + 24])
        return text


def _pick(session: Session, text: str) -> dict | None:
    """A candidate of the last S0 table chosen by name or position ("the 2nd", "#3")."""
    m = re.search(r"(?:#|number |nr\.? |the )?(\d{1,2})(?:st|nd|rd|th)?\b", text)
    if m and 1 <= int(m.group(1)) <= len(session.candidates):
        return session.candidates[int(m.group(1)) - 1]
    best = max(session.candidates, key=lambda c: similarity(text, c["name"]), default=None)
    return best if best and similarity(text, best["name"]) >= 0.9 else None
