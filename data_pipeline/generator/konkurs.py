"""KK, bankruptcy notices of the bankruptcy office (Konkurse): KK01 publication of the opening, then one proceeding
(KK02 call to creditors, KK03 suspension for lack of assets, KK07 revocation) and, after a KK02, the later steps
in order: KK04 schedule of claims, KK05 distribution list, KK09 charges on land, KK08 auction, KK10 creditors'
meeting or assignment of claims, KK06 closure. Each step returns its notice and queues what follows (the HR03
after KK03/KK06, the HR02 after KK07).

`kk(s, sub_rubric)` publishes the requested step of a bankruptcy that is due for it; when none is, it produces the
step that leads there (an opening before a KK02, a KK02 before a KK04, ...) or an ordinary HR02 while one is on
its way, so every chain stays consistent."""
from __future__ import annotations

from collections.abc import Callable

from .bankruptcy import open_bankruptcy
from .dates import add_workdays, iso, swiss
from .framing import plain
from .kk_frame import attach, kk_notice, land, office_text
from .lexicon import COMPANY_ROLE, chf
from .mutations import hr02
from .names import render_name
from .notice import Notice
from .phrasing import Text
from .places import CANTON_NAMES
from .state import WorldState
from .world import Bankruptcy, Company

Rule = Callable[[Bankruptcy, int], bool]  # (bankruptcy, today's working day) -> due?


def kk(s: WorldState, sr: str) -> Notice:
    """The next notice of sub-rubric `sr` (KK01-KK10), or the step that has to come before it."""
    day = s.day
    if sr == "KK01":
        got = s.take("kk01", lambda c, r: c.bk is not None and not c.bk.kk01 and c.bk.proceeding is None
                     and day - r <= 15)
        return _kk01(s, got[0]) if got else open_bankruptcy(s)
    if sr in ("KK02", "KK03", "KK07"):
        got = s.take("proceeding", lambda c, r: c.bk is not None and c.bk.proceeding is None)
        if got is None:
            return open_bankruptcy(s)
        return {"KK02": _kk02, "KK03": _kk03, "KK07": _kk07}[sr](s, got[0])

    rule, waiting, handler, fallback = _AFTER_KK02[sr]
    c = _oldest_open(s, rule)
    if c is not None:
        return handler(s, c)
    if _oldest_open(s, waiting) is not None:  # on its way: not due yet, publish an ordinary mutation meanwhile
        return hr02(s)
    return kk(s, fallback)


def _oldest_open(s: WorldState, rule: Rule) -> Company | None:
    """The bankruptcy with the oldest call to creditors for which the step is due."""
    day = s.day
    for cid in s.open_kk02:
        c = s.pop.companies.get(cid)
        if c is not None and c.bk is not None and rule(c.bk, day):
            return c
    return None


def _kk01(s: WorldState, c: Company) -> Notice:
    """KK01: the publication of the bankruptcy opening (resolution date, art. 731b CO or not)."""
    bk = c.bk
    assert bk is not None
    bk.kk01 = True
    n, _office, _p = kk_notice(s, "KK01", c)
    n.post = [("or731b", "Yes" if bk.or731b else "No"), ("resolutionDate", iso(bk.opened))]  # type: ignore[arg-type]
    return n


def _kk02(s: WorldState, c: Company) -> Notice:
    """KK02: the call to creditors (summary or ordinary proceeding); the bankruptcy joins the open ones."""
    rng = s.rng
    bk = c.bk
    assert bk is not None
    bk.proceeding = "kk02"
    n, office, _p = kk_notice(s, "KK02", c)
    lang = office.lang
    deadline = s.deadline(30)
    reg = office_text(office, "registrationOffice")
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
        meeting = swiss(add_workdays(s.today, 10 + rng.randrange(10)))
        remarks.add({"de": f"Erste Gläubigerversammlung: {meeting}, 10.00 Uhr, im Sitzungszimmer des Konkursamtes.",
                     "fr": f"Première assemblée des créanciers: {meeting}, à 10h00, dans la salle de conférence de "
                           "l'office.",
                     "it": f"Prima adunanza dei creditori: {meeting}, ore 10.00, nella sala riunioni dell'Ufficio."}[lang])
    n.pre = [("proceeding", [("selectType", "summary" if bk.summary else "ordinary")])]
    n.post = [("or731b", "Yes" if bk.or731b else "No"), ("resolutionDate", iso(bk.opened)),  # type: ignore[arg-type]
              ("daysAfterPublication", 30), ("entryDeadline", iso(deadline)), ("registrationOffice", reg.value()),
              ("remarks", remarks.value())]
    attach(n, reg, remarks)
    n.facts.update(proceeding="summary" if bk.summary else "ordinary", entry_deadline=iso(deadline))
    bk.kk02_day = s.day
    bk.has_land = rng.random() < 0.35
    s.open_kk02.append(c.id)
    return n


def _kk03(s: WorldState, c: Company) -> Notice:
    """KK03: suspension for lack of assets, with the advance a creditor must pay to go on; the deletion follows."""
    rng = s.rng
    bk = c.bk
    assert bk is not None
    bk.proceeding = "kk03"
    n, office, _p = kk_notice(s, "KK03", c)
    lang = office.lang
    deadline = s.deadline(10)
    advance = float((3000, 4000, 5000, 6000, 8000)[rng.randrange(5)])
    cessation = add_workdays(s.today, -(3 + rng.randrange(10)))
    reg = office_text(office, "registrationOffice")
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
    attach(n, reg, remarks)
    n.facts.update(cessation_date=iso(cessation), advance=advance, entry_deadline=iso(deadline))
    s.await_deletion(c, s.day + 30 + rng.randrange(50), "bankruptcy_suspended")
    return n


def _kk04(s: WorldState, c: Company) -> Notice:
    """KK04: the schedule of claims and the inventory are open for inspection."""
    bk = c.bk
    assert bk is not None
    bk.kk04_day = s.day
    n, office, _p = kk_notice(s, "KK04", c)
    lang = office.lang
    reg = office_text(office, "registrationOfficeAndCirculationAuthority", one_line=True)
    remarks = Text("remarks")
    if lang == "it":
        months = ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
                  "ottobre", "novembre", "dicembre")
        remarks.add(f"Si rende noto che a partire dal {s.today.day} {months[s.today.month - 1]} {s.today.year} "
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
              ("claimOfCreditors", [("daysAfterPublication", 20), ("entryDeadline", iso(s.deadline(20)))]),
              ("inventory", [("daysAfterPublication", 10), ("entryDeadline", iso(s.deadline(10)))]),
              ("registrationOfficeAndCirculationAuthority", reg.value()), ("remarks", remarks.value())]
    attach(n, reg, remarks)
    n.facts.update(entry_deadline=iso(s.deadline(20)))
    return n


def _kk05(s: WorldState, c: Company) -> Notice:
    """KK05: the distribution list and the final account are open for inspection."""
    bk = c.bk
    assert bk is not None
    bk.kk05_day = s.day
    n, office, _p = kk_notice(s, "KK05", c)
    lang = office.lang
    where = office_text(office, "locationCirculationAuthority", one_line=True)
    reg = office_text(office, "registrationOffice")
    remarks = Text("remarks")
    remarks.add({"de": "Die Verteilungsliste und die Schlussrechnung liegen während 10 Tagen zur Einsicht auf.",
                 "fr": "La liste de répartition et le décompte final peuvent être consultés pendant 10 jours.",
                 "it": "La lista di ripartizione e il conto finale sono depositati per 10 giorni."}[lang])
    n.post = [("locationCirculationAuthority", where.value()), ("daysAfterPublication", 10),
              ("entryDeadline", iso(s.deadline(10))), ("registrationOffice", reg.value()),
              ("remarks", remarks.value())]
    attach(n, where, reg, remarks)
    return n


def _kk06(s: WorldState, c: Company) -> Notice:
    """KK06: the proceeding is closed; the deletion follows."""
    rng = s.rng
    bk = c.bk
    assert bk is not None
    bk.closed = True
    s.open_kk02.remove(c.id)
    n, office, _p = kk_notice(s, "KK06", c)
    lang = office.lang
    end = add_workdays(s.today, -(3 + rng.randrange(10)))
    d = swiss(end)
    remarks = {"de": f"Das Konkursverfahren wurde mit Verfügung des Konkursgerichts vom {d} als geschlossen erklärt.",
               "fr": f"La procédure de faillite a été clôturée par jugement du {d}.",
               "it": f"La procedura di fallimento è stata chiusa con decreto del {d}."}[lang]
    n.post = [("proceedingEndDate", iso(end)), ("remarks", remarks)]
    n.facts.update(proceeding_end_date=iso(end))
    s.await_deletion(c, s.day + 5 + rng.randrange(20), "bankruptcy_closed")
    return n


def _kk07(s: WorldState, c: Company) -> Notice:
    """KK07: the bankruptcy is revoked; the HR02 that gives the company its name back follows."""
    bk = c.bk
    assert bk is not None
    bk.proceeding = "revoked"
    n, office, _p = kk_notice(s, "KK07", c)
    lang = office.lang
    when = add_workdays(s.today, -(2 + s.rng.randrange(8)))
    d = swiss(when)
    remarks = {"de": f"Der Konkurs wurde mit Entscheid vom {d} widerrufen. Der Schuldner erhält das Verfügungsrecht "
                     "über sein Vermögen zurück.",
               "fr": f"La faillite a été révoquée par jugement du {d}. Le débiteur recouvre le droit de disposer de "
                     "ses biens.",
               "it": f"Il fallimento è stato revocato con decisione del {d}. Il debitore riacquista la facoltà di "
                     "disporre dei suoi beni."}[lang]
    n.post = [("proceedingRevocationDate", iso(when)), ("remarks", remarks)]
    n.facts.update(revocation_date=iso(when))
    s.push("hr02_due", s.day + 3 + s.rng.randrange(8), c.id)
    return n


def _kk08(s: WorldState, c: Company) -> Notice:
    """KK08: auction of the debtor's land."""
    rng = s.rng
    bk = c.bk
    assert bk is not None
    bk.kk08_day = s.day
    n, office, _p = kk_notice(s, "KK08", c)
    lang = office.lang
    auction = add_workdays(s.today, 20 + rng.randrange(30))
    start, end = add_workdays(s.today, 2), add_workdays(s.today, 12)
    reg = office_text(office, "registrationOffice")
    info = {"de": f"Die Steigerungsbedingungen und das Lastenverzeichnis liegen vom {swiss(start)} bis {swiss(end)} "
                  "beim Konkursamt auf.",
            "fr": f"Les conditions de vente et l'état des charges peuvent être consultés du {swiss(start)} au "
                  f"{swiss(end)} à l'office.",
            "it": f"Le condizioni d'incanto e l'elenco degli oneri sono depositati dal {swiss(start)} al {swiss(end)} "
                  "presso l'Ufficio."}[lang]
    remarks = {"de": "Besichtigung nach Vereinbarung.", "fr": "Visite sur rendez-vous.",
               "it": "Visita su appuntamento."}[lang]
    n.post = [("auctionObjects", land(s, c, lang)),
              ("auction", [("date", iso(auction)), ("time", ("10:00", "14:00", "14:30", "15:00")[rng.randrange(4)]),
                           ("location", f"{office.zip} {office.town}")]),
              ("informationAboutEdition", info), ("entryStart", iso(start)), ("entryDeadline", iso(end)),
              ("registrationOffice", reg.value()), ("remarks", remarks)]
    attach(n, reg)
    n.facts.update(auction_date=iso(auction))
    return n


def _kk09(s: WorldState, c: Company) -> Notice:
    """KK09: the schedule of charges on the debtor's land is open for inspection."""
    bk = c.bk
    assert bk is not None
    bk.kk09_day = s.day
    n, office, _p = kk_notice(s, "KK09", c)
    lang = office.lang
    where = office_text(office, "locationCirculationAuthority", one_line=True)
    canton = CANTON_NAMES[c.town.canton][lang]
    place = plain(c.town.municipality)
    complain = {"de": f"Bezirksgericht {place}", "fr": f"Tribunal d'arrondissement de {place}",
                "it": f"Pretura di {place}"}[lang]
    appeal = {"de": f"Aufsichtsbehörde für Schuldbetreibung und Konkurs des Kantons {canton}",
              "fr": f"Autorité de surveillance des offices de poursuite et de faillite du canton de {canton}",
              "it": f"Autorità di vigilanza sugli uffici di esecuzione e fallimento del Cantone {canton}"}[lang]
    n.post = [("affectedLand", land(s, c, lang)), ("locationCirculationAuthority", where.value()),
              ("daysAfterPublication", 10), ("entryDeadline", iso(s.deadline(10))),
              ("appeal", [("daysAfterPublication", 10), ("entryDeadline", iso(s.deadline(10)))]),
              ("registrationOfficeComplain", complain), ("registrationOfficeAppeal", appeal)]
    attach(n, where)
    return n


def _kk10(s: WorldState, c: Company) -> Notice:
    """KK10: a creditors' meeting or the offer to assign the estate's claims (art. 260 SchKG)."""
    rng = s.rng
    bk = c.bk
    assert bk is not None
    bk.kk10 += 1
    n, office, person = kk_notice(s, "KK10", c)
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
    when = add_workdays(s.today, 10 + rng.randrange(15))
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
    attach(n, t)
    n.facts.update(topic="creditors_meeting" if meeting else "assignment_of_claims", date=iso(when))
    return n


# Steps after the call to creditors: (eligibility by age in working days, still to come, handler, step to produce
# first when no bankruptcy is waiting for this one).
_AFTER_KK02: dict[str, tuple[Rule, Rule, Callable[[WorldState, Company], Notice], str]] = {
    "KK04": (lambda b, d: b.kk04_day is None and d - b.kk02_day >= 15, lambda b, d: b.kk04_day is None,
             _kk04, "KK02"),
    "KK05": (lambda b, d: b.kk04_day is not None and b.kk05_day is None and d - b.kk04_day >= 20,
             lambda b, d: b.kk04_day is not None and b.kk05_day is None, _kk05, "KK04"),
    "KK09": (lambda b, d: b.has_land and b.kk09_day is None and d - b.kk02_day >= 10,
             lambda b, d: b.has_land and b.kk09_day is None, _kk09, "KK02"),
    "KK08": (lambda b, d: b.kk09_day is not None and b.kk08_day is None and d - b.kk09_day >= 15,
             lambda b, d: b.kk09_day is not None and b.kk08_day is None, _kk08, "KK09"),
    "KK10": (lambda b, d: b.kk10 < 2 and d - b.kk02_day >= 5, lambda b, d: b.kk10 < 2, _kk10, "KK02"),
    "KK06": (lambda b, d: d - b.kk02_day >= 40 and (b.kk04_day is None or d - b.kk04_day >= 20)
             and (b.kk05_day is None or d - b.kk05_day >= 10)
             and (b.kk09_day is None or b.kk08_day is not None or d - b.kk09_day >= 40)
             and (b.kk08_day is None or d - b.kk08_day >= 15), lambda b, d: True, _kk06, "KK02"),
}
