#!/usr/bin/env bash
# A storm of crash events, and how fast their SMS reach the SMS centre (a documented measurement, not a test). Each
# phase runs against a private Kannel gateway of its own (scripts/kannel-gateway.sh: bearerbox, smsbox and Kannel's
# fake SMS centre, fakesmsc, as the phone network), started fresh so its counts are clean:
#   1. Kannel alone, as the peer: COUNT (default 1000) messages straight to its sendsms interface, CLIENTS (default
#      64) at once, each with a text of its own about as long as a crash SMS. Its "last SMS" time is the gateway's
#      own time, which the other phases are compared with.
#   2. One crash-assistant-server on its data folder (SQLite), sending through that gateway: DRIVERS (default 50)
#      drivers with a phone number each, one detector; COUNT crash events posted at once, CLIENTS at a time, spread
#      over the drivers, each with an event ID of its own. Every POST must be answered 201.
#   3. The same instance's intake alone: the same events for drivers without a phone number, so nothing is sent
#      (and no SMS may arrive); its time to answer the last is what phase 2 spends before any SMS could be its last.
#   4. Two instances over one PostgreSQL (a private one, on a free port), the events posted half to each; skipped
#      with a message when PostgreSQL cannot be started.
# For each: the time from the first request to the last answer (and how many SMS had arrived by then), to the moment
# half of the SMS had arrived, and to the last SMS seen at the SMS centre, its ratio to the gateway's own, and the
# median and p99 per message (request start to its SMS seen; with clients that send their next request as soon as
# one is answered, a faster intake starts the requests sooner and so lengthens this wait); the CPU time the server's processes (not PostgreSQL's) and the gateway's spent over the phase,
# delivery reports included; for the server, whether every event brought exactly one SMS (none missing, none twice,
# none unasked for), a PASS/FAIL line. An SMS is seen when its line appears in fakesmsc's output, which is read
# every 10 ms (its own timestamps have 1 s resolution); it is matched to its event by the recipient's number and the
# crash ID in its link. A duplicate sent later than SETTLE seconds (default 3) after the last expected SMS is not seen.
# The instances take the storm from one address: the per-client connection bound, the detector's crash events per
# window and the reports per driver are lifted so that nothing is refused for a rate.
# Usage: Benchmarks/Scripts/sms-storm.sh [COUNT]   (from the repository root; builds the release server and its
#        phone-number library, or uses SERVER_BIN when set, with the library beside it). Environment: CLIENTS,
#        DRIVERS, TIMEOUT (seconds to wait for the SMS, default 120), SETTLE, KEEP_CONNECTIONS (when set, each client
#        keeps its connection open between requests, as a pooling HTTP client does, in every phase; by default each
#        request comes on a connection of its own, as from many cars). Installs Kannel (scripts/ensure-kannel.sh) and
#        PostgreSQL (scripts/ensure-postgres.sh) when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
make --no-print-directory deps >&2  # what the build needs (cairo, Pango, the phone-number library…), when missing
count=${1:-1000}
clients=${CLIENTS:-64}
drivers=${DRIVERS:-50}
timeout=${TIMEOUT:-120}
settle=${SETTLE:-3}
SWIFT=${SWIFT:-swift}
here=$(pwd)
storm="$here/Benchmarks/Scripts/sms_storm.py"
gateway_script="$here/scripts/kannel-gateway.sh"
. scripts/cluster.sh

scripts/ensure-kannel.sh
postgres_missing=""
scripts/ensure-postgres.sh || postgres_missing="PostgreSQL could not be installed"

# The server judges the drivers' numbers with libCrashAssistantPhoneNumbers.so, which it opens from beside itself.
server=$(cluster_release_server "${SERVER_BIN:-}")
if [[ ! -e "$(dirname "$server")/libCrashAssistantPhoneNumbers.so" ]]; then
  echo "$(dirname "$server") has no libCrashAssistantPhoneNumbers.so, which the server needs to take the drivers' numbers:" >&2
  echo "build it there with: swift build -c release --product CrashAssistantPhoneNumbers" >&2
  exit 1
fi

work=$(mktemp -d)
gateways=()
cleanup() {
  cluster_stop   # the instances, then PostgreSQL
  local dir
  for dir in "${gateways[@]}"; do "$gateway_script" stop "$dir" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A fresh gateway in DIR: sets sendsms_port, kannel_user, kannel_password, and gateway_cpu (its processes, for the
# storm's CPU count). It stops itself should this script die.
start_gateway() {
  local dir=$1 pair
  gateways+=("$dir")
  mkdir -p "$dir"
  for pair in $(KANNEL_WATCH_PID=$$ "$gateway_script" start "$dir"); do
    case "$pair" in
      sendsms_port=*) sendsms_port=${pair#*=} ;;
      user=*) kannel_user=${pair#*=} ;;
      password=*) kannel_password=${pair#*=} ;;
    esac
  done
  gateway_cpu="gateway=$(cat "$dir/bearerbox.pid"),$(cat "$dir/smsbox.pid"),$(cat "$dir/fakesmsc.pid")"
}

stop_gateway() {
  "$gateway_script" stop "$1" >/dev/null
}

# The drivers, "NAME PHONE" a line: a Hungarian mobile number each.
driver_list() {
  local index
  for index in $(seq 0 $((drivers - 1))); do printf 'driver-%03d +3630100%04d\n' "$index" "$index"; done
}

# The drivers as users, and one detector, in DATA [--database-url URL]; the drivers in $work/drivers, the detector's
# token in $detector_token. With --no-sms first, the users get no phone number.
add_accounts() {
  local numbered=yes data name phone
  [[ "$1" == --no-sms ]] && { numbered=""; shift; }
  data=$1
  shift
  driver_list >"$work/drivers"
  while read -r name phone; do
    "$server" user add "$name" ${numbered:+--phone "$phone"} --data "$data" "$@" >/dev/null 2>"$work/account.log" \
      || { cat "$work/account.log" >&2; return 1; }
  done <"$work/drivers"
  detector_token=$("$server" detector add storm-detector --data "$data" "$@" 2>"$work/account.log") \
    || { cat "$work/account.log" >&2; return 1; }
}

# An instance on DATA sending through the current gateway, its errors in LOG; sets port and server_pid.
serve() {
  local data=$1 log=$2
  shift 2
  "$server" serve --host 127.0.0.1 --port 0 --data "$data" --log-level error \
    --sms-url "kannel://$kannel_user:$kannel_password@127.0.0.1:$sendsms_port?from=CrashAsst" \
    --max-connections-per-client 1024 --crash-events-per-window 100000000 --max-reports 100000000 \
    ${SERVER_FLAGS:-} "$@" 2>"$log" &
  server_pid=$!
  cluster_pids+=("$server_pid")
  cluster_wait_for "$log" "listening on http://127.0.0.1:" "$server_pid" "The server ($log)" || return 1
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$log" | head -1 | grep -o '[0-9]*$')
}

common=(--count "$count" --clients "$clients" --timeout "$timeout" --settle "$settle" ${KEEP_CONNECTIONS:+--keep-connections})
results=()

echo "== 1. Kannel alone: $count messages to sendsms, $clients at once"
start_gateway "$work/kannel"
driver_list >"$work/drivers"
python3 "$storm" kannel --sendsms "http://127.0.0.1:$sendsms_port/cgi-bin/sendsms" --user "$kannel_user" \
  --password "$kannel_password" --cpu "$gateway_cpu" --smsc-out "$work/kannel/fakesmsc.out" --drivers "$work/drivers" \
  --result "$work/result-1.json" "${common[@]}"
results+=("$work/result-1.json")
stop_gateway "$work/kannel"

# One instance on SQLite in $work/NAME taking the storm as PHASE; with --no-sms, for drivers without a phone number.
sqlite_phase() {
  local name=$1 phase=$2 no_sms=${3:-}
  start_gateway "$work/$name/kannel"
  add_accounts $no_sms "$work/$name/data"
  serve "$work/$name/data" "$work/$name/server.log"
  python3 "$storm" server --phase "$phase" $no_sms --base "http://127.0.0.1:$port" --token "$detector_token" \
    --cpu "server=$server_pid" --cpu "$gateway_cpu" --smsc-out "$work/$name/kannel/fakesmsc.out" --drivers "$work/drivers" --result "$work/result-$name.json" "${common[@]}"
  results+=("$work/result-$name.json")
  grep -v '^crash-assistant-server: ' "$work/$name/server.log" | head -5 | sed 's/^/  server said: /' || true
  cluster_stop
  stop_gateway "$work/$name/kannel"
}

echo "== 2. One instance (SQLite): $count crash events over $drivers drivers, $clients at once"
sqlite_phase sqlite "server, SQLite"

echo "== 3. One instance (SQLite), its intake alone: the same events for drivers without a phone number"
sqlite_phase intake "server, SQLite, intake" --no-sms

echo "== 4. Two instances over one PostgreSQL: $count crash events, half to each, $clients at once"
if [[ -n "${SKIP_POSTGRES:-}" ]]; then
  echo "  skipped: SKIP_POSTGRES is set"
elif [[ -n "$postgres_missing" ]]; then
  echo "  skipped: $postgres_missing"
elif ! cluster_start_postgres "$work"; then
  echo "  skipped: PostgreSQL could not be started"
else
  start_gateway "$work/pg/kannel"
  mkdir -p "$work/pg/data-1" "$work/pg/data-2"
  add_accounts "$work/pg/data-1" --database-url "$CLUSTER_DATABASE_URL"
  serve "$work/pg/data-1" "$work/pg/server-1.log" --database-url "$CLUSTER_DATABASE_URL"
  first=$port first_pid=$server_pid
  serve "$work/pg/data-2" "$work/pg/server-2.log" --database-url "$CLUSTER_DATABASE_URL"
  second=$port
  python3 "$storm" server --phase "server ×2, PostgreSQL" --base "http://127.0.0.1:$first" --base "http://127.0.0.1:$second" \
    --token "$detector_token" --cpu "server=$first_pid,$server_pid" --cpu "$gateway_cpu" --smsc-out "$work/pg/kannel/fakesmsc.out" --drivers "$work/drivers" \
    --result "$work/result-3.json" "${common[@]}"
  results+=("$work/result-3.json")
  for log in "$work/pg/server-1.log" "$work/pg/server-2.log"; do
    grep -v '^crash-assistant-server: ' "$log" | head -5 | sed 's/^/  server said: /' || true
  done
  cluster_stop
  stop_gateway "$work/pg/kannel"
fi

echo
python3 "$storm" table "${results[@]}"
echo "(answered: from the first request to the last answer; half SMS: to the moment half of the SMS had arrived;"
echo " last SMS: to the last SMS seen at the SMS centre;"
echo " × gateway: that over Kannel's own; median, p99: request start to its SMS seen, read every 10 ms;"
echo " CPU: user and system time of the server's processes and of the gateway's (bearerbox, smsbox, fakesmsc);"
echo " exactly once: every event 201 and one SMS each; for the intake alone, every event 201 and no SMS)"
