"""Hostile or broken input never stops the reader: one bad field, a deep tree, a FIFO, a device, a socket, a
dangling link each quarantine that one input with its reason, and every good notice beside them is read."""
import json
import os
import stat
import threading

import pytest

import data_pipeline.sources as sources
from data_pipeline.sources import Quarantine, read_publications
from data_pipeline.sources.depth import MAX_DEPTH
from data_pipeline.sources.fields import MAX_DAYS, RecordError, amount, day_count, iso_date
from data_pipeline.sources.xml_reader import parse_xml
from tests.data_pipeline.samples import BAD, GOOD, SPECIAL, good_numbers, hr01, json_notice, kk02, write_inputs


def read_with_timeout(inputs, q, seconds: float = 30.0):
    """A reader that opened a FIFO would block for ever: run it in a thread and fail instead of hanging."""
    out: list = []
    t = threading.Thread(target=lambda: out.extend(read_publications(inputs, q)), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "the reader hung (did it open a FIFO?)"
    return out


def test_every_malformed_field_is_quarantined_with_its_reason_and_the_good_ones_are_read(tmp_path):
    inp = write_inputs(tmp_path)
    q = Quarantine(tmp_path / "state" / "quarantine.jsonl")
    pubs = read_with_timeout([inp], q)
    q.close()
    assert {p.publication_number for p in pubs} == good_numbers() and len(pubs) == GOOD
    reasons = {e.source.rsplit("/", 1)[-1]: e.reason for e in q.entries}
    expected = {name: fragment for name, (_, fragment) in BAD.items()} | SPECIAL
    assert set(reasons) == set(expected)
    for name, fragment in expected.items():
        assert fragment in reasons[name], (name, reasons[name])
    assert q.skipped == 4 and q.count == len(BAD) + len(SPECIAL)
    lines = [json.loads(x) for x in (tmp_path / "state" / "quarantine.jsonl").read_text().splitlines()]
    assert len(lines) == q.count
    assert all(r["run_id"] == q.run_id and r["at"].endswith("Z") and r["source"].startswith(str(inp)) for r in lines)


def test_inputs_that_are_not_regular_files_are_never_opened(tmp_path, monkeypatch):
    inp = write_inputs(tmp_path)
    opened: list[str] = []
    real_open = os.open

    def spy(path, flags, *args):
        opened.append(os.path.basename(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(sources.os, "open", spy)
    q = Quarantine()
    read_with_timeout([inp / "fifo.xml", inp / "link_to_fifo.xml", inp / "socket.xml", inp / "link_to_device.xml",
                       inp / "good_hr_1.xml"], q)
    assert opened == ["good_hr_1.xml"]
    assert [e.kind for e in q.entries] == ["skipped"] * 4
    assert stat.S_ISFIFO(os.stat(inp / "fifo.xml").st_mode)


def test_an_unexpected_error_while_mapping_one_record_quarantines_that_record(tmp_path, monkeypatch):
    import data_pipeline.sources.mapping as mapping

    real = mapping._fill_kk_ls

    def boom(pub, content):
        if pub.publication_number.endswith("7"):
            raise KeyError("surprise")
        real(pub, content)

    monkeypatch.setattr(mapping, "_fill_kk_ls", boom)
    (tmp_path / "a.xml").write_text(kk02(17))
    (tmp_path / "b.xml").write_text(kk02(18))
    (tmp_path / "page.json").write_text(json.dumps([json_notice(27), json_notice(28)]))
    q = Quarantine()
    pubs = read_with_timeout([tmp_path], q)
    assert sorted(p.publication_number for p in pubs) == ["KK02-0000000018", "KK02-0000000028"]
    reasons = {e.source.rsplit("/", 1)[-1]: e.reason for e in q.entries}
    assert reasons == {"a.xml": "unexpected KeyError while reading: 'surprise'",
                       "page.json#0": "unexpected KeyError while mapping the record: 'surprise'"}


@pytest.mark.parametrize("value", ["2024-02-29", "2026-08-26T00:00:00.000Z", "2026-08-26T10:15:00+02:00", "1970-01-01"])
def test_real_iso_dates_pass(value):
    assert iso_date(value, "d") == value[:10]


@pytest.mark.parametrize("value", ["2019-13-45", "2023-02-29", "2024-00-10", "2024-1-1", "01.02.2024", "2024-02-03x",
                                   "", "tomorrow", "2024-02-03T99"])
def test_impossible_or_non_iso_dates_are_refused(value):
    with pytest.raises(RecordError, match="is not an? (ISO|calendar) date"):
        iso_date(value, "d")


@pytest.mark.parametrize(("value", "expected"), [("100000.00", 100000.0), ("1'000'000", 1e6), ("20,000.50", 20000.5),
                                                 ("0", 0.0), ("1e6", 1e6)])
def test_sane_amounts_pass(value, expected):
    assert amount(value, "nominal") == expected


@pytest.mark.parametrize(("value", "reason"), [("1e400", "not a finite number"), ("1E400", "not a finite number"),
                                               ("9" * 400, "not a finite number"), ("inf", "not a number"),
                                               ("Infinity", "not a number"), ("nan", "not a number"),
                                               ("-1", "negative"), ("1e14", "out of range"), ("0x10", "not a number"),
                                               ("hundred", "not a number")])
def test_insane_amounts_are_refused(value, reason):
    with pytest.raises(RecordError, match=reason):
        amount(value, "nominal")


@pytest.mark.parametrize(("value", "expected"), [("30", 30), ("0", 0), ("30.0", 30), (str(MAX_DAYS), MAX_DAYS)])
def test_day_counts_pass(value, expected):
    assert day_count(value, "days") == expected


@pytest.mark.parametrize("value", ["abc", "1e400", "-3", "3.5", "inf", str(MAX_DAYS + 1), "9" * 5000])
def test_bad_day_counts_are_refused(value):
    with pytest.raises(RecordError, match="days"):
        day_count(value, "days")


def test_quarantine_log_is_appended_per_run_with_run_ids_and_is_private(tmp_path):
    path = tmp_path / "state" / "quarantine.jsonl"
    runs = []
    for i in range(2):
        with Quarantine(path) as q:
            q.add(f"file{i}.xml", "empty file")
            q.add(f"fifo{i}.xml", "skipped: a FIFO", kind="skipped")
            runs.append(q.run_id)
    assert runs[0] != runs[1]
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [r["run_id"] for r in lines] == [runs[0], runs[0], runs[1], runs[1]]
    assert [r["source"] for r in lines] == ["file0.xml", "fifo0.xml", "file1.xml", "fifo1.xml"]
    assert all(r["at"] and r["kind"] in ("record", "skipped") for r in lines)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_huge_fields_and_good_neighbours(tmp_path):
    """A good notice right next to a bad one in the same JSON page is still read."""
    page = {"content": [json_notice(61), json_notice(62, publicationDate="2019-13-45"), json_notice(63)]}
    (tmp_path / "page.json").write_text(json.dumps(page))
    (tmp_path / "hr.xml").write_text(hr01(64, capital="1e400"))
    q = Quarantine()
    pubs = read_with_timeout([tmp_path], q)
    assert sorted(p.publication_number for p in pubs) == ["KK02-0000000061", "KK02-0000000063"]
    assert [e.source.rsplit("/", 1)[-1] for e in q.entries] == ["hr.xml", "page.json#1"]


@pytest.mark.parametrize("where", ["content", "beside"])
def test_a_tree_48_levels_deep_is_read_and_one_49_deep_refused_wherever_it_is(where):
    """The depth limit holds at its boundary, in the mapped part (measured while mapped) and beside it."""
    def xml(levels: int) -> bytes:
        if where == "content":  # the first <x> is at level 3 (publication > content > x)
            return hr01(43, extra="<x>" * (levels - 2) + "deep" + "</x>" * (levels - 2)).encode()
        return hr01(43).replace("</content>", "</content>" + "<o>" * (levels - 1) + "deep" + "</o>" * (levels - 1)
                                ).encode()

    assert parse_xml(xml(MAX_DEPTH), "ok.xml").company.name == "Robust 43 AG"
    with pytest.raises(RecordError, match=f"XML nested deeper than {MAX_DEPTH} levels"):
        parse_xml(xml(MAX_DEPTH + 1), "deep.xml")


@pytest.mark.parametrize("grown_to, kept", [(3000, True), (5000, False)])
def test_a_file_that_grew_after_it_was_opened_is_read_whole_or_refused_past_the_limit(tmp_path, monkeypatch,
                                                                                     grown_to, kept):
    """The reader reads a file in one call of the length it had when opened, then on to its end: a file longer by
    then is read whole, and one grown past the limit is refused as too large, not cut short."""
    path = tmp_path / "grown.xml"
    path.write_bytes(b"x" * grown_to)
    real_stat, real_fstat = os.stat, os.fstat

    def stale(real):  # the length the file had when it was looked at and opened
        def shorter(f, *args, **kwargs):
            st = real(f, *args, **kwargs)
            return os.stat_result((*st[:6], 100, *st[7:])) if str(f).endswith("grown.xml") or isinstance(f, int) else st

        return shorter

    monkeypatch.setattr(sources.os, "stat", stale(real_stat))
    monkeypatch.setattr(sources.os, "fstat", stale(real_fstat))
    q = Quarantine()
    data = sources.read_bytes(path, q, max_bytes=4000)
    if kept:
        assert data == b"x" * grown_to and not q.entries
    else:
        assert data is None and "file too large" in q.entries[0].reason
