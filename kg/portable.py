"""Idioms of the portable Cypher subset (SPEC §4) that several writers share."""
from __future__ import annotations


def create_missing(label: str, props: str = "row") -> str:
    """UNWIND $rows and create each node whose uid is not in the graph yet, with all its labels at once
    (adding a label later fails under ArcadeDB's uniqueness constraint; a MERGE on two labels is a scan)."""
    return f"""
UNWIND $rows AS row
OPTIONAL MATCH (existing:BaseNode {{uid: row.uid}})
WITH row, existing WHERE existing IS NULL
CREATE (n:BaseNode:{label})
SET n += {props}
"""
