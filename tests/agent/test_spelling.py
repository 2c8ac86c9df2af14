"""Words typed with a typo, read as the words the rules spell (`agent.offline.spelling`)."""
from __future__ import annotations

import re

import pytest

from agent.offline import spelling
from agent.offline.understand import respelt

VOCABULARY = {"merged", "registered", "registre", "before", "board", "directors", "eingetragen", "eingetragene",
              "cooperativa", "founded", "moved"}


@pytest.mark.parametrize("typed, meant", [
    ("merdged", "merged"),  # a letter more in a long word
    ("registred", "registered"),  # as near "registre": the one keeping its ending wins
    ("befroe", "before"),  # two neighbouring letters swapped in a short word
    ("borad", "board"),
    ("dirctors", "directors"),
    ("coperativa", "cooperativa"),
    ("eingetragne", "eingetragene"),  # as near "eingetragen": its ending kept
])
def test_a_misspelt_word_is_the_one_word_meant(typed, meant):
    assert spelling.meant(typed, VOCABULARY) == meant


@pytest.mark.parametrize("typed", [
    "funded",  # a letter less in a short word: another word, not a typo
    "mored",  # short, and no swap of a known word
    "board",  # known
    "xerged",  # another first letter
    "movers",  # no word within reach
])
def test_a_word_no_typo_reaches_is_read_as_typed(typed):
    assert spelling.meant(typed, VOCABULARY) is None


def test_stems_and_known_words_are_never_corrected():
    assert spelling.meant("trasferite", {"trasferita"}, stems={"trasferit"}) is None  # a stem with its ending
    assert spelling.meant("meged", {"merged"}, known={"meged"}) is None


def test_before_the_rules_a_letter_written_for_another_is_no_typo():
    # the Italian "mandare" is no misspelt "mandate", the French "constatée" no "constituée"
    assert spelling.meant("mandare", {"mandate"}, replaced=False) is None
    assert spelling.meant("constatee", {"constituee"}, replaced=False) is None
    assert spelling.meant("mandare", {"mandate"}) == "mandate"  # where a fact word is all that is left to read
    # nor is an ending: "liquider" is no "liquide" misspelt, "structures" no "structure"
    assert spelling.meant("liquider", {"liquide"}, replaced=False) is None
    assert spelling.meant("structures", {"structure"}, replaced=False) is None
    for typed, meant in (("merdged", "merged"), ("registred", "registered"), ("befroe", "before"),
                         ("coperativa", "cooperativa")):
        assert spelling.meant(typed, VOCABULARY, replaced=False) == meant, typed


def test_names_keep_their_spelling_and_a_first_word_its_capital():
    text = spelling.respell("Befroe Mergd Holding moved, when was it merdged?", VOCABULARY)
    assert text == "Before Mergd Holding moved, when was it merged?"  # "Mergd" inside: a name, left alone


def test_patterns_give_their_words_and_stems():
    pats = [re.compile(r"\b(?:merged|absorbed)\b"), re.compile(r"\btrasferit\w*|register(?:ed|s)\b")]
    assert {"merged", "absorbed"} <= spelling.pattern_words(pats)
    assert spelling.pattern_stems(pats) == {"trasferit", "register"}


@pytest.mark.parametrize("question, read", [
    ("⟦⟧ - merdged into what?", "⟦⟧ - merged into what?"),
    ("befroe ⟦⟧ moved its seat, it was in which town?", "before ⟦⟧ moved its seat, it was in which town?"),
    # a word that begins with a word the facts are read by ("registre") is read by it, as typed
    ("2020 - Solothurn - cos registred as new that year?", "2020 - Solothurn - cos registred as new that year?"),
    ("Canton de Schwyz : quelles sociétés ont été fondées ?", "Canton de Schwyz : quelles sociétés ont été fondées ?"),
    ("ppl w/ borad seats in more than 3 companies", "ppl w/ board seats in more than 3 companies"),
    ("which companies were funded in 2020?", "which companies were funded in 2020?"),
    ("Welche Firmen sind in Zürich eingetragen?", "Welche Firmen sind in Zürich eingetragen?"),
])
def test_the_reader_sees_the_words_meant(question, read):
    assert respelt(question) == read
