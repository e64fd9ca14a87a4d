#!/usr/bin/env bash
# Installs PostgreSQL 15 with apt when no PostgreSQL server is installed, for the tests that start one of their own
# (Tests/ServerTestSupport/PostgresProcess.swift looks in $POSTGRES_BIN, then /usr/lib/postgresql/*/bin).
# The tests start and stop the server themselves; this only makes sure initdb and postgres are there.
set -euo pipefail

if [ -n "${POSTGRES_BIN:-}" ] && [ -x "$POSTGRES_BIN/initdb" ]; then
  exit 0
fi
for initdb in /usr/lib/postgresql/*/bin/initdb; do
  [ -x "$initdb" ] && exit 0
done

"$(dirname "$0")/ensure-system-packages.sh" file:/usr/lib/postgresql/15/bin/initdb:postgresql-15
