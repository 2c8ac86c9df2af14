"""Bankruptcy in the commercial register (HR02): the court opens a bankruptcy (or orders a liquidation under art.
731b CO), the company takes the "in Liquidation" suffix and leaves the active pool; the KK notices follow (see
`konkurs`). A revoked bankruptcy gives the company its name back in a later HR02. `silent_bankruptcy` puts a
company mid-way through a bankruptcy whose earlier notices predate the archive."""
from __future__ import annotations

from .dates import add_workdays, iso, swiss
from .founding import hr01
from .framing import clause_ctx, hr_notice, opening, plain
from .lexicon import NEW_WORD, TITLE_LABELS
from .notice import Notice
from .phrasing import name_mention
from .state import WorldState
from .world import Bankruptcy, Company


def bankruptcy_court(s: WorldState, c: Company, lang: str) -> str:
    """The court competent for the company's seat, as written after "Mit Entscheid" / "Par jugement"."""
    place = plain(c.town.municipality)
    canton = c.town.canton
    if lang == "de":
        if canton == "BE":
            return f"des Regionalgerichts {place}"
        return ("des Konkursgerichts des Bezirksgerichts " + place, "des zuständigen Einzelgerichts",
                f"des Einzelgerichts in SchKG-Sachen des Bezirksgerichts {place}")[s.rng.randrange(3)]
    if lang == "fr":
        if canton == "GE":
            return "du Tribunal de première instance"
        if canton == "VD":
            return f"du Tribunal civil de l'arrondissement de {place}"
        return f"du Tribunal de district de {place}"
    return f"della Pretura del Distretto di {place}"


def silent_bankruptcy(s: WorldState, c: Company, stage: str, ready: int) -> None:
    """Put `c` in a bankruptcy opened before the archive starts: waiting for its proceeding (stage "opened", due on
    day `ready`) or after its call to creditors (stage "kk02")."""
    rng = s.rng
    opened = add_workdays(s.cal.start, -(5 + rng.randrange(40 if stage == "opened" else 150)))
    lang = c.town.lang
    c.bk = Bankruptcy(opened, c.town.office, bankruptcy_court(s, c, lang), rng.random() < 0.1,
                      summary=rng.random() < 0.8)
    if c.legal_form == "0101":
        c.bk.person_debtor = c.owner
    s.rename(c, c.base_name + s.liq_suffix(lang), iso(opened))
    c.set_status("bankrupt", iso(opened))
    s.pop.deactivate(c)
    if stage == "opened":
        s.push("proceeding", ready, c.id)
    else:
        bk = c.bk
        bk.proceeding = "kk02"
        bk.kk02_day = ready - 120  # published before the archive starts
        bk.has_land = rng.random() < 0.3
        if rng.random() < 0.4:
            bk.kk04_day = bk.kk02_day + 20 + rng.randrange(60)
        s.open_kk02.append(c.id)


def open_bankruptcy(s: WorldState) -> Notice:
    """A court opens the bankruptcy of a random active company (or dissolves it under art. 731b CO): the HR02 that
    publishes it, with its KK01 and its proceeding (KK02, KK03 or KK07) queued."""
    c = s.pick_active(lambda x: x.legal_form not in ("0151", "0109", "0110"))
    if c is None:
        return hr01(s)
    rng = s.rng
    date = iso(s.today)
    lang = c.town.lang
    ctx = clause_ctx(s, c, lang)
    actual = c.view()
    old_name = c.name
    opened = add_workdays(s.today, -(2 + rng.randrange(8)))
    or731b = c.legal_form in ("0106", "0107", "0108") and rng.random() < 0.12
    court = bankruptcy_court(s, c, lang)
    c.bk = Bankruptcy(opened, c.town.office, court, or731b, summary=rng.random() < 0.8)
    if c.legal_form == "0101":
        c.bk.person_debtor = c.owner
    new_name = c.base_name + s.liq_suffix(lang)
    s.rename(c, new_name, date)
    c.set_status("bankrupt", date)
    s.pop.deactivate(c)
    t = opening(ctx, c, old_name, c.town.municipality)
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
    elif c.legal_form == "0101" and c.owner in s.pop.persons:
        owner = s.pop.persons[c.owner]
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
    n = hr_notice(s, "HR02", c, t, title, lang)  # type: ignore[arg-type]
    n.actual = actual
    n.new = c.view()
    n.flags = {"nameChanged": True, "liquidation_or731b" if or731b else "bankruptcy_dissolution": True}
    n.facts = {"changes": ["bankruptcy_opened", "name"], "bankruptcy_opening_date": iso(opened), "court": court,
               "or731b": or731b, "old_name": old_name, "new_name": new_name}
    s.push("kk01", s.day + rng.randrange(0, 4), c.id, optional=True)
    s.push("proceeding", s.day + 8 + rng.randrange(30), c.id)
    return n


def hr02_revocation(s: WorldState, c: Company) -> Notice:
    """The HR02 after a revoked bankruptcy (KK07): the company gets its name back and is active again."""
    bk = c.bk
    assert bk is not None
    date = iso(s.today)
    lang = c.town.lang
    ctx = clause_ctx(s, c, lang)
    actual = c.view()
    old_name = c.name
    s.rename(c, c.base_name, date)
    c.set_status("active", date)
    bk.revocation_published = True
    t = opening(ctx, c, old_name, c.town.municipality)
    d = swiss(add_workdays(s.today, -(3 + s.rng.randrange(10))))
    t.add({"de": f" Der Konkurs wurde mit Entscheid {bk.court} vom {d} widerrufen. Firma neu: {c.name}.",
           "fr": f" La faillite a été révoquée par jugement {bk.court} du {d}. Nouvelle raison sociale: {c.name}.",
           "it": f" Il fallimento è stato revocato con decisione {bk.court} del {d}. Nuova ragione sociale: {c.name}."}[lang])
    labels = TITLE_LABELS["HR02"]
    title = tuple(f"{labels[i]} {old_name}, {c.town.municipality}, {NEW_WORD[i]} {c.name}" for i in range(4))
    n = hr_notice(s, "HR02", c, t, title, lang)  # type: ignore[arg-type]
    n.actual = actual
    n.new = c.view()
    n.flags = {"nameChanged": True, "bankruptcy_revocation": True}
    n.facts = {"changes": ["bankruptcy_revoked", "name"], "old_name": old_name, "new_name": c.name}
    c.bk = None
    s.pop.activate(c)
    return n
