"""One step ahead: while the caller writes batch k to the graph (mostly waiting on the server), batch k+1 is read,
parsed or extracted in a second thread (issue 19). Results come in order and `fn` must have no side effects the
caller has not asked for (it returns what went wrong, the caller reports it), so the outcome is that of a plain loop.

The thread is a daemon: when the caller stops early (an error, Ctrl-C), the step in flight (a page going through an
LLM, say) is left to finish on its own and its result is dropped, and it never holds up the process's exit.
"""
from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class _Step(Generic[T, R]):
    def __init__(self, fn: Callable[[T], R], item: T) -> None:
        self._fn, self._item = fn, item
        self._value: R | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="pipeline-ahead", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._value = self._fn(self._item)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller by result()
            self._error = exc

    def result(self) -> R:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]


def ahead(fn: Callable[[T], R], items: Sequence[T], depth: int = 1) -> Iterator[R]:
    """`fn(item)` for each of `items`, in order, the next `depth` ones computed while the caller handles the current
    one (more than one where each has a process of its own: `offload.Offload` with as many). After an error, the
    items already under way are left to finish on their own."""
    steps = deque(_Step(fn, item) for item in items[:depth])
    following = len(steps)
    while steps:
        value = steps.popleft().result()
        if following < len(items):
            steps.append(_Step(fn, items[following]))
            following += 1
        yield value
