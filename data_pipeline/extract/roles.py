"""Role words of SHAB notices in de/fr/it, and their language-neutral keys."""
from __future__ import annotations

from functools import lru_cache

# Checked in order against the lower-cased role text: the first fragment found decides.
ROLE_KEYS: list[tuple[str, str]] = [
    ("liquidat", "liquidator"),
    ("revisionsstelle", "auditor"), ("organe de révision", "auditor"), ("ufficio di revisione", "auditor"),
    ("zweigniederlassung", "branch_manager"), ("succursale", "branch_manager"),
    ("vorsitzende der geschäftsführung", "chair_management"), ("vorsitzender der geschäftsführung", "chair_management"),
    ("des gérants", "chair_management"), ("gérant président", "chair_management"),
    ("gérante présidente", "chair_management"), ("della gerenza", "chair_management"),
    ("vizepräsident", "vice_chair"), ("vice-président", "vice_chair"), ("vicepresidente", "vice_chair"),
    ("präsident", "chair"), ("président", "chair"), ("presidente", "chair"), ("vorsitz", "chair"),
    ("einziges mitglied", "sole_board_member"), ("administrateur unique", "sole_board_member"),
    ("administratrice unique", "sole_board_member"), ("amministratore unico", "sole_board_member"),
    ("amministratrice unica", "sole_board_member"),
    ("mitglied des", "board_member"), ("mitglied der verwaltung", "board_member"), ("administrat", "board_member"),
    ("amministrat", "board_member"), ("membre du conseil", "board_member"), ("membro del consiglio", "board_member"),
    ("membre du comité", "board_member"), ("membro del comitato", "board_member"),
    ("unbeschränkt haftend", "unlimited_partner"), ("indéfiniment responsable", "unlimited_partner"),
    ("illimitatamente responsabile", "unlimited_partner"),
    ("kommanditär", "limited_partner"), ("commanditaire", "limited_partner"), ("accomandante", "limited_partner"),
    ("geschäftsführ", "managing_director"), ("gérant", "managing_director"), ("gerente", "managing_director"),
    ("gesellschafter", "partner"), ("associé", "partner"), ("socio", "partner"), ("socia", "partner"),
    ("inhaber", "owner"), ("titulaire", "owner"), ("titolare", "owner"),
    ("direktor", "director"), ("directeur", "director"), ("directrice", "director"), ("direttore", "director"),
    ("direttrice", "director"),
    ("prokur", "authorized_signatory"), ("procura", "authorized_signatory"), ("zeichnungsberechtigt", "authorized_signatory"),
    ("signataire", "authorized_signatory"), ("firmatari", "authorized_signatory"),
    ("konkursamt", "bankruptcy_office"), ("faillites", "bankruptcy_office"), ("fallimenti", "bankruptcy_office"),
    ("mitglied", "member"), ("membre", "member"), ("membro", "member"),
]
# A partner who also manages is one role, whatever the word order or gender of the two words.
_PARTNER = ("gesellschafter", "associé", "socio", "socia")
_MANAGER = ("geschäftsführ", "gérant", "gerente")

SIGNATURE_WORDS = ("unterschrift", "signature", "firma ", "firma,", "zeichnungsberechtigung")


def role_key(role: str | None) -> str | None:
    if not role:
        return None
    return _role_key(role)


@lru_cache(maxsize=1 << 16)  # a notice's fields repeat across notices ("Präsident", "in Zürich"): each read once
def _role_key(role: str) -> str:
    low = role.lower()
    chairs = ("vorsitz", "des gérants", "gerenza", "president", "présid")
    if any(p in low for p in _PARTNER) and any(m in low for m in _MANAGER) and not any(c in low for c in chairs):
        return "managing_partner"
    for fragment, key in ROLE_KEYS:
        if fragment in low:
            return key
    return "other"


def is_role(text: str) -> bool:
    return role_key(text) not in (None, "other")


def is_role_title(text: str) -> bool:
    """A section title such as "Associée-gérante:" or "Directeur de la succursale:" (its first word is a role),
    unlike "Mitteilungen an die Gesellschafter:"."""
    words = text.split()
    return bool(words) and is_role(words[0]) and is_role(text)
