"""--privacy: rows are pseudonymized in memory before any write, so no plaintext name, place, text (nor, with
--tokenize-ids, CHE uid or publication number) ever reaches the graph; uids derived from names are keyed;
the topology is a plain build's; `reveal` maps a token back; the token table is private."""
import hashlib
import json
import stat
import subprocess
import sys
from collections.abc import Iterator

import pytest
from pydantic import SecretStr

from data_pipeline.build import ALL_SUB_RUBRICS, build
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.identity import generate_hub_key
from data_pipeline.phase1_rows import rows_for
from data_pipeline.phase3 import hub_uid
from data_pipeline.privacy import PLAIN, PREFIX, Pseudonymizer, open_pseudonymizer, table_path
from data_pipeline.sources import read_publications
from data_pipeline.sources.xml_reader import parse_xml
from data_pipeline.stats import graph_stats
from data_pipeline.token_table import TokenTable
from kg.company_tops import METRICS as TOP_METRICS
from kg.company_tops import key as top_key
from kg.event_scope import KIND_SCOPES
from kg.hub_counts import PROPERTIES
from kg.places import CANTONS
from tests.conftest import ROOT
from tests.data_pipeline.samples import hr01, kk02
from tests.data_pipeline.test_build import build_cli
from tests.support.env import clean_env
from tests.support.graphs import OwnGraph, generate

KEY = "test-key-not-a-secret"
# Properties that carry no name, place or text of the input (codes, dates, flags; ids without --tokenize-ids).
NOT_PERSONAL = {"uid", "strength", "source_event", "phase", "sub_rubric", "rubric", "publication_number",
                "publication_id", "publication_date", "language", "canton", "cantons", "legal_form", "legal_form_code",
                "status", "as_of", "extractor", "kind", "changes", "deletion_date", "bankruptcy_date", "company_uid",
                "extracted_by", "capital_nominal", "capital_paid", "after_legal_form", "before_legal_form",
                "status_after", "bankruptcy_opened", "acquirer_uid", "hubs_canton", "hub", "scope",
                # list_events' kinds: canton and month ("ZH|2022-03"); the custom-Cypher tool's schema: names and types
                *KIND_SCOPES.values(), "structured", "triples",
                # rank_persons' counts: "GE|3" per hub and canton, and the summary's JSON histograms of them
                *PROPERTIES, *(f"canton_{p}" for p in PROPERTIES),
                # get_top_entities' top companies per metric and canton: JSON lists of uids, keyed where the names are
                *(top_key(m, c) for m in TOP_METRICS for c in (*CANTONS, None)),
                # count_entities_by_event's counts per kind, canton and year: JSON numbers, the build's stamp, the types counted
                "counts", "stamp", "basis",
                # search_companies' names' words: JSON of the stored names' words (keyed where the names are: the first
                # test finds no plain name in any property) and the uids of the nodes holding them
                "words", "chunks"}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory):
    return generate(tmp_path_factory.mktemp("privacy") / "w", 150, seed=5)


def keyed(tmp_path, key: str = KEY, tokenize_ids: bool = False) -> Pseudonymizer:
    return Pseudonymizer(key.encode(), tokenize_ids=tokenize_ids, table=TokenTable(tmp_path / f"{key}.jsonl"))


def strings(value) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def plaintexts(world) -> set[str]:
    """Names, places, texts, CHE uids, publication numbers and ids of the input (5+ characters)."""
    out: set[str | None] = set()
    for pub in read_publications([world / "xml"]):
        out |= {pub.text, pub.subject_name, pub.publication_number, pub.id}
        for c in (pub.company, pub.previous, pub.debtor.company if pub.debtor else None):
            if c is not None:
                out |= {c.name, c.uid, c.seat, c.purpose, c.head_office_name, c.auditor_name}
        if pub.debtor is not None and pub.debtor.person is not None:
            p = pub.debtor.person
            out |= {p.name, p.last_name, p.residence}
    for line in (world / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        out |= {m["text"] for m in json.loads(line).get("mentions", [])}
    return {s for s in out if s and len(s) >= 5}


def leaks(values, plain: set[str]) -> list[tuple[str, str]]:
    """Plaintexts found in (or equal to) any of `values`."""
    found = []
    for v in set(values):
        if v in plain:
            found.append((v, v))
        elif not v.startswith(PREFIX):  # a token holds nothing; codes and role words are checked in full
            found += [(v, p) for p in plain if p in v]
    return found


def graph_strings(graph) -> list[str]:
    """Every string property of every node and every relationship."""
    with graph.driver.session(database=graph.database) as s:
        nodes = [r["p"] for r in s.run("MATCH (n) RETURN properties(n) AS p")]
        rels = [r["p"] for r in s.run("MATCH ()-[r]->() RETURN properties(r) AS p")]
    return list(strings(nodes + rels))


def degrees(graph) -> list[int]:
    with graph.driver.session(database=graph.database) as s:
        return sorted(r["d"] for r in s.run("MATCH (n) OPTIONAL MATCH (n)-[r]-() RETURN n.uid AS uid, count(r) AS d"))


def test_keyed_uids_cannot_be_confirmed_without_the_key(tmp_path):
    name = ("Muster", "Hans", "1970-01-31", "Thun")
    material = "|".join(p.lower() for p in name)
    unkeyed = "PE-" + hashlib.sha1(material.encode(), usedforsecurity=False).hexdigest()[:16]
    assert PLAIN.uid("PE", *name) == unkeyed  # builds without --privacy keep today's uids
    assert PLAIN.uid("NH", "hansmuster") == hub_uid("hansmuster")
    a, b = keyed(tmp_path, KEY), keyed(tmp_path, "another-key")
    assert a.uid("PE", *name).startswith("PE-") and a.uid("PE", *name) == keyed(tmp_path).uid("PE", *name)
    assert a.uid("PE", *name) != unkeyed and a.uid("PE", *name) != b.uid("PE", *name)
    assert a.uid("NH", "hansmuster") not in (hub_uid("hansmuster"), b.uid("NH", "hansmuster"))
    assert a.uid("NH", "hansmuster") != a.uid("WP", "hansmuster")  # the prefix is keyed in as well


def test_rows_are_pseudonymized_in_memory(tmp_path):
    pubs = [parse_xml(hr01(7).encode(), "/in/robust-7.xml"), parse_xml(kk02(8).encode(), "/in/schuldner-8.xml")]
    plain = {"Robust 7 AG", "CHE-200.000.007", "HR01-0000000007", "KK02-0000000008", "Schuldner8", "Schuldner8, Anna",
             "Zürich", "Thun", "1970-01-31", "id-hr-7", "robust-7", "Konkursamt Oberland"}
    for tokenize_ids in (False, True):
        px = keyed(tmp_path, tokenize_ids=tokenize_ids)
        values = [s for pub in pubs for s in strings(rows_for(pub, px).__dict__)]
        ids = {"CHE-200.000.007", "HR01-0000000007", "KK02-0000000008", "id-hr-7"}
        expected = set() if tokenize_ids else ids
        assert {p for v in values for p in plain if p in v} == expected
        assert px.table is not None and px.table.lookup(rows_for(pubs[0], px).event["full_text"]).startswith(
            "Neueintragung Robust 7 AG")


def test_privacy_build_never_writes_plaintext_and_keeps_the_topology(world, tmp_path, monkeypatch):
    plain = plaintexts(world)
    with OwnGraph(tmp_path / "plain") as ref:
        build(ref.graph, [str(world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, ref.settings.data_dir / "build",
              progress=False)
        expected, expected_degrees = graph_stats(ref.graph).to_dict(), degrees(ref.graph)
        assert len(leaks(graph_strings(ref.graph), plain)) > 500  # the detector sees a plain graph's plaintext
        # --privacy never rewrites a plaintext graph: it asks for a fresh database
        refused = build_cli(ref, "--input", str(world / "xml"), "--privacy", "--quiet", env={"PRIVACY_KEY": KEY})
        assert refused.returncode == 2 and "fresh database" in refused.stderr

    with OwnGraph(tmp_path / "private") as g:
        settings = g.settings.model_copy(update={"privacy_key": SecretStr(KEY)})
        written: list = []
        real_write = g.graph.write

        def spy(*statements, **kwargs):
            written.extend(params for _, params in statements)
            return real_write(*statements, **kwargs)

        monkeypatch.setattr(g.graph, "write", spy)
        px = open_pseudonymizer(settings, tokenize_ids=True)
        with px.table:
            report = build(g.graph, [str(world / "xml")], RuleExtractor(), ALL_SUB_RUBRICS, settings.data_dir / "build",
                           progress=False, privacy=px)
        # mid-build: every row handed to the graph was tokenized already
        assert written and leaks(strings(written), plain) == []
        # after the build: no plaintext anywhere, in any node or relationship property
        assert leaks(graph_strings(g.graph), plain) == []
        assert report.phase3["privacy"]["values"] > 500 and report.phase3["privacy"]["ids"] > 150
        # the same graph as a plain build, node for node and edge for edge
        assert graph_stats(g.graph).to_dict() == expected and degrees(g.graph) == expected_degrees

        # reveal maps a token back (names and, with --tokenize-ids, publication numbers)
        with g.graph.driver.session(database=g.graph.database) as s:
            ev = s.run("MATCH (c:Company)-[:HAS_EVENT]->(e:Event) WHERE c.strength = 'strong' "
                       "RETURN c.name AS name, e.uid AS uid, e.publication_date AS date ORDER BY uid LIMIT 1").single()
        names = {p.publication_number: p.subject_name for p in read_publications([world / "xml"])}
        number = reveal_cli(g, ev["uid"])
        assert number in names and reveal_cli(g, ev["name"]) in {n for n in names.values() if n}
        table = table_path(settings)
        assert stat.S_IMODE(table.stat().st_mode) == 0o600 and stat.S_IMODE(table.parent.stat().st_mode) == 0o700

        # a re-run changes no count; building without the same flags and key is refused
        again = build_cli(g, "--input", str(world / "xml"), "--privacy", "--tokenize-ids", "--json", "--quiet",
                          env={"PRIVACY_KEY": KEY})
        assert again.returncode == 0, again.stderr[-2000:]
        assert json.loads(again.stdout)["stats"] == expected
        for args, env, message in ((("--quiet",), {}, "pseudonymized"),
                                   (("--privacy",), {"PRIVACY_KEY": KEY}, "--tokenize-ids"),
                                   (("--privacy", "--tokenize-ids"), {"PRIVACY_KEY": "wrong"}, "not the key"),
                                   (("--privacy",), {}, "PRIVACY_KEY")):
            out = build_cli(g, "--input", str(world / "xml"), *args, env=env)
            assert out.returncode == 2 and message in out.stderr, (args, out.stderr[-500:])
        assert leaks(graph_strings(g.graph), plain) == []


def test_privacy_without_tokenize_ids_keeps_public_ids_and_keys_the_rest(world, tmp_path):
    with OwnGraph(tmp_path / "g") as g:
        out = build_cli(g, "--input", str(world / "xml" / "000"), "--privacy", "--json", "--quiet",
                        env={"PRIVACY_KEY": KEY})
        assert out.returncode == 0, out.stderr[-2000:]
        with g.graph.driver.session(database=g.graph.database) as s:
            props = [r["p"] for r in s.run("MATCH (n) RETURN properties(n) AS p")]
    assert [(k, v) for p in props for k, v in p.items()
            if isinstance(v, str) and k not in NOT_PERSONAL and not v.startswith(PREFIX)] == []
    uids = {p["uid"] for p in props}
    pubs = list(read_publications([world / "xml" / "000"]))
    assert {p.publication_number for p in pubs} <= uids  # public ids stay: joinable with the SHAB
    assert {p.company.uid for p in pubs if p.company and p.company.uid} <= uids
    hubs = {p["uid"] for p in props if p["uid"].startswith("NH-")}
    names = {p.subject_name for p in pubs if p.subject_name}
    assert hubs and not hubs & {hub_uid(generate_hub_key(n)) for n in names}  # a guessed name confirms nothing


def test_cli_help_states_the_trade_off_and_tokenize_ids_needs_privacy(tmp_path):
    helptext = subprocess.run([sys.executable, "-m", "data_pipeline", "build", "--help"], cwd=ROOT, capture_output=True,
                              text=True, timeout=60, env=clean_env()).stdout
    assert "--tokenize-ids" in " ".join(helptext.split()) and "no longer be joined" in " ".join(helptext.split())
    out = subprocess.run([sys.executable, "-m", "data_pipeline", "build", "--input", str(tmp_path), "--tokenize-ids"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60, env=clean_env())
    assert out.returncode == 2 and "--tokenize-ids needs --privacy" in out.stderr


def reveal_cli(g: OwnGraph, token: str) -> str:
    out = subprocess.run([sys.executable, "-m", "data_pipeline", "reveal", token], cwd=ROOT,
                         env=clean_env(**g.env()), capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()
