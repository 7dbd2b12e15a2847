#!/usr/bin/env bash
# Set up Table Referee (once) and serve it: http://127.0.0.1:5000, SQLite in instance/.
# HOST=0.0.0.0 ./run.sh lets the phones on the same Wi-Fi reach it.
set -euo pipefail
cd "$(dirname "$0")"
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --editable .
exec .venv/bin/flask --app referee run --host "${HOST:-127.0.0.1}" --port "${PORT:-5000}"
