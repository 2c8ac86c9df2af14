"""Company life cycles that produce the publications, composed from one module per SHAB rubric family over a shared
`WorldState` (state.py):

- founding.py: HR01 new registrations;
- mutations.py (with changes.py): HR02 mutations (officers, name, seat, address, capital, purpose, auditors);
- bankruptcy.py: HR02 bankruptcy openings and revocations; konkurs.py (with kk_frame.py): KK01-KK10 notices of
  the bankruptcy office;
- liquidation.py: HR02 dissolutions and the LS01-LS06 calls to creditors;
- deletions.py: HR03 deletions.

Each family returns the Notice it produces. `World.produce(sub_rubric, day)` returns the next Notice of the
requested kind when a company is at that step of its life; otherwise it produces the step that leads there (a
bankruptcy must be opened before KK02 can follow, a liquidation resolved before its call to creditors), so every
chain stays consistent."""
from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable

from .bankruptcy import silent_bankruptcy
from .dates import WorkCalendar, add_workdays, issue_number
from .deletions import hr03
from .factory import Factory
from .founding import hr01, register_founders
from .konkurs import kk
from .lexicon import FORM_FOR_LS
from .liquidation import ls, silent_liquidation
from .mutations import hr02
from .notice import Notice
from .state import WorldState
from .world import Population


class World:
    """A seeded world: `prewarm()` once, then `produce()` one notice at a time, `after_publication()` after each
    and `finish()` at the end (which writes the truth records of what is still live)."""

    def __init__(self, seed: int, n_publications: int, start: dt.date, years: float, emit: Callable[[dict], None],
                 p_variant: float = 0.14):
        self.state = WorldState.create(seed, n_publications, start, years, emit, p_variant)

    # The registries that callers (the engine, tests, benchmarks) read.
    @property
    def rng(self) -> random.Random:
        return self.state.rng

    @property
    def rate(self) -> float:
        """Publications per working day."""
        return self.state.rate

    @property
    def cal(self) -> WorkCalendar:
        return self.state.cal

    @property
    def pop(self) -> Population:
        return self.state.pop

    @property
    def factory(self) -> Factory:
        return self.state.factory

    @property
    def heaps(self) -> dict[str, list]:
        return self.state.heaps

    # ------------------------------------------------------------------ setup
    def prewarm(self) -> None:
        """Service firms and a stock of companies registered before the start (their earlier notices predate the
        archive), some already in liquidation or bankruptcy, so the world is in a steady state from day one."""
        s = self.state
        rng = s.rng
        start = s.cal.start
        n_firms = max(12, min(80, s.pop.company_cap // 40))
        for i in range(n_firms):
            firm = s.factory.firm(start, "audit" if i % 2 == 0 else "trust")
            s.pop.add_company(firm)
            if i % 2:
                s.trust_firms.append(firm.id)
        n = int(s.pop.company_cap * 0.75)
        for _ in range(n):
            founded = start - dt.timedelta(days=150 + rng.randrange(9000))
            c = s.factory.new_company(founded, None)
            register_founders(s, c, founded)
            last = add_workdays(start, -(3 + rng.randrange(600)))
            if last <= founded:
                last = add_workdays(founded, 5)
            c.last_pub = (last, issue_number(last), f"{rng.randrange(900_000_000, 999_999_999):010d}")
            s.pop.add_company(c)
            s.pop.activate(c)
        self._seed_chains()

    def _seed_chains(self) -> None:
        """Put some existing companies mid-way through bankruptcy and liquidation, as the archive begins mid-stream."""
        s = self.state
        rng = s.rng
        per_day = s.rate
        budget = max(1, len(s.pop.active) // 5)

        def quota(share: float, days: int) -> int:
            return min(budget, int(share * per_day * days + rng.random()))

        for _ in range(quota(0.0405, 25)):
            c = s.pick_active(lambda x: x.legal_form not in ("0151", "0109", "0110"))
            if c is None:
                break
            silent_bankruptcy(s, c, stage="opened", ready=rng.randrange(1, 26))
        for _ in range(quota(0.017, 120)):
            c = s.pick_active(lambda x: x.legal_form not in ("0151", "0109", "0110"))
            if c is None:
                break
            silent_bankruptcy(s, c, stage="kk02", ready=rng.randrange(1, 120))
        for sr, share in (("LS01", 0.014), ("LS02", 0.021), ("LS03", 0.0015), ("LS04", 0.0015), ("LS05", 0.0015),
                          ("LS06", 0.001)):
            form = FORM_FOR_LS[sr]
            for _ in range(quota(share, 8)):
                c = s.pick_active(lambda x, f=form: x.legal_form == f)
                if c is None:
                    break
                silent_liquidation(s, c, ready=rng.randrange(1, 9))

    # ------------------------------------------------------------------ publications
    def produce(self, sr: str, day: int) -> Notice:
        """The next notice of sub-rubric `sr` on working day `day` (or the step that has to come first)."""
        s = self.state
        s.set_day(day)
        if sr == "HR01":
            return hr01(s)
        if sr == "HR02":
            return hr02(s)
        if sr == "HR03":
            return hr03(s)
        if sr.startswith("LS"):
            return ls(s, sr)
        return kk(s, sr)

    def after_publication(self) -> None:
        """Deferred releases and retirements, so a notice's mentions are recorded before a truth record is final."""
        s = self.state
        for c in s.pending_retire:
            if c.id in s.pop.companies:
                s.pop.retire_company(c)
        s.pending_retire.clear()
        for pid in s.pending_release:
            s.pop.release(pid)
        s.pending_release.clear()
        while len(s.open_kk02) > s.max_open_kk02:  # proceedings still open when observation ends for them
            c = s.pop.companies.get(s.open_kk02.pop(0))
            if c is not None:
                s.pop.retire_company(c)
        s.pop.trim()

    def finish(self) -> None:
        self.after_publication()
        self.pop.finish()
