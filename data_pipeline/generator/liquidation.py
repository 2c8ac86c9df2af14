"""Liquidation: the HR02 that publishes the dissolution of a company (it takes the "in Liquidation" suffix, a
liquidator is appointed, some officers leave) and the calls to creditors that follow (LS01-LS06, one sub-rubric per
legal form; three calls before 2023, one since), after which the company's deletion is queued (HR03).
`silent_liquidation` puts a company in a liquidation resolved just before the archive starts."""
from __future__ import annotations

import datetime as dt

from .dates import add_workdays, iso, swiss
from .founding import hr01
from .framing import GOVERNING, clause_ctx, hr_notice, new_notice, opening, organ, subject
from .identifiers import new_uuid
from .lexicon import COMPANY_ROLE, FORM_FOR_LS, LS_FOR_FORM, NEW_WORD, TITLE_LABELS
from .notice import Notice, OfficeMeta
from .phrasing import Entry, Text, name_mention, old_state, section
from .state import WorldState
from .world import Company, Liquidation, Post


def calls_planned(d: dt.date) -> int:
    """Calls to creditors a liquidation resolved on `d` publishes (three before the 2023 law reform, then one)."""
    return 3 if d.year < 2023 else 1


def silent_liquidation(s: WorldState, c: Company, ready: int) -> None:
    """Put `c` in a liquidation resolved before the archive starts (one of its officers becomes liquidator); its
    first call to creditors is due on day `ready`."""
    rng = s.rng
    resolution = add_workdays(s.cal.start, -(5 + rng.randrange(30)))
    officers = [p for p in c.posts if p.kind == "person" and p.role_key in GOVERNING]
    if not officers:
        return
    post = officers[rng.randrange(len(officers))]
    s.close_role(post, iso(resolution))
    post.role_key, post.signature = "liquidator", "individual"
    s.open_role(c, post, iso(resolution))
    liquidator = post.holder
    c.liq = Liquidation(resolution, c.legal_form, liquidator, calls_planned(s.cal.start))
    s.rename(c, c.base_name + s.liq_suffix(c.town.lang), iso(resolution))
    c.set_status("liquidation", iso(resolution))
    s.pop.deactivate(c)
    s.push("ls:" + LS_FOR_FORM[c.legal_form], ready, c.id)


def start_liquidation(s: WorldState, form: str) -> Notice:
    """A random company of legal form `form` is dissolved and enters liquidation: its HR02 (new name, dissolution,
    liquidator, officers who leave), with its first call to creditors queued. With no such company, an HR01 of
    that form."""
    pool = s.pop.by_form.get(form)
    if pool is None or not len(pool):
        return hr01(s, form)
    rng = s.rng
    c = s.pop.companies[pool.choice(rng)]
    date = iso(s.today)
    lang = c.town.lang
    ctx = clause_ctx(s, c, lang)
    actual = c.view()
    old_name = c.name
    resolution = add_workdays(s.today, -(5 + rng.randrange(25)))
    liquidator, appointed = _appoint_liquidator(s, c, lang, date)
    resigned = _resignations(s, c, date)
    new_name = c.base_name + s.liq_suffix(lang)
    s.rename(c, new_name, date)
    c.set_status("liquidation", date)
    c.liq = Liquidation(resolution, c.legal_form, liquidator, calls_planned(s.today))
    s.pop.deactivate(c)
    t = opening(ctx, c, old_name, c.town.municipality)
    dissolver = organ(c.legal_form, lang)
    d = swiss(resolution)
    who = subject(c.legal_form, lang)
    t.add({"de": f" Firma neu: {new_name}. {who} ist mit Beschluss {dissolver} vom {d} aufgelöst.",
           "fr": f" Nouvelle raison sociale: {new_name}. {who} est dissoute par décision {dissolver} du {d}.",
           "it": f" Nuova ragione sociale: {new_name}. {who} è sciolta per decisione {dissolver} del {d}."}[lang])
    if rng.random() < 0.4:
        t.add({"de": " Sie tritt in Liquidation.", "fr": " Elle entre en liquidation.",
               "it": " Essa entra in liquidazione."}[lang])
    section(ctx, t, "resigned", resigned, c.legal_form, "resigned")
    section(ctx, t, "changed", [appointed], c.legal_form, "registered")
    labels = TITLE_LABELS["HR02"]
    title = tuple(f"{labels[i]} {old_name}, {c.town.municipality}, {NEW_WORD[i]} {new_name}" for i in range(4))
    n = hr_notice(s, "HR02", c, t, title, lang)  # type: ignore[arg-type]
    n.actual = actual
    n.new = c.view()
    n.flags = {"nameChanged": True, "others": True, "liquidation_nonExceptional": True}
    n.facts = {"changes": ["liquidation", "name", "board"], "liquidation_resolution_date": iso(resolution),
               "liquidator": liquidator, "old_name": old_name, "new_name": new_name}
    s.push("ls:" + LS_FOR_FORM[c.legal_form], s.day + 2 + rng.randrange(9), c.id)
    return n


def _appoint_liquidator(s: WorldState, c: Company, lang: str, date: str) -> tuple[str, Entry]:
    """The liquidator: one of the governing officers, a new person or a trust firm. Returns its id and its entry
    in the "changed" section."""
    rng = s.rng
    r = rng.random()
    officers = [p for p in c.posts if p.kind == "person" and p.role_key in GOVERNING]
    if r < 0.5 and officers:
        post = officers[rng.randrange(len(officers))]
        person = s.pop.persons[post.holder]
        old = old_state(post, person, c.legal_form, lang)
        s.close_role(post, date)
        post.role_key = "liquidator"
        post.signature = "individual"
        post.shares = post.shares if c.legal_form == "0107" else 0
        s.open_role(c, post, date)
        return person.id, ("person", person, post, old, None)
    if r < 0.8 or not s.trust_firms:
        person = s.factory.officer(c.town, s.today, [x.holder for x in c.posts], p_reuse=0.3)
        post = Post(person.id, "person", "liquidator", "individual")
        s.add_post(c, post, date)
        return person.id, ("person", person, post, None, None)
    firm = s.trust_firms[rng.randrange(len(s.trust_firms))]
    s.add_post(c, Post(firm, "company", "liquidator", ""), date)
    return firm, ("firm", s.pop.companies[firm], "liquidator")


def _resignations(s: WorldState, c: Company, date: str) -> list[Entry]:
    """Officers other than the liquidator who leave at the dissolution (each with a chance of 30%)."""
    resigned: list[Entry] = []
    for post in list(c.posts):
        if post.kind == "person" and post.role_key != "liquidator" and s.rng.random() < 0.3:
            resigned.append(("person", s.pop.persons[post.holder], Post(post.holder, "person", post.role_key,
                                                                        post.signature, post.shares), None, None))
            s.remove_post(c, post, date)
    return resigned


def ls(s: WorldState, sr: str) -> Notice:
    """The next call to creditors of a company in liquidation (LS01-LS06 by legal form), or the HR02 that puts one
    in liquidation. After its last call the company's deletion is queued."""
    got = s.take("ls:" + sr, lambda c, r: c.liq is not None and c.status == "liquidation"
                 and c.liq.calls_done < c.liq.calls_planned)
    if got is None:
        return start_liquidation(s, FORM_FOR_LS[sr])
    c = got[0]
    rng = s.rng
    liq = c.liq
    assert liq is not None
    liq.calls_done += 1
    lang = c.town.lang
    ctx = clause_ctx(s, c, lang)
    seat = c.town.municipality
    dissolver = organ(c.legal_form, lang)
    d = swiss(liq.resolution)  # type: ignore[arg-type]
    t = Text()
    if lang == "de":
        lead = f"Die {c.name}" if c.legal_form in ("0103", "0104", "0105", "0106", "0107") else c.name
        t.add(f"{lead}, in {seat}, ist mit Beschluss {dissolver} vom {d} aufgelöst worden und befindet sich in Liquidation. "
              "Die Gläubiger werden aufgefordert, ihre Forderungen anzumelden.")
    elif lang == "fr":
        t.add(f"{c.name}, à {seat}, a été dissoute par décision {dissolver} du {d} et se trouve en liquidation. Les "
              "créanciers sont invités à produire leurs créances.")
    else:
        t.add(f"{c.name}, in {seat}, è stata sciolta per decisione {dissolver} del {d} ed è in liquidazione. I creditori "
              "sono invitati a notificare i loro crediti.")
    reg = Text("registrationOffice")
    liquidator = s.pop.persons.get(liq.liquidator)
    firm = s.pop.companies.get(liq.liquidator) if liquidator is None else None
    post = next((p for p in c.posts if p.holder == liq.liquidator), None)
    if liquidator is not None:
        role = {"de": ("Liquidator", "Liquidatorin"), "fr": ("Liquidateur", "Liquidatrice"),
                "it": ("Liquidatore", "Liquidatrice")}[lang][liquidator.gender == "f"]
        t.add(f" {role}: ")
        name_mention(ctx, t, liquidator, "comma", post, c.legal_form, "registered", role, "liquidator")
        t.add(f", {'à' if lang == 'fr' else 'in'} {liquidator.residence}.")
        if liquidator.address is None:
            liquidator.address = s.factory.address(liquidator.home or c.town)
        a = liquidator.address
        name_mention(ctx, reg, liquidator, "first_last", post, c.legal_form, "registered", role, "liquidator")
        reg.add(f"\n{a.street} {a.number}\n{a.zip} {a.town}")
        office = OfficeMeta(company_office_id(s, c), c.name, c.address.street, c.address.number, c.address.zip,
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
        office = OfficeMeta(company_office_id(s, firm), firm.name, a.street, a.number, a.zip, a.town)
    deadline = s.deadline(30)
    remarks = {"de": "Die Forderungen sind schriftlich anzumelden.", "fr": "Les productions doivent être faites par écrit.",
               "it": "Le insinuazioni devono essere inoltrate per iscritto."}[lang]
    labels = TITLE_LABELS[sr]
    title = (f"{labels[0]} {c.name}", f"{labels[1]} {c.name}", f"{labels[2]} {c.name}", f"{labels[3]} {c.name}")
    n = new_notice(s, sr, c, lang, c.town.canton, title, None, office)
    n.debtor = c.view()
    n.text = t.value()
    n.post = [("publicationText", n.text),
              ("claimOfCreditors", [("daysAfterPublication", 30), ("entryDeadline", iso(deadline))]),
              ("registrationOffice", reg.value()), ("remarks", remarks)]
    n.mentions = t.mentions + reg.mentions
    n.facts = {"liquidation_resolution_date": iso(liq.resolution), "liquidator": liq.liquidator,  # type: ignore[arg-type]
               "call_number": liq.calls_done, "calls_planned": liq.calls_planned, "entry_deadline": iso(deadline)}
    if liq.calls_done < liq.calls_planned:
        s.push("ls:" + sr, s.day + 2 + rng.randrange(6), c.id)
    else:
        s.await_deletion(c, s.day + 60 + rng.randrange(190), "liquidation_completed")
    return n


def company_office_id(s: WorldState, c: Company) -> str:
    """The id of `c` as the office that receives the claims (drawn when first needed)."""
    if c.office_id is None:
        c.office_id = new_uuid(s.rng)
    return c.office_id
