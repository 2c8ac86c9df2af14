"""The baseline's encoder: the same vectors as sentence-transformers on notice texts, the device and
precision it picks, the fallback, and a collection never mixing two variants' vectors."""
from __future__ import annotations

import json
import os
import tempfile
from importlib.metadata import version
from pathlib import Path

import numpy as np
import pytest

from agent.baseline import embedder
from agent.baseline.embedder import Fast, Reference, build, choose
from agent.baseline.store import COLLECTION, EMBEDDER_KEY, claim, open_collection, recorded_embedder
from data_pipeline.generator import generate_world
from data_pipeline.phase1_rows import rows_for
from data_pipeline.sources import read_publications
from kg.settings import Settings

REFERENCE = Path(__file__).with_name("minilm_reference.json")  # `python -m tests.agent.baseline.test_embedder` remakes it


def generated_notices(n: int = 24, seed: int = 3) -> list[str]:
    """Notice texts as the index sees them (a small generated world: ~500 characters, four languages)."""
    with tempfile.TemporaryDirectory() as tmp:
        generate_world(n, seed, Path(tmp))
        return [t for pub in read_publications([Path(tmp) / "xml"]) if (t := rows_for(pub).event.get("full_text"))]


def remake_reference() -> None:
    """sentence-transformers' vectors, stored: importing it takes seconds that these tests need not spend."""
    docs = generated_notices()[:12]
    queries = [" ".join(t.split("\n", 1)[-1].split()[:12]) for t in docs[::3]]
    queries += ["Konkurseröffnung über eine Aktiengesellschaft", "who is the new managing director?"]
    vectors = Reference("cpu").encode(docs + queries)
    about = (f"all-MiniLM-L6-v2 vectors from sentence-transformers {version('sentence-transformers')} (torch "
             f"{version('torch')}, float32, batch 32) for notices of a generated world (seed 3) and questions; "
             f"remade by `python -m tests.agent.baseline.test_embedder`")
    REFERENCE.write_text(json.dumps({"about": about, "documents": docs, "queries": queries,
                                     "vectors": [[round(float(x), 7) for x in row] for row in vectors]},
                                    ensure_ascii=False))


@pytest.fixture(scope="module")
def reference() -> tuple[list[str], list[str], np.ndarray, np.ndarray]:
    ref = json.loads(REFERENCE.read_text())
    vectors = np.array(ref["vectors"], dtype=np.float32)
    n = len(ref["documents"])
    return ref["documents"], ref["queries"], vectors[:n], vectors[n:]


def top(docs: np.ndarray, qs: np.ndarray, k: int) -> list[set[int]]:
    return [set(row) for row in np.argsort(-(qs @ docs.T), axis=1)[:, :k].tolist()]


def test_float32_gives_sentence_transformers_vectors_and_rankings(reference):
    docs, queries, ref_docs, ref_queries = reference
    fast = Fast("cpu", "float32")
    got = fast.encode(docs)
    assert got.shape == (len(docs), embedder.DIMENSIONS) and got.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    assert (got * ref_docs).sum(axis=1).min() > 0.99999  # measured: 0.9999999 on 2,000 notices
    assert top(got, fast.encode(queries), 3) == top(ref_docs, ref_queries, 3)


def test_order_and_batching_do_not_change_a_vector(reference):
    fast = Fast("cpu", "float32")
    texts = reference[0][:6]
    one_batch = fast.model.encode(texts, batch=64)
    shuffled = fast.model.encode(texts[::-1], batch=3)[::-1]
    assert (one_batch * shuffled).sum(axis=1).min() > 0.999999
    assert fast.encode([]).shape == (0, embedder.DIMENSIONS)


def test_the_products_counted_are_those_torch_runs(reference):
    """The bench's float32 GFLOP/s rests on this count: torch's own FLOP counter over one pass per text agrees on
    the projections (it does not see the CPU's attention kernel, whose two products the count adds)."""
    import torch  # noqa: PLC0415
    from torch.utils.flop_counter import FlopCounterMode  # noqa: PLC0415

    model = Fast("cpu", "float32").model
    texts = reference[0][:3] + ["Konkurs"]
    with FlopCounterMode(display=False) as counter:
        for e in model.tokenizer.encode_batch(texts):
            ids = torch.tensor([e.ids])
            model.forward(ids, torch.ones_like(ids))
    assert model.flops(texts, attention=False) == counter.get_total_flops()
    n = len(model.tokenizer.encode("Konkurs").ids)
    assert model.flops(["Konkurs"]) - model.flops(["Konkurs"], attention=False) == model.layers * 4 * n * n * 384


@pytest.mark.skipif(not embedder.cpu_bfloat16(), reason="this CPU has no native bfloat16")
def test_bfloat16_stays_close(reference):
    docs, _, ref_docs, _ = reference
    cos = (Fast("cpu", "bfloat16").encode(docs) * ref_docs).sum(axis=1)
    assert cos.min() > 0.9998  # measured on 2,000 notices: mean 0.999977, lowest 0.999907


def test_device_and_precision(monkeypatch):
    monkeypatch.setattr("torch.cuda.is_available", lambda: False)
    monkeypatch.setattr(embedder, "cpu_bfloat16", lambda: False)
    assert choose({}) == ("cpu", "float32")
    assert choose({"BASELINE_EMBED_PRECISION": "float16"}) == ("cpu", "float32")  # no CPU gains from it
    assert choose({"BASELINE_EMBED_PRECISION": "bfloat16"}) == ("cpu", "float32")
    monkeypatch.setattr(embedder, "cpu_bfloat16", lambda: True)
    assert choose({}) == ("cpu", "bfloat16")  # native bfloat16: the default (measured top-5 agreement >= 99 %)
    assert choose({"BASELINE_EMBED_PRECISION": "float32"}) == ("cpu", "float32")
    monkeypatch.setattr("torch.cuda.is_available", lambda: True)  # a GPU is used when torch sees one
    assert choose({}) == ("cuda", "float16")
    assert choose({"BASELINE_EMBED_DEVICE": "cpu"}) == ("cpu", "bfloat16")
    with pytest.raises(ValueError, match="BASELINE_EMBED_PRECISION"):
        choose({"BASELINE_EMBED_PRECISION": "int8"})


def test_a_fast_encoder_that_cannot_be_built_leaves_sentence_transformers(monkeypatch, capsys):
    def broken(*_args):
        raise FileNotFoundError("model.safetensors")

    class StandIn:  # sentence-transformers itself is not what this test is about (and takes seconds to import)
        variant = "float32"

        def __init__(self, device: str) -> None:
            self.device = device

    monkeypatch.setattr(embedder, "Fast", broken)
    monkeypatch.setattr(embedder, "Reference", StandIn)
    enc = build("cpu", "bfloat16")
    assert isinstance(enc, StandIn) and enc.variant == "float32" and enc.device == "cpu"
    assert "fast encoder failed (FileNotFoundError: model.safetensors)" in capsys.readouterr().err


def test_a_collection_keeps_one_variant(tmp_path):
    settings = Settings(GAZETTE_DATA_DIR=tmp_path, _env_file=None)
    vectors = np.eye(embedder.DIMENSIONS, dtype=np.float32)[:2]
    legacy = open_collection(settings)  # as before the variant was recorded: filled, no key
    legacy.add(ids=["a", "b"], documents=["x", "y"], embeddings=vectors)
    assert recorded_embedder(legacy) == "float32"  # sentence-transformers fp32: the same vectors

    kept, rebuilt = claim(settings, legacy, "float32")
    assert not rebuilt and kept.count() == 2 and open_collection(settings).metadata == {EMBEDDER_KEY: "float32"}

    fresh, rebuilt = claim(settings, open_collection(settings), "bfloat16")
    assert rebuilt and fresh.count() == 0 and fresh.name == COLLECTION
    assert recorded_embedder(open_collection(settings)) == "bfloat16"
    assert open_collection(settings).configuration["hnsw"]["space"] == "cosine"

    again, rebuilt = claim(settings, open_collection(settings), "bfloat16")
    assert not rebuilt and again.count() == 0


if __name__ == "__main__":
    remake_reference()


def test_the_tokenizer_uses_every_core_only_for_a_gpu(monkeypatch):
    # On a GPU tokenizing is the slow part (measured 4.4x faster on all cores); on the CPU one thread, as set.
    monkeypatch.delenv("TOKENIZERS_PARALLELISM", raising=False)
    embedder.tokenize_in_parallel("cpu")
    assert os.environ["TOKENIZERS_PARALLELISM"] == "false"
    monkeypatch.setenv("TOKENIZERS_PARALLELISM", "true")
    embedder.tokenize_in_parallel("cpu")  # the user's choice stands on the CPU
    assert os.environ["TOKENIZERS_PARALLELISM"] == "true"
    monkeypatch.setenv("TOKENIZERS_PARALLELISM", "false")  # e.g. set by the judge's model loaded before
    embedder.tokenize_in_parallel("cuda")
    assert os.environ["TOKENIZERS_PARALLELISM"] == "true"
