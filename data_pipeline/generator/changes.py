"""HR02 changes that touch the officer sections of a mutation: capital (with the GmbH partners' new quotas),
auditor (a new audit firm, or opting out of the limited audit) and board (departures, arrivals and changes of
function, signature, residence, name or nationality). Each returns a `Change`: its text and the entries of the
"resigned" and "changed/registered" sections, which the HR02 notice merges in order (see `mutations`)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .framing import GOVERNING
from .lexicon import chf, nationality_phrase, thousands
from .names import LAST_NAMES, name_group, render_name
from .phrasing import Entry, Text, old_state
from .places import ORIGINS, TOWNS_BY_CANTON
from .state import WorldState
from .world import Company, Person, Post

Part = str | Callable[[Text], None]  # a piece of the publication text: a string or a writer


@dataclass
class Change:
    """What one change of an HR02 mutation produced. `changes` extends facts["changes"], `facts` and `flags` are
    merged into the notice's, `statutes` says that the change needs a statutes amendment date."""
    parts: list[Part] = field(default_factory=list)
    flags: dict[str, bool] = field(default_factory=dict)
    changes: list[str] = field(default_factory=list)
    facts: dict[str, object] = field(default_factory=dict)
    resigned: list[Entry] = field(default_factory=list)
    changed: list[Entry] = field(default_factory=list)
    statutes: bool = False


def capital_change(s: WorldState, c: Company, lang: str, date: str) -> Change:
    """A capital increase of a company limited by shares, or a new nominal capital of a GmbH (with the partners'
    quotas recomputed: every partner whose quota changes is listed with the old one)."""
    rng = s.rng
    changed: list[Entry] = []
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
            if post.shares != old_shares and post.holder in s.pop.persons:
                p = s.pop.persons[post.holder]
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
    return Change(parts=[text], flags={"capital_nominal": True, "capital_paid": True}, changes=["capital"],
                  facts={"old_capital": old_nominal, "new_capital": c.capital_nominal}, changed=changed, statutes=True)


def auditor_change(s: WorldState, c: Company, lang: str, date: str) -> Change:
    """A new audit firm replaces the current one (if any), or an AG/GmbH opts out of the limited audit."""
    rng = s.rng
    firms = s.pop.firms
    current = next((p for p in c.posts if p.role_key == "auditor"), None)
    text = ""
    if current is not None and c.legal_form in ("0106", "0107") and rng.random() < 0.35:
        year = s.today.year + 1
        text = {"de": f" Die Gesellschaft verzichtet ab dem Geschäftsjahr, das am 01.01.{year} beginnt, auf eine "
                      "eingeschränkte Revision.",
                "fr": f" La société renonce à un contrôle restreint à partir de l'exercice commençant le 01.01.{year}.",
                "it": f" La società rinuncia a una revisione limitata a partire dall'esercizio che inizia il "
                      f"01.01.{year}."}[lang]
        s.remove_post(c, current, date)
        c.auditor = None
        c.opting_out = True
        return Change(parts=[text], flags={"others": True}, changes=["opting_out"],
                      resigned=[("firm", s.pop.companies[current.holder], "auditor")])
    resigned: list[Entry] = []
    new_firm = firms[rng.randrange(len(firms))]
    if current is not None:
        if new_firm == current.holder:
            new_firm = firms[(firms.index(new_firm) + 1) % len(firms)]
        s.remove_post(c, current, date)
        resigned.append(("firm", s.pop.companies[current.holder], "auditor"))
    c.opting_out = False
    c.auditor = new_firm
    s.add_post(c, Post(new_firm, "company", "auditor", ""), date)
    return Change(parts=[text], flags={"others": True}, changes=["auditor"], facts={"auditor": new_firm},
                  resigned=resigned, changed=[("firm", s.pop.companies[new_firm], "auditor")])


def board_change(s: WorldState, c: Company, date: str) -> Change:
    """Officers leave (a departing partner's quota goes to another partner or a newcomer; a departing chair is
    replaced from the board), new officers arrive and others change function, signature, residence, name or
    nationality. The facts list the persons removed, added and changed."""
    rng = s.rng
    form = c.legal_form
    resigned: list[Entry] = []
    changed: list[Entry] = []
    facts: dict[str, list[str]] = {}
    people = [p for p in c.posts if p.kind == "person"]
    n_out = (0, 0, 1, 1, 1, 2)[rng.randrange(6)]
    n_in = (0, 1, 1, 1, 2)[rng.randrange(5)]
    n_mut = (0, 0, 1, 1, 2)[rng.randrange(5)]
    if n_out + n_in + n_mut == 0:
        n_in = 1
    added: list[Post] = []
    removed: list[Post] = []
    mutated: list[tuple[Post, str]] = []
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
        person = s.pop.persons[post.holder]
        resigned.append(("person", person, Post(post.holder, "person", post.role_key, post.signature, post.shares,
                                                post.amount), None, None))
        removed.append(post)
        s.remove_post(c, post, date)
        facts.setdefault("persons_removed", []).append(person.id)
        if post.shares:  # the departing partner's capital shares go to another partner or a newcomer
            heirs = [p for p in c.posts if p.shares and p.kind == "person"]
            if heirs and rng.random() < 0.6:
                heir = heirs[rng.randrange(len(heirs))]
                old = old_state(heir, s.pop.persons[heir.holder], form, lang)
                heir.shares += post.shares
                mutated.append((heir, old))
            else:
                p_new = s.factory.officer(c.town, s.today, [x.holder for x in c.posts] + [x.holder for x in removed])
                new_post = Post(p_new.id, "person", "managing_partner", "individual", post.shares)
                s.add_post(c, new_post, date)
                added.append(new_post)
        if post.role_key == "chair":
            members = [p for p in c.posts if p.role_key == "board_member" and p.kind == "person"]
            if members:
                m = members[rng.randrange(len(members))]
                old = old_state(m, s.pop.persons[m.holder], form, lang)
                s.close_role(m, date)
                m.role_key = "chair"
                s.open_role(c, m, date)
                mutated.append((m, old))
    # arrivals
    for _ in range(n_in):
        role, sig = _new_role(s, form)
        taken = [x.holder for x in c.posts] + [x.holder for x in removed]
        p_new = s.factory.officer(c.town, s.today, taken)
        if p_new.id in taken:
            continue
        post = Post(p_new.id, "person", role, sig)
        if role == "partner" and form == "0104":
            post.role_key = "limited_partner"
            post.signature = "none"
            post.amount = 10_000.0
        s.add_post(c, post, date)
        added.append(post)
    # changes of function, signature, residence, name or nationality
    for _ in range(n_mut):
        cands = [p for p in c.posts if p.kind == "person" and p not in added and p not in [m for m, _ in mutated]]
        if not cands:
            break
        post = cands[rng.randrange(len(cands))]
        person = s.pop.persons[post.holder]
        r = rng.random()
        if r < 0.4:
            move(s, person, c, date)
            mutated.append((post, f"{'in' if lang != 'fr' else 'à'} {person.residences[-2]['residence']}"))
        elif r < 0.62 and post.signature in ("individual", "collective_two"):
            old = old_state(post, person, form, lang)
            post.signature = "individual" if post.signature == "collective_two" else "collective_two"
            mutated.append((post, old))
        elif r < 0.8:
            old = old_state(post, person, form, lang)
            promoted = {"board_member": "chair", "authorized_signatory": "director", "managing_director": "director",
                        "vice_chair": "chair", "director": "managing_director"}.get(post.role_key)
            if promoted is None or (promoted == "chair" and any(p.role_key == "chair" for p in c.posts)):
                post.signature = "collective_two" if post.signature != "collective_two" else "individual"
            else:
                s.close_role(post, date)
                post.role_key = promoted
                s.open_role(c, post, date)
            mutated.append((post, old))
        elif r < 0.9 and person.gender == "f" and person.nationality == "CH":
            old_name = render_name(person.first_names, person.last_name, "canonical")
            old_res = person.residence
            lasts = LAST_NAMES[name_group("CH", lang)]
            new_last = lasts[rng.randrange(len(lasts))]
            if new_last == person.last_name or s.factory.names.taken(person.first_names, new_last):
                continue
            s.factory.names.add(person.first_names, new_last)
            person.former_last_names.append(person.last_name)
            person.last_name = new_last
            if rng.random() < 0.5:
                move(s, person, c, date)
            changed.append(("person", person, post, None, (old_name, old_res)))
            facts.setdefault("persons_changed", []).append(person.id)
        elif person.nationality != "CH" and person.home is not None:
            old = nationality_phrase(person.nationality, person.gender, lang)
            person.former_nationalities.append(person.nationality)
            person.nationality = "CH"
            person.origins = [ORIGINS[rng.randrange(len(ORIGINS))]]
            mutated.append((post, old))
        else:
            move(s, person, c, date)
            mutated.append((post, f"{'in' if lang != 'fr' else 'à'} {person.residences[-2]['residence']}"))
    for post in added:
        changed.append(("person", s.pop.persons[post.holder], post, None, None))
        facts.setdefault("persons_added", []).append(post.holder)
    for post, old in mutated:
        changed.append(("person", s.pop.persons[post.holder], post, old, None))
        facts.setdefault("persons_changed", []).append(post.holder)
    return Change(flags={"others": True}, changes=["board"], facts=dict(facts), resigned=resigned, changed=changed)


def _new_role(s: WorldState, form: str) -> tuple[str, str]:
    """The function and signature of a newly arriving officer of a company of legal form `form`."""
    r = s.rng.random()
    if form in ("0106", "0105"):
        if r < 0.55:
            return "board_member", "collective_two" if s.rng.random() < 0.85 else "individual"
        if r < 0.7:
            return ("director" if s.rng.random() < 0.5 else "managing_director"), "collective_two"
        return "authorized_signatory", "collective_procuration" if r < 0.88 else "collective_two"
    if form == "0107":
        if r < 0.45:
            return "managing_director", "individual" if s.rng.random() < 0.5 else "collective_two"
        return "authorized_signatory", "collective_two" if r < 0.7 else "collective_procuration"
    if form in ("0108", "0109", "0110"):
        return "board_member", "collective_two"
    if form == "0101":
        return "authorized_signatory", "individual_procuration" if r < 0.6 else "individual"
    if form in ("0103", "0104"):
        return "partner", "individual"
    return ("branch_manager", "collective_two") if r < 0.6 else ("authorized_signatory", "collective_two")


def move(s: WorldState, person: Person, c: Company, date: str) -> None:
    """The person moves, mostly within the company's canton; the residence history records it."""
    rng = s.rng
    near = TOWNS_BY_CANTON[c.town.canton]
    town = near[rng.randrange(len(near))] if rng.random() < 0.6 else s.factory.seat()
    if town.residence == person.residence:
        town = s.factory.seat()
    if town.residence == person.residence:
        town = near[(near.index(town) + 1) % len(near)] if town in near else near[0]
    person.residence = town.residence
    person.home = town
    person.address = None
    person.residences.append({"residence": town.residence, "from": date})
