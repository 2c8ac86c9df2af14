"""`python -m kg.schema`: create the schema (constraints, indexes, full-text indexes) on the configured graph
and list the indexes. The DDL itself lives in `kg.ddl` (`Graph.ensure_schema()` runs it); its names are
re-exported here for existing importers."""
from __future__ import annotations

from kg.ddl import (
    COMPANY_NAME_INDEX,
    CONSTRAINTS,
    FULLTEXT,
    FULLTEXT_INDEX,
    HUB_NAME_INDEX,
    INDEXES,
    bootstrap_schema,
    drop_fulltext_arcadedb,
)
from kg.driver import connect
from kg.server import ensure_running

__all__ = ["COMPANY_NAME_INDEX", "CONSTRAINTS", "FULLTEXT", "FULLTEXT_INDEX", "HUB_NAME_INDEX", "INDEXES",
           "bootstrap_schema", "drop_fulltext_arcadedb", "main"]


def main() -> int:
    """Start the embedded server when needed (a command owns it), create the schema, list the indexes."""
    ensure_running()
    with connect(role="writer") as graph:
        graph.ensure_schema()
        with graph.driver.session(database=graph.database) as s:
            names = sorted(r["name"] for r in s.run("SHOW INDEXES YIELD name RETURN name"))
    print(f"schema ready on {graph.backend}: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
