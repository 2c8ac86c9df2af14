"""Role words of SHAB notices in de/fr/it, and their language-neutral keys."""
from __future__ import annotations

# Checked in order against the lower-cased role text: the first fragment found decides.
ROLE_KEYS: list[tuple[str, str]] = [
    ("liquidat", "liquidator"),
    ("revisionsstelle", "auditor"), ("organe de révision", "auditor"), ("ufficio di revisione", "auditor"),
    ("vizepräsident", "vice_chair"), ("vice-président", "vice_chair"), ("vicepresidente", "vice_chair"),
    ("präsident", "chair"), ("président", "chair"), ("presidente", "chair"), ("vorsitz", "chair"),
    ("mitglied des verwaltungsrates", "board_member"), ("mitglied des stiftungsrates", "board_member"),
    ("mitglied der verwaltung", "board_member"), ("einziges mitglied", "board_member"), ("administrat", "board_member"),
    ("amministrat", "board_member"), ("membre du conseil", "board_member"), ("membro del consiglio", "board_member"),
    ("gesellschafter und geschäftsführer", "managing_partner"), ("associé-gérant", "managing_partner"),
    ("associée-gérante", "managing_partner"), ("associé gérant", "managing_partner"), ("associé et gérant", "managing_partner"),
    ("socio e gerente", "managing_partner"), ("socio gerente", "managing_partner"),
    ("geschäftsführ", "managing_director"), ("gérant", "managing_director"), ("gerente", "managing_director"),
    ("gesellschafter", "partner"), ("associé", "partner"), ("socio", "partner"), ("socia", "partner"),
    ("inhaber", "owner"), ("titulaire", "owner"), ("titolare", "owner"),
    ("direktor", "director"), ("directeur", "director"), ("directrice", "director"), ("direttore", "director"),
    ("direttrice", "director"),
    ("prokur", "authorized_signatory"), ("procuration", "authorized_signatory"), ("procurat", "authorized_signatory"),
    ("konkursamt", "bankruptcy_office"), ("faillites", "bankruptcy_office"), ("fallimenti", "bankruptcy_office"),
    ("mitglied", "member"), ("membre", "member"), ("membro", "member"),
]

SIGNATURE_WORDS = ("unterschrift", "signature", "firma ", "firma,", "zeichnungsberechtigung")


def role_key(role: str | None) -> str | None:
    if not role:
        return None
    low = role.lower()
    for fragment, key in ROLE_KEYS:
        if fragment in low:
            return key
    return "other"


def is_role(text: str) -> bool:
    return role_key(text) not in (None, "other")
