"""Template answers from the tool results: the asked facts first, each with the publication it rests on,
then the state's next steps. Markdown, because the chat renders it; every value from the graph is made inert
first (`safe_view`), so a name or notice text never becomes a link, an image or HTML in the answer."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from agent.engines.base import Turn
from agent.offline import compare, filters, graph_answers, roles
from agent.offline.graph_answers import chf
from agent.offline.understand import EVENT_FACTS, Understanding
from agent.safe_text import md_text, safe_data
from agent.states import S0, Decision
from kg.endpoints.vocabulary import EVENT_TYPES
from kg.posts import RENAMED, Persons
from kg.text import fold

SUB_RUBRIC_NAMES = {
    "HR01": "new entry (foundation)", "HR02": "change", "HR03": "deletion", "KK01": "provisional bankruptcy notice",
    "KK02": "bankruptcy publication / call to creditors", "KK03": "bankruptcy proceedings suspended",
    "KK04": "collocation plan and inventory", "KK05": "distribution list", "KK06": "bankruptcy proceedings closed",
    "KK07": "bankruptcy revoked", "KK08": "auction of land", "KK09": "schedule of charges", "KK10": "other bankruptcy notice",
}
CHANGE_NAMES = {"name": "name", "seat": "seat", "address": "address", "purpose": "purpose", "others": "officers/other",
                "capital": "capital", "legalform": "legal form"}


def safe_view(turn: Turn) -> Turn:
    """The turn as the templates read it: every string that came from the graph (rows, the profile, the candidates,
    the active entity's name, messages) through `md_text`. Ordinary values, numbers and keys are unchanged."""
    s = turn.session
    session = replace(s, current_name=md_text(s.current_name) if s.current_name else s.current_name)
    results = [replace(r, rows=safe_data(r.rows), extra=safe_data(r.extra), message=md_text(r.message))
               for r in turn.results]
    return replace(turn, session=session, results=results, profile=safe_data(turn.profile),
                   candidates=safe_data(turn.candidates))


def _quoted(text: str | None) -> str:
    """What the question named, quoted; repr first, so its backslashes cannot undo the neutralising."""
    return md_text(repr(text))


def _sr(code: str) -> str:
    if code.startswith("LS"):
        return "call to creditors (liquidation)"
    return SUB_RUBRIC_NAMES.get(code, code)


def _cite(row: dict[str, Any]) -> str:
    return f"{row['publication_number']}, {row.get('publication_date', '')}".rstrip(", ")


def _changes(row: dict[str, Any]) -> list[str]:
    return [c for c in (row.get("changes") or "").split(",") if c]


LEFT = ("resigned", "deleted", "left")
NOT_NOW = (*LEFT, RENAMED)  # a renamed person's post goes on under the new name (kg.posts)
RELATION_NAMES = {"HEAD_OFFICE_OF": "head office", "PROVIDES_ASSURANCE_TO": "auditor", "RELATED_TO": "office"}


def _history_rows(turn: Turn, subject_only: bool = False) -> list[dict]:
    """The entity's notices; `subject_only` drops notices about others that merely name it (e.g. as auditor)."""
    r = turn.last("get_node_history")
    rows = r.rows if r else []
    return [x for x in rows if x.get("relation") not in RELATION_NAMES] if subject_only else rows


def _network_rows(turn: Turn, *branches: str) -> list[dict]:
    r = turn.last("explore_network")
    return [x for x in (r.rows if r else []) if not branches or x["branch"] in branches]


def _latest_citation(rows: list[dict], change: str | None = None, profile: dict | None = None,
                     field: str | None = None) -> str:
    """The notice that states the fact: as the search row gives it (`stated_in`, the endpoint's choice), else the
    newest notice with a change of that kind ("capital" is also "capital.nominal") or the entry, else the newest."""
    stated = ((profile or {}).get("stated_in") or {}).get(field or "")
    if stated:
        return f" ({stated})"
    fitting = [r for r in rows if r.get("sub_rubric") == "HR01" or (change and any(
        c == change or c.startswith(change + ".") for c in _changes(r)))]
    pick = (fitting or rows)[-1:] if rows else []
    return f" ({_cite(pick[0])})" if pick else ""


def candidates_table(rows: list[dict]) -> str:
    lines = ["| # | Name | Kind | Seat / residence | Status | uid |", "|---|---|---|---|---|---|"]
    for i, r in enumerate(rows, 1):
        where = r.get("seat") or ", ".join(r.get("residences", [])[:2]) or ""
        status = r.get("status") or (f"{r['notices']} notice(s)" if r.get("notices") else "")
        lines.append(f"| {i} | {r['name']} | {r['kind']} | {where} | {status} | `{r['uid']}` |")
    return "\n".join(lines)


def _company_facts(u: Understanding, turn: Turn, p: dict[str, Any]) -> list[str]:
    hist, name, out = _history_rows(turn, subject_only=True), f"**{p['name']}**", []
    asked = u.facts if u.facts != {"dossier"} else {"address", "legal_form", "uid", "status", "capital", "purpose"}
    if "uid" in asked:
        out.append(f"The UID of {name} is `{p['uid']}`." if str(p["uid"]).upper().startswith("CHE") else
                   f"The notices name {name} only in passing (e.g. as auditor or c/o) and state no UID for it.")
    if "address" in asked:
        out.append(f"{name} is seated in {p.get('seat', '?')}; registered address: {p.get('address', 'not recorded')}"
                   f"{_latest_citation(hist, 'address', p, 'address')}.")
    if "legal_form" in asked:
        out.append(f"Legal form: {p.get('legal_form', 'not recorded')}.")
    if "capital" in asked:
        if p.get("capital_nominal") is not None:
            # one fact asked, one answered: the paid-in part when asked for, else only whether it is paid in full
            paid = "" if p.get("capital_paid") is None else (
                f", of which {chf(p['capital_paid'])} paid in" if _PAID.search(fold(u.question)) else
                " (fully paid in)" if p["capital_paid"] == p["capital_nominal"] else "")
            cited = _latest_citation(hist, "capital", p, "capital_nominal")
            out.append(f"Nominal capital of {name}: {chf(p['capital_nominal'])}{paid}{cited}.")
        else:
            out.append(f"No capital is recorded for {name} (its legal form, {p.get('legal_form', '?')}, may have none).")
    if "status" in asked:
        # a company that is gone is deleted; how it ended (a bankruptcy) is told when asked
        extra = (f", deleted on {p['deletion_date']}" if p.get("deletion_date") else
                 f", bankruptcy opened {p['bankruptcy_date']}" if p.get("bankruptcy_date") else "")
        out.append(f"Status: {p.get('status', 'unknown')}{extra}{(' (' + _cite(hist[-1]) + ')') if hist else ''}.")
    if "purpose" in asked and p.get("purpose"):
        out.append(f"Purpose: {p['purpose']}{_latest_citation(hist, 'purpose', p, 'purpose')}")
    return out


_PAID = re.compile(r"\b(paid|einbezahlt|eingezahlt|liberier\w*|libere\w*|verse\w*|versat\w*|liberat\w*)")


def _persons_table(rows: list[dict]) -> str:
    lines = ["| Person | Role | Signature | Status | Notice |", "|---|---|---|---|---|"]
    # those still registered first; a person whose latest notice says they left is listed as such
    for r in sorted(_latest_per_person(rows), key=lambda r: r.get("role_status") in NOT_NOW):
        lines.append(f"| {r['name']} | {r.get('role', '')} | {r.get('signature', '')} | "
                     f"{_status_word(r.get('role_status'))} | {_cite(r)} |")
    return "\n".join(lines)


def _status_word(status: str | None) -> str:
    return "left" if status in LEFT else "renamed" if status == RENAMED else "registered"


def _latest_per_person(rows: list[dict]) -> list[dict]:
    """Each person's latest entry; a person is one however the company's notices write the name (`kg.posts`)."""
    latest: dict[str, dict] = {}
    persons = Persons()
    for r in sorted(rows, key=lambda r: (r.get("publication_date", ""), r["publication_number"])):
        latest[persons.of(r["name"]) if r.get("name") else r["uid"]] = r
    return list(latest.values())


def _persons_answer(u: Understanding, rows: list[dict], name: str) -> str:
    """The persons asked for: by role (the board, its president, managers, signatories ...), those registered
    now, or those who left when the question says "former"; all of them when no role is named."""
    if not rows:
        return f"No persons are named in the notices of {name}."
    if not u.roles and not u.former:
        return f"Persons in the notices of {name}:\n\n" + _persons_table(rows)
    prokura = roles.prokura_named(u.question)  # read once, not per row
    latest = [r for r in _latest_per_person(rows) if not u.roles or roles.holds(r, u.roles, prokura)]
    left = [r for r in latest if r.get("role_status") in LEFT]
    now = [r for r in latest if r.get("role_status") not in NOT_NOW]
    what = md_text(u.role_words or "persons")
    if u.former:
        return (f"Former {what} of {name} (left according to the notices):\n\n" + _persons_table(left) if left
                else f"The notices of {name} name no former {what}.")
    if not now:
        # none in that role (a GmbH has managers, not a board): say so, and show who is registered instead
        others = [r for r in _latest_per_person(rows) if r.get("role_status") not in NOT_NOW]
        return f"The notices of {name} name no current {what}" + (
            f"; former {what}:\n\n{_persons_table(left)}" if left else ".") + (
            f"\n\nThe persons registered for {name} now:\n\n{_persons_table(others)}" if others else "")
    answer = f"{what.capitalize()} of {name} registered now:\n\n" + _persons_table(now)
    if roles.officers_asked(u.roles) and not filters.COUNT.search(fold(u.question)):  # a count lists those counted
        # the board, the managers or the signatories: who else acts for the company now, apart, as an extract
        # of the register shows them (a GmbH's "board" is its managers; a Prokurist signs beside the board)
        shown = {r["uid"] for r in now}
        rest = [r for r in _latest_per_person(rows) if r["uid"] not in shown and r.get("role_status") not in NOT_NOW]
        if rest:
            answer += f"\n\nAlso registered for {name} now, in other functions:\n\n" + _persons_table(rest)
    return answer


def _own(rows: list[dict]) -> list[dict]:
    """The notices about the company itself: not the deletion of a company it absorbed (ACQUIRED_FROM), nor a
    notice that names it as auditor or head office of another."""
    return [r for r in rows if r.get("relation") not in _OTHERS_EVENTS]


# how a company is tied to a notice about another company (Table 6); a person's rows keep all their notices
_OTHERS_EVENTS = ("ACQUIRED_FROM", "HEAD_OFFICE_OF", "PROVIDES_ASSURANCE_TO", "RELATED_TO")


def _event_answers(u: Understanding, rows: list[dict], name: str, profile: dict | None = None) -> list[str]:
    out = []
    told_deletion = False
    rows = _own(rows)
    for fact in [f for f in EVENT_FACTS if f in u.facts]:
        if fact == "foundation":
            hits = [r for r in rows if r.get("sub_rubric") == "HR01"]
            out.append(f"{name} was entered in the commercial register (new entry) on {hits[0]['publication_date']} "
                       f"({hits[0]['publication_number']})." if hits else
                       f"The graph holds no new-entry notice for {name}; its earliest notice is "
                       f"{_cite(rows[0])}." if rows else f"No notices about {name}.")
        elif fact in ("first_notice", "latest_notice"):
            if rows:
                r = rows[0] if fact == "first_notice" else rows[-1]
                which = "first" if fact == "first_notice" else "most recent"
                out.append(f"The {which} notice about {name} is {r['publication_number']} of {r['publication_date']}, "
                           f"a {_sr(r['sub_rubric'])}" + (f" ({', '.join(_changes(r))})" if _changes(r) else "") + ".")
            else:
                out.append(f"No notices about {name}.")
        elif fact == "name_change":
            hits = [(i, r) for i, r in enumerate(rows) if "name" in _changes(r)]
            for i, r in hits:
                # the name before, as the notice states it (phase 1), else as the previous notice used it
                before = r.get("before_name") or next(
                    (x.get("name_in_notice") for x in reversed(rows[:i]) if x.get("name_in_notice")), None)
                out.append(f"Name change on {r['publication_date']} ({r['publication_number']})"
                           + (f": from {before} to {r.get('name_in_notice')}." if before else
                              f": now {r.get('name_in_notice')}."))
            if not hits:
                out.append(f"No name change of {name} is published in the graph.")
        elif fact == "seat_move":
            hits = [r for r in rows if "seat" in _changes(r)]
            out += [f"Seat moved on {r['publication_date']} ({r['publication_number']}): "
                    f"{(r.get('title') or '').rsplit(',', 1)[-1].strip()} (canton {r.get('canton', '?')})." for r in hits] \
                or [f"No seat transfer of {name} is published in the graph."]
        elif fact in ("deletion", "bankruptcy") and (profile or {}).get(f"{fact}_date"):
            out.append(_legal_date(fact, rows, name, profile))
            more = [r for r in rows if r.get("sub_rubric") in EVENT_TYPES["bankruptcy_any"]
                    and r["publication_number"] not in out[-1]] if fact == "bankruptcy" else []
            if more:  # the proceedings after the opening: calls to creditors, schedules, closure
                out.append("The bankruptcy office's notices: " + _notice_list(more) + ".")
        elif fact == "deletion" and (stated := _stated_deletion(rows)):
            # the profile lacks it, the register's deletion notice states it
            out.append(_legal_date(fact, rows, name, {"deletion_date": stated}))
        else:
            codes = {"liquidation": EVENT_TYPES["liquidation"], "bankruptcy": EVENT_TYPES["bankruptcy_any"],
                     "deletion": ("HR03",)}[fact]
            key = {"liquidation": "liquidation", "bankruptcy": "bankruptcy", "deletion": "deletion"}[fact]
            # a dissolution (by the owners, by a court, by bankruptcy: "bankruptcy.dissolution") opens the liquidation
            hits = [r for r in rows if r.get("sub_rubric") in codes or any(
                c.startswith(key) or (fact == "liquidation" and "dissolution" in c.split(".")) for c in _changes(r))]
            by_bankruptcy = [r for r in rows if r.get("sub_rubric") in EVENT_TYPES["bankruptcy_any"]]
            out += [f"{fact.capitalize()}: {_sr(r['sub_rubric'])}" + (f" ({', '.join(_changes(r))})" if _changes(r) else "")
                    + f" on {r['publication_date']} ({r['publication_number']})." for r in hits] \
                or ([f"{name} was dissolved by the opening of bankruptcy; the register published "
                     "no dissolution notice of its own."] if fact == "liquidation" and by_bankruptcy else
                    [f"No {fact} notice about {name} is published in the graph."])
            if fact == "liquidation" and "bankruptcy" not in u.facts and by_bankruptcy:
                # dissolved by bankruptcy, or by a court under art. 731b CO (liquidated by the rules of bankruptcy):
                # the bankruptcy office winds the company up, its notices are the liquidation's
                out.append("The bankruptcy office's notices of the winding-up: " + _notice_list(by_bankruptcy) + ".")
            deleted = (profile or {}).get("deletion_date") or _stated_deletion(rows)
            if fact != "deletion" and deleted and "deletion" not in u.facts and not told_deletion:
                # "wound up?" of a company that is gone: how it ended belongs to the answer
                out.append(_legal_date("deletion", rows, name, {"deletion_date": deleted}))
                told_deletion = True
    return out


def _notice_list(rows: list[dict]) -> str:
    """Notices in a sentence: "bankruptcy proceedings suspended on 2020-12-08 (KK03-…); …"."""
    return "; ".join(f"{_sr(r['sub_rubric'])} on {r['publication_date']} ({r['publication_number']})" for r in rows)


def _stated_deletion(rows: list[dict]) -> str | None:
    """The deletion date the company's own deletion notice (HR03) states."""
    return next((r["deletion_date"] for r in rows if r.get("sub_rubric") == "HR03" and r.get("deletion_date")), None)


def _legal_date(fact: str, rows: list[dict], name: str, profile: dict) -> str:
    """The legal date a notice states (the register's deletion, the court's opening of bankruptcy), then its
    publication."""
    codes = ("HR03",) if fact == "deletion" else EVENT_TYPES["bankruptcy_any"]
    main = "HR03" if fact == "deletion" else "KK02"  # the deletion; the publication of the opening
    # the notice that states this date (an alias's rows may hold another company's deletion), else the latest
    candidates = [r for r in rows if r.get("sub_rubric") == main] or [r for r in rows if r.get("sub_rubric") in codes]
    pub = next((r for r in candidates if r.get("deletion_date") == profile[fact + "_date"]), None) \
        if fact == "deletion" else None
    pub = pub or (candidates[-1] if fact == "deletion" and candidates else candidates[0] if candidates else None)
    notice = "deletion" if fact == "deletion" else "bankruptcy notice"
    if pub is None and fact == "bankruptcy":
        # a sole proprietorship's bankruptcy notices name its owner: the register's dissolution states the opening
        pub = next((r for r in rows if any(c.startswith("bankruptcy") for c in _changes(r))), None)
        notice = "dissolution by bankruptcy"
    what = "was deleted from the commercial register on" if fact == "deletion" else "went bankrupt: bankruptcy was opened on"
    return f"{name} {what} {profile[fact + '_date']}" + (
        f"; the {notice} was published on {pub['publication_date']} ({pub['publication_number']})." if pub else ".")


def _history_list(rows: list[dict], limit: int = 25) -> str:
    lines = [f"- {r['publication_date']} · {r['publication_number']} · {_sr(r['sub_rubric'])}"
             + (f" ({', '.join(CHANGE_NAMES.get(c, c) for c in _changes(r))})" if _changes(r) else "")
             + (f" · as {RELATION_NAMES[r['relation']]} of {r.get('name_in_notice', '?')}"
                if r.get("relation") in RELATION_NAMES else
                (f" · {r['role']}" if r.get("role") and r.get("relation") != "HAS_EVENT" else ""))
             + (f" · {r['company']}" if r.get("company") else "") for r in rows[-limit:]]
    more = f"\n_({len(rows) - limit} earlier notices not shown)_" if len(rows) > limit else ""
    return "\n".join(lines) + more


def _first_per(rows: list[dict], key: Callable[[dict], Any]) -> dict[Any, dict]:
    """The first row for each key (a neighbour may appear in several notices)."""
    out: dict[Any, dict] = {}
    for r in rows:
        out.setdefault(key(r), r)
    return out


def _network_summary(turn: Turn, name: str, companies_only: bool = False) -> list[str]:
    """The network around the entity: its corporate structure, the companies linked through shared persons, the
    companies it appears in, the persons named beside it. A person's companies asked: those companies alone."""
    companies = _companies_list(turn, name)
    if companies_only and companies:
        return [companies]
    out = []
    structure = _network_rows(turn, "structure")
    if structure:
        seen = _first_per(structure, lambda r: r["uid"])
        out.append("Corporate structure: " + "; ".join(
            f"{r['name']} ({r.get('role') or r['relation']}, {_cite(r)})" for r in seen.values()) + ".")
    lateral = _network_rows(turn, "lateral")
    if lateral:
        seen = _first_per(lateral, lambda r: (r["uid"], r.get("via_uid")))
        out.append(f"Linked through shared persons ({len(seen)}):\n" + "\n".join(
            f"- {r['name']} — via {r.get('via_name')} ({r.get('role') or r['relation']}, {_cite(r)})"
            for r in list(seen.values())[:20]))
    if companies:
        out.append(companies)
    co = _network_rows(turn, "co_actors")
    if co:
        seen = _first_per(co, lambda r: r["uid"])
        out.append("Named in the same notices: " + "; ".join(
            f"{r['name']} ({r.get('role', '')}, {r.get('via_name', '')})" for r in list(seen.values())[:15]) + ".")
    return out


def _companies_list(turn: Turn, name: str) -> str | None:
    """The companies whose notices name the entity, each with its role and the notice."""
    companies = _network_rows(turn, "companies")
    if not companies:
        return None
    seen = _first_per(companies, lambda r: r["uid"])
    return f"{name} appears in notices of {len(seen)} compan{'y' if len(seen) == 1 else 'ies'}:\n" + "\n".join(
        f"- {r['name']} — {r.get('role') or r['relation']} ({_cite(r)})" for r in seen.values())


CAN_ANSWER = ("its seat and address, UID, legal form, capital, purpose and status (still registered or not); when "
              "it was founded, renamed, moved, put into liquidation, went bankrupt or was deleted; its persons and "
              "their roles (board, president, managers, signatories, auditor, liquidators); its network; its notices")


def unread_answer(u: Understanding, name: str | None) -> str:
    """The honest answer to a question the rules cannot read: what was not understood, and what can be asked."""
    words = md_text(", ".join(f"“{w}”" for w in u.unread[:4]))
    about = f"about {name}" if name else "here"
    why = (f"the commercial register's notices do not hold {words}" if u.not_held else
           f"the offline engine does not understand {words}")
    return (f"I could not tell what you want to know {about}: {why}. "
            f"I can tell you {CAN_ANSWER}" + (f" — or show the whole dossier of {name}." if name else "."))


_BRANCH = re.compile(r"\b(?:zweigniederlassung|succursale|filiale|branch)\b")  # a branch's name says it is one
STRUCTURE_FACTS = {  # fact -> (relation of the structure row, how the answer names it)
    "head_office": ("HAS_EVENT/HEAD_OFFICE_OF", "head office"),
    "branches": ("HEAD_OFFICE_OF/HAS_EVENT", "branch"),
    "auditor": ("HAS_EVENT/PROVIDES_ASSURANCE_TO", "auditor"),
}


def _structure_answers(u: Understanding, turn: Turn, name: str) -> list[str]:
    """Head office, branches and auditor: the companies a notice of this one names in that relation, each with the
    notice (the newest first: an auditor may have been replaced)."""
    out = []
    for fact, (relation, label) in STRUCTURE_FACTS.items():
        if fact not in u.facts:
            continue
        rows = sorted((r for r in _network_rows(turn, "structure") if r.get("relation") == relation),
                      key=lambda r: (r.get("publication_date") or "", r["publication_number"]), reverse=True)
        seen = list(_first_per(rows, lambda r: r["uid"]).values())
        if not seen and fact == "head_office" and u.place_asked and turn.profile \
                and not _BRANCH.search(fold(turn.session.current_name or "")):
            # "which town is X's head office in?" of a company that is no branch: its own seat is its head office
            out.append(f"No head office of {name} is named in its notices (it is not recorded as a branch); its own "
                       "registered seat:")
            out += _company_facts(replace(u, facts={"address"}), turn, turn.profile)
        elif not seen:
            out.append(f"No {label} of {name} is named in its notices.")
        elif fact == "head_office":
            out += [f"The head office of {name} is **{r['name']}** (`{r['uid']}`) ({_cite(r)})." for r in seen[:1]]
        else:
            out.append(f"{label.capitalize()}{'es' if fact == 'branches' and len(seen) > 1 else ''} of {name} "
                       f"({'newest notice first' if fact == 'auditor' else len(seen)}):\n" + "\n".join(
                           f"- **{r['name']}** (`{r['uid']}`) ({_cite(r)})" for r in seen))
    return out


def entity_answer(u: Understanding, turn: Turn, decision: Decision) -> str:
    s = turn.session
    name = f"**{s.current_name}**"
    if u.facts == {"unread"}:
        return unread_answer(u, name)
    parts: list[str] = []
    p = turn.profile
    if s.current_kind == "Company" and p:
        parts += _company_facts(u, turn, p)
    if s.current_kind == "Person" and p:
        parts.append(f"{name}: resident in {', '.join(p.get('residences', [])) or 'unknown'}; named in "
                     f"{p.get('notices', '?')} notice(s); roles: {', '.join(p.get('roles', [])) or 'not stated'}.")
    if u.facts & {"persons", "dossier"} and s.current_kind == "Company":
        parts.append(_persons_answer(u, _network_rows(turn, "persons"), name))
    parts += _structure_answers(u, turn, name)
    if u.facts & {"network"} or (s.current_kind == "Person" and turn.last("explore_network") is not None):
        # a person asked about (who is, a dossier, their companies): the companies they are named in; the persons
        # around them when their network is asked
        companies_only = s.current_kind == "Person" and (u.companies_only or "network" not in u.facts)
        parts += _network_summary(turn, name, companies_only) or [
            f"No connections of {name} beyond its own notices were found."]
    rows = _history_rows(turn)
    parts += _event_answers(u, _history_rows(turn, subject_only=True), name, p)
    if rows and (u.facts & {"history", "dossier"}):
        parts.append(f"Notices about {name} ({len(rows)}):\n" + _history_list(rows))
    if not parts:
        parts.append(f"I found {name} (`{s.current_uid}`) but no data for this question.")
    return "\n\n".join(parts)


def analytics_answer(u: Understanding, turn: Turn) -> str:
    if u.count is not None:
        r = turn.last("count_entities_by_event")
        if r is None or r.status == "error":
            return f"The count could not be computed: {r.message if r else 'no result'}."
        ex = r.extra
        what = u.count.get("event_type", "all") .replace("_", " ")
        subs = ex.get("sub_rubrics")
        scope = (f" in canton {ex['canton']}" if ex.get("canton") else "") + (
            f" in {u.count['year']}" if u.count.get("year") else
            (f" between {ex['since']} and {ex['until']}" if ex.get("since") else ""))
        if u.count.get("group_by", "none") != "none":
            lines = [f"| {u.count['group_by']} | notices | companies | persons |", "|---|---|---|---|"]
            lines += [f"| {x['group']} | {x['notices']} | {x['companies']} | {x['persons']} |" for x in r.rows]
            return f"{what.capitalize()} notices{scope} ({', '.join(subs) if isinstance(subs, list) else subs}):\n\n" + \
                "\n".join(lines)
        x = r.rows[0] if r.rows else {"notices": 0, "companies": 0, "persons": 0}
        return (f"There were **{x['notices']}** {what} notices{scope} "
                f"({', '.join(subs) if isinstance(subs, list) else 'all sub-rubrics'}), concerning {x['companies']} "
                f"compan{'y' if x['companies'] == 1 else 'ies'}" + (f" and {x['persons']} person(s)" if x["persons"] else "")
                + ".")
    r = turn.last("get_top_entities")
    if r is None or not r.rows:
        return f"No company matches these filters{(': ' + r.message) if r else ''}."
    metric = (u.rank or {}).get("metric", "capital")
    head = {"capital": "Nominal capital", "notices": "Notices", "persons": "Persons"}[metric]
    lines = [f"| # | Company | Seat | Legal form | {head} | uid |", "|---|---|---|---|---|---|"]
    for i, x in enumerate(r.rows, 1):
        val = chf(x["value"]) if metric == "capital" else x["value"]
        lines.append(f"| {i} | {x['name']} | {x.get('seat', '')} | {x.get('legal_form', '')} | {val} | `{x['uid']}` |")
    filt = md_text(", ".join(f"{k} {v}" for k, v in r.args.items() if k not in ("metric", "limit")))
    return f"Top {len(r.rows)} companies by {head.lower()}{(' (' + filt + ')') if filt else ''}:\n\n" + "\n".join(lines)


def address_answer(turn: Turn, address: str) -> str:
    """Who is registered at an address: the notices whose text states it (the house number and the postal code), newest
    first, one line per company."""
    r = turn.last("global_text_search")
    parts = re.findall(r"[^\W_]+", fold(address))
    key = [p for p in parts if p.isdigit()]
    street = next((parts[i - 1] for i, p in enumerate(parts) if p.isdigit() and i), "")
    hits: dict[str, dict] = {}
    for x in sorted(r.rows if r else [], key=lambda x: x.get("publication_date", ""), reverse=True):
        text = " ".join(re.findall(r"[^\W_]+", fold(x.get("snippet", ""))))
        if all(re.search(rf"\b{k}\b", text) for k in key) and street in text:
            hits.setdefault(x.get("company_uid") or x.get("company", ""), x)
    if not hits:
        return f"No notice in the graph states the address {_quoted(address)}."
    lines = [f"- **{x.get('company', '?')}**" + (f" (`{x['company_uid']}`)" if x.get("company_uid") else "")
             + f": {x['publication_number']} of {x.get('publication_date', '')}" for x in hits.values()]
    return (f"The notices state the address {_quoted(address)} for {len(hits)} "
            f"compan{'y' if len(hits) == 1 else 'ies'} (newest notice first; an address may have changed since):\n\n"
            + "\n".join(lines))


def text_answer(turn: Turn, query: str) -> str:
    r = turn.last("global_text_search")
    if r is None or not r.rows:
        return f"No notice text mentions {_quoted(query)}."
    lines = [f"- **{x['publication_number']}** ({x.get('publication_date', '')}, {x.get('company', '')}): {x.get('snippet', '')}"
             for x in r.rows]
    return f"Notices whose text matches {_quoted(query)} ({len(r.rows)}):\n\n" + "\n".join(lines)


NAMES_IT = 0.85  # a candidate this close holds every word typed (or is a misspelling of it); below: only similar


def _mentions(turn: Turn, name: str) -> str:
    """After a name was not found: the notices whose text holds every word of it (a name that only appears in
    notice texts, e.g. a former or foreign spelling), not those that share a word with it."""
    r = turn.last("global_text_search")
    wanted = [w for w in re.findall(r"[^\W_]+", fold(name)) if len(w) > 1]
    rows = [x for x in (r.rows if r else [])
            if all(w in fold(f"{x.get('snippet', '')} {x.get('title', '')} {x.get('company', '')}") for w in wanted)]
    if not rows:
        return "No notice text mentions it either."
    lines = [f"- **{x['publication_number']}** ({x.get('publication_date', '')}, {x.get('company', '')}): {x.get('snippet', '')}"
             for x in rows]
    return f"Notices whose text mentions {_quoted(name)} ({len(rows)}):\n\n" + "\n".join(lines)


def compose(u: Understanding, turn: Turn, decision: Decision) -> str:
    turn = safe_view(turn)
    if u.go_global:
        return "Back in global mode: no entity is selected. Ask about any company or person, or a ranking or count."
    if u.graph is not None and (u.graph.entities != 1 or (turn.session.current_uid and turn.last(u.graph.tool))):
        body = graph_answers.answer(u.graph, turn, turn.session.current_name)
    elif u.graph is not None and turn.session.current_uid and turn.session.current_kind != "Company":
        body = f"**{turn.session.current_name}** is a person; this question is answered for a company."
    elif u.compare:
        body = compare.answer(turn, u.compare, [e | {"name": md_text(e["name"] or e["uid"])} for e in u.pair])
    elif u.intent == "analytics":
        body = analytics_answer(u, turn)
    elif u.intent == "all_tools" and u.facts == {"at_address"}:
        body = address_answer(turn, u.name or u.text_query or "")
    elif u.intent == "all_tools" and u.text_query:
        body = text_answer(turn, u.text_query)
    elif decision.state == S0 and turn.candidates:
        if max(c.get("match", 1.0) for c in turn.candidates) < NAMES_IT:
            # nothing of that name, only similar ones: say so, and do not answer for any of them
            names = "; ".join(f"{c['name']}" for c in turn.candidates[:5])
            body = (f"No company or person named {_quoted(u.name or u.uid)} is in the register data, so I cannot "
                    f"answer for it. Similar names (pick one to see it): {names}.")
        else:
            body = (f"I found {len(turn.candidates)} candidates for {_quoted(u.name or u.uid)}:\n\n"
                    + candidates_table(turn.candidates))
    elif turn.session.current_uid:
        body = entity_answer(u, turn, decision)
    elif turn.last("global_text_search") is not None:
        asked = u.name or u.uid or ""
        body = (f"No company with the UID {_quoted(asked)}" if not u.name and u.uid else
                f"No company or person named {_quoted(asked)}") + " is in the register data. " + _mentions(turn, asked)
    elif u.facts == {"unread"} and not (u.name or u.uid):
        body = unread_answer(u, None)
    elif not (u.name or u.uid):
        body = ("Which company or person do you mean? Name one (a misspelling is fine), or ask for a ranking or a "
                "count, e.g. \"top 10 companies by capital in Geneva\".")
    else:
        body = f"I found no company or person matching {_quoted(u.name or u.uid)}."
    return body
