#!/usr/bin/env bash
# Set up Table Referee (once) and serve it with gunicorn: http://127.0.0.1:5000, SQLite in instance/.
# HOST=0.0.0.0 ./run.sh lets the phones on the same Wi-Fi reach it; PORT, WORKERS, THREADS, INSTANCE_PATH
# and DATABASE_URL are read too (README.md). DEV=1 ./run.sh runs Flask's development server instead.
set -euo pipefail
cd "$(dirname "$0")"
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
extras= stamp=.venv/.run-installed
case "${DATABASE_URL:-}" in postgres*) extras='[postgres]' stamp=.venv/.run-installed-postgres ;; esac
# pip runs only when pyproject.toml changed since it last ran here (for these extras): a second start is quick.
digest=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$digest" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --editable ".$extras"
  echo "$digest" >"$stamp"
fi
if [ -n "${DEV:-}" ]; then
  exec .venv/bin/flask --app referee run --debug --host "${HOST:-127.0.0.1}" --port "${PORT:-5000}"
fi
exec .venv/bin/gunicorn --config python:referee.serving
