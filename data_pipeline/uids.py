"""Generated uids: the same on every run for the same identifying fields.

Without a key (every build but `--privacy`) a uid is today's SHA-1 of the fields: deterministic, and
the uids of a graph stay what they were (SPEC §10). With a key (`--privacy`) it is HMAC-SHA256 under
PRIVACY_KEY, so a guessed name cannot be confirmed by hashing it without the key.
"""
from __future__ import annotations

import hashlib
import hmac

UID_HEX = 16


def _material(*parts: str | None) -> str:
    return "|".join((p or "").strip().lower() for p in parts)


def stable_uid(prefix: str, *parts: str | None) -> str:
    """The unkeyed uid (SHA-1), as every build without --privacy writes it."""
    return f"{prefix}-{hashlib.sha1(_material(*parts).encode(), usedforsecurity=False).hexdigest()[:UID_HEX]}"


def keyed_uid(key: bytes, prefix: str, *parts: str | None) -> str:
    """The keyed uid (HMAC-SHA256); the prefix is part of the message, so a uid never equals a value token."""
    msg = f"uid\x00{prefix}\x00{_material(*parts)}".encode()
    return f"{prefix}-{hmac.new(key, msg, hashlib.sha256).hexdigest()[:UID_HEX]}"
