"""The offline engine: rule-based router and planner, template synthesis. No key, no network, and the
same answer to the same question every time; every answer says it came from this engine."""
from __future__ import annotations

import re
from collections.abc import Callable

from agent import intents as I
from agent.engines.base import Engine, ToolCall, Turn
from agent.intents import GLOBAL_COMMAND
from agent.llm import OFFLINE_LABEL
from agent.offline import compare, linker, planner, synthesis
from agent.offline.lexicon import FUNCTION_WORDS, LAST_WORDS, ORDINALS, PICK_NOUNS
from agent.offline.understand import EVENT_FACTS, Understanding, aggregate, understand
from agent.safe_text import md_text
from agent.session import Session
from agent.states import Decision
from kg.endpoints.search import similarity
from kg.text import fold

FOOTER = f"\n\n_Answered by the {OFFLINE_LABEL}._"
PIECE_CHARS = 400  # the most characters the chat receives at once, in whole lines


class OfflineEngine(Engine):
    name = "offline"
    label = OFFLINE_LABEL

    def route(self, turn: Turn) -> str:
        s = turn.session
        q = turn.question
        link = None if GLOBAL_COMMAND.search(q) else linker.link(turn.ctx, q, thorough=not aggregate(q))
        u = understand(q, anchored=bool(s.current_uid), link=link)
        if not u.link and s.current_uid and compare.pair(s):
            u.compare = compare.asked(q, u.facts)  # "which of the two …": no entity is named ("Laquelle" is none)
            if u.compare:
                u.pair, u.name, u.uid = compare.pair(s), None, None
                # (a superlative between the two is no ranking of every company)
                u.intent, u.rank, u.count = I.SEARCH if u.compare == "capital" else I.HISTORY, None, None
        if link is not None:
            turn.scratch["link"] = {"ms": link["ms"], "lookups": link["lookups"],
                                    "mentions": [m["text"] for m in link["mentions"]]}
        if u.go_global:
            s.focus(None)
        elif u.link and u.intent != I.ALL:
            _follow_link(u, s)
        elif not u.link:
            chosen = pick(q, s.candidates) if s.candidates else None
            if chosen:  # "the second one", "die zweite", "la deuxième", "il secondo", "#2"
                s.focus(chosen["uid"], chosen["name"], chosen["kind"])
                u.name = None
            elif s.current_uid and (u.uid or u.name) and not u.refers_back and u.intent != I.ANALYTICS:
                named = u.uid or u.name or ""
                if named != s.current_uid and similarity(named, s.current_name or "") < 0.8 and not _by_name(s, named):
                    s.focus(None)  # the question is about another entity: search it
            if not s.current_uid and u.name and s.candidates:
                chosen = _by_name(s, u.name)  # a name from the last candidate table
                if chosen:
                    s.focus(chosen["uid"], chosen["name"], chosen["kind"])
        if u.facts <= {"dossier", "unread"} and (u.link or u.refers_back) and _elliptic(u.masked or q):
            u.facts = _previous_facts(s) or u.facts  # "And of X?", "Sorry, I meant X": what was asked before
            if u.facts & {"network"}:
                u.intent = I.NETWORK
            elif u.facts & {*EVENT_FACTS, "history"} and not u.facts & {"persons"}:
                u.intent = I.HISTORY
        if s.current_kind == "Person" and "foundation" in u.facts and (u.link or u.refers_back):
            u.facts = (u.facts - {"foundation"}) | {"first_notice"}  # "Seit wann …?" of a person: their first notice
        if not u.facts <= {"dossier", "unread"}:
            s.asked = sorted(u.facts)
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
        for piece in pieces(text):
            emit(piece)
        return text


def pieces(text: str, size: int = PIECE_CHARS) -> list[str]:
    """The answer in whole lines of up to `size` characters together (a longer line alone): the text is ready at
    once, and every piece the chat receives re-renders the message, so a 2,000-character list streamed in
    24-character pieces took the browser ~3 s to show; in pieces of lines it shows at once."""
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        if out and len(out[-1]) + len(line) <= size:
            out[-1] += line
        else:
            out.append(line)
    return out


def _follow_link(u: Understanding, s: Session) -> None:
    """The question names an entity: it becomes the active one (a subject shift when it is another). Several
    equally plausible ones: none is active, and the search shows them as candidates (S0)."""
    link = u.link or {}
    if link.get("alternatives"):
        s.focus(None)
        return
    if link.get("via") == "uid" and not link.get("found"):
        s.focus(None)  # a UID the graph does not hold: the search says so
        return
    if link["uid"] != s.current_uid:
        s.focus(link["uid"], link["name"], link["kind"])


# (after a word of thanks: "Merci. Et pour X ?")
_ELLIPSIS = re.compile(r"^\W*(?:(?:thanks|thank you|ok|okay|merci|danke|grazie|perfect|perfekt|parfait|perfetto|bien|gut|"
                       r"bene|good|great|super)\W+)?"
                       r"(and|und|et|e|ed|also|what about|how about|und bei|und von|und fuer|et pour|et de|e per|"
                       r"e di|e la|e il|sorry|pardon|entschuldigung|excusez|scusa|scusi|i meant|i mean|ich meinte|"
                       r"je voulais dire|intendevo|no,|nein,|non,|my mistake|my bad|correction|korrektur|mein fehler|"
                       r"erreur|mon erreur|errore|mio errore|actually|eigentlich|en fait|in realta|rather|vielmehr|"
                       r"plutot|piuttosto)\b")


def _elliptic(text: str) -> bool:
    """A follow-up that names only its entity: "And of X?", "Sorry, I meant X, not that one."."""
    return bool(_ELLIPSIS.search(fold(text))) or bool(_SAME.search(fold(text)))


# "I meant X", "same question for X", "dasselbe für X", "même question pour X", "stessa domanda per X"
_SAME = re.compile(r"\b(i meant|ich meinte|je voulais dire|intendevo|(?:i am|i'm) (?:actually )?looking for|"
                   r"ich suche eigentlich|je cherche en fait|in realta cerco|same (?:question|thing|for)|the same for|"
                   r"(?:gleiche|selbe) frage|dasselbe|das gleiche|meme (?:question|chose)|pareil pour|idem|"
                   r"stessa (?:domanda|cosa)|lo stesso per)\b")


def _previous_facts(s: Session) -> set[str]:
    """What the conversation's last question asked, as the engine read it (with its entity linked); a session
    saved before this was kept reads its last question again."""
    if s.asked:
        return set(s.asked)
    last = next((t["content"] for t in reversed(s.turns) if t.get("role") == "user"), None)
    if not last:
        return set()
    facts = understand(last, anchored=True).facts
    return set() if facts <= {"dossier", "unread"} else facts


def pick(question: str, candidates: list[dict]) -> dict | None:
    """The candidate of the last table a follow-up picks by position: "the second one", "die zweite",
    "la deuxième", "il secondo", "#2", "number 2", "the last one". Only a short answer that is about the pick
    (an ordinal followed by nothing, or by "one", "company", "Firma", "société", "società"...) counts, so
    "the first notice of X" is no pick."""
    if not candidates:
        return None
    f = fold(question).strip()
    words = re.findall(r"#?\w+\.?", f)
    if not words or len(words) > 8:
        return None
    for k, w in enumerate(words):
        bare = w.strip("#.")
        nxt = words[k + 1].strip(".") if k + 1 < len(words) else ""
        index = None
        if w.startswith("#") and bare.isdigit():
            index = int(bare)
        elif bare in ("number", "nr", "no", "nummer", "numero", "num") and nxt.isdigit():
            index = int(nxt)
            nxt = words[k + 2].strip(".") if k + 2 < len(words) else ""
        elif bare in ORDINALS:
            index = ORDINALS[bare]
        elif bare in LAST_WORDS:
            index = len(candidates)
        elif bare.isdigit() and len(words) <= 3:
            index = int(bare)
        elif bare.rstrip("stndrh").isdigit() and bare[-2:] in ("st", "nd", "rd", "th"):
            index = int(bare[:-2])
        if index is None:
            continue
        if nxt and nxt not in PICK_NOUNS and nxt not in FUNCTION_WORDS:
            return None  # "the first notice": an ordinal of something else
        return candidates[index - 1] if 1 <= index <= len(candidates) else None
    return None


def _by_name(session: Session, text: str) -> dict | None:
    """A candidate of the last S0 table chosen by name."""
    best = max(session.candidates, key=lambda c: similarity(text, c["name"]), default=None)
    return best if best and similarity(text, best["name"]) >= 0.9 else None
