"""Red-team cases for the read-only guard, written for issue 13 (SPEC §10): terminator × position × statement.

Each payload is something an attacker wants from the console or through the agent's custom Cypher
tool; each position hides it behind a comment, string or statement boundary that a lexer could read
differently from the server; each terminator is a line end or a Unicode/control trick. Every case must
be refused by the guard, and running it against the live server must change nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

VICTIM = "rt_victim"
VICTIM_PASSWORD = "rt-victim-password-1"
PREFIX = "rt-"


@dataclass(frozen=True)
class Payload:
    name: str
    statement: str  # `{password_file}` is filled in with the graph's own password file


PAYLOADS = [
    Payload("create_user", "CREATE USER mallory SET PASSWORD 'mallory-password-1'"),
    Payload("alter_user", f"ALTER USER {VICTIM} SET PASSWORD 'owned-password-1'"),
    Payload("drop_user", f"DROP USER {VICTIM}"),
    Payload("drop_index", "DROP INDEX `Event[full_text]`"),
    Payload("drop_constraint", "DROP CONSTRAINT basenode_uid"),
    Payload("create_index", "CREATE INDEX rt_evil FOR (n:Company) ON (n.rt)"),
    Payload("delete_in_transactions",
            f"CALL {{ MATCH (n:BaseNode) WHERE n.uid STARTS WITH '{PREFIX}' DETACH DELETE n }} IN TRANSACTIONS"),
    Payload("detach_delete", f"MATCH (n:BaseNode) WHERE n.uid STARTS WITH '{PREFIX}' DETACH DELETE n"),
    Payload("set_property", f"MATCH (n:BaseNode) WHERE n.uid STARTS WITH '{PREFIX}' SET n.name = 'pwned'"),
    Payload("create_node", f"CREATE (n:BaseNode:Company {{uid: '{PREFIX}evil', name: 'evil'}})"),
    Payload("load_csv_file", "LOAD CSV FROM 'file://{password_file}' AS line RETURN line"),
    Payload("show_users", "SHOW USERS"),
    Payload("show_transactions", "SHOW TRANSACTIONS"),
    Payload("show_databases", "SHOW DATABASES"),
]

# Line ends the servers honour, and characters a lexer might take for one (or for nothing).
TERMINATORS = {
    "LF": "\n", "CR": "\r", "CRLF": "\r\n", "NEL": "\x85", "LS": "\u2028", "PS": "\u2029",
    "VT": "\x0b", "FF": "\x0c", "NUL": "\x00", "FS": "\x1c", "ZWSP": "\u200b", "BOM": "\ufeff",
    "RLO": "\u202e",
}

# Where the payload hides. `{T}` is the terminator, `{S}` the payload.
POSITIONS = {
    # the reported bypass: the guard ends the // comment later than the server does
    "comment_then_block": "//{T}/*\nMATCH (n) RETURN count(n) AS c //*/ {S}",
    "after_line_comment": "MATCH (n) RETURN count(n) AS c //{T}{S}",
    "leading_comment": "// a harmless read{T}{S}",
    "inside_block_comment_end": "/* {T} */ {S}",
    "string_then_comment": "RETURN '/*' AS a //{T}*/ {S}",
    "after_statement": "RETURN 1 AS x; //{T}{S}",
    "terminator_as_space": "RETURN 1 AS x{T}{S}",
    "double_quote_string": 'RETURN "//" AS a, 1 AS b //{T}{S}',
    "alias_named_as": "UNWIND [1] AS AS{T}{S}",  # review finding: a name after AS once hid the next clause
}


def cases() -> list[tuple[str, str, str, str]]:
    """(payload name, terminator name, position name, query template with `{password_file}`)."""
    out = []
    for p in PAYLOADS:
        for tname, term in TERMINATORS.items():
            for pname, pos in POSITIONS.items():
                out.append((p.name, tname, pname, pos.replace("{T}", term).replace("{S}", p.statement)))
    return out
