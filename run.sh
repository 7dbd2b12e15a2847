#!/usr/bin/env bash
# Set up Table Referee (once) and serve it with gunicorn: http://127.0.0.1:5000, SQLite in instance/.
# HOST=0.0.0.0 ./run.sh lets the phones on the same Wi-Fi reach it; PORT, WORKERS, THREADS, INSTANCE_PATH
# and DATABASE_URL are read too (README.md). DEV=1 ./run.sh runs Flask's development server instead.
set -euo pipefail
cd "$(dirname "$0")"
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
extras=
case "${DATABASE_URL:-}" in postgres*) extras='[postgres]' ;; esac
# pip runs only when pyproject.toml (or the extras) changed since it last ran here: a second start is quick.
stamp="$(sha256sum pyproject.toml | cut -d' ' -f1) $extras"
if [ "$(cat .venv/.run-installed 2>/dev/null)" != "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --editable ".$extras"
  echo "$stamp" >.venv/.run-installed
fi
if [ -n "${DEV:-}" ]; then
  exec .venv/bin/flask --app referee run --debug --host "${HOST:-127.0.0.1}" --port "${PORT:-5000}"
fi
exec .venv/bin/gunicorn --config python:referee.serving
