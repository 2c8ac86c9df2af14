"""The identity key of §4.1.4: lowercase, strip non-alphanumerics, tokenize, sort, join.

Strict on purpose: "Doe, John" and "John Doe" meet, "John A. Doe" does not.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from data_pipeline.privacy import Pseudonymizer

_NON_ALNUM = re.compile(r"[\W_]+", re.UNICODE)


def generate_hub_key(name: str) -> str:
    return "".join(sorted(t for t in _NON_ALNUM.sub(" ", name.lower()).split() if t))


def hub_for(name: str | None, stored_name: str | None, px: Pseudonymizer) -> dict | None:
    """The NameHub row (`{uid, key, name}`, as stored) of a node named `name` (its plain text) and stored as
    `stored_name`; None for a name without a key. The hub's name is the name of the node that creates it."""
    key = generate_hub_key(name) if name else ""
    if not key:
        return None
    return {"uid": px.uid("NH", key), "key": px.value(key), "name": stored_name}
