"""A bankruptcy the court opened, as the register's dissolution notice states it: on the company node and in the
offline answer, checked against the generator's truth on the built world -- also for sole proprietorships, whose
bankruptcy notices name the owner as debtor and so never reach the firm."""
from __future__ import annotations

import re

from agent.session import Session
from kg.text import fold
from tests.conftest import run


def _openings(truth) -> dict[str, tuple[str, str]]:
    """company uid -> (opening date, HR02 publication) for every court-opened bankruptcy the register published"""
    out = {}
    for p in truth.publications:
        f = p["facts"]
        if p["sub_rubric"] == "HR02" and "bankruptcy_opened" in f.get("changes", []) and not f.get("or731b") \
                and p.get("company") in truth.uid_of:
            out[truth.uid_of[p["company"]]] = (f["bankruptcy_opening_date"], p["publication_number"])
    return out


def _owner_debtor_only(truth, uid: str) -> bool:
    return not any(p["sub_rubric"].startswith("KK") for p in truth.publications_of(uid))


def test_every_opening_the_register_states_is_on_the_company(built_world, truth):
    openings = _openings(truth)
    assert len(openings) >= 5, "the built world holds too few court-opened bankruptcies to test"
    rows = run(built_world.reader, "MATCH (c:Company) WHERE c.uid IN $u RETURN c.uid AS uid, c.bankruptcy_date AS d",
               u=sorted(openings))
    got = {r["uid"]: r["d"] for r in rows}
    assert got == {u: d for u, (d, _) in openings.items()}


def test_a_firm_whose_bankruptcy_notices_name_its_owner_is_answered_from_the_register(offline, truth):
    owners = {u: v for u, v in _openings(truth).items() if _owner_debtor_only(truth, u)
              and truth.name_counts[truth.name(u).casefold()] == 1}
    assert owners, "the built world holds no sole proprietorship whose bankruptcy only the register states"
    for uid, (opened, number) in sorted(owners.items())[:3]:
        answer = offline.ask(f"When was bankruptcy opened against {truth.name(uid)}?", Session()).answer
        text = fold(re.sub(r"[*_`]", "", answer))
        assert f"bankruptcy was opened on {opened}" in text and number.casefold() in text, answer


def test_how_a_company_ended_lists_its_bankruptcy_notices_and_its_own_deletion(offline, truth):
    """'Dissolved or bankrupt?' of a company that went through bankruptcy and was deleted: every bankruptcy
    notice about it and the deletion that states its date (not another company's deletion it absorbed)."""
    ended = []
    for uid, c in truth.companies.items():
        pubs = truth.publications_of(uid)
        kk = [p["publication_number"] for p in pubs if p["sub_rubric"].startswith("KK")
              and p["facts"].get("debtor_kind") != "person"]
        hr03 = [p for p in pubs if p["sub_rubric"] == "HR03"]
        if len(kk) >= 2 and hr03 and c.get("deleted") and truth.name_counts[truth.name(uid).casefold()] == 1:
            ended.append((uid, kk, hr03[-1]["publication_number"], c["deleted"]))
    assert ended, "the built world holds no company that ended in bankruptcy and deletion"
    for uid, kk, hr03, deleted in ended[:3]:
        answer = offline.ask(f"Was {truth.name(uid)} dissolved or did it go bankrupt?", Session()).answer
        assert all(k in answer for k in kk), (kk, answer)
        assert f"deleted from the commercial register on {deleted}" in answer and hr03 in answer, answer
