# Arbiter -- the two set-up commands are `make serve` and `make test`.
#
# Every install comes from the lock in requirements/ (exact versions with hashes, made by
# `make lock`): runtime.txt for `make serve` and the image, dev.txt (runtime plus the test and
# lint tools, at the same versions) for `make test`. uv installs them; uv itself is pinned by
# hash in requirements/uv.txt and lives in .venv-uv/, apart from the project's .venv/.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV_HOME := .venv-uv
UV := $(UV_HOME)/bin/uv
RUNTIME := $(VENV)/.installed-runtime
DEV := $(VENV)/.installed-dev
# Never let uv fetch a Python of its own: the venv is made from $(PYTHON).
export UV_PYTHON_DOWNLOADS := never

.PHONY: install serve test system-deps lint typecheck pytest bench schemas playthroughs lock \
	version clean catalogs

$(UV): requirements/uv.txt
	rm -rf $(UV_HOME)
	$(PYTHON) -m venv $(UV_HOME)
	$(UV_HOME)/bin/pip install -q --require-hashes --no-deps -r requirements/uv.txt

# `uv pip sync` makes the venv exactly the lock (it removes what the lock does not name, the
# project too); the project is then installed editable, without build isolation, so that its
# build backend (setuptools) also comes from the lock.
define sync
	$(UV) venv -q --allow-existing --python $(PYTHON) $(VENV)
	$(UV) pip sync -q --python $(BIN)/python --require-hashes $(1)
	$(UV) pip install -q --python $(BIN)/python --no-deps --no-build-isolation -e .
endef

# Once the dev set is installed (`make test`), the venv keeps it: `make serve` then brings the
# dev set up to date rather than shrinking the venv to the runtime set under a running test.
$(RUNTIME): requirements/runtime.txt pyproject.toml | $(UV)
	$(call sync,requirements/$(if $(wildcard $(DEV)),dev,runtime).txt)
	touch $@ $(wildcard $(DEV))

# The dev set holds the runtime set at the same versions, so it stands for both.
$(DEV): requirements/dev.txt pyproject.toml | $(UV)
	$(call sync,requirements/dev.txt)
	touch $@ $(RUNTIME)

install: $(DEV) catalogs

## Compile the message catalogs (each .po's .mo beside it: built, never edited or kept in git).
CATALOGS := $(wildcard service/arbiter/languages/locales/*/LC_MESSAGES/*.po)
catalogs: $(CATALOGS:.po=.mo)

%.mo: %.po | $(RUNTIME)
	$(BIN)/python -m arbiter.languages compile-one $<

HOST ?= 127.0.0.1
PORT ?= 8000

## Run the service on http://$(HOST):$(PORT) (default 127.0.0.1:8000; `make serve PORT=9000`) with
## the embedded (in-process) state cache. Installs the runtime set only. Ctrl-C stops it.
serve: $(RUNTIME) catalogs
	@trap 'exit 0' INT TERM; ARBITER_ENV=development $(BIN)/arbiter serve --host $(HOST) --port $(PORT)

## Lint, format check, type check and the whole test suite; installs redis-server, Chromium and
## Node.js first where they are missing (scripts/system-deps.sh: apt-get as root, else it says
## what to do).
test: system-deps $(DEV) catalogs lint typecheck pytest

system-deps:
	./scripts/system-deps.sh

lint: $(DEV)
	$(BIN)/ruff check service tests bench scripts
	$(BIN)/ruff format --check service tests bench scripts

typecheck: $(DEV)
	$(BIN)/mypy

# Three workers on two cores: about a fifth of the suite's time is spent waiting for processes
# it starts (arbiter serve, redis-server and its clusters, Chromium); a third worker uses it
# (measured: 503 s with two workers, 365 s with three, one run each).
pytest: $(DEV)
	$(BIN)/pytest -n 3 --dist worksteal -p no:cacheprovider

## The installed version (`arbiter --version`).
version: $(RUNTIME)
	@$(BIN)/arbiter --version

## Decisions per second of random playouts per game, and requests per second over HTTP.
bench: $(DEV)
	@command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk >/dev/null)
	$(BIN)/python -m bench

## Regenerate the checked-in contracts (openapi/, schema/ and docs/games/).
schemas: $(DEV)
	$(BIN)/arbiter export-schemas

## Re-record the golden playthroughs after an intended rule change (review the diff!).
playthroughs: $(DEV)
	$(BIN)/python -m tests.playthroughs.record

## Re-resolve the lock from pyproject.toml's ranges: the newest versions they allow, for every
## platform and Python >= 3.11, with hashes. `make lock UPGRADE=msgspec` moves one package only;
## `make lock UPGRADE=` keeps every pin that still fits. The npm tools of the codegen test are
## pinned in tests/api/codegen/package.json (edit it to move them); their lock follows. Commit
## requirements/ and tests/api/codegen/ with the change.
UPGRADE ?= --all
LOCK := $(UV) pip compile -q --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command 'make lock'
lock: | $(UV)
	$(LOCK) $(if $(filter --all,$(UPGRADE)),--upgrade,$(foreach p,$(UPGRADE),--upgrade-package $(p))) \
		pyproject.toml requirements/build.in --extra dev -o requirements/dev.txt
	$(LOCK) pyproject.toml requirements/build.in -c requirements/dev.txt -o requirements/runtime.txt
	$(LOCK) $(if $(filter --all,$(UPGRADE)),--upgrade) requirements/uv.in -o requirements/uv.txt
	cd tests/api/codegen && npm $(if $(filter --all,$(UPGRADE)),update,install) --package-lock-only \
		--ignore-scripts --no-audit --no-fund

clean:
	rm -rf $(VENV) $(UV_HOME) .mypy_cache .ruff_cache .pytest_cache
