"""Queries the read-only guard must refuse and queries it must let through.

Shared by the unit test of the guard and the integration test that runs every refused query
against a live graph and checks that nothing changed.
"""
from __future__ import annotations

# Data changes: a transaction that is rolled back undoes them (the second safety layer).
DATA_WRITES = [
    "CREATE (n:X) RETURN n",
    "CREATE (n:BaseNode:Company {uid: 'evil'})",
    "MATCH (a:BaseNode), (b:BaseNode) CREATE (a)-[:RELATED_TO]->(b)",
    "MERGE (n:Company {uid: 'x'}) RETURN n",
    "MERGE (n:Company {uid: 'x'}) ON CREATE SET n.name = 'y'",
    "MATCH (n:Company) SET n.name = 'pwned'",
    "MATCH (n:Company) SET n += {name: 'pwned'}",
    "MATCH (n:Company) SET n:Hacked",
    "MATCH (n) DELETE n",
    "MATCH (n) DETACH DELETE n",
    "MATCH ()-[r]->() DELETE r",
    "MATCH (n:Company) REMOVE n.name",
    "MATCH (n:Company) REMOVE n:Company",
    "FOREACH (x IN range(1, 3) | CREATE (:X {v: x}))",
    "MATCH (n) WITH collect(n) AS ns FOREACH (m IN ns | SET m.x = 1)",
    "LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line",
    "LOAD CSV WITH HEADERS FROM 'http://127.0.0.1/x.csv' AS row CREATE (:X)",
    "CALL { CREATE (n:X) RETURN n } RETURN count(*)",
    "MATCH (n) CALL (n) { SET n.x = 1 } RETURN n",
    "MATCH (n:Company) WITH n LIMIT 1 MERGE (n)-[:RELATED_TO]->(:X)",
    "OPTIONAL MATCH (n:Company) WITH n WHERE n IS NOT NULL SET n.flag = true RETURN n",
]

# Procedures, schema, administration and self-committing batches: not undone by a rollback, so only the guard stops them.
ADMIN_WRITES = [
    # CALL { } IN TRANSACTIONS commits batches of its own, outside the caller's transaction.
    "CALL { MATCH (n) DETACH DELETE n } IN TRANSACTIONS",
    "UNWIND range(1, 10) AS i CALL { WITH i CREATE (:X {i: i}) } IN TRANSACTIONS OF 2 ROWS",
    "CALL apoc.create.node(['X'], {}) YIELD node RETURN node",
    "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {})",
    "CALL apoc.cypher.doIt('CREATE (n:X)', {}) YIELD value RETURN value",
    "RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) DETACH DELETE n RETURN 1', {})",
    "CALL apoc.load.json('file:///etc/passwd') YIELD value RETURN value",
    "CALL dbms.security.createUser('x', 'y', false)",
    "CALL db.createLabel('X')",
    "CALL db.clearQueryCaches()",
    "CALL dbms.killQuery('q-1')",
    "CALL gds.graph.drop('g')",
    "CALL db.index.fulltext.createNodeIndex('x', ['Event'], ['full_text'])",
    "DROP INDEX company_name",
    "DROP CONSTRAINT basenode_uid",
    "CREATE INDEX evil FOR (n:Company) ON (n.x)",
    "CREATE CONSTRAINT evil FOR (n:X) REQUIRE n.x IS UNIQUE",
    "CREATE DATABASE evil",
    "DROP DATABASE neo4j",
    "ALTER USER root SET PASSWORD 'x'",
    "GRANT ROLE admin TO bob",
    "REVOKE ROLE admin FROM bob",
    "DENY READ {*} ON GRAPH * TO bob",
    "START DATABASE neo4j",
    "STOP DATABASE neo4j",
    "TERMINATE TRANSACTIONS 'neo4j-transaction-1'",
    "USE system CREATE USER x SET PASSWORD 'y'",
    "USING PERIODIC COMMIT LOAD CSV FROM 'file:///x' AS l CREATE (:X)",
    "RENAME ROLE a TO b",
    "MATCH (n) RETURN n; CREATE (x:X)",
    "RETURN 1; MATCH (n) DETACH DELETE n",
    "MATCH p = (a)-[*]->(b) FOREACH (n IN nodes(p) | DETACH DELETE n)",
    "INSERT INTO Company SET name = 'x'",
    "UPDATE Company SET name = 'x'",
]

BASE_WRITES = DATA_WRITES + ADMIN_WRITES


def _variants(q: str) -> list[str]:
    """Disguises an attacker (or a confused LLM) might use for the same write."""
    return [
        q,
        q.lower(),
        "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(q)),  # odd case
        f"/* harmless read */ {q}",
        f"// just a read\n{q}",
        q.replace(" ", " /* x */ ", 1),
        f"MATCH (z:Nothing) WHERE z.note = 'a read only query' WITH count(z) AS c {q}",
        f"\n\t  {q}  \n",
    ]


REFUSED: list[str] = [v for q in BASE_WRITES for v in _variants(q)] + [
    "CRE/**/ATE (n:X)",  # a comment cannot glue a keyword back together, but must not hide one either
    "MATCH (n) WITH n /* RETURN n */ DELETE n",
    "MATCH (n) WHERE n.name = 'it''s' DELETE n",
    "MATCH (n) WHERE n.name = \"a \\\" quote\" DETACH DELETE n",
    "MATCH (n) WHERE n.name = 'unterminated RETURN n",
    "MATCH (n) /* unterminated comment RETURN n",
    "CALL `apoc`.`create`.`node`(['X'], {})",
    "CALL apoc.help('create')",
    "",
    "   ",
    "RETURN 1\x00; CREATE (n)",
    "CALL",
]

ALLOWED = [
    "RETURN 1 AS x",
    "MATCH (n:Company) RETURN n.name AS name LIMIT 5",
    "MATCH (n:Company) WHERE n.name = 'CREATE (x:X) DELETE n' RETURN count(n) AS c",
    "MATCH (n) // DETACH DELETE n\nRETURN count(n) AS c",
    "MATCH (n) /* SET n.x = 1 */ RETURN count(n) AS c",
    "MATCH (n:Company) RETURN n.set AS s, n.delete AS d, n.`create` AS c LIMIT 1",
    "MATCH (e:Event) WHERE e.full_text CONTAINS 'Konkurs' RETURN e.uid AS uid ORDER BY uid LIMIT 3",
    "CALL db.labels() YIELD label RETURN label",
    "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType",
    "CALL db.index.fulltext.queryNodes('Event[full_text]', 'Konkurs') YIELD node, score RETURN node.uid AS uid, score",
    "CALL { MATCH (n:Company) RETURN n } RETURN count(n) AS c",
    "MATCH (n:Company) RETURN n.name AS name UNION ALL MATCH (p:Person) RETURN p.name AS name",
    "WITH date('2024-01-01') AS d RETURN d.year AS y",
    "RETURN duration.between(date('2024-01-01'), date('2024-03-01')) AS d",
    "MATCH (n:BaseNode {uid: $uid}) RETURN n",
    "EXPLAIN MATCH (n) RETURN n",
    "SHOW INDEXES",
    "MATCH (n) RETURN n;",
]
