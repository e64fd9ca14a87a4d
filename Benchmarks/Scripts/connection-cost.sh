#!/usr/bin/env bash
# What one request on a connection of its own costs the server's CPU (a documented measurement, not a test), as a
# crash event and a delivery report each arrive: COUNT (default 10000) GETs, 64 at once, each on a new connection,
# from Python's http.client (as sms-storm.sh's clients), against
#   1. nginx serving a small JSON file (1 worker), the peer;
#   2. Hummingbird alone answering the same bytes from memory (Benchmarks/FrameworkFloor), the framework's floor;
#   3. crash-assistant-server's GET /health/live (no token, no store: the server's edge and routing alone).
# For each: the seconds, and the CPU seconds the server's process(es) used (from /proc), per request in microseconds,
# and the ratio to nginx's. RUNS (default 2) rounds, the three in turn.
# Usage: Benchmarks/Scripts/connection-cost.sh [COUNT]   (from the repository root; release builds, or SERVER_BIN)
set -euo pipefail
cd "$(dirname "$0")/../.."
. Benchmarks/Scripts/nginx-peer.sh
make --no-print-directory deps >&2  # what the build needs (cairo, Pango, the phone-number library…), when missing
count=${1:-10000}
runs=${RUNS:-2}
SWIFT=${SWIFT:-swift}
command -v nginx >/dev/null || scripts/ensure-system-packages.sh cmd:nginx:nginx

if [[ -z "${SERVER_BIN:-}" ]]; then
  "$SWIFT" build -c release --product crash-assistant-server >/dev/null
  "$SWIFT" build -c release --product CrashAssistantPhoneNumbers >/dev/null
  SERVER_BIN="$("$SWIFT" build -c release --show-bin-path)/crash-assistant-server"
fi
"$SWIFT" build -c release --package-path Benchmarks/FrameworkFloor >/dev/null 2>"${TMPDIR:-/tmp}/framework-floor-build.log" \
  || { cat "${TMPDIR:-/tmp}/framework-floor-build.log" >&2; exit 1; }
floor_bin="$("$SWIFT" build -c release --package-path Benchmarks/FrameworkFloor --show-bin-path)/FrameworkFloor"

work=$(mktemp -d)
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

mkdir -p "$work/nginx/www" "$work/data"
printf '{"status":"pass","version":"1.1.0"}' >"$work/nginx/www/live"
nginx_peer_start "$work/nginx"
pids+=("$nginx_pid")

floor_port=$(free_port)
"$floor_bin" "$work/nginx/www/live" "$floor_port" >"$work/floor.log" 2>&1 &
pids+=($!)
floor_pid=$!

# Every request from one address: the per-client connection bound is lifted.
"$SERVER_BIN" serve --host 127.0.0.1 --port 0 --data "$work/data" --log-level error --max-connections-per-client 1024 \
  2>"$work/server.log" &
pids+=($!)
server_pid=$!
for _ in $(seq 1 200); do
  server_port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/server.log" | grep -o '[0-9]*$' || true)
  [[ -n "${server_port:-}" ]] && break
  sleep 0.05
done
[[ -n "${server_port:-}" ]] || { cat "$work/server.log" >&2; exit 1; }
for url in "http://127.0.0.1:$nginx_port/live" "http://127.0.0.1:$floor_port/live" "http://127.0.0.1:$server_port/health/live"; do
  for _ in $(seq 1 100); do curl -sf -o /dev/null "$url" && break; sleep 0.05; done
done

# The CPU seconds (user and system) of the given processes, and for nginx of its workers too.
cpu_of() { local total=0 pid; for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo "$total"; }

# One round against URL, measuring PIDS: prints "seconds cpu_seconds".
measure() {
  local url=$1; shift
  local before after seconds
  before=$(cpu_of "$@")
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
)
  after=$(cpu_of "$@")
  echo "$seconds $(( after - before ))"
}

echo "== $count GETs, 64 at once, each on a connection of its own; CPU of the answering process(es)"
printf "%-4s %-36s %8s %8s %12s %9s\n" run server seconds "cpu s" "cpu µs/req" "× nginx"
for run in $(seq 1 "$runs"); do
  mapfile -t workers < <(pgrep -P "$nginx_pid")
  read -r seconds ticks < <(measure "http://127.0.0.1:$nginx_port/live" "${workers[@]}")
  nginx_ticks=$ticks
  printf "%-4s %-36s %8s %8.2f %12.0f %9.2f\n" "$run" "nginx (1 worker), a file" "$seconds" "$(echo "$ticks/100" | bc -l)" \
    "$(echo "$ticks*10000/$count" | bc -l)" 1
  read -r seconds ticks < <(measure "http://127.0.0.1:$floor_port/live" "$floor_pid")
  printf "%-4s %-36s %8s %8.2f %12.0f %9.2f\n" "$run" "Hummingbird alone, from memory" "$seconds" "$(echo "$ticks/100" | bc -l)" \
    "$(echo "$ticks*10000/$count" | bc -l)" "$(echo "$ticks/$nginx_ticks" | bc -l)"
  read -r seconds ticks < <(measure "http://127.0.0.1:$server_port/health/live" "$server_pid")
  printf "%-4s %-36s %8s %8.2f %12.0f %9.2f\n" "$run" "crash-assistant-server /health/live" "$seconds" "$(echo "$ticks/100" | bc -l)" \
    "$(echo "$ticks*10000/$count" | bc -l)" "$(echo "$ticks/$nginx_ticks" | bc -l)"
done
echo "(cpu: user and system seconds of the answering process, nginx's worker; the clients' own CPU is not counted)"
