"""--privacy: no plaintext name, place or text left in the graph, same topology, reversible by reveal."""
import json
import subprocess
import sys

from data_pipeline.sources import read_publications
from tests.conftest import ROOT
from tests.data_pipeline.test_build import build_cli
from tests.support.env import clean_env

# Properties that carry no name, place or text of the input (codes, dates, ids, flags).
NOT_PERSONAL = {"uid", "strength", "source_event", "phase", "sub_rubric", "rubric", "publication_number",
                "publication_id", "publication_date", "language", "canton", "cantons", "legal_form", "legal_form_code",
                "status", "as_of", "extractor", "kind", "changes", "deletion_date", "bankruptcy_date", "company_uid",
                "extracted_by", "capital_nominal", "capital_paid"}


def degrees(graph):
    with graph.driver.session(database=graph.database) as s:
        return sorted((r["uid"], r["d"]) for r in s.run("MATCH (n) OPTIONAL MATCH (n)-[r]-() "
                                                         "RETURN n.uid AS uid, count(r) AS d"))


def node_props(graph):
    with graph.driver.session(database=graph.database) as s:
        return [r["p"] for r in s.run("MATCH (n) RETURN properties(n) AS p")]


def test_privacy_layer(small_world, own_graph):
    inp = str(small_world / "xml")
    assert build_cli(own_graph, "--input", inp, "--quiet").returncode == 0
    before_deg = degrees(own_graph.graph)
    before = node_props(own_graph.graph)

    refused = build_cli(own_graph, "--input", inp, "--privacy")
    assert refused.returncode == 2 and "PRIVACY_KEY" in refused.stderr
    env_key = {"PRIVACY_KEY": "test-key-not-a-secret"}
    out = subprocess.run([sys.executable, "-m", "data_pipeline", "build", "--input", inp, "--privacy", "--json",
                          "--quiet"], cwd=ROOT, env=clean_env(**own_graph.env(), **env_key),
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout)["phase3"]["privacy"]["values"] > 1000

    assert degrees(own_graph.graph) == before_deg  # same nodes, edges and degree of every node
    after = node_props(own_graph.graph)
    leaks = [(k, v) for p in after for k, v in p.items()
             if isinstance(v, str) and k not in NOT_PERSONAL and not v.startswith("PX_")]
    assert leaks == []
    plain = set()
    for pub in read_publications([small_world / "xml"]):
        plain |= {pub.text, pub.subject_name, pub.company.seat if pub.company else None}
    for line in (small_world / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        plain |= {m["text"] for m in rec.get("mentions", [])}
    plain.discard(None)
    values = {v for p in after for v in p.values() if isinstance(v, str)}
    assert not (values & plain)

    # reveal maps a token back to the original value, for an operator holding the table
    uid, name_before = next((p["uid"], p["name"]) for p in before if p["uid"].startswith("CHE-") and p.get("name"))
    token = next(p["name"] for p in after if p["uid"] == uid)
    rev = subprocess.run([sys.executable, "-m", "data_pipeline", "reveal", token], cwd=ROOT,
                         env=clean_env(**own_graph.env()), capture_output=True, text=True, timeout=60)
    assert rev.returncode == 0 and rev.stdout.strip() == name_before
    table = own_graph.settings.data_dir / "privacy" / "translation.jsonl"
    assert oct(table.stat().st_mode & 0o777) == "0o600"

    # a plain build into a pseudonymized graph would write names back: refused
    plain_again = build_cli(own_graph, "--input", inp, "--quiet")
    assert plain_again.returncode == 2 and "pseudonymized" in plain_again.stderr
    assert not ({v for p in node_props(own_graph.graph) for v in p.values() if isinstance(v, str)} & plain)
