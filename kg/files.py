"""Files that hold data or secrets are readable by their owner only: directories the product creates are
0700, files 0600, whatever the umask says (quarantined records, build state, the privacy token table,
the graph's passwords and files)."""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO


def owner_only(path: Path) -> None:
    """Mode 0700 for a directory, 0600 for a file (group and others lose every right)."""
    mode = path.stat().st_mode
    wanted = (stat.S_IMODE(mode) & 0o700) | (0o700 if path.is_dir() else 0)
    if stat.S_IMODE(mode) != wanted:
        os.chmod(path, wanted)


def tighten_tree(root: Path) -> None:
    """`owner_only` for `root` and everything under it (files a server created with a looser umask)."""
    owner_only(root)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            if not p.is_symlink():
                try:
                    owner_only(p)
                except FileNotFoundError:  # a server file removed meanwhile (a log rotated)
                    continue

DIR_MODE = 0o700
FILE_MODE = 0o600


def private_dir(path: Path) -> Path:
    """Create `path` (and missing parents) if needed; a directory created here is 0700."""
    if not path.is_dir():
        path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
        os.chmod(path, DIR_MODE)  # mkdir's mode passes through the umask; this does not
    return path


def open_private_append(path: Path, line_buffered: bool = False) -> IO[str]:
    """Open a text file for appending, created 0600; an existing file is narrowed to 0600 as well.
    `line_buffered`: every line reaches the file before the call returns."""
    private_dir(path.parent)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)
        return os.fdopen(fd, "a", buffering=1 if line_buffered else -1, encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


def write_private_text(path: Path, text: str) -> None:
    """Replace `path` with `text` atomically (a temporary 0600 file renamed over it)."""
    private_dir(path.parent)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, FILE_MODE)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
