"""The Event texts of the graph, read in pages by uid (portable Cypher: one label, no APOC, no id())."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kg.driver import Graph

COUNT_EVENTS = "MATCH (e:Event) WHERE e.full_text IS NOT NULL RETURN count(e) AS n"
EVENTS_AFTER = """
MATCH (e:Event)
WHERE e.uid > $after AND e.full_text IS NOT NULL
RETURN e.uid AS uid, e.publication_number AS publication_number, e.publication_date AS date,
       e.sub_rubric AS sub_rubric, e.canton AS canton, e.company_name AS company_name, e.language AS language,
       e.full_text AS text
ORDER BY uid
LIMIT $n
"""


def count_events(graph: Graph) -> int:
    with graph.driver.session(database=graph.database) as s:
        return int(s.run(COUNT_EVENTS).single(strict=True)["n"])


def event_pages(graph: Graph, page: int) -> Iterator[list[dict[str, Any]]]:
    """Pages of Event rows in uid order; keyset paging, so each page costs the same however deep it is."""
    after = ""
    with graph.driver.session(database=graph.database) as s:
        while True:
            rows = [r.data() for r in s.run(EVENTS_AFTER, after=after, n=page)]
            if not rows:
                return
            yield rows
            after = rows[-1]["uid"]
