"""Identifiers: Swiss enterprise numbers (UID, eCH-0097 mod-11 check digit), CH-IDs (code13), uuids and
publication numbers. UIDs come from a seeded bijection over the number space, so they are unique without
remembering the ones already issued (bounded memory)."""
from __future__ import annotations

import random
import uuid

UID_WEIGHTS = (5, 4, 3, 2, 7, 6, 5, 4)
_SPACE = 40_000_000  # 8-digit bodies 10000000..49999999 (issued UIDs start with 1-4, like CHE-1xx..CHE-4xx)


def uid_check_digit(body8: str) -> int | None:
    """eCH-0097 check digit of the first 8 digits; None where the check would be 10 (such numbers are not issued)."""
    total = sum(int(d) * w for d, w in zip(body8, UID_WEIGHTS, strict=True))
    check = 11 - total % 11
    if check == 11:
        return 0
    if check == 10:
        return None
    return check


def is_valid_uid(uid: str) -> bool:
    """True for "CHE-123.456.789" style numbers whose last digit is the mod-11 check digit."""
    if len(uid) != 15 or not uid.startswith("CHE-") or uid[7] != "." or uid[11] != ".":
        return False
    digits = uid[4:7] + uid[8:11] + uid[12:15]
    if not digits.isdigit():
        return False
    return uid_check_digit(digits[:8]) == int(digits[8])


def format_uid(digits9: str) -> str:
    return f"CHE-{digits9[0:3]}.{digits9[3:6]}.{digits9[6:9]}"


class UidIssuer:
    """Draws distinct valid UIDs: k -> (a*k + b) mod SPACE is a permutation when gcd(a, SPACE) == 1, so no UID
    repeats before 40 million draws (about 36 million are valid)."""

    def __init__(self, rng: random.Random):
        while True:
            a = rng.randrange(1_000_003, _SPACE)
            if a % 2 and a % 5:  # coprime to 40,000,000 = 2^9 * 5^7
                break
        self._a = a
        self._b = rng.randrange(_SPACE)
        self._k = 0

    def next(self) -> str:
        while True:
            body = 10_000_000 + (self._a * self._k + self._b) % _SPACE
            self._k += 1
            s = str(body)
            check = uid_check_digit(s)
            if check is not None:
                return format_uid(s + str(check))


def code13(register_code: str, serial: int) -> str:
    """CH-ID as in <code13>: "CH" + register office number + 7-digit serial + check digit."""
    body = f"{register_code}{serial % 10_000_000:07d}"
    check = sum((i % 2 * 2 + 1) * int(d) for i, d in enumerate(body)) % 10
    return f"CH{body}{check}"


def new_uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))
