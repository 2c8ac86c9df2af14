"""The second procedure: every reference re-derived from the world's XML notices (`notices.py`), apart from the
builders' first views (the generator's truth for golden and conversational, the graph for automated).

Each `SecondView` method answers one kind of question from the notices alone: the current value of a register
field (the latest notice stating it), the legal dates as the notices state them (the bankruptcy opening in the
KK02 resolution date or the court decision of the HR02 text, the deletion date of HR03), the full chain of
renames, the persons whose latest mention in the company's register notices is an entry rather than a
resignation, every company whose notices name a person, counts and rankings over the notices. `compare` turns
two answers into a `Check` when they differ.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from functools import cached_property

from app_eval.datasets.model import Check
from app_eval.datasets.notices import Address, Notice, Notices
from kg.text import fold

DISSOLUTION = ("KK", "LS", "HR03")
# section headers of the register notices: persons entered (or changed) vs persons who left
_REGISTERED = r"Eingetragene Personen|Personnes inscrites|Inscription ou modification de personne|Persone iscritte|" \
              r"Nuove persone iscritte|Titulaire\s*:|Associée?-gérante?\s*:|Administrat(?:eur|rice)\s*:"
_RESIGNED = r"Ausgeschiedene Personen|Personne\(s\) et signature\(s\) radiée\(s\)|Personnes radiées|" \
            r"Persone dimissionarie|Persone uscenti"
HEADERS = re.compile(f"(?P<reg>{_REGISTERED})|(?P<res>{_RESIGNED})")
# Geneva style: one sentence per person, "X n'est plus administrateur; ses pouvoirs sont radiés" / "La signature
# de X est radiée"
GENEVA_LEFT = re.compile(r"n'est plus|est radiée|sont radiés")


def norm(value: object) -> str:
    """One spelling for comparing: folded text, numbers without a trailing .0, collapsed spaces."""
    if isinstance(value, float):
        return f"{value:.2f}"
    text = fold(str(value)).strip()
    return " ".join(text.split())


def compare(item: str, category: str, reference: Iterable[object], notices: Iterable[object], action: str,
            note: str = "") -> Check | None:
    ref, got = sorted({norm(v) for v in reference}), sorted({norm(v) for v in notices})
    if ref == got:
        return None
    return Check(item=item, category=category, reference=[str(v) for v in reference], notices=[str(v) for v in notices],
                 action=action, note=note)  # type: ignore[arg-type]


def name_pattern(name: str) -> re.Pattern[str]:
    """A person's name as a whole mention: not inside a longer name ("Muster, Hans" is not "Muster, Hans Peter")."""
    return re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])(?! [A-ZÀ-Ý][a-zà-ÿ])")


class SecondView:
    def __init__(self, notices: Notices) -> None:
        self.n = notices

    # register fields: the latest notice that states them -------------------------------------------------
    def name(self, uid: str) -> str | None:
        return self.n.current_name(uid)

    def address(self, uid: str) -> Address | None:
        return self.n.latest(uid, "address")  # type: ignore[return-value]

    def capital(self, uid: str) -> float | None:
        return self.n.latest(uid, "capital")  # type: ignore[return-value]

    def seat(self, uid: str) -> str | None:
        return self.n.latest(uid, "seat")  # type: ignore[return-value]

    def legal_form(self, uid: str) -> str | None:
        return self.n.latest(uid, "legal_form")  # type: ignore[return-value]

    def purpose(self, uid: str) -> str | None:
        return self.n.latest(uid, "purpose")  # type: ignore[return-value]

    def head_office(self, uid: str) -> tuple[str | None, str | None]:
        return self.n.latest(uid, "head_office_uid"), self.n.latest(uid, "head_office_name")  # type: ignore[return-value]

    @cached_property
    def _uids_by_name(self) -> dict[str, set[str]]:
        out: dict[str, set[str]] = defaultdict(set)
        for uid in self.n.by_uid:
            name = self.name(uid)
            if name:
                out[norm(name)].add(uid)
        return out

    def uids_named(self, name: str) -> set[str]:
        """The companies whose current name (as their latest notice gives it) is `name`."""
        return set(self._uids_by_name.get(norm(name), set()))

    @cached_property
    def all_company_names(self) -> set[str]:
        return {norm(n.name) for n in self.n.all if n.name} | {norm(n.old_name) for n in self.n.all if n.old_name}

    # legal dates as stated --------------------------------------------------------------------------------
    def registration(self, uid: str) -> Notice | None:
        return next((x for x in self.n.by_uid.get(uid, []) if x.sub_rubric == "HR01"), None)

    def bankruptcy_openings(self, uid: str) -> list[str]:
        """Every opening date the notices state (KK resolution dates, HR02 court decisions), once each."""
        dates = [x.opening_stated for x in self.n.by_uid.get(uid, [])
                 if x.sub_rubric in ("KK01", "KK02") or (x.sub_rubric == "HR02" and x.bankruptcy_dissolution)]
        return sorted({d for d in dates if d})

    def deletion(self, uid: str) -> Notice | None:
        return next((x for x in self.n.by_uid.get(uid, []) if x.sub_rubric == "HR03"), None)

    def renames(self, uid: str) -> list[tuple[str, str, str, str]]:
        """(old name, new name, publication date, publication) for every name change, oldest first."""
        return [(x.old_name or "", x.name or "", x.date, x.number) for x in self.n.by_uid.get(uid, [])
                if x.sub_rubric == "HR02" and x.name_changed and x.old_name and x.name and x.old_name != x.name]

    def seat_moves(self, uid: str) -> list[tuple[str, str, str, str]]:
        """(old seat, new seat, publication date, publication) for every change of seat, oldest first."""
        return [(x.old_seat or "", x.seat or "", x.date, x.number) for x in self.n.by_uid.get(uid, [])
                if x.sub_rubric == "HR02" and x.old_seat and x.seat and x.old_seat != x.seat]

    def registered_in(self, canton: str, year: str) -> set[str]:
        """The companies whose new-entry notice (HR01) the register of `canton` published in `year`."""
        return {x.uid for x in self.n.all if x.sub_rubric == "HR01" and x.uid and x.canton == canton
                and x.date.startswith(year)}

    @staticmethod
    def merger_names(deletion: Notice, name: str) -> bool:
        """The deletion notice states a merger and names `name` in it."""
        return bool(re.search(r"\bfusion|\bFusion", deletion.text)) and name in deletion.text

    def dissolution_notices(self, uid: str) -> list[Notice]:
        """Bankruptcy (KK), liquidation (LS) and deletion (HR03) notices, and register changes that dissolve the
        company (into bankruptcy or liquidation)."""
        return [x for x in self.n.by_uid.get(uid, []) if x.sub_rubric.startswith(DISSOLUTION)
                or (x.sub_rubric == "HR02" and (x.bankruptcy_dissolution or x.liquidation_dissolution))]

    def history(self, uid: str) -> list[Notice]:
        return list(self.n.by_uid.get(uid, []))

    # persons ------------------------------------------------------------------------------------------------
    @staticmethod
    def status_in(notice: Notice, pattern: re.Pattern[str]) -> str | None:
        """"registered" or "resigned" for the person's mention in this notice (the last one if several)."""
        status = None
        text = notice.text or ""
        headers = [(m.start(), "registered" if m.group("reg") else "resigned") for m in HEADERS.finditer(text)]
        for m in pattern.finditer(text):
            end = text.find(". ", m.end())
            start = text.rfind(". ", 0, m.start())
            sentence = text[start + 1: end if end >= 0 else len(text)]
            before = [s for pos, s in headers if pos < m.start()]
            if GENEVA_LEFT.search(sentence):  # one sentence per person: it says the person left
                status = "resigned"
            else:
                status = before[-1] if before else "registered"
        return status

    def current_persons(self, uid: str, candidates: Iterable[str]) -> set[str]:
        """The candidate names whose latest mention in the company's register notices is an entry: the persons
        registered there now (none once the company is deleted)."""
        if self.n.deleted(uid):
            return set()
        out = set()
        for name in set(candidates):
            pattern, last = name_pattern(name), None
            for x in self.n.register_notices(uid):
                last = self.status_in(x, pattern) or last
            if last == "registered":
                out.add(name)
        return out

    def companies_naming(self, names: Iterable[str]) -> set[str]:
        """Every company whose own notices name one of these spellings of a person."""
        out = set()
        for name in set(names):
            pattern = name_pattern(name)
            out |= {x.uid for x in self.n.all if x.uid and name in (x.text or "") and pattern.search(x.text or "")}
        return out

    def persons_named(self, uid: str, candidates: Iterable[str]) -> set[str]:
        texts = [x.text or "" for x in self.n.by_uid.get(uid, [])]
        return {c for c in set(candidates) if any(name_pattern(c).search(t) for t in texts)}

    @cached_property
    def _folded(self) -> list[str]:
        return [norm(x.full) for x in self.n.all]

    def text_mentions(self, name: str) -> bool:
        """Whether any notice names this name (accents and case aside)."""
        folded = norm(name)
        pattern = name_pattern(folded)
        return any(folded in t and pattern.search(t) for t in self._folded)

    # aggregations and full text -----------------------------------------------------------------------------
    def count(self, sub_rubric: str, canton: str, year: str) -> int:
        return sum(1 for x in self.n.all if x.sub_rubric == sub_rubric and x.canton == canton and x.date[:4] == year)

    @cached_property
    def _standing(self) -> list[tuple[str, str, float, str | None, str | None]]:
        """(uid, name, capital, seat, canton) of every registered company not deleted that states a capital."""
        rows = []
        for uid in self.n.by_uid:
            cap = self.capital(uid)
            if cap is not None and self.n.register_notices(uid) and not self.n.deleted(uid):
                rows.append((uid, self.name(uid) or "", cap, self.seat(uid), self.n.canton(uid)))
        return rows

    def ranking(self, seat: str | None = None, canton: str | None = None) -> list[tuple[str, str, float]]:
        """(uid, name, capital) of the companies not deleted, seated in `seat` / canton `canton`, by capital."""
        rows = [(u, n, c) for u, n, c, s, k in self._standing if (not seat or s == seat) and (not canton or k == canton)]
        return sorted(rows, key=lambda r: (-r[2], r[1]))

    def address_holders(self, line: str) -> set[str]:
        """Every company whose notices state this address (in a register field or in the text)."""
        folded = norm(line)
        return {x.uid for x, t in zip(self.n.all, self._folded, strict=True)
                if x.uid and ((x.address and norm(x.address.line()) == folded) or folded in t)}

    def meetings(self, date: str) -> list[Notice]:
        return [x for x in self.n.all if x.meeting == date]
