"""The extractor interface of phase 2: event texts in, name mentions with roles out."""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass


@dataclass(frozen=True, slots=True)
class ExtractionInput:
    uid: str  # the Event's uid (publication number)
    text: str
    language: str | None = None
    sub_rubric: str | None = None
    town: str | None = None  # the seat or office town, for "Konkursamt <city>"


@dataclass(slots=True)
class Mention:
    name: str  # exactly as written in the text
    kind: str  # "person" | "company" | "office"
    role: str | None = None  # as written, e.g. "Gesellschafter und Geschäftsführer"
    role_key: str | None = None  # normalized, e.g. "managing_director"
    signature: str | None = None
    nationality: str | None = None
    origin: str | None = None  # Heimatort ("von Zürich") or country ("de France")
    residence: str | None = None
    status: str = "registered"  # "registered" | "resigned" | "renamed" (the old name of a renamed person, kg.posts)
    uid: str | None = None  # a company's CHE number when the text gives it

    def to_dict(self) -> dict:
        return asdict(self)


# Publisher names and generic words an extractor must never turn into entities (§4.1.3).
STOPLIST = frozenset({
    "shab", "fosc", "fusc", "sogc", "schweizerisches handelsamtsblatt", "feuille officielle suisse du commerce",
    "foglio ufficiale svizzero di commercio", "handelsregister", "registre du commerce", "registro di commercio",
    "handelsregisteramt", "konkursamt", "office des faillites", "ufficio dei fallimenti", "publikationsorgan",
})


def keep(mention: Mention, text: str) -> bool:
    """Drop names that are not in the source text (hallucinations) or are on the stoplist."""
    name = mention.name.strip()
    return bool(name) and name in text and name.lower() not in STOPLIST


class Extractor(ABC):
    """Turns a batch of event texts into mentions per event uid."""

    name: str = "extractor"
    # True where extracting is computation in this process, no service called (a large build runs it in a second
    # process: `data_pipeline.offload`); the extractor is then pickled into that process once.
    computes: bool = False

    @abstractmethod
    def extract(self, batch: list[ExtractionInput]) -> dict[str, list[Mention]]:
        ...
