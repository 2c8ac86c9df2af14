"""One settings object for the whole product, read from the environment and `.env`.

Secrets are `SecretStr`, so printing or logging a `Settings` never reveals them.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # Graph: a real Neo4j 5 when NEO4J_URI is set, otherwise the embedded ArcadeDB server.
    neo4j_uri: str | None = Field(default=None, alias="NEO4J_URI")
    neo4j_user: str = Field(default="neo4j", alias="NEO4J_USER")
    neo4j_password: SecretStr | None = Field(default=None, alias="NEO4J_PASSWORD")
    neo4j_database: str = Field(default="neo4j", alias="NEO4J_DATABASE")
    # The read-only account of every read path on Neo4j (a reader role: Enterprise or Aura). Unset: the
    # main account with READ transactions only.
    neo4j_reader_user: str | None = Field(default=None, alias="NEO4J_READER_USER")
    neo4j_reader_password: SecretStr | None = Field(default=None, alias="NEO4J_READER_PASSWORD")

    # Only for an external ArcadeDB behind NEO4J_URI: its HTTP API, for the full-text index DDL.
    arcadedb_http_url: str | None = Field(default=None, alias="ARCADEDB_HTTP_URL")

    # Embedded server: data, generated password and logs live under graph_dir.
    graph_dir: Path = Field(default=Path(".graphdb"), alias="GRAPH_DATA_DIR")
    graph_bolt_port: int = Field(default=7687, alias="GRAPH_BOLT_PORT")
    graph_http_port: int = Field(default=2480, alias="GRAPH_HTTP_PORT")
    # The server's heap, which holds its page cache: unset, a quarter of the machine's (or container's) memory, from 2g
    # to 16g; the heap is taken only as pages are read, so a small graph stays small
    graph_heap: str | None = Field(default=None, alias="GRAPH_HEAP")
    graph_start_timeout_s: float = Field(default=90.0, alias="GRAPH_START_TIMEOUT")

    @property
    def graph_heap_size(self) -> str:
        """GRAPH_HEAP, or a quarter of this machine's memory in whole GB between 2 and 16."""
        if self.graph_heap:
            return self.graph_heap
        try:
            total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        except (AttributeError, ValueError, OSError):  # no sysconf (Windows): the laptop default
            return "2g"
        for limit in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
            try:  # a container's memory limit, where it is lower than the machine's
                text = Path(limit).read_text(encoding="ascii").strip()
            except OSError:
                continue
            if text.isdigit():
                total = min(total, int(text))
        return f"{min(16, max(2, total // 4 // 2**30))}g"

    # Generated worlds, indexes and evaluation runs.
    data_dir: Path = Field(default=Path("data"), alias="GAZETTE_DATA_DIR")
    # The baseline's vectors: a Chroma server (`chroma run`, a self-hosted cluster) when CHROMA_HOST is set,
    # otherwise a persistent Chroma under data_dir/chroma on this machine.
    chroma_host: str | None = Field(default=None, alias="CHROMA_HOST")
    chroma_port: int = Field(default=8000, alias="CHROMA_PORT")
    chroma_ssl: bool = Field(default=False, alias="CHROMA_SSL")
    chroma_token: SecretStr | None = Field(default=None, alias="CHROMA_TOKEN")  # a bearer token; needs CHROMA_SSL off localhost

    # LLM engine (any OpenAI-compatible endpoint). Without a key the offline engine is used.
    openai_api_key: SecretStr | None = Field(default=None, alias="OPENAI_API_KEY")
    openai_base_url: str | None = Field(default=None, alias="OPENAI_BASE_URL")
    llm_model: str = Field(default="gpt-4o-mini", alias="LLM_MODEL")
    # every LLM call has a token cap and a timeout: a model that never stops is cut off, not waited for
    llm_max_tokens: int = Field(default=700, alias="LLM_MAX_TOKENS")  # the answer; a tool-choosing call gets 128
    llm_timeout_s: float = Field(default=120.0, alias="LLM_TIMEOUT")
    # the first tool call of a turn: the offline engine's linking and plan when it has one ("plan"), or always the
    # model's own, forced with tool_choice="required" ("model": strong models, and tests of the model's choices)
    llm_first_call: Literal["plan", "model"] = Field(default="plan", alias="LLM_FIRST_CALL")
    # auto: the LLM when configured, else offline. offline: never call an LLM, even with a key set.
    agent_engine: Literal["auto", "offline", "llm"] = Field(default="auto", alias="AGENT_ENGINE")

    # Privacy layer (§4.1.5): HMAC key for pseudonymization; never stored in the repository.
    privacy_key: SecretStr | None = Field(default=None, alias="PRIVACY_KEY")

    # Read-only console / custom Cypher limits.
    query_timeout_s: float = Field(default=15.0, alias="QUERY_TIMEOUT")
    query_row_cap: int = Field(default=1000, alias="QUERY_ROW_CAP")

    @model_validator(mode="before")
    @classmethod
    def _blank_is_unset(cls, data: Any) -> Any:
        """`OPENAI_API_KEY=` means no key: a blank value (from the environment, which wins over `.env`)
        falls back to the default instead of becoming an empty secret."""
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if not (isinstance(v, str) and not v.strip())}
        return data

    @property
    def embedded(self) -> bool:
        """True when the project runs its own ArcadeDB server (no NEO4J_URI)."""
        return not self.neo4j_uri

    @property
    def llm_configured(self) -> bool:
        return self.openai_api_key is not None or self.openai_base_url is not None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (tests build their own `Settings` instead)."""
    return Settings()
