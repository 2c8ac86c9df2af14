"""Evaluation: datasets, tiers 1-4, judges and run store (pure Python, no UI), plus the thin Streamlit console.

Python API (what the console uses): `start_run(config) -> run_id` runs in a background worker,
`progress(run_id)`, `load_summary(run_id)`, `load_records(run_id)`, `compare(a, b)`, `list_runs()`,
`cancel_run(run_id)`; `run(config)` runs in this process.
"""
from app_eval.api import cancel_run, compare, list_runs, load_records, load_summary, progress, run, start_run
from app_eval.config import RunConfig

__all__ = ["RunConfig", "cancel_run", "compare", "list_runs", "load_records", "load_summary", "progress", "run", "start_run"]
