# Two commands do everything on a machine with Python 3.11+ and make:
#   make app    serve notebooks/ with Voilà (the class server, widgets/server.py); / opens the start page
#   make test   unit tests, notebook tests (nbval), browser tests (Playwright + Chromium)
#
# The virtual environment lives in .venv; stamp files inside it remember what was installed
# and are redone only when pyproject.toml changes (or .venv is deleted).

SHELL        := bash
.SHELLFLAGS  := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON    ?= python3
VENV      := .venv
PY        := $(VENV)/bin/python
PIP       := $(PY) -m pip --disable-pip-version-check
PORT      ?= 8866
HOST      ?= localhost
MAX_KERNELS ?= 40
CULL_IDLE ?= 300
PREHEAT   ?=
ONLY      ?=
CHROMIUM  := /usr/bin/chromium
JOBS      ?= 2
APT_TRIES ?= 60
APT_SLEEP ?= 10

APP_STAMP  := $(VENV)/.stamp-app
TEST_STAMP := $(VENV)/.stamp-test

.PHONY: help venv test-env app chromium test test-unit test-notebooks test-browser bench clean

help:
	@echo "make app     serve notebooks/ with Voilà on http://$(HOST):$(PORT)/ (the start page;"
	@echo "             a busy port: the next free one, the URL served is printed)"
	@echo "             options: PORT=8866 HOST=0.0.0.0 (the whole network) MAX_KERNELS=40 CULL_IDLE=300"
	@echo "             PREHEAT=01_field_and_zones.ipynb=30 (kernels kept ready for one lesson)"
	@echo "make test    install what is missing, then run unit, notebook and browser tests"
	@echo "make bench   run benchmarks/bench_*.py (ONLY=classroom: those whose name contains it)"
	@echo "make venv    create .venv with the app extras only"
	@echo "make test-unit | test-notebooks | test-browser   one stage of make test"
	@echo "             test-browser: BROWSER_JOBS=2 (two workers, the default) or BROWSER_JOBS=1 (serial)"
	@echo "make chromium  apt-get install chromium if /usr/bin/chromium is missing"
	@echo "make clean   remove .venv, caches and test artifacts"

# --- environment ------------------------------------------------------------------------

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(APP_STAMP): pyproject.toml | $(PY)
	@echo "venv: installing -e .[app] into $(VENV)"
	@t0=$$(date +%s); $(PIP) install --quiet -e '.[app]'; \
	echo "venv: installed in $$(( $$(date +%s) - t0 )) s"
	@touch $@

# The test extras include the app extras, so a test install also satisfies `make app`.
$(TEST_STAMP): pyproject.toml | $(PY)
	@echo "venv: installing -e .[test] into $(VENV)"
	@t0=$$(date +%s); $(PIP) install --quiet -e '.[test]'; \
	echo "venv: installed in $$(( $$(date +%s) - t0 )) s"
	@touch $@ $(APP_STAMP)

venv: $(APP_STAMP)

test-env: $(TEST_STAMP)

# Debian's Chromium for Playwright (`playwright install` cannot download browsers here).
# When another apt-get holds the lock (a fresh machine often runs unattended upgrades), wait:
# apt's own DPkg::Lock::Timeout, and up to APT_TRIES retries 10 s apart.
chromium:
	@if [ -x $(CHROMIUM) ]; then \
		echo "chromium: $(CHROMIUM) is present"; \
	elif ! command -v apt-get >/dev/null 2>&1; then \
		echo "ERROR: $(CHROMIUM) is missing and apt-get is not available." >&2; \
		echo "       Install Chromium so that $(CHROMIUM) exists, then run make test again." >&2; \
		exit 1; \
	else \
		SUDO=""; \
		if [ "$$(id -u)" != 0 ]; then \
			if command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
			else echo "ERROR: $(CHROMIUM) is missing; installing it with apt-get needs root." >&2; exit 1; fi; \
		fi; \
		echo "chromium: installing Debian's chromium with apt-get"; \
		t0=$$(date +%s); \
		apt_wait() { \
			for i in $$(seq 1 $(APT_TRIES)); do \
				if "$$@"; then return 0; fi; \
				echo "chromium: apt-get is busy (another apt holds its lock?) or failed; try $$i of $(APT_TRIES), again in $(APT_SLEEP) s" >&2; \
				sleep $(APT_SLEEP); \
			done; \
			echo "ERROR: apt-get kept failing for $$(( $(APT_TRIES) * $(APT_SLEEP) )) s: $$*" >&2; return 1; \
		}; \
		apt_wait $$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq; \
		apt_wait $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null; \
		echo "chromium: installed in $$(( $$(date +%s) - t0 )) s: $$($(CHROMIUM) --version)"; \
	fi

# --- app --------------------------------------------------------------------------------

# The launcher prints the URL it really serves (the next free port when PORT is busy) and
# exits 1 with a message when none of PORT..PORT+10 is free.
app: $(APP_STAMP)
	$(PY) -m widgets.server notebooks/ --port=$(PORT) --ip=$(HOST) \
		--max_kernels=$(MAX_KERNELS) --cull_idle_timeout=$(CULL_IDLE) --preheat=$(PREHEAT)

# --- tests ------------------------------------------------------------------------------
# `-p no:nbval` where nbval is not needed: importing it (nbformat -> jsonschema) costs ~2 s
# per pytest process, and pytest-xdist starts three.
# run_step NAME, DIR-THAT-MAY-BE-EMPTY, FIND-ARGS, PYTEST-ARGS
# Runs pytest and times it. Exit code 5 ("no tests collected") is accepted only while DIR
# still holds no test files (find DIR FIND-ARGS prints nothing); any other failure fails.
define run_step
	@echo "=== $(1): pytest $(4)"
	@t0=$$(date +%s); rc=0; \
	$(PY) -m pytest $(4) || rc=$$?; \
	echo "=== $(1): exit $$rc, $$(( $$(date +%s) - t0 )) s"; \
	if [ $$rc -eq 5 ] && [ -z "$$(find $(2) $(3) -print -quit 2>/dev/null)" ]; then \
		echo "=== $(1): no tests yet in $(2), not a failure"; rc=0; \
	fi; \
	exit $$rc
endef

UNIT_FILES     := -path tests/browser -prune -o \( -name 'test_*.py' -o -name '*_test.py' \) -type f
NOTEBOOK_FILES := -name .ipynb_checkpoints -prune -o -name '*.ipynb' -type f

test-unit: $(TEST_STAMP)
	$(call run_step,unit,tests,$(UNIT_FILES),-q -p no:nbval -n $(JOBS) -m 'not browser' tests/)

test-notebooks: $(TEST_STAMP)
	$(call run_step,notebooks,notebooks,$(NOTEBOOK_FILES),-q --nbval-lax --nbval-current-env notebooks/)

# Two pytest-xdist workers by default, each with its own class server, Chromium and log
# (voila-gw0.log, voila-gw1.log): about 7.5 min on 2 cores under load. BROWSER_JOBS=1: one process
# (test-artifacts/voila.log), about 12 min.
BROWSER_JOBS ?= 2
test-browser: $(TEST_STAMP) chromium
	@mkdir -p test-artifacts
	$(call run_step,browser,notebooks,$(NOTEBOOK_FILES),-q -p no:nbval $(if $(filter-out 1,$(BROWSER_JOBS)),-n $(BROWSER_JOBS)) -m browser tests/browser)

# All three stages always run (so one report shows every failure); make test fails if any did.
test: $(TEST_STAMP) chromium
	@failed=""; \
	for stage in test-unit test-notebooks test-browser; do \
		$(MAKE) --no-print-directory $$stage || failed="$$failed $$stage"; \
	done; \
	if [ -n "$$failed" ]; then echo "make test: FAILED:$$failed"; exit 1; fi; \
	echo "make test: all stages passed"

# --- benchmarks -------------------------------------------------------------------------

# Test extras: some benchmarks compare against python-chess.
bench: $(TEST_STAMP)
	$(PY) benchmarks/run.py $(ONLY)

# --- cleaning ---------------------------------------------------------------------------

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis test-artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
