"""The words analysts use for notice kinds and legal forms, mapped to the register's codes."""
from __future__ import annotations

from kg.event_scope import EVENT_TYPES
from kg.hub_counts import ROLE_GROUPS
from kg.text import fold

# eCH-0097 legal forms as the graph stores them (German), with the names people type.
LEGAL_FORMS: dict[str, tuple[str, ...]] = {
    "AG": ("ag", "sa", "aktiengesellschaft", "societe anonyme", "societa anonima", "stock company", "corporation"),
    "GmbH": ("gmbh", "sarl", "sagl", "llc", "gesellschaft mit beschrankter haftung", "limited liability company"),
    "Einzelunternehmen": ("einzelunternehmen", "entreprise individuelle", "ditta individuale", "sole proprietorship"),
    "Kollektivgesellschaft": ("kollektivgesellschaft", "societe en nom collectif", "general partnership"),
    "Kommanditgesellschaft": ("kommanditgesellschaft", "societe en commandite", "limited partnership"),
    "Genossenschaft": ("genossenschaft", "cooperative", "societe cooperative", "cooperativa"),
    "Verein": ("verein", "association", "associazione"), "Stiftung": ("stiftung", "foundation", "fondation", "fondazione"),
    "Zweigniederlassung": ("zweigniederlassung", "succursale", "branch"),
}


def role_keys(role: str | None) -> frozenset[str] | None:
    """A role group ("board", "managers", ...) or a single role key as a set of role keys; None for no filter."""
    if not role:
        return None
    key = fold(role).strip().replace(" ", "_")
    return ROLE_GROUPS.get(key) or ROLE_GROUPS.get(key + "s") or frozenset({key})


_FORM_BY_NAME = {fold(n): form for form, names in LEGAL_FORMS.items() for n in (form, *names)}


def sub_rubrics_for(event_type: str | None, sub_rubric: str | None) -> list[str] | None:
    """The sub-rubrics to count; None means all. Raises ValueError naming the valid choices."""
    if sub_rubric:
        return [s.strip().upper() for s in sub_rubric.split(",") if s.strip()]
    if not event_type:
        return None
    key = fold(event_type).replace(" ", "_").replace("-", "_")
    if key in EVENT_TYPES:
        return list(EVENT_TYPES[key])
    raise ValueError(f"unknown event type {event_type!r}; choose one of {', '.join(EVENT_TYPES)} or give a sub_rubric")


def legal_form(text: str | None) -> str | None:
    if not text:
        return None
    form = _FORM_BY_NAME.get(fold(text).strip())
    if form is None:
        raise ValueError(f"unknown legal form {text!r}; choose one of {', '.join(LEGAL_FORMS)}")
    return form
