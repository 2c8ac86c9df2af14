"""The identity key of §4.1.4: lowercase, strip non-alphanumerics, tokenize, sort, join.

Strict on purpose: "Doe, John" and "John Doe" meet, "John A. Doe" does not.
"""
from __future__ import annotations

import re

_NON_ALNUM = re.compile(r"[\W_]+", re.UNICODE)


def generate_hub_key(name: str) -> str:
    return "".join(sorted(t for t in _NON_ALNUM.sub(" ", name.lower()).split() if t))
