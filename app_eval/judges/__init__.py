"""Judges score one answer on one metric: an LLM judge (paper Table 9 prompts) or a deterministic one."""
from app_eval.judges.base import METRICS, Judge, JudgeInput, Score

__all__ = ["METRICS", "Judge", "JudgeInput", "Score", "make_judge"]


def make_judge(name: str, settings=None) -> Judge:  # noqa: ANN001 - Settings, imported lazily
    """'deterministic' (no key, no network) or 'llm' (the configured OpenAI-compatible endpoint)."""
    if name == "deterministic":
        from app_eval.judges.deterministic import DeterministicJudge  # noqa: PLC0415 - loads the embedder lazily

        return DeterministicJudge()
    if name == "llm":
        from app_eval.judges.llm import LLMJudge  # noqa: PLC0415 - keeps the deterministic path free of the client

        return LLMJudge(settings)
    raise ValueError(f"unknown judge {name!r}: choose 'deterministic' or 'llm'")
