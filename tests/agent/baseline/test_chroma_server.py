"""A Chroma server by configuration (CHROMA_HOST): the baseline indexes into it and retrieves from it, and
writes nothing to the local persistent store. The server is Chroma's own (`chroma run`, from the chromadb wheel)."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import chromadb
import pytest

from agent.baseline import Baseline
from agent.baseline.embedder import variant
from agent.baseline.store import COLLECTION, EMBEDDER_KEY
from tests.conftest import free_port, run
from tests.support.graphs import OwnGraph

# the CLI the chromadb wheel installs beside this interpreter (the venv's bin need not be on PATH)
CHROMA = next((p for p in (Path(sys.executable).with_name("chroma"), Path(shutil.which("chroma") or "/nonexistent"))
               if p.is_file()), None)
TEXTS = {
    "HR01-9100000001": "Neueintragung Alpha Bäckerei GmbH, Bern. Zweck: Betrieb einer Bäckerei und Konditorei.",
    "HR01-9100000002": "Neueintragung Beta Transport AG, Basel. Zweck: Güterverkehr auf der Strasse.",
    "KK02-9100000003": "Konkurseröffnung über Gamma Informatik GmbH, Zürich. Eingabefrist: 2024-05-01.",
}


@pytest.fixture
def chroma_server(tmp_path: Path) -> Iterator[int]:
    if CHROMA is None:
        pytest.skip("the chroma CLI (chromadb wheel) is not on PATH")
    port = free_port()
    log = (tmp_path / "chroma.log").open("w")
    proc = subprocess.Popen([str(CHROMA), "run", "--path", str(tmp_path / "server"), "--host", "127.0.0.1",
                             "--port", str(port)], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                chromadb.HttpClient(host="127.0.0.1", port=port).heartbeat()
                break
            except Exception:  # noqa: BLE001 - not up yet
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"chroma run did not start: {(tmp_path / 'chroma.log').read_text()[-2000:]}")
                time.sleep(0.3)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


def test_the_baseline_indexes_into_and_answers_from_a_chroma_server(tmp_path, chroma_server, monkeypatch):
    monkeypatch.setenv("CHROMA_HOST", "127.0.0.1")
    monkeypatch.setenv("CHROMA_PORT", str(chroma_server))
    with OwnGraph(tmp_path / "g") as own:
        for uid, text in TEXTS.items():
            run(own.graph, "CREATE (e:BaseNode:Event {uid: $u, publication_number: $u, full_text: $t, "
                           "sub_rubric: $s, publication_date: '2024-01-15'})", u=uid, t=text, s=uid[:4])
        settings = own.settings.model_copy(update={"chroma_host": "127.0.0.1", "chroma_port": chroma_server})
        baseline = Baseline(settings)
        report = baseline.index(progress=False, graph=own.graph)
        assert (report.added, report.documents) == (3, 3)
        hits = baseline.retrieve("Konkurs Gamma Informatik Zürich", k=1)
        assert [h.id for h in hits] == ["KK02-9100000003"]
        again = baseline.index(progress=False, graph=own.graph)
        assert (again.added, again.unchanged) == (0, 3)

    remote = chromadb.HttpClient(host="127.0.0.1", port=chroma_server).get_collection(COLLECTION)
    assert remote.count() == 3 and remote.metadata[EMBEDDER_KEY] == report.embedder
    assert not (settings.data_dir / "chroma").exists()  # nothing went to the local store


def test_a_chroma_server_holding_another_precision_is_refused_not_wiped(tmp_path, chroma_server, monkeypatch):
    """Other machines may index and query the server's collection: vectors of another precision there are a
    clear error naming what to set, and nothing on the server is deleted."""
    from agent.baseline.store import VariantMismatch, open_collection

    remote = chromadb.HttpClient(host="127.0.0.1", port=chroma_server)
    other = "float32" if variant() != "float32" else "bfloat16"
    with OwnGraph(tmp_path / "g") as own:
        settings = own.settings.model_copy(update={"chroma_host": "127.0.0.1", "chroma_port": chroma_server})
        open_collection(settings, other).add(ids=["x"], documents=["a notice"], embeddings=[[1.0] + [0.0] * 383])
        with pytest.raises(VariantMismatch, match=f"BASELINE_EMBED_PRECISION={other}"):
            Baseline(settings).index(progress=False, graph=own.graph)
    assert remote.get_collection(COLLECTION).count() == 1


def test_a_token_is_not_sent_in_clear_text_to_another_host(tmp_path):
    from pydantic import SecretStr

    from agent.baseline.store import _client
    from kg.settings import Settings

    settings = Settings(GAZETTE_DATA_DIR=tmp_path, _env_file=None).model_copy(
        update={"chroma_host": "chroma.example.org", "chroma_token": SecretStr("s3cret")})
    with pytest.raises(ValueError, match="CHROMA_SSL") as err:
        _client(settings)
    assert "s3cret" not in str(err.value)
