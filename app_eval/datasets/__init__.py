"""The three evaluation datasets (SPEC §8): versioned JSON files, a loader and builders.

automated (300 in three levels and 32 graph-native, reverse RAG from the graph), golden (60, from the
generator's truth), conversational (20 multi-turn conversations, from the truth). Every reference is re-derived
from the world's XML notices (`checks.py`, differences recorded in each file's `checks`); every set is split into
dev and test (`split.py`) and worded by the paraphrase families of its split (`families.py`). Built files go to
`<data_dir>/eval/datasets/`; the files built for the demo world are committed beside this module and used
when nothing was built.
"""
from app_eval.datasets.model import AUTOMATED, CONVERSATIONAL, GOLDEN, KINDS, Conversation, Dataset, Item, Turn
from app_eval.datasets.store import built_dir, load, save

__all__ = ["AUTOMATED", "CONVERSATIONAL", "GOLDEN", "KINDS", "Conversation", "Dataset", "Item", "Turn", "built_dir",
           "load", "save"]
