"""Phrasings written outside the project: the held-out measure of how well the offline engine understands
questions it was not written for (issue 16).

Each file in `files/writers/` is one writer's set: for each of the golden set's 13 asks (address … connected),
12 templates (`ask<TAB>style<TAB>lang<TAB>template`): 6 English (2 plain, 2 fragment, 2 with the name or condition
first: `order`), 2 each in German, French and Italian; writers Q-V 16, more of them French or Italian, each told to
vary the key words of an ask within a language; writers W-Y 16 written tersely and name first (7 English: 1 plain,
3 fragment, 3 order; 3 each in German, French, Italian, one per style, the style in the second column); writers
Z to ZY 16 in unusual words, mostly French and English (6 each: 2 plain, 2 fragment, 2 order; 2 each German and
Italian), told that the textbook words were taken and to describe the thing asked instead of naming it. The
writers were agents told never to read the repository, its word lists or its datasets, each given a persona (a
compliance officer, a journalist, a notary's clerk …) and the asks' meaning only.

The split is the writer's: A to L and O to ZY were each measured once held out and then used to find rules (`dev`);
M and N were written for the test split and are never read while working on the engine (`test`; their figures are
looked at as means only). `tests/app_eval/test_independent.py` holds `agent/` to that: no run of four words of a test
writer's template appears there.

An item is a golden draft (`golden.entity_drafts`) on entities the committed golden set does not use, drawn with
the writer's own seeds, asked in every template of the writer for its ask: the first as the question, the others
as paraphrases (families `<split>-w-<style or language>`), and each English `plain` template once more in lower
case with the name misspelt (`<split>-w-typo`). Entities and expected answers come from the world's truth, as in
the golden set; the judge is the same.

    python -m app_eval datasets independent [--writers M,N]      # writes <data_dir>/eval/independent/golden.json
    python -m app_eval run --sets golden --datasets <that dir> --phrasings all --splits test
"""
from __future__ import annotations

import csv
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from app_eval.datasets.compose import finalize
from app_eval.datasets.families import misspell
from app_eval.datasets.golden import entity_drafts
from app_eval.datasets.model import DEV, GOLDEN, TEST, Dataset, Item, Paraphrase
from app_eval.datasets.truth import Truth

WRITERS_DIR = Path(__file__).resolve().parent / "files" / "writers"
TEST_WRITERS = ("M", "N")  # written for the test split: never read while working on the engine
FIRST_SEED = 61  # writer k (writer_number) draws its entities with seeds FIRST_SEED + 2k and FIRST_SEED + 2k + 1
# the golden builder's ask keys
ASKS = ("address", "uid", "legal_form", "capital", "purpose", "founded", "bankruptcy", "deleted", "renamed",
        "dissolution", "officers", "person_companies", "connected")
LANGUAGES = ("en", "de", "fr", "it")


@dataclass(frozen=True, slots=True)
class Template:
    ask: str
    style: str
    language: str
    text: str

    @property
    def column(self) -> str:
        return self.style if self.language == "en" else self.language


def writers() -> list[str]:
    return sorted(p.stem for p in WRITERS_DIR.glob("*.tsv"))


def writer_number(writer: str) -> int:
    """A = 0 … Z = 25; after Z the writers are ZA = 26, ZB = 27 …: each writer's seeds stay its own."""
    if not re.fullmatch(r"[A-Y]|Z[A-Z]?", writer):
        raise ValueError(f"writer {writer!r}: a name is one capital letter, or Z and one more after Z")
    return 26 * (len(writer) - 1) + ord(writer[-1]) - ord("A")


def split_of(writer: str) -> str:
    return TEST if writer in TEST_WRITERS else DEV


def tsv_rows(path: Path, fields: int) -> Iterator[tuple[int, list[str]]]:
    """(line number, its fields stripped) of a writer's tab-separated file, blank lines skipped; a line with another
    number of fields is refused, naming the file and the line."""
    with path.open(encoding="utf-8", newline="") as f:
        for n, row in enumerate(csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE), start=1):
            if not row or not "".join(row).strip():
                continue
            if len(row) != fields:
                raise ValueError(f"{path.name} line {n}: {len(row)} fields, not {fields}")
            yield n, [x.strip() for x in row]


def templates(writer: str) -> list[Template]:
    """One writer's templates, checked: a known ask, a language, one placeholder of the ask's kind."""
    path = WRITERS_DIR / f"{writer}.tsv"
    out: list[Template] = []
    for n, row in tsv_rows(path, 4):
        ask, style, language, text = row
        slot = "{p}" if ask == "person_companies" else "{n}"
        if ask not in ASKS or language not in LANGUAGES or text.count(slot) != 1 \
                or len(re.findall(r"[{}]", text)) != 2:
            raise ValueError(f"{path.name} line {n}: not a template of a known ask with one {slot}: {row}")
        out.append(Template(ask, style, language, text))
    return out


def _asked(template: Template, slots: dict[str, str]) -> str:
    try:
        return re.sub(r"\s+", " ", template.text.format(**slots)).strip()
    except KeyError as exc:
        raise ValueError(f"template of {template.ask} names {exc}, the draft has {sorted(slots)}") from exc


def items_for(truth: Truth, writer: str, exclude: set[str], seeds: Sequence[int]) -> list[Item]:
    by_ask: dict[str, list[Template]] = {}
    for t in templates(writer):
        by_ask.setdefault(t.ask, []).append(t)
    split, used, items = split_of(writer), set(exclude), []
    for seed in seeds:
        drafts = entity_drafts(truth, seed, used)
        finalize(drafts, f"{writer}{seed}-")  # numbered; the split and the wording are the writer's
        for d in drafts:
            tpls = by_ask.get(d.ask.key)
            if not tpls:
                continue
            slots = dict(d.ask.slots)
            paras = []
            for i, t in enumerate(tpls):
                paras.append(Paraphrase(family=f"{split}-w-{t.column}", language=t.language,
                                        question=_asked(t, slots)))
                if t.language == "en" and t.style == "plain":
                    typo = dict(slots)
                    typo[d.ask.subject] = misspell(slots[d.ask.subject], d.item.id + str(i))
                    paras.append(Paraphrase(family=f"{split}-w-typo", language="en",
                                            question=_asked(t, typo).lower()))
            d.item.split = split  # type: ignore[assignment]
            d.item.question, d.item.paraphrases = paras[0].question, paras[1:]
            items.append(d.item)
        used |= {u for d in drafts for u in (d.item.entity_uids or [])}
    return items


def build_independent(truth: Truth, golden: Dataset, chosen: Sequence[str] | None = None) -> Dataset:
    """The items of every writer in `chosen` (default all), on entities `golden` does not use."""
    names = writers()
    exclude = {u for it in golden.items for u in (it.entity_uids or [])}
    items: list[Item] = []
    for w in chosen or names:
        if w not in names:
            raise ValueError(f"no writer {w!r} in {WRITERS_DIR} (there are {', '.join(names)})")
        k = writer_number(w)
        items += items_for(truth, w, exclude, (FIRST_SEED + 2 * k, FIRST_SEED + 2 * k + 1))
    return Dataset(kind=GOLDEN, version=golden.version, world=golden.world, built_from="truth", items=items,
                   world_digest=golden.world_digest)
