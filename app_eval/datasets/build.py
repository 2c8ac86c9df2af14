"""Build the three datasets for a world and its graph (`python -m app_eval datasets build`).

golden and conversational come from the world's truth, automated from the graph built from that world; every
reference is then re-derived from the world's XML notices (the second procedure, `checks.py`) and each
difference is recorded in the dataset's `checks`."""
from __future__ import annotations

from pathlib import Path

from app_eval.datasets.automated import build_automated
from app_eval.datasets.compose import world_digest
from app_eval.datasets.conversational import build_conversational
from app_eval.datasets.golden import build_golden
from app_eval.datasets.model import AUTOMATED, CONVERSATIONAL, GOLDEN, KINDS
from app_eval.datasets.notices import Notices
from app_eval.datasets.store import save
from app_eval.datasets.truth import Truth
from kg.driver import Graph
from kg.settings import Settings


def build_all(world: Path, out: Path, graph: Graph | None, kinds: tuple[str, ...] = KINDS,
              settings: Settings | None = None, paraphrase: bool = False) -> dict[str, Path]:
    truth, notices, digest = Truth.load(world), Notices.load(world), world_digest(world)
    written: dict[str, Path] = {}
    if GOLDEN in kinds:
        written[GOLDEN] = save(build_golden(truth, notices=notices, world=world), out)
    if CONVERSATIONAL in kinds:
        written[CONVERSATIONAL] = save(build_conversational(truth, notices=notices, world=world), out)
    if AUTOMATED in kinds:
        if graph is None:
            raise ValueError("the automated dataset is built from the graph: connect one")
        rewrite = None
        if paraphrase:
            from app_eval.datasets.paraphrase import make_paraphraser  # noqa: PLC0415

            rewrite = make_paraphraser(settings)
        written[AUTOMATED] = save(build_automated(graph, truth, notices, world_digest=digest, paraphrase=rewrite), out)
    return written
