"""Least privilege on the embedded ArcadeDB server (SPEC §9): a read-only group and user, and the
server-side timeout of read queries. Neo4j deployments set up their reader role themselves
(README: "Least privilege on Neo4j")."""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError

from kg.arcade_http import ArcadeHttp
from kg.files import write_private_text

log = logging.getLogger(__name__)
GROUPS_FILE = "server-groups.json"
SETTINGS_VERSION = 2  # ArcadeDB's security configuration version the file is written in
COMMAND_TIMEOUT = "arcadedb.command.timeout"
# Database settings every start applies: LOAD CSV never reads local files or fetches URLs, whatever the
# account. (They are database-scoped: the server's start configuration does not reach them. Production
# mode would disable file URLs too, but it also hides every error's text, syntax errors included.)
LOCKED_SETTINGS = {"arcadedb.opencypher.loadCsv.allowFileUrls": "false",
                   "arcadedb.opencypher.loadCsv.allowRemoteUrls": "false"}
# ArcadeDB's own default groups, written when the file does not exist yet (it writes the same on first start).
DEFAULT_GROUPS: dict[str, Any] = {
    "admin": {"resultSetLimit": -1, "readTimeout": -1,
              "access": ["updateSecurity", "updateSchema", "updateDatabaseSettings"],
              "types": {"*": {"access": ["createRecord", "readRecord", "updateRecord", "deleteRecord"]}}},
    "*": {"resultSetLimit": -1, "readTimeout": -1, "access": [], "types": {"*": {"access": []}}},
}


def ensure_group(config_dir: Path, group: str, rules: dict[str, Any]) -> None:
    """Make `group` exist with exactly `rules` for every database, before the server starts
    (the server reads the file at start and re-reads it when it changes)."""
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / GROUPS_FILE
    conf = json.loads(path.read_text(encoding="utf-8")) if path.exists() else \
        {"databases": {"*": {"groups": json.loads(json.dumps(DEFAULT_GROUPS))}}, "version": SETTINGS_VERSION}
    groups = conf.setdefault("databases", {}).setdefault("*", {}).setdefault("groups", {})
    if groups.get(group) == rules and path.exists():
        return
    groups[group] = rules
    write_private_text(path, json.dumps(conf, indent=2))


def ensure_reader(http: ArcadeHttp, bolt_uri: str, user: str, password: str, database: str, group: str) -> None:
    """The read-only user exists with `password` in `group` on `database` (re-created when its password
    no longer matches the file, e.g. after the file was deleted)."""
    if _can_log_in(bolt_uri, user, password, database):
        return
    try:
        http.server(f"drop user {user}", what=f"drop user {user}")
    except RuntimeError:
        pass  # it did not exist
    spec = {"name": user, "password": password, "databases": {database: [group]}}
    http.server("create user " + json.dumps(spec), what=f"create user {user}")
    log.info("created the read-only graph user %r", user)


def _can_log_in(uri: str, user: str, password: str, database: str) -> bool:
    try:
        with GraphDatabase.driver(uri, auth=(user, password), connection_timeout=5) as drv:
            with drv.session(database=database) as s:
                s.run("RETURN 1 AS ok").consume()
        return True
    except AuthError:
        return False
    except Exception:  # noqa: BLE001 - a user without a group on this database cannot open it either
        return False


def lock_down(http: ArcadeHttp, database: str, read_timeout_s: float) -> None:
    """The database's own limits: no file or URL access from queries, and the statement timeout."""
    for key, value in LOCKED_SETTINGS.items():
        http.sql(database, f"ALTER DATABASE `{key}` {value}")
    set_command_timeout(http, database, read_timeout_s)


def set_command_timeout(http: ArcadeHttp, database: str, seconds: float) -> None:
    """The longest any statement may run on `database`, enforced by the server (0 = no limit)."""
    http.sql(database, f"ALTER DATABASE `{COMMAND_TIMEOUT}` {int(seconds * 1000)}")


def command_timeout(http: ArcadeHttp, database: str) -> float:
    """The server's current statement timeout in seconds (0 = none)."""
    rows = http.sql(database, "SELECT FROM schema:database").get("result", [{}])
    for entry in (rows[0].get("settings") or []) if rows else []:
        if entry.get("key") == COMMAND_TIMEOUT:
            return float(entry.get("value") or 0) / 1000
    return 0.0
