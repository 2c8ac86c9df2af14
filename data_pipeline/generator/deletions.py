"""HR03, deletions (Löschung): a company leaves the register when its liquidation is completed, its bankruptcy is
closed or suspended for lack of assets (queued by `liquidation` and `konkurs`), or, for an active company, when a
sole proprietorship or partnership ceases its business, a branch closes, a company is absorbed in a merger or is
deleted ex officio (art. 934 CO). The company leaves the world after the publication."""
from __future__ import annotations

from .dates import add_workdays, iso, swiss
from .founding import hr01
from .framing import clause_ctx, hr_notice, opening
from .framing import subject as entity_subject
from .lexicon import COMPANY_ROLE
from .notice import Notice
from .phrasing import Entry, Text, section
from .state import WorldState
from .world import Company


def hr03(s: WorldState) -> Notice:
    """The next deletion: a due one (end of a liquidation or bankruptcy), else a random active company's; with no
    company left, an HR01."""
    picked = _pick_deletion(s)
    if picked is None:
        return hr01(s)
    c, reason, target = picked
    lang = c.town.lang
    ctx = clause_ctx(s, c, lang)
    actual = c.view()
    date = iso(s.today)
    t = opening(ctx, c, c.name, c.town.municipality)
    _write_reason(s, t, c, reason, target, lang)
    if reason == "merger" and target is not None:
        c.absorbed_by = target.id
    resigned = _departing(s, c) if reason in ("liquidation_completed", "merger") and s.rng.random() < 0.5 else []
    section(ctx, t, "resigned", resigned, c.legal_form, "resigned")
    n = hr_notice(s, "HR03", c, t, lang=lang)
    n.actual = actual
    n.deletion_date = n.journal_date
    n.facts = {"deletion_date": iso(n.deletion_date), "reason": reason,  # type: ignore[arg-type]
               "absorbed_by": c.absorbed_by}
    for post in c.posts:
        if post.kind == "person":
            s.close_role(post, date)
    c.deleted = iso(n.deletion_date)  # type: ignore[arg-type]
    c.set_status("deleted", c.deleted)
    s.pop.deactivate(c)
    s.pending_retire.append(c)
    return n


def _pick_deletion(s: WorldState) -> tuple[Company, str, Company | None] | None:
    """The company to delete, the reason and (for a merger) the absorbing company; None when no company is left."""
    rng = s.rng
    got = s.take("deletion", lambda c, r: c.status in ("bankrupt", "liquidation"))
    target = None
    if got is not None:
        return got[0], str(got[1]), None
    c = s.pick_active(lambda x: True)
    if c is None:
        return None
    form = c.legal_form
    if form in ("0101", "0103", "0104"):
        reason = "cessation"
    elif form == "0151":
        reason = "branch_closed"
    elif form in ("0106", "0107") and rng.random() < 0.5:
        target = s.pick_active(lambda x: x.id != c.id and x.legal_form in ("0106", "0107"))
        reason = "merger" if target is not None else "ex_officio"
    else:
        reason = "ex_officio"
    return c, reason, target


def _write_reason(s: WorldState, t: Text, c: Company, reason: str, target: Company | None, lang: str) -> None:
    """Write the sentence that states why the company is deleted."""
    rng = s.rng
    subject = entity_subject(c.legal_form, lang)
    bk = c.bk
    if reason == "liquidation_completed":
        t.add({"de": f" Die Liquidation ist beendet. {subject} wird gelöscht.",
               "fr": f" La liquidation étant terminée, {subject[0].lower()}{subject[1:]} est radiée.",
               "it": f" La liquidazione è terminata, {subject[0].lower()}{subject[1:]} è cancellata."}[lang])
    elif reason in ("bankruptcy_closed", "bankruptcy_suspended"):
        d = swiss(add_workdays(s.today, -(5 + rng.randrange(30))))
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
    else:
        t.add({"de": f" {subject} wird gestützt auf Art. 934 OR von Amtes wegen gelöscht.",
               "fr": f" {subject} est radiée d'office en application de l'art. 934 CO.",
               "it": f" {subject} è cancellata d'ufficio in applicazione dell'art. 934 CO."}[lang])


def _departing(s: WorldState, c: Company) -> list[Entry]:
    """Every officer leaves with the company: the persons, the liquidator and the auditor firms."""
    resigned: list[Entry] = []
    for post in c.posts:
        if post.kind == "person" and post.holder in s.pop.persons:
            resigned.append(("person", s.pop.persons[post.holder], post, None, None))
        elif post.kind == "company" and post.role_key in ("liquidator", "auditor"):
            resigned.append(("firm", s.pop.companies[post.holder], post.role_key))
    return resigned
