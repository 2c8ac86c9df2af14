"""Rewrites of a read query that keep its result and steer ArcadeDB's Cypher planner (issue 19).

An aggregate with no grouping key over a pattern makes ArcadeDB ignore the index of the pattern's anchor
(DEVELOPERS.md): on the graph of a million publications `MATCH (c:Company {uid: $u})-[:HAS_EVENT]->(e:Event)
RETURN count(e)` takes 250 ms, the same pattern read in a subquery, `CALL { MATCH … RETURN e } RETURN count(e)`,
1 ms. A subquery hands its rows to the outer query unchanged, and an aggregate over no rows still gives its one row
(a count of 0), so the result is the same on any Cypher server; the custom-Cypher tool applies it where it pays, on
ArcadeDB. Only the plain shape is rewritten: a final RETURN of aggregates alone (`count(e) AS n, sum(c.capital)`),
after a pattern with a relationship and without UNION, procedure calls or subqueries of its own; anything else runs
as written (a label's count, `MATCH (c:Company) RETURN count(c)`, has a fast path a subquery would lose: 7 ms,
hoisted 1.2 s).
"""
from __future__ import annotations

from kg.guard import Token, tokenize, top_level

AGGREGATES = frozenset({"count", "sum", "avg", "min", "max", "collect", "stdev", "stdevp", "percentilecont",
                        "percentiledisc"})
_CLAUSE_END = frozenset({"ORDER", "SKIP", "LIMIT"})
_NOT_VARIABLES = frozenset({"DISTINCT", "AS"})


def _closing(tokens: list[Token], opening: int) -> int:
    depth = 0
    for i in range(opening, len(tokens)):
        if tokens[i].kind == "punct" and tokens[i].text in "([{":
            depth += 1
        elif tokens[i].kind == "punct" and tokens[i].text in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return len(tokens)


def _aggregate_variables(tokens: list[Token]) -> set[str] | None:
    """The variables of a RETURN made only of aggregate calls (`count(DISTINCT e) AS n, sum(c.capital)`); None for
    any other RETURN (an expression around an aggregate, a grouping key, a map or a list inside one)."""
    names: set[str] = set()
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.kind != "word" or t.text.lower() not in AGGREGATES or i + 1 >= len(tokens) or tokens[i + 1].text != "(":
            return None
        end = _closing(tokens, i + 1)
        inside = tokens[i + 2: end]
        if any(x.kind == "punct" and x.text in "{}[]:" for x in inside):
            return None
        if any(x.kind == "quoted" for x in inside):
            return None
        for k, x in enumerate(inside):
            before = inside[k - 1].text if k else ""
            after = inside[k + 1].text if k + 1 < len(inside) else ""
            if x.kind == "word" and before != "." and after != "(" and x.text.upper() not in _NOT_VARIABLES:
                names.add(x.text)
        i = end + 1
        if i + 1 < len(tokens) and tokens[i].kind == "word" and tokens[i].text.upper() == "AS":
            i += 2  # its alias
        if i < len(tokens):
            if tokens[i].text != ",":
                return None
            i += 1
    return names


def hoist_aggregates(query: str) -> str:
    """`query` with the pattern of a final RETURN of aggregates alone read in a subquery; else `query` unchanged.
    The query must have passed the guard (`kg.guard.check_read_only`)."""
    tokens = tokenize(query)
    while tokens and tokens[-1].text == ";":
        tokens.pop()
    top = top_level(tokens)
    words = [(i, tokens[i].text.upper()) for i in top if tokens[i].kind == "word"]
    if any(w in ("UNION", "CALL", "SHOW", "YIELD") for _, w in words):
        return query
    returns = [i for i, w in words if w == "RETURN"]
    if not returns or returns[-1] == 0:
        return query
    r = returns[-1]
    end = next((i for i, w in words if i > r and w in _CLAUSE_END), len(tokens))
    items = tokens[r + 1: end]
    if items and items[0].kind == "word" and items[0].text.upper() == "DISTINCT":
        return query
    variables = _aggregate_variables(items) if items else None
    if variables is None:
        return query
    prefix = tokens[:r]
    if not any(t.text == "-" and k and prefix[k - 1].text in (")", "]", "<") for k, t in enumerate(prefix)):
        return query  # no relationship in the pattern: a label's count has a fast path of its own
    if not variables:  # count(*): every variable the pattern binds, if it binds one
        bound = any(prefix[k].text in "([" and prefix[k + 1].kind == "word" for k in range(len(prefix) - 1))
        if not bound:
            return query
    inner = ", ".join(sorted(variables)) or "*"
    return f"CALL {{\n{query[:tokens[r].start].rstrip()}\nRETURN {inner}\n}}\n{query[tokens[r].start:tokens[-1].end]}"
