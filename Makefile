# Arbiter -- the two set-up commands are `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install serve test system-deps lint typecheck pytest bench schemas playthroughs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000

## Run the service on http://$(HOST):$(PORT) (default 127.0.0.1:8000; `make serve PORT=9000`) with
## the embedded (in-process) state cache.
serve: $(STAMP)
	ARBITER_ENV=development $(BIN)/arbiter serve --host $(HOST) --port $(PORT)

## Lint, format check, type check and the whole test suite; installs redis-server and Chromium
## first where they are missing (scripts/system-deps.sh: apt-get as root, else it says what to do).
test: system-deps $(STAMP) lint typecheck pytest

system-deps:
	./scripts/system-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check service tests bench scripts
	$(BIN)/ruff format --check service tests bench scripts

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2 -p no:cacheprovider

## Decisions per second of random playouts per game, and requests per second over HTTP.
bench: $(STAMP)
	@command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk >/dev/null)
	$(BIN)/python -m bench

## Regenerate the checked-in contracts (openapi/ and schema/).
schemas: $(STAMP)
	$(BIN)/arbiter export-schemas

## Re-record the golden playthroughs after an intended rule change (review the diff!).
playthroughs: $(STAMP)
	$(BIN)/python -m tests.playthroughs.record

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
