"""Files that hold data or secrets are readable by their owner only: directories the product creates are
0700, files 0600, whatever the umask says (quarantined records, build state, the privacy token table,
the graph's passwords and files, the chat's passwords and database). A file found with a looser mode
is tightened, with a log line."""
from __future__ import annotations

import logging
import os
import stat
from pathlib import Path
from typing import IO

log = logging.getLogger(__name__)
DIR_MODE = 0o700
FILE_MODE = 0o600
SQLITE_SIDECARS = ("-wal", "-shm", "-journal")  # SQLite gives them the database file's mode


def private_dir(path: Path) -> Path:
    """Create `path` and its missing parents with mode 0700; directories that exist are left as they are."""
    missing = []
    for p in (path, *path.parents):
        if p.exists():
            break
        missing.append(p)
    for p in reversed(missing):
        try:
            p.mkdir(mode=DIR_MODE)
        except FileExistsError:  # created meanwhile by another process
            continue
        os.chmod(p, DIR_MODE)  # the umask may have removed bits of the mode asked for
    return path


def tighten(path: Path, report: bool = True) -> bool:
    """Take every right of group and others away from `path` (a file becomes 0600, a directory 0700);
    True, with a log line unless `report` is False, when its mode changed."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(st.st_mode):
        return False
    mode = stat.S_IMODE(st.st_mode)
    if not mode & 0o077:
        return False
    wanted = DIR_MODE if stat.S_ISDIR(st.st_mode) else FILE_MODE
    os.chmod(path, wanted)
    if report:
        log.warning("%s was readable by others (mode %04o): now %04o", path, mode, wanted)
    return True


def tighten_tree(root: Path) -> None:
    """`tighten` for `root` and everything under it (files a server created with a looser umask), with one
    log line for the lot."""
    changed = int(tighten(root, report=False))
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            changed += tighten(Path(dirpath) / name, report=False)
    if changed:
        log.warning("%d files and directories under %s were readable by others: now owner-only", changed, root)


def tighten_sqlite(db: Path) -> None:
    """A SQLite database file and the journal files SQLite keeps beside it."""
    for p in (db, *(db.with_name(db.name + s) for s in SQLITE_SIDECARS)):
        tighten(p)


def private_file(path: Path) -> None:
    """`path` exists with mode 0600: created so (never readable by others, not even for a moment), or tightened."""
    private_dir(path.parent)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        tighten(path)


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
    """Replace `path` atomically by `text` in a new file of mode 0600 (a reader sees the old or the new file)."""
    private_dir(path.parent)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)  # a leftover temporary file keeps its old mode through O_CREAT
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
