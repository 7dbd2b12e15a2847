#!/usr/bin/env bash
# Set up Table Referee with its test tools (once) and run the linter, the type checker and the whole test
# suite, on as many test workers as the machine has cores (TEST_WORKERS=0 runs them in this one process).
# Arguments go to pytest: ./test.sh tests/rules -k paks
set -euo pipefail
cd "$(dirname "$0")"
python=${PYTHON:-python3}
# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) ||
    echo "Could not install chromium: the browser tests will be skipped." >&2
fi
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --editable '.[test]'
.venv/bin/ruff check referee tests
.venv/bin/mypy
.venv/bin/python -m pytest -n "${TEST_WORKERS:-auto}" --dist loadfile "$@"
