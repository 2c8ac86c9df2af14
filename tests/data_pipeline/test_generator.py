"""Synthetic SHAB world generator: output layout and format, determinism, sub-rubric mix, truth consistency."""
from __future__ import annotations

import filecmp
import json
import os
import re
import subprocess
import sys
import uuid
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from data_pipeline.generator import generate_world
from data_pipeline.generator.cli import main as cli_main
from data_pipeline.generator.identifiers import UidIssuer, is_valid_uid, uid_check_digit
from data_pipeline.generator.mix import TARGET_SHARES
from data_pipeline.generator.places import CANTON_LANGS

ROOT = Path(__file__).resolve().parents[2]
N_WORLD = 10_000
TEXT_FIELDS = ("publicationText", "registrationOffice", "registrationOfficeAndCirculationAuthority",
               "locationCirculationAuthority", "remarks", "publication")


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def load_truth(out: Path) -> list[dict]:
    with (out / "truth.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def xml_files(out: Path) -> list[Path]:
    return sorted((out / "xml").glob("*/*.xml"))


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("world")
    summary = generate_world(N_WORLD, seed=20240601, out_dir=out)
    truth = load_truth(out)
    files = {p.stem: p for p in xml_files(out)}
    return {"out": out, "summary": summary, "truth": truth, "files": files,
            "pubs": [r for r in truth if r["type"] == "publication"],
            "persons": [r for r in truth if r["type"] == "person"],
            "companies": [r for r in truth if r["type"] == "company"]}


@pytest.fixture(scope="module")
def parsed(world) -> dict[str, ET.Element]:
    return {number: ET.parse(path).getroot() for number, path in world["files"].items()}


# ---------------------------------------------------------------- layout and XML format

def test_layout_sharded_one_file_per_publication(world):
    out = world["out"]
    folders = sorted(p.name for p in (out / "xml").iterdir())
    assert folders == [f"{i:03d}" for i in range(N_WORLD // 1000)]
    for folder in (out / "xml").iterdir():
        assert len(list(folder.iterdir())) <= 1000
    assert len(world["files"]) == N_WORLD == world["summary"].files
    for i, pub in enumerate(world["pubs"]):  # publication order: file i lives in shard i // 1000
        assert world["files"][pub["publication_number"]].parent.name == f"{i // 1000:03d}"
    assert set(world["files"]) == {p["publication_number"] for p in world["pubs"]}
    numbers = [p["publication_number"] for p in world["pubs"]]
    assert len(set(numbers)) == len(numbers)
    for n in numbers:
        assert re.fullmatch(r"(HR0[1-3]|LS0[1-8])-\d{10}|KK(0[1-9]|10)-\d{10}", n), n


def test_xml_envelope_and_meta(world, parsed):
    for pub in world["pubs"][:3000]:
        number, sr = pub["publication_number"], pub["sub_rubric"]
        raw = world["files"][number].read_bytes()
        assert raw.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<" + sr.encode() + b":publication ")
        root = parsed[number]
        assert root.tag == f"{{https://shab.ch/shab/{sr}-export}}publication"
        assert f"https://amtsblattportal.ch/api/v1/schemas/shab/1.26/{sr}-export.xsd".encode() in raw
        meta = root.find("meta")
        get = meta.findtext
        assert str(uuid.UUID(get("id"))) == get("id") == pub["id"]
        assert get("rubric") == sr[:2] and get("subRubric") == sr
        assert get("language") == pub["language"] and get("cantons") == pub["canton"]
        assert get("publicationNumber") == number
        assert get("publicationState") == "PUBLISHED" and get("primaryTenantCode") == "shab"
        assert get("publicationDate") == pub["date"]
        assert meta.find("registrationOffice/displayName").text
        assert all(meta.findtext(f"title/{lang}") for lang in ("de", "en", "it", "fr"))
        content = root.find("content")
        if sr.startswith("KK"):
            assert get("expirationDate") > pub["date"]
            if sr != "KK10":
                assert content.find("debtor/selectType").text in ("company", "person")
        if sr == "HR01":
            assert get("title/de").startswith("Neueintragung ") and get("title/fr").startswith("Nouvelles entrées ")
            assert content.findtext("transaction/registration") == "true"
            assert content.find("commonsNew/company/legalForm").text in (
                "0101", "0103", "0104", "0105", "0106", "0107", "0108", "0109", "0110", "0151")
        if sr == "HR02":
            assert get("title/en").startswith("Change ") and get("title/it").startswith("Cambiamenti ")
            assert content.find("commonsActual") is not None and content.find("lastFosc/lastFoscSequence") is not None
            assert content.find("transaction/update/changements/capitalChanged/nominal") is not None
        if sr == "HR03":
            assert get("title/de").startswith("Löschung ")
            assert content.findtext("transaction/delete/deletionDate")
        if sr.startswith("HR"):
            assert content.findtext("senderOffice/officeName")
            assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", content.findtext("journalDate"))
        if sr.startswith("LS"):
            assert content.findtext("company/name") and content.findtext("claimOfCreditors/entryDeadline")


def test_capital_and_legal_forms_formatted_like_the_export(parsed):
    caps = [e.text for root in parsed.values() for e in root.iter("nominal") if e.text != "false" and e.text != "true"]
    assert caps and all(re.fullmatch(r"\d+\.\d\d", c) for c in caps)


def test_escaping_roundtrips(world, parsed):
    """Names with & and apostrophes survive; the legal remedy keeps its literal <br />."""
    amp = [n for n, root in parsed.items() if "&" in (root.findtext("meta/title/de") or "")]
    assert amp, "expected some names with '&'"
    hr01 = next(root for root in parsed.values() if root.findtext("meta/subRubric") == "HR01")
    assert "<br />" in hr01.findtext("meta/legalRemedy")


# ---------------------------------------------------------------- truth <-> text

def text_fields(root: ET.Element) -> dict[str, list[str]]:
    found = defaultdict(list)
    for e in root.find("content").iter():
        if local(e.tag) in TEXT_FIELDS and e.text:
            found[local(e.tag)].append(e.text)
    return found


def test_every_mention_occurs_verbatim_in_its_publication(world, parsed):
    n_mentions = 0
    for pub in world["pubs"]:
        fields = text_fields(parsed[pub["publication_number"]])
        whole = "\n".join(t for texts in fields.values() for t in texts)
        for m in pub["mentions"]:
            assert m["text"] in whole, (pub["publication_number"], m)
            assert any(t[m["offset"]:m["offset"] + len(m["text"])] == m["text"] for t in fields[m["field"]]), m
            n_mentions += 1
    assert n_mentions > N_WORLD


def test_mentions_reference_known_entities(world):
    persons = {p["id"] for p in world["persons"]}
    companies = {c["id"] for c in world["companies"]}
    kinds = Counter()
    for pub in world["pubs"]:
        for m in pub["mentions"]:
            kinds[m["kind"]] += 1
            if m["kind"] == "person":
                assert m["entity"] in persons
            elif m["kind"] == "company":
                assert m["entity"] in companies
            else:
                assert m["kind"] == "office" and m["entity"] == "OFFICE:" + m["text"]
            assert m["status"] in ("registered", "resigned", None)
    assert kinds["person"] > 10 * kinds["company"] > 0 and kinds["office"] > 0
    roles = Counter(m["role_key"] for p in world["pubs"] for m in p["mentions"])
    for key in ("board_member", "chair", "managing_partner", "owner", "liquidator", "auditor", "bankruptcy_office",
                "authorized_signatory", "partner"):
        assert roles[key] > 0, key


def test_person_variants_are_recorded_and_mostly_canonical(world):
    person_mentions = [m for p in world["pubs"] for m in p["mentions"] if m["kind"] == "person"]
    kinds = Counter(m["variant"] for m in person_mentions)
    assert kinds["canonical"] > 0.6 * len(person_mentions)
    for kind in ("middle_initial", "translit", "upper", "first_last", "last_first", "first_only"):
        assert kinds[kind] > 0, kind
    by_id = {p["id"]: p for p in world["persons"]}
    for m in person_mentions:
        assert m["text"] in by_id[m["entity"]]["variants"]
    translit = [m for m in person_mentions if m["variant"] == "translit"]
    assert any("ue" in m["text"] or "ae" in m["text"] or "oe" in m["text"] for m in translit)
    assert sum(1 for p in world["persons"] if len(p["variants"]) > 1) > 50


def test_persons_active_in_several_companies(world):
    multi = [p for p in world["persons"] if len({r["company"] for r in p["roles"]}) >= 2]
    assert len(multi) > 100
    # and such a person is really mentioned in notices of different companies
    companies_of = defaultdict(set)
    for pub in world["pubs"]:
        for m in pub["mentions"]:
            if m["kind"] == "person" and pub["company"]:
                companies_of[m["entity"]].add(pub["company"])
    assert sum(1 for s in companies_of.values() if len(s) >= 2) > 50


def test_namesakes_are_the_deliberate_few_and_distinguishable(world):
    """As in the register, most people have a name nobody else has; the namesakes are the deliberate ones
    (Factory.p_same_name, 0.2%), and each differs from its namesake in residence, origin, nationality or birth."""
    by_name = defaultdict(list)
    for p in world["persons"]:
        by_name[(tuple(sorted(p["first_names"])), p["last_name"])].append(p)
    shared = [ps for ps in by_name.values() if len(ps) > 1]
    assert 1 <= len(shared) <= 0.006 * len(world["persons"]), (len(shared), len(world["persons"]))
    distinguishable = [ps for ps in shared
                       if len({(p["residence"], p["origin"], p["nationality"], p["birth_date"]) for p in ps}) == len(ps)]
    assert len(distinguishable) == len(shared)


def test_languages_follow_cantons(world):
    by_canton = defaultdict(Counter)
    for pub in world["pubs"]:
        assert pub["language"] in CANTON_LANGS[pub["canton"]], pub["publication_number"]
        by_canton[pub["canton"]][pub["language"]] += 1
    assert set(by_canton["TI"]) == {"it"} and set(by_canton["GE"]) == {"fr"} and set(by_canton["ZH"]) == {"de"}
    assert by_canton["VD"]["fr"] > 0 and by_canton["BE"]["de"] > by_canton["BE"]["fr"]
    assert sum(c["fr"] for c in by_canton.values()) > 0.12 * N_WORLD
    assert sum(c["it"] for c in by_canton.values()) > 0.03 * N_WORLD


def test_language_specific_phrasing(world, parsed):
    parts = defaultdict(list)
    for pub in world["pubs"]:
        parts[pub["language"]].append(parsed[pub["publication_number"]].findtext("content/publicationText") or "")
    texts = {lang: " ".join(p) for lang, p in parts.items()}
    assert "Eingetragene Personen" in texts["de"] and "Ausgeschiedene Personen und erloschene Unterschriften" in texts["de"]
    assert "mit Kollektivunterschrift zu zweien" in texts["de"] and "[bisher: " in texts["de"]
    assert "Personnes inscrites" in texts["fr"] and "avec signature individuelle" in texts["fr"]
    assert "Persone iscritte" in texts["it"] and "con firma collettiva a due" in texts["it"]
    assert "Firma neu: " in texts["de"] and "Sitz neu: " in texts["de"] and "Aktienkapital neu: " in texts["de"]
    assert "in Liquidation" in texts["de"] and "en liquidation" in texts["fr"] and "in liquidazione" in texts["it"]
    assert "der Konkurs eröffnet" in texts["de"] and "Die Gesellschaft wird" in texts["de"]
    assert "Associé-gérant: " in texts["fr"] or "Administrateur: " in texts["fr"]  # Geneva style


# ---------------------------------------------------------------- mix, identifiers, life cycles

def test_sub_rubric_mix_matches_targets(world):
    counts = Counter(p["sub_rubric"] for p in world["pubs"])
    assert counts == Counter({k: v for k, v in world["summary"].counts.items() if v})
    for sr, target in TARGET_SHARES.items():
        share = counts[sr] / N_WORLD
        assert abs(share - target) <= max(0.2 * target, 0.002), (sr, share, target)
    assert 0.55 < counts["HR02"] / N_WORLD < 0.66
    kk = sum(v for k, v in counts.items() if k.startswith("KK")) / N_WORLD
    ls = sum(v for k, v in counts.items() if k.startswith("LS")) / N_WORLD
    assert 0.08 < kk < 0.10 and 0.03 < ls < 0.05
    assert all(counts[f"KK{i:02d}"] > 0 for i in range(1, 11)) and counts["LS01"] > 0 and counts["LS02"] > 0


def test_uid_check_digits():
    assert uid_check_digit("11472321") == 7 and is_valid_uid("CHE-114.723.217")
    assert is_valid_uid("CHE-344.059.939") and not is_valid_uid("CHE-344.059.938")
    import random
    issuer = UidIssuer(random.Random(5))
    uids = [issuer.next() for _ in range(20_000)]
    assert len(set(uids)) == len(uids) and all(is_valid_uid(u) for u in uids)


def test_uids_in_output_are_valid_and_unique(world, parsed):
    companies = world["companies"]
    uids = [c["uid"] for c in companies]
    assert len(set(uids)) == len(uids)
    assert all(is_valid_uid(u) for u in uids)
    for root in list(parsed.values())[:2000]:
        for e in root.iter("uid"):
            assert is_valid_uid(e.text), e.text


def test_dates_increase_on_weekdays(world):
    import datetime as dt
    dates = [p["date"] for p in world["pubs"]]
    assert dates == sorted(dates)
    assert all(dt.date.fromisoformat(d).weekday() < 5 for d in dates)
    assert dates[0] >= "2019-01-01" and dates[-1] >= "2024-01-01"  # spread over years


def test_company_life_cycles_are_consistent(world, parsed):
    by_company = defaultdict(list)
    for p in world["pubs"]:
        if p["company"]:
            by_company[p["company"]].append(p)
    companies = {c["id"]: c for c in world["companies"]}
    statuses = Counter(c["status"] for c in companies.values())
    assert statuses["deleted"] > 0 and statuses["active"] > 0 and statuses["bankrupt"] + statuses["liquidation"] > 0
    branches = [c for c in companies.values() if c["legal_form"] == "0151"]
    assert branches and all(companies[c["head_office"]]["legal_form"] in ("0106", "0107") for c in branches)
    for cid, pubs in by_company.items():
        c = companies[cid]
        assert [p["publication_number"] for p in pubs] == c["events"]
        subs = [p["sub_rubric"] for p in pubs]
        if "HR03" in subs:
            assert subs[-1] == "HR03" and subs.count("HR03") == 1 and c["status"] == "deleted"
        if "HR01" in subs:
            assert subs[0] == "HR01"
        for i, sr in enumerate(subs):
            if sr in ("KK04", "KK05", "KK06", "KK08", "KK09") and "KK02" in subs:
                assert subs.index("KK02") < i
            if sr.startswith("LS"):
                assert c["status"] in ("liquidation", "deleted")
    # HR02 flags say what changed
    for p in world["pubs"]:
        if p["sub_rubric"] != "HR02":
            continue
        root = parsed[p["publication_number"]]
        ch = root.find("content/transaction/update/changements")
        changes = p["facts"]["changes"]
        assert (ch.findtext("nameChanged") == "true") == ("name" in changes)
        assert (ch.findtext("seatChanged") == "true") == ("seat" in changes)
        assert (ch.findtext("capitalChanged/nominal") == "true") == ("capital" in changes)
        new, old = root.find("content/commonsNew/company"), root.find("content/commonsActual/company")
        assert (new.findtext("name") != old.findtext("name")) == ("name" in changes)
        assert (new.findtext("seat") != old.findtext("seat")) == ("seat" in changes)
        if "bankruptcy_opened" in changes:
            assert (ch.findtext("statusChanged/bankruptcy/dissolution") == "true"
                    or ch.findtext("statusChanged/liquidation/dissolution/or731b") == "true")
        if "liquidation" in changes:
            assert ch.findtext("statusChanged/liquidation/dissolution/nonExceptional") == "true"


def test_kk_notices_name_the_bankruptcy_office_of_the_seat(world, parsed):
    person_debtors = 0
    for p in world["pubs"]:
        if not p["sub_rubric"].startswith("KK"):
            continue
        root = parsed[p["publication_number"]]
        office = p["facts"]["office"]
        assert root.findtext("meta/registrationOffice/displayName") == office
        person_debtors += root.findtext("content/debtor/selectType") == "person"
        if p["sub_rubric"] in ("KK02", "KK03", "KK05", "KK08"):
            assert root.findtext("content/registrationOffice").startswith(office + "\n")
            assert any(m["kind"] == "office" and m["entity"] == "OFFICE:" + office for m in p["mentions"])
    assert person_debtors > 0


def test_summary_record_and_truth_order(world):
    truth = world["truth"]
    assert truth[-1]["type"] == "summary" and truth[-1]["publications"] == N_WORLD
    assert truth[-1]["counts"] == world["summary"].counts
    assert {r["type"] for r in truth} == {"publication", "person", "company", "summary"}
    assert world["summary"].companies == len(world["companies"]) and world["summary"].persons == len(world["persons"])
    ids = [r["id"] for r in truth if r["type"] in ("person", "company")]
    assert len(ids) == len(set(ids))


# ---------------------------------------------------------------- determinism

def _snapshot(out: Path) -> list[Path]:
    return sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())


def _same_bytes(a: Path, b: Path) -> None:
    files_a, files_b = _snapshot(a), _snapshot(b)
    assert files_a == files_b
    match, mismatch, errors = filecmp.cmpfiles(a, b, [str(f) for f in files_a], shallow=False)
    assert not mismatch and not errors and len(match) == len(files_a)


def test_same_seed_gives_byte_identical_output(tmp_path):
    generate_world(2000, seed=99, out_dir=tmp_path / "a")
    generate_world(2000, seed=99, out_dir=tmp_path / "b")
    _same_bytes(tmp_path / "a", tmp_path / "b")
    generate_world(2000, seed=100, out_dir=tmp_path / "c")
    assert (tmp_path / "a" / "truth.jsonl").read_bytes() != (tmp_path / "c" / "truth.jsonl").read_bytes()


@pytest.mark.parametrize("hash_seed", ["0", "12345"])
def test_output_does_not_depend_on_hash_seed(tmp_path, hash_seed):
    generate_world(2000, seed=99, out_dir=tmp_path / "here")
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    code = ("import sys; from pathlib import Path; from data_pipeline.generator import generate_world; "
            "generate_world(2000, seed=99, out_dir=Path(sys.argv[1]))")
    subprocess.run([sys.executable, "-c", code, str(tmp_path / "there")], check=True, cwd=ROOT, env=env)
    _same_bytes(tmp_path / "here", tmp_path / "there")


def test_refuses_to_mix_with_an_existing_world(tmp_path):
    generate_world(50, seed=1, out_dir=tmp_path)
    with pytest.raises(FileExistsError):
        generate_world(50, seed=1, out_dir=tmp_path)
    generate_world(30, seed=1, out_dir=tmp_path, overwrite=True)
    assert len(xml_files(tmp_path)) == 30


# ---------------------------------------------------------------- CLI and memory bound

def test_cli_json_summary(tmp_path, capsys):
    assert cli_main(["--publications", "300", "--seed", "3", "--out", str(tmp_path), "--json",
                     "--start-date", "2021-03-01"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert summary["publications"] == summary["files"] == 300
    assert sum(summary["counts"].values()) == 300 and summary["start_date"] == "2021-03-01"
    assert summary["companies"] > 0 and summary["persons"] > 0 and summary["seconds"] >= 0
    assert len(xml_files(tmp_path)) == 300
    assert cli_main(["--publications", "10", "--seed", "3", "--out", str(tmp_path)]) == 1  # not empty


def test_live_state_stays_bounded():
    """The pools of live companies and persons do not grow with the number of publications."""
    import datetime as dt

    from data_pipeline.generator.lifecycle import World
    from data_pipeline.generator.mix import MixController
    sizes = []
    for n in (10_000, 40_000):  # same density (publications per day) and pool cap, 4x longer
        world = World(5, 10_000, dt.date(2019, 1, 1), 7.0, emit=lambda record: None)
        world.prewarm()
        mix = MixController()
        for i in range(n):
            notice = world.produce(mix.pick(world.rng), int(i / world.rate))
            mix.count(notice.sub_rubric)
            world.after_publication()
        heap_entries = sum(len(h) for h in world.heaps.values())
        sizes.append((len(world.pop.companies), len(world.pop.persons), heap_entries))
    (c1, p1, h1), (c2, p2, h2) = sizes
    assert c2 < 1.5 * c1 + 100 and p2 < 1.5 * p1 + 300 and h2 < 1.5 * h1 + 200, sizes
