"""A second process for the build's computation (issue 19): reading and parsing the export files in phase 1 and
a rule extractor's work in phase 2 run there, so that the pipeline's own process, which writes to the graph, is no
longer what the build waits for (on two cores phase 1 was bound by this process's CPU: parsing the XML took more
of it than the graph server's writes did).

The step ahead (`ahead`) stays a thread: it hands the item to the process and waits, holding no lock meanwhile, so
the caller writes batch k while the process computes batch k+1. A function and what it is given go to the process
pickled (the function by its module and name), and must have no side effects (it returns what went wrong, the
caller reports it), so the outcome is that of a plain loop. A small build does not pay for starting a process
(`use`).

The process is `python -m data_pipeline.offload`, the same interpreter, spoken to over its standard input and
output: not `multiprocessing`, whose children import the caller's main script again (a script calling `build`
without a `__main__` guard would run again in the child) or, forked, copy the driver's and threads' state
half-made.
"""
from __future__ import annotations

import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import IO, Any, TypeVar

from data_pipeline import gc_budget

T = TypeVar("T")
R = TypeVar("R")

# Below this many items (files of phase 1, events of phase 2) starting a process costs more than it saves.
MIN_ITEMS = 2000
# BUILD_PROCESSES=0 keeps every step in the pipeline's process (e.g. where processes cannot be started).
ENV = "BUILD_PROCESSES"
# phase 1 parses in two processes: on two cores its files were parsed slower than the server wrote them (100k
# publications, phase 1: 73-81 s in one, 59-60 s in two, runs interleaved)
PARSERS_ENV, PARSERS = "BUILD_PARSERS", 2


class OffloadError(RuntimeError):
    """The second process stopped (killed, out of memory) or sent what cannot be read."""


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def use(items: int, wanted: bool | None = None) -> bool:
    """Whether a second process is worth starting for `items` items: `wanted` decides where given; else a machine
    with two cores or more, `items` at least `MIN_ITEMS` and `BUILD_PROCESSES` not 0."""
    if wanted is not None:
        return wanted
    return os.environ.get(ENV, "1") != "0" and cores() >= 2 and items >= MIN_ITEMS


def parsers() -> int:
    """How many processes phase 1 parses in (`PARSERS_ENV`, else `PARSERS`); a value that is not a whole number
    of 1 or more is a ValueError naming the variable."""
    raw = os.environ.get(PARSERS_ENV)
    if raw is None:
        return PARSERS
    try:
        n = int(raw)
    except ValueError:
        n = 0
    if n < 1:
        raise ValueError(f"{PARSERS_ENV} must be a whole number of processes, 1 or more; got {raw!r}")
    return n


def _apply(job: tuple[Callable[..., object], tuple[Any, ...]]) -> None:
    fn, args = job
    fn(*args)


class _Process:
    """One `python -m data_pipeline.offload`, asked one thing at a time."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        self._proc = subprocess.Popen([sys.executable, "-m", "data_pipeline.offload"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, env=env)
        self._lock = threading.Lock()

    def stop(self) -> None:
        proc = self._proc
        with self._lock:  # a step in flight (a fraction of a second) is waited for
            assert proc.stdin is not None
            proc.stdin.close()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()

    def run(self, fn: Callable[[T], R], item: T) -> R:
        proc = self._proc
        assert proc.stdin is not None and proc.stdout is not None
        with self._lock:
            try:
                pickle.dump((fn, item), proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
                proc.stdin.flush()
            except OSError as exc:
                raise OffloadError(f"the build's second process stopped (exit code {proc.poll()}): {exc!r}") from exc
            try:
                ok, value = pickle.load(proc.stdout)  # noqa: S301 - from our own child, over its private pipe
            except EOFError as exc:
                raise OffloadError(f"the build's second process stopped (exit code {proc.poll()})") from exc
            except Exception as exc:
                raise OffloadError(f"the build's second process sent what cannot be read: {exc!r}") from exc
        if not ok:
            raise value
        return value


class Offload:
    """`run(fn, item)`: `fn(item)` in a second process when `enabled`, else here. A context manager: `processes`
    processes are started on entry (and `initializer(*initargs)` run in each) and stopped on exit; each `run` takes
    one that is free (`ahead(..., depth=processes)` keeps them all busy)."""

    def __init__(self, enabled: bool, initializer: Callable[..., object] | None = None,
                 initargs: tuple[Any, ...] = (), processes: int = 1) -> None:
        self.enabled = enabled
        self.processes = processes if enabled else 1
        self._init, self._initargs = initializer, initargs
        self._all: list[_Process] = []
        self._free: queue.SimpleQueue[_Process] = queue.SimpleQueue()

    def __enter__(self) -> Offload:
        if self.enabled:
            try:
                for _ in range(self.processes):
                    proc = _Process()
                    self._all.append(proc)
                    self._free.put(proc)
                    if self._init is not None:
                        proc.run(_apply, (self._init, self._initargs))
            except BaseException:  # an initializer that fails: no process is left behind
                self.__exit__()
                raise
        return self

    def __exit__(self, *exc: object) -> None:
        running, self._all = self._all, []
        for proc in running:
            proc.stop()

    def run(self, fn: Callable[[T], R], item: T) -> R:
        if not self.enabled:
            return fn(item)
        if not self._all:
            raise OffloadError("the build's second process is not running")
        proc = self._free.get()
        try:
            return proc.run(fn, item)
        finally:
            self._free.put(proc)


def serve(requests: IO[bytes], replies: IO[bytes]) -> None:
    """The second process: each request `(fn, item)` answered with `(True, fn(item))` or `(False, the error)`, until
    the caller closes its end."""
    while True:
        try:
            fn, item = pickle.load(requests)  # noqa: S301 - from the parent that started this process
        except EOFError:
            return
        try:
            reply = pickle.dumps((True, fn(item)), protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller, raised there
            try:
                reply = pickle.dumps((False, exc), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # noqa: BLE001 - an error that cannot be pickled goes as its text
                reply = pickle.dumps((False, OffloadError(f"{type(exc).__name__}: {exc}")))
        replies.write(reply)
        replies.flush()


def main() -> None:
    gc_budget.apply()  # the process does build work only
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the caller, which then closes this process's input
    # replies go to a copy of the standard output; anything the work prints goes to the standard error instead
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(sys.stdin.buffer, replies)


if __name__ == "__main__":
    main()
