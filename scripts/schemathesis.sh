#!/usr/bin/env bash
# Runs schemathesis (from PyPI, in a virtual environment under .build/) against a live crash-assistant-server
# on 127.0.0.1 and openapi.yaml: every response must be documented, match its schema, and none may be a 5xx.
#   scripts/schemathesis.sh [seconds per pass, default 60]
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
budget=${1:-60}
version=4.32.5
venv=.build/schemathesis-venv

if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
  echo "Installing schemathesis $version into $venv ..." >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

"$SWIFT" build --product crash-assistant-server >/dev/null
server="$("$SWIFT" build --show-bin-path)/crash-assistant-server"
data=$(mktemp -d)
log="$data/server.log"
cleanup() {
  [[ -n "${pid:-}" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

user=$("$server" user add schemathesis --data "$data" 2>/dev/null)
detector=$("$server" detector add schemathesis-detector --data "$data" 2>/dev/null)
"$server" serve --host 127.0.0.1 --port 0 --data "$data" --log-level warning 2>"$log" &
pid=$!
port=""
for _ in $(seq 1 200); do
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  [[ -n "$port" ]] && break
  sleep 0.1
done
[[ -n "$port" ]] || { echo "The server did not start:" >&2; cat "$log" >&2; exit 1; }
# Every user has the crash-event user's name: crash events then reach a known user too.
run() {
  "$venv/bin/schemathesis" run openapi.yaml --url "http://127.0.0.1:$port" \
    --checks all --exclude-checks positive_data_acceptance \
    --max-time "$budget" --seed 20261122 --generation-database none --no-color --request-timeout 30 --warnings off "$@"
}
status=0
echo "schemathesis: user routes on 127.0.0.1:$port" >&2
run --header "Authorization: Bearer $user" --exclude-path /v1/crash-events || status=1
echo "schemathesis: crash events" >&2
run --header "Authorization: Bearer $detector" --include-path /v1/crash-events || status=1
if grep -q '"status":5[0-9][0-9]\|internal error\|request failed' "$log"; then
  echo "The server logged failures:" >&2
  grep 'request failed' "$log" | head -20 >&2
  status=1
fi
kill "$pid" && wait "$pid" || true
pid=""
exit $status
