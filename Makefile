# Every target uses the project's own .venv; `make setup` builds it from the lock.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)

.PHONY: setup browser test demo chat bench stop lint lock clean-graph

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
# Then serves the chat on http://127.0.0.1:8000 (Ctrl-C stops it; `make stop` stops the graph).
demo: setup
	@if [ -z "$$NEO4J_URI" ]; then $(PY) -m kg.server start; fi
	$(PY) -m data_pipeline demo
	$(MAKE) --no-print-directory chat

chat: setup
	@echo "Chat: http://127.0.0.1:8000"
	$(PY) -m chainlit run app_chat/app.py --headless --host 127.0.0.1 --port 8000

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
