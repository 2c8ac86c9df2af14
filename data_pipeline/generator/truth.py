"""truth.jsonl: the ground truth, one JSON object per line, written as the world runs (bounded memory).

Record types: "publication" (in publication order, with the facts it states and every name mention, exactly as
it appears in the text), "person" and "company" (when the entity leaves the world or at the end) and a final
"summary"."""
from __future__ import annotations

from pathlib import Path

import orjson

from .dates import iso
from .notice import Notice


class TruthWriter:
    def __init__(self, path: Path):
        self.path = path
        self._f = path.open("wb")
        self.counts = {"publication": 0, "person": 0, "company": 0}

    def write(self, record: dict) -> None:
        self._f.write(orjson.dumps(record))
        self._f.write(b"\n")
        kind = record.get("type")
        if kind in self.counts:
            self.counts[kind] += 1

    def publication(self, n: Notice) -> None:
        self.write({
            "type": "publication", "publication_number": n.number, "id": n.id, "sub_rubric": n.sub_rubric,
            "date": iso(n.date), "language": n.language, "canton": n.canton, "company": n.company_id,
            "facts": n.facts, "mentions": n.mentions,
        })

    def close(self) -> None:
        self._f.close()
