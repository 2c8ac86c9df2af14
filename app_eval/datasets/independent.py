"""Phrasings written outside the project: the held-out measure of how well the offline engine understands
questions it was not written for (issue 16).

Each file in `files/writers/` is one writer's set: for each of the golden set's 13 asks (address … connected),
12 templates (`ask<TAB>style<TAB>lang<TAB>template`): 6 English (2 plain, 2 fragment, 2 with the name or condition
first: `order`), 2 each in German, French and Italian; writers Q-V 16, more of them French or Italian, each told to
vary the key words of an ask within a language; writers W-Y 16 written tersely and name first (7 English: 1 plain,
3 fragment, 3 order; 3 each in German, French, Italian, one per style, the style in the second column); writers
Z to ZY 16 in unusual words, mostly French and English (6 each: 2 plain, 2 fragment, 2 order; 2 each German and
Italian), told that the textbook words were taken and to describe the thing asked instead of naming it. ZZ to ZZG
wrote the seven questions only a graph answers (the board on a day, the former seat, moves between two towns, the
foundations of a canton and year, persons with more than k board seats, the company another merged into, the link
between two companies), 16 each (6 English, 4 French, 3 each German and Italian), in the same unusual words; ZZH to
ZZK the same seven, every template with the name, place, day or condition first (`order`: 10 English, 2 each in the
others), the English word order the engine read worst. ZZL to ZZO wrote the thirteen lookups again (16 each: 7
English, 2 plain, 2 fragment, 3 order; 3 each German, French, Italian), in their own words; ZZP and ZZQ the seven
graph questions name first again (as ZZH to ZZK), half of their templates in everyday words; ZZR and ZZS the lookups
(7 English: 1 plain, 2 fragment, 4 order), ZZT and ZZU the graph questions as ZZP and ZZQ; ZZV and ZZW the lookups
as ZZL to ZZO, ZZX and ZZY the graph questions as ZZP and ZZQ; ZZZ (the lookups) and ZZZA (the graph questions,
as ZZX) typing fast on a phone, with typos of their own in about one template in three; ZZZB the lookups mostly in
German and French (4 English, 5 German, 5 French, 2 Italian), in the registers' administrative words; ZZZC the graph
questions as ZZX, a journalist's headline English. The writers were agents
told never to read the repository, its word lists or its datasets, each given a persona (a compliance officer, a
journalist, a notary's clerk …) and the asks' meaning only.

The split is the writer's: A to L and O to ZZZC were each measured once held out and then used to find rules (`dev`);
M and N were written for the test split and are never read while working on the engine (`test`; their figures are
looked at as means only). `tests/app_eval/test_independent.py` holds `agent/` to that: no run of four words of a test
writer's template appears there.

An item is a golden draft (`golden.entity_drafts`, `golden.graph_drafts`) on entities the committed golden set does
not use, drawn with the writer's own seeds, asked in every template of the writer for its ask: the first as the
question, the others as paraphrases (families `<split>-w-<style or language>`), and each English `plain` template once
more in lower case with the name misspelt (`<split>-w-typo`). A graph question's day is written in one of its
language's ways (`spoken_date`), its canton by the language's name. Entities and expected answers come from the
world's truth, as in the golden set; the judge is the same. The persons with more than k board seats are a list the
world holds once (the golden set asks it in its test split): the graph writers ask it too, in their words, the answer
the same.

    python -m app_eval datasets independent [--writers M,N]      # writes <data_dir>/eval/independent/golden.json
    python -m app_eval run --sets golden --datasets <that dir> --phrasings all --splits test
"""
from __future__ import annotations

import csv
import re
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from app_eval.datasets.compose import finalize
from app_eval.datasets.families import MONTHS, canton_name, misspell
from app_eval.datasets.golden import GRAPH, entity_drafts, graph_drafts
from app_eval.datasets.model import DEV, GOLDEN, TEST, Dataset, Item, Paraphrase
from app_eval.datasets.truth import Truth

WRITERS_DIR = Path(__file__).resolve().parent / "files" / "writers"
TEST_WRITERS = ("M", "N")  # written for the test split: never read while working on the engine
FIRST_SEED = 61  # writer k (writer_number) draws its entities with seeds FIRST_SEED + 2k and FIRST_SEED + 2k + 1
# the golden builder's ask keys: the lookups, then the questions only a graph answers
LOOKUP_ASKS = ("address", "uid", "legal_form", "capital", "purpose", "founded", "bankruptcy", "deleted", "renamed",
               "dissolution", "officers", "person_companies", "connected")
GRAPH_ASKS = tuple(GRAPH)
ASKS = LOOKUP_ASKS + GRAPH_ASKS
# the placeholders a template of each ask holds, each once
SLOTS: dict[str, tuple[str, ...]] = {**{a: ("n",) for a in LOOKUP_ASKS}, "person_companies": ("p",),
                                     "board_on_date": ("date", "n"), "former_seat": ("n",), "moved_between": ("a", "b"),
                                     "founded_in": ("canton", "year"), "board_mandates": ("k",), "merged_into": ("n",),
                                     "link": ("m", "n")}
LANGUAGES = ("en", "de", "fr", "it")
# how a day is written in each language; an item's template takes one of its language's ways
DATE_STYLES = {"en": ("{d} {month} {y}", "{month} {d}, {y}", "{y}-{mm}-{dd}", "{dd}.{mm}.{y}"),
               "de": ("{d}. {month} {y}", "{dd}.{mm}.{y}", "{d}.{m}.{y}"),
               "fr": ("{d} {month} {y}", "{dd}.{mm}.{y}", "{dd}/{mm}/{y}"),
               "it": ("{d} {month} {y}", "{dd}.{mm}.{y}", "{dd}/{mm}/{y}")}


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
    """A = 0 … Z = 25; after Z the writers are ZA = 26, ZB = 27 … ZZ = 51, then ZZA = 52 …: each writer's seeds stay
    its own."""
    if not re.fullmatch(r"Z*[A-Z]", writer):
        raise ValueError(f"writer {writer!r}: a name is one capital letter after as many Z as the writers before needed")
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
    """One writer's templates, checked: a known ask, a language, each placeholder of the ask once and no other."""
    path = WRITERS_DIR / f"{writer}.tsv"
    out: list[Template] = []
    for n, row in tsv_rows(path, 4):
        ask, style, language, text = row
        slots = sorted(re.findall(r"\{(\w*)\}", text))
        if ask not in ASKS or language not in LANGUAGES or tuple(slots) != SLOTS[ask] \
                or len(re.findall(r"[{}]", text)) != 2 * len(slots):
            wanted = " ".join(f"{{{x}}}" for x in SLOTS.get(ask, ("?",)))
            raise ValueError(f"{path.name} line {n}: not a template of a known ask with {wanted} once each: {row}")
        out.append(Template(ask, style, language, text))
    return out


def spoken_date(iso_date: str, language: str, key: str) -> str:
    """A day as `language` writes it, in one of its ways (`DATE_STYLES`), chosen by `key`."""
    y, m, d = iso_date.split("-")
    styles = DATE_STYLES[language]
    style = styles[zlib.crc32(key.encode()) % len(styles)]
    return style.format(y=y, mm=m, dd=d, m=int(m), d=int(d), month=MONTHS[language][int(m) - 1])


def _worded(slots: dict[str, str], language: str, key: str) -> dict[str, str]:
    """A draft's slots (a copy) as a template in `language` writes them: the day spoken, the canton named, not its
    code."""
    out = dict(slots)
    if "date" in out:
        out["date"] = spoken_date(out["date"], language, key)
    if "canton" in out:
        out["canton"] = canton_name(out["canton"], language)
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
    asked: set[tuple[str, tuple[str, ...]]] = set()  # a list the world holds once (board seats) is asked once
    for seed in seeds:
        drafts = entity_drafts(truth, seed, used) if set(by_ask) & set(LOOKUP_ASKS) else []
        if set(by_ask) & set(GRAPH_ASKS):
            drafts += graph_drafts(truth, seed, used | {u for d in drafts for u in (d.item.entity_uids or [])})
        finalize(drafts, f"{writer}{seed}-")  # numbered; the split and the wording are the writer's
        for d in drafts:
            tpls = by_ask.get(d.ask.key)
            once = (d.item.category, tuple(d.item.entity_uids or []))
            if not tpls or once in asked:
                continue
            asked.add(once)
            paras = []
            for i, t in enumerate(tpls):
                slots = _worded(dict(d.ask.slots), t.language, d.item.id + str(i))
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
