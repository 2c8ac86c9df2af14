"""HR01, new registrations (Neueintragung): a company of a random legal form (a branch under an existing head
office) is created with its founders and officers and published with its address, statutes date, purpose, capital,
publication organ, opting-out and the registered persons; the Geneva register has its own style."""
from __future__ import annotations

import datetime as dt

from .dates import add_workdays, iso, swiss
from .framing import CORPORATIONS, address_text, clause_ctx, hr_notice
from .lexicon import COMPANY_ROLE, chf, thousands
from .notice import Notice
from .phrasing import Ctx, Entry, Text, legal_form_long, section
from .state import WorldState
from .world import Company


def register_founders(s: WorldState, c: Company, date: dt.date) -> None:
    """Open the roles of the company's first officers on `date`."""
    for post in c.posts:
        if post.kind == "person":
            s.open_role(c, post, iso(date))


def hr01(s: WorldState, form: str | None = None) -> Notice:
    """Register a new company (of legal form `form`, else a random one) and return its HR01 notice."""
    rng = s.rng
    form = form or s.factory.forms.pick(rng)
    head = None
    if form == "0151":
        pool = s.pop.by_form.get("0106") if rng.random() < 0.7 else s.pop.by_form.get("0107")
        if pool is not None and len(pool):
            head = s.pop.companies[pool.choice(rng)]
        else:
            form = "0106"
    c = s.factory.new_company(s.today, form, head=head)
    register_founders(s, c, s.today)
    s.pop.add_company(c)
    s.pop.activate(c)
    lang = c.town.lang
    ctx = clause_ctx(s, c, lang)
    statutes = swiss(add_workdays(s.today, -(5 + rng.randrange(20))))
    seat = c.town.municipality
    t = _geneva_text(s, ctx, c, statutes) if ctx.geneva else _standard_text(s, ctx, c, statutes, head)
    n = hr_notice(s, "HR01", c, t)
    n.new = c.view()
    n.facts = {"registration": True, "name": c.name, "seat": seat, "canton": c.town.canton, "legal_form": form,
               "capital_nominal": c.capital_nominal, "head_office": c.head_office, "statutes_date": statutes}
    return n


def founding_entries(s: WorldState, c: Company) -> list[Entry]:
    """The section entries of every officer of `c` (persons and firms) as registered."""
    entries: list[Entry] = []
    for post in c.posts:
        if post.kind == "person":
            entries.append(("person", s.pop.persons[post.holder], post, None, None))
        else:
            entries.append(("firm", s.pop.companies[post.holder], post.role_key))
    return entries


def capital_text(c: Company, lang: str) -> str:
    """The capital clause: "Aktienkapital: CHF ... Liberierung ... Aktien: ..." (a GmbH: "Stammkapital: ...")."""
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


def _standard_text(s: WorldState, ctx: Ctx, c: Company, statutes: str, head: Company | None) -> Text:
    """The registration text in the common style of the cantonal registers."""
    lang, form = ctx.lang, c.legal_form
    t = Text()
    t.add(f"{c.name}, {'à' if lang == 'fr' else 'in'} {c.town.municipality}, {c.uid}, ")
    address_text(s, t, c)
    new_word = {"de": "Neueintragung", "fr": "Nouvelle inscription", "it": "Nuova iscrizione"}[lang]
    t.add(f", {legal_form_long(form, lang)} ({new_word}).")
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
        t.add(" " + capital_text(c, lang))
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
    section(ctx, t, "registered", founding_entries(s, c), c.legal_form, "registered")
    return t


def _geneva_text(s: WorldState, ctx: Ctx, c: Company, statutes: str) -> Text:
    """The registration text in the style of the Geneva register ("Nouvelle société anonyme. Statuts du ...")."""
    t = Text()
    t.add(f"{c.name}, à {c.town.municipality}, ")
    address_text(s, t, c)
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
    section(ctx, t, "registered", founding_entries(s, c), c.legal_form, "registered")
    if c.opting_out:
        t.add(" Selon déclaration à la constitution de la société, il est renoncé à un contrôle restreint.")
    return t
