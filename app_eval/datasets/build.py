"""Build the three datasets for a world and its graph (`python -m app_eval datasets build`)."""
from __future__ import annotations

from pathlib import Path

from app_eval.datasets.automated import build_automated
from app_eval.datasets.conversational import build_conversational
from app_eval.datasets.golden import build_golden
from app_eval.datasets.model import AUTOMATED, CONVERSATIONAL, GOLDEN, KINDS
from app_eval.datasets.store import save
from app_eval.datasets.truth import Truth
from kg.driver import Graph
from kg.settings import Settings


def build_all(world: Path, out: Path, graph: Graph | None, kinds: tuple[str, ...] = KINDS,
              settings: Settings | None = None, paraphrase: bool = False) -> dict[str, Path]:
    """golden and conversational from the world's truth; automated from the graph built from that world."""
    truth = Truth.load(world)
    written: dict[str, Path] = {}
    if GOLDEN in kinds:
        written[GOLDEN] = save(build_golden(truth), out)
    if CONVERSATIONAL in kinds:
        written[CONVERSATIONAL] = save(build_conversational(truth), out)
    if AUTOMATED in kinds:
        if graph is None:
            raise ValueError("the automated dataset is built from the graph: connect one")
        rewrite = None
        if paraphrase:
            from app_eval.datasets.paraphrase import make_paraphraser  # noqa: PLC0415

            rewrite = make_paraphraser(settings)
        written[AUTOMATED] = save(build_automated(graph, truth.summary, paraphrase=rewrite), out)
    return written
