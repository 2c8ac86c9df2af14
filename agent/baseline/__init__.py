"""Vector-RAG baseline (paper §5.1): every Event text in Chroma with all-MiniLM-L6-v2, top-5 retrieval,
answered by the same engine family as the agent (an LLM, or the offline extractive engine)."""
from agent.baseline.answer import BaselineAnswer, Retrieved
from agent.baseline.api import TOP_K, Baseline
from agent.baseline.index import IndexReport

__all__ = ["TOP_K", "Baseline", "BaselineAnswer", "IndexReport", "Retrieved"]
