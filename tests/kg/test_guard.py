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


@pytest.mark.parametrize("query", [
    "SHOW USERS", "SHOW CURRENT USER", "SHOW DATABASES", "SHOW DATABASE neo4j", "SHOW TRANSACTIONS",
    "SHOW PROCEDURES", "SHOW FUNCTIONS", "SHOW SETTINGS", "SHOW PRIVILEGES", "SHOW ROLES", "SHOW SERVERS",
    "SHOW ALIASES FOR DATABASE", "show users yield user return user", "SHOW",
    "MATCH (n) CALL { SHOW USERS } RETURN n",
])
def test_only_index_and_constraint_listings_may_be_shown(query):
    with pytest.raises(QueryRefused):
        check_read_only(query)


@pytest.mark.parametrize("query", [
    "SHOW INDEXES", "SHOW INDEX", "show indexes yield name return name", "SHOW FULLTEXT INDEXES",
    "SHOW RANGE INDEXES WHERE name = 'x'", "SHOW CONSTRAINTS", "SHOW UNIQUE CONSTRAINTS", "SHOW ALL INDEXES",
])
def test_index_and_constraint_listings_pass(query):
    check_read_only(query)


@pytest.mark.parametrize("proc", ["dbms.components", "db.index.fulltext.queryRelationships", "dbms.listConfig",
                                  "db.schema.visualization", "dbms.security.listUsers", "tx.getMetaData"])
def test_procedures_outside_the_spec_list_are_refused(proc):
    with pytest.raises(QueryRefused, match="allow-list"):
        check_read_only(f"CALL {proc}()")


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x0b", "\x0c", "\x1b", "\x1c", "\x7f", "\x9b", "\u200b", "\u200e",
                                  "\u202e", "\u2066", "\ufeff", "\u00ad"])
def test_a_control_or_format_character_outside_a_string_refuses_the_query(char):
    for q in (f"MATCH (n){char} RETURN n", f"RETURN 1 AS x // note{char}", f"RETURN 1 /* {char} */ AS x",
              f"RETURN 1 AS `a{char}b`"):
        with pytest.raises(QueryRefused, match="control or format character"):
            check_read_only(q)


def test_control_characters_inside_a_string_literal_are_data():
    check_read_only("RETURN 'tab\there, bell\x07, zwsp\u200b' AS s")
    check_read_only("MATCH (n) WHERE n.name = \"\x0b\" RETURN n")


def test_line_terminators_each_end_a_comment():
    for term in ("\n", "\r\n"):
        words = [t.text for t in tokenize(f"RETURN 1 AS x //c{term}DELETE") if t.kind == "word"]
        assert words == ["RETURN", "AS", "x", "DELETE"]
        with pytest.raises(QueryRefused, match="DETACH"):
            check_read_only(f"MATCH (n) RETURN n //c{term}DETACH DELETE n")
    # Neo4j ends the comment at each of these; ArcadeDB's lexer not at the last three, and its Bolt plugin's
    # system-command check not at a lone \r either (issue 13 red team: `//\rSHOW INDEXES /*\nshow databases */`)
    for term in ("\r", "\x85", "\u2028", "\u2029"):
        assert [t.text for t in tokenize(f"RETURN 1 //c{term}DELETE") if t.kind == "word"] == ["RETURN", "DELETE"]
        with pytest.raises(QueryRefused, match="read differently"):
            check_read_only(f"RETURN 1 AS x //c{term}, 2 AS y")


def test_the_reported_bypass_is_refused():
    with pytest.raises(QueryRefused):
        check_read_only("//\r/*\nMATCH (n) RETURN count(n) AS c //*/ CREATE USER mallory SET PASSWORD 'x'")


def test_a_keyword_glued_to_a_non_ascii_letter_is_still_seen():
    for q in ("MATCH (n) éDELETE n", "MATCH (n) WITH n x²DETACH DELETE n"):
        with pytest.raises(QueryRefused):
            check_read_only(q)
    check_read_only("MATCH (n:Company) RETURN n.größe AS größe")


@pytest.mark.parametrize(("query", "expected"), [
    ("MATCH (n) RETURN n", "MATCH (n) RETURN n\nLIMIT 11"),
    ("MATCH (n) RETURN n;", "MATCH (n) RETURN n\nLIMIT 11"),
    ("MATCH (n) RETURN n // all of them", "MATCH (n) RETURN n // all of them\nLIMIT 11"),
    ("MATCH (n) RETURN n LIMIT 500", "MATCH (n) RETURN n LIMIT 11"),
    ("MATCH (n) RETURN n LIMIT 3", "MATCH (n) RETURN n LIMIT 3"),
    ("MATCH (n) RETURN n LIMIT $k", "MATCH (n) RETURN n LIMIT $k"),
    ("MATCH (n) WITH n LIMIT 500 RETURN n", "MATCH (n) WITH n LIMIT 500 RETURN n\nLIMIT 11"),
    ("CALL { MATCH (n) RETURN n } RETURN count(n) AS c", "CALL { MATCH (n) RETURN n } RETURN count(n) AS c\nLIMIT 11"),
    ("MATCH (a) RETURN a.x AS x UNION MATCH (b) RETURN b.x AS x", "MATCH (a) RETURN a.x AS x UNION MATCH (b) RETURN b.x AS x"),
    ("SHOW INDEXES", "SHOW INDEXES"),
    ("CALL db.labels()", "CALL db.labels()"),
])
def test_the_row_cap_goes_into_the_query(query, expected):
    from kg.guard import cap_rows
    assert cap_rows(query, 11) == expected


@pytest.mark.parametrize("query", [
    "MATCH (e:Event) RETURN min(e.publication_date) AS start, max(e.publication_date) AS end",
    "RETURN 1 AS begin, 2 AS csv, 3 AS copy, 4 AS show",
    "RETURN {update: 1, set: 2} AS m",
    "MATCH (n:Session) RETURN n",
    "MATCH (n:Company) RETURN n.name AS zürich_set",
    "RETURN [x IN range(1, 10)][1..3] AS s",
])
def test_names_spelled_like_keywords_pass(query):
    check_read_only(query)


@pytest.mark.parametrize("query", [
    "RETURN range(0, 100)[0..sql.randomInt(50)] AS x",  # `..` once hid the next name from the call check
    "RETURN [0][0..util.sleep(20000)] AS x",
    "//\rSHOW INDEXES /*\nshow databases */",  # read by ArcadeDB's Bolt prefix check as SHOW DATABASES
    "//\rSHOW INDEXES /*\nshow current user */",
    "MATCH (n) WITH n AS x DETACH DELETE x",
    "RETURN 1 AS x;" + " " * 10 + "MATCH (n) DELETE n",
    # review: an alias named AS once made the next clause look like a name
    "MATCH (n) WITH n AS AS DELETE AS", "MATCH (n) WITH n AS AS CREATE (m)", "MATCH (n) WITH n AS AS MERGE (m:X)",
    "MATCH (n) WITH n AS AS SET AS.x = 1", "UNWIND [1] AS AS CALL apoc.load.json('file:///etc/passwd') YIELD value RETURN value",
    "UNWIND [1] AS AS CALL dbms.listConfig() YIELD name RETURN name", "MATCH (n) WITH n AS x, n AS DELETE DELETE n",
])
def test_red_team_findings_are_refused(query):
    with pytest.raises(QueryRefused):
        check_read_only(query)


def test_the_guard_stays_fast_on_hostile_input():
    import time

    from kg.guard import cap_rows
    t0 = time.perf_counter()
    check_read_only("RETURN 1 AS x" + ";" * 8000)
    assert cap_rows("RETURN 1 AS x" + ";" * 8000, 10) == "RETURN 1 AS x\nLIMIT 10"
    with pytest.raises(QueryRefused, match="longer than"):
        check_read_only("RETURN 1 AS x //" + "x" * 30_000)
    assert time.perf_counter() - t0 < 5  # was minutes: quadratic in the number of semicolons
