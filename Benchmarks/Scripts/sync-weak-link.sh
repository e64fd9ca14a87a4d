#!/usr/bin/env bash
# Sync over a weak link (a documented measurement, not a test): COUNT (default 10) distinct ~4 MB photos in a draft,
# sent by `crash-assistant sync` to a fresh server through Benchmarks/Scripts/shaping_proxy.py (UP_KBIT up, default
# 1000 kbit/s; DOWN_KBIT down, default 8000; RTT_MS round trip, default 300 ms); beside it, in the same run, curl
# uploading the same files one after another through the same kind of link to another fresh server, the peer.
# Then the sync again with the link cut every CUT_EVERY seconds (default 45; 0 leaves that phase out), run again
# until it says everything was sent (at most 20 runs), as the app's own sync does after a failure.
# Prints for each: the seconds, the goodput (photo bytes over the time) and its ratio to the link's own rate.
# Usage: Benchmarks/Scripts/sync-weak-link.sh [COUNT]   (from the repository root; release builds)
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-10}
up=${UP_KBIT:-1000}
down=${DOWN_KBIT:-8000}
rtt=${RTT_MS:-300}
cut_every=${CUT_EVERY:-45}
SWIFT=${SWIFT:-swift}

. Benchmarks/Scripts/app-photos.sh
app_photos_setup "$count"

pid=""
proxy_pid=""
cleanup() {
  [[ -n "$proxy_pid" ]] && kill "$proxy_pid" 2>/dev/null && wait "$proxy_pid" 2>/dev/null || true
  [[ -n "$pid" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A server over folder $1 (its log beside it) on port $2 (default: any); sets pid and port.
start_server() {
  "$bin/crash-assistant-server" serve --host 127.0.0.1 --port "${2:-0}" --data "$1" --log-level error 2>>"$1.log" &
  pid=$!
  port=""
  for _ in $(seq 1 200); do
    port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$1.log" | tail -1 | grep -o '[0-9]*$' || true)
    [[ -n "$port" ]] && break
    sleep 0.05
  done
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# The shaping proxy in front of $port, cutting every $1 seconds (0: never); sets proxy_port.
start_proxy() {
  python3 Benchmarks/Scripts/shaping_proxy.py "$port" --up-kbit "$up" --down-kbit "$down" --rtt-ms "$rtt" --cut-every "$1" \
    >"$work/proxy.out" 2>"$work/proxy.err" &
  proxy_pid=$!
  proxy_port=""
  for _ in $(seq 1 100); do
    proxy_port=$(grep -o '[0-9]*$' "$work/proxy.out" 2>/dev/null || true)
    [[ -n "$proxy_port" ]] && break
    sleep 0.05
  done
}
stop_proxy() { kill "$proxy_pid"; wait "$proxy_pid" 2>/dev/null || true; proxy_pid=""; }

# Prints "<label>: S s, goodput K kbit/s = R × the link's"
report() {
  python3 - "$1" "$2" "$bytes" "$up" <<'PY'
import sys
label, seconds, size, rate = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
goodput = size * 8 / seconds / 1000
print(f"{label:<34} {seconds:8.1f} s   goodput {goodput:7.0f} kbit/s = {goodput / rate:.2f} × the link's")
PY
}

link_seconds=$(python3 -c "import sys; print(f'{int(sys.argv[1]) * 8 / (float(sys.argv[2]) * 1000):.1f}')" "$bytes" "$up")
echo "== $count photos, $((bytes / 1000)) kB in all; link: $up kbit/s up, $down down, $rtt ms round trip; the photo bytes alone take $link_seconds s on it"

# curl: the same files, one PUT after another (without "Expect: 100-continue": a round trip less for it).
data="$work/curl"
token=$("$bin/crash-assistant-server" user add bench --data "$data" 2>/dev/null)
start_server "$data"
start_proxy 0
start=$(date +%s.%N)
for index in "${!files[@]}"; do
  curl -sf -o /dev/null -X PUT -H "Expect:" -H "Authorization: Bearer $token" -H "Content-Type: image/jpeg" \
    --data-binary "@${files[$index]}" "http://127.0.0.1:$proxy_port/v1/photos/${hashes[$index]}"
done
end=$(date +%s.%N)
stop_proxy
stop_server
report "curl, one after another" "$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$start" "$end")"

# The app: the photos added to a draft offline (not timed), then `crash-assistant sync` through the link.
sync_phase() {
  local label=$1 cuts=$2 name=$3 runs=0 data database options
  data="$work/$name"
  database="$work/$name-device/reports.sqlite"
  token=$("$bin/crash-assistant-server" user add bench --data "$data" 2>/dev/null)
  # The server's port is learnt, then the server stopped while the photos are added (the app keeps them for later).
  start_server "$data"
  local server_port=$port
  stop_server
  start_proxy "$cuts"
  options=(--store server --server "http://127.0.0.1:$proxy_port" --token "$token" --database "$database")
  app_photos_keys | "$bin/crash-assistant" "${options[@]}" >/dev/null 2>&1
  start_server "$data" "$server_port"
  start=$(date +%s.%N)
  until "$bin/crash-assistant" sync "${options[@]}" >>"$work/$name-sync.txt" 2>&1 \
      && [[ $(find "$data/blobs/photo" -type f | wc -l) -ge $count ]]; do
    runs=$((runs + 1))
    (( runs < 20 )) || { echo "$label: not everything was sent in 20 runs:"; tail -5 "$work/$name-sync.txt"; break; }
  done
  end=$(date +%s.%N)
  stop_proxy
  echo "  proxy: $(cat "$work/proxy.err"); sync runs after the first: $runs; photos on the server: $(find "$data/blobs/photo" -type f | wc -l) of $count"
  grep '^crash-assistant: ' "$work/$name-sync.txt" | sort | uniq -c | sed 's/^/  sync said: /' || true
  stop_server
  report "$label" "$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$start" "$end")"
}

sync_phase "crash-assistant sync" 0 app
if [[ "$cut_every" != 0 ]]; then
  sync_phase "sync, the link cut every ${cut_every} s" "$cut_every" app-cut
fi
