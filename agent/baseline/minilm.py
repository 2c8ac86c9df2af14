"""all-MiniLM-L6-v2's forward pass in plain torch, on the packaged weights: the same computation as
sentence-transformers (BERT, 6 layers, mean pooling, unit length), with the matrix products in a
chosen precision.

The matrix products run in `matmul_dtype`: float32 is the exact model; bfloat16 on a CPU that has it
(AVX512-BF16, AMX) or float16 on a GPU does them at a multiple of the float32 rate. Everything that
decides the vectors' direction beyond the products stays in float32: the residual stream, the layer
norms, the pooling. Texts are tokenized once per call, sorted by length across the whole call and cut
into batches, so a batch pads only to its own longest text.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F  # noqa: N812 - torch's own convention
from safetensors.torch import load_file
from tokenizers import Tokenizer

LAYER = "encoder.layer.{}."


def _linear(x: torch.Tensor, weight_bias: tuple[torch.Tensor, torch.Tensor]) -> torch.Tensor:
    """x @ W.T + b in the weight's precision (the input is rounded to it, the bias fused into the product)."""
    weight, bias = weight_bias
    return F.linear(x.to(weight.dtype), weight, bias)


class MiniLM:
    """Weights and tokenizer read from `model_dir` (a sentence-transformers folder of a BERT model)."""

    def __init__(self, model_dir: Path, device: str = "cpu", matmul_dtype: torch.dtype = torch.float32) -> None:
        config = json.loads((model_dir / "config.json").read_text())
        if config.get("model_type") != "bert" or config.get("hidden_act") != "gelu" \
                or config.get("position_embedding_type", "absolute") != "absolute":
            raise ValueError(f"not a BERT model this forward pass implements: {model_dir}")
        pooling = json.loads((model_dir / "1_Pooling" / "config.json").read_text())
        if not pooling.get("pooling_mode_mean_tokens"):
            raise ValueError(f"the model does not pool by mean: {model_dir}")
        st_config = json.loads((model_dir / "sentence_bert_config.json").read_text())
        self.max_length = int(st_config["max_seq_length"])
        self.device, self.dtype = torch.device(device), matmul_dtype
        self.heads = int(config["num_attention_heads"])
        self.hidden = int(config["hidden_size"])
        self.eps = float(config["layer_norm_eps"])
        self.layers = int(config["num_hidden_layers"])
        self.intermediate = int(config["intermediate_size"])

        w = load_file(str(model_dir / "model.safetensors"))

        def full(name: str) -> torch.Tensor:  # float32: embeddings, layer norms
            return w[name].to(self.device, torch.float32).contiguous()

        def mat(name: str) -> torch.Tensor:  # the products' operands, in the chosen precision
            return w[name].to(self.device, self.dtype).contiguous()

        self.word, self.position = full("embeddings.word_embeddings.weight"), full("embeddings.position_embeddings.weight")
        self.token_type0 = full("embeddings.token_type_embeddings.weight")[0]
        self.ln0 = (full("embeddings.LayerNorm.weight"), full("embeddings.LayerNorm.bias"))
        self.blocks = []
        for i in range(self.layers):
            p = LAYER.format(i)
            qkv_w = torch.cat([w[p + f"attention.self.{x}.weight"] for x in ("query", "key", "value")])
            qkv_b = torch.cat([w[p + f"attention.self.{x}.bias"] for x in ("query", "key", "value")])
            self.blocks.append({
                "qkv": (qkv_w.to(self.device, self.dtype).contiguous(), qkv_b.to(self.device, self.dtype)),
                "out": (mat(p + "attention.output.dense.weight"), mat(p + "attention.output.dense.bias")),
                "ln1": (full(p + "attention.output.LayerNorm.weight"), full(p + "attention.output.LayerNorm.bias")),
                "up": (mat(p + "intermediate.dense.weight"), mat(p + "intermediate.dense.bias")),
                "down": (mat(p + "output.dense.weight"), mat(p + "output.dense.bias")),
                "ln2": (full(p + "output.LayerNorm.weight"), full(p + "output.LayerNorm.bias")),
            })
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.no_padding()  # the file pads and truncates to 128; sentence-transformers cuts at max_seq_length
        self.tokenizer.enable_truncation(self.max_length)

    @torch.inference_mode()
    def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """ids, mask: [batch, length] -> unit vectors [batch, hidden], float32."""
        b, n = ids.shape
        heads, dim = self.heads, self.hidden // self.heads
        x = self.word[ids] + self.position[:n] + self.token_type0
        x = F.layer_norm(x, (self.hidden,), *self.ln0, self.eps)
        keys = mask[:, None, None, :].bool()  # padding is never attended to
        for blk in self.blocks:
            qkv = _linear(x, blk["qkv"]).view(b, n, 3, heads, dim).permute(2, 0, 3, 1, 4)
            a = F.scaled_dot_product_attention(qkv[0], qkv[1], qkv[2], attn_mask=keys)
            a = _linear(a.transpose(1, 2).reshape(b, n, self.hidden), blk["out"])
            x = F.layer_norm(x + a.float(), (self.hidden,), *blk["ln1"], self.eps)
            h = _linear(F.gelu(_linear(x, blk["up"])), blk["down"])
            x = F.layer_norm(x + h.float(), (self.hidden,), *blk["ln2"], self.eps)
        m = mask.unsqueeze(-1).to(x.dtype)
        pooled = (x * m).sum(1) / m.sum(1).clamp(min=1e-9)
        return F.normalize(pooled, p=2.0, dim=1)

    def flops(self, texts: Sequence[str], attention: bool = True) -> int:
        """Floating-point operations of the matrix products that encoding `texts` takes (each text at its own length:
        the projections, the feed-forward pair and, unless `attention` is False, attention's two products; 2 per
        multiply-add)."""
        h, f = self.hidden, self.intermediate
        per_layer = sum(2 * n * (4 * h * h + 2 * h * f) + (2 * 2 * n * n * h if attention else 0)
                        for n in (len(e.ids) for e in self.tokenizer.encode_batch(list(texts))))
        return self.layers * per_layer

    def encode(self, texts: Sequence[str], batch: int = 32) -> np.ndarray:
        """Unit-length float32 vectors, one row per text, in the order given."""
        out = np.zeros((len(texts), self.hidden), dtype=np.float32)
        if not texts:
            return out
        encoded = [e.ids for e in self.tokenizer.encode_batch(list(texts))]
        order = sorted(range(len(encoded)), key=lambda i: -len(encoded[i]))
        for start in range(0, len(order), batch):
            rows = order[start:start + batch]
            width = len(encoded[rows[0]])  # longest first
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.int64)
            for r, i in enumerate(rows):
                ids[r, :len(encoded[i])] = encoded[i]
                mask[r, :len(encoded[i])] = 1
            vectors = self.forward(torch.from_numpy(ids).to(self.device), torch.from_numpy(mask).to(self.device))
            out[rows] = vectors.float().cpu().numpy()
        return out
