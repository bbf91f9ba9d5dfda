# The course's commands. `make start` opens the course, `make test` runs every test.
# Both create .venv and install what is missing, so they work on a fresh machine.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
CHROMIUM ?= /usr/bin/chromium
HOST := 127.0.0.1

.PHONY: start test install browser bench book demo scenarios clean

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[course,test,book]"
	touch $(INSTALLED)

install: $(INSTALLED)

## Open the course in JupyterLab on 127.0.0.1 (as root too).
start: $(INSTALLED)
	$(VENV)/bin/jupyter lab --ip=$(HOST) --allow-root --ServerApp.root_dir=. notebooks/00-welcome.ipynb

## Debian's Chromium for the browser tests (Playwright cannot download its own browsers here).
browser:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "Install Chromium (Debian: sudo apt-get install chromium) or set CHROMIUM=/path/to/chromium"; exit 1; fi; }

## Run every test: unit, scenarios, properties, widgets, exercises, notebooks, book, browser.
test: $(INSTALLED) browser
	$(PY) -m cardlib.scenarios tests/scenarios
	$(PY) book/build.py
	$(PY) -m pytest

## The course as a static website in book/_build/html (executes every notebook; fails on any warning).
book: $(INSTALLED)
	$(PY) book/build.py

## The games and the chapters as web apps with Voilà on 127.0.0.1 (the port is printed).
demo: $(INSTALLED)
	$(PY) notebooks/apps/serve.py

scenarios: $(INSTALLED)
	$(PY) -m cardlib.scenarios tests/scenarios

bench: $(INSTALLED)
	$(PY) -m cardlib.bench

clean:
	rm -rf $(VENV) book/_build .pytest_cache .hypothesis
