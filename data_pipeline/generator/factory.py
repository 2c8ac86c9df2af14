"""Creates persons and companies: names, nationalities, places of origin, residences, addresses, company names,
capital and the initial officers of each legal form."""
from __future__ import annotations

import bisect
import datetime as dt
import hashlib
import random
from collections import OrderedDict

from .dates import iso
from .identifiers import UidIssuer, code13
from .lexicon import BRANCH_NAME, NAME_PREFIX, NAME_SUFFIX
from .names import FIRST_NAMES, LAST_NAMES, NATIONALITY_WEIGHTS, name_group, surname
from .notice import Address
from .places import FOREIGN_RESIDENCES, ORIGINS, REGISTER_CODES, STREETS, TOWNS, TOWNS_BY_CANTON, Town
from .purposes import ACTIVITIES, industry_word, purpose_text
from .world import Company, Person, Population, Post

# Legal forms of new entries (eCH-0097 code, weight in per mille).
LEGAL_FORMS: tuple[tuple[str, int], ...] = (
    ("0107", 400), ("0106", 220), ("0101", 220), ("0103", 40), ("0151", 60), ("0109", 25), ("0110", 15), ("0108", 15),
    ("0104", 4), ("0105", 1),
)

_SYLLABLES = ("tri", "vo", "no", "rik", "sem", "blis", "ka", "ri", "lon", "ta", "zen", "mar", "vel", "qua", "dri", "ox",
              "ly", "nov", "ter", "alp", "vi", "sol", "lu", "mi", "ra", "ti", "ve", "dex", "gen", "ion", "bel", "cor",
              "fin", "hel", "kor", "lum", "nex", "or", "pra", "sig", "tec", "ul", "var", "xa", "yo", "zu", "an", "el")
_WORDS = {
    "de": ("Swiss", "Alpen", "Helvetia", "Seeland", "Rigi", "Pilatus", "Limmat", "Aare", "Säntis", "Jura", "Emmental",
           "Berg", "Sonnen", "Stern", "Adler", "Linden", "Blue", "Smart", "Prime", "Nord", "Ost", "West", "Süd"),
    "fr": ("Léman", "Salève", "Jura", "Alpes", "Lac", "Rhône", "Mont-Blanc", "Soleil", "Etoile", "Horizon", "Lavaux",
           "Chablais", "Azur", "Prime", "Smart", "Nova", "Helvétique", "Romandie"),
    "it": ("Ticino", "Ceresio", "Verbano", "Gottardo", "Sole", "Stella", "Lago", "Monte", "Alpi", "Prime", "Nova",
           "Insubrica", "Lugano", "Valle"),
}
_PLACE_PHRASE = {"de": "{word} {town}", "fr": "{word} de {town}", "it": "{word} {town}"}
_SECOND_LANGUAGE = {"BE": "fr", "FR": "de", "VS": "de", "GR": "it"}
_TRANSLATION_SUFFIX = {"0106": ("AG", "SA", "SA", "Ltd"), "0107": ("GmbH", "Sàrl", "Sagl", "LLC")}


_NAME_TRIES = 25


class NameRegister:
    """Person names in use, as a Bloom filter: bounded memory at a million persons, and deterministic
    (blake2b, not Python's salted str hash). A false positive only costs one more draw. Both the full name
    and "Last, First" are reserved, because a mention may drop the further first names."""
    __slots__ = ("bits",)
    _SIZE = 1 << 25

    def __init__(self) -> None:
        self.bits = bytearray(self._SIZE // 8)

    @staticmethod
    def _keys(first_names: list[str], last: str) -> tuple[str, ...]:
        full = "|".join(sorted(n.lower() for n in first_names)) + "#" + last.lower()
        return (full, first_names[0].lower() + "#" + last.lower())

    def _slots(self, key: str) -> tuple[int, int]:
        d = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big")
        return d % self._SIZE, (d >> 32) % self._SIZE

    def taken(self, first_names: list[str], last: str) -> bool:
        return any(all(self.bits[s >> 3] & (1 << (s & 7)) for s in self._slots(k)) for k in self._keys(first_names, last))

    def add(self, first_names: list[str], last: str) -> None:
        for k in self._keys(first_names, last):
            for s in self._slots(k):
                self.bits[s >> 3] |= 1 << (s & 7)


def _cumulative(weights: list[int]) -> list[int]:
    out, total = [], 0
    for w in weights:
        total += w
        out.append(total)
    return out


class Weighted:
    """Deterministic weighted choice over a fixed sequence."""
    __slots__ = ("cum", "items")

    def __init__(self, items: list, weights: list[int]):
        self.items = items
        self.cum = _cumulative(weights)

    def pick(self, rng: random.Random):
        return self.items[bisect.bisect_right(self.cum, rng.random() * self.cum[-1])]


class Factory:
    def __init__(self, rng: random.Random, population: Population, p_same_name: float = 0.002):
        self.rng = rng
        self.pop = population
        self.p_same_name = p_same_name
        self.uids = UidIssuer(rng)
        self.person_seq = 0
        self.company_seq = 0
        self.towns = Weighted(list(TOWNS), [t.weight for t in TOWNS])
        self.forms = Weighted([f for f, _ in LEGAL_FORMS], [w for _, w in LEGAL_FORMS])
        self.nationalities = {lang: Weighted([c for c, _ in ws], [w for _, w in ws]) for lang, ws in NATIONALITY_WEIGHTS.items()}
        self.recent_names: OrderedDict[str, None] = OrderedDict()  # bounded memory of company names in use
        self.names = NameRegister()

    # persons
    def _name(self, region: str, nat: str, gender: str) -> tuple[list[str], str]:
        rng = self.rng
        name_lang = region if rng.random() < 0.85 else ("de", "fr", "it")[rng.randrange(3)]
        group = name_group(nat, name_lang)
        pool = FIRST_NAMES[group][gender]
        k = 1 if rng.random() < 0.68 else (2 if rng.random() < 0.85 else 3)
        first_names: list[str] = []
        for _ in range(k):
            cand = pool[rng.randrange(len(pool))]
            for part in cand.split(" "):
                if part not in first_names:
                    first_names.append(part)
        last = surname(rng, group)
        if nat == "CH" and gender == "f" and rng.random() < 0.12:
            other = surname(rng, group)
            if other != last:
                last = f"{last} {other}" if rng.random() < 0.7 else f"{last}-{other}"
        return first_names, last

    def person(self, near: Town, date: dt.date, nationality: str | None = None, swiss_home: bool = False) -> Person:
        rng = self.rng
        self.person_seq += 1
        pid = f"P{self.person_seq:07d}"
        if rng.random() < 0.72:
            home = near if rng.random() < 0.35 else rng.choice(TOWNS_BY_CANTON[near.canton])
        else:
            home = self.towns.pick(rng)
        region = home.lang
        nat = nationality or self.nationalities[region].pick(rng)
        template = None
        if self.pop.people and rng.random() < self.p_same_name:
            template = self.pop.persons[self.pop.people.choice(rng)]
        if template is not None:  # a namesake: same name, a different person
            first_names, last, gender = list(template.first_names), template.last_name, template.gender
            if nat == template.nationality and rng.random() < 0.5:
                nat = "CH" if nat != "CH" else self.nationalities[region].pick(rng)
        else:
            gender = "f" if rng.random() < 0.38 else "m"
            for _ in range(_NAME_TRIES):  # a name nobody has yet: the world's namesakes are the deliberate ones
                first_names, last = self._name(region, nat, gender)
                if not self.names.taken(first_names, last):
                    break
        self.names.add(first_names, last)
        origins: list[str] = []
        if nat == "CH":
            origins.append(ORIGINS[rng.randrange(len(ORIGINS))])
            if rng.random() < 0.06:
                second = ORIGINS[rng.randrange(len(ORIGINS))]
                if second != origins[0]:
                    origins.append(second)
        abroad = not swiss_home and rng.random() < (0.03 if nat == "CH" else 0.12)
        if abroad:
            town, country = FOREIGN_RESIDENCES[rng.randrange(len(FOREIGN_RESIDENCES))]
            residence, home_town = f"{town} ({country})", None
        else:
            residence, home_town = home.residence, home
        if template is not None and residence == template.residence:
            other = self.towns.pick(rng)
            residence, home_town = other.residence, other
        year = date.year - 22 - rng.randrange(50)
        birth = dt.date(year, 1 + rng.randrange(12), 1 + rng.randrange(28))
        p = Person(pid, first_names, last, gender, nat, origins, residence, home_town, iso(birth), iso(date))
        p.residences.append({"residence": residence, "from": iso(date)})
        self.pop.add_person(p)
        return p

    def officer(self, near: Town, date: dt.date, exclude: list[str], p_reuse: float = 0.22) -> Person:
        """A person for a new post: sometimes someone already active elsewhere (multi-company persons)."""
        rng = self.rng
        if self.pop.people and rng.random() < p_reuse:
            for _ in range(3):
                p = self.pop.persons[self.pop.people.choice(rng)]
                if p.id not in exclude:
                    return p
        return self.person(near, date)

    # places
    def address(self, town: Town, care_of: str | None = None) -> Address:
        rng = self.rng
        streets = STREETS[town.lang]
        number = str(1 + rng.randrange(120))
        if rng.random() < 0.1:
            number += "ab"[rng.randrange(2)]
        return Address(streets[rng.randrange(len(streets))], number, town.zips[rng.randrange(len(town.zips))],
                       town.postal, care_of)

    def seat(self) -> Town:
        return self.towns.pick(self.rng)

    # companies
    def brand(self) -> str:
        rng = self.rng
        k = 2 if rng.random() < 0.7 else 3
        word = "".join(_SYLLABLES[rng.randrange(len(_SYLLABLES))] for _ in range(k))
        r = rng.random()
        if r < 0.12:
            return word.upper()
        if r < 0.16:
            return word.lower()
        return word.capitalize()

    def _unique(self, make) -> str:
        for _ in range(20):
            name = make()
            if name not in self.recent_names:
                break
        self.recent_names[name] = None
        if len(self.recent_names) > 50_000:
            self.recent_names.popitem(last=False)
        return name

    def company_name(self, form: str, lang: str, industry: int, town: Town, owner: Person | None,
                     partners: list[Person]) -> tuple[str, str | None]:
        """A name with the legal-form suffix/prefix of the name's language, plus optional translations."""
        rng = self.rng
        word = industry_word(industry, lang)

        def core() -> str:
            r = rng.random()
            if r < 0.35:
                return f"{self.brand()} {word}"
            if r < 0.55:
                return self.brand()
            if r < 0.72 and partners:
                return f"{partners[0].last_name} {word}"
            if r < 0.85:
                words = _WORDS[lang]
                return f"{self.brand()} {words[rng.randrange(len(words))]}"
            phrase = _PLACE_PHRASE[lang].format(word=word, town=town.locality.split(" (")[0])
            return phrase.replace(" de A", " d'A").replace(" de E", " d'E").replace(" de O", " d'O").replace(" de Y", " d'Y")

        def make() -> str:
            if form == "0101" and owner is not None:
                r = rng.random()
                first = owner.first_names[0]
                if r < 0.3:
                    return f"{word} {owner.last_name}"
                if r < 0.5:
                    return f"{first} {owner.last_name}"
                if r < 0.7:
                    return f"{owner.last_name} {word}"
                if r < 0.85:
                    return f"{self.brand()} by {owner.last_name}"
                return f"{self.brand()} {first} {owner.last_name}"
            if form == "0103" and len(partners) >= 2 and rng.random() < 0.5:
                return f"{partners[0].last_name} & {partners[1].last_name}"
            if form == "0104" and partners:
                return f"{partners[0].last_name} {NAME_SUFFIX['0104'][lang]}"
            if form in NAME_PREFIX:
                prefix = NAME_PREFIX[form][lang]
                c = core()
                if form == "0108" and lang == "de" and rng.random() < 0.5:
                    return f"{c} Genossenschaft"
                return f"{prefix} {c}"
            c = core()
            if form in NAME_SUFFIX:
                if rng.random() < 0.06:
                    c = f"{c} & Partner" if lang == "de" else f"{c} & Associés" if lang == "fr" else f"{c} & Associati"
                if rng.random() < 0.04 and lang == "fr":
                    c = f"L'{c}"
                return f"{c} {NAME_SUFFIX[form][lang]}"
            return c

        name = self._unique(make)
        translations = None
        other = _SECOND_LANGUAGE.get(town.canton)
        if other and form in ("0106", "0107") and rng.random() < 0.1 and name.endswith(" " + NAME_SUFFIX[form][lang]):
            # bilingual firm names of the language border: "Seeland Transport AG / Seeland Transport SA"
            stem = name[: -len(NAME_SUFFIX[form][lang]) - 1]
            second = other if other != lang else ("fr" if lang == "de" else "de")
            return f"{name} / {stem} {NAME_SUFFIX[form][second]}", None
        if form in _TRANSLATION_SUFFIX and rng.random() < 0.12:
            own = NAME_SUFFIX[form][lang]
            if name.endswith(" " + own):
                stem = name[: -len(own) - 1]
                others = [s for s in _TRANSLATION_SUFFIX[form] if s != own]
                translations = " ".join(f"({stem} {s})" for s in dict.fromkeys(others))
        return name, translations

    def new_company(self, date: dt.date, form: str | None = None, town: Town | None = None,
                    head: Company | None = None) -> Company:
        """A company with its founding officers (not yet added to the pools)."""
        rng = self.rng
        form = form or self.forms.pick(rng)
        if form == "0151" and head is None:
            cands = self.pop.by_form.get("0106")
            if cands and len(cands):
                head = self.pop.companies[cands.choice(rng)]
            else:
                form = "0106"
        town = town or self.seat()
        if head is not None and town.municipality == head.town.municipality:
            town = self.seat()
        lang = town.lang
        self.company_seq += 1
        cid = f"C{self.company_seq:07d}"
        industry = head.industry if head is not None else rng.randrange(len(ACTIVITIES))
        uid = self.uids.next()
        posts, owner, partners = self._founding_posts(form, town, date, head)
        if head is not None:
            name = BRANCH_NAME[lang].format(head=head.base_name, town=town.locality.split(" (")[0])
            translations = None
        else:
            name, translations = self.company_name(form, lang, industry, town, owner, partners)
        capital, paid, share_count = self._capital(form)
        if form in ("0106", "0105"):
            opting_out: bool | None = rng.random() < 0.65
        elif form == "0107":
            opting_out = rng.random() < 0.85
        elif form == "0108":
            opting_out = rng.random() < 0.5
        elif form == "0110":
            opting_out = False
        else:
            opting_out = None
        care_of = None
        if rng.random() < 0.07 and posts:
            holder = self.pop.persons[posts[0].holder]
            care_of = holder
        address = self.address(town, f"c/o {' '.join(care_of.first_names)} {care_of.last_name}" if care_of else None)
        c = Company(
            cid, uid, code13(REGISTER_CODES[town.canton], self.company_seq * 7919 + rng.randrange(7919)), name, name, lang,
            form, town, address, purpose_text(rng, industry, lang, form), industry, capital, paid, share_count,
            opting_out, translations, iso(date),
        )
        if care_of is not None:
            c.care_of = care_of.id
        c.geneva = town.canton == "GE" and rng.random() < 0.7
        if head is not None:
            c.head_office = head.id
            c.head_view = (head.name, head.uid)
        if form == "0101" and owner is not None:
            c.owner = owner.id
        if form == "0107" and capital:
            self._distribute_shares(posts, int(capital // 100))
        c.posts = posts
        if opting_out is False and self.pop.firms:
            c.auditor = self.pop.firms[rng.randrange(len(self.pop.firms))]
            c.posts.append(Post(c.auditor, "company", "auditor", ""))
        c.names.append({"name": name, "from": iso(date)})
        c.seats.append({"seat": town.municipality, "canton": town.canton, "from": iso(date)})
        if capital is not None:
            c.capital_history.append({"nominal": capital, "paid": paid, "from": iso(date)})
        c.status_history.append({"status": "active", "from": iso(date)})
        return c

    def _capital(self, form: str) -> tuple[float | None, float | None, int]:
        rng = self.rng
        if form in ("0106", "0105"):
            nominal = (100_000.0, 100_000.0, 100_000.0, 150_000.0, 250_000.0, 500_000.0, 1_000_000.0)[rng.randrange(7)]
            paid = nominal if rng.random() < 0.85 else nominal / 2
            per = (1000, 100, 1, 10)[rng.randrange(4)]
            return nominal, paid, int(nominal // per)
        if form == "0107":
            nominal = (20_000.0, 20_000.0, 20_000.0, 20_000.0, 30_000.0, 50_000.0, 100_000.0)[rng.randrange(7)]
            return nominal, nominal, int(nominal // 100)
        return None, None, 0

    def _distribute_shares(self, posts: list[Post], total: int) -> None:
        holders = [p for p in posts if p.role_key in ("managing_partner", "chair_management", "partner")]
        if not holders:
            return
        rest = total
        for i, post in enumerate(holders):
            if i == len(holders) - 1:
                post.shares = rest
            else:
                post.shares = max(1, total // len(holders) if self.rng.random() < 0.6 else rest // 2)
                rest -= post.shares

    def _founding_posts(self, form: str, town: Town, date: dt.date, head: Company | None):
        """The officers of a new entity; every person post is counted as held (pop.hold)."""
        rng = self.rng
        posts: list[Post] = []
        chosen: list[str] = []
        owner = None
        partners: list[Person] = []

        def add(role_key: str, signature: str, person: Person | None = None) -> Person:
            p = person or self.officer(town, date, chosen)
            chosen.append(p.id)
            posts.append(Post(p.id, "person", role_key, signature))
            self.pop.hold(p.id)
            return p

        collective = "collective_two"
        if form in ("0106", "0105"):
            n = 1 if rng.random() < 0.4 else (2 if rng.random() < 0.45 else (3 if rng.random() < 0.7 else 4))
            if form == "0105":
                partners.append(add("unlimited_partner", "individual"))
            if n == 1:
                role = "sole_board_member" if rng.random() < 0.2 else "board_member"
                add(role, "individual" if rng.random() < 0.8 else collective)
            else:
                add("chair", collective if rng.random() < 0.8 else "individual")
                for _ in range(n - 1):
                    add("board_member", collective if rng.random() < 0.85 else "individual")
            if rng.random() < 0.25:
                add("director" if rng.random() < 0.5 else "managing_director", collective)
            if rng.random() < 0.12:
                add("authorized_signatory", "collective_procuration")
        elif form == "0107":
            n = 1 if rng.random() < 0.55 else (2 if rng.random() < 0.8 else 3)
            for i in range(n):
                role = "chair_management" if i == 0 and n > 1 and rng.random() < 0.2 else "managing_partner"
                partners.append(add(role, "individual" if n == 1 or rng.random() < 0.6 else collective))
            if rng.random() < 0.1:
                add("managing_director", "individual")
        elif form in ("0108", "0109", "0110"):
            n = 3 if rng.random() < 0.6 else (2 if form == "0109" else 4)
            add("chair", collective)
            if form == "0109" and rng.random() < 0.4:
                add("vice_chair", collective)
                n -= 1
            for _ in range(n - 1):
                add("board_member", collective)
        elif form == "0101":
            owner = self.officer(town, date, chosen, p_reuse=0.08)
            if owner.home is None:  # a sole proprietor lives in Switzerland
                owner = self.person(town, date, swiss_home=True)
            add("owner", "individual", owner)
            partners.append(owner)
            if rng.random() < 0.1:
                add("authorized_signatory", "individual_procuration" if rng.random() < 0.5 else "individual")
        elif form == "0103":
            for _ in range(2 if rng.random() < 0.9 else 3):
                partners.append(add("partner", "individual" if rng.random() < 0.8 else collective))
        elif form == "0104":
            partners.append(add("unlimited_partner", "individual"))
            p = add("limited_partner", "none")
            posts[-1].amount = (10_000.0, 20_000.0, 50_000.0)[rng.randrange(3)]
            partners.append(p)
        elif form == "0151":
            if head is not None and rng.random() < 0.5:
                head_people = [x.holder for x in head.posts if x.kind == "person" and x.holder in self.pop.persons]
                if head_people:
                    add("board_member", collective, self.pop.persons[head_people[0]])
            add("branch_manager", collective if rng.random() < 0.7 else "individual")
            if rng.random() < 0.3:
                add("authorized_signatory", collective)
        return posts, owner, partners

    def firm(self, date: dt.date, kind: str) -> Company:
        """An auditing or trustee company (Revisionsstelle, Liquidatorin) that stays for the whole run."""
        rng = self.rng
        town = self.seat()
        lang = town.lang
        self.company_seq += 1
        cid = f"C{self.company_seq:07d}"
        form = "0106" if rng.random() < 0.7 else "0107"
        word = {"audit": {"de": "Revision", "fr": "Révision", "it": "Revisione"},
                "trust": {"de": "Treuhand", "fr": "Fiduciaire", "it": "Fiduciaria"}}[kind][lang]
        names = LAST_NAMES[name_group("CH", lang)]
        r = rng.random()
        if r < 0.4:
            core = f"{word} {names[rng.randrange(len(names))]}"
        elif r < 0.7:
            core = f"{names[rng.randrange(len(names))]} {word}"
        else:
            core = f"{self.brand()} {word}"
        name = self._unique(lambda: f"{core} {NAME_SUFFIX[form][lang]}")
        founded = date - dt.timedelta(days=365 * (5 + rng.randrange(40)))
        capital, paid, shares = self._capital(form)
        c = Company(cid, self.uids.next(), code13(REGISTER_CODES[town.canton], self.company_seq * 7919), name, name, lang,
                    form, town, self.address(town), purpose_text(rng, 6, lang, form), 6, capital, paid, shares, False,
                    None, iso(founded), service=True)
        c.names.append({"name": name, "from": iso(founded)})
        c.seats.append({"seat": town.municipality, "canton": town.canton, "from": iso(founded)})
        c.capital_history.append({"nominal": capital, "paid": paid, "from": iso(founded)})
        c.status_history.append({"status": "active", "from": iso(founded)})
        return c
