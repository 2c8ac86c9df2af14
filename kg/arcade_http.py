"""ArcadeDB's HTTP API, for what Cypher cannot say there: the full-text index DDL, database
settings and server users. Only the embedded server's owner (root) calls it."""
from __future__ import annotations

import base64
import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ArcadeHttp:
    """Where ArcadeDB's HTTP API is, and the account that may change schema and security."""
    base_url: str
    user: str
    password: str = field(repr=False)

    def sql(self, database: str, command: str, timeout_s: float = 60.0) -> dict[str, Any]:
        """Run one SQL command on `database` (an index built over a million notices takes minutes: `timeout_s`)."""
        return self._post(f"/api/v1/command/{database}", {"language": "sql", "command": command}, command, timeout_s)

    def server(self, command: str, what: str | None = None) -> dict[str, Any]:
        """Run one server command (`create user {...}`, `drop user NAME`). `what` names it in errors
        instead of the command, which may hold a password."""
        return self._post("/api/v1/server", {"command": command}, what or command)

    def _post(self, path: str, body: dict[str, Any], what: str, timeout_s: float = 60.0) -> dict[str, Any]:
        token = base64.b64encode(f"{self.user}:{self.password}".encode()).decode()
        req = urllib.request.Request(  # noqa: S310 - http URL built from our own settings
            f"{self.base_url}{path}", data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Basic {token}"},
        )
        try:
            with urllib.request.urlopen(req, timeout=timeout_s) as resp:  # noqa: S310 - see above
                return json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode(errors="replace")[:300]
            raise RuntimeError(f"ArcadeDB rejected {what!r}: {detail}") from exc
