#!/usr/bin/env bash
# Make sure the local PostgreSQL and Redis services run, and that the test database
# exists. Idempotent: safe to run before every test run. Commands from the machine
# kind's notes (python-svc); the test database is tabletop_test (trust auth, postgres).
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

if ! psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='${PGDB}'" | grep -q 1; then
    psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE \"${PGDB}\"" || \
        psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='${PGDB}'" | grep -q 1
fi

pg_isready -h 127.0.0.1 -p 5432 -q
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null
echo "services: PostgreSQL (database ${PGDB}) and Redis are up"
