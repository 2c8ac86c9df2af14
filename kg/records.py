"""Turn driver values (nodes, relationships, paths, temporal types) into JSON-ready Python values."""
from __future__ import annotations

from typing import Any

from neo4j.graph import Node, Path, Relationship


def to_jsonable(value: Any) -> Any:
    if isinstance(value, Node):
        return {"_labels": sorted(value.labels), **{k: to_jsonable(v) for k, v in value.items()}}
    if isinstance(value, Relationship):
        return {
            "_type": value.type,
            "_start": value.start_node.get("uid") if value.start_node else None,
            "_end": value.end_node.get("uid") if value.end_node else None,
            **{k: to_jsonable(v) for k, v in value.items()},
        }
    if isinstance(value, Path):
        return {"nodes": [to_jsonable(n) for n in value.nodes],
                "relationships": [to_jsonable(r) for r in value.relationships]}
    if isinstance(value, dict):
        return {k: to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "iso_format"):  # neo4j.time Date/DateTime/Duration
        return value.iso_format()
    return value
