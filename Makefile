# Every target uses the project's own .venv; `make setup` builds it from the lock.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)

.PHONY: setup test demo bench stop lint lock clean-graph

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

test: setup
	$(PY) -m pytest

# Starts the embedded graph (unless NEO4J_URI points at a Neo4j 5), generates and builds the demo
# world once (seed 2026, 20,000 publications, offline extractor) and reuses it afterwards.
demo: setup
	@if [ -z "$$NEO4J_URI" ]; then $(PY) -m kg.server start; fi
	$(PY) -m data_pipeline demo
	@echo "Graph ready. Try: $(PY) -m kg.cypher 'MATCH (c:Company) RETURN c.name AS name, c.seat AS seat LIMIT 5'"

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
