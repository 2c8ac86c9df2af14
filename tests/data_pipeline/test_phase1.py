"""Phase 1 against the embedded graph: strong nodes and Table 6 edges from real notices, idempotent."""
import pytest

from data_pipeline.phase1 import write_batch
from data_pipeline.sources import Quarantine, read_publications
from tests.conftest import REALDATA, run

SHAB = REALDATA / "shab"
pytestmark = pytest.mark.skipif(not SHAB.is_dir(), reason=f"real SHAB samples not found at {SHAB}")
REAL_UIDS = ["CHE-344.059.939", "CHE-114.723.217", "CHE-369.297.923", "CHE-278.850.327", "CHE-457.983.142",
             "CHE-159.326.663", "CHE-307.336.313"]


def counts(graph):
    q = "MATCH (n:BaseNode) WHERE n.uid IN $u OR n.uid STARTS WITH 'HR0' OR n.uid STARTS WITH 'KK0' RETURN count(n) AS c"
    nodes = run(graph, q, u=REAL_UIDS)[0]["c"]
    edges = run(graph, "MATCH (a:BaseNode)-[r]->(e:Event) WHERE a.uid IN $u RETURN count(r) AS c", u=REAL_UIDS)[0]["c"]
    return nodes, edges


@pytest.fixture(scope="module")
def loaded(graph):
    run(graph, "MATCH (n:BaseNode) WHERE n.uid IN $u OR n.source STARTS WITH $s DETACH DELETE n",
        u=REAL_UIDS, s=str(SHAB))
    pubs = list(read_publications([SHAB / "xml", SHAB / "json"], Quarantine()))
    write_batch(graph, pubs)
    yield graph, pubs
    run(graph, "MATCH (n:BaseNode) WHERE n.uid IN $u OR n.source STARTS WITH $s DETACH DELETE n",
        u=REAL_UIDS, s=str(SHAB))


def test_company_nodes_carry_the_register_facts(loaded):
    graph, _ = loaded
    [c] = run(graph, "MATCH (c:BaseNode {uid: 'CHE-344.059.939'}) WHERE c:Company RETURN c {.*} AS c")
    c = c["c"]
    assert (c["name"], c["seat"], c["legal_form"], c["capital_nominal"]) == ("Hikari Labs GmbH", "Spreitenbach", "GmbH", 20000.0)
    assert c["address"] == "Sandäckerstrasse 5a, 8957 Spreitenbach" and c["strength"] == "strong"
    assert c["status"] == "active" and c["source_event"] == "HR01-1006739231"


def test_later_events_update_state_earlier_ones_do_not(loaded):
    graph, _ = loaded
    [row] = run(graph, "MATCH (c:BaseNode {uid: 'CHE-307.336.313'}) RETURN c.seat AS seat, c.as_of AS as_of")
    assert row == {"seat": "Saint-Gingolph", "as_of": "2026-08-26"}
    [row] = run(graph, "MATCH (c:BaseNode {uid: 'CHE-369.297.923'}) RETURN c.status AS s, c.deletion_date AS d")
    assert row == {"s": "deleted", "d": "2026-08-20"}
    [row] = run(graph, "MATCH (c:BaseNode {uid: 'CHE-278.850.327'}) RETURN c.status AS s, c.bankruptcy_date AS d, "
                       "c.name AS n")
    assert row == {"s": "bankrupt", "d": "2026-07-20", "n": "SM Regio Print GmbH"}


def test_events_keep_text_and_citation_fields_and_link_to_their_company(loaded):
    graph, _ = loaded
    rows = run(graph, """
        MATCH (c:BaseNode {uid: 'CHE-344.059.939'})-[r:HAS_EVENT]->(e:Event)
        RETURN e.publication_number AS num, e.publication_date AS date, e.sub_rubric AS sr, e.canton AS canton,
               e.language AS lang, r.role AS role, e.full_text AS text
    """)
    assert len(rows) == 1
    r = rows[0]
    assert (r["num"], r["date"], r["sr"], r["canton"], r["lang"], r["role"]) == \
        ("HR01-1006739231", "2026-08-25", "HR01", "AG", "de", "SUBJECT")
    assert r["text"].startswith("Neueintragung Hikari Labs GmbH, Spreitenbach\nHikari Labs GmbH, in Spreitenbach")
    [kk] = run(graph, "MATCH (c:BaseNode {uid: 'CHE-457.983.142'})-[r:HAS_EVENT]->(e:Event) "
                      "RETURN r.role AS role, e.full_text AS text")
    assert kk["role"] == "DEBTOR_COMPANY"
    assert "Office: Ufficio esecuzioni e fallimenti Moesa" in kk["text"] and "Claims deadline: 2026-09-14" in kk["text"]


def test_full_text_index_sees_phase1_events(loaded):
    graph, _ = loaded
    hits = run(graph, "CALL db.index.fulltext.queryNodes('Event[full_text]', 'Gradonski') YIELD node "
                      "RETURN node.uid AS uid")
    assert [h["uid"] for h in hits] == ["HR01-1006739231"]


def test_rerunning_phase1_changes_no_count(loaded):
    graph, pubs = loaded
    before = counts(graph)
    assert before == (14, 7)
    write_batch(graph, pubs)
    write_batch(graph, list(reversed(pubs)))
    assert counts(graph) == before
    [row] = run(graph, "MATCH (c:BaseNode {uid: 'CHE-307.336.313'}) RETURN c.seat AS seat")
    assert row["seat"] == "Saint-Gingolph"
