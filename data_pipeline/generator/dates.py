"""Working-day calendar: SHAB appears on weekdays (about 250 issues a year); issue numbers count the year's issues."""
from __future__ import annotations

import datetime as dt


def next_weekday(d: dt.date) -> dt.date:
    while d.weekday() >= 5:
        d += dt.timedelta(days=1)
    return d


def add_workdays(d: dt.date, n: int) -> dt.date:
    """d moved by n weekdays (n may be negative); the result is a weekday."""
    step = 1 if n >= 0 else -1
    d = next_weekday(d) if step > 0 else _prev_weekday(d)
    full, rest = divmod(abs(n), 5)
    d += dt.timedelta(days=7 * full * step)
    for _ in range(rest):
        d += dt.timedelta(days=step)
        while d.weekday() >= 5:
            d += dt.timedelta(days=step)
    return d


def _prev_weekday(d: dt.date) -> dt.date:
    while d.weekday() >= 5:
        d -= dt.timedelta(days=1)
    return d


def issue_number(d: dt.date) -> int:
    """The SHAB issue number of a weekday: its position among the weekdays of its year (1-based)."""
    jan1 = dt.date(d.year, 1, 1)
    days = (d - jan1).days + 1
    weeks, rest = divmod(days, 7)
    count = weeks * 5
    start = jan1.weekday() + weeks * 7
    for k in range(rest):
        if (start + k) % 7 < 5:
            count += 1
    return count


class WorkCalendar:
    """Maps a working-day index (0 = the start date, or the next weekday) to dates, with cached formatting."""

    def __init__(self, start: dt.date):
        self.start = next_weekday(start)
        self._dates: list[dt.date] = [self.start]

    def date(self, index: int) -> dt.date:
        if index < 0:
            return add_workdays(self.start, index)
        while index >= len(self._dates):
            self._dates.append(add_workdays(self._dates[-1], 1))
        return self._dates[index]


def iso(d: dt.date) -> str:
    return d.isoformat()


def swiss(d: dt.date) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"
