"""Bad input gets a clear reason in quarantine, naming the file, and the rest of the batch is read."""
import json
import subprocess
import sys

import pytest

from data_pipeline.sources import Quarantine, read_publications
from tests.conftest import ROOT

GOOD = """<?xml version='1.0' encoding='UTF-8'?>
<HR01:publication xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
 xmlns:HR01="https://shab.ch/shab/HR01-export"
 xsi:schemaLocation="https://shab.ch/shab/HR01-export https://amtsblattportal.ch/api/v1/schemas/shab/1.26/HR01-export.xsd">
<meta><id>0000-{n}</id><rubric>HR</rubric><subRubric>HR01</subRubric><language>de</language>
<publicationNumber>HR01-{n:010d}</publicationNumber><publicationState>PUBLISHED</publicationState>
<publicationDate>2024-03-0{d}</publicationDate><cantons>ZH</cantons>
<title><de>Neueintragung Test {n} AG, Zürich</de></title></meta>
<content><publicationText>Test {n} AG, in Zürich, CHE-100.000.00{d}, Aktiengesellschaft (Neueintragung).</publicationText>
<commonsNew><company><name>Test {n} AG</name><uid>CHE-100.000.00{d}</uid><seat>Zürich</seat><legalForm>0106</legalForm></company>
<capital><nominal>{cap}</nominal><paid>50000.00</paid></capital></commonsNew></content>
</HR01:publication>"""


def good(n: int, cap: str = "100000.00") -> str:
    return GOOD.format(n=n, d=n % 9 + 1, cap=cap)


@pytest.fixture
def batch(tmp_path):
    files = {
        "a_good.xml": good(1),
        "b_garbage.xml": "\x00\x01 this is not XML at all \xff",
        "c_truncated.xml": good(2)[: len(good(2)) // 2],
        "d_wrong_namespace.xml": good(3).replace("https://shab.ch/shab/HR01-export", "http://example.org/other"),
        "e_empty.xml": "",
        "f_good.xml": good(4),
        "g_missing_number.xml": good(5).replace("<publicationNumber>HR01-0000000005</publicationNumber>", ""),
        "h_bad_capital.xml": good(6, cap="hundred"),
        "i_entities.xml": '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
                          '<x>&b;</x>',
        "j_bulk.xml": '<bulk:bulk-export xmlns:bulk="https://shab.ch/bulk-export"><total>1</total></bulk:bulk-export>',
        "k_mismatch.xml": good(7).replace("<subRubric>HR01</subRubric>", "<subRubric>HR02</subRubric>"),
        "l_pages.json": json.dumps({"content": [
            {"meta": {"publicationNumber": "KK02-0000000001", "subRubric": "KK02", "rubric": "KK",
                      "publicationDate": "2024-05-02T00:00:00.000Z", "cantons": ["VD"]}, "content": {}},
            {"meta": {"subRubric": "KK02"}, "content": {}},
            "not an object",
        ]}),
        "m_bad.json": "{ not json",
    }
    for name, body in files.items():
        (tmp_path / name).write_bytes(body.encode("utf-8", "surrogateescape") if isinstance(body, str) else body)
    with open(tmp_path / "n_huge.xml", "wb") as f:
        f.write(good(8)[:-len("</HR01:publication>")].encode())
        f.write(b"<!--" + b"x" * (50 * 2**20) + b"-->")
        f.write(b"</HR01:publication>")
    return tmp_path


def test_bad_files_are_quarantined_with_reasons_and_the_rest_is_read(batch):
    q = Quarantine(batch / "quarantine.jsonl")
    pubs = list(read_publications([batch], q))
    q.close()
    assert sorted(p.publication_number for p in pubs) == ["HR01-0000000001", "HR01-0000000004", "KK02-0000000001"]
    reasons = {e.source.rsplit("/", 1)[-1]: e.reason for e in q.entries}
    assert "not well-formed XML" in reasons["b_garbage.xml"]
    assert "not well-formed XML" in reasons["c_truncated.xml"] and "line" in reasons["c_truncated.xml"]
    assert "is not a SHAB publication" in reasons["d_wrong_namespace.xml"]
    assert reasons["e_empty.xml"] == "empty file"
    assert reasons["g_missing_number.xml"] == "missing meta/publicationNumber"
    assert "nominal is not a number: 'hundred'" in reasons["h_bad_capital.xml"]
    assert "unsafe XML" in reasons["i_entities.xml"]
    assert "bulk export" in reasons["j_bulk.xml"]
    assert "namespace says HR01 but meta/subRubric says HR02" in reasons["k_mismatch.xml"]
    assert reasons["l_pages.json#1"] == "missing meta/publicationNumber"
    assert reasons["l_pages.json#2"] == "item is not an object"
    assert "not valid JSON" in reasons["m_bad.json"]
    assert "file too large (50.0 MB" in reasons["n_huge.xml"]
    assert q.count == 13
    logged = [json.loads(line) for line in (batch / "quarantine.jsonl").read_text().splitlines()]
    assert len(logged) == 13 and all(r["source"].startswith(str(batch)) and r["reason"] for r in logged)


def test_missing_file_is_quarantined(tmp_path):
    q = Quarantine()
    assert list(read_publications([tmp_path / "nope.xml"], q)) == []
    assert "cannot read file" in q.entries[0].reason


def test_unknown_rubric_is_kept_with_its_raw_text(tmp_path):
    xml = (good(9).replace("HR01", "SR01").replace("<rubric>HR</rubric>", "<rubric>SR</rubric>")
           .replace("<publicationText>", "<notice>Schuldenruf infolge Kapitalherabsetzung. </notice><publicationText>"))
    (tmp_path / "sr.xml").write_text(xml)
    q = Quarantine()
    [p] = list(read_publications([tmp_path], q))
    assert q.count == 0
    assert (p.rubric, p.sub_rubric) == ("SR", "SR01")
    assert p.company is None
    assert "Schuldenruf infolge Kapitalherabsetzung." in p.raw_text and "Test 9 AG" in p.raw_text


def test_parse_cli_reports_quarantine_and_prints_json(batch):
    out = subprocess.run([sys.executable, "-m", "data_pipeline", "parse", str(batch), "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1  # something was quarantined
    rows = json.loads(out.stdout)
    assert [r["publication_number"] for r in rows] == ["HR01-0000000001", "HR01-0000000004", "KK02-0000000001"]
    assert rows[0]["company"]["name"] == "Test 1 AG" and rows[0]["company"]["capital_nominal"] == 100000.0
    assert "quarantined: " in out.stderr and "e_empty.xml: empty file" in out.stderr
    assert out.stderr.strip().endswith("parsed 3 publication(s), quarantined 13")
    ok = subprocess.run([sys.executable, "-m", "data_pipeline", "parse", str(batch / "a_good.xml")],
                        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0
    assert ok.stdout.strip() == "HR01-0000000001  2024-03-02  HR01  de  Test 1 AG (CHE-100.000.002), Zürich"
