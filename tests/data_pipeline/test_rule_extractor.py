"""The offline rule extractor reads the persons and roles a reader sees in real SHAB notices."""
import random
import re

import pytest

from data_pipeline.extract import rules
from data_pipeline.extract.base import ExtractionInput, Mention, keep
from data_pipeline.extract.rules import RuleExtractor, extract_text, offices
from data_pipeline.sources import read_publications
from tests.conftest import REALDATA

SHAB = REALDATA / "shab"
needs_real = pytest.mark.skipif(not SHAB.is_dir(), reason=f"real SHAB samples not found at {SHAB}")


def notice_text(name: str) -> str:
    """The publication text of a notice as shown on the SHAB page (its longest line)."""
    lines = (SHAB / "notices_text" / name).read_text(encoding="utf-8").splitlines()
    return max((ln.strip() for ln in lines), key=len)


def people(text: str, **kw) -> list[tuple]:
    return [(m.name, m.role, m.role_key, m.signature, m.status) for m in extract_text(ExtractionInput("x", text, **kw))]


@needs_real
def test_hikari_labs_partner_and_managing_director():
    [pub] = list(read_publications([SHAB / "xml" / "HR01_e34b9c34_Hikari_Labs_GmbH.xml"]))
    [m] = extract_text(ExtractionInput(pub.publication_number, pub.text, "de", "HR01"))
    assert (m.name, m.kind, m.role, m.role_key) == ("Gradonski, Michael", "person", "Gesellschafter und Geschäftsführer",
                                                    "managing_partner")
    assert m.signature == "mit Einzelunterschrift" and m.status == "registered"
    assert (m.nationality, m.residence) == ("österreichischer", "Spreitenbach")


@needs_real
def test_resigned_and_new_board_members():
    assert people(notice_text("0060.txt")) == [
        ("Zundel, Rolf", "Mitglied des Verwaltungsrates", "board_member", "mit Kollektivunterschrift zu zweien", "resigned"),
        ("Siegenthaler, Manuela", "Mitglied des Verwaltungsrates", "board_member", "mit Kollektivunterschrift zu zweien",
         "registered"),
    ]


@needs_real
def test_history_in_brackets_is_not_the_current_role():
    rows = people(notice_text("0069.txt"))
    assert rows[0][:3] == ("Brülhart, Daniel", "Präsident des Stiftungsrates", "chair")
    assert rows[1][:3] == ("Münger Wüthrich, Matthias", "Vizepräsident des Stiftungsrates", "vice_chair")


@needs_real
@pytest.mark.parametrize("notice, new, old", [
    ("0015.txt", "Frauchiger, Claudia", "Minder, Claudia"),  # "[bisher: Minder, Claudia, in Oberburg]"
    ("0003.txt", "Navarro Carpentieri, Iker", "Navarro, Iker"),  # "[bisher: Navarro, Iker, amerikanischer ...]"
])
def test_a_person_registered_under_a_new_name_ends_the_post_of_the_old_one(notice, new, old):
    """The old name is still named (a search for it finds the company), its post ended by the renaming."""
    rows = {r[0]: r for r in people(notice_text(notice))}
    assert rows[new][4] == "registered" and rows[old][4] == "renamed" and rows[old][2] == rows[new][2]


def test_a_bracket_with_the_same_name_is_no_renaming():
    rows = people("Eingetragene Personen neu oder mutierend: Meier, Hans, von Bern, in Basel, Mitglied des "
                  "Verwaltungsrates, mit Kollektivunterschrift zu zweien [bisher: Meier, Hans, in Zug].")
    assert [(r[0], r[4]) for r in rows] == [("Meier, Hans", "registered")]


@needs_real
def test_companies_as_auditor_and_liquidator_keep_their_uid():
    ms = extract_text(ExtractionInput("x", notice_text("0028.txt")))
    assert [(m.name, m.kind, m.uid, m.role_key, m.status) for m in ms] == [
        ("OBT AG", "company", "CHE-323.201.462", "auditor", "resigned"),
        ("BDO AG", "company", "CHE-430.259.378", "auditor", "registered"),
    ]
    [liq] = extract_text(ExtractionInput("x", notice_text("0096.txt")))
    assert (liq.name, liq.kind, liq.role, liq.role_key, liq.residence) == \
        ("Dietrich Treuhand AG", "company", "Liquidatorin", "liquidator", "Dübendorf")


@needs_real
def test_nationality_origin_and_several_entries():
    ms = extract_text(ExtractionInput("x", notice_text("0012.txt")))
    assert [m.name for m in ms] == ["Singh, Gurbachan", "Khan, Resabul", "Singh, Biramandeep"]
    assert (ms[0].origin, ms[0].residence) == ("Vechigen", "Boll (Vechigen)")
    assert ms[1].nationality == "indischer" and ms[1].origin is None


@needs_real
def test_french_notices():
    pubs = {p.publication_number: p for p in read_publications([SHAB / "json", SHAB / "xml"])}
    [m] = extract_text(ExtractionInput("x", pubs["HR01-1006740640"].text, "fr"))
    assert (m.name, m.role_key, m.origin, m.residence) == ("Grisca Igor", "managing_partner", "Roumanie", "Onex")
    assert "signature individuelle" in m.signature
    m, care_of = extract_text(ExtractionInput("x", pubs["HR02-1006740552"].text, "fr"))
    assert (m.name, m.nationality, m.residence) == ("Pogreban, Vadim", "roumain", "Saint-Gingolph")
    assert (care_of.name, care_of.role_key) == ("Vadim Pogreban", "care_of")  # "Nouvelle adresse: c/o Vadim Pogreban, ..."
    conferred = extract_text(ExtractionInput("x", pubs["HR02-1006747585"].text, "fr"))
    assert {m.role_key for m in conferred} == {"authorized_signatory"}
    assert [(m.name, m.status) for m in conferred] == [
        ("Jammet ép. Van Brussel Delphine", "registered"), ("Jewsbury Katie", "registered"),
        ("Pécherand-Charmet Estelle", "registered"), ("Srishantharasah Saranniya", "registered"),
        ("Scheelbeek Saskia Esther Charlotte", "resigned"),
    ]
    assert conferred[0].signature == "Signature collective à deux"


def test_italian_and_liquidator_sections():
    text = ("Alfa Sagl, in liquidazione, a Lugano, CHE-123.456.789. Persone iscritte: Bernasconi, Marco, da Mendrisio, "
            "a Lugano, gerente, con firma individuale. Persone dimissionarie e firme cancellate: Rossi, Anna, "
            "cittadina italiana, a Como, socia, con firma collettiva a due. Liquidatore: Ferrari, Luca, da Bellinzona, "
            "a Bellinzona.")
    assert [(m.name, m.role_key, m.status) for m in extract_text(ExtractionInput("x", text, "it"))] == [
        ("Bernasconi, Marco", "managing_director", "registered"),
        ("Rossi, Anna", "partner", "resigned"),
        ("Ferrari, Luca", "liquidator", "registered"),
    ]


def test_geneva_style_titles_owner_and_signature_grants():
    text = ("Alpha Sàrl, à Genève. Associée-gérante: Muster Anna, de Berne, à Onex, avec signature individuelle. "
            "Directeur de la succursale: Rossi Marco, d'Italie, à Genève, avec signature collective à deux. "
            "Dupont Jean n'est plus gérant; ses pouvoirs sont radiés. Procuration individuelle a été conférée à "
            "Keller Eva, de Zurich, à Nyon. Signature collective à deux a été conférée à Meier Max, du Kosovo, à Bex. "
            "Communications aux associés: par écrit.")
    assert [(m.name, m.role_key, m.status) for m in extract_text(ExtractionInput("x", text, "fr"))] == [
        ("Muster Anna", "managing_partner", "registered"), ("Rossi Marco", "branch_manager", "registered"),
        ("Keller Eva", "authorized_signatory", "registered"), ("Meier Max", "authorized_signatory", "registered"),
        ("Dupont Jean", "managing_director", "resigned")]
    it = "Con decisione della Pretura è stato dichiarato il fallimento del titolare Massimo Bonetti. La ditta è sciolta."
    assert [(m.name, m.role_key) for m in extract_text(ExtractionInput("x", it, "it"))] == [("Massimo Bonetti", "owner")]


def test_offices_get_their_city_and_names_must_occur_in_text():
    ms = offices("Konkursamt Zürich-Altstetten\nBadenerstrasse 1\n8004 Zürich", None)
    assert [m.name for m in ms] == ["Konkursamt Zürich-Altstetten"]
    assert [m.name for m in offices("Das Konkursamt hat das Verfahren geschlossen.", "Thun")] == ["Konkursamt Thun"]
    assert not keep(Mention("Hans Muster", "person"), "Eingetragene Personen: Muster, Hans")
    assert not keep(Mention("SHAB", "company"), "Publikationsorgan: SHAB.")
    assert RuleExtractor().extract([ExtractionInput("e1", "Publikationsorgan: SHAB.")]) == {"e1": []}


def _split_reference(s: str, sep: str) -> list[str]:
    """A notice split character by character (the extractor's first form): the fast scan must split the same."""
    parts, depth, cur = [], 0, []
    for ch in s:
        depth += ch in "(["
        depth -= ch in ")]"
        if ch == sep and depth <= 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def _sentence_end_reference(s: str) -> int:
    depth = 0
    for i, ch in enumerate(s):
        depth += ch in "(["
        depth -= ch in ")]"
        if ch != "." or depth > 0 or (i + 1 < len(s) and not s[i + 1].isspace()):
            continue
        word = re.search(r"([\w'’]+)$", s[:i])
        tok = word.group(1) if word else ""
        if tok.lower() in rules._ABBREV or (len(tok) == 1 and tok.isalpha() and tok.isupper()):
            continue
        return i
    return len(s)


def test_entries_and_sentences_split_as_a_character_scan_splits_them():
    """Brackets nested, unmatched or closing first, an abbreviation or an initial before a dot, a dot after a
    newline, apostrophes and non-ASCII letters: the splitting the extractor does with regex scans equals the plain
    character-by-character scan on every string."""
    rng = random.Random(19)
    pieces = list("([)].,;\n 'a’B_é1²Z") + ["St.", "Dr.", "A.", "von ", "[bisher: X, Y]", "(CHE-1.2)"]
    for _ in range(20_000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 24)))
        assert rules._split_outside(s, ",") == _split_reference(s, ","), s
        assert rules._split_outside(s, ";") == _split_reference(s, ";"), s
        assert rules._sentence_end(s) == _sentence_end_reference(s), s


def test_every_section_title_is_read_as_its_own_header():
    """The headers matched as one pattern: each title gets its own status and implied role, the first header that
    matches the whole title decides, and a title that only starts like one is no header."""
    assert rules._section_kind("Eingetragene Personen neu oder mutierend") == ("registered", None)
    assert rules._section_kind("Ausgeschiedene Personen und erloschene Unterschriften") == ("resigned", None)
    assert rules._section_kind("Personne(s) et signature(s) radiée(s)") == ("resigned", None)
    assert rules._section_kind("Liquidatorin") == ("registered", "Liquidator")
    assert rules._section_kind("Gesellschafterin und Geschäftsführerin") == ("registered", "Gesellschafter")
    assert rules._section_kind("Organe de révision") == ("registered", "Organe de révision")
    assert rules._section_kind("Directeur de la succursale") == ("registered", "Directeur de la succursale")
    assert rules._section_kind("Zweck") is None
    assert rules._section_kind("Eingetragene Personen und mehr") is None
