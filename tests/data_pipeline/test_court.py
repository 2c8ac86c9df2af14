"""The court's bankruptcy opening read from a register notice's text (data_pipeline/extract/court.py)."""
import pytest

from data_pipeline.extract.court import bankruptcy_opened
from tests.conftest import REALDATA


@pytest.mark.parametrize("text, opened", [
    ("Muster GmbH, in Bern. Mit Entscheid des Regionalgerichts Bern-Mittelland vom 3.2.2021 wurde über die "
     "Gesellschaft mit Wirkung ab dem 3.2.2021, 10:15 Uhr, der Konkurs eröffnet.", "2021-02-03"),
    ("Alpes Sàrl, à Sion. Par jugement du Tribunal de district de Sion du 14.09.2023, la faillite de la société a "
     "été prononcée avec effet à partir du 14.09.2023, à 09h30.", "2023-09-14"),
    ("Ticino SA, in Lugano. Con decisione della Pretura di Lugano del 01.12.2019 è stato dichiarato il fallimento "
     "della società con effetto dal 01.12.2019, alle ore 11:00.", "2019-12-01"),
    # a sole proprietorship: the owner is the debtor, named between the court's date and the verb
    ("Garage Rossi, in Chur. Mit Entscheid des Regionalgerichts Plessur vom 07.06.2022 wurde über den Inhaber "
     "Marco Rossi, italienischer Staatsangehöriger, in Chur, der Konkurs eröffnet. Das Einzelunternehmen ist "
     "infolge Konkurses aufgelöst.", "2022-06-07"),
])
def test_the_courts_date_is_read_in_each_language(text, opened):
    assert bankruptcy_opened(text) == opened


@pytest.mark.parametrize("text", [
    # dissolved by the court for a defect of organisation (art. 731b): liquidated under bankruptcy rules, no opening
    "Mit Entscheid des Regionalgerichts Biel/Bienne vom 26.12.2018 wurde die Gesellschaft in Anwendung von Art. 731b "
    "OR aufgelöst und ihre Liquidation nach den Vorschriften über den Konkurs angeordnet.",
    "Par jugement du Tribunal de district de Sion du 11.03.2019, la société a été dissoute et sa liquidation selon les "
    "règles applicables à la faillite a été ordonnée (art. 731b CO).",
    "Die Gesellschaft ist mit Beschluss der Generalversammlung vom 12.05.2020 aufgelöst.",
    "", None,
])
def test_a_text_that_states_no_opening_gives_none(text):
    assert bankruptcy_opened(text) is None


def test_a_real_register_notice():
    path = REALDATA / "shab" / "notices_text" / "0036.txt"
    if not path.is_file():
        pytest.skip(f"real notice text not found at {path}")
    assert bankruptcy_opened(path.read_text(encoding="utf-8")) == "2026-08-04"
