"""generate_world: runs the life cycles for N publications and streams the XML files and truth.jsonl to disk."""
from __future__ import annotations

import datetime as dt
import os
import queue
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .dates import iso
from .lifecycle import World
from .mix import SUB_RUBRICS, MixController
from .truth import TruthWriter
from .xml_writer import render

DEFAULT_START = dt.date(2019, 1, 1)
SHARD_SIZE = 1000

# Bumped when the same seed would give a different world, so that a stored world is known to be stale.
GENERATOR_VERSION = 2


@dataclass
class GenerationSummary:
    seed: int
    publications: int
    start_date: str
    end_date: str
    counts: dict[str, int] = field(default_factory=dict)
    companies: int = 0
    persons: int = 0
    files: int = 0
    seconds: float = 0.0
    publications_per_second: float = 0.0
    out_dir: str = ""
    truth: str = ""


class FileSink:
    """Writes files on a background thread, so disk latency overlaps with generation (the GIL is released during
    the write system calls). The bounded queue keeps memory bounded; contents and names do not depend on timing."""

    def __init__(self, depth: int = 2048):
        self._q: queue.Queue = queue.Queue(maxsize=depth)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="shab-file-sink", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        while True:
            item = self._q.get()
            if item is None:
                return
            if self._error is not None:
                continue
            try:
                fd = os.open(item[0], flags, 0o644)
                try:
                    os.write(fd, item[1])
                finally:
                    os.close(fd)
            except BaseException as e:  # noqa: BLE001 - re-raised in the generating thread
                self._error = e

    def write(self, path: str, data: bytes) -> None:
        if self._error is not None:
            raise self._error
        self._q.put((path, data))

    def close(self) -> None:
        self._q.put(None)
        self._thread.join()
        if self._error is not None:
            raise self._error


def shard_dir(xml_root: Path, index: int) -> Path:
    """xml/NNN/ for publications index*1000 ... index*1000+999 (at most 1000 files per folder)."""
    return xml_root / f"{index // SHARD_SIZE:03d}"


def generate_world(n_publications: int, seed: int, out_dir: Path, start_date: dt.date = DEFAULT_START,
                   years: float = 7.0, overwrite: bool = False,
                   progress: Callable[[int, int], None] | None = None) -> GenerationSummary:
    """Generate `n_publications` SHAB publications of a seeded synthetic world into `out_dir`:
    `xml/NNN/<publicationNumber>.xml` (per-publication export format) and `truth.jsonl` (ground truth).
    The same seed gives byte-identical output. `progress(done, total)` is called now and then."""
    if n_publications < 0:
        raise ValueError("n_publications must be >= 0")
    out = Path(out_dir)
    xml_root = out / "xml"
    truth_path = out / "truth.jsonl"
    if xml_root.exists() and any(xml_root.iterdir()):
        if not overwrite:
            raise FileExistsError(f"{xml_root} is not empty (use overwrite=True / --force to replace it)")
        shutil.rmtree(xml_root)
    out.mkdir(parents=True, exist_ok=True)
    xml_root.mkdir(exist_ok=True)
    t0 = time.perf_counter()
    truth = TruthWriter(truth_path)
    world = World(seed, n_publications, start_date, years, truth.write)
    world.prewarm()
    mix = MixController()
    per_day = world.rate
    last_date = world.cal.start
    folder = str(xml_root)
    step = max(1, min(1000, n_publications // 200 or 1))
    sink = FileSink()
    try:
        for i in range(n_publications):
            if i % SHARD_SIZE == 0:
                shard = shard_dir(xml_root, i)
                shard.mkdir(exist_ok=True)
                folder = str(shard)
            notice = world.produce(mix.pick(world.rng), int(i / per_day))
            mix.count(notice.sub_rubric)
            sink.write(f"{folder}/{notice.number}.xml", render(notice).encode("utf-8"))
            truth.publication(notice)
            world.after_publication()
            last_date = notice.date
            if progress is not None and (i + 1) % step == 0:
                progress(i + 1, n_publications)
        world.finish()
        sink.close()
        seconds = time.perf_counter() - t0
        summary = GenerationSummary(
            seed=seed, publications=n_publications, start_date=iso(world.cal.start), end_date=iso(last_date),
            counts={s: mix.counts[s] for s in SUB_RUBRICS}, companies=truth.counts["company"],
            persons=truth.counts["person"], files=n_publications, seconds=round(seconds, 3),
            publications_per_second=round(n_publications / seconds, 1) if seconds > 0 else 0.0,
            out_dir=str(out), truth=str(truth_path),
        )
        truth.write({"type": "summary", "generator": GENERATOR_VERSION, "seed": seed, "publications": n_publications,
                     "start_date": summary.start_date,
                     "end_date": summary.end_date, "counts": summary.counts, "companies": summary.companies,
                     "persons": summary.persons})
    finally:
        truth.close()
        if sink._thread.is_alive():
            sink.close()
    if progress is not None:
        progress(n_publications, n_publications)
    return summary
