"""Every real SHAB file in ../shared/realdata/shab/ parses into the fields a registry analyst checks."""
from pathlib import Path

import pytest

from data_pipeline.sources import Quarantine, read_publications
from tests.conftest import REALDATA

SHAB = REALDATA / "shab"
pytestmark = pytest.mark.skipif(not SHAB.is_dir(), reason=f"real SHAB samples not found at {SHAB}")


def one(path: str):
    q = Quarantine()
    pubs = list(read_publications([SHAB / path], q))
    assert q.count == 0, q.entries
    assert len(pubs) == 1
    return pubs[0]


def test_hr01_hikari_labs_new_registration():
    p = one("xml/HR01_e34b9c34_Hikari_Labs_GmbH.xml")
    assert (p.publication_number, p.publication_date, p.sub_rubric, p.rubric) == ("HR01-1006739231", "2026-08-25", "HR01", "HR")
    assert p.id == "e34b9c34-4917-41fa-95e1-89ca86a9d69d"
    assert p.language == "de" and p.cantons == ["AG"] and p.schema_version == "1.26" and p.state == "PUBLISHED"
    c = p.company
    assert (c.name, c.uid, c.seat) == ("Hikari Labs GmbH", "CHE-344.059.939", "Spreitenbach")
    assert (c.legal_form_code, c.legal_form) == ("0107", "GmbH")
    assert c.capital_nominal == 20000.0 and c.capital_paid == 20000.0
    assert c.address.one_line() == "Sandäckerstrasse 5a, 8957 Spreitenbach"
    assert c.purpose.startswith("Die Gesellschaft bezweckt die Erbringung von Beratungs-")
    assert c.opting_out is True
    assert p.title["de"] == "Neueintragung Hikari Labs GmbH, Spreitenbach"
    assert p.title["fr"] == "Nouvelles entrées Hikari Labs GmbH, Spreitenbach"
    assert p.sender_office == "Handelsregisteramt des Kantons Aargau"
    assert (p.journal_number, p.journal_date) == ("11864", "2026-08-20")
    assert "Gradonski, Michael, österreichischer Staatsangehöriger, in Spreitenbach" in p.text
    assert p.previous is None and p.changes == [] and p.deletion_date is None


def test_hr02_rysaffe_signature_changes_french():
    p = one("xml/HR02_de8f0150_Rysaffe_Administrateurs_Sarl_fr_signatures.xml")
    assert (p.publication_number, p.publication_date, p.language, p.cantons) == ("HR02-1006747585", "2026-09-03", "fr", ["GE"])
    assert p.company.name == "Rysaffe Administrateurs Sàrl" and p.company.uid == "CHE-114.723.217"
    assert p.company.seat == "Genève" and p.company.legal_form == "GmbH"
    assert p.company.translations == "(Rysaffe Verwaltungsratsmitglieder GmbH) (Rysaffe Directors LLC)"
    assert p.previous is not None and p.previous.seat == "Genève"
    assert p.changes == ["others"]  # person and signature changes are flagged only as "others"
    assert (p.last_publication_date, p.last_publication_sequence) == ("2026-05-29", "1006662803")
    assert "Signature collective à deux a été conférée à Jammet ép. Van Brussel Delphine" in p.text
    assert p.sender_office == "Registre du commerce du Canton de Genève"


def test_hr03_srh_consulting_deleted_after_bankruptcy():
    p = one("xml/HR03_b6a8b11f_SRH_Consulting_Sarl_fr.xml")
    assert (p.publication_number, p.sub_rubric, p.language) == ("HR03-1006739625", "HR03", "fr")
    assert p.deletion_date == "2026-08-20"
    assert p.company.name == "SRH Consulting Sàrl, en liquidation"
    assert p.company.uid == "CHE-369.297.923" and p.company.seat == "Genève"
    assert p.company.address.one_line() == "Rue de la Servette 69, 1202 Genève"
    assert p.previous is None  # commonsActual is the subject of a deletion, not a "before"
    assert "la société est radiée d'office" in p.text


def test_kk01_sm_regio_print_bankruptcy_opening():
    p = one("xml/KK01_c4ebb597_SM_Regio_Print_GmbH.xml")
    assert (p.publication_number, p.publication_date, p.rubric) == ("KK01-0000069210", "2026-08-25", "KK")
    assert p.expiration_date == "2031-08-25" and p.cantons == ["LU"]
    assert p.registration_office == "Konkursamt Hochdorf" and p.registration_office_town == "Kriens"
    assert p.debtor.kind == "company"
    d = p.debtor.company
    assert (d.name, d.uid, d.canton) == ("SM Regio Print GmbH", "CHE-278.850.327", "LU")
    assert d.address.one_line() == "Gerliswilstrasse 12, 6020 Emmenbrücke"
    assert p.company is d and p.subject_name == "SM Regio Print GmbH"
    assert p.deadlines.resolution_date == "2026-07-20"
    assert p.title["de"] == "Vorläufige Konkursanzeige SM Regio Print GmbH"


def test_kk04_cb_ponteggi_italian_deadlines():
    p = one("xml/KK04_2a5d3c9d_CB_Ponteggi_SA_it.xml")
    assert (p.publication_number, p.language, p.cantons) == ("KK04-0000059754", "it", ["GR"])
    assert p.debtor.company.name == "CB Ponteggi SA in liquidazione"
    assert p.debtor.company.uid == "CHE-457.983.142"
    assert p.deadlines.entry_deadline == "2026-09-14" and p.deadlines.days_after_publication == 20
    assert p.deadlines.inventory_deadline == "2026-09-04"
    assert p.office == "Ufficio esecuzioni e fallimenti Moesa, Al Giardinètt 2, 6535 Roveredo GR"
    assert p.remarks.startswith("Si rende noto che a partire dal 25 agosto 2026")


def test_json_hr01_volta_gg():
    p = one("json/HR01_fr_Volta_GG_Sarl.json")
    assert (p.publication_number, p.publication_date, p.language, p.cantons) == ("HR01-1006740640", "2026-08-26", "fr", ["GE"])
    assert (p.company.name, p.company.uid, p.company.seat) == ("Volta GG Sàrl", "CHE-159.326.663", "Meyrin")
    assert p.company.legal_form == "GmbH" and p.company.capital_nominal == 20000.0
    assert "Associé-gérant: Grisca Igor, de Roumanie, à Onex" in p.text
    assert p.journal_date == "2026-08-21"


def test_json_hr02_cristal_swiss_tour_seat_move():
    p = one("json/HR02_fr_Cristal_swiss_tour_Sarl_seat_change.json")
    assert p.publication_number == "HR02-1006740552" and p.cantons == ["VS"]
    assert p.previous.seat == "Martigny" and p.company.seat == "Saint-Gingolph"
    assert sorted(p.changes) == ["address", "seat"]
    assert p.company.address.care_of == "c/o Vadim Pogreban"
    assert p.company.address.one_line() == "c/o Vadim Pogreban, Ruelle du Prolet 1, 1898 St-Gingolph"
    assert p.company.capital_nominal == 20000.0  # the JSON API sends capital as an array
    assert p.last_publication_sequence == "1006221191"
    assert p.title["fr"] == "Mutation Cristal swiss tour Sàrl, Martigny, nouveau Saint-Gingolph"


KK_EXPECTED = {
    # file: (publication number, debtor, canton, a sub-rubric specific field and value)
    "KK01.xml": ("KK01-0000000008", "Museum Company mit UID", "AR", "resolution_date", "2018-05-03"),
    "KK02.xml": ("KK02-0000000038", "CK - HAIR SARL, en liquidation", "GE", "entry_deadline", "2018-08-02", "CHE-260.477.536"),
    "KK03.xml": ("KK03-0000000004", "Burger Chef", "BL", "cessation_date", "2018-05-03"),
    "KK04.xml": ("KK04-0000000014", "American Appliance", "ZG", "inventory_deadline", "2018-05-03"),
    "KK05.xml": ("KK05-0000000021", "Franklin Simon", "GE", "days_after_publication", 10),
    "KK06.xml": ("KK06-0000000025", "Gamma Gas", "JU", "proceeding_end_date", "2018-05-03"),
    "KK07.xml": ("KK07-0000000026", "Beatties", "BS", "revocation_date", "2018-05-03"),
    "KK08.xml": ("KK08-0000000009", "Castle Realty", "FR", "auction_date", "2018-05-03"),
    "KK09.xml": ("KK09-0000000006", "Body Toning", "BE", "entry_deadline", "2018-05-03"),
}


@pytest.mark.parametrize("name", sorted(KK_EXPECTED))
def test_kk_sub_rubric_formats_of_schema_1_2(name):
    number, debtor, canton, field, value, *uid = KK_EXPECTED[name]
    p = one(f"kk_format/{name}")
    assert p.schema_version == "1.2" and p.sub_rubric == name[:4]
    assert (p.publication_number, p.debtor.name, p.cantons) == (number, debtor, [canton])
    assert p.debtor.company.uid == (uid[0] if uid else "CHE-123.456.789")
    assert getattr(p.deadlines, field) == value


def test_kk02_and_kk03_name_the_bankruptcy_office():
    assert one("kk_format/KK02.xml").office.startswith("Office des poursuites et faillites de l'Etat Genève")
    assert one("kk_format/KK03.xml").office.startswith("Konkursamt Bern")


def test_kk10_free_text_notice():
    p = one("kk_format/KK10.xml")
    assert p.debtor is None and p.company is None
    assert p.text == "Das ist ein KK verschiedenes, dieser Titel wird durch die Meldung gesteuert\nINhalt der Meldung"


def test_every_real_file_is_read_without_quarantine():
    q = Quarantine()
    files = sorted(Path(SHAB).glob("xml/*.xml")) + sorted(Path(SHAB).glob("json/*.json")) + \
        sorted(Path(SHAB).glob("kk_format/*.xml"))
    pubs = list(read_publications(files, q))
    assert q.count == 0 and len(pubs) == len(files) == 17
    assert len({p.publication_number for p in pubs}) == 17
