"""A generated world's ground truth for the tests: the evaluation's own loader, plus one accessor."""
from __future__ import annotations

from typing import Any

from app_eval.datasets.truth import Truth as _Truth


class Truth(_Truth):
    def publications_of(self, company_uid: str) -> list[dict[str, Any]]:
        return self.pubs_of_company.get(company_uid, [])
