"""What the builders share: drafts (an item and what it asks), the split and wording pass that turns drafts into
items, the tool a good plan calls first, names made of everyday words, and names that do not exist."""
from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from app_eval.datasets.families import Ask, phrase
from app_eval.datasets.model import Check, Item
from app_eval.datasets.split import assign
from kg.text import fold

SEARCH, NETWORK, HISTORY = "search_companies", "explore_network", "get_node_history"
TEXT, TOP, COUNT = "global_text_search", "get_top_entities", "count_entities_by_event"
NOT_FOUND = "not found"

# Everyday words that company names are made of (our own list): a name such as "Events Olten GmbH" or
# "Bildung Davos GmbH" reads like a sentence, which is what trips a reader that looks for keywords.
EVERYDAY = frozenset(fold(w) for w in """
events event holding garten gartenbau immobilien immobiliare immobilier bau services service consulting transport
transporte trasporti design gastro haus technik haustechnik treuhand handel trading personal bildung formation
reinigung nettoyage logistik logistique media finanz finance invest partner partners solutions systems energie
energy auto garage sport food café cafe bäckerei malerei schreinerei elektro sanitär digital marketing verwaltung
beratung conseil gestion pflege reisen voyages construction costruzioni servizi software informatik architektur
physio coiffure fiduciaire ristorazione evénements événements vermögensverwaltung alpes blue süd nord west ost
""".split())


def everyday(name: str) -> bool:
    return any(w in EVERYDAY for w in fold(name).split())


@dataclass
class Draft:
    item: Item
    ask: Ask
    checks: list[Check] = field(default_factory=list)  # what the notices showed while it was drafted


def finalize(drafts: list[Draft], prefix: str, start: int = 1) -> list[Item]:
    """Number the items (from `start`), split them (stratified by level and category) and word each one in its
    split's families: the question in the base family, a paraphrase in every other family of the split. Items
    added to a set later are finalized on their own, so the split of the items before them does not move."""
    for n, d in enumerate(drafts, start=start):
        d.item.id = f"{prefix}{n:03d}"
    splits = assign(drafts, lambda d: (d.item.level, d.item.category), lambda d: d.item.id)
    for d in drafts:
        d.item.split = splits[d.item.id]  # type: ignore[assignment]
        d.item.question, d.item.paraphrases = phrase(d.ask, d.item.split, d.item.id)
        for c in d.checks:
            c.item = d.item.id
    return [d.item for d in drafts]


def world_digest(world: Path) -> str:
    h = hashlib.sha256()
    with open(world / "truth.jsonl", "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# Names that do not exist. Stems are syllables of our own; the checks run against every name the graph and the
# notices hold (companies, persons, NameHubs), so "not found" is the right answer.
_SYLLABLES = ("var", "nok", "zel", "bri", "tam", "sor", "qui", "len", "dax", "mur", "pel", "vio", "rud", "kes", "fon",
              "lib", "ost", "ran", "tev", "gul", "ma", "ne", "ro", "sa", "ti", "lo")
_SECTORS = ("Garten", "Events", "Immobilien", "Holding", "Bau", "Treuhand", "Transport", "Consulting", "Gastro", "Reinigung",
            "Immobiliare", "Gestion", "Informatik", "Design", "Handel")
_FORMS = ("AG", "GmbH", "SA", "Sàrl", "Sagl", "GmbH", "AG")


def _key(name: str) -> str:
    return "".join(sorted(fold(name).replace(",", " ").split()))


class Unknown:
    """Plausible company and person names that no company, person or NameHub of the world bears."""

    def __init__(self, names: Iterable[str], seed: int) -> None:
        self.rng = random.Random(seed)
        self.names = {fold(n) for n in names if n}
        self.keys = {_key(n) for n in names if n}
        self.words = {w for n in self.names for w in n.replace(",", " ").split()}

    def _free(self, name: str) -> bool:
        return fold(name) not in self.names and _key(name) not in self.keys

    def company(self, near: str | None = None) -> str:
        """An invented stem with an everyday sector word, or (with `near`) the stem of a real name with another
        sector word: a near miss the fuzzy search will offer, and which is still not that company."""
        for _ in range(1000):
            if near:
                stem = near.split()[0]
            else:
                stem = "".join(self.rng.choice(_SYLLABLES) for _ in range(self.rng.choice((2, 3)))).capitalize()
                if fold(stem) in self.words:
                    continue
            sector = self.rng.choice(_SECTORS)
            name = f"{stem} {sector} {self.rng.choice(_FORMS)}"
            if self._free(name) and not any(fold(f"{stem} {sector}") in n for n in self.names):
                self.names.add(fold(name))
                self.keys.add(_key(name))
                return name
        raise RuntimeError("no unused company name found")

    def person(self, first_names: list[str], last_names: list[str]) -> str:
        """A first and a last name that exist separately, never together ("First Last")."""
        for _ in range(1000):
            first, last = self.rng.choice(first_names), self.rng.choice(last_names)
            if self._free(f"{last}, {first}") and self._free(f"{first} {last}"):
                self.keys.add(_key(f"{first} {last}"))
                return f"{first} {last}"
        raise RuntimeError("no unused person name found")
