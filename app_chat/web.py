"""What the chat adds to Chainlit's web server; `install` runs before the server serves (auth.configure).

- Origins: a browser page may call the chat with credentials only from an allowed origin: the
  `allow_origins` of .chainlit/config.toml plus CHAT_ALLOW_ORIGINS (comma-separated); "*" is never
  accepted, since Chainlit always allows credentials.
- ChatGuard, an ASGI middleware inside Chainlit's CORS one:
  - the socket.io endpoint, where the chat runs, accepts a browser only from those origins or the
    server's own (its Host): Chainlit turns python-engineio's origin check off (websockets are not
    bound by CORS), and its CORS answer stays the only one (engineio's would add a second header);
  - a login refused by the rate limit answers 429 with a message and Retry-After (Chainlit turns
    anything the password callback returns or raises into 401 "credentialssignin");
  - when uploads are not enabled in the configuration, an upload is refused before its body is read
    (Chainlit reads the whole file first, and allows everything when the section is missing);
  - the login page's translations get the text of that refusal. Chainlit 2.12's login page shows the
    translation `auth.login.errors.<the answer's HTTP status text>` (else "Unable to sign in"), so the
    text goes under "Too Many Requests".
"""
from __future__ import annotations

import contextvars
import json
import logging
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from app_chat.ratelimit import refusal_text

log = logging.getLogger(__name__)
ORIGINS_VAR = "CHAT_ALLOW_ORIGINS"
REFUSED_KEY = "Too Many Requests"  # the 429's status text: the login page shows auth.login.errors.<status text>
REFUSED_TEXT = {
    "en": "Too many failed sign-ins. Wait a few minutes, then try again.",
    "de": "Zu viele fehlgeschlagene Anmeldungen. Warte einige Minuten und versuche es dann erneut.",
}


def allowed_origins(configured: Iterable[str], extra: str | None = None) -> list[str]:
    """`configured` and the comma-separated `extra`, as browsers write an origin; "*" and malformed ones are dropped."""
    origins: list[str] = []
    for raw in [*configured, *(extra or "").split(",")]:
        origin = raw.strip().rstrip("/").lower()
        if not origin:
            continue
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc or "*" in origin or parts.path:
            log.warning("ignoring allowed origin %r: give scheme://host[:port], no wildcard", raw)
            continue
        if origin not in origins:
            origins.append(origin)
    return origins


def origin_allowed(origin: str, hosts: Iterable[str], origins: list[str]) -> bool:
    """An allowed origin, or the server's own (the host the request was sent to)."""
    netloc = urlsplit(origin.lower()).netloc
    return origin.lower() in origins or (bool(netloc) and netloc in {h.split(",")[0].strip().lower() for h in hosts})


@dataclass
class LoginRequest:
    """The login under way: the client's address, and the refusal the password callback decided."""
    address: str | None = None
    wait: float = 0.0

    def refuse(self, wait: float) -> None:
        self.wait = max(wait, 1.0)


_login: contextvars.ContextVar[LoginRequest | None] = contextvars.ContextVar("chat_login", default=None)


def login_request() -> LoginRequest:
    """The login request ChatGuard is serving (a blank one outside it: no address, refusals answer 401)."""
    return _login.get() or LoginRequest()


async def send_json(send: Callable, status: int, payload: dict, headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})


def with_refusal_text(body: bytes, language: str) -> bytes:
    """The translations answer with a text for auth.login.errors."Too Many Requests" (unless it has its own)."""
    try:
        data = json.loads(body)
        errors = data["translation"].setdefault("auth", {}).setdefault("login", {}).setdefault("errors", {})
    except (ValueError, KeyError, TypeError, AttributeError):
        return body
    errors.setdefault(REFUSED_KEY, REFUSED_TEXT.get(language.partition("-")[0].lower(), REFUSED_TEXT["en"]))
    return json.dumps(data).encode()


class ChatGuard:
    """ASGI middleware: socket origins, login refusals, uploads, the refusal's text (see the module's notes)."""

    def __init__(self, app: Callable, origins: list[str], root_path: str = "",
                 uploads_enabled: Callable[[], bool] = lambda: False, language: Callable[[], str | None] = lambda: None,
                 ) -> None:
        self.app, self.origins, self.root = app, origins, root_path
        self.uploads_enabled, self.language = uploads_enabled, language

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] in ("http", "websocket") and scope["path"].startswith(self.root + "/ws/socket.io"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
            origin = headers.get("origin")
            if origin and not origin_allowed(origin, [headers.get("host", ""), headers.get("x-forwarded-host", "")],
                                             self.origins):
                log.info("chat socket refused to origin %s", origin[:200])
                if scope["type"] == "websocket":
                    await receive()  # websocket.connect; a close before the accept answers 403
                    return await send({"type": "websocket.close", "code": 1008})
                return await send_json(send, 403, {"detail": "Origin not allowed"})
        if scope["type"] == "http":
            route = (scope["method"], scope["path"])
            if route == ("POST", self.root + "/login"):
                return await self._login(scope, receive, send)
            if route == ("POST", self.root + "/project/file") and not self.uploads_enabled():
                return await send_json(send, 403, {"detail": "File upload is not enabled"})
            if route == ("GET", self.root + "/project/translations"):
                return await self._translations(scope, receive, send)
        await self.app(scope, receive, send)

    async def _login(self, scope: dict, receive: Callable, send: Callable) -> None:
        request = LoginRequest(address=(scope.get("client") or (None,))[0])
        replaced = False

        async def guarded(message: dict) -> None:
            nonlocal replaced
            if message["type"] == "http.response.start" and request.wait > 0:
                replaced = True
                wait = math.ceil(request.wait)
                await send_json(send, 429, {"detail": refusal_text(wait), "retry_after": wait},
                                [(b"retry-after", str(wait).encode())])
            elif not replaced:
                await send(message)

        token = _login.set(request)
        try:
            await self.app(scope, receive, guarded)
        finally:
            _login.reset(token)

    async def _translations(self, scope: dict, receive: Callable, send: Callable) -> None:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        language = self.language() or query.get("language", ["en-US"])[0]
        start: dict = {}
        chunks: list[bytes] = []

        async def buffered(message: dict) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                return
            if message["type"] != "http.response.body":
                return await send(message)
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = b"".join(chunks)
            if start.get("status") == 200:
                body = with_refusal_text(body, language)
            headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
            await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, buffered)


def install(extra_origins: str | None) -> list[str]:
    """Apply the allowed origins to Chainlit's server and put ChatGuard in front of its routes; returns the origins."""
    from chainlit.config import config  # noqa: PLC0415 - Chainlit is imported only by the running app
    from chainlit.server import app  # noqa: PLC0415
    from starlette.middleware import Middleware  # noqa: PLC0415
    from starlette.middleware.cors import CORSMiddleware  # noqa: PLC0415

    origins = allowed_origins(config.project.allow_origins, extra_origins)
    config.project.allow_origins[:] = origins  # in place: the list Chainlit gave its CORS middleware
    for m in app.user_middleware:
        if m.cls is CORSMiddleware:
            m.kwargs["allow_origins"] = origins
    if not any(getattr(m.cls, "__name__", "") == ChatGuard.__name__ for m in app.user_middleware):
        if app.middleware_stack is not None:
            raise RuntimeError("the chat's guard must be installed before the server starts")

        def uploads_enabled() -> bool:
            feature = config.features.spontaneous_file_upload
            return bool(feature and feature.enabled)

        app.user_middleware.append(Middleware(ChatGuard, origins=origins, root_path=config.run.root_path,
                                              uploads_enabled=uploads_enabled, language=lambda: config.ui.language))
    log.info("chat origins allowed with credentials: %s", ", ".join(origins) or "none")
    return origins
