"""What the chat shows, as plain data: step titles and payloads, buttons, the dossier banner, the
network figure, user-facing error text. No Chainlit import, so every piece is unit-testable."""
from __future__ import annotations

import html
import json
from typing import Any

import networkx as nx
import plotly.graph_objects as go

from agent.safe_text import md_text
from agent.trace import AgentAnswer, Step

COLORS = {"Person": "#2ca02c", "Company": "#1f77b4", "Event": "#ff7f0e"}  # paper §4.3: green, blue, orange
MAX_NODES = 80
PAYLOAD_CHARS = 20_000
INFRA_WORDS = ("ServiceUnavailable", "SessionExpired", "Connection refused", "Failed to establish", "Couldn't connect",
               "QueryTimeout", "timed out", "dropped the connection", "timeout and was")


def tool_title(step: Step) -> str:
    return f"{step.tool} · {step.status} · {step.rows} row{'s' if step.rows != 1 else ''} · {step.ms:.0f} ms"


def tool_input(args: dict[str, Any]) -> str:
    return json.dumps(args, ensure_ascii=False, indent=1)


def tool_output(step: Step) -> str:
    """The raw JSON result, as the tool returned it (clipped only when huge)."""
    text = json.dumps(step.payload, ensure_ascii=False, indent=1, default=str)
    return text if len(text) <= PAYLOAD_CHARS else text[:PAYLOAD_CHARS] + "\n… (clipped)"


def grounding_title(report: dict[str, Any]) -> str:
    removed = report.get("removed_sentences", 0)
    verdict = ("answer replaced: nothing it stated was in the data" if report.get("replaced")
               else f"{removed} unsupported statement{'s' if removed != 1 else ''} removed" if removed
               else "every claim supported")
    sourced = " · source added" if report.get("sources_added") else ""
    return f"grounding check · {report.get('claims', 0)} claims · {verdict}{sourced}"


def grounding_output(report: dict[str, Any]) -> str:
    """The claims the check removed (as written by the model: shown as JSON text, never rendered)."""
    return json.dumps(report, ensure_ascii=False, indent=1)


def turn_title(intent: str, engine_label: str) -> str:
    return f"Agent · intent {intent} · {engine_label}"


def state_summary(state: str, instruction: str) -> str:
    return f"State {state}: {instruction}"


def banner(answer: AgentAnswer) -> str:
    """The line under an answer that says which entity is active (dossier mode) or that none is."""
    if answer.current_uid:
        # names come from the graph: shown as text, never as a link, image or HTML
        return f"Dossier mode: **{md_text(answer.current_name or '')}** (`{md_text(answer.current_uid)}`)"
    return "Global mode: no entity selected"


def candidate_buttons(answer: AgentAnswer) -> list[dict[str, Any]]:
    """One button per S0 candidate: choosing one sets the anchor and opens its dossier."""
    return [{"name": "select_entity", "label": f"{i}. {c['name']}"[:60], "payload": {"uid": c["uid"], "name": c["name"]},
             "tooltip": f"Open the dossier of {c['name']} ({c['uid']})"}
            for i, c in enumerate(answer.candidates[:10], 1)]


def focus_buttons(answer: AgentAnswer, limit: int = 6) -> list[dict[str, Any]]:
    """Move the focus to a neighbour of the network just shown (the plot's nodes, as buttons)."""
    if not answer.network:
        return []
    out = []
    for n in answer.network["nodes"]:
        if n["kind"] != "Event" and n["id"] != answer.current_uid and len(out) < limit:
            out.append({"name": "select_entity", "label": f"→ {n['label']}"[:60], "payload": {"uid": n["id"], "name": n["label"]},
                        "tooltip": f"Focus on {n['label']}"})
    return out


def global_button(answer: AgentAnswer) -> list[dict[str, Any]]:
    return [{"name": "global_mode", "label": "Back to global mode", "payload": {},
             "tooltip": "Clear the active entity"}] if answer.current_uid else []


def network_figure(network: dict[str, Any], focus_uid: str | None = None) -> go.Figure:
    """An interactive node-link plot: Persons green, Companies blue, Events orange (hover for names)."""
    nodes = network["nodes"][:MAX_NODES]
    keep = {n["id"] for n in nodes}
    g = nx.Graph()
    g.add_nodes_from(keep)
    g.add_edges_from((e["source"], e["target"]) for e in network["edges"] if e["source"] in keep and e["target"] in keep)
    pos = nx.spring_layout(g, seed=7, k=1.2 / max(1, len(keep)) ** 0.5)
    edge_x: list[float | None] = []
    edge_y: list[float | None] = []
    for a, b in g.edges():
        edge_x += [pos[a][0], pos[b][0], None]
        edge_y += [pos[a][1], pos[b][1], None]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=edge_x, y=edge_y, mode="lines", line={"width": 0.7, "color": "#bbbbbb"}, hoverinfo="skip",
                             showlegend=False))
    for kind in ("Company", "Person", "Event"):
        part = [n for n in nodes if n["kind"] == kind]
        if not part:
            continue
        fig.add_trace(go.Scatter(
            x=[pos[n["id"]][0] for n in part], y=[pos[n["id"]][1] for n in part], mode="markers+text", name=kind,
            # Plotly renders HTML in labels: names from the graph are escaped
            text=[html.escape(n["label"][:28]) if n["kind"] != "Event" else "" for n in part], textposition="top center",
            hovertext=[html.escape(f"{n['label']} ({n['id']})") for n in part], hoverinfo="text",
            customdata=[n["id"] for n in part],
            marker={"size": [22 if n["id"] == focus_uid else 13 for n in part], "color": COLORS[kind],
                    "line": {"width": 1, "color": "#333"}}))
    fig.update_layout(showlegend=True, height=520, margin={"l": 10, "r": 10, "t": 30, "b": 10},
                      xaxis={"visible": False}, yaxis={"visible": False}, plot_bgcolor="white",
                      title={"text": "Network (Persons green, Companies blue, Events orange)", "font": {"size": 13}})
    return fig


def problem(answer: AgentAnswer) -> str | None:
    """A clear message when tools failed for reasons outside the question (graph down, timeout)."""
    failed = [s for s in answer.trace if s.status == "error" and any(w in s.message for w in INFRA_WORDS)]
    if failed:
        return ("Warning: The graph database did not answer (" + md_text(failed[0].message[:160]) + "). The answer above may be "
                "incomplete; check that the graph server is running (`python -m kg.server status`) and ask again.")
    return None


def notice(answer: AgentAnswer) -> str:
    """Said first when the offline engine stood in for a failed LLM, so no one mistakes whose answer it is."""
    return f"> Warning: {answer.notice}\n\n" if answer.notice else ""


def error_text(exc: BaseException) -> str:
    name = type(exc).__name__
    if "EngineError" in name:
        return f"Warning: {exc}. The LLM endpoint may be down or misconfigured; unset OPENAI_API_KEY to use the offline engine."
    if any(w in f"{name} {exc}" for w in INFRA_WORDS):
        return f"Warning: The graph database is not reachable ({name}). Start it with `python -m kg.server start` and ask again."
    return f"Warning: Something went wrong answering this question ({name}: {str(exc)[:200]}). You can ask the next one."
