#!/usr/bin/env bash
# Set up Table Referee with its test tools (once) and run the linter and the whole test suite.
# Arguments go to pytest: ./test.sh tests/rules -k paks
set -euo pipefail
cd "$(dirname "$0")"
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --editable '.[test]'
.venv/bin/ruff check referee tests
.venv/bin/python -m pytest "$@"
