#!/usr/bin/env bash
# Runs schemathesis (from PyPI, in a virtual environment under .build/) against live crash-assistant-server instances
# on 127.0.0.1 and openapi.yaml: every response must be documented, match its schema, and none may be a 5xx.
#   scripts/schemathesis.sh [--pair] [seconds per pass, default 60]
# Alone: one instance on its data folder (SQLite, blobs in the folder).
# --pair: two instances sharing one PostgreSQL and one bucket in a local S3 stand-in (moto), each with a data folder
#   of its own, behind nginx balancing round robin per request, so that one test case's requests (a report made,
#   then read, changed, its photo uploaded...) land on both instances in turn. (Schemathesis takes one base URL;
#   a pass against each instance at once would test each alone, never one's answer to what the other stored.)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
pair=false
if [[ "${1:-}" == "--pair" ]]; then pair=true; shift; fi
budget=${1:-60}
version=4.32.5
venv=.build/schemathesis-venv
. scripts/cluster.sh

if ! "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$version"; then
  echo "Installing schemathesis $version into $venv ..." >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

"$SWIFT" build --product crash-assistant-server >/dev/null
server="$("$SWIFT" build --show-bin-path)/crash-assistant-server"
work=$(mktemp -d)
mkdir -p "$work/data-1" "$work/data-2"
cleanup() {
  cluster_stop
  rm -rf "$work"
}
trap cleanup EXIT

if $pair; then
  cluster_start_postgres "$work"
  cluster_start_moto "$work"
  shared=(--database-url "$CLUSTER_DATABASE_URL")
  user=$("$server" user add schemathesis --data "$work/data-1" "${shared[@]}" 2>/dev/null)
  detector=$("$server" detector add schemathesis-detector --data "$work/data-1" "${shared[@]}" 2>/dev/null)
  handler=$("$server" handler add schemathesis-handler --data "$work/data-1" "${shared[@]}" 2>/dev/null)
  ports=()
  for instance in 1 2; do
    cluster_serve "$server" "$work/data-$instance" "$work/server-$instance.log" --log-level warning \
      "${shared[@]}" --blob-url "$CLUSTER_BLOB_URL"
    ports+=("$CLUSTER_PORT")
  done
  cluster_balance "$work" "${ports[@]}"
  where="nginx on 127.0.0.1:$CLUSTER_PORT, round robin over the instances on ${ports[*]} (PostgreSQL, one bucket)"
  # nginx answers TRACE itself (405, its own page, no Allow), never passing it on: what the server answers to a
  # method a path does not take is checked by the pass against one instance.
  excluded=positive_data_acceptance,unsupported_method
else
  user=$("$server" user add schemathesis --data "$work/data-1" 2>/dev/null)
  detector=$("$server" detector add schemathesis-detector --data "$work/data-1" 2>/dev/null)
  handler=$("$server" handler add schemathesis-handler --data "$work/data-1" 2>/dev/null)
  cluster_serve "$server" "$work/data-1" "$work/server-1.log" --log-level warning
  where="127.0.0.1:$CLUSTER_PORT"
  excluded=positive_data_acceptance
fi
url="http://127.0.0.1:$CLUSTER_PORT"

# Every user has the crash-event user's name: crash events then reach a known user too.
run() {
  "$venv/bin/schemathesis" run openapi.yaml --url "$url" \
    --checks all --exclude-checks "$excluded" \
    --max-time "$budget" --seed 20261122 --generation-database none --no-color --request-timeout 30 --warnings off "$@"
}
status=0
echo "schemathesis: user routes on $where" >&2
run --header "Authorization: Bearer $user" --exclude-path-regex '^/v1/(crash-events|claims)' || status=1
echo "schemathesis: crash events" >&2
run --header "Authorization: Bearer $detector" --include-path /v1/crash-events || status=1
echo "schemathesis: claims, as a claims handler" >&2
run --header "Authorization: Bearer $handler" --include-path-regex '^/v1/claims' || status=1
for log in "$work"/server-*.log; do
  if grep -q '"status":5[0-9][0-9]\|internal error\|request failed' "$log"; then
    echo "The server logged failures ($(basename "$log")):" >&2
    grep 'request failed\|internal error' "$log" | head -20 >&2
    status=1
  fi
done
if $pair && grep -q '\[error\]' "$work/nginx/error.log" 2>/dev/null; then
  echo "nginx logged errors (an instance did not answer):" >&2
  grep '\[error\]' "$work/nginx/error.log" | head -20 >&2
  status=1
fi
exit $status
