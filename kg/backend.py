"""Which graph server is on the other end of the driver: real Neo4j or ArcadeDB's Bolt plugin."""
from __future__ import annotations

from typing import Literal

from neo4j import Driver

Backend = Literal["neo4j", "arcadedb"]


def detect_backend(driver: Driver, database: str) -> Backend:
    # ArcadeDB answers dbms.components() exactly like Neo4j 5.26 ("Neo4j Kernel"), so the
    # server agent string decides; dbms.components() confirms that a Neo4j is really there.
    agent = driver.get_server_info().agent or ""
    if "arcadedb" in agent.lower():
        return "arcadedb"
    with driver.session(database=database) as s:
        names = [r["name"] for r in s.run("CALL dbms.components() YIELD name RETURN name")]
    if any(n.startswith("Neo4j") for n in names):
        return "neo4j"
    raise RuntimeError(f"unsupported graph server: agent {agent!r}, components {names}")
