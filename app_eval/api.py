"""The engine's Python API, for the CLI and a thin console: start a run in the background and poll its
progress from the store, read summaries and records, compare two runs, cancel a run."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from app_eval import report
from app_eval.config import RunConfig, default_store
from app_eval.runner import run_evaluation
from app_eval.store import Record, RunStore
from app_eval.summary import summarize
from kg.settings import Settings, get_settings

ROOT = Path(__file__).resolve().parent.parent


def _store(settings: Settings, store: Path | None) -> RunStore:
    return RunStore(store or default_store(settings))


def settings_env(settings: Settings) -> dict[str, str]:
    """The environment that makes a child process read the same settings."""
    env: dict[str, str] = {}
    for name, f in Settings.model_fields.items():
        value = getattr(settings, name)
        if f.alias and value is not None:
            env[f.alias] = value.get_secret_value() if isinstance(value, SecretStr) else str(value)
    return env


def run(config: RunConfig, settings: Settings | None = None, store: Path | None = None, progress: bool = False) -> str:
    """Run to the end here and return the run id."""
    settings = settings or get_settings()
    return run_evaluation(config, settings, _store(settings, store), progress=progress)


def start_run(config: RunConfig, settings: Settings | None = None, store: Path | None = None) -> str:
    """Create the run (status 'queued') and execute it in a detached worker process; returns at once.
    Progress, records and the summary appear in the store as the worker writes them."""
    settings = settings or get_settings()
    st = _store(settings, store)
    run_id = st.create_run(config.model_dump(), config.label)
    log = st.path.parent / f"{run_id}.log"
    with open(log, "ab") as out:
        worker = subprocess.Popen([sys.executable, "-m", "app_eval", "--store", str(st.path), "worker", run_id],  # noqa: S603
                                  cwd=ROOT, env=os.environ | settings_env(settings), stdout=out,
                                  stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    st.update_run(run_id, worker_pid=worker.pid)  # a worker that dies shows its run as failed, not queued forever
    return run_id


def progress(run_id: str, settings: Settings | None = None, store: Path | None = None) -> dict[str, Any]:
    """status, phase, done/total, elapsed, records per second and ETA."""
    r = _store(settings or get_settings(), store).run(run_id)
    return {k: r[k] for k in ("id", "label", "status", "phase", "done", "total", "elapsed_s", "rate_per_s", "eta_s", "error")}


def cancel_run(run_id: str, settings: Settings | None = None, store: Path | None = None) -> None:
    _store(settings or get_settings(), store).request_cancel(run_id)


def list_runs(settings: Settings | None = None, store: Path | None = None) -> list[dict[str, Any]]:
    return [{k: r[k] for k in ("id", "label", "created", "status", "done", "total", "elapsed_s")} | {
        "tiers": r["config"].get("tiers"), "systems": r["config"].get("systems"), "judge": r["config"].get("judge"),
        "engine": r["config"].get("engine")} for r in _store(settings or get_settings(), store).runs()]


def load_summary(run_id: str, settings: Settings | None = None, store: Path | None = None) -> dict[str, Any]:
    """The run's summary, recomputed from its stored records (so a running run shows its figures so far,
    and a summary always matches the records); the wall time comes from the finished run."""
    st = _store(settings or get_settings(), store)
    r = st.run(run_id)
    summary = summarize(st.records(run_id), (r["config"] or {}).get("judge"))
    if r["summary"] and "wall_s" in r["summary"]:
        summary["wall_s"] = r["summary"]["wall_s"]
    return summary


def load_records(run_id: str, settings: Settings | None = None, store: Path | None = None, dataset: str | None = None,
                 system: str | None = None) -> list[Record]:
    return _store(settings or get_settings(), store).records(run_id, dataset, system)


def compare(run_a: str, run_b: str, settings: Settings | None = None, store: Path | None = None) -> list[dict[str, Any]]:
    """Every figure of either run: {tier, scope, system, metric, a, b, delta = b - a}."""
    return report.compare(load_summary(run_a, settings, store), load_summary(run_b, settings, store))
