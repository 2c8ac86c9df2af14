# Every target uses the project's own .venv; `make setup` builds it from the lock.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)

.PHONY: setup browser test demo chat console eval bench stop lint lock clean-graph

setup: $(STAMP)

# torch first: the CPU build lies on local disk; left to the resolver it would pull a CUDA build.
# The lock is complete, so --no-deps skips resolution and `pip check` proves nothing is missing;
# --no-compile halves the install time (bytecode is written on first import instead).
PIP := $(PY) -m pip install --quiet --disable-pip-version-check --no-compile
$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) torch==2.13.0
	$(PIP) --no-deps -r requirements.txt
	$(PY) -m pip check
	rm -f $(VENV)/.installed-*
	touch $@

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

stop:
	$(PY) -m kg.server stop

lint: setup
	$(VENV)/bin/ruff check .

# Re-pin after changing dependencies: freeze the working venv into the lock.
lock:
	{ sed -n '1,3p' requirements.txt; $(PY) -m pip freeze | sed 's/^torch==2.13.0+cpu$$/torch==2.13.0/'; } > requirements.lock.tmp
	mv requirements.lock.tmp requirements.txt

clean-graph: stop
	rm -rf .graphdb
