"""kg.text.holds_word: a word of a list found where a word starts (and ends, when asked), as one search per word
would find it."""
from __future__ import annotations

import re

import pytest

from kg.text import _word_pattern, holds_word

WORDS = ("konkurs", "faillite", "c.a.", "sitz")


@pytest.mark.parametrize(("text", "whole", "held"), [
    ("wie viele konkurse gab es", False, True),   # a word's start is enough
    ("wie viele konkurse gab es", True, False),   # not the whole word
    ("nachkonkurs", False, False),                # inside a word: no
    ("au c.a. de", False, True),                  # a dot in a word is a dot, not any character
    ("au cxax de", False, False),
    ("sitzverlegung", False, True),
    ("", False, False),
])
def test_a_word_is_found_where_one_search_per_word_finds_it(text: str, whole: bool, held: bool):
    end = r"\b" if whole else ""
    per_word = any(re.search(rf"(?<![a-z]){re.escape(w)}{end}", text) for w in WORDS)
    assert holds_word(text, WORDS, whole) is held is per_word


def test_no_words_hold_nothing_and_a_list_is_compiled_once():
    assert holds_word("anything", ()) is False and holds_word("anything", []) is False
    _word_pattern.cache_clear()
    for _ in range(3):
        holds_word("konkurs", WORDS)
        holds_word("konkurs", list(WORDS))  # a list and a tuple of the same words: one pattern
    assert _word_pattern.cache_info().misses == 1
