"""One person in one company's notices however its name is written there, and the entries that end a post."""
import pytest

from kg.posts import Persons, person_key, same_person


@pytest.mark.parametrize("a, b", [
    ("Rufwyler, Köbi", "Rufwyler, Koebi"),  # an umlaut spelled out
    ("Cornuet, Aurélie", "Cornuet, Aurelie"),  # an accent dropped
    ("MARINO, Salvatore", "Marino, Salvatore"),
    ("Bonnoud Laurent Loïc", "Bonnoud, Laurent Loïc"),  # without the comma
    ("Gasslin, Laura B.", "Gasslin, Laura"),  # a middle initial more
    ("Zoppucci, Fabrizio G. M.", "Zoppucci, Fabrizio Gianluca Matteo"),  # given names as initials
    ("Martin S. Lehegger", "Lehegger, Martin Severin"),
    ("Hirzstein, Ueli", "Hirzstein, Ueli Kurt Heinz"),  # the first given name only
])
def test_names_of_one_person(a, b):
    assert same_person(a, b) and same_person(b, a)


@pytest.mark.parametrize("a, b", [
    ("Müller, Hans", "Meier, Hans"),
    ("Müller, Hans", "Müller, Anna"),
    ("Müller, H.", "Müller, Hans"),  # a surname and an initial: too little in common
    ("Müller, Hans P.", "Müller, Hans Kurt"),  # the initial is not of the other given name
    ("Müller, Hans Kurt", "Müller, Hans Peter"),
    ("Steiner, Sarah", "Metthofer, Sarah"),  # a new surname is a renaming, told by the notice, not by the name
    ("", ""),
])
def test_names_of_two_persons(a, b):
    assert not same_person(a, b)


def test_a_name_joins_the_first_person_it_names():
    persons = Persons()
    assert persons.of("Zoppucci, Fabrizio Gianluca Matteo") == "Zoppucci, Fabrizio Gianluca Matteo"
    assert persons.of("Costa Pereira, Inês Beatriz") == "Costa Pereira, Inês Beatriz"
    assert persons.of("Zoppucci, Fabrizio G. M.") == "Zoppucci, Fabrizio Gianluca Matteo"
    assert persons.of("Costa Pereira, Ines Beatriz") == "Costa Pereira, Inês Beatriz"
    assert person_key("Rufwyler, Köbi") == person_key("rufwyler koebi") == "koebi rufwyler"

