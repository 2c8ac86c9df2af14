"""Phase 1 writes batches in file order, which is not date order: a company's state is that of its latest own
notice whatever order its notices arrive in, and a notice that only names it (a branch naming its head office)
holds nothing back. The same when a build on an empty graph keeps the companies' updates until phase 1 ends
(`company_updates`): each test runs both ways."""
from __future__ import annotations

import pytest

from data_pipeline.company_updates import CompanyUpdates
from data_pipeline.model import CompanyInfo, Publication
from data_pipeline.phase1 import write_batch, write_kept
from tests.conftest import run

HEAD, BRANCH = "CHE-999.100.001", "CHE-999.100.002"


def _notice(number: str, sub: str, date: str, company: CompanyInfo, **kw: object) -> Publication:
    return Publication(id=f"id-{number}", publication_number=number, rubric="HR", sub_rubric=sub, publication_date=date,
                       language="de", cantons=["ZH"], company=company, **kw)


@pytest.fixture(params=["each batch", "kept to the end"])
def write(request):
    """Writes batches as phase 1 does: each company's update in its batch, or kept and written at the end (the
    companies a batch creates from then on are kept: a build on an empty graph)."""
    def writer(graph, batches):
        kept = CompanyUpdates(request.param == "kept to the end")
        for batch in batches:
            write_batch(graph, batch, kept=kept)
        write_kept(graph, kept)
        return kept
    return writer


@pytest.fixture
def clean(graph):
    def wipe() -> None:
        run(graph, "MATCH (n:BaseNode) WHERE n.uid IN $u OR n.uid STARTS WITH 'HR0X-' DETACH DELETE n", u=[HEAD, BRANCH])
    wipe()
    yield graph
    wipe()


def test_a_branch_naming_its_head_office_later_does_not_hold_back_the_head_offices_deletion(clean, write):
    head = CompanyInfo(name="Ordo Test AG", uid=HEAD, seat="Zürich", legal_form="AG")
    branch = CompanyInfo(name="Ordo Test AG, Zweigniederlassung Uster", uid=BRANCH, seat="Uster",
                         head_office_name="Ordo Test AG", head_office_uid=HEAD)
    founded = _notice("HR0X-1", "HR01", "2020-01-10", head)
    deleted = _notice("HR0X-2", "HR03", "2021-02-26", head, deletion_date="2021-02-18")
    branch_change = _notice("HR0X-3", "HR02", "2021-03-06", branch)
    # the branch's notice is read after the founding, then the deletion; then an own notice of an earlier date
    earlier = _notice("HR0X-4", "HR02", "2020-06-01", CompanyInfo(name="Ordo Test AG", uid=HEAD, seat="Bern"))
    kept = write(clean, ([founded], [branch_change], [deleted], [earlier]))
    assert kept.applied == (1 if kept.active else 0)  # the deletion, not the earlier notice
    [row] = run(clean, "MATCH (c:BaseNode {uid: $u}) RETURN c.status AS status, c.deletion_date AS deleted, "
                       "c.as_of AS as_of", u=HEAD)
    assert row == {"status": "deleted", "deleted": "2021-02-18", "as_of": "2021-02-26"}
    assert run(clean, "MATCH (c:BaseNode {uid: $u})-[r:HEAD_OFFICE_OF]->(e:Event) RETURN e.uid AS e", u=HEAD) == [
        {"e": "HR0X-3"}]
    # the own notice of an earlier date than the state the company reflects changed nothing
    assert run(clean, "MATCH (c:BaseNode {uid: $u}) RETURN c.seat AS seat, c.status AS status", u=HEAD) == [
        {"seat": "Zürich", "status": "deleted"}]


def test_a_company_first_seen_as_a_head_office_takes_its_own_earlier_notice(clean, write):
    branch = CompanyInfo(name="Ordo Test AG, Zweigniederlassung Uster", uid=BRANCH, seat="Uster",
                         head_office_name="Ordo Test AG", head_office_uid=HEAD)
    write(clean, ([_notice("HR0X-3", "HR02", "2021-03-06", branch)],
                  [_notice("HR0X-1", "HR01", "2020-01-10",
                           CompanyInfo(name="Ordo Test AG", uid=HEAD, seat="Zürich", legal_form="AG"))]))
    assert run(clean, "MATCH (c:BaseNode {uid: $u}) RETURN c.seat AS seat, c.legal_form AS form, c.as_of AS as_of",
               u=HEAD) == [{"seat": "Zürich", "form": "AG", "as_of": "2020-01-10"}]


def test_a_kept_update_the_graph_refuses_names_its_company_and_the_others_are_written(clean):
    """As a batch the graph refuses is narrowed down to its publication: the refused company is named, with the
    reason, and keeps its first notice's state; the other companies get theirs."""
    head = CompanyInfo(name="Ordo Test AG", uid=HEAD, seat="Zürich", legal_form="AG")
    branch = CompanyInfo(name="Ordo Test AG, Zweigniederlassung Uster", uid=BRANCH, seat="Uster")
    kept = CompanyUpdates(True)
    write_batch(clean, [_notice("HR0X-1", "HR01", "2020-01-10", head), _notice("HR0X-3", "HR01", "2020-01-11", branch)],
                kept=kept)
    write_batch(clean, [_notice("HR0X-2", "HR02", "2021-02-26", CompanyInfo(name="Ordo Test AG", uid=HEAD, seat="Bern")),
                        _notice("HR0X-4", "HR02", "2021-03-01", CompanyInfo(name="Ordo Test AG, Zweigniederlassung Uster",
                                                                           uid=BRANCH, seat="Dübendorf"))], kept=kept)
    as_of, update = kept._state[HEAD]
    kept._state[HEAD] = (as_of, {**update, "seat": object()})  # a value no driver can send
    refused: list[tuple[str, str]] = []
    assert write_kept(clean, kept, lambda name, reason: refused.append((name, reason)), batch=10) == 2
    assert [name for name, _ in refused] == [f"company {HEAD}"] and "are not supported" in refused[0][1]
    seats = {r["uid"]: r["seat"] for r in run(clean, "MATCH (c:BaseNode) WHERE c.uid IN $u RETURN c.uid AS uid, "
                                                     "c.seat AS seat", u=[HEAD, BRANCH])}
    assert seats == {HEAD: "Zürich", BRANCH: "Dübendorf"}
