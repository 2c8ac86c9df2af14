"""Reader of the SHAB API's JSON: a detail object `{meta, content, ...}`, a list of them, or a page
`{"content": [...]}` as `/publications` returns it."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from data_pipeline.model import Publication
from data_pipeline.sources.mapping import RecordError, build


def _objects(doc: Any) -> list[Any]:
    if isinstance(doc, list):
        return doc
    if isinstance(doc, dict) and "meta" in doc:
        return [doc]
    if isinstance(doc, dict) and isinstance(doc.get("content"), list):
        return doc["content"]
    raise RecordError("JSON is neither a publication object, a list of them, nor a page with 'content'")


def parse_json(data: bytes, source: str) -> Iterator[Publication | RecordError]:
    """Each publication of the file, or a `RecordError` for each object that cannot be read
    (one bad object does not stop the others)."""
    if not data.strip():
        raise RecordError("empty file")
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"not valid JSON ({exc})") from exc
    objects = _objects(doc)
    for i, obj in enumerate(objects):
        where = source if len(objects) == 1 else f"{source}#{i}"
        if not isinstance(obj, dict):
            yield RecordError("item is not an object", where)
            continue
        try:
            yield build(obj.get("meta"), obj.get("content"), source=where)
        except RecordError as exc:
            yield RecordError(str(exc), where)
