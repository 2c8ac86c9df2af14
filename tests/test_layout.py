"""SPEC §2: imports flow one way (app_chat, app_eval -> agent -> kg; data_pipeline -> kg)."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["kg", "data_pipeline", "agent", "app_chat", "app_eval"]
ALLOWED = {
    "kg": {"kg"},
    "data_pipeline": {"data_pipeline", "kg"},
    "agent": {"agent", "kg"},
    "app_chat": {"app_chat", "agent", "kg"},
    "app_eval": {"app_eval", "agent", "kg", "data_pipeline"},
}


def project_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_flow_one_way(package):
    files = list((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ is missing"
    for f in files:
        bad = project_imports(f) - ALLOWED[package]
        assert not bad, f"{f.relative_to(ROOT)} imports {sorted(bad)}, against SPEC §2"


def test_layout_files_exist():
    for name in ["README.md", "requirements.txt", "Makefile", ".ci/run", "DEVELOPERS.md"]:
        assert (ROOT / name).is_file(), name


def test_requirements_are_a_full_lock():
    lines = [ln.strip() for ln in (ROOT / "requirements.txt").read_text().splitlines()]
    reqs = [ln for ln in lines if ln and not ln.startswith(("#", "-"))]
    assert len(reqs) > 50
    assert all("==" in ln for ln in reqs), [ln for ln in reqs if "==" not in ln]
    assert "torch==2.13.0" in reqs


def test_evaluation_engine_runs_without_streamlit():
    """Issue 8: app_eval is pure Python; only the console (console.py, ui/) imports Streamlit."""
    for f in (ROOT / "app_eval").rglob("*.py"):
        rel = f.relative_to(ROOT / "app_eval")
        if rel.parts[0] == "ui" or rel.name == "console.py":
            continue
        mods = {n.module for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))) if isinstance(n, ast.ImportFrom)}
        mods |= {a.name for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))) if isinstance(n, ast.Import) for a in n.names}
        assert not any(m and m.split(".")[0] == "streamlit" for m in mods), f"app_eval/{rel} imports streamlit"
