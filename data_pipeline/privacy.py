"""Privacy layer (§4.1.5): HMAC-SHA256 pseudonymization of names, places and texts, before any write.

A `Pseudonymizer` decides how values reach the graph. The plain one (every build without `--privacy`)
writes them as they are, with today's deterministic SHA-1 uids. The keyed one (`--privacy`, key in
PRIVACY_KEY) is applied to the rows in memory, before they are handed to `Graph.write`, so at no moment
does plaintext reach the live graph (nor its WAL):
- every sensitive property (SENSITIVE) becomes a fixed-length token `PX_<hex>`;
- every uid derived from a name (companies without a CHE number, persons, weak nodes, offices, NameHubs)
  is keyed (HMAC-SHA256), so a guessed name cannot be confirmed by hashing it;
- with `tokenize_ids`, the public identifiers too (CHE uids, publication numbers, publication ids): the
  graph can then no longer be joined with the public SHAB by id; `reveal` maps a token back.
The topology is the same as a plain build's. The token -> original table is written outside the graph
(mode 0600) before the token is; an authorized operator reverses a token with
`python -m data_pipeline reveal TOKEN`. Phases 2 and 3, which read texts and names back from the graph,
turn tokens back into text through that table, in memory only.
"""
from __future__ import annotations

import hashlib
import hmac
from pathlib import Path
from typing import TYPE_CHECKING, Any

from data_pipeline.token_table import TokenTable
from data_pipeline.uids import keyed_uid, stable_uid
from kg.event_scope import MOVE_TOWNS

if TYPE_CHECKING:
    from kg.driver import Graph
    from kg.settings import Settings

PREFIX = "PX_"
# Properties holding names, places or free text, per label.
SENSITIVE: dict[str, tuple[str, ...]] = {
    "Company": ("name", "address", "seat", "town", "zip_code", "purpose", "residence", "origin", "nationality",
                "hub_key"),
    "Person": ("name", "first_name", "last_name", "residence", "origin", "nationality", "date_of_birth", "hub_key"),
    "Event": ("full_text", "title", "company_name", "office", "register_office", "source", "after_name", "after_seat",
              "after_address", "after_purpose", "before_name", "before_seat", "before_address", "before_purpose",
              "acquirer_name", *MOVE_TOWNS),
    "NameHub": ("name", "key"),
}


def token(key: bytes, value: str) -> str:
    return PREFIX + hmac.new(key, value.encode("utf-8"), hashlib.sha256).hexdigest()[:24]


class Pseudonymizer:
    """How values and uids reach the graph; see the module docstring. `PLAIN` is the keyless one."""

    def __init__(self, key: bytes | None = None, *, tokenize_ids: bool = False, table: TokenTable | None = None) -> None:
        if key is None and (tokenize_ids or table is not None):
            raise ValueError("tokenizing needs PRIVACY_KEY")
        if key is not None and table is None:
            raise ValueError("a keyed pseudonymizer needs its token table (the way back)")
        self._key = key
        self.tokenize_ids = tokenize_ids
        self.table = table
        self.values = 0  # sensitive values tokenized by this run
        self.ids = 0  # public identifiers tokenized by this run

    @property
    def keyed(self) -> bool:
        return self._key is not None

    def uid(self, prefix: str, *parts: str | None) -> str:
        """A uid derived from names: SHA-1 when plain, HMAC-SHA256 under the key."""
        return stable_uid(prefix, *parts) if self._key is None else keyed_uid(self._key, prefix, *parts)

    def _token(self, value: str) -> str:
        assert self._key is not None and self.table is not None
        t = token(self._key, value)
        self.table.add(t, value)
        return t

    def value(self, value: str) -> str:
        """A sensitive value as it is stored (its token under the key)."""
        if self._key is None or not value:
            return value
        self.values += 1
        return self._token(value)

    def public_id(self, value: str | None) -> str | None:
        """A public identifier (CHE uid, publication number or id) as it is stored."""
        if value is None or not self.tokenize_ids:
            return value
        self.ids += 1
        return self._token(value)

    def protect(self, label: str, props: dict[str, Any]) -> dict[str, Any]:
        """A copy of a node's properties with the sensitive ones of `label` tokenized."""
        if self._key is None:
            return props
        fields = SENSITIVE.get(label, ())
        return {k: self.value(v) if k in fields and isinstance(v, str) else v for k, v in props.items()}

    def plain(self, stored: str | None) -> str | None:
        """The original of a stored value (None when the table does not know the token)."""
        if stored is None or self.table is None or not stored.startswith(PREFIX):
            return stored
        return self.table.lookup(stored)

    def counts(self) -> dict[str, int]:
        return {"values": self.values, "ids": self.ids, "new_tokens": self.table.added if self.table else 0}

    def close(self) -> None:
        if self.table is not None:
            self.table.close()


PLAIN = Pseudonymizer()


def table_path(settings: Settings) -> Path:
    return settings.data_dir / "privacy" / "translation.jsonl"


def key_of(settings: Settings) -> bytes:
    if settings.privacy_key is None:
        raise ValueError("the privacy layer needs PRIVACY_KEY in the environment or .env")
    return settings.privacy_key.get_secret_value().encode("utf-8")


def open_pseudonymizer(settings: Settings, tokenize_ids: bool = False) -> Pseudonymizer:
    """The keyed pseudonymizer of a `--privacy` build; refuses a key that is not the table's."""
    key = key_of(settings)
    table = TokenTable(table_path(settings))
    if not table.verify(lambda v: token(key, v)):
        raise ValueError(f"PRIVACY_KEY is not the key the token table {table.path} was written with")
    return Pseudonymizer(key, tokenize_ids=tokenize_ids, table=table)


# What the graph holds: plaintext and tokens are never mixed, nor tokenized and public ids.
_PROBES = (("Event", "full_text"), ("NameHub", "key"), ("Company", "name"), ("Person", "name"))
_PSEUDONYMIZED_Q = "MATCH (n:{label}) WHERE n.{prop} STARTS WITH 'PX_' RETURN n.uid AS uid LIMIT 1"
_PLAINTEXT_Q = "MATCH (n:{label}) WHERE n.{prop} <> '' AND NOT n.{prop} STARTS WITH 'PX_' RETURN n.uid AS uid LIMIT 1"
_IDS_PSEUDONYMIZED_Q = "MATCH (e:Event) WHERE e.uid STARTS WITH 'PX_' RETURN e.uid AS uid LIMIT 1"
_IDS_PUBLIC_Q = "MATCH (e:Event) WHERE NOT e.uid STARTS WITH 'PX_' RETURN e.uid AS uid LIMIT 1"


def _any(graph: Graph, query: str) -> bool:
    with graph.driver.session(database=graph.database) as s:
        return s.run(query).single() is not None


def is_pseudonymized(graph: Graph) -> bool:
    return any(_any(graph, _PSEUDONYMIZED_Q.format(label=lb, prop=p)) for lb, p in _PROBES)


def holds_plaintext(graph: Graph) -> bool:
    return any(_any(graph, _PLAINTEXT_Q.format(label=lb, prop=p)) for lb, p in _PROBES)


def refusal(graph: Graph, privacy: bool, tokenize_ids: bool) -> str | None:
    """Why building into this graph in this mode would mix plaintext and tokens (None: it would not)."""
    if not privacy:
        if is_pseudonymized(graph):  # phase 1 would write plaintext names beside the tokens
            return "this graph is pseudonymized; build into it only with --privacy"
        return None
    if holds_plaintext(graph):
        return ("this graph holds plaintext; --privacy never rewrites a graph after the fact: build the "
                "pseudonymized graph into a fresh database (a new GRAPH_DATA_DIR, or a new Neo4j database), "
                "see README 'Privacy'")
    if tokenize_ids and _any(graph, _IDS_PUBLIC_Q):
        return "this graph keeps public ids; build into it without --tokenize-ids, or into a fresh database"
    if not tokenize_ids and _any(graph, _IDS_PSEUDONYMIZED_Q):
        return "this graph was built with --tokenize-ids; build into it only with --tokenize-ids"
    return None


def reveal(settings: Settings, tok: str) -> str | None:
    path = table_path(settings)
    return TokenTable(path).lookup(tok) if path.exists() else None


def main_reveal(argv: list[str] | None = None) -> int:
    import argparse  # noqa: PLC0415
    import sys  # noqa: PLC0415

    from kg.settings import get_settings  # noqa: PLC0415

    ap = argparse.ArgumentParser(prog="python -m data_pipeline reveal",
                                 description="Map a privacy token (a value, or with --tokenize-ids a CHE uid, "
                                             "publication number or id) back to its original "
                                             "(authorized operators only).")
    ap.add_argument("token")
    args = ap.parse_args(argv)
    value = reveal(get_settings(), args.token)
    if value is None:
        print(f"unknown token {args.token}", file=sys.stderr)
        return 1
    print(value)
    return 0
