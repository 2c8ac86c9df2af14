"""`python -m agent ask` as a user runs it: JSON shape, a conversation kept in a session file, an anchor."""
from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT


def agent_cli(built_world, *args: str) -> subprocess.CompletedProcess:
    s = built_world.settings
    env = {"GRAPH_DATA_DIR": str(s.graph_dir), "GRAPH_BOLT_PORT": str(s.graph_bolt_port),
           "GRAPH_HTTP_PORT": str(s.graph_http_port), "PATH": "/usr/bin:/bin", "HOME": str(s.data_dir)}
    return subprocess.run([sys.executable, "-m", "agent", "ask", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=180)


def test_ask_json_with_a_session_and_a_follow_up(built_world, truth, tmp_path):
    uid = next(u for u, c in sorted(truth.companies.items()) if c["status"] == "active" and len(truth.officers(u)) >= 2
               and "," not in truth.name(u))
    session = tmp_path / "conv.json"
    first = agent_cli(built_world, f"What is the address of {truth.name(uid)}?", "--session", str(session), "--json")
    assert first.returncode == 0, first.stderr
    d = json.loads(first.stdout)
    assert {"answer", "engine", "intent", "state", "trace", "citations", "latency_ms", "llm_calls"} <= set(d)
    assert d["engine"] == "offline" and d["llm_calls"] == 0 and d["current_uid"] == uid
    assert d["citations"] and all({"publication_number", "date"} == set(c) for c in d["citations"])
    assert [t["tool"] for t in d["trace"]][0] == "search_companies"
    second = json.loads(agent_cli(built_world, "Who are its board members?", "--session", str(session), "--json").stdout)
    assert second["current_uid"] == uid and [t["tool"] for t in second["trace"]] == ["explore_network"]
    saved = json.loads(session.read_text())
    assert saved["current_uid"] == uid and len(saved["turns"]) == 4


def test_ask_with_an_anchor_and_plain_output(built_world, truth):
    uid = next(u for u, c in sorted(truth.companies.items()) if c["status"] == "active" and truth.publications_of(u))
    out = agent_cli(built_world, "Show its history", "--uid", uid)
    assert out.returncode == 0 and truth.publications_of(uid)[0]["publication_number"] in out.stdout
    assert "offline engine" in out.stderr
    bad = agent_cli(built_world, "Show its history", "--uid", "CHE-000.000.000")
    assert bad.returncode == 2 and "no entity has the uid" in bad.stderr
