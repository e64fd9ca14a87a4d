#!/usr/bin/env bash
# Sync throughput on loopback (a documented measurement, not a test): COUNT (default 100) distinct ~4 MB photos
# sent by `crash-assistant sync` to a fresh server, beside curl uploading the same files to the same endpoint
# (PUT /v1/photos/{sha256}) one after another against another fresh server, in one run. Prints both
# throughputs and their ratio (the goal: sync at least 0.9 × curl). Release builds.
# Usage: Benchmarks/Scripts/sync-upload.sh [COUNT] [ROUNDS]   (run from the repository root)
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-100}
rounds=${2:-3}
SWIFT=${SWIFT:-swift}

. Benchmarks/Scripts/app-photos.sh
app_photos_setup "$count"

pid=""
cleanup() {
  [[ -n "$pid" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Starts a fresh server on PORT (0: any) over folder $1; sets pid and port.
start_server() {
  "$bin/crash-assistant-server" serve --host 127.0.0.1 --port "${2:-0}" --data "$1" --log-level error 2>"$1.log" &
  pid=$!
  port=""
  for _ in $(seq 1 200); do
    port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$1.log" | grep -o '[0-9]*$' || true)
    [[ -n "$port" ]] && break
    sleep 0.05
  done
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }
seconds() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$1" "$2"; }

echo "== $count photos, $((bytes / 1000000)) MB in all; $rounds rounds, each: curl one after another, then sync"
for round in $(seq 1 "$rounds"); do
  # curl: the same files, one PUT after another, to a fresh server (without "Expect: 100-continue": a round
  # trip less for it).
  data="$work/curl-$round"
  token=$("$bin/crash-assistant-server" user add bench --data "$data" 2>/dev/null)
  start_server "$data"
  start=$(date +%s.%N)
  for index in "${!files[@]}"; do
    file=${files[$index]}
    sha=${hashes[$index]}
    curl -sf -o /dev/null -X PUT -H "Expect:" -H "Authorization: Bearer $token" -H "Content-Type: image/jpeg" \
      --data-binary "@$file" "http://127.0.0.1:$port/v1/photos/$sha"
  done
  end=$(date +%s.%N)
  curl_seconds=$(seconds "$start" "$end")
  stop_server

  # The app: the photos added offline (not timed), then one `crash-assistant sync` to a fresh server.
  data="$work/app-$round"
  token=$("$bin/crash-assistant-server" user add bench --data "$data" 2>/dev/null)
  database="$work/app-$round-device/reports.sqlite"
  start_server "$data"
  port_for_app=$port
  stop_server
  options=(--store server --server "http://127.0.0.1:$port_for_app" --token "$token" --database "$database")
  app_photos_keys | "$bin/crash-assistant" "${options[@]}" >/dev/null 2>&1
  start_server "$data" "$port_for_app"
  start=$(date +%s.%N)
  "$bin/crash-assistant" sync "${options[@]}" >"$work/sync.txt"
  end=$(date +%s.%N)
  sync_seconds=$(seconds "$start" "$end")
  stored=$(find "$data/blobs/photo" -type f | wc -l)
  stop_server
  grep -q "Sent: $count photos" "$work/sync.txt" || { echo "sync did not send $count photos:"; cat "$work/sync.txt"; exit 1; }
  [[ "$stored" == "$count" ]] || { echo "the server holds $stored photos, not $count"; exit 1; }

  python3 - "$bytes" "$curl_seconds" "$sync_seconds" "$round" <<'PY'
import sys
size, curl, sync, round_ = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
print(f"round {round_}: curl {curl:6.2f} s ({size / curl / 1e6:6.1f} MB/s)   sync {sync:6.2f} s ({size / sync / 1e6:6.1f} MB/s)   sync/curl = {curl / sync:.2f}")
PY
done
