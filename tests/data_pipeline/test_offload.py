"""A build whose reading and rule extraction run in a second process (`data_pipeline.offload`, what a large build
does) makes the same graph and the same quarantine log as one that runs them in its own process; and the C parser
takes only the documents that can declare no entity."""
from __future__ import annotations

import gc
import json
import operator
import os
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree.ElementTree import ParseError, tostring

import psutil
import pytest
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as defused_fromstring

import data_pipeline.build as build_module
from data_pipeline import gc_budget, offload, phase1_rows, phase2_rows
from data_pipeline.ahead import ahead
from data_pipeline.build import ALL_SUB_RUBRICS, build, quarantine_file
from data_pipeline.extract.rules import RuleExtractor
from data_pipeline.sources import read_chunk
from data_pipeline.sources.xml_reader import fromstring, plain_xml
from tests.data_pipeline.samples import hr01
from tests.support.graphs import OwnGraph, dump


def _built(directory: Path, inputs: Path, processes: bool) -> tuple[tuple[list, list], list[str], dict]:
    with OwnGraph(directory) as g:
        state = g.settings.data_dir / "build"
        report = build(g.graph, [str(inputs)], RuleExtractor(), ALL_SUB_RUBRICS, state, batch_files=50,
                       progress=False, processes=processes)
        q = quarantine_file(state)
        log = [(e["source"].replace(str(inputs), ""), e["reason"])
               for e in map(json.loads, q.read_text().splitlines() if q.exists() else [])]
        return dump(g.graph), log, {"publications": report.publications, "mentions": report.mentions,
                                     "quarantined": report.quarantined}


def test_a_build_in_two_processes_makes_the_same_graph_and_log_as_one_in_one(small_world, tmp_path, monkeypatch):
    inputs = tmp_path / "in"
    shutil.copytree(small_world / "xml", inputs)
    (inputs / "000" / "bad.xml").write_text("<HR01:publication xmlns:HR01='https://shab.ch/shab/HR01-export'><meta>")
    (inputs / "000" / "empty.xml").write_text("")
    one, one_log, one_report = _built(tmp_path / "one", inputs, processes=False)
    two, two_log, two_report = _built(tmp_path / "two", inputs, processes=True)
    assert one_report == two_report and one_report["quarantined"] == 2 and one_report["mentions"] > 0
    assert two_log == one_log  # the same records refused, in the same order
    assert len(two[0]) == len(one[0]) and len(two[1]) == len(one[1])
    assert two == one
    monkeypatch.setenv(offload.PARSERS_ENV, "3")  # phase 1 parsed in three processes, batches still written in order
    three, three_log, three_report = _built(tmp_path / "three", inputs, processes=True)
    assert (three, three_log, three_report) == (one, one_log, one_report)


def test_each_process_of_several_takes_its_share_and_the_results_come_in_order():
    with offload.Offload(True, operator.call, (gc.disable,), processes=2) as off:
        got = list(ahead(lambda i: (i, off.run(operator.call, os.getpid)), range(6), depth=off.processes))
        # a free process is taken in turn: two runs one after the other go to both
        enabled = [off.run(operator.call, gc.isenabled) for _ in range(2)]
    assert [i for i, _ in got] == list(range(6))
    assert len({pid for _, pid in got}) == 2 and os.getpid() not in {pid for _, pid in got}
    assert enabled == [False, False]  # the initializer ran in each process


def test_a_second_process_only_for_a_large_build_on_two_cores(monkeypatch):
    monkeypatch.setattr(offload, "cores", lambda: 2)
    monkeypatch.delenv(offload.ENV, raising=False)
    assert offload.use(offload.MIN_ITEMS) and not offload.use(offload.MIN_ITEMS - 1)
    assert offload.use(10, wanted=True) and not offload.use(10**6, wanted=False)
    monkeypatch.setenv(offload.ENV, "0")
    assert not offload.use(10**6)
    monkeypatch.delenv(offload.ENV)
    monkeypatch.setattr(offload, "cores", lambda: 1)
    assert not offload.use(10**6)


def test_an_error_in_the_second_process_reaches_the_caller():
    with offload.Offload(True) as off, pytest.raises(ValueError, match="invalid literal"):
        off.run(int, "not a number")


PLAIN = b'<?xml version="1.0" encoding="UTF-8"?><r a="1"><m>Z\xc3\xbcrich &amp; Co.</m><c/></r>'


@pytest.mark.parametrize("data", [
    PLAIN, b"<r><m>no declaration</m></r>", b'\xef\xbb\xbf<?xml version="1.0"?><r>bom</r>',
    b"<?xml version='1.0' encoding='ISO-8859-1'?><r>Gen\xe8ve</r>",
])
def test_a_document_that_can_declare_no_entity_is_read_by_the_c_parser_as_defusedxml_reads_it(data):
    assert plain_xml(data)
    assert tostring(fromstring(data)) == tostring(defused_fromstring(data))


@pytest.mark.parametrize("data", [
    b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>',  # a DTD, anywhere
    b'<r><!-- <!DOCTYPE in a comment --></r>',
    '<?xml version="1.0" encoding="UTF-16"?><r/>'.encode("utf-16"),  # where "<!DOCTYPE" has other bytes
    '<r/>'.encode("utf-16-le"),
    b'<?xml version="1.0" encoding="cp037"?><r/>',
    b'<?xml version="1.0" encoding=utf-8?><r/>',  # an encoding it cannot read: defusedxml decides
])
def test_any_other_goes_through_defusedxml(data):
    assert not plain_xml(data)


def test_entities_stay_refused_and_an_undefined_one_is_malformed():
    with pytest.raises(DefusedXmlException):
        fromstring(b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "x"><!ENTITY b "&a;&a;">]><r>&b;</r>')
    with pytest.raises(ParseError, match="undefined entity"):
        fromstring(b"<r>&xxe;</r>")


def test_an_initializer_that_fails_leaves_no_process_behind():
    before = {c.pid for c in psutil.Process().children()}
    with pytest.raises(ValueError, match="invalid literal"), offload.Offload(True, int, ("x",), processes=2):
        pass
    assert {c.pid for c in psutil.Process().children()} <= before


def test_a_second_process_that_dies_is_an_error_naming_it():
    with offload.Offload(True) as off, pytest.raises(offload.OffloadError, match="second process stopped"):
        off.run(os._exit, 3)


def test_the_second_process_works_without_loading_the_graph_driver():
    # The process imports the modules of the functions and the extractor it is sent (pickled by reference); its work
    # is pure, and importing the driver took 2.7-3.3 s of its start (no bytecode cached) while the server waited.
    sent = [f.__module__ for f in (phase1_rows.read_rows, read_chunk, phase2_rows.set_worker_extractor,
                                   phase2_rows.extracted_in_worker, RuleExtractor)]
    probe = f"import sys, {', '.join(sent)}; print(sorted(m for m in sys.modules if m.split('.')[0] == 'neo4j'))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]"


def test_the_build_collects_garbage_less_often_and_leaves_the_collector_as_it_found_it(own_graph, tmp_path,
                                                                                        monkeypatch):
    inp = tmp_path / "in"
    inp.mkdir()
    for n in (1, 2):
        (inp / f"{n}.xml").write_text(hr01(n))
    during: list[tuple[int, int, int]] = []
    settle = build_module.settle_nodes

    def settle_seen(*args, **kwargs):
        during.append(gc.get_threshold())
        return settle(*args, **kwargs)

    monkeypatch.setattr(build_module, "settle_nodes", settle_seen)
    before = gc.get_threshold()
    report = build(own_graph.graph, [str(inp)], RuleExtractor(), ALL_SUB_RUBRICS, tmp_path / "state", progress=False)
    assert report.stats.events == 2
    assert during == [gc_budget.THRESHOLDS] != [before] and gc.get_threshold() == before
    with offload.Offload(True) as off:  # the second process does build work only
        assert off.run(operator.call, gc.get_threshold) == gc_budget.THRESHOLDS


@pytest.mark.parametrize("value", ["two", "0", "-1", "1.5", ""])
def test_a_parser_count_that_is_not_one_or_more_is_an_error_naming_the_variable(monkeypatch, value):
    monkeypatch.setenv(offload.PARSERS_ENV, value)
    with pytest.raises(ValueError, match=f"BUILD_PARSERS must be a whole number.*got '{value}'"):
        offload.parsers()


def test_the_parser_count_comes_from_the_environment_or_the_default(monkeypatch):
    monkeypatch.delenv(offload.PARSERS_ENV, raising=False)
    assert offload.parsers() == offload.PARSERS
    monkeypatch.setenv(offload.PARSERS_ENV, " 3 ")
    assert offload.parsers() == 3


def test_the_build_command_refuses_a_bad_parser_count_before_it_starts_anything(monkeypatch, capsys):
    from data_pipeline import cli_build

    monkeypatch.setenv(offload.PARSERS_ENV, "two")
    monkeypatch.setattr(cli_build, "ensure_running", lambda *_: pytest.fail("started the server"))
    assert cli_build.main_build(["--input", "nowhere"]) == 2
    assert "BUILD_PARSERS" in capsys.readouterr().err
