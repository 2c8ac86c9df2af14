"""The frame every notice shares, whatever its rubric: publication and journal numbers, the commercial-register
notice (title, journal, reference to the previous publication), the opening sentence "Name, in Seat, UID, legal
form (SHAB Nr. ...)." and the domicile, plus the wording several rubric families use (dissolving organ, subject)."""
from __future__ import annotations

from collections.abc import Callable

from .dates import add_workdays, issue_number, swiss
from .identifiers import new_uuid
from .lexicon import HR_LEGAL_REMEDY, TITLE_LABELS
from .notice import Notice, OfficeMeta
from .phrasing import Ctx, Text, legal_form_long
from .places import register_office
from .state import WorldState
from .world import Company

Title = tuple[str, str, str, str]  # de, en, it, fr

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
LANG_INDEX = {"de": 0, "fr": 1, "it": 2}
SUBJECT = {  # "Die Gesellschaft wird gelöscht" by legal form: (de, fr, it)
    "0101": ("Das Einzelunternehmen", "L'entreprise individuelle", "La ditta individuale"),
    "0109": ("Der Verein", "L'association", "L'associazione"),
    "0110": ("Die Stiftung", "La fondation", "La fondazione"),
    "0151": ("Die Zweigniederlassung", "La succursale", "La succursale"),
    "0108": ("Die Genossenschaft", "La société coopérative", "La società cooperativa"),
}
DEFAULT_SUBJECT = ("Die Gesellschaft", "La société", "La società")


def subject(form: str, lang: str) -> str:
    """The grammatical subject for an entity of legal form `form` ("Die Gesellschaft", "L'association", ...)."""
    return SUBJECT.get(form, DEFAULT_SUBJECT)[LANG_INDEX[lang]]


def organ(form: str, lang: str) -> str:
    """The body whose resolution dissolves an entity of legal form `form`."""
    return ORGAN.get(form, ORGAN["0106"])[LANG_INDEX[lang]]


def plain(town_name: str) -> str:
    """The municipality without its district: "Thörishaus (Neuenegg)" -> "Thörishaus"."""
    return town_name.split(" (", maxsplit=1)[0]


def clause_ctx(s: WorldState, c: Company, lang: str) -> Ctx:
    """The phrasing context of a notice about `c` in `lang` (Geneva style for French notices of Geneva firms)."""
    return Ctx(s.rng, lang, s.p_variant, geneva=lang == "fr" and c.geneva and c.town.canton == "GE")


def publication_number(s: WorldState, sr: str) -> str:
    """The next publication number of the sub-rubric (KK and HR/LS numbers run separately, with gaps)."""
    if sr.startswith("KK"):
        s.kk_seq += 1 + (s.rng.random() < 0.2)
        return f"{sr}-{s.kk_seq:010d}"
    s.hr_seq += 1 + (s.rng.randrange(3) if s.rng.random() < 0.3 else 0)
    return f"{sr}-{s.hr_seq:010d}"


def journal_number(s: WorldState, canton: str) -> int:
    """The next daily-journal number of the canton's commercial register this year."""
    key = (canton, s.today.year)
    n = s.journal.get(key)
    n = 1 + s.rng.randrange(30) if n is None else n + 1 + s.rng.randrange(12)
    s.journal[key] = n
    return n


def new_notice(s: WorldState, sr: str, c: Company | None, lang: str, canton: str, title: Title, remedy: str | None,
               office: OfficeMeta) -> Notice:
    """A notice of today with a fresh number and id, recorded among the company's events."""
    number = publication_number(s, sr)
    n = Notice(sr, number, new_uuid(s.rng), s.today, lang, canton, title, remedy, office,
               c.id if c is not None else None)
    if c is not None:
        c.events.append(number)
    return n


def hr_notice(s: WorldState, sr: str, c: Company, t: Text, title_extra: Title | None = None,
              lang: str | None = None) -> Notice:
    """A commercial-register notice (HR01-HR03) about `c` with the text `t`: title, journal number and date,
    register office and the reference to the company's previous publication."""
    lang = lang or c.town.lang
    de, en, it, fr = TITLE_LABELS[sr]
    seat = c.town.municipality
    tail = f"{c.name}, {seat}"
    title = (f"{de} {tail}", f"{en} {tail}", f"{it} {tail}", f"{fr} {tail}")
    if title_extra is not None:
        title = title_extra
    n = new_notice(s, sr, c, lang, c.town.canton, title, HR_LEGAL_REMEDY.get(sr, {}).get(lang), BJ_OFFICE)
    n.journal_number = journal_number(s, c.town.canton)
    n.journal_date = add_workdays(s.today, -(2 + s.rng.randrange(5)))
    n.text = t.value()
    n.mentions = t.mentions
    n.sender_office = register_office(c.town)
    n.secondary_tenant = s.rng.random() < 0.3
    if c.last_pub is not None:
        n.last_fosc = c.last_pub
    c.last_pub = (s.today, issue_number(s.today), n.number[5:])
    return n


def reference(c: Company, lang: str) -> str:
    """The citation of the company's previous publication ("SHAB Nr. 123 vom 01.02.2021, Publ. 1005012345")."""
    d, issue, seq = c.last_pub  # type: ignore[misc]
    if lang == "de":
        return f"SHAB Nr. {issue} vom {swiss(d)}, Publ. {seq}"
    if lang == "fr":
        if c.town.canton == "GE":
            return f"FOSC du {swiss(d)}, p. 0/{seq}"
        return f"No. FOSC {issue} du {swiss(d)}, Publ. {seq}"
    return f"FUSC n. {issue} del {swiss(d)}, Pubbl. {seq}"


def opening(ctx: Ctx, c: Company, name: str, seat: str, former_seat: bool = False) -> Text:
    """A new publication text starting with "Name, in Seat, UID, legal form (reference)."."""
    t = Text()
    lang = ctx.lang
    where = {"de": "in ", "fr": "à ", "it": "in "}[lang]
    if former_seat and lang == "de":
        where = "bisher in "
    t.add(f"{name}, {where}{seat}, {c.uid}")
    if not ctx.geneva:
        t.add(f", {legal_form_long(c.legal_form, lang)}")
    t.add(f" ({reference(c, lang)}).")
    return t


def address_text(s: WorldState, t: Text, c: Company) -> None:
    """Write the company's address into `t` ("c/o Name, Street 1, 8000 Zürich"), the c/o person as a mention."""
    a = c.address
    if a.care_of:
        t.add("c/o ")
        p = s.pop.persons.get(c.care_of or "")
        text = a.care_of[4:]
        if p is not None:
            t.mention(text, p.id, "person", "c/o", "care_of", None, None, "first_last")
            p.note_variant(text)
        else:
            t.add(text)
        t.add(", ")
    t.add(f"{a.street} {a.number}, {a.zip} {a.town}")


def domicile_part(s: WorldState, c: Company, lang: str) -> Callable[[Text], None]:
    """The clause ' Domizil neu: <address>.' as a writer; the address is the company's when the text is written."""
    label = {"de": " Domizil neu: ", "fr": " Nouvelle adresse: ", "it": " Nuovo recapito: "}[lang]

    def write(t: Text) -> None:
        t.add(label)
        address_text(s, t, c)
        t.add(".")
    return write
