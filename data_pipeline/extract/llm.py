"""LLM extractor of phase 2 (§4.1.3): batched JSON extraction with small integer ids, texts cut at
2,000 characters, temperature 0, and recursive halving of a batch on invalid JSON or timeout.

The chat call sits behind `ChatJSON`, so tests drive the same code with a scripted model, and
`OpenAIChatJSON` talks to any OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM).
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Protocol

from data_pipeline.extract.base import STOPLIST, ExtractionInput, Extractor, Mention, keep
from data_pipeline.extract.roles import role_key
from data_pipeline.extract.rules import offices
from kg.settings import Settings

log = logging.getLogger(__name__)
MAX_CHARS = 2000
SYSTEM_PROMPT = resources.files("data_pipeline.extract").joinpath("prompts/extract_system.txt").read_text("utf-8")
_CONJUNCTION = re.compile(r"\s+(?:und|et|e|and|&)\s+")
_GENERIC_AUTHORITIES = {"konkursamt", "office des faillites", "ufficio dei fallimenti", "betreibungsamt"}


def _supported(m: Mention, item: ExtractionInput, whole: bool) -> bool:
    """Names must occur in the source (no hallucinations). A split compound name ("Hans und Anna
    Muster" -> "Hans Muster") and an authority completed with its city are checked word by word."""
    if whole:
        return keep(m, item.text)
    words = m.name.split()
    return bool(words) and m.name.lower() not in STOPLIST and all(w in item.text or w == item.town for w in words)


class ChatFailed(Exception):
    """The model gave no usable answer (timeout, transport error)."""


class ChatJSON(Protocol):
    def __call__(self, system: str, user: str) -> str: ...


@dataclass
class OpenAIChatJSON:
    """One chat completion in JSON mode through the official `openai` client."""
    model: str
    api_key: str | None = None
    base_url: str | None = None
    timeout_s: float = 60.0
    calls: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        from openai import OpenAI  # noqa: PLC0415 - only when an LLM is configured

        self._client = OpenAI(api_key=self.api_key or "not-needed", base_url=self.base_url,
                              timeout=self.timeout_s, max_retries=1)

    def __call__(self, system: str, user: str) -> str:
        import openai  # noqa: PLC0415

        self.calls += 1
        try:
            resp = self._client.chat.completions.create(
                model=self.model, temperature=0, top_p=1, frequency_penalty=0, presence_penalty=0,
                response_format={"type": "json_object"},
                messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
            )
        except (openai.APITimeoutError, openai.APIConnectionError, openai.InternalServerError) as exc:
            raise ChatFailed(str(exc)) from exc
        return resp.choices[0].message.content or ""


@dataclass
class LLMExtractor(Extractor):
    chat: ChatJSON
    batch_size: int = 20
    max_chars: int = MAX_CHARS
    name: str = "llm"
    failed: list[str] = field(default_factory=list)  # event uids no answer could be had for

    @classmethod
    def from_settings(cls, settings: Settings) -> LLMExtractor:
        if not settings.llm_configured:
            raise ValueError("the llm extractor needs OPENAI_API_KEY or OPENAI_BASE_URL (see README)")
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
        return cls(OpenAIChatJSON(settings.llm_model, key, settings.openai_base_url))

    def extract(self, batch: list[ExtractionInput]) -> dict[str, list[Mention]]:
        out: dict[str, list[Mention]] = {}
        for i in range(0, len(batch), self.batch_size):
            out.update(self._run(batch[i: i + self.batch_size]))
        return out

    def _run(self, items: list[ExtractionInput]) -> dict[str, list[Mention]]:
        # Small integers instead of uids: the model cannot garble them, and they cost few tokens.
        payload = {str(n): item.text[: self.max_chars] for n, item in enumerate(items, start=1)}
        try:
            answer = json.loads(self.chat(SYSTEM_PROMPT, json.dumps(payload, ensure_ascii=False)))
            if not isinstance(answer, dict):
                raise ValueError("answer is not a JSON object")
        except (ChatFailed, ValueError) as exc:  # JSONDecodeError is a ValueError
            if len(items) == 1:
                log.warning("LLM extraction failed for %s: %s", items[0].uid, exc)
                self.failed.append(items[0].uid)
                return {}
            half = len(items) // 2
            return self._run(items[:half]) | self._run(items[half:])
        return {item.uid: self._mentions(answer.get(str(n)), item) for n, item in enumerate(items, start=1)}

    def _mentions(self, raw: object, item: ExtractionInput) -> list[Mention]:
        if not isinstance(raw, list):
            return []
        found: list[Mention] = []
        for ent in raw:
            if not isinstance(ent, dict) or not isinstance(ent.get("name"), str):
                continue
            kind = ent.get("type") if ent.get("type") in ("person", "company", "office") else "person"
            role = ent.get("role") if isinstance(ent.get("role"), str) else None
            status = "resigned" if ent.get("status") == "resigned" else "registered"
            sig = ent.get("signature") if isinstance(ent.get("signature"), str) else None
            names = self._names(ent["name"].strip(), kind, item)
            for name in names:
                key = "bankruptcy_office" if kind == "office" else role_key(role)
                m = Mention(name=name, kind=kind, role=role, role_key=key, signature=sig, status=status)
                if _supported(m, item, whole=kind != "office" and len(names) == 1):
                    found.append(m)
        return found

    def _names(self, name: str, kind: str, item: ExtractionInput) -> list[str]:
        if kind == "office":
            if name.lower() in _GENERIC_AUTHORITIES:
                return [o.name for o in offices(name, item.town)] or []
            return [name] if name.split(maxsplit=1)[0] in item.text else []
        if kind == "person" and _CONJUNCTION.search(name):
            parts = _CONJUNCTION.split(name)
            last = parts[-1].split()[-1] if parts[-1].split() else ""
            # "Hans und Anna Muster": the family name written once belongs to both
            return [p if len(p.split()) > 1 or not last else f"{p} {last}" for p in parts]
        return [name]
