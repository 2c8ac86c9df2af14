"""Files that hold data or secrets are readable by their owner only."""
from __future__ import annotations

import os
import stat
from pathlib import Path


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
