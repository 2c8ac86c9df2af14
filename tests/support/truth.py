"""A generated world's ground truth, indexed the way tests ask about it."""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Truth:
    companies: dict[str, dict[str, Any]] = field(default_factory=dict)  # by CHE uid
    persons: dict[str, dict[str, Any]] = field(default_factory=dict)  # by truth id
    publications: list[dict[str, Any]] = field(default_factory=list)
    by_company_id: dict[str, dict[str, Any]] = field(default_factory=dict)
    mentions_of: dict[str, list[tuple[dict, dict]]] = field(default_factory=lambda: defaultdict(list))  # person id

    @classmethod
    def load(cls, world: Path) -> Truth:
        t = cls()
        with open(world / "truth.jsonl", encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                kind = rec["type"]
                if kind == "company":
                    t.by_company_id[rec["id"]] = rec
                    if rec.get("uid"):
                        t.companies[rec["uid"]] = rec
                elif kind == "person":
                    t.persons[rec["id"]] = rec
                elif kind == "publication":
                    t.publications.append(rec)
                    for m in rec.get("mentions", []):
                        if m["kind"] == "person":
                            t.mentions_of[m["entity"]].append((m, rec))
        return t

    def publications_of(self, company_uid: str) -> list[dict[str, Any]]:
        cid = self.companies[company_uid]["id"]
        return [p for p in self.publications if p.get("company") == cid]

    def name(self, company_uid: str) -> str:
        return self.companies[company_uid]["names"][-1]["name"]

    def officers(self, company_uid: str) -> dict[str, dict]:
        """Persons named in the company's own notices: person id -> their latest mention there."""
        cid = self.companies[company_uid]["id"]
        out: dict[str, dict] = {}
        for p in self.publications:
            if p.get("company") == cid:
                for m in p.get("mentions", []):
                    if m["kind"] == "person" and m.get("role_key") not in ("care_of",):
                        out[m["entity"]] = m
        return out
