"""Where dataset files live and how they are read and written (JSON, validated on load)."""
from __future__ import annotations

import json
import os
from pathlib import Path

from app_eval.datasets.model import Dataset
from kg.settings import Settings

COMMITTED = Path(__file__).resolve().parent / "files"  # built for the demo world, checked in


def built_dir(settings: Settings) -> Path:
    return settings.data_dir / "eval" / "datasets"


def path_for(kind: str, directory: Path) -> Path:
    return directory / f"{kind}.json"


def load(kind: str, directory: Path | None = None, settings: Settings | None = None) -> tuple[Dataset, Path]:
    """The dataset from `directory`, else the one built under the data dir, else the committed demo file."""
    candidates = [directory] if directory else [built_dir(settings)] if settings else []
    candidates.append(COMMITTED)
    for d in candidates:
        p = path_for(kind, d)
        if p.exists():
            return Dataset.model_validate_json(p.read_text(encoding="utf-8")), p
    raise FileNotFoundError(f"no {kind} dataset in {', '.join(map(str, candidates))}; run `python -m app_eval datasets build`")


def save(ds: Dataset, directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    p = path_for(ds.kind, directory)
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps(ds.model_dump(exclude_defaults=False), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, p)
    return p
