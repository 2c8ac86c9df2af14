import pytest

from kg.guard import QueryRefused, check_read_only, tokenize
from tests.kg.guard_cases import ALLOWED, REFUSED


def test_there_are_at_least_200_refusal_cases():
    assert len(REFUSED) >= 200


@pytest.mark.parametrize("query", REFUSED)
def test_write_queries_are_refused(query):
    with pytest.raises(QueryRefused) as exc:
        check_read_only(query)
    reason = str(exc.value)
    assert reason and "\n" not in reason


@pytest.mark.parametrize("query", ALLOWED)
def test_read_queries_pass(query):
    check_read_only(query)


def test_reason_names_the_offending_keyword_or_procedure():
    with pytest.raises(QueryRefused, match="DETACH"):
        check_read_only("match (n) detach delete n")
    with pytest.raises(QueryRefused, match="apoc.cypher.doIt"):
        check_read_only("CALL apoc.cypher.doIt('CREATE (n)', {})")
    with pytest.raises(QueryRefused, match="more than one statement"):
        check_read_only("RETURN 1; RETURN 2")


def test_strings_and_comments_are_stripped_before_keywords_are_read():
    words = [t.text for t in tokenize("MATCH (n) WHERE n.x = 'DELETE' /* SET */ // MERGE\nRETURN n")
             if t.kind == "word"]
    assert words == ["MATCH", "n", "WHERE", "n", "x", "RETURN", "n"]


def test_a_plain_create_is_refused_by_name():
    with pytest.raises(QueryRefused, match="CREATE"):
        check_read_only("CREATE (n:X) RETURN n")
    with pytest.raises(QueryRefused, match="starts with"):
        check_read_only("CRE/**/ATE (n:X)")
