"""`python -m data_pipeline build` as a user runs it: summary, idempotence, resume, quarantine."""
import json
import shutil
import signal
import subprocess
import sys
import threading
import time

from data_pipeline.phase1 import write_batch
from data_pipeline.phase3 import summarized
from data_pipeline.sources import Quarantine, read_publications
from data_pipeline.stats import graph_stats
from kg import hub_counts
from tests.conftest import ROOT
from tests.support.env import clean_env
from tests.support.graphs import OwnGraph


def build_cli(g: OwnGraph, *args: str, timeout: int = 600, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "data_pipeline", "build", *args], cwd=ROOT,
                          env=clean_env(**g.env(), **(env or {})), capture_output=True, text=True, timeout=timeout)


def test_build_summary_and_rerun_changes_nothing(small_world, own_graph):
    out = build_cli(own_graph, "--input", str(small_world / "xml"), "--json")
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout)
    st = report["stats"]
    assert report["publications"] == 600 and st["events"] == 600 and st["quarantined"] == 0
    assert st["companies_strong"] > 50 and st["persons_weak"] > 300 and st["name_hubs"] > 200
    assert st["edges_by_type"]["HAS_EVENT"] >= 500 and st["edges_by_type"]["ACTED_IN"] > 300
    assert "phase 1 structured" in out.stderr and "file/s" in out.stderr  # progress with a rate

    # the full-text index, suspended during the bulk load, is back and covers the new events
    with own_graph.graph.driver.session(database=own_graph.graph.database) as s:
        uid, name = next((r["uid"], r["name"]) for r in s.run(
            "MATCH (e:Event) WHERE e.company_name IS NOT NULL RETURN e.uid AS uid, e.company_name AS name "
            "ORDER BY uid LIMIT 50") if len(r["name"].split()[0]) >= 4)
        hits = {r["uid"] for r in s.run("CALL db.index.fulltext.queryNodes('Event[full_text]', $q) YIELD node "
                                        "RETURN node.uid AS uid", q=name.split()[0])}
        # every hub counted, those phases 1-2 created with their nodes too, and the counts' summary valid
        uncounted = s.run("MATCH (h:NameHub) WHERE h.counted IS NULL OR h.counted <> $v OR h.companies IS NULL "
                          "RETURN count(h) AS n", v=hub_counts.VERSION).single()["n"]
    assert uid in hits
    assert uncounted == 0 and summarized(own_graph.graph)

    again = build_cli(own_graph, "--input", str(small_world / "xml"), "--json")
    assert json.loads(again.stdout)["stats"] == st
    text = subprocess.run([sys.executable, "-m", "data_pipeline", "stats"], cwd=ROOT, capture_output=True, text=True,
                          env=clean_env(**own_graph.env()), timeout=120).stdout
    assert "Companies" in text and f"{st['events']:,}" in text


def test_killed_build_resumes_to_the_same_counts(small_world, tmp_path):
    with OwnGraph(tmp_path / "ref") as ref:
        assert build_cli(ref, "--input", str(small_world / "xml"), "--quiet").returncode == 0
        expected = graph_stats(ref.graph).to_dict()
    with OwnGraph(tmp_path / "killed") as g:
        proc = subprocess.Popen([sys.executable, "-m", "data_pipeline", "build", "--input", str(small_world / "xml"),
                                 "--quiet"], cwd=ROOT, env=clean_env(**g.env()),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # kill it once some events are in the graph, mid-way
            with g.graph.driver.session(database=g.graph.database) as s:
                n = s.run("MATCH (e:Event) RETURN count(e) AS c").single()["c"]
            if n >= 100 or proc.poll() is not None:
                break
            time.sleep(0.2)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        partial = graph_stats(g.graph).to_dict()
        assert partial["events"] < expected["events"] or partial != expected
        assert build_cli(g, "--input", str(small_world / "xml"), "--quiet").returncode == 0
        assert graph_stats(g.graph).to_dict() == expected


def test_two_writers_of_the_same_batch_leave_one_copy(small_world, own_graph):
    """What a killed build leaves behind: its last query still running on the server while the restarted
    build writes the same publications. Every node must exist once, whole, and neither writer fails."""
    own_graph.graph.ensure_schema()  # as `build` does: uid uniqueness is what makes the second writer wait
    pubs = list(read_publications([small_world / "xml" / "000"], Quarantine()))[:300]
    errors: list[BaseException] = []

    def writer() -> None:
        try:
            write_batch(own_graph.graph, pubs)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=writer) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [], [f"{getattr(e, 'code', '')}: {e}"[:800] for e in errors]
    with own_graph.graph.driver.session(database=own_graph.graph.database) as s:
        nodes = s.run("MATCH (n:BaseNode) RETURN count(n) AS n, count(DISTINCT n.uid) AS uids").single()
        events = s.run("MATCH (e:Event) RETURN count(e) AS c").single()["c"]
    assert nodes["n"] == nodes["uids"]  # no duplicates, no empty nodes left by a failed statement
    assert events == len({p.publication_number for p in pubs})


def test_malformed_input_is_quarantined_and_counted(small_world, own_graph, tmp_path):
    inp = tmp_path / "in"
    shutil.copytree(small_world / "xml" / "000", inp / "000")
    (inp / "bad.xml").write_text("<HR01:publication xmlns:HR01='https://shab.ch/shab/HR01-export'><meta>")
    (inp / "empty.xml").write_text("")
    out = build_cli(own_graph, "--input", str(inp), "--json", "--quiet")
    report = json.loads(out.stdout)
    assert report["stats"]["quarantined"] == 2
    assert report["publications"] == len(list((inp / "000").glob("*.xml")))
    lines = (own_graph.settings.data_dir / "build" / "quarantine.jsonl").read_text().splitlines()
    reasons = sorted(json.loads(x)["reason"] for x in lines)
    assert reasons[0] == "empty file" and reasons[1].startswith("not well-formed XML")


def test_counts_per_kind_after_a_later_run_are_the_counts_of_every_notice(small_world, own_graph, tmp_path, monkeypatch):
    """A second run with more notices writes count_entities_by_event's counts again (kg.event_counts): read from the
    summary they are what counting every notice gives, and what the first run counted is no longer read."""
    import kg.endpoints.analytics as analytics
    from kg.endpoints import Context, call

    files = sorted(p for p in (small_world / "xml").rglob("*") if p.is_file())
    first = tmp_path / "first"
    first.mkdir()
    for f in files[: len(files) // 2]:
        shutil.copy(f, first / f.name)
    ctx = Context(own_graph.reader, own_graph.settings)
    args = [{"event_type": "foundation"}, {"event_type": "foundation", "canton": "ZH"}, {"event_type": "liquidation"},
            {"canton": "GE", "year": 2022}, {}]
    assert build_cli(own_graph, "--input", str(first), "--quiet").returncode == 0
    before = [call(ctx, "count_entities_by_event", a).rows for a in args]
    assert build_cli(own_graph, "--input", str(small_world / "xml"), "--quiet").returncode == 0
    summarized = [call(ctx, "count_entities_by_event", a).rows for a in args]
    monkeypatch.setattr(analytics.event_counts, "read_counts", lambda *a: None)
    assert summarized == [call(ctx, "count_entities_by_event", a).rows for a in args]
    assert summarized[-1][0]["notices"] == 600 and before[-1][0]["notices"] < 600
