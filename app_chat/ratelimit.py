"""Login rate limit: at most `limit` failed attempts per user name and per client address within
`window` seconds; beyond that, attempts are refused until the oldest failure leaves the window.

An attempt counts as a failure from the moment it is allowed (so parallel guesses cannot slip through
while the password hash is being computed) until `succeeded` is called for it. When the client
address is unknown, all attempts share one address bucket: a global limit beside the per-user one.
"""
from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

LIMIT = 5
WINDOW = 300.0  # seconds
SWEEP_ALL = 1024  # keys kept before every key is swept of its old failures
MAX_NAME = 200  # characters of a user name or address kept as a key (bounds the memory of an attack)


@dataclass(frozen=True)
class Attempt:
    """An allowed attempt (`wait` 0) or a refusal (`wait`: seconds until the next attempt may be made)."""
    keys: tuple[str, ...]
    at: float
    wait: float = 0.0

    @property
    def allowed(self) -> bool:
        return self.wait <= 0


def refusal_text(wait: float) -> str:
    minutes = max(1, round(wait / 60))
    return f"Too many failed sign-ins: try again in {minutes} minute{'s' if minutes > 1 else ''}."


class LoginLimiter:
    def __init__(self, limit: int = LIMIT, window: float = WINDOW, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def keys(user: str, address: str | None) -> tuple[str, str]:
        return "user:" + user[:MAX_NAME], "address:" + (address[:MAX_NAME] if address else "unknown")

    def acquire(self, user: str, address: str | None) -> Attempt:
        keys = self.keys(user, address)
        with self._lock:
            now = self.clock()
            self._sweep(now, keys if len(self._failures) < SWEEP_ALL else list(self._failures))
            waits = [self._wait(self._failures.get(k), now) for k in keys]
            if max(waits) > 0:
                return Attempt(keys, now, max(waits))
            for k in keys:
                self._failures.setdefault(k, deque()).append(now)
            return Attempt(keys, now)

    def succeeded(self, attempt: Attempt) -> None:
        """The password was right: the user's failures are forgotten, the address keeps its others."""
        user_key, address_key = attempt.keys
        with self._lock:
            self._failures.pop(user_key, None)
            failures = self._failures.get(address_key)
            if failures is not None and attempt.at in failures:
                failures.remove(attempt.at)

    def _wait(self, failures: deque[float] | None, now: float) -> float:
        if not failures or len(failures) < self.limit:
            return 0.0
        return failures[len(failures) - self.limit] + self.window - now

    def _sweep(self, now: float, keys: Iterable[str]) -> None:
        """Forget the failures of `keys` older than the window (and keys left without any)."""
        for key in keys:
            failures = self._failures.get(key)
            if failures is None:
                continue
            while failures and failures[0] <= now - self.window:
                failures.popleft()
            if not failures:
                del self._failures[key]
