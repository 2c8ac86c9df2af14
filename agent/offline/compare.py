"""Which of the last two companies of a conversation has the larger capital, or was entered in the register
first: "Which of the two has the larger capital?", "Welche der beiden wurde zuerst gegründet?", "Laquelle des
deux a le plus de capital ?", "Quale delle due è stata fondata prima?".

The two are the companies the conversation was last about (`Session.recent`); each value is read from the graph
this turn (the search row for the capital, the new-entry notice for the founding) and cited. The older one is
searched first, so the conversation stays on the newer one."""
from __future__ import annotations

import re
from typing import Any

from agent.engines.base import ToolCall, Turn
from agent.offline.graph_answers import chf
from agent.session import Session
from kg.text import fold

COMPARE = re.compile(
    r"\b(?:which|who|what) (?:one )?of (?:the|these|those|them|both)(?: two| companies| firms)?\b|"
    r"\bwhich (?:one|company|firm) (?:is|has|was)\b.*\b(?:larger|bigger|more|higher|older|earlier|first)\b|"
    r"\bwelche[rs]? (?:von |der )?(?:den )?beiden\b|\bwer von (?:den )?beiden\b|\bwelche[rs]? (?:der|von) den zwei\b|"
    r"\b(?:lequel|laquelle) (?:des deux|d'entre (?:elles|eux))\b|\bquale (?:dei|delle|tra i|tra le|fra le|fra i) due\b|"
    r"\bquale (?:di|tra|fra) (?:loro|esse)\b|\bcompare (?:them|both|the two)\b|\bvergleich\w* (?:die )?beiden\b|"
    r"\bcompar\w* les deux\b|\bconfronta\w* (?:le|i) due\b")
# "which one …" with a comparative word (older, earlier, higher …) in any of the four languages, in a conversation
# about two companies
WHICH = re.compile(r"^\W*(?:(?:and|und|et|e|ed|so|also|donc|quindi|dann|then)\W+)?(?:which|welche[rs]?|lequel|laquelle|"
                   r"quelle|quale)\b")
# what "which … first" may ask besides the two companies: a notice, a person
OTHER = re.compile(r"\b(?:notice|publication|meldung|publikation|avis|pubblicazion|annonce|entry|eintrag|inscription|"
                   r"iscrizione|event|ereignis|person|personne|persona|director|member|mitglied|membre|membro)")
EARLIER = re.compile(r"\b(?:first|earlier|older|oldest|sooner|before the other|zuerst|frueher|aelter\w*|eher|"
                     r"als erste\w*|en premier|la premiere|le premier|plus (?:tot|ancien\w*|vieux|vieille)|prima|"
                     r"per prim[ao]|piu (?:vecchi\w*|anzian\w*))\b")
LARGER = re.compile(r"\b(?:larger|largest|bigger|biggest|higher|highest|more capital|groesser\w*|hoeher\w*|mehr kapital|"
                    r"plus (?:eleve|grand|gros|important)\w*|(?:piu|maggior\w*) (?:alto|elevato|grande|capitale)|"
                    r"maggiore)\b")
FACTS = ("capital", "foundation")


def asked(question: str, facts: set[str]) -> str | None:
    """The fact compared, when the question compares the last two companies; else None. The fact is the one
    the question names, else the one its comparative implies ("older" the founding, "higher" the capital)."""
    f = fold(question)
    if not COMPARE.search(f) and not (WHICH.search(f) and (EARLIER.search(f) or LARGER.search(f))
                                      and not OTHER.search(f)):
        return None
    named = next((x for x in FACTS if x in facts), None)
    if named:
        return named
    return "foundation" if EARLIER.search(f) else "capital" if LARGER.search(f) else None


def pair(session: Session) -> list[dict[str, Any]]:
    """The last two companies the conversation was about, older first (fewer than two: empty)."""
    companies = [e for e in session.recent if e.get("kind") == "Company"]
    return companies[-2:] if len(companies) >= 2 else []


def next_call(turn: Turn, fact: str, two: list[dict[str, Any]]) -> ToolCall | None:
    for e in two:
        if fact == "capital" and not _row(turn, e["uid"]):
            return ToolCall("search_companies", {"query": e["uid"], "kind": "company"})
        if fact == "foundation" and _history(turn, e["uid"]) is None:
            return ToolCall("get_node_history", {"uid": e["uid"]})
    return None


def _row(turn: Turn, uid: str) -> dict[str, Any] | None:
    for r in turn.results:
        if r.tool == "search_companies":
            hit = next((row for row in r.rows if row.get("uid") == uid), None)
            if hit is not None:
                return hit
    return None


def _history(turn: Turn, uid: str) -> list[dict[str, Any]] | None:
    return next((r.rows for r in turn.results if r.tool == "get_node_history"
                 and ((r.extra or {}).get("entity") or {}).get("uid") == uid), None)


def answer(turn: Turn, fact: str, two: list[dict[str, Any]]) -> str:
    names = {e["uid"]: f"**{e['name']}**" for e in two}
    if fact == "capital":
        values = {}
        for e in two:
            row = _row(turn, e["uid"]) or {}
            if row.get("capital_nominal") is not None:
                cited = (row.get("stated_in") or {}).get("capital_nominal")
                values[e["uid"]] = (float(row["capital_nominal"]), f" ({cited})" if cited else "")
        missing = [names[e["uid"]] for e in two if e["uid"] not in values]
        if missing:
            return f"The graph holds no nominal capital for {' and '.join(missing)}, so I cannot compare them."
        (a, (va, ca)), (b, (vb, cb)) = values.items()
        if va == vb:
            return f"{names[a]} and {names[b]} have the same nominal capital, {chf(va)}{ca}{cb}."
        big, small = (a, b) if va > vb else (b, a)
        return (f"{names[big]} has the larger nominal capital: {chf(values[big][0])}{values[big][1]}, against "
                f"{chf(values[small][0])} for {names[small]}{values[small][1]}.")
    entries = {}
    for e in two:
        rows = [r for r in (_history(turn, e["uid"]) or []) if r.get("sub_rubric") == "HR01"
                and r.get("relation", "HAS_EVENT") == "HAS_EVENT"]
        if rows:
            entries[e["uid"]] = (rows[0]["publication_date"], rows[0]["publication_number"])
    missing = [names[e["uid"]] for e in two if e["uid"] not in entries]
    if missing:
        return (f"The graph holds no new-entry notice for {' and '.join(missing)} (it may be older than the notices "
                f"held), so I cannot tell which of the two was founded first.")
    (a, (da, pa)), (b, (db, pb)) = entries.items()
    if da == db:
        return f"{names[a]} and {names[b]} were entered in the register on the same day, {da} ({pa}; {pb})."
    first, second = (a, b) if da < db else (b, a)
    return (f"{names[first]} was entered in the commercial register first, on {entries[first][0]} "
            f"({entries[first][1]}); {names[second]} on {entries[second][0]} ({entries[second][1]}).")
