"""The chat model of the LLM engine (agent and baseline alike): any OpenAI-compatible endpoint through
LangChain's `ChatOpenAI` — OpenAI, Azure's v1 endpoint, Ollama or vLLM by `OPENAI_BASE_URL`.

Paper Table 1: temperature 0, top_p 1, no frequency or presence penalty. The key stays a SecretStr
all the way into the client; nothing here logs it.
"""
from __future__ import annotations

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_openai import ChatOpenAI

from kg.settings import Settings

OFFLINE = "offline"
OFFLINE_LABEL = "offline engine (rule-based, no LLM)"


def engine_name(settings: Settings, engine: str | None = None) -> str:
    """'llm' or 'offline': the explicit choice, else AGENT_ENGINE, else the LLM when one is configured."""
    engine = engine or (settings.agent_engine if settings.agent_engine != "auto" else None)
    if engine in ("llm", OFFLINE):
        return engine
    if engine:
        raise ValueError(f"unknown engine {engine!r}: choose 'llm' or 'offline'")
    return "llm" if settings.llm_configured else OFFLINE


def chat_model(settings: Settings, timeout_s: float | None = None, max_retries: int = 1) -> BaseChatModel:
    if not settings.llm_configured:
        raise RuntimeError("the LLM engine needs OPENAI_API_KEY or OPENAI_BASE_URL (see README, configuration)")
    # A local server (Ollama, vLLM) needs no key, but the client insists on one.
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "not-needed"
    return ChatOpenAI(model=settings.llm_model, api_key=key, base_url=settings.openai_base_url, temperature=0.0,
                      top_p=1.0, frequency_penalty=0.0, presence_penalty=0.0, timeout=timeout_s or settings.llm_timeout_s,
                      max_retries=max_retries, max_tokens=settings.llm_max_tokens, stream_usage=True)


def engine_label(settings: Settings, engine: str) -> str:
    """What the UI shows next to every answer."""
    return f"LLM · {settings.llm_model}" if engine == "llm" else OFFLINE_LABEL
