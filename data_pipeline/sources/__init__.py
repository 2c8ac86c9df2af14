"""Source readers: SHAB per-publication XML and API JSON into `Publication`s, with quarantine."""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from data_pipeline.model import Publication
from data_pipeline.sources.json_reader import parse_json
from data_pipeline.sources.mapping import RecordError
from data_pipeline.sources.quarantine import Quarantine, QuarantineEntry
from data_pipeline.sources.xml_reader import parse_xml

__all__ = ["MAX_FILE_BYTES", "Quarantine", "QuarantineEntry", "RecordError", "iter_files",
           "read_file", "read_publications"]

# A real publication is a few kB (the largest KK08 notices ~50 kB); anything far larger is not one.
MAX_FILE_BYTES = 5 * 2**20
SUFFIXES = (".xml", ".json")


def iter_files(inputs: Iterable[str | Path]) -> Iterator[Path]:
    """Files named directly, and every .xml/.json under named directories, in a stable order."""
    for item in inputs:
        p = Path(item)
        if p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(SUFFIXES):
                        yield Path(root) / name
        else:
            yield p


def read_file(path: Path, quarantine: Quarantine, max_bytes: int = MAX_FILE_BYTES) -> Iterator[Publication]:
    """The publications in one file; whatever cannot be read goes to `quarantine` with its reason."""
    src = str(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            quarantine.add(src, f"file too large ({size / 2**20:.1f} MB > {max_bytes / 2**20:.0f} MB): "
                                "not a single publication")
            return
        data = path.read_bytes()
    except OSError as exc:
        quarantine.add(src, f"cannot read file ({exc.strerror or exc})")
        return
    try:
        if path.suffix.lower() == ".json" or data.lstrip()[:1] in (b"{", b"["):
            for item in parse_json(data, src):
                if isinstance(item, RecordError):
                    quarantine.add(item.source or src, str(item))
                else:
                    yield item
        else:
            yield parse_xml(data, src)
    except RecordError as exc:
        quarantine.add(src, str(exc))


def read_publications(inputs: Iterable[str | Path], quarantine: Quarantine | None = None,
                      max_bytes: int = MAX_FILE_BYTES) -> Iterator[Publication]:
    """Stream every readable publication under `inputs`; bad records never stop the batch."""
    q = quarantine if quarantine is not None else Quarantine()
    for path in iter_files(inputs):
        yield from read_file(path, q, max_bytes)
