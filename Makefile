# Rummy games service (Gin Rummy, Rummy, Indian Rummy). Quick start: `make run` (serve on 127.0.0.1:8000) and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
STAMP  := $(VENV)/.installed

.PHONY: install run test lint bench bench-api bench-peer bench-streams drills backup restore worker beat migrate superuser clean chromium web-tools

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput

## Serve the API on 127.0.0.1:$(PORT) with the embedded defaults (SQLite, in-process tasks).
run: migrate
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

## Debian's Chromium for the web client's end-to-end tests: installed with apt when missing
## and running as root (or point CHROMIUM_PATH at a browser). Without one those tests fail.
chromium:
	@command -v chromium >/dev/null || [ -n "$$CHROMIUM_PATH" ] || { \
	  if [ "$$(id -u)" -eq 0 ]; then \
	    echo "installing chromium with apt"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "chromium not found: the web client's tests will fail (apt-get install chromium)"; \
	  fi; }

## axe-core (npm), which the web client's tests inject into each screen to check its
## accessibility: installed into the git-ignored .web-tools/ (npm with apt when missing and
## running as root). Without it those tests fail.
AXE_VERSION := 4.11.0
web-tools:
	@test -f .web-tools/node_modules/axe-core/axe.min.js || { \
	  command -v npm >/dev/null || { \
	    if [ "$$(id -u)" -eq 0 ]; then \
	      echo "installing npm with apt"; \
	      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	    else echo "npm not found: the web client's accessibility tests will fail"; fi; }; \
	  npm install --silent --no-save --no-audit --no-fund --prefix .web-tools axe-core@$(AXE_VERSION); }

## The whole suite against a throwaway PostgreSQL and Redis (or DATABASE_URL / REDIS_URL),
## in TEST_PROCESSES parallel processes (each test file in one; 0: all in this process).
TEST_PROCESSES ?= 2
test: install chromium web-tools
	tests/with_services.sh $(BIN)/python -m pytest -n $(TEST_PROCESSES) --dist loadfile $(PYTEST_ARGS)

## Ruff, mypy, the migrations check and the OpenAPI schema check, all offline: the Django
## commands run on the embedded defaults whatever .env says.
LINT_ENV := DJANGO_SETTINGS_MODULE=config.settings.local DATABASE_URL=sqlite:///:memory: \
	CACHE_URL=locmemcache://lint CELERY_BROKER_URL= EVENTS_REDIS_URL=

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(LINT_ENV) $(BIN)/python manage.py makemigrations --check --dry-run
	$(LINT_ENV) $(BIN)/python manage.py spectacular --validate --fail-on-warn --file /dev/null

## Benchmarks; figures are recorded in docs/benchmarks.md.
bench: install
	tests/with_services.sh $(BIN)/python bench/run_all.py $(BENCH_ARGS)

## The action path under 32 clients beside a bare DRF endpoint, on the full local stack
## (PostgreSQL, Redis, gunicorn, uvicorn, a Celery worker, beat); docs/benchmarks.md.
bench-api: install
	$(BIN)/python bench/api_load.py $(BENCH_ARGS)

## Durable moves side by side with boardgame.io (its PostgreSQL adapter, its socket.io
## clients), each on a PostgreSQL with fsync and synchronous_commit on, in interleaved phases;
## Node and npm from apt when missing (as root), the pinned npm packages into the
## git-ignored bench/peer/node_modules on the first run; docs/benchmarks.md.
bench-peer: install
	$(BIN)/python bench/peer_load.py $(BENCH_ARGS)

## How many idle event streams one events process holds, and what each costs.
bench-streams: install
	$(BIN)/python bench/streams_load.py $(BENCH_ARGS)

## Fault drills against the full local stack (kill the worker, stop Redis, restart
## PostgreSQL, kill web workers, stop beat, kill a whole node of two behind the proxy, back
## up and restore under load, slow clients at the proxy, kill the primary of a Patroni
## cluster and fail over, twice); docs/reliability.md. Installs what they run with apt when
## missing and running as root (PostgreSQL, Redis, nginx, Patroni, etcd).
## DRILL_ARGS="--only redis".
drills: install
	$(BIN)/python bench/drills/run.py $(DRILL_ARGS)

## A backup of the database while games go on (pg_dump, custom format) into backups/
## (BACKUP_DIR); DATABASE_URL from the environment or .env. Restore into an empty database
## with `make restore BACKUP=backups/<file>.dump` (docs/operations.md: Backups).
backup:
	ops/backup.sh

restore:
	@test -n "$(BACKUP)" || (echo "Set BACKUP=backups/<file>.dump"; exit 2)
	ops/restore.sh "$(BACKUP)"

## Celery worker and beat against a configured broker (CELERY_BROKER_URL).
worker: install
	@test -n "$$CELERY_BROKER_URL" || (echo "Set CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0)"; exit 2)
	$(BIN)/celery -A config worker --loglevel=INFO

beat: install
	@test -n "$$CELERY_BROKER_URL" || (echo "Set CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0)"; exit 2)
	$(BIN)/celery -A config beat --loglevel=INFO

superuser: migrate
	$(BIN)/python manage.py createsuperuser

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .web-tools
