"""Source readers: SHAB per-publication XML and API JSON into `Publication`s, with quarantine.

Whatever goes wrong with one input or one record (malformed, too large, too deep, an unexpected error of
the mapping) quarantines that input or record with its reason, and reading goes on. Inputs that are not
regular files (FIFOs, devices, sockets, or symlinks to them) are skipped with a reason and never opened,
so a FIFO cannot hang a build.
"""
from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from data_pipeline.model import Publication
from data_pipeline.sources.errors import RecordError
from data_pipeline.sources.json_reader import parse_json
from data_pipeline.sources.quarantine import Quarantine, QuarantineEntry
from data_pipeline.sources.xml_reader import parse_xml

__all__ = ["MAX_FILE_BYTES", "Quarantine", "QuarantineEntry", "RecordError", "iter_files",
           "read_chunk", "read_file", "read_publications"]

# A real publication is a few kB (the largest KK08 notices ~50 kB); anything far larger is not one.
MAX_FILE_BYTES = 5 * 2**20
SUFFIXES = (".xml", ".json")
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def iter_files(inputs: Iterable[str | Path]) -> Iterator[Path]:
    """Files named directly, and every .xml/.json under named directories, in a stable order.
    Symlinked directories inside a tree are not followed (no loops); `read_file` checks each file."""
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


def file_kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a directory")):
        if test(mode):
            return name
    return "not a regular file"


def _too_large(size: int, max_bytes: int) -> str:
    return f"file too large ({size / 2**20:.1f} MB > {max_bytes / 2**20:.0f} MB): not a single publication"


def _read_upto(fd: int, limit: int, size: int) -> bytes:
    """At most `limit` bytes of an open file, `size` long when it was opened: read in one call of its own length (a
    buffer of `limit` bytes, allocated for every file, cost most of the read: issue 19), then on to the end, in case
    the file grew meanwhile."""
    chunks, n, want = [], 0, min(size + 1, limit)
    while n < limit:
        chunk = os.read(fd, min(want, limit - n))
        if not chunk:
            break
        chunks.append(chunk)
        n += len(chunk)
        want = max(want, 1 << 16)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def read_bytes(path: Path, quarantine: Quarantine, max_bytes: int = MAX_FILE_BYTES) -> bytes | None:
    """The bytes of a regular file (a symlink is followed to one), or None once the reason is quarantined.
    Anything else is skipped before it is opened; the open is non-blocking and re-checked, in case the
    file was swapped between the check and the open."""
    src = str(path)
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            quarantine.add(src, f"skipped: {file_kind(st.st_mode)}, not a regular file (never opened)", kind="skipped")
            return None
        if st.st_size > max_bytes:
            quarantine.add(src, _too_large(st.st_size, max_bytes))
            return None
        fd = os.open(path, _OPEN_FLAGS)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                quarantine.add(src, f"skipped: {file_kind(st.st_mode)}, not a regular file", kind="skipped")
                return None
            data = _read_upto(fd, max_bytes + 1, st.st_size)
        finally:
            os.close(fd)
    except OSError as exc:
        quarantine.add(src, f"cannot read file ({exc.strerror or exc})")
        return None
    if len(data) > max_bytes:
        quarantine.add(src, _too_large(len(data), max_bytes))
        return None
    return data


def read_file(path: Path, quarantine: Quarantine, max_bytes: int = MAX_FILE_BYTES) -> Iterator[Publication]:
    """The publications in one file; whatever cannot be read goes to `quarantine` with its reason."""
    src = str(path)
    data = read_bytes(path, quarantine, max_bytes)
    if data is None:
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
    except RecursionError:
        quarantine.add(src, "nested too deeply to read: not a publication")
    except Exception as exc:  # noqa: BLE001 - one file's failure, whatever it is, is that file's quarantine
        quarantine.add(src, f"unexpected {type(exc).__name__} while reading: {exc}")


def read_chunk(paths: list[Path]) -> tuple[list[Publication], list[QuarantineEntry]]:
    """The publications of `paths` and what reading them quarantined, for the caller to log in order (a build
    reads its next chunk in another thread or process: `data_pipeline.offload`)."""
    local = Quarantine()
    return [p for f in paths for p in read_file(f, local)], local.entries


def read_publications(inputs: Iterable[str | Path], quarantine: Quarantine | None = None,
                      max_bytes: int = MAX_FILE_BYTES) -> Iterator[Publication]:
    """Stream every readable publication under `inputs`; bad records never stop the batch."""
    q = quarantine if quarantine is not None else Quarantine()
    for path in iter_files(inputs):
        yield from read_file(path, q, max_bytes)
