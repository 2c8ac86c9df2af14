"""Privacy layer (§4.1.5): HMAC-SHA256 pseudonymization of names, places and texts in the graph.

Runs after phase 3. Each sensitive property value becomes a fixed-length token; the topology is
untouched. The token -> original table is written outside the graph (mode 0600) so that an
authorized operator can reverse it: `python -m data_pipeline reveal TOKEN`.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
from pathlib import Path

from kg.driver import Graph
from kg.settings import Settings

PREFIX = "PX_"
# Properties holding names, places or free text, per label.
SENSITIVE: dict[str, tuple[str, ...]] = {
    "Company": ("name", "address", "seat", "town", "zip_code", "purpose", "residence", "origin", "nationality",
                "hub_key"),
    "Person": ("name", "first_name", "last_name", "residence", "origin", "nationality", "date_of_birth", "hub_key"),
    "Event": ("full_text", "title", "company_name", "office", "register_office", "source"),
    "NameHub": ("name", "key"),
}
READ = "MATCH (n:{label}) RETURN n.uid AS uid, {props} AS props"
WRITE = "UNWIND $rows AS row MATCH (n:BaseNode {uid: row.uid}) SET n += row.props"


IS_PSEUDONYMIZED = "MATCH (h:NameHub) WHERE h.key STARTS WITH 'PX_' RETURN h.uid AS uid LIMIT 1"


def is_pseudonymized(graph: Graph) -> bool:
    with graph.driver.session(database=graph.database) as s:
        return s.run(IS_PSEUDONYMIZED).single() is not None


def token(key: bytes, value: str) -> str:
    return PREFIX + hmac.new(key, value.encode("utf-8"), hashlib.sha256).hexdigest()[:24]


def table_path(settings: Settings) -> Path:
    return settings.data_dir / "privacy" / "translation.jsonl"


def _key(settings: Settings) -> bytes:
    if settings.privacy_key is None:
        raise ValueError("the privacy layer needs PRIVACY_KEY in the environment or .env")
    return settings.privacy_key.get_secret_value().encode("utf-8")


def pseudonymize_graph(graph: Graph, settings: Settings, batch: int = 2000) -> dict[str, int]:
    key = _key(settings)
    path = table_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    counts = {"nodes": 0, "values": 0}
    seen: set[str] = set()
    with os.fdopen(fd, "a", encoding="utf-8") as table, graph.driver.session(database=graph.database) as s:
        for label, props in SENSITIVE.items():
            projection = "{" + ", ".join(f"{p}: n.{p}" for p in props) + "}"
            rows = []
            for rec in s.run(READ.format(label=label, props=projection)):
                changed = {}
                for p, v in rec["props"].items():
                    if isinstance(v, str) and v and not v.startswith(PREFIX):
                        t = token(key, v)
                        changed[p] = t
                        if t not in seen:
                            seen.add(t)
                            table.write(json.dumps({"token": t, "value": v}, ensure_ascii=False) + "\n")
                if changed:
                    rows.append({"uid": rec["uid"], "props": changed})
                    counts["values"] += len(changed)
            for i in range(0, len(rows), batch):
                graph.write((WRITE, {"rows": rows[i: i + batch]}))
            counts["nodes"] += len(rows)
    return counts


def reveal(settings: Settings, tok: str) -> str | None:
    path = table_path(settings)
    if not path.exists():
        return None
    with open(path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if rec["token"] == tok:
                return rec["value"]
    return None


def main_reveal(argv: list[str] | None = None) -> int:
    import argparse  # noqa: PLC0415
    import sys  # noqa: PLC0415

    from kg.settings import get_settings  # noqa: PLC0415

    ap = argparse.ArgumentParser(prog="python -m data_pipeline reveal",
                                 description="Map a privacy token back to its original (authorized operators only).")
    ap.add_argument("token")
    args = ap.parse_args(argv)
    value = reveal(get_settings(), args.token)
    if value is None:
        print(f"unknown token {args.token}", file=sys.stderr)
        return 1
    print(value)
    return 0
