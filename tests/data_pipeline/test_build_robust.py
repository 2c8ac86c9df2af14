"""A build survives bad records and failures: each bad record is quarantined with its reason while the good
ones are built, the quarantine log is appended per run, a re-run changes no count, and the full-text
indexes are back (search works) even after a build that failed midway."""
import json
import stat

import pytest

import data_pipeline.build as build_module
import data_pipeline.phase1_rows as phase1_rows
from data_pipeline.build import ALL_SUB_RUBRICS, build
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.stats import graph_stats
from tests.data_pipeline.samples import BAD, GOOD, SPECIAL, good_numbers, hr01, kk02, write_inputs
from tests.data_pipeline.test_build import build_cli


def event_uids(graph) -> set[str]:
    with graph.driver.session(database=graph.database) as s:
        return {r["uid"] for r in s.run("MATCH (e:Event) RETURN e.uid AS uid")}


def search(graph, term: str) -> set[str]:
    with graph.driver.session(database=graph.database) as s:
        return {r["uid"] for r in s.run("CALL db.index.fulltext.queryNodes('Event[full_text]', $q) YIELD node "
                                        "RETURN node.uid AS uid", q=term)}


def quarantine_lines(state) -> list[dict]:
    return [json.loads(x) for x in (state / "quarantine.jsonl").read_text().splitlines()]


def test_bad_records_are_quarantined_the_good_ones_built_and_a_rerun_changes_nothing(own_graph, tmp_path):
    inp = write_inputs(tmp_path)
    state = own_graph.settings.data_dir / "build"
    bad = len(BAD) + len(SPECIAL)
    reports = []
    for _ in range(2):
        out = build_cli(own_graph, "--input", str(inp), "--json", "--quiet", timeout=300)  # a FIFO must not hang it
        assert out.returncode == 0, out.stderr[-3000:]
        reports.append(json.loads(out.stdout))
    first, second = reports
    assert first["publications"] == GOOD and first["quarantined"] == bad and first["skipped"] == 4
    assert first["stats"]["quarantined"] == bad and first["stats"]["events"] == GOOD
    assert event_uids(own_graph.graph) == good_numbers()
    assert search(own_graph.graph, "Robust") >= {"HR01-0000000001", "HR01-0000000002"}  # indexes are back

    # the log is appended per run, each run under its own id, with honest per-run counts
    assert first["run_id"] != second["run_id"]
    assert second["stats"] == first["stats"]  # a re-run changes no count
    lines = quarantine_lines(state)
    assert [r["run_id"] for r in lines] == [first["run_id"]] * bad + [second["run_id"]] * bad
    reasons = {r["source"].rsplit("/", 1)[-1]: r["reason"] for r in lines if r["run_id"] == second["run_id"]}
    for name, fragment in ({n: f for n, (_, f) in BAD.items()} | SPECIAL).items():
        assert fragment in reasons[name], (name, reasons[name])
    last = json.loads((state / "last_build.json").read_text())
    assert last == {"run_id": second["run_id"], "completed": True, "quarantined": bad, "skipped": 4,
                    "files": len(BAD) + len(SPECIAL) + GOOD, "publications": GOOD}
    for f in (state / "quarantine.jsonl", state / "last_build.json"):
        assert stat.S_IMODE(f.stat().st_mode) == 0o600
    assert stat.S_IMODE(state.stat().st_mode) == 0o700

    text = build_cli(own_graph, "--input", str(inp), "--quiet", timeout=300)
    assert text.returncode == 0 and f"quarantined {bad}" in text.stdout and "run_id" in text.stdout


def test_indexes_are_restored_after_a_build_that_failed_midway(own_graph, tmp_path, monkeypatch):
    inp = tmp_path / "in"
    inp.mkdir()
    for n in (1, 2, 3):
        (inp / f"{n}.xml").write_text(hr01(n))
    (inp / "bad.xml").write_text(hr01(4, capital="1e400"))

    def fail(*args, **kwargs):
        raise RuntimeError("injected failure in phase 3")

    monkeypatch.setattr(build_module, "settle_nodes", fail)  # phase 3's first step
    state = own_graph.settings.data_dir / "build"
    with pytest.raises(RuntimeError, match="injected failure"):
        build(own_graph.graph, [str(inp)], RuleExtractor(), ALL_SUB_RUBRICS, state, progress=False)
    # phase 1 was written and the full-text index, dropped for the bulk load, is back: search works
    assert search(own_graph.graph, "Robust") == {"HR01-0000000001", "HR01-0000000002", "HR01-0000000003"}
    with own_graph.reader.driver.session(database=own_graph.reader.database) as s:
        names = {r["name"] for r in s.run("SHOW INDEXES YIELD name RETURN name")}
    assert {"Event[full_text]", "Company[name]", "NameHub[name]"} <= names
    last = json.loads((state / "last_build.json").read_text())
    assert last["completed"] is False and last["quarantined"] == 1
    [line] = quarantine_lines(state)
    assert line["run_id"] == last["run_id"] and "nominal is not a finite number" in line["reason"]

    monkeypatch.undo()  # the next build finishes the job
    report = build(own_graph.graph, [str(inp)], RuleExtractor(), ALL_SUB_RUBRICS, state, progress=False)
    assert report.stats.events == 3 and report.stats.name_hubs > 0 and report.quarantined == 1


class FlakyExtractor(RuleExtractor):
    """Fails on every batch that holds one given event."""
    name = "flaky"

    def __init__(self, bad_uid: str) -> None:
        super().__init__()
        self.bad_uid = bad_uid

    def extract(self, batch):
        if any(item.uid == self.bad_uid for item in batch):
            raise ValueError("the extractor choked")
        return super().extract(batch)


def test_a_record_the_mapping_the_graph_or_the_extractor_refuses_is_quarantined_and_the_run_goes_on(
        own_graph, tmp_path, monkeypatch):
    inp = tmp_path / "in"
    inp.mkdir()
    for n in range(1, 9):
        (inp / f"hr{n}.xml").write_text(hr01(n))
    (inp / "kk.xml").write_text(kk02(11))
    real_rows_for = phase1_rows.rows_for

    def rows_for(pub, px):
        if pub.publication_number == "HR01-0000000003":
            raise ZeroDivisionError("mapping bug")
        rows = real_rows_for(pub, px)
        if pub.publication_number == "HR01-0000000006":
            rows.event["weird"] = object()  # a value no driver can send: the graph refuses this record only
        return rows

    monkeypatch.setattr(phase1_rows, "rows_for", rows_for)
    state = own_graph.settings.data_dir / "build"
    report = build(own_graph.graph, [str(inp)], FlakyExtractor("HR01-0000000002"), ALL_SUB_RUBRICS, state,
                   progress=False)
    assert report.publications == 7
    assert event_uids(own_graph.graph) == {f"HR01-{n:010d}" for n in (1, 2, 4, 5, 7, 8)} | {"KK02-0000000011"}
    reasons = {r["source"].rsplit("/", 1)[-1]: r["reason"] for r in quarantine_lines(state)}
    assert reasons["hr3.xml"] == "cannot map the record to graph rows (ZeroDivisionError: mapping bug)"
    assert reasons["hr6.xml"].startswith("the graph refused the record (ValueError: Values of type")
    assert reasons["event HR01-0000000002"] == "extraction failed (ValueError: the extractor choked)"
    assert report.quarantined == 3
    with own_graph.graph.driver.session(database=own_graph.graph.database) as s:
        pending = [r["uid"] for r in s.run("MATCH (e:Event) WHERE e.extracted_by IS NULL RETURN e.uid AS uid")]
    assert pending == ["HR01-0000000002"]  # left for the next run; every other event was extracted
    assert graph_stats(own_graph.graph).persons_weak >= 5
