#!/usr/bin/env bash
# What one request on a connection of its own costs the server's CPU (a documented measurement, not a test), as a
# crash event arrives: COUNT (default 10000) GETs, 64 at once, each on a new connection,
# from Python's http.client (as sms-storm.sh's clients), against
#   1. nginx serving a small JSON file (1 worker), the peer;
#   2. Hummingbird alone answering the same bytes from memory (Benchmarks/FrameworkFloor), the framework's floor;
#   3. crash-assistant-server's GET /health/live (no token, no store: the server's edge and routing alone).
# For each: the seconds, and the CPU seconds the server's process(es) used (from /proc), per request in microseconds,
# and the ratio to nginx's. RUNS (default 2) rounds, the three in turn.
# Usage: Benchmarks/Scripts/connection-cost.sh [COUNT]   (from the repository root; release builds, or SERVER_BIN)
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/cluster.sh
. Benchmarks/Scripts/peers.sh
make --no-print-directory deps >&2  # what the build needs (cairo, Pango, the phone-number library…), when missing
count=${1:-10000}
runs=${RUNS:-2}
SWIFT=${SWIFT:-swift}

SERVER_BIN=$(cluster_release_server "${SERVER_BIN:-}")

work=$(mktemp -d)
cleanup() {
  cluster_stop   # nginx, the framework's floor and the server
  rm -rf "$work"
}
trap cleanup EXIT

printf '{"status":"pass","version":"1.1.0"}' >"$work/live"
peer_nginx "$work/nginx" "$work/live"
peer_floor "$work/floor" "$work/live"
# Every request from one address: the per-client connection bound is lifted.
"$SERVER_BIN" serve --host 127.0.0.1 --port 0 --data "$work/data" --log-level error --max-connections-per-client 1024 \
  2>"$work/server.log" &
server_pid=$!
cluster_pids+=("$server_pid")
cluster_wait_for "$work/server.log" "listening on http://127.0.0.1:" "$server_pid" "The server ($work/server.log)"
server_port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/server.log" | head -1 | grep -o '[0-9]*$')
ticks_per_second=$(getconf CLK_TCK)

# The CPU time (user and system, in clock ticks) the given processes have used.
cpu_ticks() { local total=0 pid; for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$total"; }

# One round against URL, the CPU of PIDS measured: prints "seconds ticks"; fails when an answer is not 200.
measure() {
  local url=$1 before seconds
  shift
  before=$(cpu_ticks "$@")
  seconds=$(python3 - "$url" "$count" <<'PY'
import concurrent.futures, http.client, sys, time, urllib.parse
url, count = sys.argv[1], int(sys.argv[2])
parts = urllib.parse.urlsplit(url)
def one(_):
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        connection.request("GET", parts.path)
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()
start = time.monotonic()
with concurrent.futures.ThreadPoolExecutor(max_workers=64) as pool:
    statuses = list(pool.map(one, range(count)))
if any(status != 200 for status in statuses):
    sys.exit(f"{url}: {len([s for s in statuses if s != 200])} answers not 200")
print(f"{time.monotonic() - start:.2f}")
PY
) || return 1
  echo "$seconds $(($(cpu_ticks "$@") - before))"
}

# One line of the table: RUN NAME "seconds ticks" NGINX_TICKS.
row() {
  local seconds ticks
  read -r seconds ticks <<<"$3"
  printf "%-4s %-36s %8s %8.2f %12.0f %9.2f\n" "$1" "$2" "$seconds" "$(echo "$ticks / $ticks_per_second" | bc -l)" \
    "$(echo "$ticks * 1000000 / $ticks_per_second / $count" | bc -l)" "$(echo "$ticks / $4" | bc -l)"
}

echo "== $count GETs, 64 at once, each on a connection of its own; CPU of the answering process"
printf "%-4s %-36s %8s %8s %12s %9s\n" run server seconds "cpu s" "cpu µs/req" "× nginx"
for run in $(seq 1 "$runs"); do
  mapfile -t workers < <(pgrep -P "$PEER_NGINX_PID")
  nginx=$(measure "$PEER_NGINX_URL" "${workers[@]}")
  floor=$(measure "http://127.0.0.1:$PEER_FLOOR_PORT/live" "$PEER_FLOOR_PID")
  ours=$(measure "http://127.0.0.1:$server_port/health/live" "$server_pid")
  nginx_ticks=${nginx#* }
  row "$run" "nginx (1 worker), a file" "$nginx" "$nginx_ticks"
  row "$run" "Hummingbird alone, from memory" "$floor" "$nginx_ticks"
  row "$run" "crash-assistant-server /health/live" "$ours" "$nginx_ticks"
done
echo "(cpu: user and system time of the answering process, nginx's worker; the clients' own CPU is not counted)"
