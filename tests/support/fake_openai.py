"""A local OpenAI-compatible HTTP server for tests: the real `openai` client talks to it.

`responder(request_json) -> str | None` gives the assistant message content for each
`/v1/chat/completions` call (None means: do not answer, let the client time out).
Every request is recorded in `requests`.
"""
from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    def __init__(self, responder: Callable[[dict[str, Any]], str | None]) -> None:
        self.responder = responder
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server API
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                outer.requests.append(body | {"_path": self.path, "_auth": self.headers.get("Authorization")})
                content = outer.responder(body)
                if content is None:
                    time.sleep(5)
                    content = "{}"
                reply = {"id": f"chatcmpl-{len(outer.requests)}", "object": "chat.completion", "created": 0,
                         "model": body.get("model", "fake"),
                         "choices": [{"index": 0, "finish_reason": "stop",
                                      "message": {"role": "assistant", "content": content}}],
                         "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
                data = json.dumps(reply).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
