"""A generated world's ground truth (`truth.jsonl`), indexed for the dataset builders and Tier 1."""
from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from data_pipeline.model import LEGAL_FORMS


@dataclass
class Truth:
    summary: dict[str, Any] = field(default_factory=dict)
    companies: dict[str, dict[str, Any]] = field(default_factory=dict)  # by CHE uid
    by_company_id: dict[str, dict[str, Any]] = field(default_factory=dict)
    persons: dict[str, dict[str, Any]] = field(default_factory=dict)  # by truth id
    publications: list[dict[str, Any]] = field(default_factory=list)  # in publication order

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
                elif kind == "summary":
                    t.summary = rec
        if not t.summary:
            raise ValueError(f"{world / 'truth.jsonl'} has no summary line: the world is incomplete")
        return t

    @cached_property
    def uid_of(self) -> dict[str, str]:
        """truth company id -> CHE uid"""
        return {c["id"]: u for u, c in self.companies.items()}

    @cached_property
    def pubs_of_company(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for p in self.publications:
            if p.get("company") in self.uid_of:
                out[self.uid_of[p["company"]]].append(p)
        return out

    @cached_property
    def mentions_of(self) -> dict[str, list[tuple[dict[str, Any], dict[str, Any]]]]:
        """person id -> [(mention, publication)] in publication order"""
        out: dict[str, list[tuple[dict, dict]]] = defaultdict(list)
        for p in self.publications:
            for m in p.get("mentions", []):
                if m["kind"] == "person":
                    out[m["entity"]].append((m, p))
        return out

    @cached_property
    def name_counts(self) -> Counter[str]:
        """How many companies bear each current name (a shared name makes a question ambiguous)."""
        return Counter(self.name(u).casefold() for u in self.companies)

    def name(self, uid: str) -> str:
        return self.companies[uid]["names"][-1]["name"]

    def legal_form(self, uid: str) -> str:
        code = self.companies[uid]["legal_form"]
        return LEGAL_FORMS.get(code, code)

    def officers(self, uid: str) -> dict[str, dict[str, Any]]:
        """Persons named in the company's own notices: person id -> their latest mention there."""
        out: dict[str, dict[str, Any]] = {}
        for p in self.pubs_of_company.get(uid, []):
            for m in p.get("mentions", []):
                if m["kind"] == "person" and m.get("role_key") != "care_of":
                    out[m["entity"]] = m
        return out

    def register_mentions(self, uid: str) -> dict[str, list[dict[str, Any]]]:
        """Person id -> their mentions in the company's register notices (HR), in publication order (c/o left out)."""
        out: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for p in self.pubs_of_company.get(uid, []):
            if p["sub_rubric"].startswith("HR"):
                for m in p.get("mentions", []):
                    if m["kind"] == "person" and m.get("role_key") != "care_of":
                        out[m["entity"]].append(m)
        return out

    def current_officers(self, uid: str) -> dict[str, dict[str, Any]]:
        """Persons registered for the company now: their latest register mention is an entry, not a resignation
        (nobody once the company is deleted). Person id -> that mention."""
        if self.companies[uid]["status"] == "deleted":
            return {}
        return {pid: ms[-1] for pid, ms in self.register_mentions(uid).items() if ms[-1].get("status") != "resigned"}

    def former_officers(self, uid: str) -> dict[str, dict[str, Any]]:
        current = self.current_officers(uid)
        return {pid: ms[-1] for pid, ms in self.register_mentions(uid).items() if pid not in current}

    def companies_of_person(self, pid: str) -> list[str]:
        """The companies (uids) whose notices name the person in any role but c/o, sorted."""
        return sorted({self.uid_of[p["company"]] for m, p in self.mentions_of.get(pid, [])
                       if p.get("company") in self.uid_of and m.get("role_key") != "care_of"})

    def spellings(self, pid: str) -> set[str]:
        """Every spelling under which the notices name the person."""
        return {m["text"] for m, _ in self.mentions_of.get(pid, [])}

    def person_display(self, pid: str) -> str:
        """'First Last' as a user types it, from the person's canonical mention ('Last, First')."""
        last, _, first = self.canonical(pid).partition(", ")
        return f"{first} {last}".strip()

    def canonical(self, pid: str) -> str:
        """'Last, First' as the register prints it; a person never named in a notice gets it from their record."""
        mentions = self.mentions_of.get(pid) or []
        p = self.persons[pid]
        fallback = mentions[0][0]["text"] if mentions else f"{p['last_name']}, {' '.join(p['first_names'])}"
        return next((m["text"] for m, _ in mentions if m.get("variant") == "canonical"), fallback)
