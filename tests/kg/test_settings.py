from pathlib import Path

from kg.settings import Settings


def test_secrets_never_appear_in_repr_or_str(monkeypatch):
    monkeypatch.setenv("NEO4J_PASSWORD", "hunter2-very-secret")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-abcdef123456")
    s = Settings(_env_file=None)
    for text in (repr(s), str(s), s.model_dump_json()):
        assert "hunter2-very-secret" not in text
        assert "sk-test-abcdef123456" not in text
    assert s.neo4j_password.get_secret_value() == "hunter2-very-secret"
    assert s.llm_configured


def test_dotenv_is_read_and_environment_wins(tmp_path: Path, monkeypatch):
    env = tmp_path / ".env"
    env.write_text("NEO4J_URI=bolt://db.example:7687\nNEO4J_DATABASE=gazette\nGRAPH_DATA_DIR=/srv/g\n")
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("NEO4J_DATABASE", "fromenv")
    s = Settings(_env_file=env)
    assert s.neo4j_uri == "bolt://db.example:7687"
    assert not s.embedded
    assert s.neo4j_database == "fromenv"
    assert s.graph_dir == Path("/srv/g")


def test_defaults_use_the_embedded_graph(monkeypatch):
    for var in ("NEO4J_URI", "OPENAI_API_KEY", "OPENAI_BASE_URL", "GRAPH_DATA_DIR"):
        monkeypatch.delenv(var, raising=False)
    s = Settings(_env_file=None)
    assert s.embedded and not s.llm_configured
    assert s.graph_dir == Path(".graphdb") and s.neo4j_database == "neo4j"


def test_a_blank_variable_means_unset_and_overrides_dotenv(tmp_path: Path, monkeypatch):
    env = tmp_path / ".env"
    env.write_text("OPENAI_API_KEY=sk-from-dotenv\nAGENT_ENGINE=llm\n")
    monkeypatch.setenv("OPENAI_API_KEY", "")
    monkeypatch.setenv("AGENT_ENGINE", " ")
    s = Settings(_env_file=env)
    assert s.openai_api_key is None and not s.llm_configured and s.agent_engine == "auto"
    monkeypatch.delenv("OPENAI_API_KEY")
    assert Settings(_env_file=env).llm_configured


def test_agent_engine_offline_wins_over_a_configured_key(monkeypatch):
    from agent.llm import engine_name

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("AGENT_ENGINE", "offline")
    s = Settings(_env_file=None)
    assert s.llm_configured and engine_name(s) == "offline" and engine_name(s, "llm") == "llm"
    monkeypatch.setenv("AGENT_ENGINE", "auto")
    assert engine_name(Settings(_env_file=None)) == "llm"
