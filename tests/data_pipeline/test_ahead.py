"""`ahead`: results in order, the next one computed while the caller works, errors raised where a loop would."""
from __future__ import annotations

import threading
import time

import pytest

from data_pipeline.ahead import ahead


def test_results_come_in_order_and_the_next_one_is_under_way_meanwhile():
    started: list[int] = []
    next_started = []

    def work(i: int) -> int:
        started.append(i)
        return i * i

    out = []
    for value in ahead(work, [1, 2, 3, 4]):
        deadline = time.monotonic() + 5
        while len(started) < min(len(out) + 2, 4) and time.monotonic() < deadline:
            time.sleep(0.01)
        next_started.append(len(started))
        out.append(value)
    assert out == [1, 4, 9, 16]
    assert next_started == [2, 3, 4, 4]  # while item k is handled, item k+1 has started
    assert list(ahead(work, [])) == []


def test_an_error_is_raised_at_its_item_and_nothing_after_it_is_started():
    started: list[int] = []

    def work(i: int) -> int:
        started.append(i)
        if i == 2:
            raise ValueError("bad item")
        return i

    got = []
    with pytest.raises(ValueError, match="bad item"):
        for value in ahead(work, [1, 2, 3, 4]):
            got.append(value)
    assert got == [1] and started == [1, 2]


def test_a_caller_that_stops_early_does_not_wait_for_the_step_in_flight():
    release = threading.Event()

    def work(i: int) -> int:
        if i == 2:
            release.wait(10)  # a slow step (a page going through an LLM)
        return i

    t0 = time.monotonic()
    for value in ahead(work, [1, 2]):
        assert value == 1
        break
    assert time.monotonic() - t0 < 5
    release.set()


def test_deeper_the_next_items_are_under_way_and_results_still_come_in_order():
    started: list[int] = []
    lock = threading.Lock()

    def work(i: int) -> int:
        with lock:
            started.append(i)
        return -i

    out, under_way = [], []
    for value in ahead(work, [1, 2, 3, 4, 5], depth=2):
        deadline = time.monotonic() + 5
        while len(started) < min(len(out) + 3, 5) and time.monotonic() < deadline:
            time.sleep(0.01)
        under_way.append(len(started))
        out.append(value)
    assert out == [-1, -2, -3, -4, -5]
    assert under_way == [3, 4, 5, 5, 5]  # while item k is handled, items k+1 and k+2 have started
