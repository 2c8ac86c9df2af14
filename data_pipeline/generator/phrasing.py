"""Building blocks of publication texts in German, French and Italian, modelled on real SHAB notices, with
every name mention recorded (exact text, offset and identity) while the text is written."""
from __future__ import annotations

import random
from dataclasses import dataclass

from .lexicon import (
    BISHER,
    COMPANY_ROLE,
    COUNTRIES,
    FROM_ORIGIN,
    IN_TOWN,
    LEGAL_FORM_LONG,
    SECTION,
    SECTION_ALT,
    SIGNATORY_ROLE,
    SIGNATURES,
    WITH,
    WITHOUT,
    chf,
    nationality_phrase,
    role_label,
    thousands,
)
from .names import pick_variant, render_name
from .world import Company, Person, Post


class Text:
    """A text under construction; `mention` appends a name and records where it is."""
    __slots__ = ("field", "mentions", "n", "parts")

    def __init__(self, field: str = "publicationText") -> None:
        self.field = field
        self.parts: list[str] = []
        self.n = 0
        self.mentions: list[dict] = []

    def add(self, s: str) -> None:
        self.parts.append(s)
        self.n += len(s)

    def mention(self, s: str, entity: str, kind: str, role: str | None, role_key: str | None, signature: str | None,
                status: str | None, variant: str | None = None) -> None:
        self.mentions.append({
            "text": s, "entity": entity, "kind": kind, "role": role, "role_key": role_key, "signature": signature,
            "status": status, "variant": variant, "field": self.field, "offset": self.n,
        })
        self.add(s)

    def value(self) -> str:
        return "".join(self.parts)


@dataclass(slots=True)
class Ctx:
    """What every clause needs: language, randomness, style and the variant rate."""
    rng: random.Random
    lang: str
    p_variant: float
    geneva: bool = False  # Geneva-style French ("Associé-gérant: Muster Jean, de France, à Onex, ...")


def origin_phrase(p: Person, lang: str, geneva: bool = False) -> str:
    if p.origins:
        joiner = {"de": " und ", "fr": " et ", "it": " e "}[lang]
        return FROM_ORIGIN[lang] + joiner.join(p.origins)
    if geneva:
        return COUNTRIES[p.nationality][4]
    return nationality_phrase(p.nationality, p.gender, lang)


def function_label(post: Post, legal_form: str, gender: str, lang: str) -> str:
    return role_label(post.role_key, legal_form, gender, lang)


def truth_role(post: Post, legal_form: str, gender: str, lang: str) -> str:
    label = function_label(post, legal_form, gender, lang)
    if label:
        return label
    procuration = post.signature.endswith("procuration")
    idx = (0 if procuration else 2) + (1 if gender == "f" else 0)
    return SIGNATORY_ROLE[lang][idx]


def signature_phrase(signature: str, lang: str) -> str:
    label = SIGNATURES[signature][lang]
    return (WITHOUT if signature == "none" else WITH)[lang] + label


def signature_truth(signature: str, lang: str) -> str | None:
    return None if signature == "none" or not signature else SIGNATURES[signature][lang]


def quota_phrase(shares: int, lang: str) -> str:
    n = thousands(shares)
    if lang == "de":
        return f"mit {n} Stammanteilen zu je CHF 100.00"
    if lang == "fr":
        return f"pour {n} parts sociales de CHF 100.00"
    return f"per {n} quote sociali da CHF 100.00"


def amount_phrase(amount: float, lang: str) -> str:
    if lang == "de":
        return f"mit einer Kommanditsumme von {chf(amount)}"
    if lang == "fr":
        return f"pour une commandite de {chf(amount)}"
    return f"con un'accomandita di {chf(amount)}"


def name_mention(ctx: Ctx, t: Text, p: Person, style: str, post: Post | None, legal_form: str, status: str | None,
                 role: str | None = None, role_key: str | None = None) -> None:
    kind = pick_variant(ctx.rng, p.first_names, p.last_name, style, ctx.p_variant)
    text = render_name(p.first_names, p.last_name, kind)
    signature = None
    if post is not None:
        role = role if role is not None else truth_role(post, legal_form, p.gender, ctx.lang)
        role_key = role_key if role_key is not None else post.role_key
        signature = signature_truth(post.signature, ctx.lang)
    t.mention(text, p.id, "person", role, role_key, signature, status, kind)
    p.note_variant(text)


def bisher_mark(t: Text, lang: str, text: str) -> None:
    t.add(f" [{BISHER[lang]}: {text}]")


def person_clause(ctx: Ctx, t: Text, p: Person, post: Post, legal_form: str, status: str,
                  bisher: str | None = None, old_name: tuple[str, str] | None = None) -> None:
    """ "Muster, Hans, von Zürich, in Bern, Mitglied des Verwaltungsrates, mit Einzelunterschrift [bisher: ...]"."""
    lang = ctx.lang
    name_mention(ctx, t, p, "comma", post, legal_form, status)
    parts = [origin_phrase(p, lang), IN_TOWN[lang] + p.residence]
    label = function_label(post, legal_form, p.gender, lang)
    if label:
        parts.append(label)
    if post.role_key == "limited_partner":
        parts.append(amount_phrase(post.amount, lang))
    parts.append(signature_phrase(post.signature, lang))
    if post.shares:
        parts.append(quota_phrase(post.shares, lang))
    t.add(", " + ", ".join(parts))
    if old_name is not None:
        # "[bisher: Muster, Anna, in Thun]": the former name is a mention of the same person
        old_text, old_residence = old_name
        t.add(f" [{BISHER[lang]}: ")
        t.mention(old_text, p.id, "person", truth_role(post, legal_form, p.gender, lang), post.role_key,
                  signature_truth(post.signature, lang), status, "former_name")
        p.note_variant(old_text)
        t.add(f", {IN_TOWN[lang]}{old_residence}]")
    elif bisher:
        bisher_mark(t, lang, bisher)


def firm_clause(ctx: Ctx, t: Text, firm: Company, role_key: str, status: str) -> None:
    """ "Revision Muster AG (CHE-123.456.789), in Bern, Revisionsstelle"."""
    role = COMPANY_ROLE[role_key][ctx.lang]
    t.mention(firm.name, firm.id, "company", role, role_key, None, status, "canonical")
    t.add(f" ({firm.uid}), {IN_TOWN[ctx.lang]}{firm.town.municipality}, {role}")


def old_state(post: Post, p: Person, legal_form: str, lang: str) -> str:
    """The "[bisher: ...]" content for a changed function or signature."""
    parts = []
    label = function_label(post, legal_form, p.gender, lang)
    if label:
        parts.append(label)
    parts.append(signature_phrase(post.signature, lang))
    if post.shares:
        parts.append(quota_phrase(post.shares, lang))
    return ", ".join(parts)


Entry = tuple  # ("person", Person, Post, bisher, old_name) | ("firm", Company, role_key)


def section(ctx: Ctx, t: Text, key: str, entries: list[Entry], legal_form: str, status: str) -> None:
    """ "Eingetragene Personen: a; b; c." (or the Geneva style, one sentence per person)."""
    if not entries:
        return
    lang = ctx.lang
    if ctx.geneva:
        for entry in entries:
            _geneva_entry(ctx, t, entry, legal_form, status)
        return
    header = SECTION[key][lang]
    if key in SECTION_ALT and lang in SECTION_ALT[key] and ctx.rng.random() < 0.3:
        header = SECTION_ALT[key][lang]
    t.add(f" {header}: ")
    for i, entry in enumerate(entries):
        if i:
            t.add("; ")
        if entry[0] == "person":
            _, p, post, bisher, old_name = entry
            person_clause(ctx, t, p, post, legal_form, status, bisher, old_name)
        else:
            _, firm, role_key = entry
            firm_clause(ctx, t, firm, role_key, status)
    t.add(".")


_GE_LABELS = {
    "board_member": ("Administrateur", "Administratrice"), "chair": ("Président", "Présidente"),
    "vice_chair": ("Vice-président", "Vice-présidente"), "sole_board_member": ("Administrateur unique", "Administratrice unique"),
    "managing_director": ("Gérant", "Gérante"), "managing_partner": ("Associé-gérant", "Associée-gérante"),
    "chair_management": ("Associé-gérant président", "Associée-gérante présidente"), "partner": ("Associé", "Associée"),
    "unlimited_partner": ("Associé indéfiniment responsable", "Associée indéfiniment responsable"),
    "limited_partner": ("Associé commanditaire", "Associée commanditaire"), "director": ("Directeur", "Directrice"),
    "owner": ("Titulaire", "Titulaire"), "liquidator": ("Liquidateur", "Liquidatrice"),
    "branch_manager": ("Directeur de la succursale", "Directrice de la succursale"),
}


def _geneva_entry(ctx: Ctx, t: Text, entry: Entry, legal_form: str, status: str) -> None:
    """Geneva style: "Associé-gérant: Muster Jean, de France, à Onex, pour 200 parts de CHF 100 avec signature
    individuelle." / "Dupont Jean n'est plus administrateur; ses pouvoirs sont radiés." / "La procuration de X est radiée"."""
    if entry[0] == "firm":
        _, firm, role_key = entry
        role = COMPANY_ROLE[role_key]["fr"]
        if status == "resigned":
            t.add(" ")
            t.mention(firm.name, firm.id, "company", role, role_key, None, status, "canonical")
            t.add(f" n'est plus {role}.")
        else:
            t.add(f" {role[0].upper()}{role[1:]}: ")
            t.mention(firm.name, firm.id, "company", role, role_key, None, status, "canonical")
            t.add(f", à {firm.town.municipality}.")
        return
    _, p, post, bisher, _old_name = entry
    f = p.gender == "f"
    label = function_label(post, legal_form, p.gender, "fr")
    if status == "resigned":
        if label:
            t.add(" ")
            name_mention(ctx, t, p, "first_last", post, legal_form, status)
            t.add(f" n'est plus {label}; ses pouvoirs sont radiés.")
        else:
            what = "La procuration" if post.signature.endswith("procuration") else "La signature"
            t.add(f" {what} de ")
            name_mention(ctx, t, p, "last_first", post, legal_form, status)
            t.add(" est radiée.")
        return
    tail = f", {origin_phrase(p, 'fr', geneva=True)}, à {p.residence}"
    if not label:
        sig = SIGNATURES[post.signature]["fr"] if post.signature != "none" else "signature"
        t.add(f" {sig[0].upper()}{sig[1:]} a été conférée à ")
        name_mention(ctx, t, p, "last_first", post, legal_form, status)
        t.add(tail + ".")
        return
    ge_label = _GE_LABELS.get(post.role_key, ("Administrateur", "Administratrice"))[1 if f else 0]
    t.add(f" {ge_label}: ")
    name_mention(ctx, t, p, "last_first", post, legal_form, status)
    t.add(tail)
    if post.shares:
        t.add(f", pour {thousands(post.shares)} parts de CHF 100")
    if post.signature == "none":
        t.add(", sans droit de signature")
    else:
        t.add(f", avec {SIGNATURES[post.signature]['fr']}")
    if bisher:
        t.add(f" [précédemment: {bisher}]")
    t.add(".")


def legal_form_long(legal_form: str, lang: str) -> str:
    return LEGAL_FORM_LONG[legal_form][lang]
