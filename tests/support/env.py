"""The environment of the programs a test starts: nothing of the developer's or the CI machine's own
graph, LLM or chat configuration leaks in. LLM variables are blanked rather than removed, because a
blank variable also overrides a `.env` file in the working directory (kg.settings: blank is unset)."""
from __future__ import annotations

import os

LLM_VARS = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL", "AGENT_ENGINE")
FOREIGN_PREFIXES = ("NEO4J_", "CHAT_", "CHAINLIT_", "GRAPH_", "GAZETTE_", "PRIVACY_", "CHROMA_")
# Stores a test must never write to even from its own process: a developer's Chroma server (a test's index sync
# deletes what its small world lacks).
OWN_PROCESS_PREFIXES = ("CHROMA_",)


def blank_llm(environ: dict[str, str] | os._Environ[str]) -> None:
    """Applied to the test process itself at start (tests/conftest.py), with the foreign stores removed."""
    for var in LLM_VARS:
        environ[var] = ""
    for var in [k for k in environ if k.startswith(OWN_PROCESS_PREFIXES)]:
        del environ[var]


def clean_env(**extra: str) -> dict[str, str]:
    """os.environ without foreign settings, LLM variables blank, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(FOREIGN_PREFIXES)}
    blank_llm(env)
    return env | extra
