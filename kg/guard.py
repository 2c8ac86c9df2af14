"""Static read-only check for user- or LLM-written Cypher (SPEC §9, §10).

The query is lexed the way the servers lex it: string literals and comments are removed, so
`'DELETE'` inside a string or `// SET` in a comment is harmless while `SeT` or `/*x*/DELETE` are
caught. Where the two servers could read a query differently, it is refused:

- A `//` comment ends at `\\n`, `\\r`, U+0085, U+2028 or U+2029 on Neo4j, at `\\n` or `\\r` in
  ArcadeDB's Cypher lexer, and only at `\\n` in the prefix check by which ArcadeDB's Bolt plugin answers
  some system commands itself (`SHOW DATABASES`, `SHOW CURRENT USER`) before the Cypher engine sees
  the query. The query is lexed under all three readings and must give the same tokens; a comment
  ended by a lone `\\r` or one of the three Unicode terminators is therefore refused (it would hide
  code from one reader or another).
- Any other control or format character (C0/C1 controls, zero-width and bidi marks, BOM) outside a
  string literal refuses the query: servers treat some as whitespace, some as errors.

This is one layer of three: the product connects as a read-only database user where the server
supports one (kg/embedded.py), and `kg.readonly` runs what passes in a transaction that is always
rolled back, with a server-side timeout and the row cap in the query.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Clauses and keywords that change data, schema, users or server state (checked case-insensitively).
WRITE_KEYWORDS = frozenset({
    "CREATE", "MERGE", "SET", "DELETE", "DETACH", "REMOVE", "DROP", "FOREACH", "LOAD", "CSV",
    "ALTER", "RENAME", "GRANT", "DENY", "REVOKE", "START", "STOP", "TERMINATE", "KILL", "ENABLE",
    "DISABLE", "COMMIT", "ROLLBACK", "BEGIN", "PERIODIC", "TRANSACTIONS", "INSERT", "UPDATE",
    "UPSERT", "TRUNCATE", "IMPORT", "COPY", "USE", "DEALLOCATE", "REALLOCATE", "SESSION",
})

# A statement must open with one of these (EXPLAIN/PROFILE prefix a query).
READ_OPENERS = frozenset({"MATCH", "OPTIONAL", "WITH", "RETURN", "UNWIND", "CALL", "EXPLAIN", "PROFILE", "SHOW"})

# SPEC §10: the only SHOW commands allowed list indexes and constraints (no users, databases,
# transactions, settings, procedures, privileges, servers...).
SHOW_TARGETS = frozenset({"INDEX", "INDEXES", "CONSTRAINT", "CONSTRAINTS"})
SHOW_QUALIFIERS = frozenset({
    "ALL", "RANGE", "FULLTEXT", "TEXT", "POINT", "VECTOR", "LOOKUP", "BTREE", "UNIQUE", "UNIQUENESS",
    "EXIST", "EXISTS", "EXISTENCE", "NODE", "REL", "RELATIONSHIP", "KEY", "PROPERTY", "TYPE",
})

# Procedures callable with CALL (lower-case names); everything else is refused (SPEC §10).
ALLOWED_PROCEDURES = frozenset({
    "db.labels", "db.relationshiptypes", "db.propertykeys", "db.index.fulltext.querynodes",
})
# Namespaces of built-in, side-effect-free functions that may be called as `ns.fn(...)`.
ALLOWED_FUNCTION_NAMESPACES = frozenset({
    "date", "datetime", "localdatetime", "time", "localtime", "duration", "point", "vector",
})

# What ends a `//` comment: on Neo4j (SPEC §10) and on ArcadeDB (its Cypher25Lexer: `~[\r\n]*`).
NEO4J_LINE_TERMINATORS = "\n\r\x85\u2028\u2029"
ARCADEDB_LINE_TERMINATORS = "\n\r"
BOLT_PREFIX_LINE_TERMINATORS = "\n"  # ArcadeDB's BoltNetworkExecutor.handleSystemQuery
READINGS = (NEO4J_LINE_TERMINATORS, ARCADEDB_LINE_TERMINATORS, BOLT_PREFIX_LINE_TERMINATORS)
MAX_QUERY_CHARS = 20_000  # an analyst's or a model's query; longer is refused before it is lexed
# After these a keyword is a name (an alias, a label or a map key), never a clause: `AS start`, `:Session`.
_NAME_CONTEXT_BEFORE = frozenset({"AS", ":"})
_NAME_FOLLOWERS = frozenset({",", ")", "]", "}", ";", ":", "|", "&", "{"})
_READ_FOLLOWERS = frozenset({"RETURN", "WITH", "ORDER", "SKIP", "LIMIT", "UNION", "WHERE", "MATCH", "OPTIONAL",
                             "UNWIND", "YIELD"})
# Whitespace as the server's lexer defines SPACE (control characters among them are refused anyway).
_SPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_ALLOWED_CONTROLS = frozenset("\t\n\r\x85")  # \x85 (NEL) is a line terminator
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co"})


def _token_re(terminators: str) -> re.Pattern[str]:
    return re.compile(
        rf"""
        (?P<ws>[{_SPACE}]+)
      | (?P<line_comment>//[^{terminators}]*)
      | (?P<block_comment>/\*.*?\*/)
      | (?P<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
      | (?P<quoted>`(?:[^`]|``)*`)
      | (?P<param>\$(?:[^\W\d]\w*|[0-9]+|`(?:[^`]|``)*`))
      | (?P<word>[^\W\d]\w*)
      | (?P<number>[0-9]+(?:\.[0-9]+)?)
      | (?P<punct>\.\.|.)
        """,
        re.VERBOSE | re.DOTALL,
    )


_TOKEN_RES = {t: _token_re(t) for t in READINGS}


class QueryRefused(ValueError):
    """The query is not a single read-only statement; the message is a one-line reason."""


@dataclass(frozen=True)
class Token:
    kind: str  # word | quoted | param | number | punct | string
    text: str  # "" for a string literal (its content never counts)
    start: int = 0  # offset in the query
    end: int = 0


def tokenize(query: str, terminators: str = NEO4J_LINE_TERMINATORS) -> list[Token]:
    """Tokens of `query` with whitespace, comments and string contents dropped.

    Refuses unterminated strings and comments, and control or format characters outside string
    literals (comments included)."""
    pattern = _TOKEN_RES.get(terminators) or _token_re(terminators)
    tokens: list[Token] = []
    pos = 0
    while pos < len(query):
        m = pattern.match(query, pos)
        assert m is not None  # the last alternative matches any character
        kind = m.lastgroup or "punct"
        text = m.group()
        if kind == "punct" and text in "'\"`":
            raise QueryRefused(f"unterminated {'string' if text != '`' else 'quoted name'} at offset {pos}")
        if kind == "punct" and query.startswith("/*", pos):
            raise QueryRefused(f"unterminated comment at offset {pos}")
        if kind != "string":
            _refuse_controls(text, pos)
        if kind == "string":
            tokens.append(Token("string", "", m.start(), m.end()))
        elif kind not in ("ws", "line_comment", "block_comment"):
            tokens.append(Token(kind, text, m.start(), m.end()))
        pos = m.end()
    return tokens


def _refuse_controls(text: str, offset: int) -> None:
    for i, c in enumerate(text):
        if c in _ALLOWED_CONTROLS or c in "\u2028\u2029":
            continue
        if unicodedata.category(c) in _REFUSED_CATEGORIES:
            raise QueryRefused(f"control or format character U+{ord(c):04X} outside a string at offset {offset + i}")


def check_read_only(query: str) -> None:
    """Raise `QueryRefused` unless `query` is one read-only Cypher statement under every server's reading."""
    if not query or not query.strip():
        raise QueryRefused("empty query")
    if len(query) > MAX_QUERY_CHARS:
        raise QueryRefused(f"query longer than {MAX_QUERY_CHARS:,} characters")
    readings = [tokenize(query, t) for t in READINGS]
    if any(r != readings[0] for r in readings[1:]):
        raise QueryRefused("a // comment ends at a lone \\r, U+0085, U+2028 or U+2029, which servers read differently")
    _check_tokens(readings[0])


def _check_tokens(tokens: list[Token]) -> None:
    last = max((i for i, t in enumerate(tokens) if t.text != ";"), default=-1)
    if last < 0:
        raise QueryRefused("empty query")
    for i, tok in enumerate(tokens):
        prev = tokens[i - 1].text.upper() if i else ""
        if tok.kind == "punct" and tok.text == ";" and i < last:
            raise QueryRefused("more than one statement")
        if tok.kind != "word" or prev == ".":  # `n.set` is a property, not a clause
            continue
        if _is_name(tokens, i, prev):
            continue  # `AS start`, `:Session`, `{update: 1}`: a name, whatever its spelling
        for word in _keyword_candidates(tok.text):
            if word in WRITE_KEYWORDS:
                raise QueryRefused(f"write or admin keyword {word} is not allowed in a read-only query")
            if word == "SHOW" and i != 0:
                raise QueryRefused("SHOW is only allowed as SHOW INDEXES or SHOW CONSTRAINTS")
        if tok.text.upper() == "CALL":
            _check_call(tokens, i)
    if tokens[0].kind != "word" or tokens[0].text.upper() not in READ_OPENERS:
        raise QueryRefused(f"a read query starts with MATCH, WITH, RETURN, UNWIND or CALL, not {tokens[0].text!r}")
    if tokens[0].text.upper() == "SHOW":
        _check_show(tokens)
    _check_dotted_calls(tokens)


def _is_name(tokens: list[Token], i: int, prev: str) -> bool:
    """Whether word i stands where only a name can (an alias after AS, a label after `:`, a map key before
    `:`) and what follows it closes that name: `... AS AS CREATE (m)` is no alias, so CREATE is a clause."""
    word = tokens[i].text.upper()
    if word == "CALL" or not (prev in _NAME_CONTEXT_BEFORE or (i + 1 < len(tokens) and tokens[i + 1].text == ":")):
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return nxt is None or nxt.text in _NAME_FOLLOWERS or (nxt.kind == "word" and nxt.text.upper() in _READ_FOLLOWERS)


def _keyword_candidates(word: str) -> list[str]:
    """The word itself, upper-cased, and, for a word with non-ASCII letters, each ASCII run in it:
    where a server splits an identifier differently from Python, a keyword can hide in one."""
    out = [word.upper()]
    if not word.isascii():
        out += [part.upper() for part in re.split(r"[^\x00-\x7f]+", word) if part]
    return out


def _check_show(tokens: list[Token]) -> None:
    j = 1
    while j < len(tokens) and tokens[j].kind == "word" and tokens[j].text.upper() in SHOW_QUALIFIERS:
        j += 1
    if j >= len(tokens) or tokens[j].kind != "word" or tokens[j].text.upper() not in SHOW_TARGETS:
        shown = " ".join(t.text for t in tokens[1:j + 1]) or "nothing"
        raise QueryRefused(f"SHOW {shown} is not allowed; only SHOW INDEXES and SHOW CONSTRAINTS are")


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


def top_level(tokens: list[Token]) -> list[int]:
    """Indexes of the tokens outside any bracket."""
    out, depth = [], 0
    for i, t in enumerate(tokens):
        if t.kind == "punct" and t.text in "([{":
            depth += 1
        elif t.kind == "punct" and t.text in ")]}":
            depth -= 1
        elif depth == 0:
            out.append(i)
    return out


def cap_rows(query: str, limit: int) -> str:
    """`query` with its result bounded to `limit` rows in the query itself, so the server never
    builds more: a final top-level RETURN without LIMIT gets one; a literal LIMIT above `limit` is
    lowered. UNION queries, procedure calls and SHOW keep the client-side cap only.
    The query must have passed `check_read_only`."""
    tokens = tokenize(query)
    last = max((i for i, t in enumerate(tokens) if t.text != ";"), default=-1)
    if last + 1 < len(tokens):  # trailing semicolons go, in one cut (what follows them is comments and space)
        query = query[:tokens[last + 1].start]
        tokens = tokens[:last + 1]
    last_return = None
    top = [(idx, tokens[idx]) for idx in top_level(tokens) if tokens[idx].kind == "word"]
    for idx, t in top:
        word = t.text.upper()
        if word == "UNION":
            return query
        if word == "RETURN":
            last_return = idx
    if last_return is None:
        return query
    after = [(idx, t) for idx, t in top if idx > last_return]
    for idx, t in after:
        if t.text.upper() != "LIMIT":
            continue
        value = tokens[idx + 1] if idx + 1 < len(tokens) else None
        if value is not None and value.kind == "number" and value.text.isdigit() and idx + 2 == len(tokens):
            if int(value.text) > limit:
                return query[:value.start] + str(limit) + query[value.end:]
        return query  # a parameter or expression: the client-side cap applies
    return f"{query}\nLIMIT {limit}"
