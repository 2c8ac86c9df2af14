"""A local OpenAI-compatible HTTP server for tests: the real `openai` client talks to it.

`responder(request_json) -> str | dict | None` gives the assistant reply for each
`/v1/chat/completions` call: a string is the message content; a dict is
{"content": str | None, "tool_calls": [{"name": ..., "arguments": {...}}]}; None means do not
answer (let the client time out). A request with "stream": true is answered as server-sent events,
in several chunks, as OpenAI does. Every request is recorded in `requests`.
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
                reply = outer.responder(body)
                if reply is None:
                    time.sleep(5)
                    reply = "{}"
                message = _message(reply, len(outer.requests))
                if body.get("stream"):
                    self._stream(body, message)
                    return
                finish = "tool_calls" if message.get("tool_calls") else "stop"
                data = json.dumps({"id": f"chatcmpl-{len(outer.requests)}", "object": "chat.completion", "created": 0,
                                   "model": body.get("model", "fake"),
                                   "choices": [{"index": 0, "finish_reason": finish, "message": message}],
                                   "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _stream(self, body: dict[str, Any], message: dict[str, Any]) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                text = message.get("content") or ""
                pieces = [text[i: i + 7] for i in range(0, len(text), 7)] or [""]
                for i, piece in enumerate(pieces):
                    delta = {"role": "assistant", "content": piece} if i == 0 else {"content": piece}
                    chunk = {"id": "chatcmpl-s", "object": "chat.completion.chunk", "created": 0,
                             "model": body.get("model", "fake"), "choices": [{"index": 0, "delta": delta,
                                                                                "finish_reason": None}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.flush()
                end = {"id": "chatcmpl-s", "object": "chat.completion.chunk", "created": 0, "model": "fake",
                       "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                self.wfile.write(f"data: {json.dumps(end)}\n\ndata: [DONE]\n\n".encode())
                self.wfile.flush()

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


def _message(reply: str | dict[str, Any], n: int) -> dict[str, Any]:
    if isinstance(reply, str):
        return {"role": "assistant", "content": reply}
    calls = [{"id": f"call_{n}_{i}", "type": "function",
              "function": {"name": c["name"], "arguments": json.dumps(c.get("arguments", {}))}}
             for i, c in enumerate(reply.get("tool_calls", []))]
    return {"role": "assistant", "content": reply.get("content"), **({"tool_calls": calls} if calls else {})}
