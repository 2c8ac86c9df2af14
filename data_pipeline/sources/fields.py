"""Validation of single field values at the mapping boundary: what is not a real date, a sane amount or
a sane day count is refused with a reason (`RecordError`) instead of reaching the graph.

- dates: ISO `YYYY-MM-DD`, optionally with the time the JSON API adds (`2026-08-26T00:00:00.000Z`), and
  a real calendar date (`2019-13-45` and `2023-02-29` are refused);
- amounts (capital): a plain decimal, finite, not negative, at most `MAX_AMOUNT` (`1e400`, `inf`, `nan`,
  `-5` are refused); `'` and `,` thousands separators are accepted as the registers write them;
- day counts (days after publication): a whole number from 0 to `MAX_DAYS`;
- text: strings that cannot be written as UTF-8 (a lone surrogate from a JSON `\\ud800` escape) are refused.
"""
from __future__ import annotations

import datetime as dt
import math
import re

from data_pipeline.sources.errors import RecordError

_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:\d{2})?")
_DECIMAL = re.compile(r"-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?")
_WHOLE = re.compile(r"\d+(?:\.0*)?")
_SEPARATORS = str.maketrans("", "", "'’,_ ")
MAX_AMOUNT = 1e13  # CHF; far above any registered capital, far below what breaks a float or the graph
MAX_DAYS = 3650


def iso_date(value: str, where: str) -> str:
    """`YYYY-MM-DD` of a valid ISO date (or date-time) string."""
    m = _ISO_DATE.fullmatch(value)
    if m is None:
        raise RecordError(f"{where} is not an ISO date: {value[:40]!r}")
    try:
        dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError as exc:
        raise RecordError(f"{where} is not a calendar date: {value[:40]!r} ({exc})") from exc
    return value[:10]


def amount(value: str, where: str) -> float:
    """A money amount: finite, 0 <= x <= MAX_AMOUNT."""
    s = value.translate(_SEPARATORS)
    if not _DECIMAL.fullmatch(s):
        raise RecordError(f"{where} is not a number: {value[:40]!r}")
    x = float(s)
    if not math.isfinite(x):
        raise RecordError(f"{where} is not a finite number: {value[:40]!r}")
    if x < 0:
        raise RecordError(f"{where} is negative: {value[:40]!r}")
    if x > MAX_AMOUNT:
        raise RecordError(f"{where} is out of range (> {MAX_AMOUNT:.0e}): {value[:40]!r}")
    return x


def day_count(value: str, where: str) -> int:
    """A whole number of days, 0 <= n <= MAX_DAYS."""
    if not _WHOLE.fullmatch(value):
        raise RecordError(f"{where} is not a whole number of days: {value[:40]!r}")
    digits = value.split(".", maxsplit=1)[0].lstrip("0") or "0"
    if len(digits) > len(str(MAX_DAYS)) or int(digits) > MAX_DAYS:  # int() of 5,000 digits would raise
        raise RecordError(f"{where} is out of range (> {MAX_DAYS} days): {value[:40]!r}")
    return int(digits)


def utf8_text(value: str, where: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError(f"{where} holds a character that is not valid UTF-8 ({exc.reason})") from exc
    return value
