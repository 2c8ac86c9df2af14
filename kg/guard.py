"""Static read-only check for user- or LLM-written Cypher (SPEC §9).

The query is lexed with string literals and comments removed, so `'DELETE'` inside a string
or `// SET` in a comment is harmless while `SeT` or `/*x*/DELETE` are caught. This is the first
of two layers: `kg.readonly` also runs the query in a transaction that is always rolled back.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# Clauses and keywords that change data, schema, users or server state (checked case-insensitively).
WRITE_KEYWORDS = frozenset({
    "CREATE", "MERGE", "SET", "DELETE", "DETACH", "REMOVE", "DROP", "FOREACH", "LOAD",
    "ALTER", "RENAME", "GRANT", "DENY", "REVOKE", "START", "STOP", "TERMINATE", "ENABLE",
    "DISABLE", "COMMIT", "ROLLBACK", "BEGIN", "PERIODIC", "TRANSACTIONS", "INSERT", "UPDATE",
    "UPSERT", "TRUNCATE", "IMPORT", "COPY", "USE", "DEALLOCATE", "REALLOCATE",
})

# A statement must open with one of these (EXPLAIN/PROFILE prefix a query).
READ_OPENERS = frozenset({"MATCH", "OPTIONAL", "WITH", "RETURN", "UNWIND", "CALL", "EXPLAIN", "PROFILE", "SHOW"})

# Procedures callable with CALL (lower-case names); everything else is refused.
ALLOWED_PROCEDURES = frozenset({
    "db.labels", "db.relationshiptypes", "db.propertykeys", "db.index.fulltext.querynodes",
    "db.index.fulltext.queryrelationships", "dbms.components",
})
# Namespaces of built-in, side-effect-free functions that may be called as `ns.fn(...)`.
ALLOWED_FUNCTION_NAMESPACES = frozenset({
    "date", "datetime", "localdatetime", "time", "localtime", "duration", "point", "vector",
})

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<line_comment>//[^\n]*)
  | (?P<block_comment>/\*.*?\*/)
  | (?P<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
  | (?P<quoted>`(?:[^`]|``)*`)
  | (?P<param>\$\w+)
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<punct>.)
    """,
    re.VERBOSE | re.DOTALL,
)


class QueryRefused(ValueError):
    """The query is not a single read-only statement; the message is a one-line reason."""


@dataclass(frozen=True)
class Token:
    kind: str  # word | quoted | param | number | punct
    text: str


def tokenize(query: str) -> list[Token]:
    """Tokens of `query` with whitespace, comments and string contents dropped."""
    tokens: list[Token] = []
    pos = 0
    while pos < len(query):
        m = _TOKEN.match(query, pos)
        assert m is not None  # the last alternative matches any character
        kind = m.lastgroup or "punct"
        text = m.group()
        if kind == "punct" and text in "'\"`":
            raise QueryRefused(f"unterminated {'string' if text != '`' else 'quoted name'} at offset {pos}")
        if kind == "punct" and query.startswith("/*", pos):
            raise QueryRefused(f"unterminated comment at offset {pos}")
        if kind == "string":
            tokens.append(Token("string", ""))
        elif kind not in ("ws", "line_comment", "block_comment"):
            tokens.append(Token(kind, text))
        pos = m.end()
    return tokens


def check_read_only(query: str) -> None:
    """Raise `QueryRefused` unless `query` is one read-only Cypher statement."""
    if not query or not query.strip():
        raise QueryRefused("empty query")
    if any(ord(c) < 32 and c not in "\t\r\n" for c in query):
        raise QueryRefused("control characters in query")
    tokens = tokenize(query)
    if not tokens:
        raise QueryRefused("empty query")
    for i, tok in enumerate(tokens):
        prev = tokens[i - 1].text if i else ""
        if tok.kind == "punct" and tok.text == ";" and any(t.kind != "punct" or t.text != ";" for t in tokens[i + 1:]):
            raise QueryRefused("more than one statement")
        if tok.kind != "word" or prev == ".":  # `n.set` is a property, not a clause
            continue
        word = tok.text.upper()
        if word in WRITE_KEYWORDS:
            raise QueryRefused(f"write or admin keyword {word} is not allowed in a read-only query")
        if word == "CALL":
            _check_call(tokens, i)
    _check_dotted_calls(tokens)
    if tokens[0].kind != "word" or tokens[0].text.upper() not in READ_OPENERS:
        raise QueryRefused(f"a read query starts with MATCH, WITH, RETURN, UNWIND or CALL, not {tokens[0].text!r}")


def _dotted_name(tokens: list[Token], start: int) -> tuple[str, int]:
    """Read `a.b.c` starting at `start`; returns the name and the index after it."""
    parts: list[str] = []
    j = start
    while j < len(tokens) and tokens[j].kind in ("word", "quoted"):
        parts.append(tokens[j].text.strip("`"))
        if j + 1 < len(tokens) and tokens[j + 1].text == ".":
            j += 2
        else:
            j += 1
            break
    return ".".join(parts), j


def _check_call(tokens: list[Token], i: int) -> None:
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if nxt is None:
        raise QueryRefused("CALL without a procedure")
    if nxt.text in ("{", "("):  # CALL { ... } / CALL (x) { ... }: its body is scanned like the rest
        return
    name, _ = _dotted_name(tokens, i + 1)
    if name.lower() not in ALLOWED_PROCEDURES:
        raise QueryRefused(f"procedure {name} is not on the read-only allow-list")


def _check_dotted_calls(tokens: list[Token]) -> None:
    """Refuse namespaced function calls (e.g. apoc.cypher.doIt(...)) outside safe namespaces."""
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        starts_name = tok.kind in ("word", "quoted") and (i == 0 or tokens[i - 1].text != ".")
        if not starts_name:
            i += 1
            continue
        name, j = _dotted_name(tokens, i)
        if "." in name and j < len(tokens) and tokens[j].text == "(":
            ns = name.split(".")[0].lower()
            called_by_call = i > 0 and tokens[i - 1].text.upper() == "CALL"
            if not called_by_call and ns not in ALLOWED_FUNCTION_NAMESPACES:
                raise QueryRefused(f"function {name} is not allowed in a read-only query")
        i = max(j, i + 1)
