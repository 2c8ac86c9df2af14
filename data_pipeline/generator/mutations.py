"""HR02, mutations (Mutation): an active company changes its officers (most often), address, seat, name, capital,
purpose or auditor, sometimes with an officer change besides. Each change returns a `Change` record; the notice
merges them in a fixed order into the text, the "resigned" and "changed" sections, the flags and the facts.

A revoked bankruptcy's HR02 (name without the liquidation suffix) comes first when one is due (see `bankruptcy`);
with no active company left, the HR02 becomes an HR01."""
from __future__ import annotations

from .bankruptcy import hr02_revocation
from .changes import Change, Part, auditor_change, board_change, capital_change
from .dates import add_workdays, iso, swiss
from .founding import hr01
from .framing import CORPORATIONS, clause_ctx, domicile_part, hr_notice, opening
from .lexicon import NEW_WORD, TITLE_LABELS
from .names import render_name
from .notice import Address, Notice
from .phrasing import Entry, section
from .places import TOWNS_BY_CANTON, Town
from .purposes import ACTIVITIES, purpose_text
from .state import WorldState
from .world import Company


def hr02(s: WorldState) -> Notice:
    """The next HR02: a due bankruptcy revocation, else a mutation of a random active company."""
    due = s.take("hr02_due", lambda c, r: c.bk is not None and c.bk.proceeding == "revoked"
                 and not c.bk.revocation_published)
    if due is not None:
        return hr02_revocation(s, due[0])
    c = s.pick_active(lambda x: True)
    if c is None:
        return hr01(s)
    rng = s.rng
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
    return mutation(s, c, kinds)


def mutation(s: WorldState, c: Company, kinds: list[str]) -> Notice:
    """Apply the changes `kinds` ("name", "seat", "address", "purpose", "capital", "auditor", "board") to `c` and
    return the HR02 notice that publishes them."""
    rng = s.rng
    date = iso(s.today)
    old_name, old_town = c.name, c.town
    new_town = _pick_seat(s, c) if "seat" in kinds else None
    if "seat" in kinds and new_town is None:
        kinds = [k if k != "seat" else "address" for k in kinds]
    lang = (new_town or c.town).lang
    ctx = clause_ctx(s, c, lang)
    actual = c.view()
    applied: list[Change] = []
    if "name" in kinds:
        renamed = _name_change(s, c, lang, date)
        if renamed is None:  # no other name possible (e.g. "Muster & Co."): change the officers instead
            kinds = [k for k in kinds if k != "name"] + ["board"]
        else:
            applied.append(renamed)
    if new_town is not None:
        applied.append(_seat_change(s, c, old_town, new_town, lang, date))
    if "address" in kinds:
        applied.append(_address_change(s, c, lang))
    if "purpose" in kinds:
        applied.append(_purpose_change(s, c, lang))
    if "capital" in kinds:
        applied.append(capital_change(s, c, lang, date))
    if "auditor" in kinds:
        applied.append(auditor_change(s, c, lang, date))
    if "board" in kinds:
        applied.append(board_change(s, c, date))
    flags: dict[str, bool] = {}
    facts: dict = {"changes": []}
    parts: list[Part] = []
    resigned: list[Entry] = []
    changed: list[Entry] = []
    statutes = False
    for change in applied:
        parts += change.parts
        flags.update(change.flags)
        facts["changes"] += change.changes
        facts.update(change.facts)
        resigned += change.resigned
        changed += change.changed
        statutes = statutes or change.statutes
    if c.care_of is not None and any(e[0] == "person" and e[1].id == c.care_of for e in resigned):
        c.address = Address(c.address.street, c.address.number, c.address.zip, c.address.town, None)
        c.care_of = None
        parts.append(domicile_part(s, c, lang))
        flags["addressChanged"] = True
        facts["changes"].append("address")
    if statutes and c.legal_form in CORPORATIONS + ("0109", "0110"):
        d = swiss(add_workdays(s.today, -(5 + rng.randrange(25))))
        parts.insert(0, {"de": f" Statutenänderung: {d}.", "fr": f" Modification des statuts: {d}.",
                         "it": f" Modifica dello statuto: {d}."}[lang])
    t = opening(ctx, c, old_name, old_town.municipality, former_seat=new_town is not None and rng.random() < 0.5)
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
    n = hr_notice(s, "HR02", c, t, title, lang)  # type: ignore[arg-type]
    n.actual = actual
    n.new = c.view()
    n.flags = flags
    n.facts = facts
    return n


def _pick_seat(s: WorldState, c: Company) -> Town | None:
    """The new seat of a move (mostly within the canton), or None when the draw is the current municipality."""
    rng = s.rng
    same = [x for x in TOWNS_BY_CANTON[c.town.canton] if x.municipality != c.town.municipality]
    new_town = same[rng.randrange(len(same))] if same and rng.random() < 0.75 else s.factory.seat()
    return None if new_town.municipality == c.town.municipality else new_town


def _name_change(s: WorldState, c: Company, lang: str, date: str) -> Change | None:
    """A new company name (and its translations), or None when no other name can be drawn."""
    old_name = c.name
    owner = s.pop.persons.get(c.owner or "")
    partners = [s.pop.persons[p.holder] for p in c.posts if p.kind == "person" and p.holder in s.pop.persons]
    for _ in range(5):
        new_name, translations = s.factory.company_name(c.legal_form, c.name_lang, c.industry, c.town, owner, partners)
        if new_name != old_name:
            break
    if new_name == old_name:
        return None
    c.base_name = new_name
    c.translations = translations
    s.rename(c, new_name, date)
    parts: list[Part] = [{"de": f" Firma neu: {new_name}.", "fr": f" Nouvelle raison sociale: {new_name}.",
                          "it": f" Nuova ragione sociale: {new_name}."}[lang]]
    if translations:
        parts.append({"de": f" Uebersetzungen der Firma neu: {translations}.",
                      "fr": f" Nouvelles traductions de la raison sociale: {translations}.",
                      "it": f" Nuove traduzioni della ragione sociale: {translations}."}[lang])
    return Change(parts=parts, flags={"nameChanged": True}, changes=["name"],
                  facts={"old_name": old_name, "new_name": new_name}, statutes=True)


def _seat_change(s: WorldState, c: Company, old_town: Town, new_town: Town, lang: str, date: str) -> Change:
    """The company moves its seat to `new_town`, with a new address there."""
    c.town = new_town
    c.address = s.factory.address(new_town)
    c.care_of = None
    c.seats.append({"seat": new_town.municipality, "canton": new_town.canton, "from": date})
    parts: list[Part] = [{"de": f" Sitz neu: {new_town.municipality}.", "fr": f" Nouveau siège: {new_town.municipality}.",
                          "it": f" Nuova sede: {new_town.municipality}."}[lang], domicile_part(s, c, lang)]
    return Change(parts=parts, flags={"seatChanged": True, "addressChanged": True}, changes=["seat", "address"],
                  facts={"old_seat": old_town.municipality, "new_seat": new_town.municipality,
                         "old_canton": old_town.canton, "new_canton": new_town.canton,
                         "new_address": c.address.as_dict()}, statutes=True)


def _address_change(s: WorldState, c: Company, lang: str) -> Change:
    """A new address in the same municipality, now and then care of one of the officers."""
    old_address = c.address
    care = None
    if s.rng.random() < 0.08:
        holders = [p.holder for p in c.posts if p.kind == "person"]
        if holders:
            care = s.pop.persons[holders[0]]
    c.address = s.factory.address(c.town, f"c/o {render_name(care.first_names, care.last_name, 'first_last')}"
                                  if care else None)
    c.care_of = care.id if care else None
    return Change(parts=[domicile_part(s, c, lang)], flags={"addressChanged": True}, changes=["address"],
                  facts={"old_address": old_address.as_dict(), "new_address": c.address.as_dict()})


def _purpose_change(s: WorldState, c: Company, lang: str) -> Change:
    """A new purpose, from a new line of business."""
    c.industry = s.rng.randrange(len(ACTIVITIES))
    c.purpose = purpose_text(s.rng, c.industry, lang, c.legal_form)
    return Change(parts=[{"de": " Zweck neu: ", "fr": " Nouveau but: ", "it": " Nuovo scopo: "}[lang] + c.purpose],
                  flags={"purposeChanged": True}, changes=["purpose"], statutes=True)
