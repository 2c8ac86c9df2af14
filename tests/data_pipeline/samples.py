"""Small SHAB notices for the robustness tests: a good HR01 and a good KK02 (person debtor), and the
malformed variants a hostile or broken export produces, one bad field each."""
from __future__ import annotations

import json
import os
import socket
from pathlib import Path

HR01 = """<?xml version='1.0' encoding='UTF-8'?>
<HR01:publication xmlns:HR01="https://shab.ch/shab/HR01-export">
<meta><id>id-hr-{n}</id><rubric>HR</rubric><subRubric>HR01</subRubric><language>de</language>
<publicationNumber>HR01-{n:010d}</publicationNumber><publicationDate>{date}</publicationDate><cantons>ZH</cantons>
<title><de>Neueintragung Robust {n} AG, Zürich</de></title></meta>
<content><publicationText>Robust {n} AG, in Zürich, CHE-200.000.{n:03d}, Aktiengesellschaft (Neueintragung).
Eingetragene Personen: Muster{letters}, Hans, von Bern, in Zürich, Mitglied des Verwaltungsrates, mit Einzelunterschrift.
</publicationText>
<commonsNew><company><name>Robust {n} AG</name><uid>CHE-200.000.{n:03d}</uid><seat>Zürich</seat>
<legalForm>0106</legalForm></company><capital><nominal>{capital}</nominal><paid>50000.00</paid></capital>
</commonsNew>{extra}</content>
</HR01:publication>"""

KK02 = """<?xml version='1.0' encoding='UTF-8'?>
<KK02:publication xmlns:KK02="https://shab.ch/shab/KK02-export">
<meta><id>id-kk-{n}</id><rubric>KK</rubric><subRubric>KK02</subRubric><language>de</language>
<publicationNumber>KK02-{n:010d}</publicationNumber><publicationDate>2024-05-02</publicationDate><cantons>BE</cantons>
<title><de>Konkurspublikation Schuldner{n}, Anna</de></title></meta>
<content><debtor><selectType>person</selectType><person><prename>Anna</prename><name>Schuldner{n}</name>
<dateOfBirth>{birth}</dateOfBirth><residence><town>Thun</town></residence></person></debtor>
<resolutionDate>{resolution}</resolutionDate><daysAfterPublication>{days}</daysAfterPublication>
<registrationOffice>Konkursamt Oberland, Dienststelle Thun</registrationOffice></content>
</KK02:publication>"""


def hr01(n: int, date: str = "2024-03-02", capital: str = "100000.00", extra: str = "") -> str:
    letters = "".join("abcdefghij"[int(d)] for d in str(n))  # a person's name holds no digit
    return HR01.format(n=n, date=date, capital=capital, extra=extra, letters=letters)


def kk02(n: int, days: str = "30", birth: str = "1970-01-31", resolution: str = "2024-04-30") -> str:
    return KK02.format(n=n, days=days, birth=birth, resolution=resolution)


def json_notice(n: int, **meta: object) -> dict:
    base = {"publicationNumber": f"KK02-{n:010d}", "subRubric": "KK02", "rubric": "KK",
            "publicationDate": "2024-05-02T00:00:00.000Z", "cantons": ["VD"], "id": f"id-json-{n}"}
    return {"meta": base | meta, "content": {"debtor": {"selectType": "company", "companies": [
        {"company": {"name": f"Json {n} Sàrl", "uid": f"CHE-300.000.{n:03d}"}}]}}}


GOOD_HR = (1, 2, 3)
GOOD_KK = (11, 12)
GOOD_JSON = (21,)
GOOD = len(GOOD_HR) + len(GOOD_KK) + len(GOOD_JSON)
# file name -> (body, a fragment its quarantine reason must hold)
BAD: dict[str, tuple[str | bytes, str]] = {
    "date_month13.xml": (hr01(31, date="2019-13-45"), "publicationDate is not a calendar date: '2019-13-45'"),
    "date_feb30.xml": (kk02(32, resolution="2023-02-30"), "resolutionDate is not a calendar date"),
    "date_not_iso.xml": (kk02(33, birth="31.01.1970"), "dateOfBirth is not an ISO date"),
    "capital_1e400.xml": (hr01(34, capital="1e400"), "nominal is not a finite number: '1e400'"),
    "capital_1E400.xml": (hr01(35, capital="1E400"), "nominal is not a finite number: '1E400'"),
    "capital_inf.xml": (hr01(36, capital="inf"), "nominal is not a number: 'inf'"),
    "capital_nan.xml": (hr01(37, capital="NaN"), "nominal is not a number: 'NaN'"),
    "capital_negative.xml": (hr01(38, capital="-5000"), "nominal is negative: '-5000'"),
    "capital_huge.xml": (hr01(39, capital="1e15"), "nominal is out of range"),
    "days_abc.xml": (kk02(40, days="abc"), "daysAfterPublication is not a whole number of days: 'abc'"),
    "days_1e400.xml": (kk02(41, days="1e400"), "daysAfterPublication is not a whole number of days: '1e400'"),
    "days_huge.xml": (kk02(42, days="9" * 5000), "daysAfterPublication is out of range"),
    "nested_5000.xml": (hr01(43, extra="<x>" * 5000 + "deep" + "</x>" * 5000), "XML nested deeper than"),
    "non_utf8.xml": (hr01(44).encode("utf-8").replace(b"Robust 44 AG</name>", b"Robust \xff\xfe AG</name>"),
                     "not well-formed XML"),
    "truncated.xml": (hr01(45)[:400], "not well-formed XML"),
    "empty.xml": ("", "empty file"),
    "deep_array.json": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "nan.json": ('{"meta": {"publicationNumber": "KK02-0000000047", "subRubric": "KK02", '
                 '"publicationDate": "2024-05-02", "x": NaN}, "content": {}}', "not valid JSON"),
    "non_utf8.json": (b'{"meta": {"publicationNumber": "KK02-0000000048", "title": {"de": "\xe9t\xe9"}}}',
                      "not valid JSON"),
    "surrogate.json": ('{"meta": {"publicationNumber": "KK02-0000000049", "subRubric": "KK02", '
                       '"publicationDate": "2024-05-02", "title": {"de": "bad \\ud800 name"}}, "content": {}}',
                       "not valid UTF-8"),
}


def _nested(depth: int) -> object:
    node: object = "deep"
    for _ in range(depth):
        node = [node]
    return node


# deep enough to break a recursive walk of the record, shallow enough for the JSON decoder
BAD["deep_object.json"] = (json.dumps(json_notice(46) | {"content": {"a": _nested(900)}}), "JSON nested deeper than")
SPECIAL = {  # not regular files, or not there: name -> reason fragment
    "fifo.xml": "skipped: a FIFO",
    "link_to_fifo.xml": "skipped: a FIFO",
    "link_to_device.xml": "skipped: a character device",
    "socket.xml": "skipped: a socket",
    "dangling.xml": "cannot read file",
}


def write_inputs(root: Path) -> Path:
    """`root/in`: the good notices, every malformed one, a FIFO, a socket, links to them, a directory named
    like a notice and a link to a good notice outside the tree. Returns `root/in`."""
    inp = root / "in"
    (inp / "dir.xml").mkdir(parents=True)  # a directory with a notice's name: walked, nothing in it
    for n in GOOD_HR:
        (inp / f"good_hr_{n}.xml").write_text(hr01(n), encoding="utf-8")
    for n in GOOD_KK[:-1]:
        (inp / f"good_kk_{n}.xml").write_text(kk02(n), encoding="utf-8")
    outside = root / "outside"
    outside.mkdir()
    (outside / "kk.xml").write_text(kk02(GOOD_KK[-1]), encoding="utf-8")
    (inp / "link_to_good.xml").symlink_to(outside / "kk.xml")  # a symlink to a regular file is read
    for n in GOOD_JSON:
        (inp / f"good_{n}.json").write_text(json.dumps(json_notice(n)), encoding="utf-8")
    for name, (body, _) in BAD.items():
        (inp / name).write_bytes(body if isinstance(body, bytes) else body.encode("utf-8"))
    os.mkfifo(inp / "fifo.xml")
    (inp / "link_to_fifo.xml").symlink_to(inp / "fifo.xml")
    (inp / "link_to_device.xml").symlink_to("/dev/null")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(inp / "socket.xml"))
    sock.close()
    (inp / "dangling.xml").symlink_to(root / "nowhere.xml")
    return inp


def good_numbers() -> set[str]:
    return {f"HR01-{n:010d}" for n in GOOD_HR} | {f"KK02-{n:010d}" for n in GOOD_KK} | \
        {f"KK02-{n:010d}" for n in GOOD_JSON}
