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
    """Issue 15: pyproject.toml declares the direct dependencies; the locks are generated from it and pin everything."""
    for name in ("requirements.txt", "requirements-dev.txt"):
        text = (ROOT / name).read_text()
        assert "make lock" in text.split("\n", 3)[1], f"{name} says how it was generated"
        reqs = [ln for ln in (ln.strip() for ln in text.splitlines()) if ln and not ln.startswith(("#", "-"))]
        assert all("==" in ln for ln in reqs), [ln for ln in reqs if "==" not in ln]
        assert not [ln for ln in reqs if ln.lower().startswith(("nvidia-", "triton==", "cuda-"))], f"{name} pulls CUDA"
    runtime, dev = _lock("requirements.txt"), _lock("requirements-dev.txt")
    assert len(runtime) > 50
    assert runtime["torch"] == "2.13.0"
    assert {n: v for n, v in dev.items() if runtime.get(n, v) != v} == {}, "the dev lock holds the runtime lock's versions"
    declared = {_name(r) for r in _pyproject()["project"]["dependencies"]}
    assert {"langgraph", "langgraph-checkpoint-sqlite", "neo4j", "chainlit", "sqlalchemy", "aiosqlite"} <= declared
    assert declared <= runtime.keys(), f"declared but not locked: {sorted(declared - runtime.keys())}"
    dev_declared = {_name(r) for r in _pyproject()["dependency-groups"]["dev"]}
    assert {"pytest", "pytest-timeout", "ruff"} <= dev_declared
    assert dev_declared <= dev.keys(), f"dev group not locked: {sorted(dev_declared - dev.keys())}"


def test_evaluation_engine_runs_without_streamlit():
    """Issue 8: app_eval is pure Python; only the console (console.py, ui/) imports Streamlit."""
    for f in (ROOT / "app_eval").rglob("*.py"):
        rel = f.relative_to(ROOT / "app_eval")
        if rel.parts[0] == "ui" or rel.name == "console.py":
            continue
        mods = {n.module for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))) if isinstance(n, ast.ImportFrom)}
        mods |= {a.name for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))) if isinstance(n, ast.Import) for a in n.names}
        assert not any(m and m.split(".")[0] == "streamlit" for m in mods), f"app_eval/{rel} imports streamlit"


def _name(requirement: str) -> str:
    """PEP 503 name of a requirement string ("SQLAlchemy>=2" -> "sqlalchemy")."""
    import re

    return re.sub(r"[-_.]+", "-", re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement).group(1)).lower()


def _lock(name: str) -> dict[str, str]:
    lines = (ln.strip() for ln in (ROOT / name).read_text().splitlines())
    return {_name(ln): ln.split("==", 1)[1] for ln in lines if ln and not ln.startswith(("#", "-"))}


def _pyproject() -> dict:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def _closure(roots: list[str]) -> set[str]:
    """Every distribution the installed `roots` need, following Requires-Dist (markers and extras evaluated)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    installed = {_name(d.metadata["Name"]): d for d in metadata.distributions()}
    seen: set[tuple[str, str]] = set()
    todo = [Requirement(r) for r in roots]
    while todo:
        req = todo.pop()
        name = _name(req.name)
        assert name in installed, f"{name} is not installed: run make setup"
        for extra in {"", *req.extras}:
            if (name, extra) in seen:
                continue
            seen.add((name, extra))
            for spec in installed[name].requires or []:
                dep = Requirement(spec)
                if dep.marker is None or dep.marker.evaluate({"extra": extra}):
                    todo.append(dep)
    return {name for name, _ in seen}


def test_every_locked_package_is_needed():
    """Issue 15: the runtime lock is exactly what pyproject's dependencies need, the dev lock what the dev group adds."""
    runtime, dev = _lock("requirements.txt"), _lock("requirements-dev.txt")
    needed = _closure(_pyproject()["project"]["dependencies"])
    assert sorted(runtime.keys() - needed) == [], "locked but required by nothing"
    assert sorted(needed - runtime.keys()) == [], "required but not locked"
    dev_needed = _closure(_pyproject()["dependency-groups"]["dev"])
    assert sorted(dev.keys() - dev_needed) == [], "dev-locked but required by nothing in the dev group"
    assert sorted(dev_needed - dev.keys()) == [], "required by the dev group but not in the dev lock"


def test_no_import_cycles_between_project_modules():
    """Issue 15: no two project modules import each other, directly or round a loop (kg.driver <-> kg.schema
    was one). Edges are `kg.x -> kg.y` over every module of kg, data_pipeline, agent, app_chat, app_eval and
    bench, from `import` and `from ... import` (relative ones resolved, `from pkg import mod` pointing at the
    module). Imports inside functions count too: deferring an import is the usual way to hide a cycle, and
    the two modules still need each other at run time. Imports under `if TYPE_CHECKING:` never run and are
    left out, as is the implicit import of a module's parent packages (`kg.endpoints.search` importing
    `kg.endpoints.base` runs `kg/endpoints/__init__.py` first, which is what a package is for)."""
    packages = ["kg", "data_pipeline", "agent", "app_chat", "app_eval", "bench"]
    modules: dict[str, Path] = {}
    for package in packages:
        for f in (ROOT / package).rglob("*.py"):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f

    def owner(name: str) -> str | None:  # the project module a dotted name lives in
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    def type_checking_only(tree: ast.AST) -> set[int]:
        skipped: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skipped |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
        return skipped

    edges: dict[str, set[str]] = {}
    for mod, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = type_checking_only(tree)
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                targets |= {owner(a.name) for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                targets |= {owner(f"{base}.{a.name}") if f"{base}.{a.name}" in modules else owner(base)
                            for a in node.names}
        edges[mod] = {t for t in targets if t and t != mod}

    # Depth-first search; a back edge closes a cycle, reported as its path.
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(mod: str) -> None:
        state[mod] = 1
        path.append(mod)
        for nxt in sorted(edges[mod]):
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[mod] = 2

    for mod in sorted(modules):
        if mod not in state:
            visit(mod)
    assert len(modules) > 50 and edges["kg.endpoints"] >= {"kg.endpoints.search", "kg.endpoints.base"}
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)
