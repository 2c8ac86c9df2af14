"""Seeded synthetic SHAB world: publications in the real per-publication XML export format with a known ground
truth (truth.jsonl) of the persons, companies and facts behind every notice. Entry points: `generate_world` and
`cli.main` (`python -m data_pipeline generate ...`)."""
from .engine import GENERATOR_VERSION, GenerationSummary, generate_world

__all__ = ["GENERATOR_VERSION", "GenerationSummary", "generate_world"]
