"""The shared state of the synthetic world: the registries every rubric family reads and updates.

`WorldState` holds the seeded random generator, the calendar and today's date, the population of companies and
persons (with the factory that creates them), the publication number counters, the queues of steps that are due
later (a KK02 after an opening, a deletion after a liquidation, ...) and the bankruptcies that are still open.
Its methods are the small pieces of bookkeeping every family shares: queues, officer roles and renames.

Every family draws from the one `rng`, in the order in which the families are called, so a seed gives one world."""
from __future__ import annotations

import datetime as dt
import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .dates import WorkCalendar
from .factory import Factory
from .lexicon import LIQUIDATION_SUFFIX
from .world import Company, Population, Post

MAX_HEAP = 20_000  # bound of an optional queue (the KK01 after a bankruptcy opening)

QueueEntry = tuple[int, int, str, object]  # (ready day, sequence, company id, payload)


@dataclass(eq=False)
class WorldState:
    """The registries of one world. Create it with `WorldState.create`."""
    rng: random.Random
    n: int  # publications the world is generated for
    cal: WorkCalendar
    rate: float  # publications per working day
    pop: Population
    factory: Factory
    p_variant: float  # probability of a name variant in a mention
    max_open_kk02: int  # bankruptcies kept open after their call to creditors (beyond: observation ends)
    day: int = 0  # working day of the notice being produced
    today: dt.date = dt.date(1970, 1, 1)
    hr_seq: int = 1_000_000_000  # last HR / LS publication number
    kk_seq: int = 0  # last KK publication number
    heaps: dict[str, list[QueueEntry]] = field(default_factory=dict)  # steps due later, by queue name
    heap_seq: int = 0
    journal: dict[tuple[str, int], int] = field(default_factory=dict)  # last journal number by (canton, year)
    office_ids: dict[str, str] = field(default_factory=dict)  # bankruptcy office name -> its id
    trust_firms: list[str] = field(default_factory=list)  # firms that can act as liquidator
    pending_release: list[str] = field(default_factory=list)  # persons who left a post in this publication
    pending_retire: list[Company] = field(default_factory=list)  # companies that leave after this publication
    open_kk02: list[str] = field(default_factory=list)  # bankruptcies after KK02, oldest first, until KK06

    @classmethod
    def create(cls, seed: int, n_publications: int, start: dt.date, years: float, emit: Callable[[dict], None],
               p_variant: float) -> WorldState:
        """A fresh world for `n_publications` spread over `years` from `start`; `emit` receives the truth records
        of the persons and companies that leave it."""
        rng = random.Random(seed)
        cal = WorkCalendar(start)
        rate = max(n_publications / (years * 250.0), 1e-9)
        cap = min(4000, max(150, n_publications // 20))
        pop = Population(rng, emit, company_cap=cap, idle_person_cap=max(300, cap // 2))
        factory = Factory(rng, pop)
        return cls(rng=rng, n=n_publications, cal=cal, rate=rate, pop=pop, factory=factory, p_variant=p_variant,
                   max_open_kk02=max(100, int(rate * 0.017 * 200)), today=cal.date(0))

    def set_day(self, day: int) -> None:
        self.day = day
        self.today = self.cal.date(day)

    # ------------------------------------------------------------------ queues of steps due later
    def push(self, heap: str, ready_day: int, cid: str, payload: object = None, optional: bool = False) -> None:
        """Queue a step of company `cid` that is due from `ready_day` (an optional one is dropped when its queue is
        full)."""
        h = self.heaps.setdefault(heap, [])
        if optional and len(h) >= MAX_HEAP:
            return
        self.heap_seq += 1
        heapq.heappush(h, (ready_day, self.heap_seq, cid, payload))

    def take(self, heap: str, valid: Callable[[Company, int], bool]) -> tuple[Company, object] | None:
        """The oldest due step of a queue whose company is still live and `valid(company, ready_day)`; stale
        entries are dropped on the way."""
        h = self.heaps.get(heap)
        while h and h[0][0] <= self.day:
            ready, _, cid, payload = heapq.heappop(h)
            c = self.pop.companies.get(cid)
            if c is not None and valid(c, ready):
                return c, payload
        return None

    def await_deletion(self, c: Company, ready_day: int, reason: str) -> None:
        """Queue the HR03 that ends a liquidation or bankruptcy. The queue is bounded by the pool size: beyond it the
        company leaves the world before its deletion is published (as if observed no further)."""
        if len(self.heaps.get("deletion", ())) >= self.pop.company_cap:
            self.pending_retire.append(c)
            return
        self.push("deletion", ready_day, c.id, reason)

    def pick_active(self, ok: Callable[[Company], bool]) -> Company | None:
        """A random active company for which `ok` holds (a dozen tries), or None."""
        if not len(self.pop.active):
            return None
        for _ in range(12):
            c = self.pop.companies[self.pop.active.choice(self.rng)]
            if ok(c):
                return c
        return None

    # ------------------------------------------------------------------ officers and names
    def open_role(self, c: Company, post: Post, date: str) -> None:
        """Record in the person's history that they hold `post` in `c` from `date`."""
        p = self.pop.persons[post.holder]
        p.roles.append({"company": c.id, "role_key": post.role_key, "from": date, "to": None})
        post.role_index = len(p.roles) - 1

    def close_role(self, post: Post, date: str) -> None:
        """End the person's current role of `post` on `date`."""
        p = self.pop.persons.get(post.holder)
        if p is not None and 0 <= post.role_index < len(p.roles):
            p.roles[post.role_index]["to"] = date

    def add_post(self, c: Company, post: Post, date: str) -> None:
        c.posts.append(post)
        if post.kind == "person":
            self.pop.hold(post.holder)
            self.open_role(c, post, date)

    def remove_post(self, c: Company, post: Post, date: str) -> None:
        """Remove `post`; its holder is released after the publication (see `World.after_publication`)."""
        c.posts.remove(post)
        if post.kind == "person":
            self.close_role(post, date)
            self.pending_release.append(post.holder)

    def rename(self, c: Company, name: str, date: str) -> None:
        c.name = name
        c.names.append({"name": name, "from": date})

    def liq_suffix(self, lang: str) -> str:
        """A random "in Liquidation" suffix of the language."""
        options = LIQUIDATION_SUFFIX[lang]
        return options[self.rng.randrange(len(options))]

    def deadline(self, days: int) -> dt.date:
        return self.today + dt.timedelta(days=days)
