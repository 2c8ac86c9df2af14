"""What the built graph says of each company is what the generator made it: its name, seat, canton, legal form,
capital, purpose, status and deletion date at the end of the world, for every company the world publishes a
notice of. A question about any company ("is it still registered?") is answered from these properties."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

from data_pipeline.model import CompanyInfo, Publication
from data_pipeline.phase1_rows import rows_for
from tests.conftest import run


def _truth_companies(world) -> dict[str, dict]:
    out = {}
    with open(world / "truth.jsonl", encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if rec["type"] == "company" and rec.get("uid") and rec.get("events"):
                out[rec["uid"]] = rec
    return out


def _expected(c: dict) -> dict:
    # the bankruptcy office's revocation (KK07) ends the bankruptcy on its own date; the generator marks the
    # company active only when the register publishes it (its HR02), which a world may end before
    revoked = c["status"] == "bankrupt" and c["events"][-1].startswith("KK07")
    return {"name": c["names"][-1]["name"], "seat": c["seats"][-1]["seat"], "canton": c["seats"][-1]["canton"],
            "form": c["legal_form"], "capital": c.get("capital_nominal"), "purpose": c.get("purpose"),
            "status": "active" if revoked else c["status"], "deleted": c.get("deleted")}


def test_every_published_company_in_the_graph_is_as_the_world_left_it(built_world):
    truth = _truth_companies(built_world.world)
    rows = run(built_world.reader,
               "MATCH (c:Company) WHERE c.uid IN $u RETURN c.uid AS uid, c.name AS name, c.seat AS seat, "
               "c.canton AS canton, c.legal_form_code AS form, c.capital_nominal AS capital, c.purpose AS purpose, "
               "c.status AS status, c.deletion_date AS deleted", u=list(truth))
    graph = {r.pop("uid"): r for r in rows}
    assert set(graph) == set(truth), "published companies missing from the graph"
    wrong = Counter(k for u, c in truth.items() for k, v in _expected(c).items() if graph[u][k] != v)
    assert not wrong, f"properties that differ from the world's truth (count of companies): {dict(wrong)}"
    # the world holds what the check is for: a company back to active after its bankruptcy was revoked
    assert any([s["status"] for s in c["status_history"]][-2:] == ["bankrupt", "active"] for c in truth.values())


def test_a_revoked_bankruptcy_makes_the_company_active_again():
    company = CompanyInfo(name="Revoca Test GmbH", uid="CHE-999.200.001", seat="Zürich")
    revoked = Publication(id="id-r", publication_number="HR02-9", rubric="HR", sub_rubric="HR02",
                          publication_date="2021-05-03", language="de", cantons=["ZH"], company=company,
                          changes=["name", "bankruptcy.revocation"])
    rows = rows_for(revoked)
    assert rows.event["status_after"] == "active"
    assert rows.companies[0]["update"]["status"] == "active"
    for flag in ("liquidation.revocation", "reentry"):
        again = rows_for(replace(revoked, changes=[flag]))
        assert again.companies[0]["update"]["status"] == "active", flag
    dissolved = rows_for(replace(revoked, changes=["name", "bankruptcy.dissolution"]))
    assert dissolved.companies[0]["update"]["status"] == "bankrupt"
