"""Template answers to the graph-native questions (agent/offline/graph_questions.py): a company on a date, the
chains that connect two entities, persons ranked by their companies, and lists of companies by what happened to
them. Each fact with the notice it rests on; an empty result says what was looked for. The turn arrives through
`synthesis.safe_view`, so every value from the graph is inert Markdown already."""
from __future__ import annotations

from typing import Any

from agent.engines.base import Turn
from agent.offline.graph_questions import GraphAsk

KIND_WORDS = {"founded": "newly entered", "deleted": "deleted", "bankrupt": "declared bankrupt",
              "liquidation": "put into liquidation", "moved": "moved their seat", "renamed": "renamed",
              "merged": "absorbed in a merger", "capital_changed": "changed their capital"}
STATUS_WORDS = {"active": "registered (active)", "liquidation": "in liquidation", "bankrupt": "bankrupt",
                "deleted": "deleted", "not_registered": "not yet registered"}
MAX_LINES = 25


def _cite(row: dict[str, Any]) -> str:
    return f"{row['publication_number']}, {row.get('publication_date', '')}".rstrip(", ")


def chf(v: Any) -> str:
    """An amount as the register writes it: CHF 950'000."""
    return f"CHF {float(v):,.0f}".replace(",", "'")


def answer(ask: GraphAsk, turn: Turn, name: str | None) -> str:
    r = turn.last(ask.tool)
    if r is None:
        return f"I could not run {ask.tool} for this question."
    if r.status in ("error", "refused"):
        return f"The graph could not answer this ({r.message})."
    if ask.tool == "company_as_of":
        return _as_of(ask, r.rows, r.message, name)
    if ask.tool == "find_connections":
        return _connections(r.rows, r.extra, r.message)
    if ask.tool == "rank_persons":
        return _ranking(ask, r.rows, r.message)
    if ask.label in ("former seat", "former name", "merged into"):
        return _own_past(ask, r.rows, name)
    return _listing(ask, r.rows, r.message, r.extra)


def _as_of(ask: GraphAsk, rows: list[dict], message: str, name: str | None) -> str:
    day = ask.args["date"]
    who = f"**{name}**" if name else "The company"
    if not rows:
        return f"{who}: {message}"
    attrs = {r["field"]: r for r in rows if r["kind"] == "attribute"}
    status = attrs.get("status", {})
    if status.get("value") == "not_registered":
        return f"{who} was not yet registered on {day}: it was entered in the register by {_cite(status)}."
    lines = []
    for field, label in (("name", "Name"), ("seat", "Seat"), ("address", "Address"), ("legal_form", "Legal form"),
                         ("capital_nominal", "Capital"), ("status", "Status")):
        a = attrs.get(field)
        if a is None:
            continue
        value = chf(a["value"]) if field == "capital_nominal" else STATUS_WORDS.get(a["value"], a["value"]) \
            if field == "status" else a["value"]
        basis = " (value before that change)" if a.get("basis") == "before" else ""
        lines.append(f"- {label}: {value} — {_cite(a)}{basis}")
    officers = [r for r in rows if r["kind"] == "officer"]
    asked = ask.label if ask.args.get("roles") else "officers"
    if officers:
        lines.append(f"\n{asked.capitalize()} on {day} ({len(officers)}):")
        for o in officers[:MAX_LINES]:
            held = (f"registered {_cite(o)}" if o["basis"] == "registered"
                    else f"in office until the resignation published in {_cite(o)}")
            lines.append(f"- {o['name']}, {o.get('role') or o.get('role_key')}"
                         + (f", {o['signature']}" if o.get("signature") else "") + f" — {held}")
    elif status.get("value") != "deleted":
        lines.append(f"\nNo {asked} in office on {day} are named in the notices the graph holds.")
    if status.get("value") == "deleted":
        lines.append("\nThe company was deleted by then, so it had no officers.")
    return f"{who} on {day}, as the register notices show it:\n\n" + "\n".join(lines)


def _connections(rows: list[dict], extra: dict, message: str) -> str:
    a, b = extra.get("a", {}).get("name", "?"), extra.get("b", {}).get("name", "?")
    if not rows:
        return f"No connection between **{a}** and **{b}** was found in the notices: {message}."
    chains: dict[int, list[dict]] = {}
    for r in rows:
        chains.setdefault(r["path"], []).append(r)
    hops = len(next(iter(chains.values())))
    out = [f"**{a}** and **{b}** are connected through {hops} notice{'s' if hops > 1 else ''} "
           f"({len(chains)} shortest chain{'s' if len(chains) > 1 else ''}):"]
    for i, chain in chains.items():
        steps = [f"{h['from']} → {h['to']} ({h.get('role') or h['relation'].lower().replace('_', ' ')}; {_cite(h)})"
                 for h in chain]
        out.append(f"{i}. " + "; ".join(steps))
    return "\n".join(out)


def _ranking(ask: GraphAsk, rows: list[dict], message: str) -> str:
    what = "mandates" if ask.args.get("metric") == "mandates" else "companies"
    roles = f" as {ask.label}" if ask.args.get("roles") else ""
    scope = (" (current posts)" if ask.args.get("current") else "") + (
        f" in canton {ask.args['canton']}" if ask.args.get("canton") else "")
    if not rows:
        return f"No person holds{' at least ' + str(ask.args['min_count']) if ask.args.get('min_count') else ''} " \
               f"{what}{roles}{scope} in the notices of the graph."
    lines = [f"| Rank | Person | {what.capitalize()} | Companies (first notice) |", "|---|---|---|---|"]
    for r in rows[:MAX_LINES]:
        comps = "; ".join(f"{c['name']} ({c['publication_number']})" for c in r["companies"][:6])
        # a long list is read in part (its count is the stored one): how many more only where that is known
        total = len(r["companies"]) if r.get("complete", True) else r["value"] if what == "companies" else None
        if total is None:
            more = " and more"  # mandates counted, companies listed in part
        else:
            more = f" and {total - 6} more" if total > 6 else ""
        lines.append(f"| {r['rank']} | {r['name']} | {r['value']} | {comps}{more} |")
    head = (f"Persons with at least {ask.args['min_count']} {what}{roles}{scope}" if ask.args.get("min_count")
            else f"Persons by number of {what}{roles}{scope}")
    return f"{head} — {message}:\n\n" + "\n".join(lines)


def _listing(ask: GraphAsk, rows: list[dict], message: str, extra: dict) -> str:
    kind = ask.args["kind"]
    filters = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in ask.args.items() if k not in ("kind", "limit"))
    scope = f" ({filters})" if filters else ""
    if not rows:
        return f"No company {KIND_WORDS[kind]}{scope} in the notices of the graph."
    count = extra.get("count", len(rows))
    lines = []
    for r in rows[:MAX_LINES]:
        detail = ""
        if kind in ("moved", "renamed"):
            detail = f": {r.get('from', '?')} → {r.get('to', '?')}"
        elif kind == "capital_changed":
            detail = f": {chf(r['from'])} → {chf(r['to'])}" if r.get("from") and r.get("to") else ""
        elif kind == "merged":
            detail = f", absorbed by {r.get('absorbed_by', '?')}"
        elif kind == "bankrupt" and r.get("bankruptcy_opened"):
            detail = f", bankruptcy opened {r['bankruptcy_opened']}"
        lines.append(f"- **{r['name']}** (`{r['uid']}`){detail} — {_cite(r)}")
    more = f"\n\n…and {count - len(lines)} more." if count > len(lines) else ""
    return (f"**{count}** compan{'y' if count == 1 else 'ies'} {KIND_WORDS[kind]}{scope}:\n\n" + "\n".join(lines)
            + more)


def _own_past(ask: GraphAsk, rows: list[dict], name: str | None) -> str:
    who = f"**{name}**" if name else "The company"
    if not rows:
        what = {"former seat": "seat move", "former name": "change of name", "merged into": "merger"}[ask.label]
        return f"The notices the graph holds record no {what} of {who}."
    if ask.label == "merged into":
        r = rows[0]
        return (f"{who} was absorbed by **{r.get('absorbed_by', '?')}** (`{r.get('absorbed_by_uid', '')}`) in a merger "
                f"and deleted — {_cite(r)}" + (f" (deletion date {r['deletion_date']})" if r.get("deletion_date") else "")
                + ".")
    if ask.label == "former seat":
        lines = [f"- from {r.get('from', '?')} to {r.get('to', '?')} — {_cite(r)}" for r in rows]
        return f"{who} was based in **{rows[0].get('from', '?')}** before it moved. Seat moves:\n\n" + "\n".join(lines)
    lines = [f"- {r.get('from', '?')} → {r.get('to', '?')} — {_cite(r)}" for r in rows]
    return f"{who} was formerly called **{rows[0].get('from', '?')}**. Changes of name:\n\n" + "\n".join(lines)
