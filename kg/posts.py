"""A person's posts in one company's notices: which entries end a name's post, and one person however the
company's notices write their name.

A notice ends the post held under a name when it lists the person among those who left ("resigned") or when it
registers them under a new name ("renamed": the old name of an entry's "[bisher: Metthofer, Sarah]", whose post
goes on under the new one). Within one company's notices "Rufwyler, Köbi" and "Rufwyler, Koebi", "Gasslin,
Laura" and "Gasslin, Laura B.", "Martin S. Lehegger" and "Lehegger, Martin Severin" are one person, though the
strict name key of their NameHubs (§4.1.4) keeps them apart: `Persons` joins them there only, where two people
sharing a surname and a given name and differing in an initial or a further given name are rare.
"""
from __future__ import annotations

from kg.text import fold, words

RESIGNED = "resigned"
RENAMED = "renamed"
ENDED = frozenset({RESIGNED, RENAMED})  # the name's post ends with this entry


def person_key(name: str | None) -> str:
    """A name's words folded (umlauts spelled out, accents and case dropped) and sorted: "Rufwyler, Köbi" and
    "Rufwyler, Koebi" give the same key."""
    return " ".join(sorted(words(fold(name or ""))))


def same_person(a: str, b: str) -> bool:
    """Whether two names in one company's notices name one person: the same words; or at least two full words in
    common and what is left of one is initials of what is left of the other, or nothing ("Gasslin, Laura B." and
    "Gasslin, Laura"; "Martin S. Lehegger" and "Lehegger, Martin Severin")."""
    return _same_words(person_key(a).split(), person_key(b).split())


def _same_words(x: list[str], y: list[str]) -> bool:
    if x == y:
        return bool(x)
    common = [w for w in x if w in y]
    if sum(1 for w in common if len(w) > 1) < 2:
        return False
    rest_x, rest_y = [w for w in x if w not in common], [w for w in y if w not in common]
    return _initials_of(rest_x, rest_y) or _initials_of(rest_y, rest_x)


def _initials_of(short: list[str], long: list[str]) -> bool:
    """Nothing, or initials each of a word of `long`, in order ("g m" of "gianluca matteo")."""
    if len(short) > len(long) or any(len(w) != 1 for w in short):
        return False
    words_left = iter(long)
    return all(any(v.startswith(w) for v in words_left) for w in short)


class Persons:
    """Assigns the names met in one company's notices to persons: a name joins the first person it names."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}  # name -> the first name of its person
        self._words: dict[str, list[str]] = {}  # name -> its key's words, read once

    def of(self, name: str | None) -> str:
        name = name or ""
        if name not in self._names:
            words = person_key(name).split()
            self._names[name] = next((self._names[seen] for seen, seen_words in self._words.items()
                                      if _same_words(seen_words, words)), name)
            self._words[name] = words
        return self._names[name]
