"""Reader of the SHAB API's JSON: a detail object `{meta, content, ...}`, a list of them, or a page
`{"content": [...]}` as `/publications` returns it."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from data_pipeline.model import Publication
from data_pipeline.sources.depth import check_json_tree
from data_pipeline.sources.mapping import RecordError, build


def _objects(doc: Any) -> list[Any]:
    if isinstance(doc, list):
        return doc
    if isinstance(doc, dict) and "meta" in doc:
        return [doc]
    if isinstance(doc, dict) and isinstance(doc.get("content"), list):
        return doc["content"]
    raise RecordError("JSON is neither a publication object, a list of them, nor a page with 'content'")


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _load(data: bytes) -> Any:
    try:
        return json.loads(data, parse_constant=_no_constant)  # NaN/Infinity are not JSON
    except RecursionError as exc:
        raise RecordError("JSON nested too deeply to read: not a publication") from exc
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, an integer of 5,000 digits, NaN
        raise RecordError(f"not valid JSON ({exc})") from exc


def parse_json(data: bytes, source: str) -> Iterator[Publication | RecordError]:
    """Each publication of the file, or a `RecordError` for each object that cannot be read
    (one bad object, whatever goes wrong with it, does not stop the others)."""
    if not data.strip():
        raise RecordError("empty file")
    objects = _objects(_load(data))
    for i, obj in enumerate(objects):
        where = source if len(objects) == 1 else f"{source}#{i}"
        if not isinstance(obj, dict):
            yield RecordError("item is not an object", where)
            continue
        try:
            check_json_tree(obj)
            yield build(obj.get("meta"), obj.get("content"), source=where)
        except RecordError as exc:
            yield RecordError(str(exc), where)
        except Exception as exc:  # noqa: BLE001 - one record's failure, whatever it is, is that record's quarantine
            yield RecordError(f"unexpected {type(exc).__name__} while mapping the record: {exc}", where)
