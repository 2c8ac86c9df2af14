"""A real Chainlit server on a free port, on the session's built world (offline engine, no key)."""
from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT, free_port
from tests.support.env import clean_env
from tests.support.truth import Truth


@dataclass
class ChatServer:
    url: str
    process: subprocess.Popen
    log: Path  # what the server printed


def server_env(settings, home, **extra: str) -> dict[str, str]:
    return clean_env(GRAPH_DATA_DIR=str(settings.graph_dir), GRAPH_BOLT_PORT=str(settings.graph_bolt_port),
                     GRAPH_HTTP_PORT=str(settings.graph_http_port), GAZETTE_DATA_DIR=str(settings.data_dir),
                     HOME=str(home), **extra)


@contextmanager
def running_chat(settings, home: Path, **extra_env: str) -> Iterator[ChatServer]:
    """`chainlit run app_chat/app.py` on a free port, with the graph of `settings` and `extra_env`."""
    port = free_port()
    log = open(home / "chainlit.log", "w")  # noqa: SIM115 - closed after the server stops
    proc = subprocess.Popen([sys.executable, "-m", "chainlit", "run", "app_chat/app.py", "--headless", "--host",
                             "127.0.0.1", "--port", str(port)], cwd=ROOT, env=server_env(settings, home, **extra_env),
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as r:  # noqa: S310 - local test server
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.5)
    else:
        proc.terminate()
        raise RuntimeError("chainlit did not start: " + (home / "chainlit.log").read_text()[-2000:])
    try:
        yield ChatServer(url, proc, home / "chainlit.log")
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


@pytest.fixture(scope="session")
def chat_server(built_world, tmp_path_factory) -> Iterator[ChatServer]:
    with running_chat(built_world.settings, tmp_path_factory.mktemp("chat-home")) as server:
        yield server


def branch_family(truth: Truth) -> tuple[str, str, str]:
    """A company with a branch of the same name: searching the shared first word gives two candidates.
    Returns (search word, head office name, head office uid)."""
    for uid, c in sorted(truth.companies.items()):
        name = truth.name(uid)
        if c["status"] == "active" and "," not in name and len(truth.officers(uid)) >= 1:
            word = name.split()[0]
            branches = [u for u in truth.companies if u != uid and truth.name(u).startswith(name + ",")]
            if branches and len(word) > 4 and sum(truth.name(u).split()[0] == word for u in truth.companies) == 2:
                return word, name, uid
    raise AssertionError("the world has no company with a branch")
