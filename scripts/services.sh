#!/usr/bin/env bash
# Make sure the local PostgreSQL and Redis services run, and give the tests a new, empty
# test database. Safe to run before every test run. Commands from the machine kind's
# notes (python-svc); the test database is $TABLETOP_PG_DB (default tabletop_test; trust
# auth, user postgres). It is made anew each run: a database left migrated by another
# checkout's newer schema would otherwise fail this checkout's migrations.
set -euo pipefail

PGDB="${TABLETOP_PG_DB:-tabletop_test}"

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
    for _ in $(seq 1 50); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 0.2; done
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" \
        --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.2; done
fi

PGOPTIONS=--client-min-messages=warning psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS \"${PGDB}\" WITH (FORCE)"
psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE \"${PGDB}\""

pg_isready -h 127.0.0.1 -p 5432 -q
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null
echo "services: PostgreSQL (new database ${PGDB}) and Redis are up"
