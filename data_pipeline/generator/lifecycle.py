"""Company life cycles that produce the publications: foundation (HR01), mutations (HR02: officers, name, seat,
address, capital, purpose, auditors, liquidation, bankruptcy), calls to creditors (LS), bankruptcy notices of the
Konkursamt (KK01-KK10) and deletion (HR03).

`World.produce(sub_rubric, day)` returns the next Notice of the requested kind when a company is at that step of
its life; otherwise it produces the step that leads there (a bankruptcy must be opened before KK02 can follow,
a liquidation resolved before its call to creditors), so every chain stays consistent."""
from __future__ import annotations

import datetime as dt
import heapq
import random
from collections.abc import Callable

from .dates import WorkCalendar, add_workdays, iso, issue_number, swiss
from .factory import Factory
from .identifiers import new_uuid
from .lexicon import (
    COMPANY_ROLE,
    FORM_FOR_LS,
    HR_LEGAL_REMEDY,
    KK_LEGAL_REMEDY,
    LIQUIDATION_SUFFIX,
    LS_FOR_FORM,
    NEW_WORD,
    TITLE_LABELS,
    chf,
    nationality_phrase,
    thousands,
)
from .names import LAST_NAMES, name_group, render_name
from .notice import Address, Notice, OfficeMeta, PersonDebtor
from .phrasing import Ctx, Text, legal_form_long, name_mention, old_state, section
from .places import BANKRUPTCY_OFFICES, CANTON_NAMES, ORIGINS, TOWNS_BY_CANTON, Office, register_office
from .purposes import ACTIVITIES, purpose_text
from .world import Bankruptcy, Company, Liquidation, Person, Population, Post

BJ_OFFICE = OfficeMeta("e15a629a-a08d-11e8-aa11-0050569d3c43",
                       "Bundesamt für Justiz (BJ), Eidgenössisches Amt für das Handelsregister", "Bundesrain", "20",
                       "3003", "Bern")
CORPORATIONS = ("0105", "0106", "0107", "0108")
GOVERNING = ("board_member", "chair", "sole_board_member", "managing_partner", "chair_management", "partner",
             "unlimited_partner", "owner", "branch_manager", "managing_director", "liquidator", "vice_chair", "director")
ORGAN = {  # the body whose resolution dissolves the entity: (de, fr, it)
    "0106": ("der Generalversammlung", "de l'assemblée générale", "dell'assemblea generale"),
    "0105": ("der Generalversammlung", "de l'assemblée générale", "dell'assemblea generale"),
    "0107": ("der Gesellschafterversammlung", "de l'assemblée des associés", "dell'assemblea dei soci"),
    "0108": ("der Generalversammlung", "de l'assemblée générale", "dell'assemblea generale"),
    "0109": ("der Vereinsversammlung", "de l'assemblée des membres", "dell'assemblea sociale"),
    "0110": ("der Aufsichtsbehörde", "de l'autorité de surveillance", "dell'autorità di vigilanza"),
    "0103": ("der Gesellschafter", "des associés", "dei soci"),
    "0104": ("der Gesellschafter", "des associés", "dei soci"),
}
_LI = {"de": 0, "fr": 1, "it": 2}
SUBJECT = {  # "Die Gesellschaft wird gelöscht" by legal form: (de, fr, it)
    "0101": ("Das Einzelunternehmen", "L'entreprise individuelle", "La ditta individuale"),
    "0109": ("Der Verein", "L'association", "L'associazione"),
    "0110": ("Die Stiftung", "La fondation", "La fondazione"),
    "0151": ("Die Zweigniederlassung", "La succursale", "La succursale"),
    "0108": ("Die Genossenschaft", "La société coopérative", "La società cooperativa"),
}
DEFAULT_SUBJECT = ("Die Gesellschaft", "La société", "La società")
MAX_HEAP = 20_000


def _subject(form: str, lang: str) -> str:
    return SUBJECT.get(form, DEFAULT_SUBJECT)[_LI[lang]]


def _plain(town_name: str) -> str:
    return town_name.split(" (", maxsplit=1)[0]


class World:
    def __init__(self, seed: int, n_publications: int, start: dt.date, years: float, emit: Callable[[dict], None],
                 p_variant: float = 0.14):
        self.rng = random.Random(seed)
        self.n = n_publications
        self.cal = WorkCalendar(start)
        self.rate = max(n_publications / (years * 250.0), 1e-9)  # publications per working day
        cap = min(4000, max(150, n_publications // 20))
        self.pop = Population(self.rng, emit, company_cap=cap, idle_person_cap=max(300, cap // 2))
        self.factory = Factory(self.rng, self.pop)
        self.p_variant = p_variant
        self.hr_seq = 1_000_000_000
        self.kk_seq = 0
        self.heaps: dict[str, list] = {}
        self.heap_seq = 0
        self.journal: dict[tuple[str, int], int] = {}
        self.office_ids: dict[str, str] = {}
        self.trust_firms: list[str] = []
        self.day = 0
        self.today = self.cal.date(0)
        self.pending_release: list[str] = []
        self.pending_retire: list[Company] = []
        self.open_kk02: list[str] = []  # bankruptcies after KK02, oldest first, until KK06 closes them
        self.max_open_kk02 = max(100, int(self.rate * 0.017 * 200))

    # ------------------------------------------------------------------ setup
    def prewarm(self) -> None:
        """Service firms and a stock of companies registered before the start (their earlier notices predate the
        archive), some already in liquidation or bankruptcy, so the world is in a steady state from day one."""
        rng = self.rng
        start = self.cal.start
        n_firms = max(12, min(80, self.pop.company_cap // 40))
        for i in range(n_firms):
            firm = self.factory.firm(start, "audit" if i % 2 == 0 else "trust")
            self.pop.add_company(firm)
            if i % 2:
                self.trust_firms.append(firm.id)
        n = int(self.pop.company_cap * 0.75)
        for _ in range(n):
            founded = start - dt.timedelta(days=150 + rng.randrange(9000))
            c = self.factory.new_company(founded, None)
            self._register_founders(c, founded)
            last = add_workdays(start, -(3 + rng.randrange(600)))
            if last <= founded:
                last = add_workdays(founded, 5)
            c.last_pub = (last, issue_number(last), f"{rng.randrange(900_000_000, 999_999_999):010d}")
            self.pop.add_company(c)
            self.pop.activate(c)
        self._seed_chains()

    def _seed_chains(self) -> None:
        """Put some existing companies mid-way through bankruptcy and liquidation, as the archive begins mid-stream."""
        rng = self.rng
        per_day = self.rate
        budget = max(1, len(self.pop.active) // 5)

        def quota(share: float, days: int) -> int:
            return min(budget, int(share * per_day * days + rng.random()))

        for _ in range(quota(0.0405, 25)):
            c = self._pick_active(lambda x: x.legal_form not in ("0151", "0109", "0110"))
            if c is None:
                break
            self._silent_bankruptcy(c, stage="opened", ready=rng.randrange(1, 26))
        for _ in range(quota(0.017, 120)):
            c = self._pick_active(lambda x: x.legal_form not in ("0151", "0109", "0110"))
            if c is None:
                break
            self._silent_bankruptcy(c, stage="kk02", ready=rng.randrange(1, 120))
        for sr, share in (("LS01", 0.014), ("LS02", 0.021), ("LS03", 0.0015), ("LS04", 0.0015), ("LS05", 0.0015),
                          ("LS06", 0.001)):
            form = FORM_FOR_LS[sr]
            for _ in range(quota(share, 8)):
                c = self._pick_active(lambda x, f=form: x.legal_form == f)
                if c is None:
                    break
                self._silent_liquidation(c, ready=rng.randrange(1, 9))

    def _pick_active(self, ok: Callable[[Company], bool]) -> Company | None:
        if not len(self.pop.active):
            return None
        for _ in range(12):
            c = self.pop.companies[self.pop.active.choice(self.rng)]
            if ok(c):
                return c
        return None

    def _silent_bankruptcy(self, c: Company, stage: str, ready: int) -> None:
        rng = self.rng
        opened = add_workdays(self.cal.start, -(5 + rng.randrange(40 if stage == "opened" else 150)))
        lang = c.town.lang
        c.bk = Bankruptcy(opened, c.town.office, self._court(c, lang), rng.random() < 0.1, summary=rng.random() < 0.8)
        if c.legal_form == "0101":
            c.bk.person_debtor = c.owner
        self._rename(c, c.base_name + self._liq_suffix(lang), iso(opened))
        c.set_status("bankrupt", iso(opened))
        self.pop.deactivate(c)
        if stage == "opened":
            self._push("proceeding", ready, c.id)
        else:
            bk = c.bk
            bk.proceeding = "kk02"
            bk.kk02_day = ready - 120  # published before the archive starts
            bk.has_land = rng.random() < 0.3
            if rng.random() < 0.4:
                bk.kk04_day = bk.kk02_day + 20 + rng.randrange(60)
            self.open_kk02.append(c.id)

    def _silent_liquidation(self, c: Company, ready: int) -> None:
        rng = self.rng
        resolution = add_workdays(self.cal.start, -(5 + rng.randrange(30)))
        officers = [p for p in c.posts if p.kind == "person" and p.role_key in GOVERNING]
        if not officers:
            return
        post = officers[rng.randrange(len(officers))]
        self._close_role(post, iso(resolution))
        post.role_key, post.signature = "liquidator", "individual"
        self._open_role(c, post, iso(resolution))
        liquidator = post.holder
        c.liq = Liquidation(resolution, c.legal_form, liquidator, self._calls_planned(self.cal.start))
        self._rename(c, c.base_name + self._liq_suffix(c.town.lang), iso(resolution))
        c.set_status("liquidation", iso(resolution))
        self.pop.deactivate(c)
        self._push("ls:" + LS_FOR_FORM[c.legal_form], ready, c.id)

    # ------------------------------------------------------------------ bookkeeping
    def _push(self, heap: str, ready_day: int, cid: str, payload: object = None, optional: bool = False) -> None:
        h = self.heaps.setdefault(heap, [])
        if optional and len(h) >= MAX_HEAP:
            return
        self.heap_seq += 1
        heapq.heappush(h, (ready_day, self.heap_seq, cid, payload))

    def _await_deletion(self, c: Company, ready_day: int, reason: str) -> None:
        """Queue the HR03 that ends a liquidation or bankruptcy. The queue is bounded by the pool size: beyond it the
        company leaves the world before its deletion is published (as if observed no further)."""
        if len(self.heaps.get("deletion", ())) >= self.pop.company_cap:
            self.pending_retire.append(c)
            return
        self._push("deletion", ready_day, c.id, reason)

    def _take(self, heap: str, valid: Callable[[Company, int], bool]) -> tuple[Company, object] | None:
        h = self.heaps.get(heap)
        while h and h[0][0] <= self.day:
            ready, _, cid, payload = heapq.heappop(h)
            c = self.pop.companies.get(cid)
            if c is not None and valid(c, ready):
                return c, payload
        return None

    def _register_founders(self, c: Company, date: dt.date) -> None:
        for post in c.posts:
            if post.kind == "person":
                self._open_role(c, post, iso(date))

    def _open_role(self, c: Company, post: Post, date: str) -> None:
        p = self.pop.persons[post.holder]
        p.roles.append({"company": c.id, "role_key": post.role_key, "from": date, "to": None})
        post.role_index = len(p.roles) - 1

    def _close_role(self, post: Post, date: str) -> None:
        p = self.pop.persons.get(post.holder)
        if p is not None and 0 <= post.role_index < len(p.roles):
            p.roles[post.role_index]["to"] = date

    def _add_post(self, c: Company, post: Post, date: str) -> None:
        c.posts.append(post)
        if post.kind == "person":
            self.pop.hold(post.holder)
            self._open_role(c, post, date)

    def _remove_post(self, c: Company, post: Post, date: str) -> None:
        c.posts.remove(post)
        if post.kind == "person":
            self._close_role(post, date)
            self.pending_release.append(post.holder)

    def _rename(self, c: Company, name: str, date: str) -> None:
        c.name = name
        c.names.append({"name": name, "from": date})

    def _liq_suffix(self, lang: str) -> str:
        options = LIQUIDATION_SUFFIX[lang]
        return options[self.rng.randrange(len(options))]

    def _calls_planned(self, d: dt.date) -> int:
        return 3 if d.year < 2023 else 1

    def after_publication(self) -> None:
        """Deferred releases and retirements, so a notice's mentions are recorded before a truth record is final."""
        for c in self.pending_retire:
            if c.id in self.pop.companies:
                self.pop.retire_company(c)
        self.pending_retire.clear()
        for pid in self.pending_release:
            self.pop.release(pid)
        self.pending_release.clear()
        while len(self.open_kk02) > self.max_open_kk02:  # proceedings still open when observation ends for them
            c = self.pop.companies.get(self.open_kk02.pop(0))
            if c is not None:
                self.pop.retire_company(c)
        self.pop.trim()

    def finish(self) -> None:
        self.after_publication()
        self.pop.finish()

    # ------------------------------------------------------------------ notices
    def _number(self, sr: str) -> str:
        if sr.startswith("KK"):
            self.kk_seq += 1 + (self.rng.random() < 0.2)
            return f"{sr}-{self.kk_seq:010d}"
        self.hr_seq += 1 + (self.rng.randrange(3) if self.rng.random() < 0.3 else 0)
        return f"{sr}-{self.hr_seq:010d}"

    def _journal(self, canton: str) -> int:
        key = (canton, self.today.year)
        n = self.journal.get(key)
        n = 1 + self.rng.randrange(30) if n is None else n + 1 + self.rng.randrange(12)
        self.journal[key] = n
        return n

    def _base(self, sr: str, c: Company | None, lang: str, canton: str, title: tuple[str, str, str, str],
              remedy: str | None, office: OfficeMeta) -> Notice:
        number = self._number(sr)
        n = Notice(sr, number, new_uuid(self.rng), self.today, lang, canton, title, remedy, office,
                   c.id if c is not None else None)
        if c is not None:
            c.events.append(number)
        return n

    def _ctx(self, c: Company, lang: str) -> Ctx:
        return Ctx(self.rng, lang, self.p_variant, geneva=lang == "fr" and c.geneva and c.town.canton == "GE")

    def _hr_notice(self, sr: str, c: Company, t: Text, title_extra: tuple[str, str, str, str] | None = None,
                   lang: str | None = None) -> Notice:
        lang = lang or c.town.lang
        de, en, it, fr = TITLE_LABELS[sr]
        seat = c.town.municipality
        tail = f"{c.name}, {seat}"
        title = (f"{de} {tail}", f"{en} {tail}", f"{it} {tail}", f"{fr} {tail}")
        if title_extra is not None:
            title = title_extra
        n = self._base(sr, c, lang, c.town.canton, title, HR_LEGAL_REMEDY.get(sr, {}).get(lang), BJ_OFFICE)
        n.journal_number = self._journal(c.town.canton)
        n.journal_date = add_workdays(self.today, -(2 + self.rng.randrange(5)))
        n.text = t.value()
        n.mentions = t.mentions
        n.sender_office = register_office(c.town)
        n.secondary_tenant = self.rng.random() < 0.3
        if c.last_pub is not None:
            n.last_fosc = c.last_pub
        c.last_pub = (self.today, issue_number(self.today), n.number[5:])
        return n

    def _reference(self, c: Company, lang: str) -> str:
        d, issue, seq = c.last_pub  # type: ignore[misc]
        if lang == "de":
            return f"SHAB Nr. {issue} vom {swiss(d)}, Publ. {seq}"
        if lang == "fr":
            if c.town.canton == "GE":
                return f"FOSC du {swiss(d)}, p. 0/{seq}"
            return f"No. FOSC {issue} du {swiss(d)}, Publ. {seq}"
        return f"FUSC n. {issue} del {swiss(d)}, Pubbl. {seq}"

    def _opening(self, ctx: Ctx, t: Text, c: Company, name: str, seat: str, former_seat: bool = False) -> None:
        lang = ctx.lang
        where = {"de": "in ", "fr": "à ", "it": "in "}[lang]
        if former_seat and lang == "de":
            where = "bisher in "
        t.add(f"{name}, {where}{seat}, {c.uid}")
        if not ctx.geneva:
            t.add(f", {legal_form_long(c.legal_form, lang)}")
        t.add(f" ({self._reference(c, lang)}).")

    def _address_text(self, t: Text, c: Company, ctx: Ctx) -> None:
        a = c.address
        if a.care_of:
            t.add("c/o ")
            p = self.pop.persons.get(c.care_of or "")
            text = a.care_of[4:]
            if p is not None:
                t.mention(text, p.id, "person", "c/o", "care_of", None, None, "first_last")
                p.note_variant(text)
            else:
                t.add(text)
            t.add(", ")
        t.add(f"{a.street} {a.number}, {a.zip} {a.town}")

    # ------------------------------------------------------------------ dispatch
    def produce(self, sr: str, day: int) -> Notice:
        self.day = day
        self.today = self.cal.date(day)
        if sr == "HR01":
            return self.hr01()
        if sr == "HR02":
            return self.hr02()
        if sr == "HR03":
            return self.hr03()
        if sr.startswith("LS"):
            return self.ls(sr)
        return self.kk(sr)

    # ------------------------------------------------------------------ HR01
    def hr01(self, form: str | None = None) -> Notice:
        rng = self.rng
        form = form or self.factory.forms.pick(rng)
        head = None
        if form == "0151":
            pool = self.pop.by_form.get("0106") if rng.random() < 0.7 else self.pop.by_form.get("0107")
            if pool is not None and len(pool):
                head = self.pop.companies[pool.choice(rng)]
            else:
                form = "0106"
        c = self.factory.new_company(self.today, form, head=head)
        self._register_founders(c, self.today)
        self.pop.add_company(c)
        self.pop.activate(c)
        lang = c.town.lang
        ctx = self._ctx(c, lang)
        t = Text()
        statutes = swiss(add_workdays(self.today, -(5 + rng.randrange(20))))
        seat = c.town.municipality
        if ctx.geneva:
            self._hr01_geneva(ctx, t, c, statutes)
        else:
            t.add(f"{c.name}, {'à' if lang == 'fr' else 'in'} {seat}, {c.uid}, ")
            self._address_text(t, c, ctx)
            new_word = {"de": "Neueintragung", "fr": "Nouvelle inscription", "it": "Nuova iscrizione"}[lang]
            t.add(f", {legal_form_long(form, lang)} ({new_word}).")
            self._hr01_body(ctx, t, c, statutes, head)
        n = self._hr_notice("HR01", c, t)
        n.new = c.view()
        n.facts = {"registration": True, "name": c.name, "seat": seat, "canton": c.town.canton, "legal_form": form,
                   "capital_nominal": c.capital_nominal, "head_office": c.head_office, "statutes_date": statutes}
        return n

    def _founding_entries(self, c: Company) -> list:
        entries = []
        for post in c.posts:
            if post.kind == "person":
                entries.append(("person", self.pop.persons[post.holder], post, None, None))
            else:
                entries.append(("firm", self.pop.companies[post.holder], post.role_key))
        return entries

    def _hr01_body(self, ctx: Ctx, t: Text, c: Company, statutes: str, head: Company | None) -> None:
        lang, form = ctx.lang, c.legal_form
        if form in ("0103", "0104"):
            t.add({"de": f" Beginn: {statutes}.", "fr": f" Début: {statutes}.", "it": f" Inizio: {statutes}."}[lang])
        elif form == "0110":
            t.add({"de": f" Urkundendatum: {statutes}.", "fr": f" Date de l'acte de fondation: {statutes}.",
                   "it": f" Data dell'atto di fondazione: {statutes}."}[lang])
        elif form not in ("0101", "0151"):
            t.add({"de": f" Statutendatum: {statutes}.", "fr": f" Date des statuts: {statutes}.",
                   "it": f" Data dello statuto: {statutes}."}[lang])
        if head is not None:
            role = COMPANY_ROLE["head_office"][lang]
            t.add(f" {role[0].upper()}{role[1:]}: ")
            t.mention(head.name, head.id, "company", role, "head_office", None, None, "canonical")
            t.add(f", {'à' if lang == 'fr' else 'in'} {head.town.municipality}, {head.uid}.")
        t.add({"de": " Zweck: ", "fr": " But: ", "it": " Scopo: "}[lang] + c.purpose)
        if c.capital_nominal is not None:
            t.add(" " + self._capital_text(c, lang))
        if form in CORPORATIONS:
            members = {"0106": ("Aktionäre", "actionnaires", "azionisti"), "0105": ("Aktionäre", "actionnaires", "azionisti"),
                       "0107": ("Gesellschafter", "associés", "soci"), "0108": ("Genossenschafter", "associés", "soci")}[form]
            t.add({"de": f" Publikationsorgan: SHAB. Mitteilungen an die {members[0]} erfolgen per Brief oder E-Mail.",
                   "fr": f" Organe de publication: FOSC. Communications aux {members[1]}: par écrit ou par courriel.",
                   "it": f" Organo di pubblicazione: FUSC. Comunicazioni agli {members[2]}: per lettera o posta "
                         "elettronica."}[lang])
            if c.opting_out:
                t.add({"de": " Gemäss Erklärung bei der Gründung der Gesellschaft wird auf eine eingeschränkte Revision "
                             "verzichtet.",
                       "fr": " Selon déclaration à la constitution de la société, il est renoncé à un contrôle restreint.",
                       "it": " Secondo dichiarazione all'atto della costituzione, la società ha rinunciato a una revisione "
                             "limitata."}[lang])
        section(ctx, t, "registered", self._founding_entries(c), c.legal_form, "registered")

    def _capital_text(self, c: Company, lang: str) -> str:
        nominal, paid = c.capital_nominal or 0.0, c.capital_paid or 0.0
        if c.legal_form == "0107":
            return {"de": f"Stammkapital: {chf(nominal)}.", "fr": f"Capital social: {chf(nominal)}.",
                    "it": f"Capitale sociale: {chf(nominal)}."}[lang]
        per = nominal / max(c.share_count, 1)
        shares = thousands(c.share_count)
        return {"de": f"Aktienkapital: {chf(nominal)}. Liberierung Aktienkapital: {chf(paid)}. Aktien: {shares} "
                      f"Namenaktien zu {chf(per)}.",
                "fr": f"Capital-actions: {chf(nominal)}. Libération du capital-actions: {chf(paid)}. Actions: {shares} "
                      f"actions nominatives de {chf(per)}.",
                "it": f"Capitale azionario: {chf(nominal)}. Liberazione del capitale azionario: {chf(paid)}. Azioni: "
                      f"{shares} azioni nominative da {chf(per)}."}[lang]

    def _hr01_geneva(self, ctx: Ctx, t: Text, c: Company, statutes: str) -> None:
        t.add(f"{c.name}, à {c.town.municipality}, ")
        self._address_text(t, c, ctx)
        t.add(f", {c.uid}. Nouvelle {legal_form_long(c.legal_form, 'fr')}.")
        if c.legal_form not in ("0101", "0151", "0103", "0104"):
            t.add(f" Statuts du {statutes}.")
        purpose = c.purpose
        lead = "La société a pour but "
        purpose = purpose[len(lead):] if purpose.startswith(lead) else purpose[0].lower() + purpose[1:]
        t.add(f" But: {purpose}")
        if c.capital_nominal is not None:
            t.add(f" Capital: CHF {thousands(int(c.capital_nominal))}.")
        if c.legal_form in CORPORATIONS:
            t.add(" Organe de publication: Feuille Officielle Suisse du Commerce. Communication aux associés: par écrit "
                  "ou par courriel.")
        section(ctx, t, "registered", self._founding_entries(c), c.legal_form, "registered")
        if c.opting_out:
            t.add(" Selon déclaration à la constitution de la société, il est renoncé à un contrôle restreint.")

    # ------------------------------------------------------------------ HR02
    def hr02(self) -> Notice:
        due = self._take("hr02_due", lambda c, r: c.bk is not None and c.bk.proceeding == "revoked"
                         and not c.bk.revocation_published)
        if due is not None:
            return self._hr02_revocation(due[0])
        c = self._pick_active(lambda x: True)
        if c is None:
            return self.hr01()
        rng = self.rng
        form = c.legal_form
        r = rng.random()
        kinds: list[str]
        if r < 0.58:
            kinds = ["board"]
        elif r < 0.67:
            kinds = ["address"]
        elif r < 0.73:
            kinds = ["seat"]
        elif r < 0.79:
            kinds = ["name"] if form != "0151" else ["board"]
        elif r < 0.85:
            kinds = ["capital"] if form in ("0106", "0107", "0105") else ["address"]
        elif r < 0.91:
            kinds = ["purpose"]
        else:
            kinds = ["auditor"] if c.opting_out is not None and form in CORPORATIONS + ("0110",) else ["board"]
        if kinds[0] != "board" and rng.random() < 0.18:
            kinds.append("board")
        return self._hr02_mutation(c, kinds)

    def _hr02_mutation(self, c: Company, kinds: list[str]) -> Notice:
        rng = self.rng
        date = iso(self.today)
        old_name, old_town = c.name, c.town
        new_town = None
        if "seat" in kinds:
            same = [x for x in TOWNS_BY_CANTON[c.town.canton] if x.municipality != c.town.municipality]
            new_town = same[rng.randrange(len(same))] if same and rng.random() < 0.75 else self.factory.seat()
            if new_town.municipality == c.town.municipality:
                kinds = [k if k != "seat" else "address" for k in kinds]
                new_town = None
        lang = (new_town or c.town).lang
        ctx = self._ctx(c, lang)
        actual = c.view()
        flags: dict = {}
        facts: dict = {"changes": []}
        parts: list = []  # str or callable(Text)
        resigned: list = []
        changed: list = []
        statutes = False
        if "name" in kinds:
            owner = self.pop.persons.get(c.owner or "")
            partners = [self.pop.persons[p.holder] for p in c.posts if p.kind == "person" and p.holder in self.pop.persons]
            for _ in range(5):
                new_name, translations = self.factory.company_name(c.legal_form, c.name_lang, c.industry, c.town, owner,
                                                                   partners)
                if new_name != old_name:
                    break
            if new_name == old_name:  # no other name possible (e.g. "Muster & Co."): change the officers instead
                kinds = [k for k in kinds if k != "name"] + ["board"]
        if "name" in kinds:
            c.base_name = new_name
            c.translations = translations
            self._rename(c, new_name, date)
            parts.append({"de": f" Firma neu: {new_name}.", "fr": f" Nouvelle raison sociale: {new_name}.",
                          "it": f" Nuova ragione sociale: {new_name}."}[lang])
            if translations:
                parts.append({"de": f" Uebersetzungen der Firma neu: {translations}.",
                              "fr": f" Nouvelles traductions de la raison sociale: {translations}.",
                              "it": f" Nuove traduzioni della ragione sociale: {translations}."}[lang])
            flags["nameChanged"] = True
            facts["changes"].append("name")
            facts.update(old_name=old_name, new_name=new_name)
            statutes = True
        if new_town is not None:
            c.town = new_town
            c.address = self.factory.address(new_town)
            c.care_of = None
            c.seats.append({"seat": new_town.municipality, "canton": new_town.canton, "from": date})
            parts.append({"de": f" Sitz neu: {new_town.municipality}.", "fr": f" Nouveau siège: {new_town.municipality}.",
                          "it": f" Nuova sede: {new_town.municipality}."}[lang])
            parts.append(self._domicile_part(c, ctx))
            flags["seatChanged"] = flags["addressChanged"] = True
            facts["changes"] += ["seat", "address"]
            facts.update(old_seat=old_town.municipality, new_seat=new_town.municipality, old_canton=old_town.canton,
                         new_canton=new_town.canton, new_address=c.address.as_dict())
            statutes = True
        if "address" in kinds:
            old_address = c.address
            care = None
            if rng.random() < 0.08:
                holders = [p.holder for p in c.posts if p.kind == "person"]
                if holders:
                    care = self.pop.persons[holders[0]]
            c.address = self.factory.address(c.town, f"c/o {render_name(care.first_names, care.last_name, 'first_last')}"
                                             if care else None)
            c.care_of = care.id if care else None
            parts.append(self._domicile_part(c, ctx))
            flags["addressChanged"] = True
            facts["changes"].append("address")
            facts.update(old_address=old_address.as_dict(), new_address=c.address.as_dict())
        if "purpose" in kinds:
            c.industry = rng.randrange(len(ACTIVITIES))
            c.purpose = purpose_text(rng, c.industry, lang, c.legal_form)
            parts.append({"de": " Zweck neu: ", "fr": " Nouveau but: ", "it": " Nuovo scopo: "}[lang] + c.purpose)
            flags["purposeChanged"] = True
            facts["changes"].append("purpose")
            statutes = True
        if "capital" in kinds:
            parts.append(self._capital_change(c, lang, date, changed, facts))
            flags["capital_nominal"] = flags["capital_paid"] = True
            facts["changes"].append("capital")
            statutes = True
        if "auditor" in kinds:
            parts.append(self._auditor_change(c, lang, date, resigned, changed, facts))
            flags["others"] = True
        if "board" in kinds:
            self._board_change(c, date, resigned, changed, facts)
            flags["others"] = True
        if c.care_of is not None and any(e[0] == "person" and e[1].id == c.care_of for e in resigned):
            c.address = Address(c.address.street, c.address.number, c.address.zip, c.address.town, None)
            c.care_of = None
            parts.append(self._domicile_part(c, ctx))
            flags["addressChanged"] = True
            facts["changes"].append("address")
        if statutes and c.legal_form in CORPORATIONS + ("0109", "0110"):
            d = swiss(add_workdays(self.today, -(5 + rng.randrange(25))))
            parts.insert(0, {"de": f" Statutenänderung: {d}.", "fr": f" Modification des statuts: {d}.",
                             "it": f" Modifica dello statuto: {d}."}[lang])
        t = Text()
        self._opening(ctx, t, c, old_name, old_town.municipality, former_seat=new_town is not None and rng.random() < 0.5)
        for part in parts:
            if isinstance(part, str):
                t.add(part)
            else:
                part(t)
        section(ctx, t, "resigned", resigned, c.legal_form, "resigned")
        section(ctx, t, "changed", changed, c.legal_form, "registered")
        title = None
        if new_town is not None or "name" in kinds:
            new = new_town.municipality if new_town is not None else c.name
            labels = TITLE_LABELS["HR02"]
            title = tuple(f"{labels[i]} {old_name}, {old_town.municipality}, {NEW_WORD[i]} {new}" for i in range(4))
        n = self._hr_notice("HR02", c, t, title, lang)  # type: ignore[arg-type]
        n.actual = actual
        n.new = c.view()
        n.flags = flags
        n.facts = facts
        return n

    def _domicile_part(self, c: Company, ctx: Ctx) -> Callable[[Text], None]:
        label = {"de": " Domizil neu: ", "fr": " Nouvelle adresse: ", "it": " Nuovo recapito: "}[ctx.lang]

        def write(t: Text) -> None:
            t.add(label)
            self._address_text(t, c, ctx)
            t.add(".")
        return write

    def _capital_change(self, c: Company, lang: str, date: str, changed: list, facts: dict) -> str:
        rng = self.rng
        old_nominal, old_paid, old_count = c.capital_nominal or 0.0, c.capital_paid or 0.0, c.share_count
        if c.legal_form == "0107":
            factor = (1.5, 2.0, 2.5, 5.0, 0.5)[rng.randrange(5)]
            new_nominal = max(20_000.0, round(old_nominal * factor / 100) * 100)
            if new_nominal == old_nominal:
                new_nominal = old_nominal + 10_000.0
            c.capital_nominal = c.capital_paid = new_nominal
            c.share_count = int(new_nominal // 100)
            partners = [p for p in c.posts if p.shares]
            total_old = sum(p.shares for p in partners) or 1
            rest = c.share_count
            for i, post in enumerate(partners):
                old_shares = post.shares
                post.shares = rest if i == len(partners) - 1 else max(1, round(old_shares * c.share_count / total_old))
                rest -= post.shares
                if post.shares != old_shares and post.holder in self.pop.persons:
                    p = self.pop.persons[post.holder]
                    bisher = {"de": f"mit {thousands(old_shares)} Stammanteilen zu je CHF 100.00",
                              "fr": f"pour {thousands(old_shares)} parts sociales de CHF 100.00",
                              "it": f"per {thousands(old_shares)} quote sociali da CHF 100.00"}[lang]
                    changed.append(("person", p, post, bisher, None))
            text = {"de": f" Stammkapital neu: {chf(new_nominal)} [bisher: {chf(old_nominal)}].",
                    "fr": f" Nouveau capital social: {chf(new_nominal)} [précédemment: {chf(old_nominal)}].",
                    "it": f" Nuovo capitale sociale: {chf(new_nominal)} [finora: {chf(old_nominal)}]."}[lang]
        else:
            per = old_nominal / max(old_count, 1)
            add = max(1, int(old_count * (0.05 + rng.random())))
            new_count = old_count + add
            new_nominal = round(new_count * per, 2)
            new_paid = new_nominal if old_paid >= old_nominal or rng.random() < 0.7 else old_paid + (new_nominal - old_nominal)
            c.capital_nominal, c.capital_paid, c.share_count = new_nominal, new_paid, new_count
            b = {"de": "bisher", "fr": "précédemment", "it": "finora"}[lang]
            if lang == "de":
                text = (f" Aktienkapital neu: {chf(new_nominal)} [{b}: {chf(old_nominal)}]. Liberierung Aktienkapital neu: "
                        f"{chf(new_paid)} [{b}: {chf(old_paid)}]. Aktien neu: {thousands(new_count)} Namenaktien zu "
                        f"{chf(per)} [{b}: {thousands(old_count)} Namenaktien zu {chf(per)}].")
            elif lang == "fr":
                text = (f" Nouveau capital-actions: {chf(new_nominal)} [{b}: {chf(old_nominal)}]. Nouvelle libération du "
                        f"capital-actions: {chf(new_paid)} [{b}: {chf(old_paid)}]. Nouvelles actions: {thousands(new_count)} "
                        f"actions nominatives de {chf(per)} [{b}: {thousands(old_count)} actions nominatives de {chf(per)}].")
            else:
                text = (f" Nuovo capitale azionario: {chf(new_nominal)} [{b}: {chf(old_nominal)}]. Nuova liberazione del "
                        f"capitale azionario: {chf(new_paid)} [{b}: {chf(old_paid)}]. Nuove azioni: {thousands(new_count)} "
                        f"azioni nominative da {chf(per)} [{b}: {thousands(old_count)} azioni nominative da {chf(per)}].")
        c.capital_history.append({"nominal": c.capital_nominal, "paid": c.capital_paid, "from": date})
        facts.update(old_capital=old_nominal, new_capital=c.capital_nominal)
        return text

    def _auditor_change(self, c: Company, lang: str, date: str, resigned: list, changed: list, facts: dict) -> str:
        rng = self.rng
        firms = self.pop.firms
        current = next((p for p in c.posts if p.role_key == "auditor"), None)
        text = ""
        if current is not None and c.legal_form in ("0106", "0107") and rng.random() < 0.35:
            year = self.today.year + 1
            text = {"de": f" Die Gesellschaft verzichtet ab dem Geschäftsjahr, das am 01.01.{year} beginnt, auf eine "
                          "eingeschränkte Revision.",
                    "fr": f" La société renonce à un contrôle restreint à partir de l'exercice commençant le 01.01.{year}.",
                    "it": f" La società rinuncia a una revisione limitata a partire dall'esercizio che inizia il "
                          f"01.01.{year}."}[lang]
            self._remove_post(c, current, date)
            resigned.append(("firm", self.pop.companies[current.holder], "auditor"))
            c.auditor = None
            c.opting_out = True
            facts["changes"].append("opting_out")
            return text
        new_firm = firms[rng.randrange(len(firms))]
        if current is not None:
            if new_firm == current.holder:
                new_firm = firms[(firms.index(new_firm) + 1) % len(firms)]
            self._remove_post(c, current, date)
            resigned.append(("firm", self.pop.companies[current.holder], "auditor"))
        c.opting_out = False
        c.auditor = new_firm
        self._add_post(c, Post(new_firm, "company", "auditor", ""), date)
        changed.append(("firm", self.pop.companies[new_firm], "auditor"))
        facts["changes"].append("auditor")
        facts["auditor"] = new_firm
        return text

    def _board_change(self, c: Company, date: str, resigned: list, changed: list, facts: dict) -> None:
        rng = self.rng
        form = c.legal_form
        people = [p for p in c.posts if p.kind == "person"]
        n_out = (0, 0, 1, 1, 1, 2)[rng.randrange(6)]
        n_in = (0, 1, 1, 1, 2)[rng.randrange(5)]
        n_mut = (0, 0, 1, 1, 2)[rng.randrange(5)]
        if n_out + n_in + n_mut == 0:
            n_in = 1
        added, removed, mutated = [], [], []
        lang = c.town.lang
        # departures
        for _ in range(n_out):
            candidates = [p for p in people if p.role_key != "owner" and p not in removed]
            governing = [p for p in people if p.role_key in GOVERNING and p not in removed]
            if not candidates:
                break
            post = candidates[rng.randrange(len(candidates))]
            if post.role_key in GOVERNING and len(governing) <= 1:
                continue
            person = self.pop.persons[post.holder]
            resigned.append(("person", person, Post(post.holder, "person", post.role_key, post.signature, post.shares,
                                                    post.amount), None, None))
            removed.append(post)
            self._remove_post(c, post, date)
            facts.setdefault("persons_removed", []).append(person.id)
            if post.shares:  # the departing partner's capital shares go to another partner or a newcomer
                heirs = [p for p in c.posts if p.shares and p.kind == "person"]
                if heirs and rng.random() < 0.6:
                    heir = heirs[rng.randrange(len(heirs))]
                    old = old_state(heir, self.pop.persons[heir.holder], form, lang)
                    heir.shares += post.shares
                    mutated.append((heir, old))
                else:
                    p_new = self.factory.officer(c.town, self.today,
                                                 [x.holder for x in c.posts] + [x.holder for x in removed])
                    new_post = Post(p_new.id, "person", "managing_partner", "individual", post.shares)
                    self._add_post(c, new_post, date)
                    added.append(new_post)
            if post.role_key == "chair":
                members = [p for p in c.posts if p.role_key == "board_member" and p.kind == "person"]
                if members:
                    m = members[rng.randrange(len(members))]
                    old = old_state(m, self.pop.persons[m.holder], form, lang)
                    self._close_role(m, date)
                    m.role_key = "chair"
                    self._open_role(c, m, date)
                    mutated.append((m, old))
        # arrivals
        for _ in range(n_in):
            role, sig = self._new_role(form)
            taken = [x.holder for x in c.posts] + [x.holder for x in removed]
            p_new = self.factory.officer(c.town, self.today, taken)
            if p_new.id in taken:
                continue
            post = Post(p_new.id, "person", role, sig)
            if role == "partner" and form == "0104":
                post.role_key = "limited_partner"
                post.signature = "none"
                post.amount = 10_000.0
            self._add_post(c, post, date)
            added.append(post)
        # changes of function, signature, residence, name or nationality
        for _ in range(n_mut):
            cands = [p for p in c.posts if p.kind == "person" and p not in added and p not in [m for m, _ in mutated]]
            if not cands:
                break
            post = cands[rng.randrange(len(cands))]
            person = self.pop.persons[post.holder]
            r = rng.random()
            if r < 0.4:
                self._move(person, c, date)
                mutated.append((post, f"{'in' if lang != 'fr' else 'à'} {person.residences[-2]['residence']}"))
            elif r < 0.62 and post.signature in ("individual", "collective_two"):
                old = old_state(post, person, form, lang)
                post.signature = "individual" if post.signature == "collective_two" else "collective_two"
                mutated.append((post, old))
            elif r < 0.8:
                old = old_state(post, person, form, lang)
                new_role = {"board_member": "chair", "authorized_signatory": "director", "managing_director": "director",
                            "vice_chair": "chair", "director": "managing_director"}.get(post.role_key)
                if new_role is None or (new_role == "chair" and any(p.role_key == "chair" for p in c.posts)):
                    post.signature = "collective_two" if post.signature != "collective_two" else "individual"
                else:
                    self._close_role(post, date)
                    post.role_key = new_role
                    self._open_role(c, post, date)
                mutated.append((post, old))
            elif r < 0.9 and person.gender == "f" and person.nationality == "CH":
                old_name = render_name(person.first_names, person.last_name, "canonical")
                old_res = person.residence
                lasts = LAST_NAMES[name_group("CH", lang)]
                new_last = lasts[rng.randrange(len(lasts))]
                if new_last == person.last_name or self.factory.names.taken(person.first_names, new_last):
                    continue
                self.factory.names.add(person.first_names, new_last)
                person.former_last_names.append(person.last_name)
                person.last_name = new_last
                if rng.random() < 0.5:
                    self._move(person, c, date)
                changed.append(("person", person, post, None, (old_name, old_res)))
                facts.setdefault("persons_changed", []).append(person.id)
            elif person.nationality != "CH" and person.home is not None:
                old = nationality_phrase(person.nationality, person.gender, lang)
                person.former_nationalities.append(person.nationality)
                person.nationality = "CH"
                person.origins = [ORIGINS[rng.randrange(len(ORIGINS))]]
                mutated.append((post, old))
            else:
                self._move(person, c, date)
                mutated.append((post, f"{'in' if lang != 'fr' else 'à'} {person.residences[-2]['residence']}"))
        for post in added:
            changed.append(("person", self.pop.persons[post.holder], post, None, None))
            facts.setdefault("persons_added", []).append(post.holder)
        for post, old in mutated:
            changed.append(("person", self.pop.persons[post.holder], post, old, None))
            facts.setdefault("persons_changed", []).append(post.holder)
        if "board" not in facts["changes"]:
            facts["changes"].append("board")

    def _new_role(self, form: str) -> tuple[str, str]:
        r = self.rng.random()
        if form in ("0106", "0105"):
            if r < 0.55:
                return "board_member", "collective_two" if self.rng.random() < 0.85 else "individual"
            if r < 0.7:
                return ("director" if self.rng.random() < 0.5 else "managing_director"), "collective_two"
            return "authorized_signatory", "collective_procuration" if r < 0.88 else "collective_two"
        if form == "0107":
            if r < 0.45:
                return "managing_director", "individual" if self.rng.random() < 0.5 else "collective_two"
            return "authorized_signatory", "collective_two" if r < 0.7 else "collective_procuration"
        if form in ("0108", "0109", "0110"):
            return "board_member", "collective_two"
        if form == "0101":
            return "authorized_signatory", "individual_procuration" if r < 0.6 else "individual"
        if form in ("0103", "0104"):
            return "partner", "individual"
        return ("branch_manager", "collective_two") if r < 0.6 else ("authorized_signatory", "collective_two")

    def _move(self, person: Person, c: Company, date: str) -> None:
        rng = self.rng
        near = TOWNS_BY_CANTON[c.town.canton]
        town = near[rng.randrange(len(near))] if rng.random() < 0.6 else self.factory.seat()
        if town.residence == person.residence:
            town = self.factory.seat()
        if town.residence == person.residence:
            town = near[(near.index(town) + 1) % len(near)] if town in near else near[0]
        person.residence = town.residence
        person.home = town
        person.address = None
        person.residences.append({"residence": town.residence, "from": date})

    # ------------------------------------------------------------------ bankruptcy (HR02 + KK)
    def _court(self, c: Company, lang: str) -> str:
        place = _plain(c.town.municipality)
        canton = c.town.canton
        if lang == "de":
            if canton == "BE":
                return f"des Regionalgerichts {place}"
            return ("des Konkursgerichts des Bezirksgerichts " + place, "des zuständigen Einzelgerichts",
                    f"des Einzelgerichts in SchKG-Sachen des Bezirksgerichts {place}")[self.rng.randrange(3)]
        if lang == "fr":
            if canton == "GE":
                return "du Tribunal de première instance"
            if canton == "VD":
                return f"du Tribunal civil de l'arrondissement de {place}"
            return f"du Tribunal de district de {place}"
        return f"della Pretura del Distretto di {place}"

    def open_bankruptcy(self) -> Notice:
        c = self._pick_active(lambda x: x.legal_form not in ("0151", "0109", "0110"))
        if c is None:
            return self.hr01()
        rng = self.rng
        date = iso(self.today)
        lang = c.town.lang
        ctx = self._ctx(c, lang)
        actual = c.view()
        old_name = c.name
        opened = add_workdays(self.today, -(2 + rng.randrange(8)))
        or731b = c.legal_form in ("0106", "0107", "0108") and rng.random() < 0.12
        court = self._court(c, lang)
        c.bk = Bankruptcy(opened, c.town.office, court, or731b, summary=rng.random() < 0.8)
        if c.legal_form == "0101":
            c.bk.person_debtor = c.owner
        new_name = c.base_name + self._liq_suffix(lang)
        self._rename(c, new_name, date)
        c.set_status("bankrupt", date)
        self.pop.deactivate(c)
        t = Text()
        self._opening(ctx, t, c, old_name, c.town.municipality)
        t.add({"de": f" Firma neu: {new_name}.", "fr": f" Nouvelle raison sociale: {new_name}.",
               "it": f" Nuova ragione sociale: {new_name}."}[lang])
        d = swiss(opened)
        hour = f"{8 + rng.randrange(9):02d}:{(0, 15, 30, 45)[rng.randrange(4)]:02d}"
        if or731b:
            t.add({"de": f" Mit Entscheid {court} vom {d} wurde die Gesellschaft in Anwendung von Art. 731b OR aufgelöst "
                         "und ihre Liquidation nach den Vorschriften über den Konkurs angeordnet.",
                   "fr": f" Par jugement {court} du {d}, la société a été dissoute et sa liquidation selon les règles "
                         "applicables à la faillite a été ordonnée (art. 731b CO).",
                   "it": f" Con decisione {court} del {d}, la società è stata sciolta ed è stata ordinata la sua "
                         "liquidazione secondo le norme del fallimento (art. 731b CO)."}[lang])
        elif c.legal_form == "0101" and c.owner in self.pop.persons:
            owner = self.pop.persons[c.owner]
            post = next((p for p in c.posts if p.holder == c.owner), None)
            f = owner.gender == "f"
            t.add({"de": f" Mit Entscheid {court} vom {d} wurde über {'die Inhaberin' if f else 'den Inhaber'} ",
                   "fr": f" Par jugement {court} du {d}, la faillite {'de la titulaire' if f else 'du titulaire'} ",
                   "it": f" Con decisione {court} del {d} è stato dichiarato il fallimento "
                         f"{'della titolare' if f else 'del titolare'} "}[lang])
            name_mention(ctx, t, owner, "first_last", post, c.legal_form, "registered")
            t.add({"de": " der Konkurs eröffnet. Das Einzelunternehmen ist infolge Konkurses aufgelöst.",
                   "fr": " a été prononcée. L'entreprise individuelle est dissoute par suite de faillite.",
                   "it": ". La ditta individuale è sciolta in seguito a fallimento."}[lang])
        else:
            t.add({"de": f" Mit Entscheid {court} vom {d} wurde über die Gesellschaft mit Wirkung ab dem {d}, {hour} Uhr, "
                         "der Konkurs eröffnet.",
                   "fr": f" Par jugement {court} du {d}, la faillite de la société a été prononcée avec effet à partir "
                         f"du {d}, à {hour.replace(':', 'h')}.",
                   "it": f" Con decisione {court} del {d} è stato dichiarato il fallimento della società con effetto dal "
                         f"{d}, alle ore {hour}."}[lang])
        labels = TITLE_LABELS["HR02"]
        title = tuple(f"{labels[i]} {old_name}, {c.town.municipality}, {NEW_WORD[i]} {new_name}" for i in range(4))
        n = self._hr_notice("HR02", c, t, title, lang)  # type: ignore[arg-type]
        n.actual = actual
        n.new = c.view()
        n.flags = {"nameChanged": True, "liquidation_or731b" if or731b else "bankruptcy_dissolution": True}
        n.facts = {"changes": ["bankruptcy_opened", "name"], "bankruptcy_opening_date": iso(opened), "court": court,
                   "or731b": or731b, "old_name": old_name, "new_name": new_name}
        self._push("kk01", self.day + rng.randrange(0, 4), c.id, optional=True)
        self._push("proceeding", self.day + 8 + rng.randrange(30), c.id)
        return n

    def _hr02_revocation(self, c: Company) -> Notice:
        bk = c.bk
        assert bk is not None
        date = iso(self.today)
        lang = c.town.lang
        ctx = self._ctx(c, lang)
        actual = c.view()
        old_name = c.name
        self._rename(c, c.base_name, date)
        c.set_status("active", date)
        bk.revocation_published = True
        t = Text()
        self._opening(ctx, t, c, old_name, c.town.municipality)
        d = swiss(add_workdays(self.today, -(3 + self.rng.randrange(10))))
        t.add({"de": f" Der Konkurs wurde mit Entscheid {bk.court} vom {d} widerrufen. Firma neu: {c.name}.",
               "fr": f" La faillite a été révoquée par jugement {bk.court} du {d}. Nouvelle raison sociale: {c.name}.",
               "it": f" Il fallimento è stato revocato con decisione {bk.court} del {d}. Nuova ragione sociale: {c.name}."}[lang])
        labels = TITLE_LABELS["HR02"]
        title = tuple(f"{labels[i]} {old_name}, {c.town.municipality}, {NEW_WORD[i]} {c.name}" for i in range(4))
        n = self._hr_notice("HR02", c, t, title, lang)  # type: ignore[arg-type]
        n.actual = actual
        n.new = c.view()
        n.flags = {"nameChanged": True, "bankruptcy_revocation": True}
        n.facts = {"changes": ["bankruptcy_revoked", "name"], "old_name": old_name, "new_name": c.name}
        c.bk = None
        self.pop.activate(c)
        return n

    def _office(self, c: Company) -> Office:
        return BANKRUPTCY_OFFICES[c.bk.office if c.bk is not None else c.town.office]

    def _office_meta(self, office: Office) -> OfficeMeta:
        oid = self.office_ids.get(office.name)
        if oid is None:
            oid = self.office_ids[office.name] = new_uuid(self.rng)
        return OfficeMeta(oid, office.name, office.street, office.number, office.zip, office.town)

    def _office_text(self, office: Office, field_name: str, one_line: bool = False) -> Text:
        t = Text(field_name)
        role = COMPANY_ROLE["bankruptcy_office"][office.lang]
        t.mention(office.name, f"OFFICE:{office.name}", "office", role, "bankruptcy_office", None, None, "canonical")
        if one_line:
            t.add(f", {office.street} {office.number}, {office.zip} {office.town}")
        else:
            t.add(f"\n{office.street} {office.number}\n{office.zip} {office.town}")
        return t

    def _debtor(self, c: Company):
        bk = c.bk
        if bk is not None and bk.person_debtor and bk.person_debtor in self.pop.persons:
            p = self.pop.persons[bk.person_debtor]
            if p.address is None:
                p.address = self.factory.address(p.home or c.town)
            return PersonDebtor(" ".join(p.first_names), p.last_name, p.nationality, p.birth_date, p.address), p
        return c.view(), None

    def _kk_notice(self, sr: str, c: Company) -> tuple[Notice, Office, object]:
        office = self._office(c)
        lang = office.lang
        debtor, person = self._debtor(c)
        shown = f"{person.last_name}, {' '.join(person.first_names)}" if person is not None else c.name
        labels = TITLE_LABELS.get(sr, ("", "", "", ""))  # KK10 titles come with the notice
        title = (f"{labels[0]} {shown}", f"{labels[1]} {shown}", f"{labels[2]} {shown}", f"{labels[3]} {shown}")
        n = self._base(sr, c, lang, c.town.canton, title, KK_LEGAL_REMEDY[sr][lang], self._office_meta(office))
        try:
            n.expiration = self.today.replace(year=self.today.year + 5)
        except ValueError:
            n.expiration = self.today.replace(year=self.today.year + 5, day=28)
        n.secondary_tenant = self.rng.random() < 0.7
        n.debtor = debtor
        bk = c.bk
        n.facts = {"debtor": person.id if person is not None else c.id,
                   "debtor_kind": "person" if person is not None else "company", "office": office.name,
                   "bankruptcy_opening_date": iso(bk.opened) if bk is not None else None}  # type: ignore[arg-type]
        return n, office, person

    def _deadline(self, days: int) -> dt.date:
        return self.today + dt.timedelta(days=days)

    def _attach(self, n: Notice, *texts: Text) -> None:
        for t in texts:
            n.mentions.extend(t.mentions)

    def kk(self, sr: str) -> Notice:
        day = self.day
        if sr == "KK01":
            got = self._take("kk01", lambda c, r: c.bk is not None and not c.bk.kk01 and c.bk.proceeding is None
                             and day - r <= 15)
            return self._kk01(got[0]) if got else self.open_bankruptcy()
        if sr in ("KK02", "KK03", "KK07"):
            got = self._take("proceeding", lambda c, r: c.bk is not None and c.bk.proceeding is None)
            if got is None:
                return self.open_bankruptcy()
            return {"KK02": self._kk02, "KK03": self._kk03, "KK07": self._kk07}[sr](got[0])

        rule, waiting, handler, fallback = self._after_kk02[sr]
        c = self._oldest_open(rule)
        if c is not None:
            return handler(c)
        if self._oldest_open(waiting) is not None:  # on its way: not due yet, publish an ordinary mutation meanwhile
            return self.hr02()
        return self.kk(fallback)

    @property
    def _after_kk02(self) -> dict:
        """Steps after the call to creditors: (eligibility by age in working days, handler, step to produce first)."""
        return {
            "KK04": (lambda b, d: b.kk04_day is None and d - b.kk02_day >= 15, lambda b, d: b.kk04_day is None,
                     self._kk04, "KK02"),
            "KK05": (lambda b, d: b.kk04_day is not None and b.kk05_day is None and d - b.kk04_day >= 20,
                     lambda b, d: b.kk04_day is not None and b.kk05_day is None, self._kk05, "KK04"),
            "KK09": (lambda b, d: b.has_land and b.kk09_day is None and d - b.kk02_day >= 10,
                     lambda b, d: b.has_land and b.kk09_day is None, self._kk09, "KK02"),
            "KK08": (lambda b, d: b.kk09_day is not None and b.kk08_day is None and d - b.kk09_day >= 15,
                     lambda b, d: b.kk09_day is not None and b.kk08_day is None, self._kk08, "KK09"),
            "KK10": (lambda b, d: b.kk10 < 2 and d - b.kk02_day >= 5, lambda b, d: b.kk10 < 2, self._kk10, "KK02"),
            "KK06": (lambda b, d: d - b.kk02_day >= 40 and (b.kk04_day is None or d - b.kk04_day >= 20)
                     and (b.kk05_day is None or d - b.kk05_day >= 10)
                     and (b.kk09_day is None or b.kk08_day is not None or d - b.kk09_day >= 40)
                     and (b.kk08_day is None or d - b.kk08_day >= 15), lambda b, d: True, self._kk06, "KK02"),
        }

    def _oldest_open(self, rule: Callable[[Bankruptcy, int], bool]) -> Company | None:
        """The bankruptcy with the oldest call to creditors for which the step is due."""
        day = self.day
        for cid in self.open_kk02:
            c = self.pop.companies.get(cid)
            if c is not None and c.bk is not None and rule(c.bk, day):
                return c
        return None

    def _kk01(self, c: Company) -> Notice:
        bk = c.bk
        assert bk is not None
        bk.kk01 = True
        n, _office, _p = self._kk_notice("KK01", c)
        n.post = [("or731b", "Yes" if bk.or731b else "No"), ("resolutionDate", iso(bk.opened))]  # type: ignore[arg-type]
        return n

    def _kk02(self, c: Company) -> Notice:
        rng = self.rng
        bk = c.bk
        assert bk is not None
        bk.proceeding = "kk02"
        n, office, _p = self._kk_notice("KK02", c)
        lang = office.lang
        deadline = self._deadline(30)
        reg = self._office_text(office, "registrationOffice")
        remarks = Text("remarks")
        if bk.summary:
            remarks.add({"de": "Summarisches Verfahren. Die Gläubiger des Konkursiten und alle, die Ansprüche auf die in "
                               "seinem Besitz befindlichen Vermögensstücke zu haben glauben, werden aufgefordert, ihre "
                               "Forderungen oder Ansprüche samt Beweismitteln innert der Eingabefrist einzugeben bei: ",
                         "fr": "Liquidation sommaire. Les créanciers du failli et ceux qui ont des revendications à faire "
                               "valoir sont invités à produire leurs créances ou revendications, avec les moyens de preuve, "
                               "dans le délai de production auprès de l'",
                         "it": "Procedura sommaria. I creditori del fallito e coloro che hanno pretese sui beni in suo "
                               "possesso sono diffidati a insinuare i loro crediti o le loro pretese, unitamente ai mezzi "
                               "di prova, entro il termine per le insinuazioni presso l'"}[lang])
            remarks.mention(office.name, f"OFFICE:{office.name}", "office", COMPANY_ROLE["bankruptcy_office"][lang],
                            "bankruptcy_office", None, None, "canonical")
            remarks.add(".")
        else:
            meeting = swiss(add_workdays(self.today, 10 + rng.randrange(10)))
            remarks.add({"de": f"Erste Gläubigerversammlung: {meeting}, 10.00 Uhr, im Sitzungszimmer des Konkursamtes.",
                         "fr": f"Première assemblée des créanciers: {meeting}, à 10h00, dans la salle de conférence de "
                               "l'office.",
                         "it": f"Prima adunanza dei creditori: {meeting}, ore 10.00, nella sala riunioni dell'Ufficio."}[lang])
        n.pre = [("proceeding", [("selectType", "summary" if bk.summary else "ordinary")])]
        n.post = [("or731b", "Yes" if bk.or731b else "No"), ("resolutionDate", iso(bk.opened)),  # type: ignore[arg-type]
                  ("daysAfterPublication", 30), ("entryDeadline", iso(deadline)), ("registrationOffice", reg.value()),
                  ("remarks", remarks.value())]
        self._attach(n, reg, remarks)
        n.facts.update(proceeding="summary" if bk.summary else "ordinary", entry_deadline=iso(deadline))
        bk.kk02_day = self.day
        bk.has_land = rng.random() < 0.35
        self.open_kk02.append(c.id)
        return n

    def _kk03(self, c: Company) -> Notice:
        rng = self.rng
        bk = c.bk
        assert bk is not None
        bk.proceeding = "kk03"
        n, office, _p = self._kk_notice("KK03", c)
        lang = office.lang
        deadline = self._deadline(10)
        advance = float((3000, 4000, 5000, 6000, 8000)[rng.randrange(5)])
        cessation = add_workdays(self.today, -(3 + rng.randrange(10)))
        reg = self._office_text(office, "registrationOffice")
        remarks = Text("remarks")
        dl = swiss(deadline)
        remarks.add({"de": f"Das Konkursverfahren wurde mangels Aktiven eingestellt. Falls kein Gläubiger bis zum {dl} die "
                           "Durchführung des Konkursverfahrens verlangt und für die Deckung der Kosten einen Vorschuss von "
                           f"{chf(advance)} leistet, wird das Verfahren als geschlossen erklärt.",
                     "fr": f"La procédure de faillite a été suspendue faute d'actif. Si aucun créancier ne demande, d'ici "
                           f"au {dl}, la continuation de la liquidation et ne fournit une avance de frais de {chf(advance)}, "
                           "la procédure sera clôturée.",
                     "it": f"La procedura di fallimento è stata sospesa per mancanza di attivi. Se nessun creditore chiede "
                           f"entro il {dl} la continuazione della procedura prestando un anticipo spese di {chf(advance)}, "
                           "la procedura sarà chiusa."}[lang])
        n.post = [("or731b", "Yes" if bk.or731b else "No"), ("resolutionDate", iso(bk.opened)),  # type: ignore[arg-type]
                  ("cessationDate", iso(cessation)), ("advanceAmount", f"{advance:.1f}"), ("daysAfterPublication", 10),
                  ("entryDeadline", iso(deadline)), ("registrationOffice", reg.value()), ("remarks", remarks.value())]
        self._attach(n, reg, remarks)
        n.facts.update(cessation_date=iso(cessation), advance=advance, entry_deadline=iso(deadline))
        self._await_deletion(c, self.day + 30 + rng.randrange(50), "bankruptcy_suspended")
        return n

    def _kk04(self, c: Company) -> Notice:
        bk = c.bk
        assert bk is not None
        bk.kk04_day = self.day
        n, office, _p = self._kk_notice("KK04", c)
        lang = office.lang
        reg = self._office_text(office, "registrationOfficeAndCirculationAuthority", one_line=True)
        remarks = Text("remarks")
        if lang == "it":
            months = ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
                      "ottobre", "novembre", "dicembre")
            remarks.add(f"Si rende noto che a partire dal {self.today.day} {months[self.today.month - 1]} {self.today.year} "
                        "sono depositati presso lo scrivente Ufficio, dove i creditori potranno prenderne visione, la "
                        "graduatoria e l'inventario. Le azioni di contestazione della graduatoria dovranno essere "
                        "inoltrate all'autorità giudiziaria competente entro 20 giorni dalla data del deposito, altrimenti "
                        "essa verrà considerata come riconosciuta.")
        else:
            remarks.add({"de": "Der Kollokationsplan und das Inventar liegen zur Einsicht auf bei: ",
                         "fr": "L'état de collocation et l'inventaire peuvent être consultés auprès de l'"}[lang])
            remarks.mention(office.name, f"OFFICE:{office.name}", "office", COMPANY_ROLE["bankruptcy_office"][lang],
                            "bankruptcy_office", None, None, "canonical")
            remarks.add(".")
        n.post = [("typeOfCirculation", [("selectType", "scheduleOfClaimsAndInventory")]),
                  ("claimOfCreditors", [("daysAfterPublication", 20), ("entryDeadline", iso(self._deadline(20)))]),
                  ("inventory", [("daysAfterPublication", 10), ("entryDeadline", iso(self._deadline(10)))]),
                  ("registrationOfficeAndCirculationAuthority", reg.value()), ("remarks", remarks.value())]
        self._attach(n, reg, remarks)
        n.facts.update(entry_deadline=iso(self._deadline(20)))
        return n

    def _kk05(self, c: Company) -> Notice:
        bk = c.bk
        assert bk is not None
        bk.kk05_day = self.day
        n, office, _p = self._kk_notice("KK05", c)
        lang = office.lang
        where = self._office_text(office, "locationCirculationAuthority", one_line=True)
        reg = self._office_text(office, "registrationOffice")
        remarks = Text("remarks")
        remarks.add({"de": "Die Verteilungsliste und die Schlussrechnung liegen während 10 Tagen zur Einsicht auf.",
                     "fr": "La liste de répartition et le décompte final peuvent être consultés pendant 10 jours.",
                     "it": "La lista di ripartizione e il conto finale sono depositati per 10 giorni."}[lang])
        n.post = [("locationCirculationAuthority", where.value()), ("daysAfterPublication", 10),
                  ("entryDeadline", iso(self._deadline(10))), ("registrationOffice", reg.value()),
                  ("remarks", remarks.value())]
        self._attach(n, where, reg, remarks)
        return n

    def _kk06(self, c: Company) -> Notice:
        rng = self.rng
        bk = c.bk
        assert bk is not None
        bk.closed = True
        self.open_kk02.remove(c.id)
        n, office, _p = self._kk_notice("KK06", c)
        lang = office.lang
        end = add_workdays(self.today, -(3 + rng.randrange(10)))
        d = swiss(end)
        remarks = {"de": f"Das Konkursverfahren wurde mit Verfügung des Konkursgerichts vom {d} als geschlossen erklärt.",
                   "fr": f"La procédure de faillite a été clôturée par jugement du {d}.",
                   "it": f"La procedura di fallimento è stata chiusa con decreto del {d}."}[lang]
        n.post = [("proceedingEndDate", iso(end)), ("remarks", remarks)]
        n.facts.update(proceeding_end_date=iso(end))
        self._await_deletion(c, self.day + 5 + rng.randrange(20), "bankruptcy_closed")
        return n

    def _kk07(self, c: Company) -> Notice:
        bk = c.bk
        assert bk is not None
        bk.proceeding = "revoked"
        n, office, _p = self._kk_notice("KK07", c)
        lang = office.lang
        when = add_workdays(self.today, -(2 + self.rng.randrange(8)))
        d = swiss(when)
        remarks = {"de": f"Der Konkurs wurde mit Entscheid vom {d} widerrufen. Der Schuldner erhält das Verfügungsrecht "
                         "über sein Vermögen zurück.",
                   "fr": f"La faillite a été révoquée par jugement du {d}. Le débiteur recouvre le droit de disposer de "
                         "ses biens.",
                   "it": f"Il fallimento è stato revocato con decisione del {d}. Il debitore riacquista la facoltà di "
                         "disporre dei suoi beni."}[lang]
        n.post = [("proceedingRevocationDate", iso(when)), ("remarks", remarks)]
        n.facts.update(revocation_date=iso(when))
        self._push("hr02_due", self.day + 3 + self.rng.randrange(8), c.id)
        return n

    def _land(self, c: Company, lang: str) -> str:
        rng = self.rng
        a = self.factory.address(c.town)
        plot = 100 + rng.randrange(9000)
        return {"de": f"Grundstück Nr. {plot}, Grundbuch {_plain(c.town.municipality)}, {a.street} {a.number}, {a.zip} "
                      f"{a.town}: Wohn- und Geschäftshaus",
                "fr": f"Parcelle no {plot} du registre foncier de {_plain(c.town.municipality)}, {a.street} {a.number}, "
                      f"{a.zip} {a.town}: bâtiment d'habitation et commercial",
                "it": f"Fondo n. {plot} RFD {_plain(c.town.municipality)}, {a.street} {a.number}, {a.zip} {a.town}: "
                      "edificio abitativo e commerciale"}[lang]

    def _kk08(self, c: Company) -> Notice:
        rng = self.rng
        bk = c.bk
        assert bk is not None
        bk.kk08_day = self.day
        n, office, _p = self._kk_notice("KK08", c)
        lang = office.lang
        auction = add_workdays(self.today, 20 + rng.randrange(30))
        start, end = add_workdays(self.today, 2), add_workdays(self.today, 12)
        reg = self._office_text(office, "registrationOffice")
        info = {"de": f"Die Steigerungsbedingungen und das Lastenverzeichnis liegen vom {swiss(start)} bis {swiss(end)} "
                      "beim Konkursamt auf.",
                "fr": f"Les conditions de vente et l'état des charges peuvent être consultés du {swiss(start)} au "
                      f"{swiss(end)} à l'office.",
                "it": f"Le condizioni d'incanto e l'elenco degli oneri sono depositati dal {swiss(start)} al {swiss(end)} "
                      "presso l'Ufficio."}[lang]
        remarks = {"de": "Besichtigung nach Vereinbarung.", "fr": "Visite sur rendez-vous.",
                   "it": "Visita su appuntamento."}[lang]
        n.post = [("auctionObjects", self._land(c, lang)),
                  ("auction", [("date", iso(auction)), ("time", ("10:00", "14:00", "14:30", "15:00")[rng.randrange(4)]),
                               ("location", f"{office.zip} {office.town}")]),
                  ("informationAboutEdition", info), ("entryStart", iso(start)), ("entryDeadline", iso(end)),
                  ("registrationOffice", reg.value()), ("remarks", remarks)]
        self._attach(n, reg)
        n.facts.update(auction_date=iso(auction))
        return n

    def _kk09(self, c: Company) -> Notice:
        bk = c.bk
        assert bk is not None
        bk.kk09_day = self.day
        n, office, _p = self._kk_notice("KK09", c)
        lang = office.lang
        where = self._office_text(office, "locationCirculationAuthority", one_line=True)
        canton = CANTON_NAMES[c.town.canton][lang]
        place = _plain(c.town.municipality)
        complain = {"de": f"Bezirksgericht {place}", "fr": f"Tribunal d'arrondissement de {place}",
                    "it": f"Pretura di {place}"}[lang]
        appeal = {"de": f"Aufsichtsbehörde für Schuldbetreibung und Konkurs des Kantons {canton}",
                  "fr": f"Autorité de surveillance des offices de poursuite et de faillite du canton de {canton}",
                  "it": f"Autorità di vigilanza sugli uffici di esecuzione e fallimento del Cantone {canton}"}[lang]
        n.post = [("affectedLand", self._land(c, lang)), ("locationCirculationAuthority", where.value()),
                  ("daysAfterPublication", 10), ("entryDeadline", iso(self._deadline(10))),
                  ("appeal", [("daysAfterPublication", 10), ("entryDeadline", iso(self._deadline(10)))]),
                  ("registrationOfficeComplain", complain), ("registrationOfficeAppeal", appeal)]
        self._attach(n, where)
        return n

    def _kk10(self, c: Company) -> Notice:
        rng = self.rng
        bk = c.bk
        assert bk is not None
        bk.kk10 += 1
        n, office, person = self._kk_notice("KK10", c)
        lang = office.lang
        meeting = rng.random() < 0.5
        shown = render_name(person.first_names, person.last_name, "first_last") if person is not None else c.name
        title = ({"de": "Gläubigerversammlung im Konkurs ", "fr": "Assemblée des créanciers dans la faillite de ",
                  "it": "Adunanza dei creditori nel fallimento di "} if meeting else
                 {"de": "Abtretung von Rechtsansprüchen im Konkurs ", "fr": "Cession de droits dans la faillite de ",
                  "it": "Cessione di pretese nel fallimento di "})[lang] + shown
        t = Text("publication")
        debtor_role = {"de": "Schuldner", "fr": "débiteur", "it": "debitore"}[lang]
        t.add({"de": "<p>Im Konkursverfahren über ", "fr": "<p>Dans la procédure de faillite de ",
               "it": "<p>Nella procedura di fallimento di "}[lang])
        if person is not None:
            t.mention(shown, person.id, "person", debtor_role, "debtor", None, None, "first_last")
            person.note_variant(shown)
        else:
            t.mention(shown, c.id, "company", debtor_role, "debtor", None, None, "canonical")
        when = add_workdays(self.today, 10 + rng.randrange(15))
        if meeting:
            t.add({"de": f" findet die erste Gläubigerversammlung am {swiss(when)} um 14.00 Uhr statt. Ort: ",
                   "fr": f", la première assemblée des créanciers aura lieu le {swiss(when)} à 14h00. Lieu: ",
                   "it": f", la prima adunanza dei creditori avrà luogo il {swiss(when)} alle ore 14.00. Luogo: "}[lang])
        else:
            t.add({"de": " werden den Gläubigern die Rechtsansprüche der Masse gemäss Art. 260 SchKG zur Abtretung "
                         f"angeboten. Begehren sind bis zum {swiss(when)} schriftlich einzureichen bei: ",
                   "fr": ", la cession des droits de la masse selon l'art. 260 LP est offerte aux créanciers. Les demandes "
                         f"doivent être déposées par écrit jusqu'au {swiss(when)} auprès de: ",
                   "it": ", la cessione delle pretese della massa secondo l'art. 260 LEF è offerta ai creditori. Le "
                         f"richieste devono essere inoltrate per iscritto entro il {swiss(when)} a: "}[lang])
        t.mention(office.name, f"OFFICE:{office.name}", "office", COMPANY_ROLE["bankruptcy_office"][lang],
                  "bankruptcy_office", None, None, "canonical")
        t.add(f", {office.street} {office.number}, {office.zip} {office.town}.</p>")
        n.title = (title, title, title, title)
        n.debtor = None
        n.pre = [("title", title), ("publication", t.value())]
        self._attach(n, t)
        n.facts.update(topic="creditors_meeting" if meeting else "assignment_of_claims", date=iso(when))
        return n

    # ------------------------------------------------------------------ liquidation (HR02 + LS)
    def start_liquidation(self, form: str) -> Notice:
        pool = self.pop.by_form.get(form)
        if pool is None or not len(pool):
            return self.hr01(form)
        rng = self.rng
        c = self.pop.companies[pool.choice(rng)]
        date = iso(self.today)
        lang = c.town.lang
        ctx = self._ctx(c, lang)
        actual = c.view()
        old_name = c.name
        resolution = add_workdays(self.today, -(5 + rng.randrange(25)))
        resigned: list = []
        changed: list = []
        r = rng.random()
        officers = [p for p in c.posts if p.kind == "person" and p.role_key in GOVERNING]
        if r < 0.5 and officers:
            post = officers[rng.randrange(len(officers))]
            person = self.pop.persons[post.holder]
            old = old_state(post, person, c.legal_form, lang)
            self._close_role(post, date)
            post.role_key = "liquidator"
            post.signature = "individual"
            post.shares = post.shares if c.legal_form == "0107" else 0
            self._open_role(c, post, date)
            changed.append(("person", person, post, old, None))
            liquidator = person.id
        elif r < 0.8 or not self.trust_firms:
            person = self.factory.officer(c.town, self.today, [x.holder for x in c.posts], p_reuse=0.3)
            post = Post(person.id, "person", "liquidator", "individual")
            self._add_post(c, post, date)
            changed.append(("person", person, post, None, None))
            liquidator = person.id
        else:
            firm = self.trust_firms[rng.randrange(len(self.trust_firms))]
            self._add_post(c, Post(firm, "company", "liquidator", ""), date)
            changed.append(("firm", self.pop.companies[firm], "liquidator"))
            liquidator = firm
        for post in list(c.posts):
            if post.kind == "person" and post.role_key != "liquidator" and rng.random() < 0.3:
                resigned.append(("person", self.pop.persons[post.holder], Post(post.holder, "person", post.role_key,
                                                                                post.signature, post.shares), None, None))
                self._remove_post(c, post, date)
        new_name = c.base_name + self._liq_suffix(lang)
        self._rename(c, new_name, date)
        c.set_status("liquidation", date)
        c.liq = Liquidation(resolution, c.legal_form, liquidator, self._calls_planned(self.today))
        self.pop.deactivate(c)
        t = Text()
        self._opening(ctx, t, c, old_name, c.town.municipality)
        organ = ORGAN.get(c.legal_form, ORGAN["0106"])[_LI[lang]]
        d = swiss(resolution)
        subject = _subject(c.legal_form, lang)
        t.add({"de": f" Firma neu: {new_name}. {subject} ist mit Beschluss {organ} vom {d} aufgelöst.",
               "fr": f" Nouvelle raison sociale: {new_name}. {subject} est dissoute par décision {organ} du {d}.",
               "it": f" Nuova ragione sociale: {new_name}. {subject} è sciolta per decisione {organ} del {d}."}[lang])
        if rng.random() < 0.4:
            t.add({"de": " Sie tritt in Liquidation.", "fr": " Elle entre en liquidation.",
                   "it": " Essa entra in liquidazione."}[lang])
        section(ctx, t, "resigned", resigned, c.legal_form, "resigned")
        section(ctx, t, "changed", changed, c.legal_form, "registered")
        labels = TITLE_LABELS["HR02"]
        title = tuple(f"{labels[i]} {old_name}, {c.town.municipality}, {NEW_WORD[i]} {new_name}" for i in range(4))
        n = self._hr_notice("HR02", c, t, title, lang)  # type: ignore[arg-type]
        n.actual = actual
        n.new = c.view()
        n.flags = {"nameChanged": True, "others": True, "liquidation_nonExceptional": True}
        n.facts = {"changes": ["liquidation", "name", "board"], "liquidation_resolution_date": iso(resolution),
                   "liquidator": liquidator, "old_name": old_name, "new_name": new_name}
        self._push("ls:" + LS_FOR_FORM[c.legal_form], self.day + 2 + rng.randrange(9), c.id)
        return n

    def ls(self, sr: str) -> Notice:
        got = self._take("ls:" + sr, lambda c, r: c.liq is not None and c.status == "liquidation"
                         and c.liq.calls_done < c.liq.calls_planned)
        if got is None:
            return self.start_liquidation(FORM_FOR_LS[sr])
        c = got[0]
        rng = self.rng
        liq = c.liq
        assert liq is not None
        liq.calls_done += 1
        lang = c.town.lang
        ctx = self._ctx(c, lang)
        seat = c.town.municipality
        organ = ORGAN.get(c.legal_form, ORGAN["0106"])[_LI[lang]]
        d = swiss(liq.resolution)  # type: ignore[arg-type]
        t = Text()
        if lang == "de":
            lead = f"Die {c.name}" if c.legal_form in ("0103", "0104", "0105", "0106", "0107") else c.name
            t.add(f"{lead}, in {seat}, ist mit Beschluss {organ} vom {d} aufgelöst worden und befindet sich in Liquidation. "
                  "Die Gläubiger werden aufgefordert, ihre Forderungen anzumelden.")
        elif lang == "fr":
            t.add(f"{c.name}, à {seat}, a été dissoute par décision {organ} du {d} et se trouve en liquidation. Les "
                  "créanciers sont invités à produire leurs créances.")
        else:
            t.add(f"{c.name}, in {seat}, è stata sciolta per decisione {organ} del {d} ed è in liquidazione. I creditori "
                  "sono invitati a notificare i loro crediti.")
        reg = Text("registrationOffice")
        liquidator = self.pop.persons.get(liq.liquidator)
        firm = self.pop.companies.get(liq.liquidator) if liquidator is None else None
        post = next((p for p in c.posts if p.holder == liq.liquidator), None)
        if liquidator is not None:
            role = {"de": ("Liquidator", "Liquidatorin"), "fr": ("Liquidateur", "Liquidatrice"),
                    "it": ("Liquidatore", "Liquidatrice")}[lang][liquidator.gender == "f"]
            t.add(f" {role}: ")
            name_mention(ctx, t, liquidator, "comma", post, c.legal_form, "registered", role, "liquidator")
            t.add(f", {'à' if lang == 'fr' else 'in'} {liquidator.residence}.")
            if liquidator.address is None:
                liquidator.address = self.factory.address(liquidator.home or c.town)
            a = liquidator.address
            name_mention(ctx, reg, liquidator, "first_last", post, c.legal_form, "registered", role, "liquidator")
            reg.add(f"\n{a.street} {a.number}\n{a.zip} {a.town}")
            office = OfficeMeta(self._company_office_id(c), c.name, c.address.street, c.address.number, c.address.zip,
                                c.address.town)
        else:
            assert firm is not None
            role = COMPANY_ROLE["liquidator"][lang]
            t.add(f" {role[0].upper()}{role[1:]}: ")
            t.mention(firm.name, firm.id, "company", role, "liquidator", None, "registered", "canonical")
            t.add(f", {'à' if lang == 'fr' else 'in'} {firm.town.municipality}.")
            reg.mention(firm.name, firm.id, "company", role, "liquidator", None, "registered", "canonical")
            a = firm.address
            reg.add(f"\n{a.street} {a.number}\n{a.zip} {a.town}")
            office = OfficeMeta(self._company_office_id(firm), firm.name, a.street, a.number, a.zip, a.town)
        deadline = self._deadline(30)
        remarks = {"de": "Die Forderungen sind schriftlich anzumelden.", "fr": "Les productions doivent être faites par écrit.",
                   "it": "Le insinuazioni devono essere inoltrate per iscritto."}[lang]
        labels = TITLE_LABELS[sr]
        title = (f"{labels[0]} {c.name}", f"{labels[1]} {c.name}", f"{labels[2]} {c.name}", f"{labels[3]} {c.name}")
        n = self._base(sr, c, lang, c.town.canton, title, None, office)
        n.debtor = c.view()
        n.text = t.value()
        n.post = [("publicationText", n.text),
                  ("claimOfCreditors", [("daysAfterPublication", 30), ("entryDeadline", iso(deadline))]),
                  ("registrationOffice", reg.value()), ("remarks", remarks)]
        n.mentions = t.mentions + reg.mentions
        n.facts = {"liquidation_resolution_date": iso(liq.resolution), "liquidator": liq.liquidator,  # type: ignore[arg-type]
                   "call_number": liq.calls_done, "calls_planned": liq.calls_planned, "entry_deadline": iso(deadline)}
        if liq.calls_done < liq.calls_planned:
            self._push("ls:" + sr, self.day + 2 + rng.randrange(6), c.id)
        else:
            self._await_deletion(c, self.day + 60 + rng.randrange(190), "liquidation_completed")
        return n

    def _company_office_id(self, c: Company) -> str:
        if c.office_id is None:
            c.office_id = new_uuid(self.rng)
        return c.office_id

    # ------------------------------------------------------------------ HR03
    def hr03(self) -> Notice:
        rng = self.rng
        got = self._take("deletion", lambda c, r: c.status in ("bankrupt", "liquidation"))
        target = None
        if got is not None:
            c, reason = got[0], str(got[1])
        else:
            c = self._pick_active(lambda x: True)
            if c is None:
                return self.hr01()
            form = c.legal_form
            if form in ("0101", "0103", "0104"):
                reason = "cessation"
            elif form == "0151":
                reason = "branch_closed"
            elif form in ("0106", "0107") and rng.random() < 0.5:
                target = self._pick_active(lambda x: x.id != c.id and x.legal_form in ("0106", "0107"))
                reason = "merger" if target is not None else "ex_officio"
            else:
                reason = "ex_officio"
        lang = c.town.lang
        ctx = self._ctx(c, lang)
        actual = c.view()
        date = iso(self.today)
        t = Text()
        self._opening(ctx, t, c, c.name, c.town.municipality)
        subject = _subject(c.legal_form, lang)
        bk = c.bk
        if reason == "liquidation_completed":
            t.add({"de": f" Die Liquidation ist beendet. {subject} wird gelöscht.",
                   "fr": f" La liquidation étant terminée, {subject[0].lower()}{subject[1:]} est radiée.",
                   "it": f" La liquidazione è terminata, {subject[0].lower()}{subject[1:]} è cancellata."}[lang])
        elif reason in ("bankruptcy_closed", "bankruptcy_suspended"):
            d = swiss(add_workdays(self.today, -(5 + rng.randrange(30))))
            court = bk.court if bk is not None else ""
            if reason == "bankruptcy_closed":
                t.add({"de": f" Das Konkursverfahren wurde mit Entscheid {court} vom {d} als geschlossen erklärt. "
                             f"{subject} wird von Amtes wegen gelöscht.",
                       "fr": f" La procédure de faillite ayant été clôturée par jugement du {d}, {subject[0].lower()}"
                             f"{subject[1:]} est radiée d'office.",
                       "it": f" La procedura di fallimento è stata chiusa con decisione {court} del {d}. {subject} è "
                             "cancellata d'ufficio."}[lang])
            else:
                t.add({"de": f" Das Konkursverfahren wurde mit Entscheid {court} vom {d} mangels Aktiven eingestellt. "
                             f"{subject} wird von Amtes wegen gelöscht.",
                       "fr": f" La procédure de faillite a été suspendue faute d'actif par jugement du {d}. {subject} "
                             "est radiée d'office.",
                       "it": f" La procedura di fallimento è stata sospesa per mancanza di attivi con decisione {court} "
                             f"del {d}. {subject} è cancellata d'ufficio."}[lang])
        elif reason == "cessation":
            if c.legal_form == "0101":
                t.add((({"de": " Der Geschäftsbetrieb hat aufgehört. Das Einzelunternehmen wird von Amtes wegen gelöscht.",
                         "fr": " L'entreprise individuelle est radiée d'office par suite de cessation de l'activité.",
                         "it": " La ditta individuale è cancellata d'ufficio in seguito alla cessazione dell'attività."}),
                       ({"de": " Das Einzelunternehmen wird infolge Aufgabe der Geschäftstätigkeit gelöscht.",
                         "fr": " L'entreprise individuelle est radiée par suite de cessation de l'activité.",
                         "it": " La ditta individuale è cancellata in seguito alla cessazione dell'attività."}))
                      [rng.randrange(2)][lang])
            else:
                t.add({"de": " Die Gesellschaft ist aufgelöst. Die Liquidation ist beendet. Die Gesellschaft wird gelöscht.",
                       "fr": " La société est dissoute. La liquidation étant terminée, la société est radiée.",
                       "it": " La società è sciolta. La liquidazione è terminata, la società è cancellata."}[lang])
        elif reason == "branch_closed":
            t.add({"de": " Die Zweigniederlassung wird gelöscht.", "fr": " La succursale est radiée.",
                   "it": " La succursale è cancellata."}[lang])
        elif reason == "merger" and target is not None:
            role = COMPANY_ROLE["acquirer"][lang]
            t.add({"de": " Aktiven und Passiven (Fremdkapital) gehen infolge Fusion auf die ",
                   "fr": " Actifs et passifs (fonds étrangers) repris par ",
                   "it": " Attivi e passivi (capitale di terzi) ripresi da "}[lang])
            t.mention(target.name, target.id, "company", role, "acquirer", None, None, "canonical")
            t.add(f", {'à' if lang == 'fr' else 'in'} {target.town.municipality} ({target.uid})")
            t.add({"de": ", über. Die Gesellschaft wird gelöscht.", "fr": ", par suite de fusion. La société est radiée.",
                   "it": ", in seguito a fusione. La società è cancellata."}[lang])
            c.absorbed_by = target.id
        else:
            t.add({"de": f" {subject} wird gestützt auf Art. 934 OR von Amtes wegen gelöscht.",
                   "fr": f" {subject} est radiée d'office en application de l'art. 934 CO.",
                   "it": f" {subject} è cancellata d'ufficio in applicazione dell'art. 934 CO."}[lang])
        resigned: list = []
        if reason in ("liquidation_completed", "merger") and rng.random() < 0.5:
            for post in c.posts:
                if post.kind == "person" and post.holder in self.pop.persons:
                    resigned.append(("person", self.pop.persons[post.holder], post, None, None))
                elif post.kind == "company" and post.role_key in ("liquidator", "auditor"):
                    resigned.append(("firm", self.pop.companies[post.holder], post.role_key))
        section(ctx, t, "resigned", resigned, c.legal_form, "resigned")
        n = self._hr_notice("HR03", c, t, lang=lang)
        n.actual = actual
        n.deletion_date = n.journal_date
        n.facts = {"deletion_date": iso(n.deletion_date), "reason": reason,  # type: ignore[arg-type]
                   "absorbed_by": c.absorbed_by}
        for post in c.posts:
            if post.kind == "person":
                self._close_role(post, date)
        c.deleted = iso(n.deletion_date)  # type: ignore[arg-type]
        c.set_status("deleted", c.deleted)
        self.pop.deactivate(c)
        self.pending_retire.append(c)
        return n
