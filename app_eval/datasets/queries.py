"""The four classes of Cypher subgraph queries behind the automated dataset (paper §5, "reverse RAG").
Portable subset (SPEC §4): one label per pattern node, no APOC, ORDER BY for a stable row order."""
from __future__ import annotations

# (1) direct extraction of node properties -> level 1
DIRECT = """
MATCH (c:Company)
WHERE c.strength = 'strong' AND c.uid STARTS WITH 'CHE-'
RETURN c.uid AS uid, c.name AS name, c.seat AS seat, c.address AS address, c.zip_code AS zip, c.town AS town,
       c.capital_nominal AS capital, c.purpose AS purpose, c.legal_form AS legal_form, c.legal_form_code AS legal_form_code,
       c.status AS status, c.canton AS canton
ORDER BY uid
"""
# (2) multi-hop corporate structures -> level 2: persons acting in a company's notices ...
CORPORATE_PERSONS = """
MATCH (c:Company)-[:HAS_EVENT]->(e:Event)<-[r:ACTED_IN]-(p:Person)
WHERE c.strength = 'strong' AND c.uid STARTS WITH 'CHE-'
RETURN c.uid AS uid, c.name AS name, p.name AS person, r.role AS role, r.role_key AS role_key, r.status AS status,
       e.uid AS publication, e.publication_date AS date
ORDER BY uid, date, publication, person
"""
# ... and head offices of branches (company -[HEAD_OFFICE_OF]-> event <-[HAS_EVENT]- branch)
CORPORATE_HEAD_OFFICES = """
MATCH (h:Company)-[:HEAD_OFFICE_OF]->(e:Event)<-[:HAS_EVENT]-(b:Company)
WHERE h.uid <> b.uid
RETURN b.uid AS uid, b.name AS name, h.uid AS head_uid, h.name AS head_name, e.uid AS publication,
       e.publication_date AS date
ORDER BY uid, date, publication
"""
# (3) NameHub resolution paths -> level 2: the companies whose notices name a person, through the hub
NAMEHUB_PATHS = """
MATCH (h:NameHub)<-[:HAS_NAME]-(p:Person)-[:ACTED_IN]->(e:Event)<-[:HAS_EVENT]-(c:Company)
RETURN h.uid AS hub, h.name AS hub_name, p.uid AS person, p.name AS variant, c.uid AS uid, c.name AS name,
       e.uid AS publication, e.publication_date AS date
ORDER BY hub, date, publication
"""
# (4) temporal event histories -> level 3
HISTORIES = """
MATCH (c:Company)-[:HAS_EVENT]->(e:Event)
WHERE c.strength = 'strong' AND c.uid STARTS WITH 'CHE-'
RETURN c.uid AS uid, c.name AS name, e.uid AS publication, e.publication_date AS date, e.sub_rubric AS sub_rubric,
       e.title AS title
ORDER BY uid, date, publication
"""
# (5) aggregations -> level 3: notices per sub-rubric, canton and year (what count_entities_by_event counts)
EVENT_COUNTS = """
MATCH (e:Event)
WHERE e.sub_rubric IN $subs
RETURN e.sub_rubric AS sub_rubric, e.canton AS canton, substring(e.publication_date, 0, 4) AS year, count(e) AS notices
ORDER BY sub_rubric, canton, year
"""
# (6) full text -> level 3: bankruptcy notices of companies, with their text (creditors' meetings)
BANKRUPTCY_TEXTS = """
MATCH (c:Company)-[:HAS_EVENT]->(e:Event)
WHERE e.sub_rubric = 'KK02' AND c.strength = 'strong'
RETURN c.uid AS uid, c.name AS name, e.uid AS publication, e.publication_date AS date, e.full_text AS text
ORDER BY publication
"""
# (7) graph-native -> level "graph": seat moves, new entries per canton and year, mergers (what list_events lists)
SEAT_MOVES = """
MATCH (c:Company)-[:HAS_EVENT]->(e:Event)
WHERE e.sub_rubric = 'HR02' AND e.before_seat IS NOT NULL AND c.strength = 'strong' AND c.uid STARTS WITH 'CHE-'
RETURN c.uid AS uid, c.name AS name, e.before_seat AS before, e.after_seat AS after, e.uid AS publication,
       e.publication_date AS date
ORDER BY uid, date, publication
"""
NEW_ENTRIES = """
MATCH (c:Company)-[:HAS_EVENT]->(e:Event)
WHERE e.sub_rubric = 'HR01' AND c.strength = 'strong' AND c.uid STARTS WITH 'CHE-'
RETURN c.uid AS uid, c.name AS name, e.canton AS canton, substring(e.publication_date, 0, 4) AS year
ORDER BY uid
"""
MERGERS = """
MATCH (c:Company)-[:HAS_EVENT]->(e:Event)
WHERE e.sub_rubric = 'HR03' AND e.acquirer_uid IS NOT NULL AND c.strength = 'strong' AND c.uid STARTS WITH 'CHE-'
RETURN c.uid AS uid, c.name AS name, e.acquirer_name AS acquirer, e.acquirer_uid AS acquirer_uid,
       e.uid AS publication, e.publication_date AS date
ORDER BY uid
"""
# every name the graph holds (companies, persons, NameHubs): what a "not found" question must avoid
ALL_NAMES = """
MATCH (n:BaseNode)
WHERE (n:Company OR n:Person OR n:NameHub) AND n.name IS NOT NULL
RETURN DISTINCT n.name AS name
ORDER BY name
"""
