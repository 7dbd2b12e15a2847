#!/usr/bin/env bash
# Install (if needed) and start Debian's PostgreSQL on 127.0.0.1:5432 with a role and an empty
# database for the tests: referee / referee (who may create databases), database referee_test.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
su postgres -c "psql -q -v ON_ERROR_STOP=1" <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'referee') THEN
    CREATE ROLE referee LOGIN PASSWORD 'referee';
  END IF;
END $$;
-- Each test worker has a database of its own (referee_test_gw0…), and the upgrade tests one per schema
-- revision, named after referee_test.
ALTER ROLE referee CREATEDB;
DROP DATABASE IF EXISTS referee_test;
CREATE DATABASE referee_test OWNER referee;
SQL
