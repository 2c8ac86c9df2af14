"""Extraction and identity-resolution quality against a generated world's ground truth.

`python -m data_pipeline quality --world DIR [--json]` runs the rule extractor over the world's
notices and compares with `truth.jsonl`:
  extraction  person mentions found (exact text) vs the truth's person mentions: P/R/F1;
              roles: of the matched mentions, how many carry the truth's role key
  identity    pairs of person mentions merged under one NameHub key vs pairs that are the same
              real person in the truth (pairwise P/R, as in entity-resolution practice)
"""
from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

from data_pipeline.extract.base import ExtractionInput
from data_pipeline.extract.rules import extract_text
from data_pipeline.identity import generate_hub_key
from data_pipeline.phase1_rows import full_text
from data_pipeline.sources import Quarantine, read_publications


@dataclass
class PR:
    tp: int
    fp: int
    fn: int

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def to_dict(self) -> dict:
        return asdict(self) | {"precision": round(self.precision, 4), "recall": round(self.recall, 4),
                               "f1": round(self.f1, 4)}


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def truth_mentions(world: Path) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    with open(world / "truth.jsonl", encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if rec.get("type") == "publication":
                out[rec["publication_number"]] = [m for m in rec.get("mentions", []) if m.get("kind") == "person"]
    return out


def evaluate(world: Path) -> dict:
    truth = truth_mentions(world)
    ext = PR(0, 0, 0)
    roles = PR(0, 0, 0)
    errors: Counter[str] = Counter()
    by_key: dict[str, Counter[str]] = defaultdict(Counter)  # hub key -> truth entity -> mentions
    for pub in read_publications([world / "xml"], Quarantine()):
        gold = truth.get(pub.publication_number, [])
        # the extractor sees what phase 2 sees: the Event's full text
        found = [m for m in extract_text(ExtractionInput(pub.publication_number, full_text(pub), pub.language,
                                                          pub.sub_rubric)) if m.kind == "person"]
        gold_by_text: dict[str, list[dict]] = defaultdict(list)
        for g in gold:
            gold_by_text[g["text"]].append(g)
        for m in found:
            if gold_by_text.get(m.name):
                g = gold_by_text[m.name].pop(0)
                ext.tp += 1
                by_key[generate_hub_key(m.name)][g["entity"]] += 1
                if m.role_key == g.get("role_key"):
                    roles.tp += 1
                else:
                    roles.fp += 1
                    errors[f"role {g.get('role_key')} read as {m.role_key}"] += 1
            else:
                ext.fp += 1
                errors[f"spurious: {m.name[:40]}"] += 1
        for rest in gold_by_text.values():
            ext.fn += len(rest)
            for g in rest:
                errors[f"missed ({g.get('variant', '?')}, {pub.sub_rubric})"] += 1
    predicted = sum(_pairs(sum(c.values())) for c in by_key.values())
    correct = sum(_pairs(n) for c in by_key.values() for n in c.values())
    entity_totals: Counter[str] = Counter()
    for c in by_key.values():
        entity_totals.update(c)
    true_pairs = sum(_pairs(n) for n in entity_totals.values())
    er = PR(correct, predicted - correct, true_pairs - correct)
    return {"extraction": ext.to_dict(), "roles": roles.to_dict() | {"accuracy": round(roles.precision, 4)},
            "identity": er.to_dict() | {"hubs": len(by_key), "entities": len(entity_totals)},
            "top_errors": errors.most_common(12)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m data_pipeline quality", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--world", type=Path, required=True)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = evaluate(args.world)
    if args.json:
        print(json.dumps(res, ensure_ascii=False))
    else:
        for part in ("extraction", "roles", "identity"):
            r = res[part]
            print(f"{part:<11} precision {r['precision']:.4f}  recall {r['recall']:.4f}  F1 {r['f1']:.4f}  "
                  f"(tp {r['tp']}, fp {r['fp']}, fn {r['fn']})")
        for err, n in res["top_errors"]:
            print(f"  {n:6d}  {err}")
    return 0
