"""Phase 1 writes batches in file order, which is not date order: a company's state is that of its latest own
notice whatever order its notices arrive in, and a notice that only names it (a branch naming its head office)
holds nothing back."""
from __future__ import annotations

import pytest

from data_pipeline.model import CompanyInfo, Publication
from data_pipeline.phase1 import write_batch
from tests.conftest import run

HEAD, BRANCH = "CHE-999.100.001", "CHE-999.100.002"


def _notice(number: str, sub: str, date: str, company: CompanyInfo, **kw: object) -> Publication:
    return Publication(id=f"id-{number}", publication_number=number, rubric="HR", sub_rubric=sub, publication_date=date,
                       language="de", cantons=["ZH"], company=company, **kw)


@pytest.fixture
def clean(graph):
    def wipe() -> None:
        run(graph, "MATCH (n:BaseNode) WHERE n.uid IN $u OR n.uid STARTS WITH 'HR0X-' DETACH DELETE n", u=[HEAD, BRANCH])
    wipe()
    yield graph
    wipe()


def test_a_branch_naming_its_head_office_later_does_not_hold_back_the_head_offices_deletion(clean):
    head = CompanyInfo(name="Ordo Test AG", uid=HEAD, seat="Zürich", legal_form="AG")
    branch = CompanyInfo(name="Ordo Test AG, Zweigniederlassung Uster", uid=BRANCH, seat="Uster",
                         head_office_name="Ordo Test AG", head_office_uid=HEAD)
    founded = _notice("HR0X-1", "HR01", "2020-01-10", head)
    deleted = _notice("HR0X-2", "HR03", "2021-02-26", head, deletion_date="2021-02-18")
    branch_change = _notice("HR0X-3", "HR02", "2021-03-06", branch)
    for batch in ([founded], [branch_change], [deleted]):  # the branch's notice is read first (its file sorts first)
        write_batch(clean, batch)
    [row] = run(clean, "MATCH (c:BaseNode {uid: $u}) RETURN c.status AS status, c.deletion_date AS deleted, "
                       "c.as_of AS as_of", u=HEAD)
    assert row == {"status": "deleted", "deleted": "2021-02-18", "as_of": "2021-02-26"}
    assert run(clean, "MATCH (c:BaseNode {uid: $u})-[r:HEAD_OFFICE_OF]->(e:Event) RETURN e.uid AS e", u=HEAD) == [
        {"e": "HR0X-3"}]
    # an own notice of an earlier date than the state the company reflects still changes nothing
    write_batch(clean, [_notice("HR0X-4", "HR02", "2020-06-01", CompanyInfo(name="Ordo Test AG", uid=HEAD, seat="Bern"))])
    assert run(clean, "MATCH (c:BaseNode {uid: $u}) RETURN c.seat AS seat, c.status AS status", u=HEAD) == [
        {"seat": "Zürich", "status": "deleted"}]


def test_a_company_first_seen_as_a_head_office_takes_its_own_earlier_notice(clean):
    branch = CompanyInfo(name="Ordo Test AG, Zweigniederlassung Uster", uid=BRANCH, seat="Uster",
                         head_office_name="Ordo Test AG", head_office_uid=HEAD)
    write_batch(clean, [_notice("HR0X-3", "HR02", "2021-03-06", branch)])
    write_batch(clean, [_notice("HR0X-1", "HR01", "2020-01-10",
                                CompanyInfo(name="Ordo Test AG", uid=HEAD, seat="Zürich", legal_form="AG"))])
    assert run(clean, "MATCH (c:BaseNode {uid: $u}) RETURN c.seat AS seat, c.legal_form AS form, c.as_of AS as_of",
               u=HEAD) == [{"seat": "Zürich", "form": "AG", "as_of": "2020-01-10"}]
