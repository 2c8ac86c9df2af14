"""Graph.write's retry rule, on a stand-in driver (the concurrent case itself runs against the real
server in tests/data_pipeline/test_build.py)."""
from __future__ import annotations

import pytest
from neo4j.exceptions import ClientError, Neo4jError

from kg.driver import Graph


def client_error(code: str) -> ClientError:
    """The error the driver makes of a server's FAILURE message with this code."""
    return Neo4jError._hydrate_neo4j(code=code, message="simulated")  # type: ignore[return-value]


class Session:
    def __init__(self, outcomes: list[BaseException | None], ran: list[str]) -> None:
        self.outcomes, self.ran = outcomes, ran

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def execute_write(self, work) -> None:
        self.ran.append("attempt")
        outcome = self.outcomes.pop(0)
        if outcome is not None:
            raise outcome


class Driver:
    def __init__(self, outcomes: list[BaseException | None]) -> None:
        self.outcomes, self.ran = outcomes, []

    def session(self, database: str) -> Session:
        return Session(self.outcomes, self.ran)


def graph(outcomes: list[BaseException | None]) -> Graph:
    return Graph(Driver(outcomes), "neo4j", "arcadedb", None)  # type: ignore[arg-type]


def test_a_conflict_from_a_concurrent_writer_is_run_again(monkeypatch):
    monkeypatch.setattr("kg.driver.time.sleep", lambda s: None)
    g = graph([client_error("Neo.ClientError.Schema.ConstraintValidationFailed"),
               client_error("Neo.ClientError.Transaction.TransactionNotFound"), None])
    g.write(("CREATE (n:X)", {}))
    assert g.driver.ran == ["attempt"] * 3


def test_an_error_in_the_statement_is_raised_at_once(monkeypatch):
    monkeypatch.setattr("kg.driver.time.sleep", lambda s: None)
    g = graph([client_error("Neo.ClientError.Statement.SyntaxError"), None])
    with pytest.raises(ClientError, match="SyntaxError"):
        g.write(("CREATE (n:X", {}))
    assert g.driver.ran == ["attempt"]


def test_a_conflict_that_persists_is_raised_after_the_last_attempt(monkeypatch):
    monkeypatch.setattr("kg.driver.time.sleep", lambda s: None)
    g = graph([client_error("Neo.ClientError.Schema.ConstraintValidationFailed")] * 5)
    with pytest.raises(ClientError):
        g.write(("CREATE (n:X)", {}), attempts=5)
    assert g.driver.ran == ["attempt"] * 5
