"""The strict state machine between retrieval and synthesis (paper §4.2.3).

States: S0 disambiguation, S1 dossier, S2 network explored, S3 history explored, S4 deep text search.
The transition reads only structured facts (the anchor, what this turn's tools returned, what earlier
turns already showed), never the model's prose, so the same trajectory always gives the same state.
"""
from __future__ import annotations

from dataclasses import dataclass

from agent.session import Session
from agent.trace import Step

S0, S1, S2, S3, S4 = "S0", "S1", "S2", "S3", "S4"

INSTRUCTIONS = {
    S0: "DISAMBIGUATION. Present the candidates as a complete Markdown table (name, kind, seat or residence, "
        "status, uid). End with exactly: \"Which of these entities would you like to investigate further?\"",
    S1: "DOSSIER. Present a dossier of the identified entity: profile (name, uid, legal form, seat, address, "
        "status, capital, purpose) and the persons with their roles, citing publication numbers and dates. "
        "Offer two next directions: its network or its event history.",
    S2: "NETWORK EXPLORED. Summarize the connections (corporate structure, persons and roles, companies linked "
        "through shared persons), citing publication numbers. {next}",
    S3: "HISTORY EXPLORED. Present the events in chronological order with dates and publication numbers. {next}",
    S4: "DEEP TEXT SEARCH. Structured retrieval is exhausted; present the notice-text evidence with its "
        "publication numbers and dates, and say what it corroborates.",
}
ANALYTIC = "AGGREGATE. Answer with the figures as a Markdown table or a sentence, state the filters used " \
           "(event type, canton, period), and cite nothing you did not retrieve."


@dataclass(frozen=True)
class Decision:
    state: str
    instruction: str
    suggestions: tuple[str, ...]


def _ok(trace: list[Step], tool: str) -> bool:
    return any(s.tool == tool and s.status == "ok" for s in trace)


def transition(session: Session, trace: list[Step], candidates: int, analytic: bool) -> Decision:
    """δ(S, Σ): the state after this turn. Updates the session's `has_network`/`has_history` flags."""
    if _ok(trace, "explore_network") and session.current_uid:
        session.has_network = True
    if _ok(trace, "get_node_history") and session.current_uid:
        session.has_history = True
    if analytic:  # a macro question: no entity flow, whatever entity the conversation holds
        return Decision(session.state if session.current_uid and session.state else S0, ANALYTIC,
                        ("Which of these would you like to investigate further?",) if candidates else ())
    if candidates > 1 and not session.current_uid:
        return Decision(S0, INSTRUCTIONS[S0], ("Which of these entities would you like to investigate further?",))
    if not session.current_uid:  # global mode, nothing identified (e.g. text evidence only)
        state = S4 if _ok(trace, "global_text_search") else S0
        return Decision(state, INSTRUCTIONS[state] if state == S4 else ANALYTIC,
                        ("Name a company or person to open its dossier.",))
    net, hist = session.has_network, session.has_history
    name = session.current_name or "this entity"
    if net and hist or (_ok(trace, "global_text_search") and (net or hist)):
        return Decision(S4, INSTRUCTIONS[S4], (f"Search the notice texts about {name} for more evidence",
                                                "Return to global search"))
    if net:
        return Decision(S2, INSTRUCTIONS[S2].format(next="Suggest the event history as the next step."),
                        (f"Show the event history of {name}", "Open a connected entity's dossier"))
    if hist:
        return Decision(S3, INSTRUCTIONS[S3].format(next="Suggest exploring the network as the next step."),
                        (f"Show the network of {name}", "Search the notice texts for more"))
    return Decision(S1, INSTRUCTIONS[S1], (f"Show the network of {name}", f"Show the event history of {name}"))
